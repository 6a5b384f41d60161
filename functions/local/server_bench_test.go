package main

// The token-checked read of ARCHITECTURE.md §10 through the real local handler (newServer)
// without the network: the server's own time, allocations and database round trips per
// request. `make bench` runs it (go test -run '^$' -bench BenchmarkServer -benchmem
// ./functions/local); scripts/bench/load measures the same read over loopback.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/db"
)

func BenchmarkServerBranches(b *testing.B) {
	s := apitest.New(b)
	env := *s.Env
	env.Config.WebDir = b.TempDir()
	// The same database through a pool whose connections count round trips.
	tr := &roundTrips{}
	pool, err := db.Open(context.Background(), s.DB.Config().ConnString(), db.Options{MaxConns: 4,
		BeforeConnect: func(_ context.Context, cc *pgx.ConnConfig) error { cc.Tracer = tr; return nil }})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(pool.Close)
	env.DB = pool
	h, err := newServer(&env)
	if err != nil {
		b.Fatal(err)
	}
	token := s.SignIn("controller@samrap.local").Access

	read := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/parameter/branches", nil)
		r.Header.Set("Authorization", "Bearer "+token)
		r.Header.Set("Accept", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	if w := read(); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"code":"SRP02"`) {
		b.Fatalf("branches: %d %s", w.Code, w.Body)
	}

	b.Run("serial", func(b *testing.B) {
		tr.n.Store(0)
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			if w := read(); w.Code != http.StatusOK {
				b.Fatalf("branches: %d %s", w.Code, w.Body)
			}
		}
		b.ReportMetric(float64(tr.n.Load())/float64(b.N), "roundtrips/op")
	})
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.SetParallelism(8) // 16 goroutines on 2 cores, as the 16 clients of the load test
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if w := read(); w.Code != http.StatusOK {
					b.Errorf("branches: %d %s", w.Code, w.Body)
					return
				}
			}
		})
	})
}

// roundTrips counts queries (one round trip each in pgx's exec mode), batches and copies.
type roundTrips struct{ n atomic.Int64 }

func (t *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	t.n.Add(1)
	return ctx
}
func (t *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (t *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	t.n.Add(1)
	return ctx
}
func (t *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (t *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
