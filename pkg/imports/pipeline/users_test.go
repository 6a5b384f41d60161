package pipeline_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
)

// uploadUsers posts the form of POST /api/upload/user and waits for its job to end.
func (s *server) uploadUsers(t *testing.T, token, name string, body []byte, sendEmail string) (apitest.Response, apitest.Job) {
	t.Helper()
	res := s.Upload("/api/upload/user", token, "en", map[string]string{"createBy": "D0005", "sendEmail": sendEmail},
		apitest.Part{Field: "file", Name: name, Body: body})
	if res.Status != http.StatusOK {
		return res, apitest.Job{}
	}
	var j apitest.Job
	res.Into(t, &j)
	return res, s.WaitJob(token, j.ID, "en")
}

func TestUserImportThroughTheWorker(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	sam := s.SignIn("superadmin@samrap.local").Access
	for _, name := range []string{"users.xls", "users.xlsx"} {
		body, err := os.ReadFile(filepath.Join("..", "..", "users", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		_, j := s.uploadUsers(t, sam, name, body, "true")
		if name == "users.xls" {
			if j.Status != imports.Done || j.Added != 2 || j.Skipped != 5 || j.TotalRows != 7 || j.FailedURL == "" || !j.SendEmail {
				t.Fatalf("%s: %+v", name, j)
			}
			// Thai text read as written; the pairs and the change log of the accounts added.
			if n := s.Count(`SELECT count(*) FROM app_user WHERE email = 'malee@hospital.example' AND first_name_th = 'มาลี' AND note = 'ครัวชั้น 2'`); n != 1 {
				t.Fatal("malee's Thai name or note not stored as written")
			}
			if n := s.Count(`SELECT count(*) FROM user_permission p JOIN app_user u ON u.id = p.user_id WHERE u.email = 'somsri@hospital.example'`); n != 2 {
				t.Fatalf("somsri's pairs: %d", n)
			}
			if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'app_user' AND action = 'create'`); n != 2 {
				t.Fatalf("change log: %d", n)
			}
			// The failed rows: row number, the cells as written, the reason naming its column.
			rows := apitest.SheetRows(t, s.Fetch(j.FailedURL))
			if len(rows) != 6 || rows[0][0] != "แถวที่ / Row" || rows[0][1] != "รหัสพนักงาน / Employee code" || rows[0][9] != "เหตุผล / Reason" {
				t.Fatalf("failed rows header: %q", rows)
			}
			want := [][3]string{{"3", "E2002", "E-mail: " + i18n.T(i18n.EN, "field.emailRequired")},
				{"4", "E2003", "E-mail: " + i18n.T(i18n.EN, "users.duplicateEmail")},
				{"5", "E2004", "E-mail: " + i18n.T(i18n.EN, "users.duplicateEmail")},
				{"6", "E2005", "Permissions (branch:role): " + i18n.T(i18n.EN, "users.unknownPair")},
				{"9", "D0001", "Employee code: " + i18n.T(i18n.EN, "users.duplicateEmployeeCode")}}
			for i, w := range want {
				if r := rows[i+1]; r[0] != w[0] || r[1] != w[1] || r[9] != w[2] {
					t.Errorf("failed row %d: %q, want %q", i+1, r, w)
				}
			}
			waitMail(t, s, "malee@hospital.example")
			waitMail(t, s, "somsri@hospital.example")
			var invited int
			for deadline := time.Now().Add(5 * time.Second); invited != 2 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				var again apitest.Job
				s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: sam}).Into(t, &again)
				invited = again.Invited
			}
			if invited != 2 {
				t.Fatalf("the job does not count the invitations sent: %d", invited)
			}
		} else if j.Added != 0 || j.Skipped != 7 || j.TotalRows != 7 { // the same people again: all refused
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
	for _, name := range []string{"fake.xls", "fake.xlsx"} {
		if _, j := s.uploadUsers(t, sam, name, []byte("employeeCode,email\nE1,a@b.c\n"), "false"); j.Status != imports.Failed || !strings.Contains(j.Error, "not a valid Excel") {
			t.Fatalf("a text file named %s: %+v", name, j)
		}
	}
}

// The limits of a user import are the pipeline's: a header without rows and 1,001 rows
// refuse the file and add nobody; 1,000 rows are added.
func TestUserImportLimits(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	sam := s.SignIn("superadmin@samrap.local").Access
	sheet := func(n int) []byte {
		f := excelize.NewFile()
		defer f.Close()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Employee code", "ชื่อ (ไทย)", "นามสกุล (ไทย)", "firstNameEn", "lastNameEn", "อีเมล / E-mail", "Permissions (branch:role)", "Note"})
		for i := range n {
			cell, _ := excelize.CoordinatesToCellName(1, i+2)
			_ = f.SetSheetRow("Sheet1", cell, &[]any{fmt.Sprintf("B%04d", i), "ชื่อ", "สกุล", "", "", fmt.Sprintf("bulk%d@hospital.example", i), "SRP01:BOD", ""})
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for _, c := range []struct {
		rows int
		msg  string
	}{{0, "no data rows"}, {1001, "more than 1,000 rows"}} {
		if _, j := s.uploadUsers(t, sam, "bulk.xlsx", sheet(c.rows), "false"); j.Status != imports.Failed || !strings.Contains(j.Error, c.msg) {
			t.Fatalf("%d rows: %+v", c.rows, j)
		}
	}
	if n := s.Count(`SELECT count(*) FROM app_user WHERE email LIKE 'bulk%'`); n != 0 {
		t.Fatalf("a refused file added %d accounts", n)
	}
	if _, j := s.uploadUsers(t, sam, "bulk.xlsx", sheet(1000), "false"); j.Status != imports.Done || j.Added != 1000 || j.Skipped != 0 {
		t.Fatalf("1,000 rows: %+v", j)
	}
	if n := s.Count(`SELECT count(*) FROM app_user WHERE email LIKE 'bulk%'`); n != 1000 {
		t.Fatalf("1,000 rows stored %d accounts", n)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "users", "testdata", name))
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
