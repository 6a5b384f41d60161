package hospital

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var ict = time.FixedZone("ICT", 7*3600)

// recorded is a hospital that answers the census searches with the recorded bundles of
// testdata, the way the server they were recorded from pages them ({{base}} in a file is the
// server's base URL). fail lists, per file, statuses to answer before the file itself.
type recorded struct {
	srv  *httptest.Server
	base string

	mu       sync.Mutex
	fail     map[string][]int
	requests []*http.Request
	auth     func(r *http.Request) int // 0: accepted
}

func newRecorded(t *testing.T) *recorded {
	t.Helper()
	h := &recorded{fail: map[string][]int{}}
	h.srv = httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(h.srv.Close)
	h.base = h.srv.URL + "/fhir"
	return h
}

func (h *recorded) file(r *http.Request) string {
	switch r.URL.Path {
	case "/fhir/Encounter":
		return "encounters-1.json"
	case "/fhir/AllergyIntolerance":
		return "allergies.json"
	case "/fhir/NutritionOrder":
		return "nutrition-1.json"
	case "/fhir":
		switch r.URL.Query().Get("_getpages") {
		case "b8f1c2d4":
			return "encounters-2.json"
		case "5e2a90f1":
			return "nutrition-2.json"
		}
	}
	return ""
}

func (h *recorded) serve(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.requests = append(h.requests, r)
	name := h.file(r)
	var status int
	if q := h.fail[name]; len(q) > 0 {
		status, h.fail[name] = q[0], q[1:]
	}
	auth := h.auth
	h.mu.Unlock()
	if auth != nil {
		if code := auth(r); code != 0 {
			w.WriteHeader(code)
			return
		}
	}
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "7")
	}
	if status != 0 {
		w.Header().Set("Content-Type", "application/fhir+json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"transient"}]}`))
		return
	}
	if name == "" {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/fhir+json;charset=utf-8")
	_, _ = w.Write([]byte(strings.ReplaceAll(string(b), "{{base}}", h.base)))
}

func (h *recorded) paths() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, r := range h.requests {
		out = append(out, r.URL.Path)
	}
	return out
}

// waits records the retry delays instead of sleeping.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) wait(_ context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return nil
}

func testSettings(base string) Settings {
	return Settings{Kind: KindFHIR, BaseURL: base, PageSize: 10, Maps: Maps{
		Wards:       map[string]string{"W01": "W01", "W02": "W02"},
		Rooms:       map[string]string{"W01-101": "R101", "W02-201": "R201"},
		Beds:        map[string]string{"W01-101-1": "B1011", "W02-201-3": "B2013"},
		DietTypes:   map[string]string{"DIET-DM": "DT01", "DIET-BLEND": "DT04", "DIET-LIQ": "DT03"},
		Therapeutic: map[string]string{"https://his.samrap-hospital.example/diet|DIET-DM": "TF01"},
		NPO:         []string{"NPO"},
		Allergens: map[string]string{"ALG-SHRIMP": "AL01", GroupPeanuts: "AL02", GroupMilk: "AL03",
			GroupEggs: "AL04"},
		Ingredients: map[string]string{"PORK": "RI01"},
	}}
}

