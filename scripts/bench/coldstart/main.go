// Command coldstart measures, for amd64 builds of the functions and of the hello-world
// baseline (scripts/bench/hellolambda):
//
//   - package init time: the binary runs with GODEBUG=inittrace=1 and no Lambda runtime, so
//     it prints the init trace and exits; the "clock" figures are summed (median of -runs);
//   - process start to first answer: a tiny Lambda Runtime API on 127.0.0.1 hands the
//     binary one API Gateway HTTP API (v2) event from samrap/events/samples with a bogus
//     token (a 401 that needs no database) and times exec → POST .../response received
//     (median of -runs, after one unmeasured run to warm the page cache), with the variables
//     the Lambda runtime sets (fake AWS credentials) and STAGE=local. DATABASE_URL
//     points at a listener that only counts connections: there must be none before the
//     first answer.
//
// Usage: coldstart -baseline hello-lambda=PATH -dir DIR [-runs 15] [-init-runs 31], DIR holding
// an amd64 build of every function of the registry (samrap/functions) under its name.
// It prints one line per figure with the baseline beside it and never fails on a budget.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"samrap/events/samples"
	"samrap/functions"
)

type bin struct{ name, path string }

type bins []bin

func (b *bins) String() string { return fmt.Sprint(*b) }
func (b *bins) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok || name == "" || path == "" {
		return fmt.Errorf("want NAME=PATH, got %q", v)
	}
	*b = append(*b, bin{name, path})
	return nil
}

const (
	initBudget  = time.Millisecond
	startBudget = 10 * time.Millisecond
)

func main() {
	var baseline bins
	runs := flag.Int("runs", 15, "measured start-to-first-answer runs per binary")
	initRuns := flag.Int("init-runs", 31, "init trace runs per binary")
	flag.Var(&baseline, "baseline", "NAME=PATH of the hello-world lambda (amd64)")
	dir := flag.String("dir", "", "directory of the functions' amd64 builds, one file per catalogue name")
	flag.Parse()
	if len(baseline) != 1 || *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: coldstart -baseline NAME=PATH -dir DIR [-runs N] [-init-runs N]")
		os.Exit(2)
	}
	base := baseline[0]
	failed := false
	dirTmp, err := os.MkdirTemp("", "samrap-coldstart-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dirTmp)
	workDir = dirTmp

	// Every function of the registry has its package init measured; http functions also
	// their start to first answer.
	var inits, https bins
	kind := map[string]functions.Kind{}
	for _, f := range functions.List() {
		kind[f.Name] = f.Kind
		b := bin{f.Name, filepath.Join(*dir, f.Name)}
		inits = append(inits, b)
		if f.Kind == functions.HTTP {
			https = append(https, b)
		}
	}

	// Package init.
	if len(inits) > 0 {
		fmt.Printf("Package init (GODEBUG=inittrace=1, sum of the clock figures, median of %d runs)\n", *initRuns)
		b, err := initTrace(base.path, *initRuns)
		if err != nil {
			fmt.Printf("  %s: ERROR %v\n", base.name, err)
			failed = true
		} else {
			fmt.Printf("  %-14s %9s   %3d packages, %6.1f kB, %5d allocs   (baseline)\n", base.name, ms(b.clock), b.pkgs, float64(b.bytes)/1024, b.allocs)
		}
		for _, f := range inits {
			r, err := initTrace(f.path, *initRuns)
			if err != nil {
				fmt.Printf("  %s: ERROR %v\n", f.name, err)
				failed = true
				continue
			}
			budget := "budget < 1 ms  " + verdict(r.clock < initBudget)
			if readers[f.name] {
				budget = "no budget (reads uploaded workbooks: excelize's init; issue 28 §1)"
			} else if kind[f.name] != functions.HTTP {
				budget = "no budget (" + string(kind[f.name]) + "; §10 budgets http functions)"
			}
			fmt.Printf("  %-14s %9s   %3d packages, %6.1f kB, %5d allocs   %s   %s\n", f.name, ms(r.clock), r.pkgs,
				float64(r.bytes)/1024, r.allocs, vs(r.clock, b.clock, base.name), budget)
			if len(r.top) > 0 {
				fmt.Printf("  %-14s slowest: %s\n", "", strings.Join(r.top, ", "))
			}
		}
	}

	// Start to first answer: every http function, in the environment the Lambda runtime sets.
	if len(https) > 0 {
		fmt.Printf("Process start to first answer (exec → response at a local Runtime API, median of %d runs)\n", *runs)
		type entry struct {
			label string
			bin   bin
		}
		all := []entry{{base.name, base}}
		for _, f := range https {
			all = append(all, entry{f.name, f})
		}
		res := make([]startResult, len(all))
		paths := map[string]string{}
		for i, e := range all {
			if _, ok := paths[e.bin.name]; !ok {
				paths[e.bin.name], res[i].err = pickRoute(e.bin)
			}
			res[i].path = paths[e.bin.name]
		}
		for range *runs { // interleaved, so that drift hits every binary alike
			for i, e := range all {
				if res[i].err != nil {
					continue
				}
				r, err := startOnce(e.bin, res[i].path)
				if err != nil {
					res[i].err = err
					continue
				}
				res[i].times = append(res[i].times, r.took)
				res[i].status = r.status
				res[i].dbConns += r.dbConns
			}
		}
		baseMed := median(res[0].times)
		for i, e := range all {
			r := res[i]
			if r.err != nil {
				fmt.Printf("  %-14s ERROR %v\n", e.label, r.err)
				failed = true
				continue
			}
			med := median(r.times)
			line := fmt.Sprintf("  %-14s %9s   min %s, max %s, GET %s → %d, DB connections: %d", e.label, ms(med),
				ms(slices.Min(r.times)), ms(slices.Max(r.times)), r.path, r.status, r.dbConns)
			if i == 0 {
				fmt.Println(line + "   (baseline)")
				continue
			}
			fmt.Printf("%s   %s   budget < 10 ms  %s\n", line, vs(med, baseMed, base.name), verdict(med < startBudget))
		}
	}
	if failed {
		os.RemoveAll(dirTmp)
		os.Exit(1)
	}
}

