package patients_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/files"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/patients"
	"samrap/pkg/queue"
)

type jobView struct {
	imports.Job
	Error     string `json:"error"`
	FailedURL string `json:"failedUrl"`
}

// importServer is the API with import-worker behind the local S3 → SQS stand-in.
func importServer(t *testing.T) fixture {
	t.Helper()
	f := newFixture(t)
	q := queue.NewMemory(files.ImportWorker(f.s.Env), queue.MemoryConfig{Name: "imports", Backoff: 10 * time.Millisecond})
	t.Cleanup(func() { _ = q.Close() })
	f.s.Env.Disk.OnPut("uploads/", queue.S3Notifier(q, "samrap-local-uploads"))
	return f
}

// upload posts the form of POST /api/upload/patientData and, when it is taken, waits for
// its job to end.
func (f fixture) upload(t *testing.T, token, branch, name string, body []byte) (apitest.Response, jobView) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("branchCode", branch)
	_ = mw.WriteField("createBy", "D0001")
	w, _ := mw.CreateFormFile("file", name)
	_, _ = w.Write(body)
	_ = mw.Close()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/upload/patientData", Token: token, Lang: "en", Body: &buf,
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
	if res.Status != http.StatusOK {
		return res, jobView{}
	}
	var j jobView
	res.Into(t, &j)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		f.s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: token, Lang: "en"}).Into(t, &j)
		if j.Status == imports.Done || j.Status == imports.Failed {
			return res, j
		}
	}
	t.Fatalf("patient import %s did not end", j.ID)
	return res, j
}

func fixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readRows(t *testing.T, body []byte) [][]string {
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

// A workbook written by another library: adds and updates, never deletes; the bad rows of
// issue 12 come back with their reasons; nothing else is written.
func TestImport(t *testing.T) {
	t.Parallel()
	f := importServer(t)
	before := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01'`)
	_, j := f.upload(t, f.controller, "SRP01", "patients.xlsx", fixtureFile(t, "patients.xlsx"))
	if j.Status != imports.Done || j.Added != 1 || j.Updated != 1 || j.Skipped != 9 || j.TotalRows != 11 || j.FailedURL == "" {
		t.Fatalf("job: %+v", j)
	}
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01'`); n != before+1 {
		t.Fatalf("patients %d, want %d", n, before+1)
	}
	added := f.get(t, "HNX001")
	if added.FirstNameTh != "บุญส่ง" || added.Gender != "male" || *added.Birthday != "1957-01-01" || *added.AdmitDate != "2026-03-01" ||
		*added.PlannedDischargeDate != "2026-03-09" || added.Room.Code != "301-1" || added.Ward.Code != "W01" ||
		added.DietType.Code != "DT02" || len(added.Therapeutics) != 2 || len(added.Allergens) != 1 || added.Allergens[0].Code != "AL01" ||
		!slices.Equal(added.UnmappedAllergies, []string{"ถั่วเหลือง"}) || *added.TextureFood != 4 ||
		added.NpoFrom.In(time.FixedZone("", 7*3600)).Format("2006-01-02 15:04") != "2026-03-02 00:00" ||
		added.LastImportSource != "excel" || added.LastImportAt == nil || added.UpdatedBy != "D0001" {
		t.Fatalf("added: %+v", added)
	}
	moved := f.get(t, "SRP01-HN10002")
	if moved.Room.Code != "301-2" || moved.PreviousRoom.Code != "W01-02" || moved.Gender != "female" || moved.Diagnosis != "ไข้เลือดออก (ย้ายเตียง)" ||
		moved.PlannedDischargeDate != nil || moved.Version != 2 {
		t.Fatalf("updated: %+v", moved)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND changed_by = 'D0001'`); n != 2 {
		t.Fatalf("change log rows %d, want 2", n)
	}
	u, err := url.Parse(j.FailedURL)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	f.s.Env.Disk.Handler().ServeHTTP(w, httptest.NewRequest("GET", u.RequestURI(), nil))
	if w.Code != http.StatusOK {
		t.Fatalf("failed rows: %d", w.Code)
	}
	rows := readRows(t, w.Body.Bytes())
	reason := func(col, key string) string { return col + ": " + i18n.T(i18n.EN, key) }
	want := [][2]string{
		{"6", reason("HN", "field.required")},
		{"7", reason("HN", "patients.hnRepeated")},
		{"8", reason("Ward code", "patients.codeNotFound")},
		{"9", reason("Planned discharge date (YYYY-MM-DD)", "patients.dischargeBeforeAdmit")},
		{"10", reason("Room/bed code", "patients.roomTaken")},
		{"11", reason("IDDSI food level (3–7)", "patients.textureFoodInvalid")},
		{"12", reason("Food type code", "patients.codeNotFound")},
		{"13", reason("NPO until (YYYY-MM-DD HH:MM)", "patients.endBeforeStart")},
		{"14", reason("Room/bed code", "patients.roomTaken")},
	}
	if len(rows) != len(want)+1 {
		t.Fatalf("failed rows: %q", rows)
	}
	for i, w := range want {
		r := rows[i+1]
		if r[0] != w[0] || r[len(r)-1] != w[1] {
			t.Errorf("failed row %d: %q, want %q", i+1, r, w)
		}
	}

	// the same file again: the good rows are unchanged now
	_, again := f.upload(t, f.controller, "SRP01", "patients.xlsx", fixtureFile(t, "patients.xlsx"))
	if again.Added != 0 || again.Updated != 0 || again.Unchanged != 2 || again.Skipped != 9 {
		t.Fatalf("again: %+v", again)
	}
	// columns left out keep what is stored
	stored := f.get(t, "SRP01-HN10004")
	_, j = f.upload(t, f.controller, "SRP01", "diagnosis.xlsx", fixtureFile(t, "patients_diagnosis.xlsx"))
	if j.Status != imports.Done || j.Unchanged != 1 || j.Updated != 1 || j.Skipped != 1 {
		t.Fatalf("two columns: %+v", j)
	}
	now := f.get(t, "SRP01-HN10004")
	if now.Diagnosis != "ไข้หวัดใหญ่" || now.Room.Code != stored.Room.Code || now.FirstNameTh != stored.FirstNameTh ||
		len(now.Allergens) != len(stored.Allergens) || *now.Birthday != *stored.Birthday {
		t.Fatalf("a two-column update changed more: %+v", now)
	}

	// who may upload, and what
	taker := f.s.TokenAs("ordertaker@samrap.local", "SRP01", "BOD")
	if res, _ := f.upload(t, taker, "SRP01", "patients.xlsx", fixtureFile(t, "patients.xlsx")); res.Status != 403 {
		t.Fatalf("order taker upload: %d", res.Status)
	}
	if res, _ := f.upload(t, f.controller, "SRP02", "patients.xlsx", fixtureFile(t, "patients.xlsx")); res.Status != 403 {
		t.Fatalf("another branch's upload: %d", res.Status)
	}
	if res, _ := f.upload(t, f.controller, "SRP01", "patients.csv", []byte("HN\nX1\n")); res.Status != 422 {
		t.Fatalf("csv: %d", res.Status)
	}
	if _, j := f.upload(t, f.controller, "SRP01", "fake.xlsx", []byte("HN,Name\nX1,ก\n")); j.Status != imports.Failed || !strings.Contains(j.Error, "not a valid Excel") {
		t.Fatalf("a text file named .xlsx: %+v", j)
	}
	// the template imports: its example row is valid
	tpl := f.s.Download(f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/templatePatient?branchCode=SRP01", Token: f.controller})).Body
	if _, j := f.upload(t, f.controller, "SRP01", "template.xlsx", tpl); j.Status != imports.Done || j.Added != 1 || j.Skipped != 0 {
		t.Fatalf("the template: %+v", j)
	}
	if p := f.get(t, "HN6900123"); p.Room.Code != "501-1" || len(p.UnmappedAllergies) != 1 {
		t.Fatalf("the template's patient: %+v", p)
	}
	_ = patients.ImportType
}
