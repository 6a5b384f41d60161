package main

import (
	"bufio"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"samrap/functions"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

func routerFor(t *testing.T, mount platform.Mount) *httpx.Router {
	t.Helper()
	keys, err := session.NewKeys(session.StaticSecret(make([]byte, 32)), time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	adapters, err := platform.LocalAdapters(t.TempDir(), make([]byte, 32), "http://samrap.test")
	if err != nil {
		t.Fatal(err)
	}
	env := &platform.Env{Keys: keys, Now: time.Now, Log: platform.NewLogger("error"), Adapters: adapters}
	rt := env.Router()
	mount(env, rt)
	return rt
}

// fill replaces {wildcards} with sample values.
func fill(path string) string {
	return regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "X1")
}

func TestCatalogMatchesTheHandlers(t *testing.T) {
	catalog, err := functions.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	mounts := httpMounts()
	owner := map[string]string{} // "METHOD path" → function
	names := map[string]bool{}
	for _, f := range catalog {
		if names[f.Name] {
			t.Errorf("function %q is listed twice", f.Name)
		}
		names[f.Name] = true
		if _, err := os.Stat(filepath.Join("..", f.Name, "main.go")); err != nil {
			t.Errorf("function %q has no functions/%s/main.go", f.Name, f.Name)
		}
		checkWires(t, f)
		switch f.Kind {
		case "http", "sqs", "schedule", "custom-resource":
		default:
			t.Errorf("function %q has unknown kind %q", f.Name, f.Kind)
		}
		if f.Kind != "http" {
			if len(f.Routes) > 0 {
				t.Errorf("%s function %q lists routes", f.Kind, f.Name)
			}
			continue
		}
		mount, ok := mounts[f.Name]
		if !ok {
			t.Errorf("http function %q has no area in httpMounts", f.Name)
			continue
		}
		rt := routerFor(t, mount)
		served := map[string]bool{}
		for _, p := range rt.Patterns() {
			served[p] = true
		}
		for _, r := range f.Routes {
			if !strings.HasPrefix(r.Path, "/api/") {
				t.Errorf("%s: route %s is not under /api", f.Name, r.Pattern())
			}
			if prev, dup := owner[r.Pattern()]; dup {
				t.Errorf("route %s is claimed by %q and %q", r.Pattern(), prev, f.Name)
			}
			owner[r.Pattern()] = f.Name
			req := httptest.NewRequest(r.Method, fill(r.Path), nil)
			if got := rt.Match(req); got != r.Pattern() {
				t.Errorf("%s: catalogue route %s is answered by %q, not by its handler", f.Name, r.Pattern(), got)
			}
			delete(served, r.Pattern())
		}
		for p := range served {
			t.Errorf("%s: the handler serves %s, which the catalogue does not list", f.Name, p)
		}
	}
	for name := range mounts {
		if !names[name] {
			t.Errorf("area %q is mounted but not in the catalogue", name)
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

// checkWires: a function's main wires exactly the outside services its catalogue entry
// uses (the Wire of each adapter package), so that a Lambda has what it calls and links
// nothing else.
func checkWires(t *testing.T, f functions.Function) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", f.Name, "main.go"))
	if err != nil {
		return // reported above
	}
	want := map[string]bool{"ses.Wire": false, "s3blob.Wire": false, "sqsqueue.Wire": false}
	for _, u := range f.Uses {
		switch {
		case u == "mail":
			want["ses.Wire"] = true
		case u == "uploads" || u == "files":
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
		path = filepath.Join("..", "..", "..", "shared", "SPEC.md")
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
