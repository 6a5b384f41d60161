package patientsync_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/events"
	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/hospital"
	"samrap/pkg/hospital/fhirdemo"
	"samrap/pkg/housekeeping"
	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// hospitalServer is a demo hospital whose answer a test can change.
type hospitalServer struct {
	*httptest.Server
	h atomic.Pointer[http.Handler]
}

func newHospital(t testing.TB, admissions []hospital.Admission) *hospitalServer {
	t.Helper()
	hs := &hospitalServer{}
	hs.Serve(fhirdemo.Handler(admissions))
	hs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*hs.h.Load()).ServeHTTP(w, r) }))
	t.Cleanup(hs.Close)
	return hs
}

func (hs *hospitalServer) Serve(h http.Handler) { hs.h.Store(&h) }

type fixture struct {
	s          *apitest.Server
	hospital   *hospitalServer
	q          *queue.Memory
	controller string
}

// newFixture is the API over the demo data, with the patient-sync worker behind an
// in-process queue and SRP01's connector pointing at a demo hospital serving its census.
func newFixture(t testing.TB) fixture {
	t.Helper()
	s := apitest.New(t)
	w := patientsync.NewWorker(s.DB, s.Clock.Now, s.Env.Log, s.Env.Secret)
	w.Options.Loopback = true                                                  // the test hospital is on this machine
	w.Options.Wait = func(context.Context, time.Duration) error { return nil } // retries at once
	q := queue.NewMemory(w.Handle, queue.MemoryConfig{Name: patientsync.Queue, Backoff: 10 * time.Millisecond})
	t.Cleanup(func() { _ = q.Close() })
	s.Env.SetQueue(patientsync.Queue, q)
	hs := newHospital(t, demo.HospitalCensus("SRP01", s.Clock.Now()))
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings(hs.URL)); err != nil {
		t.Fatal(err)
	}
	return fixture{s: s, hospital: hs, q: q, controller: s.TokenAs("controller@samrap.local", "SRP01", "BCT")}
}

type jobView struct {
	patientsync.Job
	Running    bool   `json:"running"`
	PhaseLabel string `json:"phaseLabel"`
	Error      string `json:"error"`
}

func (f fixture) start(t testing.TB) (jobView, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/importData?branchCode=SRP01&createBy=D0001", Token: f.controller, Lang: "en"})
	var j jobView
	if res.Status == http.StatusOK {
		res.Into(t, &j)
	}
	return j, res
}

func (f fixture) check(t testing.TB, lang string) (*jobView, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/checkProcessApiPatient?branchCode=SRP01", Token: f.controller, Lang: lang})
	if res.Status != http.StatusOK {
		t.Fatalf("check: %d %s", res.Status, res.Body)
	}
	var j *jobView
	res.Into(t, &j)
	return j, res
}

// sync starts a sync and waits for it to end.
func (f fixture) sync(t testing.TB, lang string) jobView {
	t.Helper()
	j, res := f.start(t)
	if res.Status != http.StatusOK || res.Msg != "The patient sync from the hospital has started; it may take several minutes" {
		t.Fatalf("start: %d %s", res.Status, res.Body)
	}
	return f.wait(t, j.ID, lang)
}

func (f fixture) wait(t testing.TB, id, lang string) jobView {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		j, _ := f.check(t, lang)
		if j != nil && j.ID == id && !j.Running {
			return *j
		}
	}
	t.Fatalf("sync %s did not end", id)
	return jobView{}
}

func hns(items []patientsync.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.HnID
	}
	return out
}

func same[T any](t testing.TB, what string, got, want T) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