func connect(t *testing.T, s Settings, c Credentials, w *waits) *FHIR {
	t.Helper()
	f, err := NewFHIR(s, c, Options{Wait: w.wait, Zone: ict, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func ptr[T any](v T) *T { return &v }

func sct(code, display string) Coding { return Coding{System: SNOMED, Code: code, Display: display} }

const his = "https://his.samrap-hospital.example/"

// wantCensus is what the recorded bundles say, read by hand from testdata.
func wantCensus() []Admission {
	return []Admission{
		{HN: "HN001", PatientID: "pat-1001", EncounterID: "enc-1001", NameTh: "สมชาย ใจดี", NameEn: "Somchai Jaidee",
			Gender: "male", BirthDate: "1958-03-14", Ward: "W01", Room: "W01-101", Bed: "W01-101-1",
			Admitted: at("2026-11-20T09:30:00+07:00"), PlannedEnd: ptr(at("2026-11-28T12:00:00+07:00")),
			Allergies: []Concept{{Codings: []Coding{sct("762952008", "Peanut (substance)")}, Text: "ถั่วลิสง"}},
			Diets: []DietOrder{{Types: []Concept{{Codings: []Coding{{his + "diet", "DIET-DM", "อาหารเบาหวาน"}}}},
				From: ptr(at("2026-11-20T11:00:00+07:00"))}}},
		// Missing optional fields; moved out of W01 into W02 (the old bed is completed).
		{HN: "HN002", PatientID: "pat-1002", EncounterID: "enc-1002", NameTh: "มาลี ศรีสุข", Ward: "W02",
			Admitted:  time.Date(2026, 11, 18, 0, 0, 0, 0, ict),
			Allergies: []Concept{{Codings: []Coding{{his + "allergen", "ALG-SHRIMP", "กุ้ง"}}}},
			Diets: []DietOrder{{Types: []Concept{{Codings: []Coding{{his + "diet", "NPO", "งดน้ำงดอาหาร"}}}},
				From: ptr(at("2026-11-24T00:00:00+07:00")), To: ptr(at("2026-11-24T14:00:00+07:00"))}}},
		// Unknown codes; the location is a bare identifier.
		{HN: "HN003", PatientID: "pat-1003", EncounterID: "enc-1003", NameEn: "John Smith", Gender: "male",
			BirthDate: "1971", Ward: "W01", Admitted: at("2026-11-21T22:05:00+07:00"),
			Allergies: []Concept{{Codings: []Coding{{his + "allergen", "TH-FOOD-0412", ""}}, Text: "ปลาร้า (fermented fish sauce)"}},
			Diets: []DietOrder{{Types: []Concept{{Codings: []Coding{{his + "diet", "DIET-KETO", "Ketogenic diet"}}}},
				Excludes: []Concept{{Codings: []Coding{{his + "ingredient", "ING-MSG", "ผงชูรส"}}}},
				From:     ptr(at("2026-11-22T07:30:00+07:00"))}}},
		// On the second page; a pureed diet with mildly thick drinks.
		{HN: "HN004", PatientID: "pat-1004", EncounterID: "enc-1004", NameTh: "บุญมี รักษ์ไทย", NameEn: "Boonmee Rakthai",
			Gender: "female", BirthDate: "1940-07", Ward: "W02", Room: "W02-201", Bed: "W02-201-3",
			Admitted:  at("2026-11-24T06:45:00+07:00"),
			Allergies: []Concept{{Codings: []Coding{{his + "allergen", "ALG-EGG", "ไข่"}, sct("303300008", "Egg protein (substance)")}}},
			Diets: []DietOrder{{
				Types: []Concept{
					{Codings: []Coding{sct("1255825005", "International Dysphagia Diet Standardisation Initiative Framework - Pureed Level 4 food")}},
					{Codings: []Coding{{his + "diet", "DIET-BLEND", "อาหารปั่นผสม"}}}},
				Fluids:   []Concept{{Codings: []Coding{sct("1237442003", "International Dysphagia Diet Standardisation Initiative Framework - Mildly Thick Level 2")}}},
				Excludes: []Concept{{Codings: []Coding{{his + "ingredient", "PORK", ""}}, Text: "เนื้อหมู"}},
				From:     ptr(at("2026-11-24T07:00:00+07:00"))}}},
	}
}

func same(t *testing.T, what string, got, want any) {
	t.Helper()
	g, _ := json.MarshalIndent(got, "", " ")
	w, _ := json.MarshalIndent(want, "", " ")
	if string(g) != string(w) {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

func TestCensusReadsTheRecordedBundles(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	w := &waits{}
	c, err := connect(t, testSettings(h.base), Credentials{}, w).Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	same(t, "admissions", c.Admissions, wantCensus())
	var skipped []string
	for _, s := range c.Skipped {
		skipped = append(skipped, s.Resource)
	}
	slices.Sort(skipped)
	same(t, "skipped", skipped, []string{"Encounter/enc-1005", h.base + "/Encounter/enc-1006"})
	if c.Pages != 5 {
		t.Errorf("pages = %d, want 5 (2 encounter, 1 allergy, 2 diet)", c.Pages)
	}
	same(t, "paths", h.paths(), []string{"/fhir/Encounter", "/fhir", "/fhir/AllergyIntolerance", "/fhir/NutritionOrder", "/fhir"})
	first := h.requests[0].URL.Query()
	same(t, "census search", first, map[string][]string{"status": {"in-progress"}, "class": {"IMP,ACUTE,NONAC"},
		"_include": {"Encounter:patient", "Encounter:location"}, "_count": {"10"}})
	allergy := h.requests[2].URL.Query()
	same(t, "allergy search", allergy, map[string][]string{"patient": {"pat-1001,pat-1002,pat-1003,pat-1004"},
		"clinical-status": {"active"}, "category": {"food"}, "_count": {"10"}})
	if h.requests[0].Header.Get("Accept") != "application/fhir+json" || h.requests[0].Header.Get("Authorization") != "" {
		t.Errorf("headers = %v", h.requests[0].Header)
	}
	if len(w.d) != 0 {
		t.Errorf("waited %v without a failure", w.d)
	}
}

func TestCensusRetries500ThenSucceeds(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	h.fail["encounters-2.json"] = []int{500}
	h.fail["nutrition-1.json"] = []int{502, 503}
	w := &waits{}
	c, err := connect(t, testSettings(h.base), Credentials{}, w).Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	same(t, "admissions", c.Admissions, wantCensus())
	same(t, "waits", w.d, []time.Duration{500 * time.Millisecond, 500 * time.Millisecond, time.Second})
}

func TestCensusFailures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fail  map[string][]int
		want  error
		waits []time.Duration
	}{
		{name: "401", fail: map[string][]int{"encounters-1.json": {401}}, want: ErrUnauthorized},
		{name: "403", fail: map[string][]int{"allergies.json": {403}}, want: ErrForbidden},
		{name: "404", fail: map[string][]int{"encounters-2.json": {404}}, want: ErrBadResponse},
		{name: "503 through every retry", fail: map[string][]int{"encounters-1.json": {503, 503, 503, 503}},
			want: ErrUnavailable, waits: []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}},
		{name: "429 obeys Retry-After", fail: map[string][]int{"nutrition-2.json": {429}},
			waits: []time.Duration{7 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newRecorded(t)
			h.fail = tt.fail
			w := &waits{}
			c, err := connect(t, testSettings(h.base), Credentials{}, w).Census(context.Background())
			if tt.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				same(t, "admissions", c.Admissions, wantCensus())
			} else if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			same(t, "waits", w.d, tt.waits)
		})
	}
}

// bundleServer answers every request with one body.
func bundleServer(t *testing.T, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/fhir+json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestCensusRefusesWhatIsNotACensus(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"not a bundle":          `{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"not-supported"}]}`,
		"not JSON":              `<html><body>Login</body></html>`,
		"next link elsewhere":   `{"resourceType":"Bundle","type":"searchset","link":[{"relation":"next","url":"https://elsewhere.example/fhir?page=2"}]}`,
		"bundle of wrong shape": `{"resourceType":"Bundle","type":"searchset","entry":"none"}`,
	}
	for name, body := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			base := bundleServer(t, body)
			_, err := connect(t, testSettings(base), Credentials{}, &waits{}).Census(context.Background())
			if !errors.Is(err, ErrBadResponse) || !IsConfig(err) {
				t.Fatalf("err = %v, want ErrBadResponse", err)
			}
		})
	}
}

