package reports_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/awstest"
	"samrap/pkg/platform"
)

// BenchmarkMealCardsBranchDay is issue 15's worst realistic request: one branch's whole day
// of cards in one generatePDF — 500 beds, every meal type of the branch, a caregiver's tray at
// every meal too (5,000 trays, dishes ordered one by one) — through
// the real path: the trays' query, the tokens, the render and the put to S3 (moto_server)
// with its signed link, on one core (GOMAXPROCS=1, a Lambda of 1,769 MB or less). API
// Gateway answers 504 after 29 s; docs/reports.md says what bound this sets.
func BenchmarkMealCardsBranchDay(b *testing.B) {
	for _, layout := range []string{"A4", "LABEL80"} {
		b.Run(layout, func(b *testing.B) {
			f := newFixture(b)
			cfg := awstest.Config(b, moto.Endpoint(b))
			files := awstest.Store(b, cfg, awstest.NewBucket(b, cfg))
			f.s.Rewire(func(env *platform.Env) { env.Files = files })
			trays := branchDay(b, f)
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			body := f.all(map[string]any{"layout": layout})
			var count int
			start, cpu := time.Now(), cpuTime()
			for b.Loop() {
				res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/generatePDF", Token: f.ctrl, JSON: body})
				if res.Status != 200 {
					b.Fatalf("%d %s", res.Status, res.Data)
				}
				var l struct{ Count int }
				res.Into(b, &l)
				count = l.Count
			}
			if count < trays*9/10 {
				b.Fatalf("%d cards of %d trays", count, trays)
			}
			b.ReportMetric(float64(count), "trays")
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/request")
			// the Go side's own processor time (render, tokens, JSON, S3 client): what a busy
			// machine does not inflate; the query's is PostgreSQL's
			b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/request")
		})
	}
}

// branchDay adds 500 patients in beds of their own with every meal type of today ordered (three
// dishes each) for them and their caregivers, and answers the branch's live trays of today.
func branchDay(b testing.TB, f *fixture) int {
	b.Helper()
	f.exec(b, `INSERT INTO room (branch_code, code, name_th, name_en, ward_id, room_type_id)
		SELECT 'SRP01', 'BN-' || lpad(g::text, 3, '0'), 'เตียง BN-' || g, 'Bed BN-' || g, r.ward_id, r.room_type_id
		FROM room r, generate_series(1, 500) g WHERE r.branch_code = 'SRP01' AND r.code = 'W01-01'`)
	f.exec(b, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id, room_id,
			card_language, texture_food, special_request)
		SELECT 'SRP01', 'BN' || r.code, 'สมชาย', 'ทดสอบ' || r.code, 'Somchai', 'Test ' || r.code, r.ward_id, r.id,
			(ARRAY['TH', 'EN', 'ALL'])[1 + r.id % 3], CASE WHEN r.id % 7 = 0 THEN 5 END, CASE WHEN r.id % 4 = 0 THEN 'ไม่ใส่ผงชูรส' ELSE '' END
		FROM room r WHERE r.branch_code = 'SRP01' AND r.code LIKE 'BN-%'`)
	f.exec(b, `INSERT INTO meal_order (branch_code, patient_id, caregiver, caregiver_info, order_date, meal_time_id, order_type, status,
			course_type, patient_facts)
		SELECT 'SRP01', p.id, c.caregiver, CASE WHEN c.caregiver THEN '{"allergenIds": [], "restrictedIds": []}'::jsonb END,
			$1::date, t.id, 'ORD', 'WAITING', 'MENU', patient_food_facts('SRP01', p.id)
		FROM patient p, meal_time t, (VALUES (false), (true)) c(caregiver)
		WHERE p.branch_code = 'SRP01' AND p.hn_id LIKE 'BNBN-%' AND t.branch_code = 'SRP01'
`, f.today)
	f.exec(b, `INSERT INTO meal_order_item (branch_code, order_id, position, menu_id)
		SELECT 'SRP01', o.id, k, m.id FROM meal_order o
			JOIN patient p ON p.id = o.patient_id AND p.hn_id LIKE 'BNBN-%',
			generate_series(1, 3) k,
			LATERAL (SELECT id FROM menu WHERE branch_code = 'SRP01' ORDER BY id OFFSET (k * 7 + p.id) % 20 LIMIT 1) m
		WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date`, f.today)
	return f.trays(b, "true")
}

// cpuTime is the processor time this process has used (user and system).
func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
