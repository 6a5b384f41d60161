package db_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/dbtest"
)

// A Deferred transaction sends its Execs together with the next statement that answers (one
// round trip more, not one each), in order; an Exec's error is the next call's; a rollback
// drops what waits; the commit sends it first.
func TestDeferredSendsExecsTogether(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE deferred_t (n int PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	counted, c := dbtest.Counting(t, pool)
	count := func(q interface {
		QueryRow(context.Context, string, ...any) pgx.Row
	}) int {
		var n int
		if err := q.QueryRow(ctx, `SELECT count(*) FROM deferred_t`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	tx, err := counted.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d := &db.Deferred{Tx: tx}
	before := c.Load()
	for i := range 3 {
		if _, err := d.Exec(ctx, `INSERT INTO deferred_t VALUES ($1)`, i); err != nil {
			t.Fatal(err)
		}
	}
	if c.Load() != before {
		t.Errorf("the Execs made %d round trips before a query", c.Load()-before)
	}
	if n := count(d); n != 3 {
		t.Errorf("the query after three Execs saw %d rows, want 3", n)
	}
	if trips := c.Load() - before; trips != 2 {
		t.Errorf("three Execs and a query: %d round trips, want 2", trips)
	}
	// waiting at the commit: sent before it
	if _, err := d.Exec(ctx, `INSERT INTO deferred_t VALUES (3)`); err != nil {
		t.Fatal(err)
	}
	if err := d.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(pool); n != 4 {
		t.Fatalf("%d rows committed, want 4", n)
	}

	// an Exec that fails: its error is the next query's; nothing of the transaction is kept
	err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
		d := &db.Deferred{Tx: tx}
		_, _ = d.Exec(ctx, `INSERT INTO deferred_t VALUES (10)`)
		if _, err := d.Exec(ctx, `INSERT INTO deferred_t VALUES (0)`); err != nil {
			t.Errorf("a duplicate key failed at its Exec: %v", err)
		}
		_, err := d.Query(ctx, `SELECT 1`)
		return err
	})
	if _, ok := db.IsUniqueViolation(err); !ok {
		t.Fatalf("the failed Exec surfaced as %v, want the unique violation", err)
	}
	if n := count(pool); n != 4 {
		t.Fatalf("%d rows after the failed transaction, want 4", n)
	}

	// a rollback drops what waits
	if tx, err = pool.Begin(ctx); err != nil {
		t.Fatal(err)
	}
	d = &db.Deferred{Tx: tx}
	_, _ = d.Exec(ctx, `INSERT INTO deferred_t VALUES (20)`)
	if err := d.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(pool); n != 4 {
		t.Fatalf("%d rows after a rollback, want 4", n)
	}
}
