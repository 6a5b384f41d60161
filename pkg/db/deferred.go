package db

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Deferred is a transaction whose statements that answer nothing (Exec) wait to be sent
// together, as one batch (one round trip), before the next statement that answers something
// or any other use of the transaction (a query, a savepoint, a batch, a copy, the commit), or
// by Flush. An Exec's command tag is empty and its error is that of the call that sends it:
// only for code that reads nothing from Exec, and that treats any error as the whole
// transaction's (the HL7 feed worker's first pass, pkg/hl7feed). Within InTx, which commits
// the transaction it began (not this), Flush before returning.
type Deferred struct {
	pgx.Tx
	waiting pgx.Batch
}

// Exec queues sql, to be sent with the statements before and after it.
func (d *Deferred) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	d.waiting.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

// Flush sends the statements waiting, in one batch, and answers the first one's error.
func (d *Deferred) Flush(ctx context.Context) error {
	if d.waiting.Len() == 0 {
		return nil
	}
	b := d.waiting
	d.waiting = pgx.Batch{}
	return d.Tx.SendBatch(ctx, &b).Close()
}

func (d *Deferred) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if err := d.Flush(ctx); err != nil {
		return nil, err
	}
	return d.Tx.Query(ctx, sql, args...)
}

func (d *Deferred) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if err := d.Flush(ctx); err != nil {
		return errRow{err}
	}
	return d.Tx.QueryRow(ctx, sql, args...)
}

func (d *Deferred) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if err := d.Flush(ctx); err != nil {
		return errBatch{err}
	}
	return d.Tx.SendBatch(ctx, b)
}

func (d *Deferred) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	if err := d.Flush(ctx); err != nil {
		return 0, err
	}
	return d.Tx.CopyFrom(ctx, table, columns, rows)
}

// Begin starts a savepoint, after the statements waiting (the savepoint itself is not
// deferred: it is the underlying transaction's).
func (d *Deferred) Begin(ctx context.Context) (pgx.Tx, error) {
	if err := d.Flush(ctx); err != nil {
		return nil, err
	}
	return d.Tx.Begin(ctx)
}

func (d *Deferred) Commit(ctx context.Context) error {
	if err := d.Flush(ctx); err != nil {
		return err
	}
	return d.Tx.Commit(ctx)
}

// Rollback drops the statements waiting and rolls back.
func (d *Deferred) Rollback(ctx context.Context) error {
	d.waiting = pgx.Batch{}
	return d.Tx.Rollback(ctx)
}