func TestProbeSaysWhatTheFirstPageHolds(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	r, err := connect(t, testSettings(h.base), Credentials{}, &waits{}).Probe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r.Elapsed = 0
	same(t, "probe", r, ProbeResult{Total: ptr(5), Encounters: 3, Patients: 3, Locations: 3, HasNext: true})
	if got := h.requests[0].URL.Query().Get("_count"); got != "10" {
		t.Errorf("_count = %s", got)
	}
	if len(h.requests) != 1 {
		t.Errorf("probe sent %d requests, want 1", len(h.requests))
	}
}

func TestProbeReportsRefusedCredentials(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	h.fail["encounters-1.json"] = []int{401}
	_, err := connect(t, testSettings(h.base), Credentials{}, &waits{}).Probe(context.Background())
	if !errors.Is(err, ErrUnauthorized) || !IsConfig(err) {
		t.Fatalf("err = %v, want ErrUnauthorized", err)
	}
}

func TestAHangingHospitalTimesOut(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	s := testSettings(srv.URL)
	s.TimeoutSeconds, s.Retries = 1, 1
	w := &waits{}
	start := time.Now()
	_, err := connect(t, s, Credentials{}, w).Probe(context.Background())
	if !errors.Is(err, ErrUnavailable) || IsConfig(err) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	if len(w.d) != 1 || time.Since(start) > 5*time.Second {
		t.Errorf("waits %v, took %v", w.d, time.Since(start))
	}
}

func TestCancellingStopsTheRetries(t *testing.T) {
	t.Parallel()
	h := newRecorded(t)
	h.fail["encounters-1.json"] = []int{503, 503, 503}
	ctx, cancel := context.WithCancel(context.Background())
	f, err := NewFHIR(testSettings(h.base), Credentials{}, Options{Loopback: true, Wait: func(ctx context.Context, d time.Duration) error {
		cancel()
		return ctx.Err()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Census(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := len(h.paths()); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}
