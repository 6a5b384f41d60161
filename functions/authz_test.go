package functions_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"samrap/functions"
	"samrap/pkg/apitest"
)

// The authorization matrix (issue 18 §4): every route of functions/catalog.json is called as
// every pair the demo accounts hold (every role of the demo branches, multi@'s four pairs
// among them), signed in without a pair, and anonymously. Nothing here names a route: a route
// an area adds is in the matrix the day it is catalogued.
//
//   - role: a non-public route answers 401 without a token or with a forged one; a route of
//     roles answers 403 to a pair whose role it does not allow and to a sign-in without a
//     pair, and neither 401 nor 403 to a pair it allows; a signed-in route answers every
//     sign-in. No call answers 5xx.
//   - branch: on a route of roles, a query naming (branchCode or branch) another branch than
//     the caller's answers 403, and so does a body naming one (JSON, form or multipart) unless
//     the route does not read that body at all (its answer is the same without the name).
//   - rows: a route its area's Rows hook names (functions.Function.Rows) called with another
//     branch's row answers 404; a GET called with the caller's own row answers, for some
//     allowed pair, something else than 404 (the ids are real). A route with an {id}
//     wildcard must be named by its area's hook.
func TestAuthorizationMatrix(t *testing.T) {
	s := apitest.New(t)
	ctx := context.Background()
	routes := catalogRoutes(t)

	// Every pair the demo accounts hold, and the branches they are in.
	var callers []*caller
	branchSet := map[string]bool{}
	rows, err := s.DB.Query(ctx, `SELECT u.email, p.branch_code, p.role_code FROM user_permission p
		JOIN app_user u ON u.id = p.user_id WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL ORDER BY 1, 2, 3`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		c := &caller{}
		if err := rows.Scan(&c.email, &c.branch, &c.role); err != nil {
			t.Fatal(err)
		}
		callers = append(callers, c)
		branchSet[c.branch] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var branches, roles []string
	for b := range branchSet {
		branches = append(branches, b)
	}
	sort.Strings(branches)
	for _, c := range callers {
		if !slices.Contains(roles, c.role) {
			roles = append(roles, c.role)
		}
	}
	if len(branches) < 2 || len(roles) < len(knownRoles) {
		t.Fatalf("the demo data holds %v in %v: the matrix needs every role and two branches", roles, branches)
	}
	other := func(b string) string {
		for _, o := range branches {
			if o != b {
				return o
			}
		}
		return ""
	}
	// One sign-in per account; multi@ is also the caller signed in without a pair.
	signIns := map[string]apitest.Tokens{}
	for _, c := range callers {
		if _, ok := signIns[c.email]; !ok {
			signIns[c.email] = s.SignIn(c.email)
		}
	}
	noPair := &caller{email: "multi@samrap.local", token: signIns["multi@samrap.local"].Access}
	for _, c := range callers {
		c.token = s.TokenAs(c.email, c.branch, c.role)
	}

	// The rows each area names, per branch.
	rowsOf := map[string]map[string]string{} // pattern → branch → id
	paramOf := map[string]string{}           // pattern → the query parameter of the id ("id" unless named)
	for _, f := range functions.List() {
		if f.Rows == nil {
			continue
		}
		for _, b := range branches {
			named, err := f.Rows(ctx, s.DB, b)
			if err != nil {
				t.Fatalf("%s.Rows(%s): %v", f.Name, b, err)
			}
			for key, id := range named {
				pattern, param, ok := strings.Cut(key, "?")
				if ok {
					paramOf[pattern] = param
				}
				if rowsOf[pattern] == nil {
					rowsOf[pattern] = map[string]string{}
				}
				rowsOf[pattern][b] = id
			}
		}
	}

	m := &matrix{s: s, t: t}
	var branchChecked, rowsChecked int
	found := map[string]bool{} // GET routes of rows that answered some pair's own row
	for _, r := range routes {
		pattern := r.Method + " " + r.Path
		if _, ok := rowsOf[pattern]; !ok && strings.Contains(r.Path, "{id}") {
			t.Errorf("%s takes a row's {id}, but its area's Rows (functions/registry.go) names no row of it", pattern)
		}
		neutral := wildcard.ReplaceAllString(r.Path, "1")
		base := probe{method: r.Method, path: neutral}

		// role
		if r.Access == functions.AccessPublic {
			m.expectNot(nil, base, "anonymous on a public route", 500)
			continue
		}
		m.expect(nil, base, "without a token", http.StatusUnauthorized)
		m.expect(&caller{token: "forged." + noPair.token}, base, "with a forged token", http.StatusUnauthorized)
		if r.Access == functions.AccessSignedIn {
			m.expectNot(noPair, base, "signed in without a pair", http.StatusUnauthorized, http.StatusForbidden)
		} else {
			m.expect(noPair, base, "signed in without a pair", http.StatusForbidden)
		}
		for _, c := range callers {
			allowed := r.Access == functions.AccessSignedIn || slices.Contains(r.Roles, c.role)
			if !allowed {
				m.expect(c, base, "a role the route does not allow", http.StatusForbidden)
				continue
			}
			m.expectNot(c, base, "a role the route allows", http.StatusUnauthorized, http.StatusForbidden)
			if r.Access != functions.AccessRoles {
				continue
			}

			// branch: the query, then each kind of body
			foreign := other(c.branch)
			for _, name := range []string{"branchCode", "branch"} {
				m.expect(c, probe{method: r.Method, path: neutral + "?" + name + "=" + foreign}, "a query naming another branch", http.StatusForbidden)
				if r.Method == http.MethodGet {
					continue
				}
				for _, enc := range []string{"json", "form", "multipart"} {
					plain := m.call(c, probe{method: r.Method, path: neutral, enc: enc})
					named := m.call(c, probe{method: r.Method, path: neutral, enc: enc, field: name, value: foreign})
					if named.Status != http.StatusForbidden && answer(named) != answer(plain) {
						t.Errorf("%s as %s: a %s body naming %s=%s answered %d %s (without it: %d %s), want 403",
							pattern, c, enc, name, foreign, named.Status, named.Body, plain.Status, plain.Body)
					}
				}
			}
			branchChecked++

			// rows: another branch's row is not found; the caller's own is
			ids := rowsOf[pattern]
			if ids == nil || ids[foreign] == "" {
				continue
			}
			m.expect(c, rowProbe(r, paramOf[pattern], c.branch, ids[foreign]), "another branch's row", http.StatusNotFound)
			rowsChecked++
			if r.Method == http.MethodGet && ids[c.branch] != "" {
				if own := m.call(c, rowProbe(r, paramOf[pattern], c.branch, ids[c.branch])); own.Status != http.StatusNotFound {
					found[pattern] = true
				}
			}
		}
	}
	for pattern, ids := range rowsOf {
		if strings.HasPrefix(pattern, "GET ") && !found[pattern] && !allEmpty(ids) {
			t.Errorf("%s: no pair found its own branch's row (the area's Rows names rows the route does not serve)", pattern)
		}
	}
	fmt.Printf("authorization matrix: %d routes × %d roles × %d branches (%d pairs held, a sign-in without a pair, anonymous): "+
		"%d calls; branch refused on %d route-pair cells, another branch's row on %d\n",
		len(routes), len(roles), len(branches), len(callers), m.calls, branchChecked, rowsChecked)
}

var wildcard = regexp.MustCompile(`\{[^}]+\}`)

func allEmpty(ids map[string]string) bool {
	for _, id := range ids {
		if id != "" {
			return false
		}
	}
	return true
}

// catalogRoute is a route of catalog.json.
type catalogRoute struct {
	Method string   `json:"method"`
	Path   string   `json:"path"`
	Access string   `json:"access"`
	Roles  []string `json:"roles"`
}

func catalogRoutes(t *testing.T) []catalogRoute {
	t.Helper()
	raw, err := os.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Functions []struct {
			Routes []catalogRoute `json:"routes"`
		} `json:"functions"`
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatal(err)
	}
	var out []catalogRoute
	for _, f := range cat.Functions {
		out = append(out, f.Routes...)
	}
	if len(out) == 0 {
		t.Fatal("catalog.json lists no route")
	}
	return out
}

