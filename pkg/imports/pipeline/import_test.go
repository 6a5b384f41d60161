package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/events"
	"samrap/events/samples"
	"samrap/pkg/apitest"
	"samrap/pkg/files"
	"samrap/pkg/imports"
	"samrap/pkg/imports/pipeline"
	"samrap/pkg/params"
)

type server struct {
	*apitest.Server
	nutri string
}

// newServer is the params and files APIs with import-worker behind the local S3 → SQS
// stand-in (a put under uploads/ notifies an in-process queue).
func newServer(t testing.TB) *server {
	t.Helper()
	s := apitest.New(t)
	s.ImportWorker()
	return &server{Server: s, nutri: s.SignIn("nutritionist@samrap.local").Access}
}

// importFile uploads a file as kind and waits for its job to end.
func (s *server) importFile(t testing.TB, kind, name string, body []byte, lang string) apitest.Job {
	t.Helper()
	res := s.Upload("/api/upload/masterData", s.nutri, lang, map[string]string{"branchCode": "SRP01", "createBy": "D0004", "type": kind},
		apitest.Part{Field: "file", Name: name, Body: body})
	if res.Status != http.StatusOK {
		t.Fatalf("upload %s: %d %s", name, res.Status, res.Body)
	}
	var j apitest.Job
	res.Into(t, &j)
	if j.Status != imports.Queued && j.Status != imports.Running && j.Status != imports.Done {
		t.Fatalf("job answered %+v", j)
	}
	return s.WaitJob(s.nutri, j.ID, lang)
}

func counts(j apitest.Job) string {
	return fmt.Sprintf("added=%d updated=%d deleted=%d unchanged=%d skipped=%d total=%d",
		j.Added, j.Updated, j.Deleted, j.Unchanged, j.Skipped, j.TotalRows)
}

func TestImportDietTypes(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	body := apitest.Testdata(t, "diet_types.xlsx")
	j := s.importFile(t, "DietType", "ประเภทอาหาร.xlsx", body, "th")
	if j.Status != imports.Done || counts(j) != "added=2 updated=1 deleted=1 unchanged=0 skipped=4 total=8" {
		t.Fatalf("first import: %s %+v", counts(j), j)
	}
	var nameTh, remark string
	var active bool
	if err := s.DB.QueryRow(t.Context(), `SELECT name_th, remark, active FROM diet_type WHERE branch_code = 'SRP01' AND code = 'FX01'`).Scan(&nameTh, &remark, &active); err != nil {
		t.Fatal(err)
	}
	if nameTh != "อาหารคีโต" || remark != "ไขมันสูง คาร์โบไฮเดรตต่ำ" || !active {
		t.Fatalf("FX01 stored as %q %q %v", nameTh, remark, active)
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01' AND code = 'DT02' AND NOT active AND name_th = 'อาหารอ่อน (ปรับปรุง)'`); n != 1 {
		t.Fatal("DT02 not updated")
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE code IN ('DT04', 'FX03', 'FX04', 'FX 05') AND branch_code = 'SRP01'`); n != 0 {
		t.Fatalf("%d refused or deleted rows present", n)
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP02' AND code = 'DT04'`); n != 1 {
		t.Fatal("the delete reached another branch")
	}

	// The failed rows come back with the reason in Thai.
	if j.FailedURL == "" {
		t.Fatal("no failed-rows link")
	}
	rows := apitest.SheetRows(t, s.Fetch(j.FailedURL))
	if len(rows) != 5 || rows[0][0] != "แถวที่ / Row" || rows[0][len(rows[0])-1] != "เหตุผล / Reason" {
		t.Fatalf("failed rows %q", rows)
	}
	want := map[string]string{"FX03": "กรุณากรอกชื่อภาษาไทย", "FX04": "สถานะ", "FX01": "ซ้ำ", "FX 05": "รหัส"}
	for _, r := range rows[1:] {
		reason := r[len(r)-1]
		if !strings.Contains(reason, want[r[1]]) {
			t.Errorf("row %v: reason %q, want it to mention %q", r[:2], reason, want[r[1]])
		}
	}

	// The same file again changes nothing.
	logs := s.Count(`SELECT count(*) FROM change_log`)
	again := s.importFile(t, "DietType", "ประเภทอาหาร.xlsx", body, "en")
	if again.Status != imports.Done || counts(again) != "added=0 updated=0 deleted=0 unchanged=4 skipped=4 total=8" {
		t.Fatalf("second import: %s", counts(again))
	}
	if n := s.Count(`SELECT count(*) FROM change_log`); n != logs {
		t.Fatalf("the second import wrote %d change-log rows", n-logs)
	}
	rows = apitest.SheetRows(t, s.Fetch(again.FailedURL))
	if rows[0][0] != "แถวที่ / Row" || rows[0][len(rows[0])-1] != "เหตุผล / Reason" || !strings.Contains(rows[1][len(rows[1])-1], "Thai name") {
		t.Fatalf("English failed rows %q", rows[:2])
	}
}

