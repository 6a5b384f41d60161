// Package dbtest gives a test its own freshly migrated PostgreSQL database on the local
// server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432). Real PostgreSQL,
// never a mock.
//
// Migrating (and loading the demo data) takes seconds; copying a database takes a fraction of
// one. So a template is built once — migrated, and filled by the caller's build function —
// and every test gets a copy (CREATE DATABASE … TEMPLATE). A template is named after what
// builds it and the hour: the go command's build IDs of this package (the migrations are in
// it) and pkg/demo, hashes of their code and of all they import, so every test binary of a
// run shares one template of a kind, and any change to the code, the migrations or the demo
// data is a new template; data that counts from the clock (the demo's today) is never more
// than an hour old. Templates older than three hours are dropped when a new one is built.
//
// A test's database is not dropped when the test ends. PostgreSQL 15 takes a checkpoint at
// once for every DROP DATABASE — it flushes every test's writes and waits for them, a second
// or more on a busy machine — and in a run of the Go tests (222 databases) the drops held the
// tests 375 s in all. The databases of test processes that have ended are dropped instead
// when the next template is built, a run later.
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	return FromTemplate(t, "schema", nil)
}

// FromTemplate creates a database for this test, a copy of a migrated database that build
// (nil: nothing) filled once per test binary; kind names what build puts there.
func FromTemplate(t testing.TB, kind string, build func(context.Context, *db.Pool) error) *db.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, URL(t, "postgres"))
	if err != nil {
		t.Fatalf("dbtest: connect (is PostgreSQL running at 127.0.0.1:5432?): %v", err)
	}
	defer admin.Close(context.Background())

	template, err := ensureTemplate(ctx, t, admin, kind, build)
	if err != nil {
		t.Fatalf("dbtest: template %s: %v", kind, err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	// the process in the name: sweep drops the databases of the processes that have ended
	name := fmt.Sprintf("samrap_test_%d_%s", os.Getpid(), hex.EncodeToString(b))
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{template}.Sanitize()); err != nil {
		t.Fatalf("dbtest: create database: %v", err)
	}
	pool, err := db.Open(ctx, URL(t, name), db.Options{MaxConns: 8})
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

var (
	templatesMu sync.Mutex
	templates   = map[string]bool{} // built or found by this process
	keyOnce     sync.Once
	key         string
)

// ensureTemplate answers the name of this binary's template of kind for this hour, building
// it when no process has yet. An advisory lock keeps two processes from building it at once;
// it is built under another name and renamed when whole, so a run killed half-way leaves no
// template that looks finished.
func ensureTemplate(ctx context.Context, t testing.TB, admin *pgx.Conn, kind string, build func(context.Context, *db.Pool) error) (string, error) {
	keyOnce.Do(func() { key = templateKey() })
	hour := time.Now().Unix() / 3600
	name := fmt.Sprintf("samrap_tmpl_%s_%s_%d", kind, key, hour)

	templatesMu.Lock()
	defer templatesMu.Unlock()
	if templates[name] {
		return name, nil
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	lock := int64(h.Sum64())
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock($1)", lock); err != nil {
		return "", err
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", lock) //nolint:errcheck // closing the connection unlocks too
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		dropStale(ctx, t, admin, hour)
		sweep(ctx, t, admin)
		building := fmt.Sprintf("samrap_tmpl_b%d_%d", os.Getpid(), hour)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{building}.Sanitize()+" WITH (FORCE)"); err != nil {
			return "", err
		}
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{building}.Sanitize()); err != nil {
			return "", err
		}
		if err := fill(ctx, URL(t, building), build); err != nil {
			return "", err
		}
		if _, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{building}.Sanitize()+" RENAME TO "+pgx.Identifier{name}.Sanitize()); err != nil {
			return "", err
		}
	}
	templates[name] = true
	return name, nil
}

// fill migrates the database at dsn and runs build on it, leaving no connection open (a
// template with a connection cannot be copied).
func fill(ctx context.Context, dsn string, build func(context.Context, *db.Pool) error) error {
	pool, err := db.Open(ctx, dsn, db.Options{MaxConns: 4})
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if build != nil {
		return build(ctx, pool)
	}
	return nil
}

// dropStale drops the templates (and half-built ones) of three hours ago and older.
func dropStale(ctx context.Context, t testing.TB, admin *pgx.Conn, hour int64) {
	rows, err := admin.Query(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'samrap\\_tmpl\\_%'")
	if err != nil {
		t.Logf("dbtest: list templates: %v", err)
		return
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Logf("dbtest: list templates: %v", err)
		return
	}
	for _, n := range names {
		at, err := strconv.ParseInt(n[strings.LastIndexByte(n, '_')+1:], 10, 64)
		if err != nil || hour-at < 3 {
			continue
		}
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{n}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Logf("dbtest: drop %s: %v", n, err)
		}
	}
}

// sweep drops the test databases of the processes that have ended (named samrap_test_<pid>_…;
// a name without a process is from before the process was in it).
func sweep(ctx context.Context, t testing.TB, admin *pgx.Conn) {
	rows, err := admin.Query(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'samrap\\_test\\_%'")
	if err != nil {
		t.Logf("dbtest: list test databases: %v", err)
		return
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Logf("dbtest: list test databases: %v", err)
		return
	}
	for _, n := range names {
		if pid, err := strconv.Atoi(strings.Split(n, "_")[2]); err == nil && running(pid) {
			continue
		}
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{n}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Logf("dbtest: drop %s: %v", n, err)
		}
	}
}

// running says whether process pid is alive (signal 0 checks without sending anything; a
// process of another user answers EPERM).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// templateKey answers a short hash of the go command's build IDs of this package and pkg/demo
// (the template builds are theirs: the migrations and demo.Load), or, where the go command does
// not answer, of the running binary, whose own template it then is.
func templateKey() string {
	out, err := exec.Command("go", "list", "-export", "-f", "{{.ImportPath}} {{.BuildID}}", "samrap/pkg/dbtest", "samrap/pkg/demo").Output()
	if err != nil {
		return hashExecutable()
	}
	sum := sha256.Sum256(out)
	return hex.EncodeToString(sum[:])[:12]
}

// hashExecutable answers a short hash of the running test binary: the code, the embedded
// migrations and the demo data that build the templates are all in it.
func hashExecutable() string {
	h := sha256.New()
	path, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			_, err = io.Copy(h, f)
			f.Close()
		}
	}
	if err != nil { // no binary to read: a template for this process only
		fmt.Fprintf(h, "pid %d %d", os.Getpid(), time.Now().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// Counter counts the round trips a pool makes — each statement sent alone, and each batch of
// statements sent together (pgx.Batch) — for the tests that hold a call to a fixed number.
type Counter struct{ n atomic.Int64 }

func (c *Counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *Counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *Counter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

func (c *Counter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// Load answers the round trips made so far.
func (c *Counter) Load() int64 { return c.n.Load() }

// Counting answers a second pool on pool's database, whose round trips the Counter counts;
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
