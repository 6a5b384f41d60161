package nutrition_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"samrap/pkg/nutrition"
)

// branchOf1200 adds to the fixture 1,200 current patients of ward W01 (regular diet, every
// other one diabetic, one in ten with own targets and a weight), each with breakfast (a dish),
// lunch (the two-dish set) and dinner (two dishes) ordered on the fixture's date.
func branchOf1200(b *testing.B, f *fixture) {
	b.Helper()
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, ward_id, diet_type_id)
		SELECT 'SRP01', 'B' || lpad(n::text, 5, '0'), 'ผู้ป่วย', n::text, w.id, d.id FROM generate_series(1, 1200) n, ward w, diet_type d
		WHERE w.branch_code = 'SRP01' AND w.code = 'W01' AND d.branch_code = 'SRP01' AND d.code = 'DT01'`,
		`INSERT INTO patient_therapeutic SELECT 'SRP01', p.id, t.id FROM patient p, therapeutic t
		WHERE p.branch_code = 'SRP01' AND p.hn_id LIKE 'B%' AND p.id % 2 = 0 AND t.branch_code = 'SRP01' AND t.code = 'TF01'`,
		`INSERT INTO patient_nutrition (branch_code, patient_id, weight_kg) SELECT 'SRP01', p.id, 60 FROM patient p
		WHERE p.branch_code = 'SRP01' AND p.hn_id LIKE 'B%' AND p.id % 10 = 0`,
		`INSERT INTO patient_nutrient_target (branch_code, patient_id, nutrient, basis, daily_min, daily_max)
		SELECT branch_code, patient_id, 'energy', 'KG', 25, 30 FROM patient_nutrition`,
	} {
		if _, err := f.s.DB.Exec(ctx, sql); err != nil {
			b.Fatal(err)
		}
	}
	for _, m := range []struct {
		meal, course string
		menus        []int64
		set          int64
	}{
		{"MT01", "MENU", []int64{f.dishes["T-RICE"]}, 0},
		{"MT02", "SET", nil, f.set},
		{"MT03", "MENU", []int64{f.dishes["T-RICE"], f.dishes["T-CURRY"]}, 0},
	} {
		_, err := f.s.DB.Exec(ctx, `WITH o AS (
				INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, course_type, patient_facts, ordered_by)
				SELECT 'SRP01', p.id, $1::date, $2, 'ORD', 'WAITING', $3, patient_food_facts('SRP01', p.id), 'bench'
				FROM patient p WHERE p.branch_code = 'SRP01' AND p.hn_id LIKE 'B%' RETURNING id)
			INSERT INTO meal_order_item (branch_code, order_id, position, menu_id, menu_set_id)
			SELECT 'SRP01', o.id, i.n, i.menu_id, nullif($5::bigint, 0) FROM o,
				(SELECT x.menu_id, x.n::int FROM unnest($4::bigint[]) WITH ORDINALITY AS x(menu_id, n)
				 UNION ALL SELECT NULL, 1 WHERE $5::bigint <> 0) i`,
			f.date, f.meals[m.meal], m.course, m.menus, m.set)
		if err != nil {
			b.Fatalf("%s: %v", m.meal, err)
		}
	}
	if _, err := f.s.DB.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkBranchDays1200 times a branch's day for 1,200 patients with three trays each
// (issue 27's budget: 100 ms), beside BenchmarkPatientDay, one patient's day (baseline).
//
//	go test -run '^$' -bench 'BranchDays1200|PatientDay' -benchtime 20x ./pkg/nutrition
func BenchmarkBranchDays1200(b *testing.B) {
	f := newFixture(b)
	branchOf1200(b, f)
	s := nutrition.NewService(f.s.DB, f.s.Clock.Now)
	ctx := context.Background()
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		days, total, err := s.Days(ctx, "SRP01", f.date, nutrition.DayFilter{})
		took = append(took, time.Since(start))
		if err != nil || total < 1200 || len(days) != total {
			b.Fatalf("%d of %d days: %v", len(days), total, err)
		}
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}

func BenchmarkPatientDay(b *testing.B) {
	f := newFixture(b)
	branchOf1200(b, f)
	s := nutrition.NewService(f.s.DB, f.s.Clock.Now)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := s.Day(ctx, "SRP01", "B00600", f.date)
		if err != nil || len(d.Meals) != 3 {
			b.Fatalf("%+v %v", d, err)
		}
	}
}