// ---- package init ----

type initResult struct {
	clock        time.Duration
	pkgs, allocs int
	bytes        int
	top          []string
}

var initLine = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, ([0-9.]+) ms clock, ([0-9]+) bytes, ([0-9]+) allocs`)

func initTrace(path string, runs int) (initResult, error) {
	var results []initResult
	perPkg := map[string][]float64{} // clock of each package, one entry per run
	for range max(runs, 1) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, path)
		// No Lambda runtime: the binary prints its init trace, finds no runtime and exits.
		cmd.Dir = workDir
		cmd.Env = append(lambdaEnv(), "GODEBUG=inittrace=1", "DATABASE_URL=postgres://postgres@127.0.0.1:1/none?sslmode=disable")
		out, runErr := cmd.CombinedOutput() // it exits 1 by design
		timedOut := ctx.Err() != nil
		cancel()
		if timedOut {
			return initResult{}, fmt.Errorf("%s did not exit within 10 s", path)
		}
		var r initResult
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			m := initLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			c, _ := strconv.ParseFloat(m[2], 64)
			b, _ := strconv.Atoi(m[3])
			a, _ := strconv.Atoi(m[4])
			r.clock += time.Duration(c * float64(time.Millisecond))
			r.bytes += b
			r.allocs += a
			r.pkgs++
			perPkg[m[1]] = append(perPkg[m[1]], c)
		}
		if r.pkgs == 0 {
			return initResult{}, fmt.Errorf("no init trace from %s (%v): %.200s", path, runErr, out)
		}
		results = append(results, r)
	}
	slices.SortFunc(results, func(a, b initResult) int { return int(a.clock - b.clock) })
	r := results[len(results)/2]

	type pkg struct {
		name  string
		clock float64
	}
	var pkgs []pkg
	for name, cs := range perPkg {
		slices.Sort(cs)
		pkgs = append(pkgs, pkg{name, cs[len(cs)/2]})
	}
	slices.SortFunc(pkgs, func(a, b pkg) int {
		if a.clock != b.clock {
			if a.clock > b.clock {
				return -1
			}
			return 1
		}
		return strings.Compare(a.name, b.name)
	})
	for _, p := range pkgs[:min(3, len(pkgs))] {
		r.top = append(r.top, fmt.Sprintf("%s %.2f ms", strings.TrimPrefix(p.name, "github.com/"), p.clock))
	}
	return r, nil
}

// ---- start to first answer ----

type startResult struct {
	path    string
	times   []time.Duration
	status  int
	dbConns int
	err     error
}

type once struct {
	took    time.Duration
	status  int
	dbConns int
}

const samplePath = "/api/parameter/branches"

// eventFor answers the sample event (bogus token) with its path replaced by path.
func eventFor(path string) []byte {
	b, err := samples.Load(samples.APIGWGetBranches, map[string]string{"ACCESS_TOKEN": "not-a-token"})
	if err != nil {
		panic(err)
	}
	return bytes.ReplaceAll(b, []byte(`"`+samplePath+`"`), []byte(`"`+path+`"`))
}

// candidates answers the paths worth sending to function name: its GET routes without
// wildcards from its route table, the sample's own path first. A name that is not in the
// registry (the baseline) gets the sample's path.
func candidates(name string) []string {
	var paths []string
	for _, f := range functions.List() {
		if f.Name != name {
			continue
		}
		for _, r := range f.Routes() {
			if r.Method == http.MethodGet && !strings.Contains(r.Path, "{") {
				paths = append(paths, r.Path)
			}
		}
	}
	if i := slices.Index(paths, samplePath); i > 0 {
		paths[0], paths[i] = paths[i], paths[0]
	}
	if len(paths) == 0 {
		return []string{samplePath}
	}
	return paths
}

// pickRoute runs the binary once per candidate path (unmeasured; it also warms the page
// cache) and keeps the first path answered with 401 and no database connection: an answer
// that needs no database. Without such a path it keeps the first candidate.
func pickRoute(b bin) (string, error) {
	paths := candidates(b.name)
	if len(paths) == 1 {
		_, err := startOnce(b, paths[0])
		return paths[0], err
	}
	var err error
	answered := false
	for _, p := range paths {
		var r once
		if r, err = startOnce(b, p); err == nil {
			answered = true
			if r.status == http.StatusUnauthorized && r.dbConns == 0 {
				return p, nil
			}
		}
	}
	if !answered {
		return paths[0], err
	}
	return paths[0], nil
}

// startOnce runs the binary against a fresh Runtime API that hands it one event for path,
// and answers the time from exec to its first response.
func startOnce(b bin, path string) (once, error) {
	event := eventFor(path)
	// The database listener only counts: nothing may connect before the first answer.
	dbLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return once{}, err
	}
	defer dbLn.Close()
	var dbConns atomic.Int32
	go func() {
		for {
			c, err := dbLn.Accept()
			if err != nil {
				return
			}
			dbConns.Add(1)
			c.Close()
		}
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return once{}, err
	}
	type answer struct {
		at     time.Time
		status int
		err    error
	}
	answered := make(chan answer, 1)
	var served atomic.Int32
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) > 1 { // one event per run: hold the next poll until the run ends
			select {
			case <-stop:
			case <-r.Context().Done():
			}
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Lambda-Runtime-Aws-Request-Id", "bench-1")
		h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(30*time.Second).UnixMilli(), 10))
		h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:ap-southeast-1:123456789012:function:bench")
		h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Parent=0000000000000000;Sampled=0")
		_, _ = w.Write(event)
	})
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		body, _ := io.ReadAll(r.Body)
		var res struct {
			StatusCode int `json:"statusCode"`
		}
		err := json.Unmarshal(body, &res)
		w.WriteHeader(http.StatusAccepted)
		select {
		case answered <- answer{at: at, status: res.StatusCode, err: err}:
		default:
		}
	})
	fail := func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusAccepted)
		select {
		case answered <- answer{err: fmt.Errorf("%s: %.300s", r.URL.Path, body)}:
		default:
		}
	}
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", fail)
	mux.HandleFunc("POST /2018-06-01/runtime/init/error", fail)
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(ln) }()
	defer func() {
		close(stop)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()

	var stderr lockedBuffer
	cmd := exec.Command(b.path)
	cmd.Dir = workDir
	cmd.Env = append(lambdaEnv(),
		"AWS_LAMBDA_RUNTIME_API="+ln.Addr().String(),
		"DATABASE_URL=postgres://postgres@"+dbLn.Addr().String()+"/samrap_bench?sslmode=disable",
	)
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	exited := make(chan error, 1)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return once{}, err
	}
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Kill()
		<-exited
	}()
	select {
	case a := <-answered:
		if a.err != nil {
			return once{}, fmt.Errorf("%s answered an error: %v", b.name, a.err)
		}
		return once{took: a.at.Sub(start), status: a.status, dbConns: int(dbConns.Load())}, nil
	case err := <-exited:
		exited <- err
		return once{}, fmt.Errorf("%s exited before answering (%v): %.300s", b.name, err, stderr.String())
	case <-time.After(10 * time.Second):
		return once{}, errors.New(b.name + ": no answer within 10 s")
	}
}

// workDir is the functions' working directory and HOME: an empty folder, so that any local
// files go there and no shared AWS configuration is found.
var workDir string

// lambdaEnv answers the variables the Lambda runtime sets (fake credentials: nothing may
// call AWS before the first answer) and STAGE=local, so that the configuration needs no
// secrets; its files go to workDir.
func lambdaEnv() []string {
	return []string{"STAGE=local", "HOME=" + workDir, "DATA_DIR=" + filepath.Join(workDir, "var"),
		"AWS_REGION=ap-southeast-1", "AWS_DEFAULT_REGION=ap-southeast-1",
		"AWS_ACCESS_KEY_ID=AKIABENCHBENCHBENCH0", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
		"AWS_LAMBDA_FUNCTION_NAME=bench", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=512",
		"AWS_LAMBDA_LOG_GROUP_NAME=/aws/lambda/bench", "AWS_LAMBDA_LOG_STREAM_NAME=bench", "AWS_EXECUTION_ENV=AWS_Lambda_provided.al2023",
		"LAMBDA_TASK_ROOT=" + workDir, "TZ=:UTC", "LANG=en_US.UTF-8",
		"UPLOADS_BUCKET=samrap-bench-uploads", "FILES_BUCKET=samrap-bench-files"}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// ---- printing ----

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/float64(time.Millisecond)) }

func vs(v, base time.Duration, name string) string {
	if base <= 0 {
		return fmt.Sprintf("(%s: n/a)", name)
	}
	return fmt.Sprintf("%.2fx %s", float64(v)/float64(base), name)
}

// readers are the functions that read uploaded spreadsheets (they link pkg/xlsx/xlsxread, so
// excelize): issue 28 §1 leaves them out of the init budget.
var readers = map[string]bool{"files": true, "import-worker": true}

func verdict(ok bool) string {
	if ok {
		return "OK"
	}
	return "OVER"
}
