package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"samrap/pkg/errs"
	"samrap/pkg/session"
)

// fields answers the 422's field → key map of err, nil when err is not a 422.
func fields(err error) map[string]string {
	if e, ok := errs.As(err); ok && e.Kind == errs.Invalid {
		return e.Fields
	}
	return nil
}

func TestQueryPage(t *testing.T) {
	t.Parallel()
	ok := map[string]PageParams{
		"": {Page: 1, Size: 20},
		"page=3&size=50&sortBy=name&sortDesc=true": {Page: 3, Size: 50, SortBy: "name", SortDesc: true},
		"page=100000&size=1000":                    {Page: MaxPage, Size: MaxSize},
	}
	for raw, want := range ok {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		if got := q.Page(); got != want || q.Err() != nil {
			t.Errorf("%q: %+v %v", raw, got, q.Err())
		}
	}
	// Not a number (or not a boolean): a malformed request.
	for _, raw := range []string{"page=x", "size=1.5", "sortDesc=maybe", "page=x&size=0"} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		q.Page()
		if err := q.Err(); !errors.Is(err, errs.ErrMalformed) {
			t.Errorf("%q: %v", raw, err)
		}
	}
	// A number out of range, however large: 422 naming the field, never an OFFSET that
	// overflows.
	for raw, field := range map[string]string{"page=0": "page", "page=-1": "page", "page=100001": "page",
		"page=9223372036854775807": "page", "page=99999999999999999999999": "page",
		"size=0": "size", "size=1001": "size", "size=-9223372036854775808": "size"} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		p := q.Page()
		if f := fields(q.Err()); f[field] != "field.outOfRange" || len(f) != 1 {
			t.Errorf("%q: %v", raw, q.Err())
		}
		if p.Offset() < 0 {
			t.Errorf("%q: offset %d", raw, p.Offset())
		}
	}
}

func TestQueryPageSortable(t *testing.T) {
	t.Parallel()
	for raw, bad := range map[string]bool{"": false, "sortBy=name": false, "sortBy=ward&sortDesc=true": false,
		"sortBy=password": true, "sortBy=name%20desc": true} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		q.Page("ward", "name")
		if f := fields(q.Err()); (f["sortBy"] == "field.invalid") != bad {
			t.Errorf("%q: %v", raw, q.Err())
		}
	}
}

func TestQueryCollectsEveryProblem(t *testing.T) {
	t.Parallel()
	q := ReadQuery(httptest.NewRequest("GET", "/x?status=maybe&page=0&id=", nil))
	q.Required("branchCode")
	q.ID("id")
	q.OneOf("status", "ACTIVE", "INACTIVE")
	q.Page()
	want := map[string]string{"branchCode": "field.required", "id": "field.required", "status": "field.invalid", "page": "field.outOfRange"}
	got := fields(q.Err())
	if len(got) != len(want) {
		t.Fatalf("%v", q.Err())
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}

	q = ReadQuery(httptest.NewRequest("GET", "/x?status=inactive&id=12", nil))
	if s, id := q.OneOf("status", "ACTIVE", "INACTIVE"), q.ID("id"); s != "INACTIVE" || id != 12 || q.Err() != nil {
		t.Fatalf("%q %d %v", s, id, q.Err())
	}
}

// hostile are values that must never reach PostgreSQL: NUL bytes, invalid UTF-8, and text
// longer than any field.
var hostile = map[string]string{
	"nul":         "a\x00b",
	"invalidUTF8": "\xff\xfe",
	"truncated":   "ก"[:2],
	"tooLong":     strings.Repeat("ก", MaxText+1),
}

