package fhirdemo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"samrap/pkg/hospital"
)

var ict = time.FixedZone("ICT", 7*3600)

// admissions makes n demo admissions that use every field the connector reads.
func admissions(n int) []hospital.Admission {
	var out []hospital.Admission
	for i := range n {
		admitted := time.Date(2026, 11, 1+i%20, 8+i%10, 0, 0, 0, ict)
		a := hospital.Admission{
			HN: fmt.Sprintf("HN%05d", i), NameTh: fmt.Sprintf("ผู้ป่วย ทดสอบ%d", i), NameEn: fmt.Sprintf("Patient Test%d", i),
			Gender: []string{"male", "female", "other", "unknown"}[i%4], BirthDate: fmt.Sprintf("19%02d-0%d-1%d", 30+i%60, 1+i%9, i%10),
			Ward: fmt.Sprintf("W%02d", i%7), Room: fmt.Sprintf("W%02d-%d", i%7, i%30), Bed: fmt.Sprintf("W%02d-%d-%d", i%7, i%30, i%4),
			Admitted: admitted,
		}
		a.PatientID, a.EncounterID = "p-"+a.HN, "e-"+a.HN
		if i%3 == 0 {
			a.NameEn, a.Bed = "", ""
			end := admitted.Add(96 * time.Hour)
			a.PlannedEnd = &end
		}
		if i%2 == 0 {
			a.Allergies = []hospital.Concept{
				{Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "762952008", Display: "Peanut"}}},
				{Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "3718001"}}, Text: "นมวัว"}}
		}
		if i%5 == 0 {
			a.Allergies = append(a.Allergies, hospital.Concept{Text: "แพ้ปลาร้า"})
		}
		if i%4 != 3 {
			from := admitted.Add(2 * time.Hour)
			d := hospital.DietOrder{From: &from,
				Types: []hospital.Concept{{Codings: []hospital.Coding{{System: "urn:demo:diet", Code: fmt.Sprintf("DT0%d", 1+i%4)}}}}}
			if i%8 == 0 {
				to := from.Add(10 * time.Hour)
				d.To = &to
				d.Fluids = []hospital.Concept{{Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "1237442003"}}}}
				d.Textures = []hospital.Concept{{Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "1237447009"}}}}
				d.Excludes = []hospital.Concept{{Codings: []hospital.Coding{{Code: "RI01"}}, Text: "เนื้อหมู"}}
			}
			a.Diets = []hospital.DietOrder{d}
		}
		out = append(out, a)
	}
	return out
}

// serve mounts the demo hospital under /dev/fhir, as the local server does.
func serve(t *testing.T, list []hospital.Admission) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/dev/fhir/", http.StripPrefix("/dev/fhir", Handler(list)))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/dev/fhir"
}

func show(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}

func TestTheConnectorReadsTheDemoHospital(t *testing.T) {
	t.Parallel()
	want := admissions(230)
	base := serve(t, want)
	f, err := hospital.NewFHIR(hospital.Settings{Kind: hospital.KindFHIR, BaseURL: base, PageSize: 50},
		hospital.Credentials{}, hospital.Options{Zone: ict, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g, w := show(c.Admissions), show(want); g != w {
		t.Fatalf("census differs from the admissions served:\n%.2000s", firstDiff(g, w))
	}
	// 5 pages of 50 encounters, then allergies and diets for each of the 5 groups of 50
	// patients (the 60 allergies of a full group take 2 pages of 50).
	if len(c.Skipped) != 0 || c.Pages != 5+(2+2+2+2+1)+5 {
		t.Errorf("pages %d, skipped %v", c.Pages, c.Skipped)
	}

	p, err := f.Probe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if *p.Total != 230 || p.Encounters != 10 || p.Patients != 10 || p.Locations != 10 || !p.HasNext {
		t.Errorf("probe = %+v", p)
	}
}

func firstDiff(a, b string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return "got …" + a[max(0, i-200):min(len(a), i+200)] + "\nwant …" + b[max(0, i-200):min(len(b), i+200)]
		}
	}
	return "lengths differ"
}

func TestTheDemoHospitalAnswersLikeAFHIRServer(t *testing.T) {
	t.Parallel()
	base := serve(t, admissions(3))
	get := func(path string) (int, map[string]any) {
		t.Helper()
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v: %s", path, err, b)
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/fhir+json") {
			t.Errorf("%s: content type %q", path, ct)
		}
		return res.StatusCode, m
	}
	status, m := get("/metadata")
	if status != 200 || m["resourceType"] != "CapabilityStatement" || m["fhirVersion"] != "4.0.1" {
		t.Errorf("metadata = %d %v", status, m)
	}
	status, m = get("/Observation?patient=p-HN00000")
	if status != 404 || m["resourceType"] != "OperationOutcome" {
		t.Errorf("unknown resource = %d %v", status, m)
	}
	status, m = get("/Encounter?status=finished")
	if status != 200 || m["total"] != float64(0) || m["entry"] != nil {
		t.Errorf("finished encounters = %d %v", status, m)
	}
	// A page of two: two encounters, their patients and locations, and a next link on the
	// path the client used.
	status, m = get("/Encounter?status=in-progress&_include=Encounter:patient&_include=Encounter:location&_count=2")
	entries, _ := m["entry"].([]any)
	links, _ := m["link"].([]any)
	if status != 200 || m["total"] != float64(3) || len(entries) != 2+2+5 || len(links) != 2 {
		t.Fatalf("page = %d %s", status, show(m))
	}
	next := links[1].(map[string]any)
	if next["relation"] != "next" || !strings.HasPrefix(next["url"].(string), base+"/Encounter?") ||
		!strings.Contains(next["url"].(string), "_offset=2") {
		t.Errorf("next = %v", next)
	}
	_, m = get("/AllergyIntolerance?patient=Patient/p-HN00000,p-HN00002,p-nobody")
	if m["total"] != float64(5) {
		t.Errorf("allergies = %s", show(m))
	}
	if status, _ := get("/Encounter?_count=100000"); status != 200 {
		t.Errorf("a huge _count = %d", status)
	}
}

