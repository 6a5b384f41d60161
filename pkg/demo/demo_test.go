package demo_test

import (
	"context"
	"maps"
	"testing"

	"samrap/pkg/db"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
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
