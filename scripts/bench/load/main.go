// Command load measures the API budget of ARCHITECTURE.md §10 against the real local server
// handler, beside a plain net/http hello-world served by the same process:
//
//   - it builds the Env as functions/local does (pkg/config, pkg/platform), on its own
//     database (samrap_bench, dropped and created afresh), migrates it and loads the demo
//     data, and mounts every http function of the registry on one router as functions/local's
//     newServer does;
//   - it serves that handler and a hello-world handler on two loopback ports, signs in as
//     controller@samrap.local and calls GET /api/parameter/branches with the bearer token:
//     p50/p99 over -n requests with one client, then requests per second with -clients
//     clients for -duration; the same against the hello-world;
//   - a pgx tracer counts the database round trips and transactions per request.
//
// Everything listens on 127.0.0.1 and stops by itself. It prints the figures with the
// budgets (OK/OVER) and never fails on a budget; it exits non-zero only when it cannot
// measure.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/functions"
	"samrap/pkg/config"
	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
	"samrap/pkg/demo"
	"samrap/pkg/platform"
)

const (
	readPath = "/api/parameter/branches"
	account  = "controller@samrap.local"

	p99Budget      = 1200 * time.Microsecond
	rpsBudget      = 0.30
	roundTripLimit = 2.0
	txLimit        = 1.0
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/samrap_bench?sslmode=disable", "database (a name starting with samrap_bench is dropped and created afresh)")
	n := flag.Int("n", 2000, "requests with one client")
	warm := flag.Int("warmup", 300, "unmeasured requests before each measurement")
	clients := flag.Int("clients", 16, "concurrent clients for the throughput figure")
	dur := flag.Duration("duration", 3*time.Second, "length of each throughput measurement")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := run(ctx, *dsn, *n, *warm, *clients, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dsn string, n, warm, clients int, dur time.Duration) error {
	// ---- the server, built as functions/local builds it ----
	if err := freshDatabase(ctx, dsn); err != nil {
		return err
	}
	dataDir, err := os.MkdirTemp("", "samrap-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)
	// The local stage, as `make run`: stand-ins for AWS, their files in a temporary folder.
	env := map[string]string{"STAGE": "local", "DATABASE_URL": dsn, "DEMO_DATA": "true", "DATA_DIR": dataDir,
		"AWS_ENDPOINT_URL": ""}
	cfg, err := config.Load(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return os.Getenv(k)
	})
	if err != nil {
		return err
	}
	if err := db.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return fmt.Errorf("database (is PostgreSQL running at %s?): %w", cfg.DatabaseURL, err)
	}
	e, err := platform.New(ctx, cfg)
	if err != nil {
		return err
	}
	// The same pool settings (db.Open with the configured size and query mode), plus a tracer
	// that counts round trips.
	e.DB.Close()
	tr := &tracer{}
	e.DB, err = db.Open(ctx, cfg.DatabaseURL, db.Options{MaxConns: cfg.DBMaxConns, Mode: cfg.DBQueryMode,
		BeforeConnect: func(_ context.Context, cc *pgx.ConnConfig) error { cc.Tracer = tr; return nil }})
	if err != nil {
		return err
	}
	defer e.Close()
	if _, err := migrations.Up(ctx, e.DB); err != nil {
		return err
	}
	if err := demo.Load(ctx, e.DB); err != nil {
		return err
	}
	handler := apiHandler(e)

	app, stopApp, err := serve(handler)
	if err != nil {
		return err
	}
	defer stopApp()
	hello, stopHello, err := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "hello world")
	}))
	if err != nil {
		return err
	}
	defer stopHello()

	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		MaxIdleConns: 4 * clients, MaxIdleConnsPerHost: 4 * clients, DisableCompression: true,
		DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
	}}
	defer client.CloseIdleConnections()

	token, err := signIn(ctx, client, app)
	if err != nil {
		return err
	}
	appReq := request{client: client, url: app + readPath, token: token, want: `"code":"SRP02"`}
	helloReq := request{client: client, url: hello + "/", want: "hello world"}

	fmt.Printf("Token-checked read: GET %s as %s, real local handler (DB_MAX_CONNS=%d, DB_QUERY_MODE=%s) on 127.0.0.1\n",
		readPath, account, cfg.DBMaxConns, cfg.DBQueryMode)

	// ---- one client: latency, in interleaved blocks so that noise hits both alike ----
	if err := appReq.repeat(ctx, warm); err != nil {
		return err
	}
	if err := helloReq.repeat(ctx, warm); err != nil {
		return err
	}
	tr.reset()
	var appLat, helloLat []time.Duration
	const block = 100
	for done := 0; done < n; done += block {
		k := min(block, n-done)
		if appLat, err = appReq.latencies(ctx, k, appLat); err != nil {
			return err
		}
		if helloLat, err = helloReq.latencies(ctx, k, helloLat); err != nil {
			return err
		}
	}
	trips, txs, conns := tr.snapshot()
	slices.Sort(appLat)
	slices.Sort(helloLat)
	a99, h99 := pct(appLat, 99), pct(helloLat, 99)
	fmt.Printf("  1 client, %d requests      p50 %s  p99 %s   hello-world p50 %s  p99 %s   budget p99 < 1.2 ms  %s\n",
		n, ms(pct(appLat, 50)), ms(a99), ms(pct(helloLat, 50)), ms(h99), verdict(a99 < p99Budget))

	// ---- many clients: throughput, in alternating slices so that noise hits both alike ----
	const rounds = 3
	var appDone, helloDone, appErrs, helloErrs int64
	var appTime, helloTime time.Duration
	for range rounds {
		d, f, t, err := appReq.throughput(ctx, clients, dur/rounds)
		if err != nil {
			return err
		}
		appDone, appErrs, appTime = appDone+d, appErrs+f, appTime+t
		if d, f, t, err = helloReq.throughput(ctx, clients, dur/rounds); err != nil {
			return err
		}
		helloDone, helloErrs, helloTime = helloDone+d, helloErrs+f, helloTime+t
	}
	appRPS, helloRPS := float64(appDone)/appTime.Seconds(), float64(helloDone)/helloTime.Seconds()
	ratio := appRPS / helloRPS
	errNote := ""
	if appErrs+helloErrs > 0 {
		errNote = fmt.Sprintf("   (failed requests: %d app, %d hello-world)", appErrs, helloErrs)
	}
	fmt.Printf("  %d clients, %s               %7.0f req/s   hello-world %7.0f req/s   ratio %4.1f %%   budget >= 30 %%  %s%s\n",
		clients, dur, appRPS, helloRPS, 100*ratio, verdict(ratio >= rpsBudget), errNote)

	// ---- database ----
	perReq, txPerReq := float64(trips)/float64(n), float64(txs)/float64(n)
	connNote := ""
	if conns > 0 {
		connNote = fmt.Sprintf(" (and %d new connections)", conns)
	}
	dbVerdict := "OK"
	switch {
	case perReq > roundTripLimit && txPerReq > txLimit:
		dbVerdict = "OVER (round trips, transactions)"
	case perReq > roundTripLimit:
		dbVerdict = "OVER (round trips)"
	case txPerReq > txLimit:
		dbVerdict = "OVER (transactions)"
	}
	fmt.Printf("  database per request        %.2f round trips, %.2f transactions%s   budget <= 2 and <= 1  %s\n",
		perReq, txPerReq, connNote, dbVerdict)
	return nil
}