// The sync end to end through the in-process queue against the demo hospital: the change
// set applied and recorded (source hospital), a second sync changes nothing, a message
// delivered twice does not sync twice.
func TestSyncOfTheDemoHospital(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if j, _ := f.check(t, "en"); j != nil {
		t.Fatalf("a branch never synced answers %+v", j)
	}
	logs := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`)
	j := f.sync(t, "en")
	if j.Status != patientsync.Done || j.Phase != "DONE" || j.Progress != 100 || j.PhaseLabel != "The sync is finished" || j.Report == nil {
		t.Fatalf("sync: %+v", j)
	}
	r := j.Report
	same(t, "admitted", hns(r.Admitted), []string{"SRP01-HN20001"})
	same(t, "readmitted", hns(r.Readmitted), []string{"SRP01-HN10061"})
	same(t, "discharged", hns(r.Discharged), []string{"SRP01-HN10011", "SRP01-HN10026"})
	same(t, "moved", hns(r.Moved), []string{"SRP01-HN10004"})
	same(t, "diet", hns(r.Diet), []string{"SRP01-HN10005"})
	same(t, "npo", hns(r.NPO), []string{"SRP01-HN10007"})
	same(t, "allergies added", r.AllergiesAdded, []patientsync.Item{
		{HnID: "SRP01-HN20001", NameTh: "ประเสริฐ มีสุข", NameEn: "Prasert Meesuk", Ward: "W02", Room: "W02-01",
			Allergies: &hospital.Allergies{Codes: []string{"AL05"}}},
		{HnID: "SRP01-HN10006", NameTh: r.AllergiesAdded[1].NameTh, NameEn: r.AllergiesAdded[1].NameEn, Ward: "W01", Room: "W01-06",
			Allergies: &hospital.Allergies{Codes: []string{"AL02"}}}})
	if !slices.ContainsFunc(r.Unmapped, func(u patientsync.UnmappedCode) bool {
		return u.HnID == "SRP01-HN10008" && u.Field == "diet" && u.Code == "KETO"
	}) {
		t.Errorf("the unmapped diet code is not reported: %+v", r.Unmapped)
	}
	same(t, "warnings", r.Warnings, []patientsync.Warning{}) // every bed found and mapped, every allergy whole
	if r.Census != 90 || r.Counts["discharged"] != 2 || r.Counts["admitted"] != 1 {
		t.Errorf("counts: census %d %v", r.Census, r.Counts)
	}

	// what is stored
	var room, visit, status, source string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT r.code, p.visit_status, p.hospital_status, p.last_import_source
		FROM patient p JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
		WHERE p.branch_code = 'SRP01' AND p.hn_id = 'SRP01-HN10004'`).Scan(&room, &visit, &status, &source); err != nil {
		t.Fatal(err)
	}
	same(t, "moved patient", []string{room, visit, status, source}, []string{"W02-16", "Current", "IN_HOSPITAL", "hospital"})
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id IN ('SRP01-HN10011', 'SRP01-HN10026')
		AND visit_status = 'Discharge' AND hospital_status = 'DISCHARGED'`); n != 2 {
		t.Errorf("discharged in Samrap: %d of 2", n)
	}
	// every change is in the change record, by the person who started it, with source hospital
	changed := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`) - logs
	if changed != r.Counts["admitted"]+r.Counts["updated"]+r.Counts["discharged"] || changed < 8 {
		t.Errorf("change-log rows %d for counts %v", changed, r.Counts)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND after->>'lastImportSource' = 'hospital'
		AND changed_by = 'D0001'`); n != changed {
		t.Errorf("%d of %d change-log rows name the hospital and the controller", n, changed)
	}
	// what the hospital said of the allergies is kept
	var said []string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT hospital_allergen_codes FROM patient WHERE hn_id = 'SRP01-HN10006'`).Scan(&said); err != nil {
		t.Fatal(err)
	}
	same(t, "hospital allergies", said, []string{"AL02"})

	// A second sync of the same census changes nothing.
	logs = f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`)
	j2 := f.sync(t, "th")
	if j2.Status != patientsync.Done || j2.Report.Counts["updated"]+j2.Report.Counts["admitted"]+j2.Report.Counts["discharged"] != 0 {
		t.Errorf("second sync: %+v", j2.Report.Counts)
	}
	if j2.PhaseLabel != "ดึงข้อมูลผู้ป่วยเสร็จแล้ว" {
		t.Errorf("Thai phase label %q", j2.PhaseLabel)
	}
	// The first job's message delivered again: the job has ended, nothing is synced.
	body, _ := events.EncodePatientSyncRequested(events.PatientSyncRequested{JobID: j.ID, BranchCode: "SRP01", CreatedBy: "D0001"})
	w := patientsync.NewWorker(f.s.DB, f.s.Clock.Now, f.s.Env.Log, f.s.Env.Secret)
	w.Options.Loopback = true // the test hospital is on this machine
	resp, err := w.Handle(t.Context(), sqsEvent(body))
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("redelivery: %v %+v", err, resp)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`); n != logs {
		t.Errorf("a second sync or a redelivery wrote %d change-log rows", n-logs)
	}
	if again, _ := f.check(t, "en"); again.ID != j2.ID || again.Status != patientsync.Done {
		t.Errorf("latest job after the redelivery: %+v", again)
	}
}

