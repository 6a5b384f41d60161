package files_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/params"
)

// Without a worker behind the uploads store: what the upload API itself does.
func TestUpload(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	nutri := s.SignIn("nutritionist@samrap.local").Access
	taker := s.SignIn("ordertaker@samrap.local").Access
	x, err := os.ReadFile(filepath.Join("..", "imports", "pipeline", "testdata", "diet_types.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	form := map[string]string{"branchCode": "SRP01", "createBy": "D0004", "type": "DietType"}

	// 200: the file is stored under its job's key, the job is queued.
	res := s.Upload("/api/upload/masterData", nutri, "th", form, apitest.Part{Field: "file", Name: `C:\เอกสาร\ประเภท อาหาร.xlsx`, Body: x})
	if res.Status != http.StatusOK || res.Msg != "ได้รับไฟล์แล้ว กำลังนำเข้าข้อมูล" {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	var job imports.Job
	res.Into(t, &job)
	if job.Status != imports.Queued || job.FileName != "ประเภท อาหาร.xlsx" || job.Type != "DietType" || job.CreatedBy != "D0004" {
		t.Fatalf("job %+v", job)
	}
	obj, err := s.Env.Uploads.Get(context.Background(), imports.UploadKey("SRP01", "DietType", job.ID, "ประเภท อาหาร.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := io.ReadAll(obj)
	_ = obj.Close()
	if !bytes.Equal(stored, x) {
		t.Fatal("the stored upload differs from the file sent")
	}
	res = s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + job.ID, Token: nutri})
	if res.Status != 200 || !strings.Contains(string(res.Body), `"status":"QUEUED"`) || strings.Contains(string(res.Body), "failedUrl") {
		t.Fatalf("job status: %d %s", res.Status, res.Body)
	}
	other := s.TokenAs("multi@samrap.local", "SRP02", "BNT")
	for _, id := range []string{job.ID, "not-a-uuid", "00000000-0000-4000-8000-000000000000"} {
		if res := s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + id, Token: other}); res.Status != 404 {
			t.Fatalf("job %s from SRP02: %d", id, res.Status)
		}
	}

	// Refused at the door, with their messages; no job, nothing stored.
	cases := []struct {
		name   string
		token  string
		lang   string
		form   map[string]string
		parts  []apitest.Part
		status int
		msg    string
	}{
		{"csv", nutri, "en", form, []apitest.Part{{Field: "file", Name: "diet.csv", Body: x}}, 422, "not supported"},
		{"xls in Thai", nutri, "th", form, []apitest.Part{{Field: "file", Name: "diet.xls", Body: x}}, 422, "ไม่รองรับรูปแบบไฟล์นี้"},
		{"no extension", nutri, "en", form, []apitest.Part{{Field: "file", Name: "diet", Body: x}}, 422, "not supported"},
		{"empty", nutri, "en", form, []apitest.Part{{Field: "file", Name: "diet.xlsx", Body: nil}}, 422, "empty"},
		{"two files", nutri, "en", form, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}, {Field: "file", Name: "b.xlsx", Body: x}}, 422, "one file"},
		{"two fields", nutri, "en", form, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}, {Field: "other", Name: "b.xlsx", Body: x}}, 422, "one file"},
		{"no file", nutri, "en", form, nil, 422, "choose a file"},
		{"oversize", nutri, "en", form, []apitest.Part{{Field: "file", Name: "big.xlsx", Body: bytes.Repeat([]byte("x"), pipeline.MaxFileSize+1)}}, 413, "too large"},
		{"unknown type", nutri, "en", map[string]string{"branchCode": "SRP01", "type": "Nope"}, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 422, "Unknown master data type"},
		{"no branch", nutri, "en", map[string]string{"type": "DietType"}, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 422, "branchCode"},
		{"order taker", taker, "en", form, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 403, ""},
		{"other branch", nutri, "en", map[string]string{"branchCode": "SRP02", "type": "DietType"}, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 403, ""},
		// Hostile text never reaches PostgreSQL (issue 18 §5): 422 naming the field.
		{"NUL in the file name: no multipart form", nutri, "en", form, []apitest.Part{{Field: "file", Name: "diet\x00.xlsx", Body: x}}, 400, "BAD_REQUEST"},
		{"invalid UTF-8 file name", nutri, "en", form, []apitest.Part{{Field: "file", Name: "diet\xff\xfe.xlsx", Body: x}}, 422, `"file"`},
		{"NUL in a field", nutri, "en", map[string]string{"branchCode": "SRP01", "type": "DietType", "createBy": "a\x00b"}, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 422, `"createBy"`},
		{"invalid UTF-8 branch", nutri, "en", map[string]string{"branchCode": "\xff", "type": "DietType"}, []apitest.Part{{Field: "file", Name: "a.xlsx", Body: x}}, 422, `"branchCode"`},
	}
	for _, c := range cases {
		res := s.Upload("/api/upload/masterData", c.token, c.lang, c.form, c.parts...)
		if res.Status != c.status || !strings.Contains(string(res.Body), c.msg) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if n := s.Count(`SELECT count(*) FROM import_job`); n != 1 {
		t.Fatalf("refused uploads created %d jobs", n-1)
	}
	// Not a multipart form at all: malformed.
	if res := s.Do(apitest.Request{Method: "POST", Path: "/api/upload/masterData", Token: nutri, JSON: form}); res.Status != 400 {
		t.Fatalf("json body: %d", res.Status)
	}
}

