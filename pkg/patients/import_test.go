package patients_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/patients"
)

// importServer is the API with import-worker behind the local S3 → SQS stand-in.
func importServer(t *testing.T) fixture {
	t.Helper()
	f := newFixture(t)
	f.s.ImportWorker()
	return f
}

// upload posts the form of POST /api/upload/patientData and, when it is taken, waits for
// its job to end.
func (f fixture) upload(t *testing.T, token, branch, name string, body []byte) (apitest.Response, apitest.Job) {
	t.Helper()
	res := f.s.Upload("/api/upload/patientData", token, "en", map[string]string{"branchCode": branch, "createBy": "D0001"},
		apitest.Part{Field: "file", Name: name, Body: body})
	if res.Status != http.StatusOK {
		return res, apitest.Job{}
	}
	var j apitest.Job
	res.Into(t, &j)
	return res, f.s.WaitJob(token, j.ID, "en")
}

// A workbook written by another library: adds and updates, never deletes; the bad rows of
// issue 12 come back with their reasons; nothing else is written.
func TestImport(t *testing.T) {
	t.Parallel()
	f := importServer(t)
	before := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01'`)
	_, j := f.upload(t, f.controller, "SRP01", "patients.xlsx", apitest.Testdata(t, "patients.xlsx"))
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
	rows := apitest.SheetRows(t, f.s.Fetch(j.FailedURL))
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
	_, again := f.upload(t, f.controller, "SRP01", "patients.xlsx", apitest.Testdata(t, "patients.xlsx"))
	if again.Added != 0 || again.Updated != 0 || again.Unchanged != 2 || again.Skipped != 9 {
		t.Fatalf("again: %+v", again)
	}
	// columns left out keep what is stored
	stored := f.get(t, "SRP01-HN10004")
	_, j = f.upload(t, f.controller, "SRP01", "diagnosis.xlsx", apitest.Testdata(t, "patients_diagnosis.xlsx"))
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
	if res, _ := f.upload(t, taker, "SRP01", "patients.xlsx", apitest.Testdata(t, "patients.xlsx")); res.Status != 403 {
		t.Fatalf("order taker upload: %d", res.Status)
	}
	if res, _ := f.upload(t, f.controller, "SRP02", "patients.xlsx", apitest.Testdata(t, "patients.xlsx")); res.Status != 403 {
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