// An allergy the hospital no longer lists is never removed: it is reported for a person.
func TestAllergiesAreNeverRemoved(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.sync(t, "en")
	census := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	for i := range census {
		if census[i].HN == "SRP01-HN10006" || census[i].HN == "SRP01-HN10003" { // the new peanut, and AL01 of the demo
			census[i].Allergies = nil
		}
	}
	f.hospital.Serve(fhirdemo.Handler(census))
	j := f.sync(t, "en")
	if j.Status != patientsync.Done {
		t.Fatalf("sync: %+v", j)
	}
	// both came from the hospital (the demo's shrimp at the first sync): both are kept
	same(t, "need a person", hns(j.Report.AllergiesNeedPerson), []string{"SRP01-HN10003", "SRP01-HN10006"})
	same(t, "what", []*hospital.Allergies{j.Report.AllergiesNeedPerson[0].Allergies, j.Report.AllergiesNeedPerson[1].Allergies},
		[]*hospital.Allergies{{Codes: []string{"AL01"}}, {Codes: []string{"AL02"}}})
	for hn, want := range map[string]int{"SRP01-HN10006": 1, "SRP01-HN10003": 1} {
		if n := f.s.Count(`SELECT count(*) FROM patient_allergen l JOIN patient p ON p.branch_code = l.branch_code AND p.id = l.patient_id
			WHERE p.hn_id = $1`, hn); n != want {
			t.Errorf("%s has %d allergies, want %d (none removed)", hn, n, want)
		}
	}
}

