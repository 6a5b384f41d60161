package patientsync_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
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
	"samrap/pkg/patientsync"
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
			"ระบบโรงพยาบาลไม่ตอบสนองในขณะนี้ กรุณาลองใหม่ภายหลัง"},
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
