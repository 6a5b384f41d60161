package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue"
)

// The local server serves each demo branch's hospital (to this machine only), and a sync
// of a demo branch against it works out of the box.
func TestDemoHospitalSync(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	s.Env.Config.WebDir, s.Env.Config.DemoData = t.TempDir(), true
	q := queue.NewMemory(patientsync.Handler(s.Env), queue.MemoryConfig{Name: patientsync.Queue})
	t.Cleanup(func() { _ = q.Close() })
	s.Env.SetQueue(patientsync.Queue, q)
	h, err := newServer(s.Env)
	if err != nil {
		t.Fatal(err)
	}
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
