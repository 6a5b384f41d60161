package orders_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/day"
	"samrap/pkg/dbtest"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/orders"
	"samrap/pkg/patients"
)

// countingService answers an orders service over a pool of the fixture's database that
// counts its statements (closed when the test ends).
func countingService(t testing.TB, f *fixture) (*orders.Service, *dbtest.Counter) {
	t.Helper()
	pool, c := dbtest.Counting(t, f.s.Env.DB)
	return orders.NewService(pool, f.s.Clock.Now, nil), c
}

// A submit is a fixed number of statements whatever the number of items, dates and meal
// types (issue 14's benchmark note): one dish for one meal, and three dishes for two dates.
func TestSubmitIsAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	svc, c := countingService(t, f)
	midnight, _ := day.Parse(f.today)
	count := func(hn string, dates []string, codes ...string) int64 {
		f.patient(t, hn, "", nil, nil)
		d := orders.Draft{HnID: hn, Dates: dates, MealTimeIDs: []int64{f.lunchID}, OrderType: "ORD", CourseType: "MENU",
			IdempotencyKey: "k-" + hn}
		for _, code := range codes {
			d.Items = append(d.Items, orders.Item{MenuID: f.dishes[code]})
		}
		before := c.Load()
		out, err := svc.Submit(context.Background(), i18n.EN, "SRP01", "bench", d, activity("bench", "orders.submit"))
		if err != nil || len(out.Orders) != len(dates) {
			t.Fatalf("submit %s: %+v %v", hn, out, err)
		}
		return c.Load() - before
	}
	one := count("T-ST1", []string{f.today}, "T-PLAIN")
	many := count("T-ST2", []string{f.today, midnight.AddDate(0, 0, 7).Format(time.DateOnly)}, "T-PLAIN", "T-SOUP", "T-THICK")
	if one != many || one > 15 {
		t.Fatalf("statements: %d for one dish and meal, %d for three dishes and two dates", one, many)
	}
	t.Logf("a submit is %d statements (begin and commit included)", one)
}

// BenchmarkOrderSearch1200 times the order list of a branch of 1,200 current patients with
// every one of 5 meal types ordered today (issue 14's budget: 50 ms server time), for the
// first page, a ward filter, the not-ordered filter (of any meal, and of lunch) and a search;
// p95-ms beside ms/op.
//
//	go test -run '^$' -bench OrderSearch1200 -benchtime 100x ./pkg/orders
func BenchmarkOrderSearch1200(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	pool := f.s.Env.DB
	if _, err := pool.Exec(ctx, `INSERT INTO meal_time (branch_code, code, name_th, name_en, start_time, end_time, abbreviation)
		VALUES ('SRP01', 'MT05', 'มื้อดึก', 'Late snack', '20:00', '21:00', 'LS')`); err != nil {
		b.Fatal(err)
	}
	svc := patients.NewService(pool, f.s.Clock.Now)
	var ward int64
	if err := pool.QueryRow(ctx, `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W02'`).Scan(&ward); err != nil {
		b.Fatal(err)
	}
	for batch := 0; batch < 2; batch++ {
		ins := make([]patients.Input, 600)
		for i := range ins {
			n := batch*600 + i
			ins[i] = patients.Input{HnID: fmt.Sprintf("B%05d", n), FirstNameTh: "ผู้ป่วย", LastNameTh: fmt.Sprint(n), WardID: &ward}
		}
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := svc.Apply(ctx, tx, "SRP01", "bench", patients.SourceHospital, ins, nil)
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
	// every current patient, every meal type: a specific meal (one in 50 needing review)
	if _, err := pool.Exec(ctx, `INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status,
			course_type, description, patient_facts, review_reasons, ordered_by)
		SELECT 'SRP01', p.id, $1::date, t.id, 'ORD', 'WAITING', 'SPECIFIC', 'ข้าวต้ม', patient_food_facts('SRP01', p.id),
			CASE WHEN p.id % 50 = 0 THEN '{DIET}'::text[] ELSE '{}' END, 'bench'
		FROM patient p, meal_time t WHERE p.branch_code = 'SRP01' AND p.visit_status = 'Current' AND t.branch_code = 'SRP01'
		ON CONFLICT DO NOTHING`, f.today); err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	s := orders.NewService(pool, f.s.Clock.Now, nil)
	calls := []orders.SearchFilter{{Date: f.today}, {Date: f.today, WardID: ward}, {Date: f.today, Status: "NOT_ORDERED"},
		{Date: f.today, Status: "NOT_ORDERED", MealTimeID: f.lunchID}, {Date: f.today, Criteria: "B001"}}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		page, err := s.Search(ctx, "SRP01", calls[i%len(calls)], httpx.PageParams{Page: 1, Size: 20})
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		if i%len(calls) == 0 && page.Total < 1200 {
			b.Fatalf("total %d", page.Total)
		}
	}
	b.StopTimer()
	if testing.Verbose() && b.N >= len(calls) {
		for i, c := range calls {
			var per []time.Duration
			for j := i; j < len(took); j += len(calls) {
				per = append(per, took[j])
			}
			slices.Sort(per)
			b.Logf("%+v: median %v", c, per[len(per)/2])
		}
	}
	dbtest.ReportP95(b, took)
}

