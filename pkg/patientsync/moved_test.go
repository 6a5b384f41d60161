package patientsync_test

import (
	"testing"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/demo"
	"samrap/pkg/hospital/fhirdemo"
	"samrap/pkg/patientsync"
)

// The hospital sync moves patients whose card was printed (docs/orders.md "Moved"): the
// demo census moves SRP01-HN10004 to W02-16, and a later census swaps two patients' beds
// (the sync frees both beds, then takes them, in one transaction). The printed orders of
// today are flagged moved, not for review; an order never printed is not; the census moving
// them back clears the flags.
func TestSyncMovesPrintedOrders(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	today := f.s.Clock.Now().In(day.Bangkok).Format(time.DateOnly)
	census := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	// two patients of the census with beds and no order yet, who stay where they are at the first sync
	var a, b int = -1, -1
	for i, x := range census {
		if x.Bed == "" || x.HN == "SRP01-HN10004" || f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = $1`, x.HN) > 0 {
			continue
		}
		if a < 0 {
			a = i
		} else if b < 0 && x.Ward == census[a].Ward {
			b = i
		}
	}
	hnA, hnB, hnMoved := census[a].HN, census[b].HN, "SRP01-HN10004"
	// a lunch for each, printed with their beds now; a breakfast for the first, not printed
	order := func(hn, meal string) {
		t.Helper()
		_, err := f.s.DB.Exec(t.Context(), `INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status,
				course_type, description, patient_facts)
			SELECT 'SRP01', p.id, $2::date, m.id, 'ORD', 'WAITING', 'SPECIFIC', 'ข้าวต้ม rice soup', patient_food_facts('SRP01', p.id)
			FROM patient p, meal_time m WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND m.branch_code = 'SRP01' AND m.code = $3
			ON CONFLICT DO NOTHING`, hn, today, meal)
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, hn := range []string{hnA, hnB, hnMoved} {
		order(hn, "MT02")
	}
	order(hnA, "MT01")
	// the print of generatePDF (pkg/reports) records each card with the place it names
	_, err := f.s.DB.Exec(t.Context(), `SELECT meal_order_printed('SRP01', array_agg(o.id), array_agg(coalesce(p.ward_id, 0)),
			array_agg(coalesce(p.room_id, 0)))
		FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
		JOIN meal_time m ON m.branch_code = o.branch_code AND m.id = o.meal_time_id
		WHERE o.branch_code = 'SRP01' AND o.order_date = $2::date AND m.code = 'MT02' AND p.hn_id = ANY ($1)`,
		[]string{hnA, hnB, hnMoved}, today)
	if err != nil {
		t.Fatal(err)
	}
	moved := func(hn, meal string) bool {
		t.Helper()
		return f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
			JOIN meal_time m ON m.branch_code = o.branch_code AND m.id = o.meal_time_id
			WHERE o.branch_code = 'SRP01' AND p.hn_id = $1 AND m.code = $2 AND o.order_date = $3::date AND o.moved`,
			hn, meal, today) == 1
	}
	if moved(hnMoved, "MT02") || moved(hnA, "MT02") {
		t.Fatal("flagged before any move")
	}

	var homeWard, homeBed string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT w.code, r.code FROM patient p JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
		JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id WHERE p.branch_code = 'SRP01' AND p.hn_id = $1`, hnMoved).Scan(&homeWard, &homeBed); err != nil {
		t.Fatal(err)
	}

	// the first sync moves SRP01-HN10004 only
	if j := f.sync(t, "en"); j.Status != patientsync.Done {
		t.Fatalf("sync: %+v", j)
	}
	if !moved(hnMoved, "MT02") || moved(hnA, "MT02") || moved(hnB, "MT02") {
		t.Fatalf("first sync: moved %v, %s %v, %s %v", moved(hnMoved, "MT02"), hnA, moved(hnA, "MT02"), hnB, moved(hnB, "MT02"))
	}

	reviews := func() int {
		return f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = ANY ($1) AND o.needs_review`,
			[]string{hnA, hnB})
	}
	held := reviews()

	// the hospital swaps the two patients' beds: both printed lunches moved, the breakfast not,
	// and no order more needs review (a move is not a safety change)
	swapped := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	swapped[a].Ward, swapped[a].Room, swapped[a].Bed, swapped[b].Ward, swapped[b].Room, swapped[b].Bed =
		swapped[b].Ward, swapped[b].Room, swapped[b].Bed, swapped[a].Ward, swapped[a].Room, swapped[a].Bed
	f.hospital.Serve(fhirdemo.Handler(swapped))
	if j := f.sync(t, "en"); j.Status != patientsync.Done || len(j.Report.Moved) != 2 {
		t.Fatalf("swap sync: %+v", j.Report)
	}
	if !moved(hnA, "MT02") || !moved(hnB, "MT02") || moved(hnA, "MT01") || reviews() != held {
		t.Fatalf("swap: %s %v (breakfast %v), %s %v", hnA, moved(hnA, "MT02"), moved(hnA, "MT01"), hnB, moved(hnB, "MT02"))
	}

	// and back, with SRP01-HN10004 back in its printed bed too: every flag cleared
	back := demo.HospitalCensus("SRP01", f.s.Clock.Now())
	for i := range back {
		if back[i].HN == hnMoved {
			back[i].Ward, back[i].Bed = homeWard, homeBed
		}
	}
	f.hospital.Serve(fhirdemo.Handler(back))
	if j := f.sync(t, "en"); j.Status != patientsync.Done {
		t.Fatalf("sync back: %+v", j)
	}
	if moved(hnA, "MT02") || moved(hnB, "MT02") || moved(hnMoved, "MT02") {
		t.Fatalf("back: %s %v, %s %v, %s %v", hnA, moved(hnA, "MT02"), hnB, moved(hnB, "MT02"), hnMoved, moved(hnMoved, "MT02"))
	}
}
