package demo_test

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/i18n"
	"samrap/pkg/nutrition"
)

// rowCounts answers the number of rows of every table of the schema.
func rowCounts(t *testing.T, pool *db.Pool) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int64{}
	for _, name := range tables {
		var n int64
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM "`+name+`"`).Scan(&n); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		counts[name] = n
	}
	return counts
}

// make run loads the demo data at every start: a second load adds nothing and fails nothing.
func TestLoadTwiceAddsNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Load(ctx, pool); err != nil {
		t.Fatalf("first load: %v", err)
	}
	first := rowCounts(t, pool)
	if first["app_user"] < 8 || first["branch"] != 2 || first["user_permission"] == 0 {
		t.Fatalf("the demo data is not there: %v", first)
	}
	if err := demo.Load(ctx, pool); err != nil {
		t.Fatalf("second load: %v", err)
	}
	if second := rowCounts(t, pool); !maps.Equal(first, second) {
		t.Fatalf("a second load changed the row counts:\nfirst  %v\nsecond %v", first, second)
	}
}

// The demo's week of intake (issue 27 §5): the Nutritionist's worklist lists two patients of
// ward W01 of each branch, one eating under half the target two days in a row, one who sent
// the last three trays back untouched; no tray of the days before today is of the afternoon
// snack, and none is today's (the browser tests read those).
func TestDemoWorklist(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := demo.Load(ctx, pool); err != nil {
		t.Fatal(err)
	}
	s := nutrition.NewService(pool, time.Now)
	for _, branch := range []string{demo.Bangkok, demo.ChiangMai} {
		items, err := s.Worklist(ctx, i18n.EN, branch, day.TodayString(time.Now()), 0)
		if err != nil {
			t.Fatal(err)
		}
		var reasons []string
		for _, it := range items {
			for _, r := range it.Reasons {
				reasons = append(reasons, it.WardCode+" "+r.Code)
			}
		}
		slices.Sort(reasons)
		if !slices.Equal(reasons, []string{"W01 LOW_INTAKE", "W01 REFUSED"}) || len(items) != 2 {
			t.Errorf("%s: the worklist lists %v", branch, reasons)
		}
	}
	var snack, today int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE t.code = 'MT04'), count(*) FILTER (WHERE o.order_date >= $1::date)
		FROM tray_intake i JOIN meal_order o ON o.id = i.order_id JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id`,
		day.TodayString(time.Now())).Scan(&snack, &today); err != nil {
		t.Fatal(err)
	}
	if snack != 0 || today != 0 {
		t.Errorf("%d snack trays, %d of today collected", snack, today)
	}
}