// A census that would discharge everybody is refused; a hospital answering 500, garbage or
// 401 ends the job FAILED with a translated reason; nothing is changed.
func TestFailedSyncs(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	logs := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`)
	for _, c := range []struct {
		name    string
		handler http.Handler
		lang    string
		want    string
	}{
		{"empty census", fhirdemo.Handler(nil), "en", "The hospital sent an empty patient list, so nobody was discharged: please check with the hospital system"},
		{"500", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", 500) }), "th",
			"เชื่อมต่อระบบโรงพยาบาลไม่ได้ กรุณาลองใหม่ภายหลัง หรือให้ผู้ดูแลระบบตรวจสอบที่อยู่ของระบบ"},
		{"garbage", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<html>hello</html>")) }), "en",
			"The hospital system answered something that cannot be read: an administrator must check its address"},
		{"401", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", 401) }), "en",
			"The hospital system refused the credentials: an administrator must check the settings"},
	} {
		f.hospital.Serve(c.handler)
		j := f.sync(t, c.lang)
		if j.Status != patientsync.Failed || j.Phase != "FAILED" || j.Error != c.want || j.Report != nil {
			t.Errorf("%s: %+v", c.name, j)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`); n != logs {
		t.Errorf("failed syncs wrote %d change-log rows", n-logs)
	}
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND visit_status = 'Current'`); n != 90 {
		t.Errorf("current patients after failed syncs: %d", n)
	}
	// a working hospital again: the next sync runs
	f.hospital.Serve(fhirdemo.Handler(demo.HospitalCensus("SRP01", f.s.Clock.Now())))
	if j := f.sync(t, "en"); j.Status != patientsync.Done {
		t.Errorf("sync after failures: %+v", j)
	}
}

// recorder is a queue that keeps what is sent (no worker behind it).
type recorder struct {
	mu   sync.Mutex
	sent [][]byte
}

func (r *recorder) Send(_ context.Context, body []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, body)
	return nil
}

// Starting: one message per sync; a second start while one runs answers the running job;
// only the branch's Controller may start or follow it.
func TestStart(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	rec := &recorder{}
	f.s.Env.SetQueue(patientsync.Queue, rec)
	j, res := f.start(t)
	if res.Status != 200 || j.Status != patientsync.Queued || !j.Running || j.CreatedBy != "D0001" {
		t.Fatalf("start: %d %s", res.Status, res.Body)
	}
	again, res := f.start(t)
	if res.Status != 200 || again.ID != j.ID || res.Msg != "A patient sync from the hospital is already running: please wait for it to finish" {
		t.Fatalf("second start: %d %s", res.Status, res.Body)
	}
	if len(rec.sent) != 1 {
		t.Fatalf("%d messages sent", len(rec.sent))
	}
	m, err := events.DecodePatientSyncRequested(rec.sent[0])
	if err != nil || m.JobID != j.ID || m.BranchCode != "SRP01" {
		t.Fatalf("message %+v %v", m, err)
	}
	// the database holds one running sync per branch
	if _, err := f.s.DB.Exec(t.Context(), `INSERT INTO patient_sync_job (id, branch_code) VALUES (gen_random_uuid(), 'SRP01')`); err == nil {
		t.Error("a second running sync of the branch was stored")
	}
	if cur, _ := f.check(t, "en"); cur.ID != j.ID || cur.PhaseLabel != "Waiting to start" {
		t.Errorf("check: %+v", cur)
	}

	for _, c := range []struct {
		name, method, path, token string
		status                    int
	}{
		{"order taker starts", "POST", "/api/data-patient/importData?branchCode=SRP01", f.s.TokenAs("ordertaker@samrap.local", "SRP01", "BOD"), 403},
		{"another branch", "POST", "/api/data-patient/importData?branchCode=SRP02", f.controller, 403},
		{"another branch's job", "GET", "/api/data-patient/checkProcessApiPatient?branchCode=SRP02", f.controller, 403},
		{"no branch", "POST", "/api/data-patient/importData", f.controller, 422},
		{"anonymous", "GET", "/api/data-patient/checkProcessApiPatient?branchCode=SRP01", "", 401},
	} {
		if res := f.s.Do(apitest.Request{Method: c.method, Path: c.path, Token: c.token}); res.Status != c.status {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if len(rec.sent) != 1 {
		t.Errorf("%d messages sent", len(rec.sent))
	}

	// its worker started it and fell silent (its server was killed): past the silence, a new
	// start fails it and queues a new sync at once, not an hour later
	if _, err := f.s.DB.Exec(t.Context(), `UPDATE patient_sync_job SET status = 'RUNNING', started_at = now() - interval '5 minutes',
		heartbeat_at = now() - $2 * interval '1 second' WHERE id = $1`, j.ID, int(housekeeping.JobSilence.Seconds())+1); err != nil {
		t.Fatal(err)
	}
	next, res := f.start(t)
	if res.Status != 200 || next.ID == j.ID || next.Status != patientsync.Queued {
		t.Fatalf("start after a silent sync: %d %s", res.Status, res.Body)
	}
	var status, key string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT status, error_key FROM patient_sync_job WHERE id = $1`, j.ID).Scan(&status, &key); err != nil ||
		status != patientsync.Failed || key != "patientSync.expired" {
		t.Errorf("the silent sync: %s %s %v", status, key, err)
	}
}

