package db

import (
	"context"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Pool is the connection pool every area queries through: pgx's pool, plus the check a
// request may carry (WithCheck). A request's check is sent with its first statement in one
// round trip — one pipeline ending in one Sync, so PostgreSQL runs the statement only when
// the check passed (an error skips the rest of a pipeline, and the pipeline is one
// implicit transaction). The token check of a read (pkg/session, pkg/httpx) is such a
// check: a token-checked read costs one round trip, and a revoked session still reads
// nothing.
type Pool struct{ *pgxpool.Pool }

// Check is a statement that must succeed before anything else of a request reaches the
// database; Fail turns its error into the request's answer (a raise into "no session").
type Check struct {
	SQL  string
	Args []any
	Fail func(error) error

	mu   sync.Mutex
	done bool
	err  error
}

type checkKey struct{}

// WithCheck answers ctx carrying c: the first statement sent through a Pool with it sends c
// first, in the same round trip.
func WithCheck(ctx context.Context, c *Check) context.Context {
	return context.WithValue(ctx, checkKey{}, c)
}

// RunCheck runs ctx's check on its own when nothing sent it yet, and answers its outcome
// (nil without a check). The router calls it before answering a request whose handler
// reached no database, so no answer goes out unchecked.
func (p *Pool) RunCheck(ctx context.Context) error {
	c, _ := ctx.Value(checkKey{}).(*Check)
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		_, err := p.Pool.Exec(ctx, c.SQL, c.Args...)
		c.settle(err)
	}
	return c.err
}

// pending answers ctx's check locked when it has not run yet; nil otherwise, or the
// outcome of the check that ran and failed.
func pending(ctx context.Context) (*Check, error) {
	c, _ := ctx.Value(checkKey{}).(*Check)
	if c == nil {
		return nil, nil
	}
	c.mu.Lock()
	if c.done {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	return c, nil
}

func (c *Check) settle(err error) {
	c.done = true
	if err != nil {
		c.err = c.Fail(err)
	}
}

// batch sends ctx's pending check and the statement in one round trip; the check's
// outcome is settled before the statement's results are read.
func (p *Pool) batch(ctx context.Context, c *Check, sql string, args []any) (pgx.BatchResults, error) {
	defer c.mu.Unlock()
	b := &pgx.Batch{}
	b.Queue(c.SQL, c.Args...)
	b.Queue(sql, args...)
	br := p.Pool.SendBatch(ctx, b)
	_, err := br.Exec()
	c.settle(err)
	if c.err != nil {
		_ = br.Close()
		return nil, c.err
	}
	return br, nil
}

// Exec runs sql, after the request's check when it has not run yet.
func (p *Pool) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	c, err := pending(ctx)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	if c == nil {
		return p.Pool.Exec(ctx, sql, args...)
	}
	br, err := p.batch(ctx, c, sql, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

// Query runs sql, after the request's check when it has not run yet.
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	c, err := pending(ctx)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return p.Pool.Query(ctx, sql, args...)
	}
	return p.batchQuery(ctx, c, sql, args)
}

func (p *Pool) batchQuery(ctx context.Context, c *Check, sql string, args []any) (pgx.Rows, error) {
	br, err := p.batch(ctx, c, sql, args)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, br: br}, nil
}

// QueryRow runs sql for one row, after the request's check when it has not run yet.
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	c, err := pending(ctx)
	if err != nil {
		return errRow{err}
	}
	if c == nil {
		return p.Pool.QueryRow(ctx, sql, args...)
	}
	rows, err := p.batchQuery(ctx, c, sql, args)
	if err != nil {
		return errRow{err}
	}
	return oneRow{rows}
}

// Begin starts a transaction, after the request's check (on its own round trip) when it
// has not run yet.
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) {
	return p.BeginTx(ctx, pgx.TxOptions{})
}

// BeginTx starts a transaction with options, after the request's check when it has not
// run yet.
func (p *Pool) BeginTx(ctx context.Context, o pgx.TxOptions) (pgx.Tx, error) {
	if err := p.RunCheck(ctx); err != nil {
		return nil, err
	}
	return p.Pool.BeginTx(ctx, o)
}

// SendBatch sends b, after the request's check when it has not run yet.
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if err := p.RunCheck(ctx); err != nil {
		return errBatch{err}
	}
	return p.Pool.SendBatch(ctx, b)
}

// CopyFrom copies rows, after the request's check when it has not run yet.
func (p *Pool) CopyFrom(ctx context.Context, t pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	if err := p.RunCheck(ctx); err != nil {
		return 0, err
	}
	return p.Pool.CopyFrom(ctx, t, cols, src)
}

// Acquire takes a connection, after the request's check when it has not run yet.
func (p *Pool) Acquire(ctx context.Context) (*pgxpool.Conn, error) {
	if err := p.RunCheck(ctx); err != nil {
		return nil, err
	}
	return p.Pool.Acquire(ctx)
}

// batchRows are a statement's rows read from a batch: the batch (and its connection) is
// released when the rows end or are closed.
type batchRows struct {
	pgx.Rows
	br  pgx.BatchResults
	err error
}

func (r *batchRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.release()
	return false
}

func (r *batchRows) Close() {
	r.Rows.Close()
	r.release()
}

func (r *batchRows) Err() error {
	if err := r.Rows.Err(); err != nil {
		return err
	}
	return r.err
}

func (r *batchRows) release() {
	if r.br == nil {
		return
	}
	r.Rows.Close()
	r.err = r.br.Close()
	r.br = nil
}

// oneRow is QueryRow's answer over rows, as pgx answers it: no row is pgx.ErrNoRows.
type oneRow struct{ rows pgx.Rows }

func (r oneRow) Scan(dest ...any) error {
	defer r.rows.Close()
	for _, d := range dest {
		if _, ok := d.(*pgtype.DriverBytes); ok {
			return fmt.Errorf("db: cannot scan into *pgtype.DriverBytes from QueryRow")
		}
	}
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return pgx.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		return err
	}
	r.rows.Close()
	return r.rows.Err()
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

type errBatch struct{ err error }

func (b errBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, b.err }
func (b errBatch) Query() (pgx.Rows, error)         { return nil, b.err }
func (b errBatch) QueryRow() pgx.Row                { return errRow(b) }
func (b errBatch) Close() error                     { return b.err }
func (b errBatch) Tx() pgx.Tx                       { return nil }
