package fhirdemo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
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
		hospital.Credentials{}, hospital.Options{Zone: ict})
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
	status, m = get("/Encounter?status=in-progress&_count=2")
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