// A Super Admin keeps a branch's connector settings and tests the connection.
func TestSettings(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sam := f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hospitalSettings?code=SRP02", Token: sam, Lang: "en"})
	if res.Status != 404 || res.Msg != "This branch has no hospital connection set up: please contact an administrator" {
		t.Fatalf("no settings: %d %s", res.Status, res.Body)
	}
	bad := demo.HospitalSettings("http://hospital.example/fhir") // plain http off this machine
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hospitalSettings", Token: sam, Lang: "en",
		JSON: map[string]any{"code": "SRP02", "settings": bad}})
	if res.Status != 422 || res.Fields()["baseUrl"] != "The format is invalid" {
		t.Fatalf("invalid settings: %d %s", res.Status, res.Body)
	}
	good := demo.HospitalSettings(f.hospital.URL)
	good.SecretARN = "arn:aws:secretsmanager:ap-southeast-1:123456789012:secret:hospital-SRP02"
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hospitalSettings", Token: sam, Lang: "en",
		JSON: map[string]any{"code": "SRP02", "settings": good}})
	if res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hospitalSettings?code=SRP02", Token: sam})
	var got struct {
		Code     string            `json:"code"`
		Settings hospital.Settings `json:"settings"`
	}
	res.Into(t, &got)
	same(t, "saved", got.Settings, good)
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'hospitalConnector' AND entity_id = 'SRP02'`); n != 1 {
		t.Errorf("change log: %d", n)
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hospitalSettings", Token: sam,
		JSON: map[string]any{"code": "NOPE", "settings": good}})
	if res.Status != 404 {
		t.Errorf("unknown branch: %d %s", res.Status, res.Body)
	}

	// test connection: the stored settings of SRP01, then settings not saved yet
	var p struct {
		OK         bool   `json:"ok"`
		Error      string `json:"error"`
		Encounters int    `json:"encounters"`
		Patients   int    `json:"patients"`
		Total      *int   `json:"total"`
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/testConnection", Token: sam, JSON: map[string]any{"code": "SRP01"}})
	res.Into(t, &p)
	if res.Status != 200 || !p.OK || p.Encounters != 10 || p.Patients != 10 || p.Total == nil || *p.Total != 90 {
		t.Fatalf("test connection: %d %s", res.Status, res.Body)
	}
	f.hospital.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", 403) }))
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/testConnection", Token: sam, Lang: "en",
		JSON: map[string]any{"code": "SRP01", "settings": demo.HospitalSettings(f.hospital.URL)}})
	p = struct {
		OK         bool   `json:"ok"`
		Error      string `json:"error"`
		Encounters int    `json:"encounters"`
		Patients   int    `json:"patients"`
		Total      *int   `json:"total"`
	}{}
	res.Into(t, &p)
	if res.Status != 200 || p.OK || p.Error != "These credentials may not read the patient census in the hospital system" {
		t.Fatalf("test connection refused: %d %s", res.Status, res.Body)
	}
	// SRP02's secret cannot be read here: said, not thrown
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/testConnection", Token: sam, Lang: "en", JSON: map[string]any{"code": "SRP02"}})
	res.Into(t, &p)
	if res.Status != 200 || p.OK || p.Error != "The credentials of the hospital connection cannot be read: please contact an administrator" {
		t.Fatalf("test connection without its secret: %d %s", res.Status, res.Body)
	}
	for _, token := range []string{f.controller, f.s.TokenAs("nutritionist@samrap.local", "SRP01", "BNT")} {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hospitalSettings?code=SRP01", Token: token}); res.Status != 403 {
			t.Errorf("settings read by another role: %d", res.Status)
		}
	}
}

func sqsEvent(body []byte) lambdaevents.SQSEvent {
	return lambdaevents.SQSEvent{Records: []lambdaevents.SQSMessage{{MessageId: "m-1", Body: string(body)}}}
}

// ignoringInclude serves the census as a FHIR server that ignores _include altogether and
// does not have the locations named in gone.
func ignoringInclude(census []hospital.Admission, gone ...string) http.Handler {
	h := fhirdemo.Handler(census)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		q.Del("_include")
		if r.URL.Path == "/Location" {
			ids := strings.Split(q.Get("_id"), ",")
			q.Set("_id", strings.Join(slices.DeleteFunc(ids, func(id string) bool { return slices.Contains(gone, id) }), ","))
		}
		r.URL.RawQuery = q.Encode()
		r.RequestURI = r.URL.RequestURI()
		h.ServeHTTP(w, r)
	})
}

// FHIR lets a server ignore _include: the sync reads the patients and locations by id, and
// every patient still gets its ward and bed; a location the hospital does not have is a
// warning of the report, and its patient keeps Samrap's bed.
func TestSyncWhenTheHospitalIgnoresInclude(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	census := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	lost := census[1]
	if lost.Bed == "" {
		t.Fatalf("the demo's second patient has no bed: %+v", lost)
	}
	f.hospital.Serve(ignoringInclude(census, "bd-"+lost.Bed))
	j := f.sync(t, "en")
	if j.Status != patientsync.Done {
		t.Fatalf("sync: %+v", j)
	}
	r := j.Report
	same(t, "admitted", hns(r.Admitted), []string{"SRP01-HN20001"})
	same(t, "moved", hns(r.Moved), []string{"SRP01-HN10004"})
	same(t, "discharged", hns(r.Discharged), []string{"SRP01-HN10011", "SRP01-HN10026"})
	same(t, "warnings", r.Warnings, []patientsync.Warning{{HnID: lost.HN, Kind: "locationNotFound", Code: "Location/bd-" + lost.Bed}})
	if r.Census != 90 || r.Skipped != 0 || r.Counts["warnings"] != 1 {
		t.Errorf("census %d, skipped %d, counts %v", r.Census, r.Skipped, r.Counts)
	}
	// every current patient has a bed, the one whose bed was not found the one it had
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND visit_status = 'Current' AND room_id IS NULL`); n != 0 {
		t.Errorf("%d current patients without a bed", n)
	}
	var room string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT r.code FROM patient p JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
		WHERE p.branch_code = 'SRP01' AND p.hn_id = $1`, lost.HN).Scan(&room); err != nil || room != lost.Bed {
		t.Errorf("%s: room %q %v, want %s", lost.HN, room, err, lost.Bed)
	}
}

// A code naming several allergen groups keeps every part: the groups the branch has an
// allergen for as allergens, the others as the allergy's text (which blocks orders until a
// person confirms), listed in the report as a partial mapping. The settings read says which
// groups have no allergen of the branch.
func TestPartOfAnAllergyIsNeverDropped(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sam := f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	missing := func() []string {
		t.Helper()
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hospitalSettings?code=SRP01", Token: sam})
		var v struct {
			Missing []string `json:"missingAllergenGroups"`
		}
		res.Into(t, &v)
		return v.Missing
	}
	same(t, "the demo's missing groups", missing(), []string{})

	s := demo.HospitalSettings(f.hospital.URL)
	delete(s.Maps.Allergens, hospital.GroupMolluscs)
	delete(s.Maps.Allergens, hospital.GroupTreeNuts)
	s.Maps.Allergens[hospital.GroupSesame] = "AL99" // no such allergen in the branch
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hospitalSettings", Token: sam,
		JSON: map[string]any{"code": "SRP01", "settings": s}})
	if res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	same(t, "missing groups", missing(), []string{hospital.GroupTreeNuts, hospital.GroupSesame, hospital.GroupMolluscs})

	census := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	for i := range census {
		switch census[i].HN {
		case "SRP01-HN10003": // AL01 (shrimp) already: shellfish adds the molluscs
			census[i].Allergies = append(census[i].Allergies, hospital.Concept{Codings: []hospital.Coding{
				{System: hospital.SNOMED, Code: "300913006", Display: "Allergy to shellfish"}}})
		case "SRP01-HN10012":
			census[i].Allergies = append(census[i].Allergies, hospital.Concept{Text: "แพ้ถั่ว", Codings: []hospital.Coding{
				{System: hospital.SNOMED, Code: "91934008", Display: "Allergy to nut"}}})
		}
	}
	f.hospital.Serve(fhirdemo.Handler(census))
	j := f.sync(t, "en")
	if j.Status != patientsync.Done {
		t.Fatalf("sync: %+v", j)
	}
	var parts []patientsync.Warning
	for _, w := range j.Report.Warnings {
		if w.Kind == "allergyPart" {
			parts = append(parts, w)
		}
	}
	same(t, "partial mappings", parts, []patientsync.Warning{
		{HnID: "SRP01-HN10003", Kind: "allergyPart", Code: hospital.SNOMED + "|300913006", Display: "Allergy to shellfish", Groups: []string{"molluscs"}},
		{HnID: "SRP01-HN10012", Kind: "allergyPart", Code: hospital.SNOMED + "|91934008", Display: "แพ้ถั่ว", Groups: []string{"tree-nuts"}}})
	for hn, want := range map[string][2]string{"SRP01-HN10003": {"AL01", "Allergy to shellfish"}, "SRP01-HN10012": {"AL02", "แพ้ถั่ว"}} {
		var codes, texts []string
		if err := f.s.DB.QueryRow(t.Context(), `SELECT ARRAY(SELECT a.code FROM patient_allergen l JOIN allergen a
			ON a.branch_code = l.branch_code AND a.id = l.allergen_id WHERE l.branch_code = p.branch_code AND l.patient_id = p.id ORDER BY 1),
			p.unmapped_allergies FROM patient p WHERE p.branch_code = 'SRP01' AND p.hn_id = $1`, hn).Scan(&codes, &texts); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(codes, want[0]) || !slices.Contains(texts, want[1]) {
			t.Errorf("%s: allergens %v, texts %v; want %s and %q", hn, codes, texts, want[0], want[1])
		}
	}
}

// Test connection is no port scanner: the metadata service is refused in every stage, this
// machine outside the local stage, for test connection and the sync alike, with one
// message, "could not connect", whatever is (or is not) listening there.
func TestTheConnectorIsNoPortScanner(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sam := f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	const couldNot = "Could not connect to the hospital system: please try again later, or have an administrator check its address"
	type probe struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	}
	test := func(settings *hospital.Settings) (probe, apitest.Response) {
		t.Helper()
		body := map[string]any{"code": "SRP01"}
		if settings != nil {
			body["settings"] = settings
		}
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/testConnection", Token: sam, Lang: "en", JSON: body})
		var p probe
		if res.Status == 200 {
			res.Into(t, &p)
		}
		return p, res
	}
	at := func(base string) *hospital.Settings {
		s := demo.HospitalSettings(base)
		s.Retries = 1
		return &s
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // nothing listens on its port any more

	// the local stage reaches this machine: the demo hospital answers, a closed port does not
	if p, res := test(nil); !p.OK {
		t.Fatalf("local stage: %d %s", res.Status, res.Body)
	}
	if p, res := test(at(closed.URL)); p.OK || p.Error != couldNot {
		t.Errorf("a closed port: %d %s", res.Status, res.Body)
	}
	// the metadata service and link-local addresses: refused with the settings
	for _, u := range []string{"https://169.254.169.254/latest/meta-data", "https://[fd00:ec2::254]/", "https://[fe80::1]/fhir"} {
		if _, res := test(at(u)); res.Status != 422 || res.Fields()["baseUrl"] == "" {
			t.Errorf("%s: %d %s", u, res.Status, res.Body)
		}
	}

	// in the cloud: this machine is refused, by address or by a name that resolves to it
	rec := &recorder{}
	f.s.Env.SetQueue(patientsync.Queue, rec)
	f.s.Rewire(func(env *platform.Env) { env.Config.Stage = "prod" })
	port := f.hospital.URL[strings.LastIndex(f.hospital.URL, ":"):]
	for _, s := range []*hospital.Settings{nil, at(f.hospital.URL), at("http://localhost" + port), at(closed.URL)} {
		if p, res := test(s); res.Status != 200 || p.OK || p.Error != couldNot {
			t.Errorf("cloud stage: %d %s", res.Status, res.Body)
		}
	}
	// and the sync's own connections are refused the same way
	j, res := f.start(t)
	if res.Status != 200 || len(rec.sent) != 1 {
		t.Fatalf("start: %d %s", res.Status, res.Body)
	}
	if _, err := patientsync.Handler(f.s.Env)(t.Context(), sqsEvent(rec.sent[0])); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.check(t, "en"); got.ID != j.ID || got.Status != patientsync.Failed || got.Error != couldNot {
		t.Errorf("sync in the cloud stage: %+v", got)
	}
}

// Issue 30 §2: a sync's report is never lost with its dialog — the branch's syncs, newest
// first, each with its report (the patients it changed, by kind) as the dialog showed it.
func TestSyncHistoryKeepsEveryReport(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	first := f.sync(t, "en")
	second := f.sync(t, "en")
	history := func(query string, token string) (httpPageOf, apitest.Response) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/syncHistory?branchCode=SRP01" + query, Token: token, Lang: "en"})
		var pg httpPageOf
		if res.Status == http.StatusOK {
			res.Into(t, &pg)
		}
		return pg, res
	}
	pg, res := history("", f.controller)
	if res.Status != http.StatusOK || pg.Total != 2 || len(pg.Items) != 2 || pg.Items[0].ID != second.ID || pg.Items[1].ID != first.ID {
		t.Fatalf("history: %d %s", res.Status, res.Body)
	}
	if old := pg.Items[1]; old.Report == nil || len(old.Report.Admitted) == 0 || old.PhaseLabel != first.PhaseLabel ||
		!slices.Equal(hns(old.Report.Admitted), hns(first.Report.Admitted)) || !slices.Equal(hns(old.Report.Discharged), hns(first.Report.Discharged)) {
		t.Errorf("the first sync's report, read back: %+v", old.Report)
	}
	if pg, _ := history("&page=2&size=1", f.controller); pg.Total != 2 || len(pg.Items) != 1 || pg.Items[0].ID != first.ID {
		t.Errorf("page 2 of 1: %+v", pg)
	}
	for _, c := range []struct {
		name, query, token string
		status             int
	}{
		{"an order taker", "", f.s.TokenAs("ordertaker@samrap.local", "SRP01", "BOD"), 403},
		{"anonymous", "", "", 401},
	} {
		if _, res := history(c.query, c.token); res.Status != c.status {
			t.Errorf("%s: %d", c.name, res.Status)
		}
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/syncHistory?branchCode=SRP02", Token: f.controller})
	if res.Status != http.StatusForbidden {
		t.Errorf("another branch's history: %d", res.Status)
	}
}

type httpPageOf struct {
	Items []jobView `json:"items"`
	Total int       `json:"total"`
}

// Issue 31 §2: the sync worker killed mid-job. Its context ends once the hospital has
// answered the census (the worker then has a census to write and no process left to write
// it): nothing of the sync is stored and the job stays running, as after a killed Lambda —
// then SQS delivers the message again and the sync runs whole, once: the same report as a
// sync never interrupted, one change-log row per patient changed.
func TestASyncWorkerKilledMidJobRunsAgainOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var id string
	if err := f.s.DB.QueryRow(t.Context(), `INSERT INTO patient_sync_job (id, branch_code, created_by)
		VALUES (gen_random_uuid(), 'SRP01', 'D0001') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	body, _ := events.EncodePatientSyncRequested(events.PatientSyncRequested{JobID: id, BranchCode: "SRP01", CreatedBy: "D0001"})
	logs := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`)
	w := patientsync.NewWorker(f.s.DB, f.s.Clock.Now, f.s.Env.Log, f.s.Env.Secret)
	w.Options.Loopback = true

	// killed: the context ends as the hospital's answers are read
	census := fhirdemo.Handler(demo.HospitalCensus("SRP01", f.s.Clock.Now()))
	ctx, kill := context.WithCancel(t.Context())
	f.hospital.Serve(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		census.ServeHTTP(rw, r)
		kill()
	}))
	if resp, _ := w.Handle(ctx, sqsEvent(body)); len(resp.BatchItemFailures) != 1 {
		t.Fatalf("the killed delivery answered %+v", resp)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`); n != logs {
		t.Fatalf("a killed sync stored %d changes", n-logs)
	}
	if n := f.s.Count(`SELECT count(*) FROM patient_sync_job WHERE id = $1 AND status = 'RUNNING' AND report IS NULL`, id); n != 1 {
		t.Fatal("the killed sync's job is not left running")
	}

	// delivered again: the sync runs whole, once
	f.hospital.Serve(census)
	if resp, err := w.Handle(t.Context(), sqsEvent(body)); err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("the second delivery: %v %+v", err, resp)
	}
	j, _ := f.check(t, "en")
	if j == nil || j.ID != id || j.Status != patientsync.Done || j.Report == nil {
		t.Fatalf("after the second delivery: %+v", j)
	}
	r := j.Report
	same(t, "admitted", hns(r.Admitted), []string{"SRP01-HN20001"})
	same(t, "discharged", hns(r.Discharged), []string{"SRP01-HN10011", "SRP01-HN10026"})
	if changed := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient'`) - logs; changed != r.Counts["admitted"]+r.Counts["updated"]+r.Counts["discharged"] {
		t.Errorf("%d change-log rows for counts %v", changed, r.Counts)
	}
	// and a third delivery changes nothing
	before := f.s.Count(`SELECT count(*) FROM change_log`)
	if resp, err := w.Handle(t.Context(), sqsEvent(body)); err != nil || len(resp.BatchItemFailures) != 0 || f.s.Count(`SELECT count(*) FROM change_log`) != before {
		t.Errorf("a third delivery: %v %+v", err, resp)
	}
}