// ignoring serves h as a FHIR server that ignores some of what it is asked: drop removes
// it from each request's query before h reads it.
func ignoring(t *testing.T, h http.Handler, drop func(path string, q url.Values)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		drop(r.URL.Path, q)
		r.URL.RawQuery = q.Encode()
		r.RequestURI = r.URL.RequestURI()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func connect(t *testing.T, base string) *hospital.FHIR {
	t.Helper()
	f, err := hospital.NewFHIR(hospital.Settings{Kind: hospital.KindFHIR, BaseURL: base, PageSize: 50},
		hospital.Credentials{}, hospital.Options{Zone: ict, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// FHIR lets a server ignore _include: what the bundle did not include is read by id, and
// every patient still gets its ward, room and bed.
func TestAServerIgnoringIncludeStillGivesEveryBed(t *testing.T) {
	t.Parallel()
	want := admissions(120)
	for name, drop := range map[string]func(url.Values){
		"locations": func(q url.Values) {
			q["_include"] = slices.DeleteFunc(q["_include"], func(s string) bool { return s == "Encounter:location" })
		},
		"altogether": func(q url.Values) { q.Del("_include") },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			asked := map[string]int{}
			base := ignoring(t, Handler(want), func(path string, q url.Values) {
				mu.Lock()
				asked[path]++
				mu.Unlock()
				drop(q)
			})
			c, err := connect(t, base).Census(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if g, w := show(c.Admissions), show(want); g != w {
				t.Fatalf("census differs from the admissions served:\n%.2000s", firstDiff(g, w))
			}
			if len(c.Skipped) != 0 || len(c.Warnings) != 0 {
				t.Errorf("skipped %v, warnings %v", c.Skipped, c.Warnings)
			}
			// 50 ids a search: 120 patients in 3; the beds, then their rooms, then the wards
			if name == "altogether" && asked["/Patient"] != 3 {
				t.Errorf("patient searches = %d, want 3", asked["/Patient"])
			}
			if asked["/Location"] < 3 || asked["/Location"] > 9 {
				t.Errorf("location searches = %d", asked["/Location"])
			}
			p, err := connect(t, base).Probe(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if p.Encounters != 10 || p.Patients != 10 || p.Locations != 10 {
				t.Errorf("probe = %+v", p)
			}
		})
	}
}

// A location the hospital does not have is a warning of the census, never a silent null.
func TestALocationNotFoundIsAWarning(t *testing.T) {
	t.Parallel()
	want := admissions(4)
	gone := "bd-" + want[1].Bed
	base := ignoring(t, Handler(want), func(path string, q url.Values) {
		q.Del("_include")
		if path == "/Location" {
			ids := strings.Split(q.Get("_id"), ",")
			q.Set("_id", strings.Join(slices.DeleteFunc(ids, func(id string) bool { return id == gone }), ","))
		}
	})
	c, err := connect(t, base).Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want[1].Ward, want[1].Room, want[1].Bed = "", "", ""
	if g, w := show(c.Admissions), show(want); g != w {
		t.Fatalf("census:\n%.2000s", firstDiff(g, w))
	}
	if g, w := show(c.Warnings), show([]hospital.Warning{{HN: want[1].HN, Kind: hospital.WarnLocationNotFound, Resource: "Location/" + gone}}); g != w {
		t.Errorf("warnings = %s, want %s", g, w)
	}
}

// A server may refuse a search by _id (FHIR does not oblige it to support _id with several
// values): what the bundle did not include is then read one resource at a time by the read
// interaction, and every patient still gets its ward, room and bed (issue 30).
func TestAServerRefusingIDSearchesStillGivesEveryBed(t *testing.T) {
	t.Parallel()
	want := admissions(12)
	var mu sync.Mutex
	refused, reads := 0, 0
	h := Handler(want)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		q.Del("_include")
		r.URL.RawQuery = q.Encode()
		r.RequestURI = r.URL.RequestURI()
		mu.Lock()
		defer mu.Unlock()
		if q.Has("_id") {
			refused++
			w.Header().Set("Content-Type", "application/fhir+json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"not-supported","diagnostics":"_id is not a supported search parameter"}]}`))
			return
		}
		if strings.Count(r.URL.Path, "/") == 2 {
			reads++
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := connect(t, srv.URL).Census(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g, w := show(c.Admissions), show(want); g != w {
		t.Fatalf("census differs from the admissions served:\n%.2000s", firstDiff(g, w))
	}
	if len(c.Skipped) != 0 || len(c.Warnings) != 0 {
		t.Errorf("skipped %v, warnings %v", c.Skipped, c.Warnings)
	}
	if refused == 0 || reads < 12 {
		t.Errorf("refused searches %d, reads %d", refused, reads)
	}
}