func TestDownloadMasterData(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	nutri := s.SignIn("nutritionist@samrap.local").Access
	get := func(token, query string) apitest.Response {
		return s.Do(apitest.Request{Method: "GET", Path: "/api/download/masterDataType?" + query, Token: token, Lang: "en"})
	}
	file := s.Download(get(nutri, "branchCode=SRP01&type=Therapetic"))
	if file.FileName != "Therapeutic_SRP01.xlsx" || !strings.Contains(file.URL, "/exports/SRP01/master-data/") ||
		file.Header.Get("Content-Type") != pipeline.XLSX ||
		!strings.Contains(file.Header.Get("Content-Disposition"), "Therapeutic_SRP01.xlsx") || !bytes.HasPrefix(file.Body, []byte("PK")) {
		t.Fatalf("export: %+v %v", file.Link, file.Header)
	}
	if rows := apitest.SheetRows(t, file.Body); len(rows) < 2 {
		t.Fatalf("export rows: %q", rows)
	}
	if _, err := s.DB.Exec(context.Background(), `DELETE FROM remark WHERE branch_code = 'SRP01'`); err != nil {
		t.Fatal(err)
	}
	if res := get(nutri, "branchCode=SRP01&type=Remark"); res.Status != http.StatusNoContent || len(res.Body) != 0 {
		t.Fatalf("nothing to export: %d", res.Status)
	}
	// The template: the kind's header row only, for a list with rows or without, never 204.
	for _, c := range []struct{ query, kind string }{
		{"branchCode=SRP01&type=Remark&template=true", "Remark"},
		{"branchCode=SRP01&type=MealTime&template=1", "MealTime"},
	} {
		res := s.Download(get(nutri, c.query))
		if res.FileName != c.kind+"_SRP01_template.xlsx" || res.Header.Get("Content-Type") != pipeline.XLSX ||
			!strings.Contains(res.Header.Get("Content-Disposition"), c.kind+"_SRP01_template.xlsx") {
			t.Fatalf("template %s: %+v %v", c.query, res.Link, res.Header)
		}
		k, _ := params.KindOf(c.kind)
		var want []string
		for _, col := range params.Columns(k) {
			want = append(want, col.Header())
		}
		rows := apitest.SheetRows(t, res.Body)
		if len(rows) != 1 || strings.Join(rows[0], "|") != strings.Join(want, "|") {
			t.Fatalf("template %s rows %q, want the headers %q", c.query, rows, want)
		}
	}
	if res := get(nutri, "branchCode=SRP01&type=Remark&template=false"); res.Status != http.StatusNoContent {
		t.Fatalf("template=false of an empty list: %d", res.Status)
	}
	if res := get(nutri, "branchCode=SRP01&type=Remark&template=maybe"); res.Status != http.StatusBadRequest {
		t.Fatalf("template=maybe: %d", res.Status)
	}
	if res := get(nutri, "branchCode=SRP02&type=Remark&template=true"); res.Status != 403 {
		t.Fatalf("another branch's template: %d", res.Status)
	}
	if res := get(nutri, "branchCode=SRP01&type=Nope"); res.Status != 422 {
		t.Fatalf("unknown type: %d", res.Status)
	}
	if res := get(nutri, "branchCode=SRP02&type=DietType"); res.Status != 403 {
		t.Fatalf("another branch: %d", res.Status)
	}
	if res := get(s.SignIn("controller@samrap.local").Access, "branchCode=SRP01&type=DietType"); res.Status != 403 {
		t.Fatalf("controller: %d", res.Status)
	}
}
