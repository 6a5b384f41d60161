package params_test

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"samrap/pkg/apitest"
)

// Issue 18 §5: hostile text and numbers never reach PostgreSQL as an error. Each bad input
// of the issue answers 422 naming its field, and nothing is written.
func TestHostileInput(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.s.Count(`SELECT count(*) FROM change_log`)
	raw := func(token, method, path, body string) apitest.Response {
		t.Helper()
		return f.s.Do(apitest.Request{Method: method, Path: path, Token: token, Lang: "en",
			Body: strings.NewReader(body), Header: map[string]string{"Content-Type": "application/json"}})
	}
	long := strings.Repeat("ก", 4001)
	cases := []struct {
		name, token, method, path, body, field, msg string
	}{
		{"search422NUL", f.nutri, "GET", "/api/parameter/searchDietType?criteria=%00", "", "criteria", "This contains characters that are not allowed"},
		{"search422InvalidUTF8", f.nutri, "GET", "/api/parameter/searchDietType?criteria=%ff%fe", "", "criteria", "This contains characters that are not allowed"},
		{"search422TooLong", f.nutri, "GET", "/api/parameter/searchDietType?criteria=" + url.QueryEscape(long), "", "criteria", "This is too long"},
		{"search422HugePage", f.nutri, "GET", "/api/parameter/searchDietType?page=9223372036854775807", "", "page", "This value is out of range"},
		{"search422PagePastInt64", f.nutri, "GET", "/api/parameter/searchDietType?page=92233720368547758070", "", "page", "This value is out of range"},
		{"search422HugeSize", f.nutri, "GET", "/api/parameter/searchDietType?size=9223372036854775807", "", "size", "This value is out of range"},
		{"roles422NUL", f.nutri, "GET", "/api/parameter/roles?branchCode=SRP%0001", "", "branchCode", "This contains characters that are not allowed"},
		{"roles422InvalidUTF8", f.nutri, "GET", "/api/parameter/roles?branchCode=%ff%fe", "", "branchCode", "This contains characters that are not allowed"},
		{"update422NUL", f.nutri, "POST", "/api/parameter/updateDietType", `{"branchCode":"SRP01","code":"H1","nameTh":"a\u0000b"}`, "nameTh", "This contains characters that are not allowed"},
		{"update422InvalidUTF8", f.nutri, "POST", "/api/parameter/updateDietType", "{\"branchCode\":\"SRP01\",\"code\":\"H2\",\"nameTh\":\"\xff\xfe\"}", "nameTh", "This contains characters that are not allowed"},
		{"update422NULInCode", f.nutri, "POST", "/api/parameter/updateDietType", `{"branchCode":"SRP01","code":"H\u00003","nameTh":"ก"}`, "code", "This contains characters that are not allowed"},
		{"update422TooLongRemark", f.nutri, "POST", "/api/parameter/updateDietType", `{"branchCode":"SRP01","code":"H4","nameTh":"ก","remark":"` + long + `"}`, "remark", "This is too long"},
		{"copy422NUL", f.superUser, "POST", "/api/parameter/copyBranch", `{"fromBranchCode":"SRP01","toBranchCode":"SRP\u000009"}`, "toBranchCode", "This contains characters that are not allowed"},
		{"copy422InvalidUTF8", f.superUser, "POST", "/api/parameter/copyBranch", "{\"fromBranchCode\":\"\xff\xfe\",\"toBranchCode\":\"SRP09\"}", "fromBranchCode", "This contains characters that are not allowed"},
		{"createBranch422NUL", f.superUser, "POST", "/api/parameter/createBranch", `{"code":"SRP30","nameTh":"a\u0000b"}`, "nameTh", "This contains characters that are not allowed"},
		{"createBranch422InvalidUTF8TimeZone", f.superUser, "POST", "/api/parameter/createBranch", "{\"code\":\"SRP31\",\"nameTh\":\"ก\",\"timeZone\":\"Asia/\xff\"}", "timeZone", "This contains characters that are not allowed"},
		{"createBranch422NULTimeZone", f.superUser, "POST", "/api/parameter/createBranch", `{"code":"SRP32","nameTh":"ก","timeZone":"Asia/Bangkok\u0000"}`, "timeZone", "This contains characters that are not allowed"},
	}
	for _, c := range cases {
		res := raw(c.token, c.method, c.path, c.body)
		if res.Status != 422 || res.Code != "VALIDATION" || res.Fields()[c.field] != c.msg {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log`); n != before {
		t.Errorf("hostile input wrote %d change-log rows", n-before)
	}
	if n := f.s.Count(`SELECT count(*) FROM branch WHERE code LIKE 'SRP3%'`); n != 0 {
		t.Errorf("hostile input added %d branches", n)
	}
}

// Issue 18 §9: a master-data status in a body is read in any case and stored in upper case,
// as the query's status is.
func TestStatusInAnyCase(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	body := f.sample(t, "DietType", "CASE1")
	body["status"] = "inactive"
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateDietType", Token: f.nutri, JSON: body})
	var rec map[string]any
	res.Into(t, &rec)
	if res.Status != 200 || rec["status"] != "INACTIVE" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	body["id"], body["status"] = rec["id"], " Active "
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateDietType", Token: f.nutri, JSON: body})
	res.Into(t, &rec)
	if res.Status != 200 || rec["status"] != "ACTIVE" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if p := f.search(t, f.nutri, "DietType", "status=active&criteria=CASE1"); p.Total != 1 || p.Items[0]["status"] != "ACTIVE" {
		t.Fatalf("stored: %+v", p)
	}
	body["status"] = "sleeping"
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateDietType", Token: f.nutri, JSON: body, Lang: "en"}); res.Status != 422 || res.Fields()["status"] == "" {
		t.Fatalf("unknown status: %d %s", res.Status, res.Body)
	}
}

// FuzzSearchQuery sends any query to a master-data search over the real database: the
// answer is never a 500. The seed corpus (testdata/fuzz/FuzzSearchQuery and the seeds
// below) is replayed by every go test run.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"criteria=%00", "criteria=%ff%fe", "page=9223372036854775807", "size=1000&page=100000",
		"sortBy=nameTh&sortDesc=true&status=inactive", "criteria=%25_%5C", "sortBy=%27;DROP", "branch=SRP02"} {
		f.Add(s)
	}
	s := apitest.New(f)
	token := s.SignIn("nutritionist@samrap.local").Access
	f.Fuzz(func(t *testing.T, query string) {
		r := httptest.NewRequest("GET", "/api/parameter/searchDietType", nil)
		r.URL.RawQuery = query
		r.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		s.Router.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%q: %d %s", query, w.Code, w.Body)
		}
	})
}
