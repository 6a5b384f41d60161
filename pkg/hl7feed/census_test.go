package hl7feed_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/hospital"
	"samrap/pkg/hospital/fhirdemo"
	"samrap/pkg/patients"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue"
)

// One census, sent as FHIR (the patient sync) and as HL7 v2 (the feed: an A03 for each
// patient the census no longer lists, then an A01 and an OMD^O03 per patient), ends in
// identical patient rows: the two paths share the apply step. The demo hospital's census
// has what a sync finds (two gone home, an admission in a freed bed, a readmission, a
// move, a diet changed, a new SNOMED CT allergy, an NPO tonight, an unmapped diet), less
// its drinks' IDDSI levels, which HL7 v2 has no field for (docs/hl7.md).
func TestOneCensusAsFHIRAndAsHL7(t *testing.T) {
	t.Parallel()
	census := func(now time.Time) []hospital.Admission {
		list := demo.HospitalCensus("SRP01", now)
		for i := range list {
			for j := range list[i].Diets {
				list[i].Diets[j].Fluids = nil
			}
		}
		return list
	}

	// FHIR
	a := apitest.New(t)
	w := patientsync.NewWorker(a.DB, a.Clock.Now, a.Env.Log, a.Env.Secret)
	w.Options.Loopback = true
	q := queue.NewMemory(w.Handle, queue.MemoryConfig{Name: patientsync.Queue})
	t.Cleanup(func() { _ = q.Close() })
	a.Env.SetQueue(patientsync.Queue, q)
	hs := httptest.NewServer(fhirdemo.Handler(census(a.Clock.Now())))
	t.Cleanup(hs.Close)
	if err := patientsync.SetDefaultSettings(t.Context(), a.DB, "SRP01", demo.HospitalSettings(hs.URL)); err != nil {
		t.Fatal(err)
	}
	bct := a.TokenAs("controller@samrap.local", "SRP01", "BCT")
	if res := a.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/importData?branchCode=SRP01", Token: bct}); res.Status != http.StatusOK {
		t.Fatalf("sync: %d %s", res.Status, res.Body)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if a.Count(`SELECT count(*) FROM patient_sync_job WHERE branch_code = 'SRP01' AND status = 'DONE'`) == 1 {
			break
		}
		if time.Now().After(deadline) || a.Count(`SELECT count(*) FROM patient_sync_job WHERE status = 'FAILED'`) > 0 {
			t.Fatal("the sync did not finish")
		}
	}

	// HL7 v2
	f := newFeed(t)
	now := f.s.Clock.Now()
	list := census(now)
	listed := map[string]bool{}
	for _, ad := range list {
		listed[ad.HN] = true
	}
	var current []string
	for _, hn := range hnsOf(t, f.s, `AND visit_status = 'Current'`) {
		if !listed[hn] {
			current = append(current, hn)
		}
	}
	if len(current) == 0 {
		t.Fatal("the census discharges nobody")
	}
	var msgs []string
	for _, hn := range current {
		msgs = append(msgs, f.out.ADT("A03", hospital.Admission{HN: hn}, now))
	}
	f.post(t, joined(msgs))
	f.wait(t) // the beds are free before anyone moves in
	msgs = msgs[:0]
	for _, ad := range list {
		msgs = append(msgs, f.out.ADT("A01", ad, now))
		if len(ad.Diets) > 0 {
			msgs = append(msgs, f.out.DietOrder("NW", ad, now.Add(time.Second)))
		}
	}
	f.post(t, joined(msgs))
	f.wait(t)
	if n := f.s.Count(`SELECT count(*) FROM hl7_message WHERE status <> 'applied'`); n != 0 {
		t.Fatalf("%d messages not applied", n)
	}

	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = 'SRP01-HN20001' AND visit_status = 'Current'`); n != 1 {
		t.Fatal("the census's admission is not in")
	}
	fhir, hl7 := rowsOf(t, a), rowsOf(t, f.s)
	if len(fhir) != len(hl7) {
		t.Fatalf("%d patients through FHIR, %d through HL7", len(fhir), len(hl7))
	}
	for i := range fhir {
		if fhir[i] != hl7[i] {
			t.Errorf("patient differs:\nFHIR %s\nHL7  %s", fhir[i], hl7[i])
		}
	}
}

func joined(msgs []string) string {
	out := ""
	for _, m := range msgs {
		out += m
	}
	return out
}

// rowsOf answers SRP01's patients as JSON, without what says who wrote them and when, with
// what the hospital said of their allergies.
func rowsOf(t *testing.T, s *apitest.Server) []string {
	t.Helper()
	ctx := context.Background()
	hns := hnsOf(t, s, "")
	byHN, err := patients.NewService(s.DB, s.Clock.Now).ByHn(ctx, s.DB, "SRP01", hns)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, hn := range hns {
		p := byHN[hn]
		p.Version, p.UpdatedAt, p.UpdatedBy, p.LastImportAt = 0, time.Time{}, "", nil
		var codes, texts []string
		if err := s.DB.QueryRow(ctx, `SELECT hospital_allergen_codes, hospital_allergy_texts FROM patient
			WHERE branch_code = 'SRP01' AND hn_id = $1`, hn).Scan(&codes, &texts); err != nil {
			t.Fatal(err)
		}
		slices.Sort(codes)
		slices.Sort(texts)
		b, _ := json.Marshal(struct {
			patients.Patient
			Codes, Texts []string
		}{p, codes, texts})
		out = append(out, string(b))
	}
	return out
}

// hnsOf answers the HNs of SRP01's patients, in order, that the condition (SQL after WHERE
// ... AND) keeps.
func hnsOf(t *testing.T, s *apitest.Server, and string) []string {
	t.Helper()
	rows, err := s.DB.Query(context.Background(), `SELECT hn_id FROM patient WHERE branch_code = 'SRP01' `+and+` ORDER BY hn_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var hn string
		if err := rows.Scan(&hn); err != nil {
			t.Fatal(err)
		}
		out = append(out, hn)
	}
	return out
}