func testRouter() (*Router, *bool) {
	rt := NewRouter(fixedAuth{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	reached := new(bool)
	h := func(w http.ResponseWriter, r *http.Request) error {
		*reached = true
		if r.Method == "POST" {
			var v map[string]any
			switch ct := r.Header.Get("Content-Type"); {
			case strings.HasPrefix(ct, "application/x-www-form-urlencoded"):
				if err := ParseForm(r); err != nil {
					return err
				}
			case strings.HasPrefix(ct, "multipart/form-data"):
				if err := ParseMultipart(r, 1<<20); err != nil {
					return err
				}
				defer r.MultipartForm.RemoveAll()
			default:
				if err := DecodeJSON(r, &v); err != nil {
					return err
				}
			}
		}
		return OK(w, r, Branch(r)+"/"+Actor(r))
	}
	typed := func(w http.ResponseWriter, r *http.Request) error {
		var v struct {
			Name string `json:"name"`
		}
		if err := DecodeJSON(r, &v); err != nil {
			return err
		}
		return OK(w, r, Branch(r)+"/"+Actor(r))
	}
	rt.Handle("GET /api/pub", Public(), h)
	rt.Handle("GET /api/x/{key}", Roles(session.Nutritionist), h)
	rt.Handle("POST /api/x", Roles(session.Nutritionist), h)
	rt.Handle("POST /api/any", SignedIn(), h)
	rt.Handle("POST /api/typed", Roles(session.Nutritionist), typed)
	return rt, reached
}

// fixedAuth signs everybody in as a Nutritionist of SRP01.
type fixedAuth struct{}

func (fixedAuth) Defer(ctx context.Context, _ string) (*session.Claims, context.Context, error) {
	return &session.Claims{UserID: 7, EmployeeCode: "D0004",
		Current: &session.Pair{BranchCode: "SRP01", RoleCode: session.Nutritionist}}, ctx, nil
}

func (fixedAuth) Check(context.Context) error { return nil }

func serve(rt *Router, method, target, contentType, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer t")
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	rt.ServeHTTP(w, r)
	return w
}

func TestHostileTextIsRefusedOnceForEveryRoute(t *testing.T) {
	t.Parallel()
	for name, v := range hostile {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rt, reached := testRouter()
			key := "field.textInvalid"
			if name == "tooLong" {
				key = "field.tooLong"
			}
			msg := map[string]string{"field.textInvalid": "This contains characters that are not allowed", "field.tooLong": "This is too long"}[key]
			check := func(how string, w *httptest.ResponseRecorder, field string) {
				t.Helper()
				if w.Code != 422 || !strings.Contains(w.Body.String(), `"`+field+`":"`+msg+`"`) {
					t.Errorf("%s: %d %s", how, w.Code, w.Body)
				}
			}
			for _, path := range []string{"/api/pub", "/api/x/k"} {
				*reached = false
				check("query "+path, serve(rt, "GET", path+"?criteria="+url.QueryEscape(v)+"&page=1", "", ""), "criteria")
				if *reached {
					t.Errorf("%s: the handler ran", path)
				}
			}
			check("form", serve(rt, "POST", "/api/x", "application/x-www-form-urlencoded", "nameTh="+url.QueryEscape(v)), "nameTh")
			check("multipart", serve(rt, "POST", "/api/x", multipartType, multipartBody("nameTh", v)), "nameTh")
			// In JSON, the text arrives raw or escaped, top-level or nested.
			raw := v
			if name == "nul" {
				raw = `a\u0000b`
			}
			check("json", serve(rt, "POST", "/api/x", "application/json", `{"branchCode":"SRP01","nameTh":"`+raw+`"}`), "nameTh")
			check("json nested", serve(rt, "POST", "/api/x", "application/json", `{"permissions":[{"roleCode":"`+raw+`"}]}`), "permissions.roleCode")
		})
	}
}

func TestHostilePathIsNoRoute(t *testing.T) {
	t.Parallel()
	rt, reached := testRouter()
	for _, p := range []string{"/api/x/a%00b", "/api/x/%ff%fe"} {
		if w := serve(rt, "GET", p, "", ""); w.Code != 404 || *reached {
			t.Errorf("%s: %d %s", p, w.Code, w.Body)
		}
	}
}