// BenchmarkSubmitOrder times submitOrder for one patient and meal with every check (issue
// 14's budget: 15 ms), beside BenchmarkOrderDetails, a read of one order by id (baseline).
//
//	go test -run '^$' -bench 'SubmitOrder|OrderDetails' ./pkg/orders
func BenchmarkSubmitOrder(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	f.patient(b, "T-BENCH", "", []string{"AL02"}, nil)
	s := orders.NewService(f.s.Env.DB, f.s.Clock.Now, nil)
	d := orders.Draft{HnID: "T-BENCH", Dates: []string{f.today}, MealTimeIDs: []int64{f.lunchID}, OrderType: "ORD",
		CourseType: "MENU", Items: []orders.Item{{MenuID: f.dishes["T-PEANUT"], AlternativeNote: "no peanut"},
			{MenuID: f.dishes["T-SOUP"]}, {MenuID: f.dishes["T-THICK"]}}}
	if _, err := f.s.Env.DB.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.IdempotencyKey = fmt.Sprint("bench-", i)
		out, err := s.Submit(ctx, i18n.EN, "SRP01", "bench", d, activity("bench", "orders.submit"))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if _, err := f.s.Env.DB.Exec(ctx, `DELETE FROM meal_order WHERE patient_id = (SELECT id FROM patient WHERE hn_id = 'T-BENCH')`); err != nil {
			b.Fatal(err)
		}
		_ = out
		b.StartTimer()
	}
}

func BenchmarkOrderDetails(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	f.patient(b, "T-BENCH", "", nil, nil)
	s := orders.NewService(f.s.Env.DB, f.s.Clock.Now, nil)
	out, err := s.Submit(ctx, i18n.EN, "SRP01", "bench", orders.Draft{HnID: "T-BENCH", Dates: []string{f.today},
		MealTimeIDs: []int64{f.lunchID}, OrderType: "ORD", CourseType: "MENU", Items: []orders.Item{{MenuID: f.dishes["T-PLAIN"]}}},
		activity("bench", "orders.submit"))
	if err != nil {
		b.Fatal(err)
	}
	id := out.Orders[0].OrderID
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Details(ctx, "SRP01", id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRound30 times a ward's meal round of 30 patients (issue 25 §2's budget: the round's
// check and submit ≤ 150 ms server time): checkerRound then submitRound, each patient a dish of
// the day; stmts/op counts the database statements of both (each a fixed number whatever the
// number of patients: TestRoundIsAFixedNumberOfStatements).
//
//	go test -run '^$' -bench Round30 -benchtime 20x ./pkg/orders
func BenchmarkRound30(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	s, c := countingService(b, f)
	in := orders.RoundInput{DateOrder: f.today, MealTimeID: f.lunchID}
	for i := 0; i < 30; i++ {
		hn := fmt.Sprintf("T-RB%02d", i)
		f.patient(b, hn, "", nil, nil)
		in.Rows = append(in.Rows, orders.RoundPick{HnID: hn, OrderType: "ORD", CourseType: "MENU",
			Items: []orders.Item{{MenuID: f.dishes["T-PLAIN"]}}})
	}
	if _, err := f.s.Env.DB.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	var stmts int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := c.Load()
		in.IdempotencyKey = fmt.Sprint("round-", i)
		checks, err := s.CheckRound(ctx, i18n.EN, "SRP01", in)
		if err != nil || len(checks) != 30 {
			b.Fatalf("check: %d %v", len(checks), err)
		}
		out, err := s.SubmitRound(ctx, i18n.EN, "SRP01", "bench", in, activity("bench", "orders.submitRound"))
		if err != nil || len(out.Ordered) != 30 {
			b.Fatalf("submit: %+v %v", out.Refused, err)
		}
		stmts += c.Load() - before
		b.StopTimer()
		if _, err := f.s.Env.DB.Exec(ctx, `DELETE FROM meal_order WHERE patient_id IN (SELECT id FROM patient WHERE hn_id LIKE 'T-RB%')`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(stmts)/float64(b.N), "stmts/op")
}

// Reading a round, checking it and submitting it are each a fixed number of statements
// whatever the ward's size (issue 25 §2): 3 patients and 30.
func TestRoundIsAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	s, c := countingService(t, f)
	var ward int64
	if err := f.s.Env.DB.QueryRow(ctx, `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W01'`).Scan(&ward); err != nil {
		t.Fatal(err)
	}
	count := func(n int) (int64, int64, int64) {
		in := orders.RoundInput{DateOrder: f.today, MealTimeID: f.lunchID, IdempotencyKey: fmt.Sprint("count-", n)}
		for i := 0; i < n; i++ {
			hn := fmt.Sprintf("T-RC%d-%02d", n, i)
			f.patient(t, hn, "", []string{"AL02"}, nil)
			in.Rows = append(in.Rows, orders.RoundPick{HnID: hn, OrderType: "ORD", CourseType: "MENU",
				Items: []orders.Item{{MenuID: f.dishes["T-PLAIN"]}, {MenuID: f.dishes["T-SOUP"]}}})
		}
		before := c.Load()
		if _, err := s.MealRound(ctx, i18n.EN, "SRP01", ward, f.today, f.lunchID); err != nil {
			t.Fatal(err)
		}
		read := c.Load() - before
		before = c.Load()
		if _, err := s.CheckRound(ctx, i18n.EN, "SRP01", in); err != nil {
			t.Fatal(err)
		}
		check := c.Load() - before
		before = c.Load()
		out, err := s.SubmitRound(ctx, i18n.EN, "SRP01", "count", in, activity("count", "orders.submitRound"))
		if err != nil || len(out.Ordered) != n {
			t.Fatalf("submitRound of %d: %+v %v", n, out.Refused, err)
		}
		return read, check, c.Load() - before
	}
	r1, c1, s1 := count(3)
	r2, c2, s2 := count(30)
	if r1 != r2 || c1 != c2 || s1 != s2 {
		t.Fatalf("statements for 3 then 30 patients: mealRound %d then %d, checkerRound %d then %d, submitRound %d then %d",
			r1, r2, c1, c2, s1, s2)
	}
	t.Logf("mealRound is %d statements, checkerRound %d, submitRound %d (begin and commit included)", r1, c1, s1)
}
