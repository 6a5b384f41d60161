package db_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/dbtest"
)

// trips counts what reaches PostgreSQL: a query or a batch is one round trip; checks counts
// how many times the check statement was sent.
type trips struct{ n, checks atomic.Int64 }

const checkMark = "/* check */"

func (t *trips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	t.n.Add(1)
	if strings.Contains(d.SQL, checkMark) {
		t.checks.Add(1)
	}
	return ctx
}
func (t *trips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (t *trips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	t.n.Add(1)
	return ctx
}
func (t *trips) TraceBatchQuery(_ context.Context, _ *pgx.Conn, d pgx.TraceBatchQueryData) {
	if strings.Contains(d.SQL, checkMark) {
		t.checks.Add(1)
	}
}
func (t *trips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// traced opens a second pool on a fresh test database, counting its round trips.
func traced(t *testing.T) (*db.Pool, *trips) {
	t.Helper()
	base := dbtest.New(t)
	tr := &trips{}
	p, err := db.Open(t.Context(), base.Config().ConnString(), db.Options{
		BeforeConnect: func(_ context.Context, cc *pgx.ConnConfig) error { cc.Tracer = tr; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	if _, err := p.Exec(t.Context(), `CREATE TABLE probe (n int)`); err != nil {
		t.Fatal(err)
	}
	tr.n.Store(0)
	return p, tr
}

var errRefused = errors.New("refused")

// check is a request's check: passing, or raising like session_check does for a closed
// session.
func check(pass bool) *db.Check {
	sql := checkMark + " SELECT 1"
	if !pass {
		sql = checkMark + " SELECT session_check('00000000-0000-0000-0000-000000000000', 0)"
	}
	return &db.Check{SQL: sql, Fail: func(error) error { return errRefused }}
}

func TestACheckRidesWithTheFirstStatement(t *testing.T) {
	t.Parallel()
	p, tr := traced(t)
	ctx := db.WithCheck(t.Context(), check(true))

	var n int
	if err := p.QueryRow(ctx, `SELECT 41 + 1`).Scan(&n); err != nil || n != 42 {
		t.Fatalf("first read = %d, %v; want 42", n, err)
	}
	if got := tr.n.Load(); got != 1 {
		t.Fatalf("first read took %d round trips, want 1 (check and statement together)", got)
	}
	rows, err := p.Query(ctx, `SELECT generate_series(1, 3)`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil || len(got) != 3 {
		t.Fatalf("second read = %v, %v", got, err)
	}
	if c := tr.checks.Load(); c != 1 {
		t.Fatalf("the check was sent %d times, want once per request", c)
	}
	if err := p.RunCheck(ctx); err != nil || tr.checks.Load() != 1 {
		t.Fatalf("RunCheck after the check ran = %v, sent %d times", err, tr.checks.Load())
	}

	// Rows read to the end through a batch give their connection back: a pool of one
	// connection can go on.
	one, err := db.Open(t.Context(), p.Config().ConnString(), db.Options{MaxConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	for i := range 3 {
		ctx := db.WithCheck(t.Context(), check(true))
		rows, err := one.Query(ctx, `SELECT generate_series(1, 2)`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		var none int
		if err := one.QueryRow(db.WithCheck(t.Context(), check(true)), `SELECT 1 WHERE false`).Scan(&none); !errors.Is(err, pgx.ErrNoRows) {
			t.Fatalf("request %d: no row = %v, want pgx.ErrNoRows", i, err)
		}
	}
}

func TestAFailedCheckRunsNothing(t *testing.T) {
	t.Parallel()
	p, tr := traced(t)
	for name, run := range map[string]func(ctx context.Context) error{
		"exec": func(ctx context.Context) error {
			_, err := p.Exec(ctx, `INSERT INTO probe VALUES (1)`)
			return err
		},
		"query row": func(ctx context.Context) error {
			var n int
			return p.QueryRow(ctx, `INSERT INTO probe VALUES (2) RETURNING n`).Scan(&n)
		},
		"query": func(ctx context.Context) error {
			rows, err := p.Query(ctx, `INSERT INTO probe VALUES (3) RETURNING n`)
			if err == nil {
				rows.Close()
			}
			return err
		},
		"begin": func(ctx context.Context) error {
			return db.InTx(ctx, p, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO probe VALUES (4)`)
				return err
			})
		},
	} {
		ctx := db.WithCheck(t.Context(), check(false))
		if err := run(ctx); !errors.Is(err, errRefused) {
			t.Fatalf("%s with a failed check = %v, want the check's refusal", name, err)
		}
		before := tr.n.Load()
		if err := run(ctx); !errors.Is(err, errRefused) || tr.n.Load() != before {
			t.Fatalf("%s again = %v after %d round trips, want the refusal without the database", name, err, tr.n.Load()-before)
		}
	}
	var n int
	if err := p.QueryRow(t.Context(), `SELECT count(*) FROM probe`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("rows written under a failed check = %d (%v), want 0", n, err)
	}
}

func TestConcurrentStatementsSendTheCheckOnce(t *testing.T) {
	t.Parallel()
	p, tr := traced(t)
	ctx := db.WithCheck(t.Context(), check(true))
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			var n int
			errs <- p.QueryRow(ctx, `SELECT 1`).Scan(&n)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if c := tr.checks.Load(); c != 1 {
		t.Fatalf("the check was sent %d times by 8 concurrent statements, want 1", c)
	}
}