func TestBranchAndActorAreResolvedOnce(t *testing.T) {
	t.Parallel()
	rt, _ := testRouter()
	cases := []struct {
		name, method, target, ct, body string
		status                         int
	}{
		{"200QueryNamesNoBranch", "GET", "/api/x/k", "", "", 200},
		{"200QueryNamesCurrentBranch", "GET", "/api/x/k?branch=SRP01", "", "", 200},
		{"403QueryBranchCode", "GET", "/api/x/k?branchCode=SRP02", "", "", 403},
		{"403QueryBranch", "GET", "/api/x/k?branch=SRP02", "", "", 403},
		{"200BodyCurrentBranch", "POST", "/api/x", "application/json", `{"branchCode":"SRP01"}`, 200},
		{"403BodyBranchCode", "POST", "/api/x", "application/json", `{"branchCode":"SRP02"}`, 403},
		{"403BodyBranch", "POST", "/api/x", "application/json", `{"branch":"SRP02"}`, 403},
		{"403BodyDuplicateKey", "POST", "/api/x", "application/json", `{"branchCode":"SRP01","branchCode":"SRP02"}`, 403},
		{"200NestedBranchIsTheHandlers", "POST", "/api/x", "application/json", `{"permissions":[{"branchCode":"SRP02"}]}`, 200},
		{"403FormBranch", "POST", "/api/x", "application/x-www-form-urlencoded", "branchCode=SRP02", 403},
		{"200SignedInRouteNamesAnyBranch", "POST", "/api/any", "application/json", `{"branchCode":"SRP02"}`, 200},
		{"400NotJSON", "POST", "/api/x", "application/json", `{"branchCode":`, 400},
		// Another branch is refused before the body's shape is looked at.
		{"403BranchBeforeShape", "POST", "/api/typed", "application/json", `{"branchCode":"SRP02","other":1}`, 403},
		{"422ShapeOfCurrentBranch", "POST", "/api/typed", "application/json", `{"branchCode":"SRP01"}`, 422},
		{"200MultipartCurrentBranch", "POST", "/api/x", multipartType, multipartBody("branchCode", "SRP01"), 200},
		{"403MultipartBranchCode", "POST", "/api/x", multipartType, multipartBody("branchCode", "SRP02"), 403},
		{"403MultipartBranch", "POST", "/api/x", multipartType, multipartBody("branch", "SRP02"), 403},
		{"400NotMultipart", "POST", "/api/x", multipartType, "branchCode=SRP02", 400},
	}
	for _, c := range cases {
		w := serve(rt, c.method, c.target, c.ct, c.body)
		if w.Code != c.status {
			t.Errorf("%s: %d %s", c.name, w.Code, w.Body)
		}
		if w.Code == 200 && !strings.Contains(w.Body.String(), `"SRP01/D0004"`) {
			t.Errorf("%s: branch/actor %s", c.name, w.Body)
		}
	}
}

// shaped is a body with the kinds of fields the areas' bodies have.
type shaped struct {
	Name    string     `json:"name"`
	Count   int32      `json:"count"`
	Level   *int       `json:"level"`
	Price   float64    `json:"price"`
	Units   uint8      `json:"units"`
	On      bool       `json:"on"`
	IDs     []int64    `json:"mealTimeIds"`
	NpoFrom *time.Time `json:"npoFrom"`
	Items   []struct {
		MenuID int64  `json:"menuId"`
		Note   string `json:"alternativeNote"`
	} `json:"items"`
	Caregiver *struct {
		AllergenIDs []int64 `json:"allergenIds"`
	} `json:"caregiverInfo"`
	Versions map[string]int  `json:"patientVersions"`
	Any      any             `json:"any"`
	Raw      json.RawMessage `json:"raw"`
}

