package patientsync_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/hospital"
	"samrap/pkg/hospital/fhirdemo"
	"samrap/pkg/imports"
	"samrap/pkg/patients"
	"samrap/pkg/patientsync"
)

// bigCensus is 1,000 patients of ward W01 on diet diet.
func bigCensus(diet string) []hospital.Admission {
	out := make([]hospital.Admission, 1000)
	admitted := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	for i := range out {
		out[i] = hospital.Admission{HN: fmt.Sprintf("B-HN%06d", i), NameTh: fmt.Sprintf("ผู้ป่วย ที่%d", i),
			NameEn: fmt.Sprintf("Patient No%d", i), Gender: "female", BirthDate: "1950-01-01", Ward: "W01", Admitted: admitted,
			Allergies: []hospital.Concept{{Codings: []hospital.Coding{{System: "urn:samrap:demo:allergen", Code: "AL02"}}}},
			Diets:     []hospital.DietOrder{{Types: []hospital.Concept{{Codings: []hospital.Coding{{System: "urn:samrap:demo:diet", Code: diet}}}}}}}
	}
	return out
}

// BenchmarkSync1000 is one sync of a 1,000-patient census in the worker, every patient's
// diet changed: fetched from the demo hospital over loopback HTTP, mapped, diffed and
// written set-based with its change log in one transaction (docs/patient-sync.md).
func BenchmarkSync1000(b *testing.B) {
	f := newFixture(b)
	a, bb := fhirdemo.Handler(bigCensus("DT01")), fhirdemo.Handler(bigCensus("DT02"))
	if err := patientsync.SetDefaultSettings(b.Context(), f.s.DB, "SRP02", demo.HospitalSettings(f.hospital.URL)); err != nil {
		b.Fatal(err)
	}
	w := patientsync.NewWorker(f.s.DB, f.s.Clock.Now, f.s.Env.Log, f.s.Env.Secret)
	w.Options.Loopback = true // the test hospital is on this machine
	sync := func() {
		id := imports.NewJobID()
		if _, err := f.s.DB.Exec(b.Context(), `INSERT INTO patient_sync_job (id, branch_code) VALUES ($1, 'SRP02')`, id); err != nil {
			b.Fatal(err)
		}
		if err := w.Run(b.Context(), id, "SRP02"); err != nil {
			b.Fatal(err)
		}
		var status string
		_ = f.s.DB.QueryRow(b.Context(), `SELECT status || error_key FROM patient_sync_job WHERE id = $1`, id).Scan(&status)
		if status != patientsync.Done {
			b.Fatalf("sync: %s", status)
		}
	}
	f.hospital.Serve(a)
	sync() // admits the 1,000
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			f.hospital.Serve(bb)
		} else {
			f.hospital.Serve(a)
		}
		i++
		sync()
	}
}

// BenchmarkApply1000RowByRow is the baseline of the write: the same 1,000 diet changes
// through patients.Service.Apply one patient at a time, in one transaction.
func BenchmarkApply1000RowByRow(b *testing.B) {
	s := apitest.New(b)
	ps := patients.NewService(s.DB, time.Now)
	ins := make([]patients.Input, 1000)
	for i := range ins {
		ins[i] = patients.Input{HnID: fmt.Sprintf("B-HN%06d", i), FirstNameTh: "ผู้ป่วย", LastNameTh: fmt.Sprint(i)}
	}
	ctx := context.Background()
	codes, err := ps.LoadCodes(ctx, s.DB, "SRP02")
	if err != nil {
		b.Fatal(err)
	}
	diets := [2]int64{}
	diets[0], _ = codes.ID("dietType", "DT01")
	diets[1], _ = codes.ID("dietType", "DT02")
	write := func(oneByOne bool, diet int64) {
		err := pgx.BeginFunc(ctx, s.DB, func(tx pgx.Tx) error {
			for i := range ins {
				ins[i].DietTypeID = &diet
			}
			if !oneByOne {
				_, err := ps.Apply(ctx, tx, "SRP02", "bench", patients.SourceHospital, ins, nil)
				return err
			}
			for i := range ins {
				if _, err := ps.Apply(ctx, tx, "SRP02", "bench", patients.SourceHospital, ins[i:i+1], nil); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	write(false, diets[0])
	for _, c := range []struct {
		name     string
		oneByOne bool
	}{{"set-based", false}, {"row-by-row", true}} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				i++
				write(c.oneByOne, diets[i%2])
			}
		})
	}
}
