package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/hl7feed"
	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// demoServer is the local server over the demo data, with the worker of one queue behind an
// in-process queue.
func demoServer(t *testing.T, name string, worker func(*platform.Env) queue.Handler) (*apitest.Server, http.Handler) {
	t.Helper()
	s := apitest.New(t)
	s.Env.Config.WebDir, s.Env.Config.DemoData = t.TempDir(), true
	q := queue.NewMemory(worker(s.Env), queue.MemoryConfig{Name: name})
	t.Cleanup(func() { _ = q.Close() })
	s.Env.SetQueue(name, q)
	h, err := newServer(s.Env)
	if err != nil {
		t.Fatal(err)
	}
	return s, h
}

// The local server serves each demo branch's hospital (to this machine only), and a sync
// of a demo branch against it works out of the box.
func TestDemoHospitalSync(t *testing.T) {
	t.Parallel()
	s, h := demoServer(t, patientsync.Queue, patientsync.Handler)
	srv := httptest.NewServer(h)
	defer srv.Close()

	r := httptest.NewRequest("GET", "/dev/fhir/SRP01/metadata", nil)
	r.RemoteAddr = "192.168.1.9:5000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 404 {
		t.Fatalf("demo hospital from another machine: %d", w.Code)
	}
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings(srv.URL+"/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	token := s.TokenAs("controller@samrap.local", "SRP01", "BCT")
	call := func(method, path string) map[string]any {
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var env struct {
			Data map[string]any `json:"data"`
		}
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 {
			t.Fatalf("%s %s: %d %v", method, path, res.StatusCode, err)
		}
		return env.Data
	}
	call("POST", "/api/data-patient/importData?branchCode=SRP01")
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		j := call("GET", "/api/data-patient/checkProcessApiPatient?branchCode=SRP01")
		if j["running"] == true {
			continue
		}
		counts, _ := j["report"].(map[string]any)["counts"].(map[string]any)
		if j["status"] != "DONE" || counts["admitted"] != 1.0 || counts["discharged"] != 2.0 || counts["moved"] != 1.0 {
			t.Fatalf("sync: %v", j)
		}
		return
	}
	t.Fatal("the sync did not end")
}

// The demo hospital's HL7 v2 feed (to this machine only): a day of messages sent through
// the feed, each acknowledged AA and applied — the new admission in, the two gone home out,
// the NPO tonight on its patient.
func TestDemoHL7Feed(t *testing.T) {
	t.Parallel()
	s, h := demoServer(t, hl7feed.Queue, hl7feed.Handler)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, from string }{{"/dev/hl7/SRP01", "192.168.1.9:5000"}, {"/dev/hl7/NOPE", "127.0.0.1:5000"}} {
		r := httptest.NewRequest("POST", c.path, nil)
		r.RemoteAddr = c.from
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 404 {
			t.Fatalf("%s from %s: %d", c.path, c.from, w.Code)
		}
	}
	// the feed screen asks whether this server sends the demo day: yes for a demo branch, here
	for _, c := range []struct {
		path, from string
		code       int
	}{{"/dev/hl7/SRP01", "127.0.0.1:5000", 200}, {"/dev/hl7/SRP01", "192.168.1.9:5000", 404}, {"/dev/hl7/NOPE", "127.0.0.1:5000", 404}} {
		r := httptest.NewRequest("GET", c.path, nil)
		r.RemoteAddr = c.from
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.code || c.code == 200 && !strings.Contains(w.Body.String(), `"demoSender":true`) {
			t.Fatalf("GET %s from %s: %d %s", c.path, c.from, w.Code, w.Body)
		}
	}
	r := httptest.NewRequest("POST", "/dev/hl7/SRP01", nil)
	r.RemoteAddr = "127.0.0.1:5000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	acks := strings.Split(strings.TrimSpace(strings.ReplaceAll(w.Body.String(), "\r", "\n")), "\n")
	var aa, total int
	for _, l := range acks {
		if strings.HasPrefix(l, "MSA|") {
			total++
			if strings.HasPrefix(l, "MSA|AA|") {
				aa++
			}
		}
	}
	if w.Code != 200 || total < 50 || aa != total {
		t.Fatalf("the demo feed: %d, %d of %d AA", w.Code, aa, total)
	}
	for deadline := time.Now().Add(30 * time.Second); s.Count(`SELECT count(*) FROM hl7_message WHERE status = 'queued'`) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the demo feed's messages are still queued")
		}
	}
	if n := s.Count(`SELECT count(*) FROM hl7_message WHERE status <> 'applied'`); n != 0 {
		t.Fatalf("%d messages not applied", n)
	}
	if n := s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = 'SRP01-HN20001' AND visit_status = 'Current'`); n != 1 {
		t.Error("the new admission is not in")
	}
	if n := s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id IN ('SRP01-HN10011', 'SRP01-HN10026') AND visit_status = 'Discharge'`); n != 2 {
		t.Errorf("%d of the two gone home are discharged", n)
	}
}
