package apitest

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/files"
	"samrap/pkg/imports"
	"samrap/pkg/queue"
)

// What the tests of uploads, imports and workbooks share.

// Part is a file of a multipart form.
type Part struct {
	Field, Name string
	Body        []byte
}

// Upload posts a multipart form to path: the fields of form, then the parts.
func (s *Server) Upload(path, token, lang string, form map[string]string, parts ...Part) Response {
	s.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range form {
		_ = mw.WriteField(k, v)
	}
	for _, p := range parts {
		w, err := mw.CreateFormFile(p.Field, p.Name)
		if err != nil {
			s.t.Fatal(err)
		}
		_, _ = w.Write(p.Body)
	}
	_ = mw.Close()
	return s.Do(Request{Method: "POST", Path: path, Token: token, Lang: lang, Body: &buf,
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// Job is an import job as GET /api/upload/jobs/{id} answers it.
type Job struct {
	imports.Job
	Error     string `json:"error"`
	FailedURL string `json:"failedUrl"`
}

// ImportWorker runs import-worker behind the local S3 → SQS stand-in: a put under uploads/
// notifies an in-process queue, closed when the test ends.
func (s *Server) ImportWorker() *queue.Memory {
	q := queue.NewMemory(files.ImportWorker(s.Env), queue.MemoryConfig{Name: "imports", Backoff: 10 * time.Millisecond})
	s.t.Cleanup(func() { _ = q.Close() })
	s.Env.Disk.OnPut("uploads/", queue.S3Notifier(q, "samrap-local-uploads"))
	return q
}

// WaitJob follows the import job id until it ends (done or failed), 20 seconds at most.
func (s *Server) WaitJob(token, id, lang string) Job {
	s.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		res := s.Do(Request{Method: "GET", Path: "/api/upload/jobs/" + id, Token: token, Lang: lang})
		if res.Status != http.StatusOK {
			s.t.Fatalf("job %s: %d %s", id, res.Status, res.Body)
		}
		var j Job
		res.Into(s.t, &j)
		if j.Status == imports.Done || j.Status == imports.Failed {
			return j
		}
	}
	s.t.Fatalf("job %s did not end", id)
	return Job{}
}

// Fetch follows a signed link (a download, a job's failed rows) through the disk stand-in,
// as the browser does, and answers the file.
func (s *Server) Fetch(link string) []byte {
	s.t.Helper()
	return s.fetch(link).Body.Bytes()
}

func (s *Server) fetch(link string) *httptest.ResponseRecorder {
	s.t.Helper()
	u, err := url.Parse(link)
	if link == "" || err != nil {
		s.t.Fatalf("no link to follow: %q %v", link, err)
	}
	w := httptest.NewRecorder()
	s.Env.Disk.Handler().ServeHTTP(w, httptest.NewRequest("GET", u.RequestURI(), nil))
	if w.Code != http.StatusOK {
		s.t.Fatalf("GET %s: %d %s", link, w.Code, w.Body)
	}
	return w
}

// Testdata reads a file of the test's testdata folder.
func Testdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// SheetRows reads the first sheet of a workbook.
func SheetRows(t testing.TB, body []byte) [][]string {
	t.Helper()
	x, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(x.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
