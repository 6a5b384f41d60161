package functions_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"samrap/functions"
	"samrap/pkg/httpx"
	"samrap/pkg/session"
)

// catalog.json is what `go generate ./functions` writes from the registry and the route
// tables: the CDK app deploys exactly the routes the handlers serve.
func TestCatalogJSONIsGenerated(t *testing.T) {
	t.Parallel()
	want, err := functions.CatalogJSON(functions.List())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("functions/catalog.json is stale: run `go generate ./functions` and commit it")
	}
}

// fill replaces {wildcards} with sample values.
func fill(path string) string {
	return regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "X1")
}

var knownRoles = []string{session.Controller, session.OrderTaker, session.Serve, session.Nutritionist, session.SuperAdmin, session.BranchAdmin}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

func TestRegistryIsCoherent(t *testing.T) {
	t.Parallel()
	owner := map[string]string{} // "METHOD path" → function
	names := map[string]bool{}
	queues := map[string]string{}
	for _, f := range functions.List() {
		if names[f.Name] {
			t.Errorf("function %q is listed twice", f.Name)
		}
		names[f.Name] = true
		if !kebab.MatchString(f.Name) {
			t.Errorf("function %q: the name must be kebab-case", f.Name)
		}
		if _, err := os.Stat(filepath.Join(f.Name, "main.go")); err != nil {
			t.Errorf("function %q has no functions/%s/main.go", f.Name, f.Name)
		}
		checkWires(t, f)
		switch f.Kind {
		case functions.HTTP:
			if f.Mount == nil || f.Worker != nil || f.Queue != "" {
				t.Errorf("http function %q needs a Mount and nothing of a worker", f.Name)
			}
			checkMainServes(t, f, f.Mount)
		case functions.SQS:
			if f.Worker == nil || f.Mount != nil || f.Queue == "" {
				t.Errorf("sqs function %q needs a Worker and a Queue, and no Mount", f.Name)
			}
			if prev, dup := queues[f.Queue]; dup {
				t.Errorf("queue %q is consumed by %q and %q", f.Queue, prev, f.Name)
			}
			queues[f.Queue] = f.Name
			checkMainServes(t, f, f.Worker)
		case functions.Scheduled:
			if f.Job == nil || f.Mount != nil || f.Worker != nil || f.Schedule == "" {
				t.Errorf("scheduled function %q needs a Job and a Schedule, and no Mount or Worker", f.Name)
			}
			checkMainServes(t, f, f.Job)
		case functions.CustomResource:
			if f.Mount != nil || f.Worker != nil || f.Job != nil {
				t.Errorf("%s function %q has a Mount or a Worker that nothing would run", f.Kind, f.Name)
			}
		default:
			t.Errorf("function %q has unknown kind %q", f.Name, f.Kind)
		}
		if f.Kind != functions.HTTP {
			continue
		}
		routes := f.Routes()
		if len(routes) == 0 {
			t.Errorf("http function %q declares no route", f.Name)
		}
		rt := httpx.NewRouter(nil, nil)
		for _, r := range routes {
			rt.Handle(r.Pattern(), r.Access, nil)
		}
		for _, r := range routes {
			if !strings.HasPrefix(r.Path, "/api/") {
				t.Errorf("%s: route %s is not under /api", f.Name, r.Pattern())
			}
			for _, role := range r.Access.RoleCodes() {
				if !slices.Contains(knownRoles, role) {
					t.Errorf("%s: route %s allows %q, which is no role (%v)", f.Name, r.Pattern(), role, knownRoles)
				}
			}
			if prev, dup := owner[r.Pattern()]; dup {
				t.Errorf("route %s is claimed by %q and %q", r.Pattern(), prev, f.Name)
			}
			owner[r.Pattern()] = f.Name
			req := httptest.NewRequest(r.Method, fill(r.Path), nil)
			if got := rt.Match(req); got != r.Pattern() {
				t.Errorf("%s: route %s is answered by %q, not by its handler", f.Name, r.Pattern(), got)
			}
		}
	}
	for _, f := range functions.List() {
		for _, u := range f.Uses {
			if q, ok := strings.CutPrefix(u, "queue:"); ok && queues[q] == "" {
				t.Errorf("function %q uses queue %q, which no sqs function owns", f.Name, q)
			}
		}
	}

	// How much of SPEC.md §7 is served.
	calls, err := specCalls()
	if err != nil {
		t.Logf("SPEC.md not found beside the repo (%v); the call counter is not printed", err)
		return
	}
	var missing []string
	for _, c := range calls {
		if _, ok := owner[c]; !ok {
			missing = append(missing, c)
		}
	}
	fmt.Printf("spec calls served: %d/%d\n", len(calls)-len(missing), len(calls))
	if testing.Verbose() {
		for _, m := range missing {
			fmt.Println("  not served yet:", m)
		}
	}
	if len(calls) < 100 {
		t.Errorf("read only %d calls from SPEC.md §7: the parser lost some", len(calls))
	}
}

