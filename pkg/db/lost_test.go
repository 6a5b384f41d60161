package db_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/db"
	"samrap/pkg/errs"
)

// retryable is an error pgx marks safe to try again (nothing reached the server).
type retryable struct{ safe bool }

func (r retryable) Error() string     { return "retryable" }
func (r retryable) SafeToRetry() bool { return r.safe }

// wrapped hides an error behind Unwrap without formatting it.
type wrapped struct{ err error }

func (w wrapped) Error() string { return "wrapped" }
func (w wrapped) Unwrap() error { return w.err }

// Lost answers what errors.As and errors.Is find in the error's tree (the first PostgreSQL
// error decides), and allocates nothing: every error a request answers is asked.
func TestLost(t *testing.T) {
	pg := func(code string) error { return &pgconn.PgError{Code: code} }
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"no session", errs.ErrNoSession, false},
		{"wrapped no session", fmt.Errorf("session: %w", errs.ErrNoSession), false},
		{"admin shutdown", fmt.Errorf("read: %w", pg("57P01")), true},
		{"cannot connect now", pg("57P03"), true},
		{"connection failure", wrapped{pg("08006")}, true},
		{"unique violation", pg("23505"), false},
		{"first PostgreSQL error decides", errors.Join(pg("23505"), io.EOF), false},
		{"joined, lost second", errors.Join(errs.ErrNotFound, pg("08003")), true},
		{"connect error", wrapped{&pgconn.ConnectError{}}, true},
		{"safe to retry", fmt.Errorf("q: %w", retryable{true}), true},
		{"not safe to retry", retryable{false}, false},
		{"eof", fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{"reset", wrapped{syscall.ECONNRESET}, true},
		{"cancelled", context.Canceled, false},
		// S3, SQS or mail out of reach: their broken connection is not the database's
		{"named unavailable, eof under it", fmt.Errorf("queue.send: %w: %w", errs.New(errs.Unavailable, "queue.unavailable"), io.EOF), false},
		{"named unavailable, reset under it", fmt.Errorf("mail: %w: %w", errs.New(errs.Unavailable, "mail.failed"), wrapped{syscall.ECONNRESET}), false},
	} {
		if got := db.Lost(c.err); got != c.want {
			t.Errorf("%s: Lost = %v, want %v", c.name, got, c.want)
		}
	}
	refused := fmt.Errorf("session: %w", errs.ErrNoSession)
	if n := testing.AllocsPerRun(100, func() { db.Lost(refused) }); n != 0 {
		t.Errorf("Lost of a refused token: %v allocations, want 0", n)
	}
}