// Issue 31 §4: a body that is JSON but does not fit the call is a 422 naming every field
// that does not fit — the web app signs the user out on a 400.
func TestDecodeJSONNamesTheFieldsThatDoNotFit(t *testing.T) {
	t.Parallel()
	decode := func(body string) error {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		var v shaped
		return DecodeJSON(r, &v)
	}
	cases := []struct {
		body string
		want map[string]string
	}{
		{`{"nmae":"x"}`, map[string]string{"nmae": "field.unknown"}},
		{`{"items":[{"menuId":1},{"menuId":2,"note":"x"}]}`, map[string]string{"items.note": "field.unknown"}},
		{`{"caregiverInfo":{"allergenIds":[1],"religion":"x"}}`, map[string]string{"caregiverInfo.religion": "field.unknown"}},
		{`{"count":"x"}`, map[string]string{"count": "field.wrongType"}},
		{`{"count":99999999999}`, map[string]string{"count": "field.outOfRange"}},
		{`{"count":1.5}`, map[string]string{"count": "field.wholeNumber"}},
		{`{"level":-1e30}`, map[string]string{"level": "field.outOfRange"}},
		{`{"units":-1}`, map[string]string{"units": "field.outOfRange"}},
		{`{"units":256}`, map[string]string{"units": "field.outOfRange"}},
		{`{"price":1e400}`, map[string]string{"price": "field.outOfRange"}},
		{`{"name":5}`, map[string]string{"name": "field.wrongType"}},
		{`{"on":"yes"}`, map[string]string{"on": "field.wrongType"}},
		{`{"mealTimeIds":[1e23]}`, map[string]string{"mealTimeIds": "field.outOfRange"}},
		{`{"mealTimeIds":7}`, map[string]string{"mealTimeIds": "field.wrongType"}},
		{`{"mealTimeIds":[{"a":1}]}`, map[string]string{"mealTimeIds": "field.wrongType"}},
		{`{"count":{"a":1}}`, map[string]string{"count": "field.wrongType"}},
		{`{"items":[{"menuId":"x"}]}`, map[string]string{"items.menuId": "field.wrongType"}},
		{`{"patientVersions":{"HN1":"x"}}`, map[string]string{"patientVersions.HN1": "field.wrongType"}}, // keys as scanJSON names them
		{`{"npoFrom":"yesterday"}`, map[string]string{"npoFrom": "field.dateTime"}},
		{`{"npoFrom":5}`, map[string]string{"npoFrom": "field.invalid"}},
		{`[1]`, map[string]string{"body": "field.wrongType"}},
		{`"x"`, map[string]string{"body": "field.wrongType"}},
		// every problem at once, and the text problems scanJSON finds beside them
		{`{"count":"x","zz":1,"npoFrom":"later","name":"a\u0000b"}`,
			map[string]string{"count": "field.wrongType", "zz": "field.unknown", "npoFrom": "field.dateTime", "name": "field.textInvalid"}},
	}
	for _, c := range cases {
		got := fields(decode(c.body))
		if !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.body, got, c.want)
		}
	}
	// what fits is read, whatever the case of its keys (as encoding/json reads them)
	for _, body := range []string{`{"NAME":"a","count":3,"npoFrom":"2026-01-01T08:00:00+07:00","any":{"x":[1]},"raw":[1,{"y":2}],"patientVersions":{"HN1":2}}`, `null`} {
		if err := decode(body); err != nil {
			t.Errorf("%s: %v", body, err)
		}
	}
	// not JSON at all, nothing, or more than one value: malformed
	for _, body := range []string{``, `{"count":`, `{"count":1}{"count":2}`, `{"count":"x"} 1`, `nul`} {
		if err := decode(body); !errors.Is(err, errs.ErrMalformed) {
			t.Errorf("%q: %v, want malformed", body, err)
		}
	}
}

// Issue 31 §4: only a body sent as JSON is read as JSON. text/plain (and no type at all) is
// what a page of another site can post without a CORS preflight.
func TestDecodeJSONNeedsTheJSONType(t *testing.T) {
	t.Parallel()
	for ct, ok := range map[string]bool{
		"application/json": true, "application/json; charset=utf-8": true, "Application/JSON; charset=UTF-8": true,
		"": false, "text/plain": false, "text/plain; charset=utf-8": false, "application/x-www-form-urlencoded": false,
		"multipart/form-data; boundary=x": false, "application/json; charset=iso-8859-1": false, "application/jsonx": false,
		"application/csp-report": false,
	} {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(`{"name":"a"}`))
		if ct != "" {
			r.Header.Set("Content-Type", ct)
		}
		var v shaped
		err := DecodeJSON(r, &v)
		if ok && (err != nil || v.Name != "a") {
			t.Errorf("%q: %v", ct, err)
		}
		if !ok && !errors.Is(err, errs.ErrMalformed) {
			t.Errorf("%q: %v, want malformed", ct, err)
		}
	}
}

const multipartType = "multipart/form-data; boundary=b0undary"

// multipartBody is a multipart form of one field.
func multipartBody(name, value string) string {
	var b strings.Builder
	w := multipart.NewWriter(&b)
	if err := w.SetBoundary("b0undary"); err != nil {
		panic(err)
	}
	if err := w.WriteField(name, value); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.String()
}

func TestNoContent(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	if err := NoContent(w); err != nil || w.Code != 204 || w.Body.Len() != 0 || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("%d %q %v", w.Code, w.Body, err)
	}
}

