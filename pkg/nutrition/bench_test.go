package nutrition_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/dbtest"
	"samrap/pkg/i18n"
	"samrap/pkg/nutrition"
)

// branchOf1200 adds to the fixture 1,200 current patients of ward W01 (regular diet, every
// other one diabetic, one in ten with own targets and a weight), each with breakfast (a dish),
// lunch (the two-dish set) and dinner (two dishes) ordered on the fixture's date.
func branchOf1200(b testing.TB, f *fixture) {
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
		SELECT n.branch_code, n.patient_id, 'energy', 'KG', 25, 30 FROM patient_nutrition n
		JOIN patient p ON p.branch_code = n.branch_code AND p.id = n.patient_id WHERE p.hn_id LIKE 'B%'`,
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
	dbtest.ReportP95(b, took)
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

// weekOf1200 is branchOf1200 with a week of eating: the same three trays ordered on each of
// the 6 days before the fixture's date too (25,200 trays), every one served and collected —
// most eaten whole, every seventh patient a quarter (under half the target: the worklist's
// LOW_INTAKE), every thirteenth sending its trays back untouched (REFUSED).
func weekOf1200(b testing.TB, f *fixture) {
	b.Helper()
	branchOf1200(b, f)
	ctx := context.Background()
	for _, sql := range []string{
		`WITH src AS (SELECT o.id, o.patient_id, o.meal_time_id, o.course_type, o.patient_facts FROM meal_order o
				JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
				WHERE o.branch_code = 'SRP01' AND p.hn_id LIKE 'B%' AND o.order_date = $1::date),
			o AS (INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, course_type, patient_facts, ordered_by)
				SELECT 'SRP01', src.patient_id, $1::date - k, src.meal_time_id, 'ORD', 'WAITING', src.course_type, src.patient_facts, 'bench'
				FROM src, generate_series(1, 6) k RETURNING id, patient_id, meal_time_id)
		INSERT INTO meal_order_item (branch_code, order_id, position, menu_id, menu_set_id)
		SELECT 'SRP01', o.id, i.position, i.menu_id, i.menu_set_id FROM o
			JOIN src ON src.patient_id = o.patient_id AND src.meal_time_id = o.meal_time_id
			JOIN meal_order_item i ON i.order_id = src.id`,
		`UPDATE meal_order SET status = 'SERVED' WHERE branch_code = 'SRP01' AND ordered_by = 'bench'`,
		`INSERT INTO serve_record (branch_code, order_id, action, matched, request_id, served_by)
		SELECT 'SRP01', id, 'SERVED', true, gen_random_uuid(), 'bench' FROM meal_order WHERE branch_code = 'SRP01' AND ordered_by = 'bench'`,
		`INSERT INTO tray_intake (branch_code, order_id, quarters, scanned, recorded_by)
		SELECT 'SRP01', o.id, CASE WHEN o.patient_id % 13 = 0 THEN 0 WHEN o.patient_id % 7 = 0 THEN 1 ELSE 4 END, true, 'bench'
		FROM meal_order o WHERE o.branch_code = 'SRP01' AND o.ordered_by = 'bench'`,
		// each record's figures, as a collection keeps them (migration 00031)
		`UPDATE tray_intake SET gave = tray_gave(branch_code, order_id) WHERE branch_code = 'SRP01' AND recorded_by = 'bench'`,
		`UPDATE tray_intake SET eaten = tray_eaten(gave, quarters, item_quarters) WHERE branch_code = 'SRP01' AND recorded_by = 'bench'`,
		`ANALYZE`,
	} {
		var args []any
		if strings.Contains(sql, "$1") {
			args = append(args, f.date)
		}
		if _, err := f.s.DB.Exec(ctx, sql, args...); err != nil {
			b.Fatalf("%s: %v", sql, err)
		}
	}
}

// BenchmarkWorklist1200 times the Nutritionist's worklist of a branch of 1,200 patients with a
// week of trays served and collected (issue 27's budget: 100 ms), beside BenchmarkIntake, one
// patient's intake over the same week (baseline).
//
//	go test -run '^$' -bench 'Worklist1200|Intake$' -benchtime 20x ./pkg/nutrition
func BenchmarkWorklist1200(b *testing.B) {
	f := newFixture(b)
	weekOf1200(b, f)
	s := nutrition.NewService(f.s.DB, f.s.Clock.Now)
	ctx := context.Background()
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		items, err := s.Worklist(ctx, i18n.EN, "SRP01", f.date, 0)
		took = append(took, time.Since(start))
		if err != nil || len(items) < 1200/7 {
			b.Fatalf("%d listed: %v", len(items), err)
		}
	}
	b.StopTimer()
	dbtest.ReportP95(b, took)
}

func BenchmarkIntake(b *testing.B) {
	f := newFixture(b)
	weekOf1200(b, f)
	s := nutrition.NewService(f.s.DB, f.s.Clock.Now)
	ctx := context.Background()
	to, _ := day.Parse(f.date)
	r := day.Range{From: to.AddDate(0, 0, -6), To: to}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in, err := s.Intake(ctx, "SRP01", "B00600", r, false)
		if err != nil || len(in.Days) != 7 || in.Days[0].Collected != 3 {
			b.Fatalf("%+v %v", in, err)
		}
	}
}

// BenchmarkRecordIntake times recording what a patient ate (POST /api/serve/collect through
// the real router in process: the token check, the tray's checks, the record, its change-log
// row and activity entry in one transaction; issue 27's budget: 10 ms server time) in the
// branch of 1,200 patients with a week of trays, each call a correction of the one before
// (HALF, then ALL, …), beside the read of the same tray (POST /api/serve/collectTray, baseline:
// b.N = the reads too).
//
//	go test -run '^$' -bench 'RecordIntake' -benchtime 50x ./pkg/nutrition
func BenchmarkRecordIntake(b *testing.B) {
	f := newFixture(b)
	weekOf1200(b, f)
	serve := f.s.SignIn("serve@samrap.local").Access
	var order string
	if err := f.s.DB.QueryRow(context.Background(), `SELECT o.id::text FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code
		AND p.id = o.patient_id WHERE p.hn_id = 'B00600' AND o.order_date = $1::date ORDER BY o.meal_time_id LIMIT 1`, f.date).Scan(&order); err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{"/api/serve/collectTray", "/api/serve/collect"} {
		b.Run(strings.TrimPrefix(path, "/api/serve/"), func(b *testing.B) {
			var took []time.Duration
			for i := 0; i < b.N; i++ {
				body := map[string]any{"branchCode": "SRP01", "orderId": order}
				if path == "/api/serve/collect" {
					body["deviceId"], body["eaten"] = "bench", []string{"HALF", "ALL"}[i%2]
				}
				start := time.Now()
				res := f.s.Do(apitest.Request{Method: "POST", Path: path, Token: serve, JSON: body})
				took = append(took, time.Since(start))
				if res.Status != http.StatusOK {
					b.Fatalf("%s: %d %s", path, res.Status, res.Body)
				}
			}
			dbtest.ReportP95(b, took)
		})
	}
}