func TestImportLimits(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	j := s.importFile(t, "DietType", "rows_1000.xlsx", apitest.Testdata(t, "rows_1000.xlsx"), "en")
	if j.Status != imports.Done || j.Added != 1000 || j.Skipped != 0 {
		t.Fatalf("1,000 rows: %s", counts(j))
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01' AND code LIKE 'B%'`); n != 1000 {
		t.Fatalf("%d rows stored", n)
	}
	if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'diet_type' AND action = 'create' AND changed_by = 'D0004'`); n != 1000 {
		t.Fatalf("%d change-log rows for 1,000 added", n)
	}
	if n := s.Count(`SELECT count(*) FROM activity_log WHERE action = 'imports.done' AND actor = 'D0004'
		AND branch_code = 'SRP01' AND detail->>'type' = 'DietType' AND (detail->>'added')::int = 1000`); n != 1 {
		t.Fatalf("%d activity rows for the import", n)
	}
	for _, c := range []struct{ file, msg string }{
		{"rows_1001.xlsx", "more than 1,000 rows"},
		{"not_excel.xlsx", "not a valid Excel"},
		{"header_only.xlsx", "no data rows"},
	} {
		j := s.importFile(t, "Allergies", c.file, apitest.Testdata(t, c.file), "en")
		if j.Status != imports.Failed || !strings.Contains(j.Error, c.msg) || j.Added+j.Updated != 0 {
			t.Errorf("%s: %+v", c.file, j)
		}
	}
	if n := s.Count(`SELECT count(*) FROM allergen WHERE code LIKE 'B%'`); n != 0 {
		t.Fatalf("a refused file stored %d rows", n)
	}

	// Jobs are the branch's own.
	other := s.TokenAs("multi@samrap.local", "SRP02", "BNT")
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/upload/jobs/" + j.ID, Token: other}); res.Status != 404 {
		t.Fatalf("another branch's job: %d", res.Status)
	}
}

func TestImportReferencesAndLists(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	mt := s.importFile(t, "MealTime", "meal_times.xlsx", apitest.Testdata(t, "meal_times.xlsx"), "en")
	if counts(mt) != "added=2 updated=0 deleted=0 unchanged=0 skipped=2 total=4" {
		t.Fatalf("meal times: %s", counts(mt))
	}
	var start, end, color string
	if err := s.DB.QueryRow(t.Context(), `SELECT start_time::text, end_time::text, meal_color FROM meal_time WHERE branch_code = 'SRP01' AND code = 'MX04'`).Scan(&start, &end, &color); err != nil {
		t.Fatal(err)
	}
	if start != "15:00:00" || end != "15:45:00" || color != "#333333" {
		t.Fatalf("Excel times stored as %s–%s %s", start, end, color)
	}
	wards := s.importFile(t, "Ward", "wards.xlsx", apitest.Testdata(t, "wards.xlsx"), "en")
	if counts(wards) != "added=1 updated=0 deleted=0 unchanged=0 skipped=2 total=3" {
		t.Fatalf("wards: %s", counts(wards))
	}
	if n := s.Count(`SELECT count(*) FROM ward w JOIN ward_type t ON t.branch_code = w.branch_code AND t.id = w.ward_type_id
		WHERE w.branch_code = 'SRP01' AND w.code = 'WX01' AND t.code = 'WT02'`); n != 1 {
		t.Fatal("WX01 not linked to WT02")
	}
	rel := s.importFile(t, "Religion", "religions.xlsx", apitest.Testdata(t, "religions.xlsx"), "en")
	if counts(rel) != "added=1 updated=1 deleted=0 unchanged=0 skipped=1 total=3" {
		t.Fatalf("religions: %s", counts(rel))
	}
	if n := s.Count(`SELECT count(*) FROM religion_restricted x JOIN religion r ON r.branch_code = x.branch_code AND r.id = x.religion_id
		WHERE r.branch_code = 'SRP01' AND r.code = 'RE02'`); n != 3 {
		t.Fatalf("RE02 has %d restricted ingredients, want 3", n)
	}
	if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'religion' AND action = 'update'
		AND changed_by = 'D0004' AND jsonb_array_length(after->'restrictedIds') = 3`); n != 1 {
		t.Fatalf("RE02's new list logged %d times", n)
	}
	// Columns a workbook leaves out keep their stored values.
	if _, err := s.DB.Exec(t.Context(), `UPDATE diet_type SET active = false WHERE branch_code = 'SRP01' AND code = 'DT04'`); err != nil {
		t.Fatal(err)
	}
	names := s.importFile(t, "DietType", "diet_types_names_only.xlsx", apitest.Testdata(t, "diet_types_names_only.xlsx"), "en")
	if counts(names) != "added=0 updated=1 deleted=0 unchanged=0 skipped=0 total=1" {
		t.Fatalf("names only: %s", counts(names))
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01' AND code = 'DT04'
		AND name_th = 'อาหารปั่นผสมทางสาย' AND name_en = 'Blenderized diet' AND remark = 'ทางสายให้อาหาร' AND NOT active`); n != 1 {
		t.Fatal("a names-only workbook changed the columns it does not have")
	}
	rel2 := s.importFile(t, "Religion", "religions_names_only.xlsx", apitest.Testdata(t, "religions_names_only.xlsx"), "en")
	if counts(rel2) != "added=0 updated=1 deleted=0 unchanged=0 skipped=0 total=1" {
		t.Fatalf("religion names only: %s", counts(rel2))
	}
	if n := s.Count(`SELECT count(*) FROM religion_restricted x JOIN religion r ON r.branch_code = x.branch_code AND r.id = x.religion_id
		WHERE r.branch_code = 'SRP01' AND r.code = 'RE02'`); n != 3 {
		t.Fatalf("RE02 has %d restricted ingredients after a names-only import, want 3", n)
	}
	titled := s.importFile(t, "Allergies", "allergens_titled.xlsx", apitest.Testdata(t, "allergens_titled.xlsx"), "th")
	if counts(titled) != "added=2 updated=0 deleted=0 unchanged=0 skipped=0 total=2" {
		t.Fatalf("a sheet with a title above the header: %s %s", counts(titled), titled.Error)
	}
	// Deleting in use is refused with where; an overlap and an out-of-range age are skipped.
	wt := s.importFile(t, "WardType", "ward_types_delete.xlsx", apitest.Testdata(t, "ward_types_delete.xlsx"), "en")
	if counts(wt) != "added=0 updated=0 deleted=0 unchanged=0 skipped=4 total=4" {
		t.Fatalf("ward types: %s", counts(wt))
	}
	rows := apitest.SheetRows(t, s.Fetch(wt.FailedURL))
	got := map[string]string{}
	for _, r := range rows[1:] {
		got[r[1]] = r[len(r)-1]
	}
	if !strings.Contains(got["WT01"], "used by a ward") || !strings.Contains(got["WT02"], "used by a ward") ||
		!strings.Contains(got["WT03"], "overlaps") || !strings.Contains(got["WTX9"], "between 0 and 150") {
		t.Fatalf("reasons %v", got)
	}
}

// Every kind's export imports back unchanged; a kind with no rows answers 204.
func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	// A colour sent in lower case through the API is stored as the import reads it (upper
	// case), so its row comes back unchanged.
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateMealTime", Token: s.nutri, JSON: map[string]any{
		"branchCode": "SRP01", "code": "MT-LC", "nameTh": "มื้อดึก", "startTime": "22:00", "endTime": "23:00",
		"abbreviation": "LC", "textColor": "#ffffff", "mealColor": "#1a2b3c"}})
	var mt params.Record
	res.Into(t, &mt)
	if res.Status != 200 || mt["textColor"] != "#FFFFFF" || mt["mealColor"] != "#1A2B3C" {
		t.Fatalf("lower-case colours: %d %s", res.Status, res.Body)
	}
	for _, k := range params.Kinds() {
		res := s.Download(s.Do(apitest.Request{Method: "GET", Path: "/api/download/masterDataType?branchCode=SRP01&type=" + k.Name, Token: s.nutri}))
		if res.Header.Get("Content-Type") != pipeline.XLSX {
			t.Fatalf("%s export: %v", k.Name, res.Header)
		}
		rows := apitest.SheetRows(t, res.Body)
		if len(rows) < 2 || rows[0][0] != "รหัส / Code" {
			t.Fatalf("%s export rows %q", k.Name, rows)
		}
		j := s.importFile(t, k.Name, k.Name+".xlsx", res.Body, "en")
		if j.Status != imports.Done || j.Unchanged != len(rows)-1 || j.Added+j.Updated+j.Deleted+j.Skipped != 0 {
			t.Fatalf("%s re-import: %s %s", k.Name, counts(j), j.Error)
		}
	}
	if _, err := s.DB.Exec(context.Background(), `DELETE FROM other_item WHERE branch_code = 'SRP01'`); err != nil {
		t.Fatal(err)
	}
	res = s.Do(apitest.Request{Method: "GET", Path: "/api/download/masterDataType?branchCode=SRP01&type=Other", Token: s.nutri})
	if res.Status != http.StatusNoContent || len(res.Body) != 0 {
		t.Fatalf("empty export: %d", res.Status)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/download/masterDataType?branchCode=SRP02&type=DietType", Token: s.nutri}); res.Status != 403 {
		t.Fatalf("another branch's export: %d", res.Status)
	}
}

// The worker's contract: test events and foreign keys ignored, a job already done skipped,
// an unreadable message reported alone.
func TestWorkerMessages(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	j := s.importFile(t, "DietType", "ประเภท อาหาร+1.xlsx", apitest.Testdata(t, "diet_types.xlsx"), "th")
	var key string
	if err := s.DB.QueryRow(t.Context(), `SELECT object_key FROM import_job WHERE id = $1`, j.ID).Scan(&key); err != nil {
		t.Fatal(err)
	}
	notif, err := events.NewS3ObjectCreated("samrap-local-uploads", key, 100, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	test, _ := json.Marshal(map[string]string{"Service": "Amazon S3", "Event": "s3:TestEvent", "Bucket": "b"})
	foreign, _ := events.NewS3ObjectCreated("samrap-local-uploads", "reports/SRP01/x.pdf", 1, time.Now())
	logs := s.Count(`SELECT count(*) FROM change_log`)
	handle := files.ImportWorker(s.Env)
	resp, err := handle(t.Context(), lambdaevents.SQSEvent{Records: []lambdaevents.SQSMessage{
		{MessageId: "again", Body: string(notif)},
		{MessageId: "test", Body: string(test)},
		{MessageId: "foreign", Body: string(foreign)},
		{MessageId: "garbage", Body: "{not json"},
	}})
	if err != nil || len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "garbage" {
		t.Fatalf("batch: %v %+v", err, resp)
	}
	if n := s.Count(`SELECT count(*) FROM change_log`); n != logs {
		t.Fatal("a second delivery of a done job changed data")
	}
	var status string
	var added int
	if err := s.DB.QueryRow(t.Context(), `SELECT status, added FROM import_job WHERE id = $1`, j.ID).Scan(&status, &added); err != nil || status != imports.Done || added != 2 {
		t.Fatalf("job after redelivery: %s %d %v", status, added, err)
	}
	// An ImportRequested message re-runs a queued job.
	job := imports.Job{ID: imports.NewJobID(), BranchCode: "SRP01", Type: "Allergies", FileName: "a.xlsx", Lang: "en", CreatedBy: "D0004"}
	job.Key = imports.UploadKey("SRP01", "Allergies", job.ID, "a.xlsx")
	if _, err := imports.CreateJob(t.Context(), s.DB, job); err != nil {
		t.Fatal(err)
	}
	if err := s.Env.Uploads.Put(t.Context(), job.Key+".tmp", io.NopCloser(bytes.NewReader(nil)), ""); err != nil {
		t.Fatal(err)
	}
	body, _ := events.EncodeImportRequested(events.ImportRequested{JobID: job.ID, Kind: "Allergies", BranchCode: "SRP01", Key: job.Key})
	resp, err = handle(t.Context(), lambdaevents.SQSEvent{Records: []lambdaevents.SQSMessage{{MessageId: "rerun", Body: string(body)}}})
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("rerun: %v %+v", err, resp)
	}
	got, err := imports.GetJob(t.Context(), s.DB, "SRP01", job.ID)
	if err != nil || got.Status != imports.Failed || got.ErrorKey != "imports.failed" {
		t.Fatalf("job of a missing upload: %+v %v", got, err)
	}
}

// The real-shaped Lambda events of events/samples: the test event and keys naming no job
// are handled (nothing to retry), not reported as failures.
func TestReplaySamples(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	handle := files.ImportWorker(s.Env)
	for _, name := range []string{samples.SQSS3Put, samples.SQSS3TestEvent, samples.SQSImportRequested} {
		raw, err := samples.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		var ev lambdaevents.SQSEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			t.Fatal(err)
		}
		resp, err := handle(t.Context(), ev)
		if err != nil || len(resp.BatchItemFailures) != 0 {
			t.Errorf("%s: %v %+v", name, err, resp)
		}
	}
	if n := s.Count(`SELECT count(*) FROM import_job`); n != 0 {
		t.Fatalf("samples created %d jobs", n)
	}
}

// Issue 31 §2: the import worker killed mid-job. Its database connection dies in the middle
// of writing the rows (a trigger in this test's own database terminates the worker's own
// connection at the first row: PostgreSQL ends it, as when the process is killed), so the
// write is rolled back; the job is not done and nothing of it is stored. The message
// delivered again imports the file whole, once.
func TestAnImportWorkerKilledMidJobRunsAgainOnce(t *testing.T) {
	t.Parallel()
	s := apitest.New(t) // no worker behind the uploads: this test delivers the message itself
	ctx := t.Context()
	job := imports.Job{ID: imports.NewJobID(), BranchCode: "SRP01", Type: "DietType", FileName: "diet_types.xlsx", Lang: "en", CreatedBy: "D0004"}
	job.Key = imports.UploadKey("SRP01", "DietType", job.ID, job.FileName)
	if _, err := imports.CreateJob(ctx, s.DB, job); err != nil {
		t.Fatal(err)
	}
	if err := s.Env.Uploads.Put(ctx, job.Key, io.NopCloser(bytes.NewReader(apitest.Testdata(t, "diet_types.xlsx"))), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(ctx, `CREATE FUNCTION test_die() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$;
		CREATE TRIGGER test_die BEFORE INSERT ON diet_type FOR EACH ROW EXECUTE FUNCTION test_die()`); err != nil {
		t.Fatal(err)
	}
	types := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01'`)
	logs := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'diet_type'`)
	body, _ := events.EncodeImportRequested(events.ImportRequested{JobID: job.ID, Kind: job.Type, BranchCode: "SRP01", Key: job.Key})
	deliver := func() lambdaevents.SQSEventResponse {
		resp, _ := files.ImportWorker(s.Env)(ctx, lambdaevents.SQSEvent{Records: []lambdaevents.SQSMessage{{MessageId: "m", Body: string(body)}}})
		return resp
	}
	deliver() // killed: whatever it answers, nobody hears it
	if s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01'`) != types || s.Count(`SELECT count(*) FROM change_log WHERE entity = 'diet_type'`) != logs {
		t.Fatal("a killed import stored rows")
	}
	if got, err := imports.GetJob(ctx, s.DB, "SRP01", job.ID); err != nil || got.Status == imports.Done {
		t.Fatalf("the killed import's job: %+v %v", got, err)
	}

	if _, err := s.DB.Exec(ctx, `DROP TRIGGER test_die ON diet_type`); err != nil {
		t.Fatal(err)
	}
	if resp := deliver(); len(resp.BatchItemFailures) != 0 {
		t.Fatalf("delivered again: %+v", resp)
	}
	got, err := imports.GetJob(ctx, s.DB, "SRP01", job.ID)
	// the file adds two, updates one and deletes one (TestImportDietTypes), once
	if err != nil || got.Status != imports.Done || got.Added != 2 || got.Updated != 1 || got.Deleted != 1 {
		t.Fatalf("the job delivered again: %+v %v", got, err)
	}
	if n := s.Count(`SELECT count(*) FROM diet_type WHERE branch_code = 'SRP01'`) - types; n != 1 {
		t.Errorf("%d more diet types, want 2 added and 1 deleted", n)
	}
	if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'diet_type'`) - logs; n != 4 {
		t.Errorf("%d change-log rows, want 4 (2 added, 1 updated, 1 deleted)", n)
	}
}