// FuzzDecodeJSON: whatever the body, DecodeJSON answers a failure the client is told about
// (never an internal one), and what it accepts carries no text PostgreSQL would refuse.
// The seed corpus is in testdata/fuzz/FuzzDecodeJSON; go test replays it.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"nameTh":"a\u0000b"}`, `{"nameTh":"` + "\xff\xfe" + `"}`, `{"branchCode":"SRP02"}`,
		`{"a":[{"b":"c"}],"d":1}`, `[1,"x"]`, `"x"`, `{"\u0000":1}`, `{"a":"\ud800"}`, `{`,
		`{"items":[{"menuId":1e30,"x":1}],"npoFrom":"now","count":"1"}`} {
		f.Add([]byte(s))
	}
	rt, _ := testRouter()
	f.Fuzz(func(t *testing.T, body []byte) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/api/x", bytes.NewReader(body))
		r.Header.Set("Authorization", "Bearer t")
		r.Header.Set("Content-Type", "application/json")
		rt.ServeHTTP(w, r)
		switch w.Code {
		case 200:
			var v any
			if err := json.Unmarshal(body, &v); err != nil || !utf8.Valid(body) || hasNUL(v) {
				t.Fatalf("accepted %q", body)
			}
		case 400, 403, 422:
		default:
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
		// into a struct: read, malformed, or a 422 naming at least one field
		r = httptest.NewRequest("POST", "/x", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		var v shaped
		if err := DecodeJSON(r, &v); err != nil && !errors.Is(err, errs.ErrMalformed) && len(fields(err)) == 0 {
			t.Fatalf("%q: %v", body, err)
		}
	})
}

// hasNUL reports whether a decoded JSON value holds a NUL byte in a key or a string.
func hasNUL(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.Contains(v, "\x00")
	case []any:
		return slices.ContainsFunc(v, hasNUL)
	case map[string]any:
		for k, e := range v {
			if strings.Contains(k, "\x00") || hasNUL(e) {
				return true
			}
		}
	}
	return false
}

// FuzzQuery: whatever the query, the router and Query answer 200, 400, 403 or 422, and a
// handler never sees a value with a NUL byte or invalid UTF-8.
func FuzzQuery(f *testing.F) {
	for _, s := range []string{"criteria=%00", "criteria=%ff%fe", "page=9223372036854775807", "size=-1&page=x",
		"status=active", "branchCode=SRP02", "%zz", "a=1&a=%00", "sortDesc=true&sortBy=%c3"} {
		f.Add(s)
	}
	rt := NewRouter(fixedAuth{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	rt.Handle("GET /api/q", Roles(session.Nutritionist), func(w http.ResponseWriter, r *http.Request) error {
		for k, vs := range r.URL.Query() {
			for _, v := range append(vs, k) {
				if textProblem(v) != "" {
					panic("handler saw " + url.QueryEscape(v))
				}
			}
		}
		q := ReadQuery(r)
		p := q.Page()
		q.OneOf("status", "ACTIVE", "INACTIVE")
		if err := q.Err(); err != nil {
			return err
		}
		if p.Offset() < 0 || p.Size < 1 || p.Size > MaxSize {
			panic("page out of bounds")
		}
		return OK(w, r, nil)
	})
	f.Fuzz(func(t *testing.T, raw string) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/api/q", nil)
		r.URL.RawQuery = raw
		r.Header.Set("Authorization", "Bearer t")
		rt.ServeHTTP(w, r)
		switch w.Code {
		case 200, 400, 403, 422:
		default:
			t.Fatalf("%q: %d %s", raw, w.Code, w.Body)
		}
	})
}

func TestQueryIDOrAll(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]int64{"": 0, "ward=All": 0, "ward=ALL": 0, "ward=all": 0, "ward=7": 7} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		if got := q.IDOrAll("ward"); got != want || q.Err() != nil {
			t.Errorf("%q: %d %v, want %d", raw, got, q.Err(), want)
		}
	}
	for _, raw := range []string{"ward=0", "ward=x", "ward=-1"} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		if q.IDOrAll("ward"); q.Err() == nil {
			t.Errorf("%q: accepted, want refused", raw)
		}
	}
}

func TestQueryDay(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{"": "", "dateOrder=": "", "dateOrder=2026-02-28": "2026-02-28"} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		if got := q.Day("dateOrder"); got != want || q.Err() != nil {
			t.Errorf("%q: %q %v, want %q", raw, got, q.Err(), want)
		}
	}
	for _, raw := range []string{"dateOrder=2026-02-30", "dateOrder=today", "dateOrder=2026-1-1"} {
		q := ReadQuery(httptest.NewRequest("GET", "/x?"+raw, nil))
		q.Day("dateOrder")
		if f := fields(q.Err()); f["dateOrder"] != "date.invalid" {
			t.Errorf("%q: %v, want dateOrder date.invalid", raw, q.Err())
		}
	}
}
