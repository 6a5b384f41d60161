package platform_test

// The edge budget of ARCHITECTURE.md §10: httpadapter.NewV2(...).ProxyWithContext plus
// routing under 20 µs and 60 allocations per request. `make bench` runs these (go test
// -run '^$' -bench Proxy -benchmem ./pkg/platform) and prints them beside the baseline.

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"samrap/events/samples"
	"samrap/pkg/auth"
	"samrap/pkg/db"
	"samrap/pkg/params"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// benchRouter is the router of an http function with the real auth and params mounts. Its
// pool points at a closed port: the requests benchmarked are answered without the database,
// and a query would fail loudly instead of measuring a round trip.
func benchRouter(b *testing.B) http.Handler {
	b.Helper()
	pool, err := db.Open(context.Background(), "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=1", db.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(pool.Close)
	keys, err := session.NewKeys(session.StaticSecret([]byte("bench-secret-bench-secret-bench-secret")), 15*time.Minute, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	// The production logger (JSON at info), writing nowhere.
	log := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))
	// Files, mail and queues as in a local run; the answers benchmarked use none of them.
	adapters, err := platform.LocalAdapters(b.TempDir(), []byte("bench-files-secret"), "http://samrap.test")
	if err != nil {
		b.Fatal(err)
	}
	env := &platform.Env{Log: log, DB: pool, Keys: keys, Now: time.Now, Adapters: adapters}
	rt := env.Router()
	auth.Mount(env, rt)
	params.Mount(env, rt)
	return rt
}

// branchesEvent is the API Gateway sample for GET /api/parameter/branches carrying token.
func branchesEvent(b *testing.B, token string) events.APIGatewayV2HTTPRequest {
	b.Helper()
	raw, err := samples.Load(samples.APIGWGetBranches, map[string]string{"ACCESS_TOKEN": token})
	if err != nil {
		b.Fatal(err)
	}
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		b.Fatal(err)
	}
	return ev
}

// forgedToken is a well-formed access token signed with another key: the router parses it
// and checks its signature (the whole token check but the session look-up) before the 401.
func forgedToken(b *testing.B) string {
	b.Helper()
	other, err := session.NewKeys(session.StaticSecret([]byte("some-other-secret-some-other-secret")), 15*time.Minute, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	tok, err := other.Issue(context.Background(), session.Claims{UserID: 1, EmployeeCode: "D0001",
		Pairs: []session.Pair{{BranchCode: "BKK01", RoleCode: session.Controller}}, SessionID: "00000000-0000-0000-0000-000000000000"})
	if err != nil {
		b.Fatal(err)
	}
	return tok
}

func runProxy(b *testing.B, h http.Handler, ev events.APIGatewayV2HTTPRequest, want int) {
	proxy := httpadapter.NewV2(h).ProxyWithContext
	ctx := context.Background()
	res, err := proxy(ctx, ev)
	if err != nil || res.StatusCode != want {
		b.Fatalf("answer %d (want %d) %v: %s", res.StatusCode, want, err, res.Body)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := proxy(ctx, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProxyRouter: the adapter around the real router; the answer is a 401 envelope.
func BenchmarkProxyRouter(b *testing.B) {
	h := benchRouter(b)
	b.Run("bogus-token", func(b *testing.B) {
		runProxy(b, h, branchesEvent(b, "not-a-token"), http.StatusUnauthorized)
	})
	b.Run("forged-token", func(b *testing.B) {
		runProxy(b, h, branchesEvent(b, forgedToken(b)), http.StatusUnauthorized)
	})
}

// BenchmarkProxyBareHandler is the baseline: the same adapter and event around a bare
// http.HandlerFunc writing a small JSON body.
func BenchmarkProxyBareHandler(b *testing.B) {
	body := []byte(`{"code":"SRP02","msg":"hello","data":null}`)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
	runProxy(b, h, branchesEvent(b, "not-a-token"), http.StatusOK)
}
