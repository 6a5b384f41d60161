package patients_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/httpx"
	"samrap/pkg/patients"
)

// BenchmarkSearch10000 times the census search over 10,000 current patients of a branch
// (issue 12's budget: 20 ms server time at p95), for the screen's usual calls: the first
// page, a name or HN typed in the criteria, a ward filter and a sort by name. It reports
// p95-ms beside ms/op.
//
//	go test -run '^$' -bench Search10000 -benchtime 200x ./pkg/patients
func BenchmarkSearch10000(b *testing.B) {
	ctx := context.Background()
	pool := dbtest.New(b)
	if err := demo.Load(ctx, pool); err != nil {
		b.Fatal(err)
	}
	s := patients.NewService(pool, time.Now)
	var wards []int64
	rows, err := pool.Query(ctx, `SELECT id FROM ward WHERE branch_code = 'SRP01' ORDER BY code`)
	if err != nil {
		b.Fatal(err)
	}
	if wards, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		b.Fatal(err)
	}
	first := []string{"สมชาย", "สมศรี", "วิชัย", "มาลี", "อนันต์", "รัตนา", "บุญมี", "ศิริพร"}
	last := []string{"ใจดี", "ศรีสุข", "ทองคำ", "มั่นคง", "ปัญญาดี"}
	for batch := 0; batch < 10; batch++ {
		ins := make([]patients.Input, 1000)
		for i := range ins {
			n := batch*1000 + i
			w := wards[n%len(wards)]
			ins[i] = patients.Input{HnID: fmt.Sprintf("B%06d", n), FirstNameTh: first[n%len(first)], LastNameTh: last[n%len(last)],
				FirstNameEn: fmt.Sprintf("Patient%d", n), WardID: &w, Diagnosis: "ทดสอบ"}
		}
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := s.Apply(ctx, tx, "SRP01", "bench", patients.SourceHospital, ins, nil)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	calls := []struct {
		f Filter
		p httpx.PageParams
	}{
		{Filter{}, httpx.PageParams{Page: 1, Size: 20}},
		{Filter{Criteria: "B004"}, httpx.PageParams{Page: 1, Size: 20}},
		{Filter{Criteria: "ศิริพร"}, httpx.PageParams{Page: 3, Size: 20}},
		{Filter{WardID: wards[1]}, httpx.PageParams{Page: 5, Size: 50}},
		{Filter{}, httpx.PageParams{Page: 1, Size: 20, SortBy: "name"}},
	}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := calls[i%len(calls)]
		start := time.Now()
		page, err := s.Search(ctx, "SRP01", c.f, c.p)
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		if c.f == (Filter{}) && page.Total < 10_000 {
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
			b.Logf("%+v %+v: median %v", c.f, c.p, per[len(per)/2])
		}
	}
	dbtest.ReportP95(b, took)
}

// Filter is the service's filter, named here for the table above.
type Filter = patients.Filter