// caller is a signed-in pair (role "" before one is chosen).
type caller struct {
	email, branch, role string
	token               string
}

func (c *caller) String() string {
	if c.role == "" {
		return c.email + " (no pair)"
	}
	return fmt.Sprintf("%s %s/%s", c.email, c.branch, c.role)
}

// probe is one call: a body of enc ("json", "form", "multipart"; none when "") naming
// field=value when field is set.
type probe struct {
	method, path string
	enc          string
	field, value string
}

// rowProbe calls r with the row id, in the {id} wildcard or as the query parameter param
// ("id" when empty), naming the caller's own branch.
func rowProbe(r catalogRoute, param, branch, id string) probe {
	q := url.Values{"branchCode": {branch}}
	path := r.Path
	if strings.Contains(path, "{id}") {
		path = strings.ReplaceAll(path, "{id}", url.PathEscape(id))
	} else {
		if param == "" {
			param = "id"
		}
		q.Set(param, id)
	}
	return probe{method: r.Method, path: wildcard.ReplaceAllString(path, "1") + "?" + q.Encode()}
}

type matrix struct {
	s     *apitest.Server
	t     *testing.T
	calls int
}

func (m *matrix) call(c *caller, p probe) apitest.Response {
	m.t.Helper()
	req := apitest.Request{Method: p.method, Path: p.path}
	if c != nil {
		req.Token = c.token
	}
	fields := map[string]string{}
	if p.field != "" {
		fields[p.field] = p.value
	}
	switch p.enc {
	case "json":
		req.JSON = fields
	case "form":
		req.Form = url.Values{}
		for k, v := range fields {
			req.Form.Set(k, v)
		}
		if len(fields) == 0 {
			req.Body, req.Header = strings.NewReader(""), map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
			req.Form = nil
		}
	case "multipart":
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		for k, v := range fields {
			if err := w.WriteField(k, v); err != nil {
				m.t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			m.t.Fatal(err)
		}
		req.Body, req.Header = &b, map[string]string{"Content-Type": w.FormDataContentType()}
	}
	res := m.s.Do(req)
	m.calls++
	if res.Status >= 500 {
		m.t.Errorf("%s %s as %v: %d %s", p.method, p.path, c, res.Status, res.Body)
	}
	// A call may end its own session (logout): sign in again for the next one.
	if c != nil && c.email != "" && p.method != http.MethodGet && res.Status < 300 {
		if m.s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: c.token}).Status == http.StatusUnauthorized {
			if c.role == "" {
				c.token = m.s.SignIn(c.email).Access
			} else {
				c.token = m.s.TokenAs(c.email, c.branch, c.role)
			}
		}
	}
	return res
}

func (m *matrix) expect(c *caller, p probe, what string, want int) {
	m.t.Helper()
	if res := m.call(c, p); res.Status != want {
		m.t.Errorf("%s %s as %v (%s): %d %s, want %d", p.method, p.path, c, what, res.Status, res.Body, want)
	}
}

func (m *matrix) expectNot(c *caller, p probe, what string, refused ...int) {
	m.t.Helper()
	if res := m.call(c, p); slices.Contains(refused, res.Status) || res.Status >= 500 {
		m.t.Errorf("%s %s as %v (%s): %d %s, want none of %v", p.method, p.path, c, what, res.Status, res.Body, refused)
	}
}

// answer is what a comparison of two answers looks at.
func answer(r apitest.Response) string { return fmt.Sprint(r.Status, " ", r.Code, " ", string(r.Data)) }
