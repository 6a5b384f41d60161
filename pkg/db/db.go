// Package db opens the PostgreSQL pool and runs transactions (migrations are in
// db/migrations). Settings are chosen to be safe behind RDS Proxy: no session state, one
// unnamed statement per query (pgx's exec mode), few connections per Lambda instance.
package db

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is what a store needs: a pool or a transaction serves the same queries.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Options tune the pool.
type Options struct {
	MaxConns int32  // 0 means 4
	Mode     string // "exec" (default, proxy-safe), "cache" (prepared statements cached), "simple"
	// BeforeConnect may set a password fetched lazily (from Secrets Manager in the cloud),
	// so that no network I/O happens before the first request.
	BeforeConnect func(context.Context, *pgx.ConnConfig) error
}

// Open builds a pool for url. It does not connect: the first query does.
func Open(ctx context.Context, dsn string, o Options) (*Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("db.open: parse url: %w", err)
	}
	cfg.MaxConns = o.MaxConns
	if cfg.MaxConns == 0 {
		cfg.MaxConns = 4
	}
	cfg.MinConns = 0
	switch o.Mode {
	case "", "exec":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
	case "cache":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeCacheStatement
	case "simple":
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
	default:
		return nil, fmt.Errorf("db.open: unknown query mode %q", o.Mode)
	}
	if o.BeforeConnect != nil {
		cfg.BeforeConnect = o.BeforeConnect
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("db.open: %w", err)
	}
	return &Pool{pool}, nil
}

// EnsureDatabase creates the database named in dsn when it does not exist, connecting to
// the server's "postgres" database to do so. Used by the local server and tests only.
func EnsureDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return fmt.Errorf("db.ensure: parse url: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return errors.New("db.ensure: the url names no database")
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return fmt.Errorf("db.ensure: connect: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("db.ensure: look up: %w", err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // created meanwhile
			return nil
		}
		return fmt.Errorf("db.ensure: create: %w", err)
	}
	return nil
}

// InTx runs fn in a transaction, committed when fn returns nil and rolled back otherwise.
func InTx(ctx context.Context, pool *Pool, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, fn)
}

// IsUniqueViolation reports whether err is a unique-constraint violation, and of which
// constraint.
func IsUniqueViolation(err error) (string, bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return pgErr.ConstraintName, true
	}
	return "", false
}

// IsForeignKeyViolation reports whether err is a foreign-key violation (a referenced row is
// in use, or a referenced row does not exist), with the constraint and table named.
func IsForeignKeyViolation(err error) (constraint, table string, ok bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return pgErr.ConstraintName, pgErr.TableName, true
	}
	return "", "", false
}

// Beginner starts transactions: a pool, or a transaction (for a savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}