// checkMainServes: a function's main serves what its registry entry names (the Lambda runs
// the route table catalog.json was generated from), and names it itself, so that each Lambda
// links only its own area.
func checkMainServes(t *testing.T, f functions.Function, fn any) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(f.Name, "main.go"))
	if err != nil {
		return // reported by the caller
	}
	full := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name() // samrap/pkg/users.Mount
	slash := strings.LastIndex(full, "/")
	dot := strings.Index(full[slash+1:], ".")
	if slash < 0 || dot < 0 {
		t.Errorf("function %q: %s is not a package-level function", f.Name, full)
		return
	}
	pkg, ident := full[:slash+1+dot], full[slash+1:]
	if !strings.Contains(string(src), `"`+pkg+`"`) || !strings.Contains(string(src), ident) {
		t.Errorf("functions/%s/main.go does not serve %s, which the registry names", f.Name, full)
	}
	if strings.Contains(string(src), `"samrap/functions"`) {
		t.Errorf("functions/%s/main.go imports the registry: the Lambda would link every area", f.Name)
	}
}

// checkWires: a function's main wires exactly the outside services its catalogue entry
// uses (the Wire of each adapter package), so that a Lambda has what it calls and links
// nothing else.
func checkWires(t *testing.T, f functions.Function) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(f.Name, "main.go"))
	if err != nil {
		return // reported above
	}
	want := map[string]bool{"ses.Wire": false, "s3blob.Wire": false, "sqsqueue.Wire": false}
	for _, u := range f.Uses {
		switch {
		case u == "mail":
			want["ses.Wire"] = true
		case u == "uploads" || u == "files" || u == "hl7-archive":
			want["s3blob.Wire"] = true
		case strings.HasPrefix(u, "queue:"):
			want["sqsqueue.Wire"] = true
		}
	}
	for wire, needed := range want {
		if has := strings.Contains(string(src), wire); has != needed {
			t.Errorf("functions/%s/main.go: %s wired=%v, but the catalogue uses %v", f.Name, wire, has, f.Uses)
		}
	}
}

// specCalls reads every call of SPEC.md §7 as "METHOD /api/path".
func specCalls() ([]string, error) {
	path := os.Getenv("SAMRAP_SPEC")
	if path == "" {
		path = filepath.Join("..", "..", "shared", "SPEC.md")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseSpecCalls(bufio.NewScanner(f))
}

var (
	reSlashCall  = regexp.MustCompile(`\b(GET|POST|DELETE|PUT)\s+(/[A-Za-z0-9_/{}\-]+)`)
	reBareCall   = regexp.MustCompile(`^- (GET|POST|DELETE|PUT)\s+([a-zA-Z].*)$`)
	reParens     = regexp.MustCompile(`\([^)]*\)`)
	reHeadPrefix = regexp.MustCompile(`\((/[A-Za-z]+)\)`)
)

func parseSpecCalls(sc *bufio.Scanner) ([]string, error) {
	set := map[string]bool{}
	in := false
	prefix := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## 7.")
			continue
		}
		if !in {
			continue
		}
		if strings.HasPrefix(line, "### ") {
			prefix = ""
			if m := reHeadPrefix.FindStringSubmatch(line); m != nil {
				prefix = m[1]
			}
			continue
		}
		if strings.Contains(line, "Kind suffixes:") {
			// Master data: searchX (GET), updateX (POST), deleteX (DELETE) under /parameter.
			list := line[strings.Index(line, "Kind suffixes:")+len("Kind suffixes:"):]
			list = list[:strings.Index(list, ". ")]
			for _, item := range strings.Split(list, ",") {
				item = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(item), "and "))
				searchDeleteOnly := strings.Contains(item, "search and delete only")
				item = strings.TrimSpace(reParens.ReplaceAllString(item, ""))
				for _, kind := range strings.Split(item, "/") {
					set["GET /api/parameter/search"+kind] = true
					set["DELETE /api/parameter/delete"+kind] = true
					if !searchDeleteOnly {
						set["POST /api/parameter/update"+kind] = true
					}
				}
			}
			continue
		}
		if m := reBareCall.FindStringSubmatch(line); m != nil && prefix != "" {
			// "- GET getDietType, getTherapeutic (branchCode, hnId), ..." under a heading "(/takerOrder)".
			rest := reParens.ReplaceAllString(m[2], "")
			if i := strings.IndexAny(rest, ":"); i >= 0 {
				rest = rest[:i]
			}
			rest = strings.TrimSuffix(strings.TrimSpace(rest), ".")
			for _, name := range strings.Split(rest, ",") {
				name = strings.TrimSpace(name)
				if i := strings.IndexAny(name, "? "); i >= 0 {
					name = name[:i]
				}
				name = strings.TrimSuffix(name, ".")
				if name != "" {
					set[m[1]+" /api"+prefix+"/"+name] = true
				}
			}
			continue
		}
		for _, m := range reSlashCall.FindAllStringSubmatch(line, -1) {
			set[m[1]+" /api"+strings.TrimSuffix(m[2], ".")] = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out, nil
}