// apiHandler mounts every http function of the registry on one router, behind /api/ as
// functions/local's newServer does.
func apiHandler(e *platform.Env) http.Handler {
	api := e.Router()
	functions.MountAll(e, api)
	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	return mux
}

// freshDatabase drops a samrap_bench* database so that every run starts from the same data.
func freshDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(u.Path, "/")
	if !strings.HasPrefix(name, "samrap_bench") {
		return nil
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return fmt.Errorf("database (is PostgreSQL running?): %w", err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

func serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

func signIn(ctx context.Context, c *http.Client, base string) (string, error) {
	form := url.Values{"username": {account}, "password": {demo.Password}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/accessToken", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var env struct {
		Data struct {
			AccessToken string `json:"access_token"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil || res.StatusCode != http.StatusOK || env.Data.AccessToken == "" {
		return "", fmt.Errorf("sign in as %s: %d %.300s", account, res.StatusCode, body)
	}
	return env.Data.AccessToken, nil
}

// ---- requests ----

type request struct {
	client *http.Client
	url    string
	token  string
	want   string // in every answer's body
}

func (q request) once(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, q.url, nil)
	if err != nil {
		return err
	}
	if q.token != "" {
		req.Header.Set("Authorization", "Bearer "+q.token)
	}
	req.Header.Set("Accept", "application/json")
	res, err := q.client.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), q.want) {
		return fmt.Errorf("GET %s: %d %.300s", q.url, res.StatusCode, body)
	}
	return nil
}

func (q request) repeat(ctx context.Context, n int) error {
	for range n {
		if err := q.once(ctx); err != nil {
			return err
		}
	}
	return nil
}

// latencies times n requests one after the other, appending to lat.
func (q request) latencies(ctx context.Context, n int, lat []time.Duration) ([]time.Duration, error) {
	for range n {
		t := time.Now()
		if err := q.once(ctx); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(t))
	}
	return lat, nil
}

// throughput runs clients loops for a short warm-up and then for d, and answers the
// requests completed and failed during d, and its exact length.
func (q request) throughput(ctx context.Context, clients int, d time.Duration) (int64, int64, time.Duration, error) {
	var done, failed atomic.Int64
	var measuring atomic.Bool
	var firstErr error
	var once sync.Once
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := q.once(ctx)
				if !measuring.Load() {
					continue
				}
				if err != nil {
					failed.Add(1)
					once.Do(func() { firstErr = err })
					continue
				}
				done.Add(1)
			}
		}()
	}
	time.Sleep(200 * time.Millisecond) // warm-up: connections opened, pool filled
	measuring.Store(true)
	start := time.Now()
	time.Sleep(d)
	measuring.Store(false)
	elapsed := time.Since(start)
	close(stop)
	wg.Wait()
	if done.Load() == 0 {
		return 0, failed.Load(), elapsed, fmt.Errorf("no request succeeded: %v", firstErr)
	}
	return done.Load(), failed.Load(), elapsed, nil
}

// ---- database round trips ----

// tracer counts what reaches PostgreSQL: each query (one round trip in exec mode), batch,
// copy and prepare; "begin" statements count the transactions.
type tracer struct {
	trips, txs, conns atomic.Int64
}

func (t *tracer) reset() { t.trips.Store(0); t.txs.Store(0); t.conns.Store(0) }
func (t *tracer) snapshot() (int64, int64, int64) {
	return t.trips.Load(), t.txs.Load(), t.conns.Load()
}

func (t *tracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	t.trips.Add(1)
	if s := strings.ToLower(strings.TrimSpace(d.SQL)); strings.HasPrefix(s, "begin") || strings.HasPrefix(s, "start transaction") {
		t.txs.Add(1)
	}
	return ctx
}
func (t *tracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (t *tracer) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	t.trips.Add(1)
	return ctx
}
func (t *tracer) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (t *tracer) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
func (t *tracer) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromStartData) context.Context {
	t.trips.Add(1)
	return ctx
}
func (t *tracer) TraceCopyFromEnd(context.Context, *pgx.Conn, pgx.TraceCopyFromEndData) {}
func (t *tracer) TracePrepareStart(ctx context.Context, _ *pgx.Conn, _ pgx.TracePrepareStartData) context.Context {
	t.trips.Add(1)
	return ctx
}
func (t *tracer) TracePrepareEnd(context.Context, *pgx.Conn, pgx.TracePrepareEndData) {}
func (t *tracer) TraceConnectStart(ctx context.Context, _ pgx.TraceConnectStartData) context.Context {
	t.conns.Add(1)
	return ctx
}
func (t *tracer) TraceConnectEnd(context.Context, pgx.TraceConnectEndData) {}

// ---- printing ----

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100 // nearest rank
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/float64(time.Millisecond)) }

func verdict(ok bool) string {
	if ok {
		return "OK"
	}
	return "OVER"
}
