package db

import (
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/errs"
)

// Lost reports whether err says the database connection went away under a statement, or
// that the database is shutting down or starting (an Aurora failover, a restart, an
// operator's pg_terminate_backend): nothing about the request itself was wrong, and the
// same statement on a new connection may well succeed. A read may then be tried again
// (pkg/httpx); a write only when an idempotency key makes it safe. An error that already
// names itself unavailable (an errs.Unavailable in its chain: S3, SQS or mail out of reach,
// blob.ErrUnavailable, queue.ErrUnavailable) is not the database's, whatever broken
// connection it wraps.
func Lost(err error) bool {
	if err == nil {
		return false
	}
	// What errors.As would find first, found without its allocations (errs.Walk): Lost is
	// asked of every error a request answers (three allocations of each refused token).
	var pgErr *pgconn.PgError
	var retry interface{ SafeToRetry() bool }
	connect, named := false, false
	errs.Walk(err, func(e error) {
		if x, ok := e.(*errs.Error); ok && x.Kind == errs.Unavailable {
			named = true
		}
		if x, ok := e.(*pgconn.PgError); ok && pgErr == nil {
			pgErr = x
		}
		if x, ok := e.(interface{ SafeToRetry() bool }); ok && retry == nil {
			retry = x
		}
		if _, ok := e.(*pgconn.ConnectError); ok {
			connect = true
		}
	})
	if named {
		return false
	}
	if pgErr != nil {
		switch pgErr.Code {
		case "57P01", "57P02", "57P03": // admin_shutdown, crash_shutdown, cannot_connect_now
			return true
		}
		return strings.HasPrefix(pgErr.Code, "08") // connection_exception
	}
	return retry != nil && retry.SafeToRetry() || connect ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNREFUSED)
}

// Recover closes the pool's connections, idle ones at once and those in use when they are
// released, so that the next statements connect afresh: after one connection was Lost, the
// others were most likely lost with it (a failover ends them all), and each would fail its
// next statement in turn.
func (p *Pool) Recover() { p.Pool.Reset() }

// Cancelled reports whether err is a statement PostgreSQL cancelled (57014
// query_canceled): pgx asks for it when the statement's context ends.
func Cancelled(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "57014"
}
