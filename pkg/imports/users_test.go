package imports_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/imports"
)

// uploadUsers posts the form of POST /api/upload/user and waits for its job to end.
func (s *server) uploadUsers(t *testing.T, token, name string, body []byte, sendEmail string) (apitest.Response, jobView) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("createBy", "D0005")
	_ = mw.WriteField("sendEmail", sendEmail)
	w, _ := mw.CreateFormFile("file", name)
	_, _ = w.Write(body)
	_ = mw.Close()
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/upload/user", Token: token, Lang: "en", Body: &buf,
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
	if res.Status != http.StatusOK {
		return res, jobView{}
	}
	var j jobView
	res.Into(t, &j)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		poll := s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: token, Lang: "en"})
		poll.Into(t, &j)
		if j.Status == imports.Done || j.Status == imports.Failed {
			return res, j
		}
	}
	t.Fatalf("user import %s did not end", j.ID)
	return res, j
}

func TestUserImportThroughTheWorker(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	sam := s.SignIn("superadmin@samrap.local").Access
	for _, name := range []string{"users.xls", "users.xlsx"} {
		body, err := os.ReadFile(filepath.Join("..", "users", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		_, j := s.uploadUsers(t, sam, name, body, "true")
		if name == "users.xls" {
			if j.Status != imports.Done || j.Added != 2 || j.Skipped != 5 || j.TotalRows != 7 || j.FailedURL == "" || !j.SendEmail {
				t.Fatalf("%s: %+v", name, j)
			}
			rows := readRows(t, s.download(t, j.FailedURL))
			if len(rows) != 6 || !strings.HasPrefix(rows[1][8], "3: ") || rows[1][0] != "E2002" {
				t.Fatalf("failed rows: %q", rows)
			}
			waitMail(t, s, "malee@hospital.example")
			waitMail(t, s, "somsri@hospital.example")
			var invited int
			for deadline := time.Now().Add(5 * time.Second); invited != 2 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				var again jobView
				s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: sam}).Into(t, &again)
				invited = again.Invited
			}
			if invited != 2 {
				t.Fatalf("the job does not count the invitations sent: %d", invited)
			}
		} else if j.Added != 0 || j.Skipped != 7 { // the same people again: all refused
			t.Fatalf("%s again: %+v", name, j)
		}
	}
	// A Nutritionist does not see a user import, nor upload one.
	_, j := s.uploadUsers(t, sam, "users.xlsx", mustRead(t, "users.xlsx"), "false")
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: s.nutri}); res.Status != 404 {
		t.Fatalf("nutritionist reading a user job: %d", res.Status)
	}
	if res, _ := s.uploadUsers(t, s.nutri, "users.xlsx", mustRead(t, "users.xlsx"), "false"); res.Status != 403 {
		t.Fatalf("nutritionist uploading users: %d", res.Status)
	}
	if res, _ := s.uploadUsers(t, sam, "users.csv", []byte("a,b"), "false"); res.Status != 422 || !strings.Contains(res.Fields()["file"], ".xls") {
		t.Fatalf("csv: %d %s", res.Status, res.Body)
	}
	if _, j := s.uploadUsers(t, sam, "fake.xls", []byte("not a spreadsheet at all"), "false"); j.Status != imports.Failed || j.Error == "" {
		t.Fatalf("a text file named .xls: %+v", j)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "users", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func waitMail(t *testing.T, s *server, to string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if len(s.Mail(to)) > 0 {
			return
		}
	}
	t.Fatalf("no invitation to %s", to)
}
