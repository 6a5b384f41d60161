// Package dbtest gives a test its own freshly migrated PostgreSQL database on the local
// server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), dropped when the
// test ends. Real PostgreSQL, never a mock.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
)

// URL answers the server URL tests use, pointed at database name.
func URL(t testing.TB, name string) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("dbtest: TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// New creates a migrated database for this test and returns a pool on it.
func New(t testing.TB) *db.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "samrap_test_" + hex.EncodeToString(b)
	dsn := URL(t, name)
	if err := db.EnsureDatabase(ctx, dsn); err != nil {
		t.Fatalf("dbtest: create database (is PostgreSQL running at 127.0.0.1:5432?): %v", err)
	}
	pool, err := db.Open(ctx, dsn, db.Options{MaxConns: 8})
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, URL(t, "postgres"))
		if err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
		}
	})
	if _, err := migrations.Up(ctx, pool); err != nil {
		t.Fatalf("dbtest: migrate: %v", err)
	}
	return pool
}

// Counter counts the statements a pool sends (the tests that hold a call to a fixed number
// of statements).
type Counter struct{ n atomic.Int64 }

func (c *Counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Load answers the statements sent so far.
func (c *Counter) Load() int64 { return c.n.Load() }

// Counting answers a second pool on pool's database, whose statements the Counter counts;
// it is closed when the test ends.
func Counting(t testing.TB, pool *db.Pool) (*db.Pool, *Counter) {
	t.Helper()
	c := &Counter{}
	cfg := pool.Config()
	cfg.ConnConfig.Tracer = c
	counted, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatalf("dbtest: counting pool: %v", err)
	}
	t.Cleanup(counted.Close)
	return &db.Pool{Pool: counted}, c
}
