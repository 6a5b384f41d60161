package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"samrap/events/samples"
	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/mail"
)

// TestLambdaEventsReachTheHandlers replays real-shaped API Gateway HTTP API events through
// the adapter the Lambdas use.
func TestLambdaEventsReachTheHandlers(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	proxy := httpadapter.NewV2(s.Router).ProxyWithContext
	ctx := context.Background()

	replay := func(name string, vars map[string]string) events.APIGatewayV2HTTPResponse {
		t.Helper()
		raw, err := samples.Load(name, vars)
		if err != nil {
			t.Fatal(err)
		}
		var ev events.APIGatewayV2HTTPRequest
		if err := json.Unmarshal(raw, &ev); err != nil {
			t.Fatal(err)
		}
		res, err := proxy(ctx, ev)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return res
	}

	res := replay(samples.APIGWPostAccessToken, map[string]string{"PASSWORD": url.QueryEscape(demo.Password)})
	var signIn struct {
		Code string
		Msg  string
		Data struct {
			AccessToken string `json:"access_token"`
		}
	}
	if err := json.Unmarshal([]byte(res.Body), &signIn); err != nil || res.StatusCode != 200 || signIn.Data.AccessToken == "" {
		t.Fatalf("sign-in event: %d %s", res.StatusCode, res.Body)
	}
	if signIn.Msg != "สำเร็จ" {
		t.Fatalf("the event's accept-language th was not honoured: %q", signIn.Msg)
	}
	var ip string
	if err := s.DB.QueryRow(ctx, "SELECT address FROM auth_session").Scan(&ip); err != nil || ip != "203.0.113.24" {
		t.Fatalf("session address from the event's source IP: %q %v", ip, err)
	}

	res = replay(samples.APIGWGetBranches, map[string]string{"ACCESS_TOKEN": signIn.Data.AccessToken})
	if res.StatusCode != 200 || !strings.Contains(res.Body, `"code":"SRP02"`) {
		t.Fatalf("branches event: %d %s", res.StatusCode, res.Body)
	}
	res = replay(samples.APIGWGetBranches, map[string]string{"ACCESS_TOKEN": "not-a-token"})
	if res.StatusCode != 401 {
		t.Fatalf("branches event with a bad token: %d %s", res.StatusCode, res.Body)
	}
}

func TestWebAppIsServedWithFallback(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>samrap index</html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "app-1234.js"), []byte("console.log(1)"), 0o644)
	h := webApp(dir)

	get := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w
	}
	for _, p := range []string{"/", "/login", "/auth/patient", "/select-role?x=1"} {
		w := get(p)
		if w.Code != 200 || !strings.Contains(w.Body.String(), "samrap index") {
			t.Errorf("%s: %d %q", p, w.Code, w.Body.String())
		}
	}
	w := get("/assets/app-1234.js")
	if w.Code != 200 || w.Body.String() != "console.log(1)" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q %v", w.Code, w.Body.String(), w.Header())
	}
	if w := get("/../../etc/passwd"); strings.Contains(w.Body.String(), "root:") {
		t.Errorf("path escape: %d %q", w.Code, w.Body.String())
	}
	w = httptest.NewRecorder()
	webApp(filepath.Join(dir, "missing")).ServeHTTP(w, httptest.NewRequest("GET", "/login", nil))
	if w.Code != 404 || !strings.Contains(w.Body.String(), "make run") {
		t.Errorf("no build: %d %q", w.Code, w.Body.String())
	}
}

// Text files go out gzip-encoded to browsers that accept it, as CloudFront sends them
// (issue 19 item 14); the same bytes otherwise; images as they are.
func TestWebAppIsGzipped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	js := strings.Repeat("export const สำรับ = 'ถาดอาหาร';\n", 2000)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>samrap index</html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "app-1234.js"), []byte(js), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "logo.png"), []byte("\x89PNG not text"), 0o644)
	h := webApp(dir)
	get := func(path, accept string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	unzip := func(w *httptest.ResponseRecorder) string {
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for range 2 { // the second answer comes from the cache
		w := get("/assets/app-1234.js", "gzip, deflate, br")
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" || w.Body.Len() >= len(js)/10 ||
			!strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("js: %d %v %d bytes", w.Code, w.Header(), w.Body.Len())
		}
		if got := unzip(w); got != js {
			t.Fatal("the gzipped script differs from the file")
		}
	}
	if w := get("/login", "gzip"); w.Header().Get("Content-Encoding") != "gzip" || unzip(w) != "<html>samrap index</html>" {
		t.Fatalf("index: %v", w.Header())
	}
	for _, accept := range []string{"", "identity", "gzip;q=0", "br"} {
		if w := get("/assets/app-1234.js", accept); w.Header().Get("Content-Encoding") != "" || w.Body.String() != js {
			t.Fatalf("Accept-Encoding %q: %v", accept, w.Header())
		}
	}
	if w := get("/assets/logo.png", "gzip"); w.Header().Get("Content-Encoding") != "" || w.Body.String() != "\x89PNG not text" {
		t.Fatalf("png: %v", w.Header())
	}
}

func TestServerMountsTheCatalogue(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	s.Env.Config.WebDir = t.TempDir()
	h, err := newServer(s.Env)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	res, err := http.Get(srv.URL + "/api/health")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("health: %v %v", res, err)
	}
	// The production security headers on the API and on the app alike (issue 18 §6),
	// without the two that need HTTPS.
	for _, path := range []string{"/api/health", "/api/no/such/route", "/login"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") ||
			strings.Contains(csp, "upgrade-insecure-requests") || res.Header.Get("Strict-Transport-Security") != "" ||
			res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
			res.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" || res.Header.Get("Permissions-Policy") == "" {
			t.Fatalf("%s: security headers %v", path, res.Header)
		}
	}
	res, err = http.PostForm(srv.URL+"/api/auth/accessToken", url.Values{"username": {"controller@samrap.local"}, "password": {demo.Password}})
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("sign in through the local server: %v %v", res, err)
	}
	res, err = http.Get(srv.URL + "/api/parameter/branches")
	if err != nil || res.StatusCode != 401 {
		t.Fatalf("branches without a token: %v %v", res, err)
	}
	// The dev outbox shows what was sent, newest first.
	ctx := context.Background()
	for _, subj := range []string{"first", "รหัสยืนยัน"} {
		if err := s.Env.Mail.Send(ctx, mail.Message{To: "serve@samrap.local", Subject: subj, Text: "body"}); err != nil {
			t.Fatal(err)
		}
	}
	res, err = http.Get(srv.URL + "/dev/mail")
	var sent []struct{ To, Subject string }
	if err != nil || res.StatusCode != 200 || json.NewDecoder(res.Body).Decode(&sent) != nil || len(sent) != 2 || sent[0].Subject != "รหัสยืนยัน" {
		t.Fatalf("dev mail: %v %v %+v", res, err, sent)
	}
	// A file stored locally is handed out through its signed link, and only with it.
	if err := s.Env.Files.Put(ctx, "reports/kitchen.xlsx", strings.NewReader("xlsx bytes"), "application/octet-stream"); err != nil {
		t.Fatal(err)
	}
	link, err := s.Env.Files.SignedURL(ctx, "reports/kitchen.xlsx", "รายงานครัว.xlsx", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	res, err = http.Get(srv.URL + u.RequestURI())
	body, _ := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 || string(body) != "xlsx bytes" {
		t.Fatalf("signed link: %v %s", res.StatusCode, body)
	}
	res, _ = http.Get(srv.URL + strings.Replace(u.RequestURI(), "sig=", "sig=0", 1))
	if res.StatusCode != 403 {
		t.Fatalf("tampered link: %d", res.StatusCode)
	}

	res, err = http.Get(srv.URL + "/api/no/such/route")
	body, _ = io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 404 || !strings.Contains(string(body), `"code":"NOT_FOUND"`) {
		t.Fatalf("unknown api route: %v %s", res.StatusCode, body)
	}
	// A known route called with another method: 405 with the methods it serves, in Thai.
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/parameter/branches", nil)
	req.Header.Set("Accept-Language", "th")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	if res.StatusCode != 405 || res.Header.Get("Allow") != "GET" || !strings.Contains(string(body), `"code":"METHOD_NOT_ALLOWED","msg":"ไม่รองรับวิธีการเรียกนี้"`) {
		t.Fatalf("known api route, wrong method: %v Allow=%q %s", res.StatusCode, res.Header.Get("Allow"), body)
	}
}

// What the CSP blocks in a page is reported to the local server, which the browser-test
// runner reads (issue 18 §6); the list answers this machine only.
func TestCSPReports(t *testing.T) {
	t.Parallel()
	h := (&cspReports{}).handler()
	do := func(method, remote, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, CSPReportPath, strings.NewReader(body))
		r.RemoteAddr = remote
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	report := `{"csp-report":{"document-uri":"http://127.0.0.1/login","violated-directive":"script-src-elem","blocked-uri":"inline"}}`
	if w := do("POST", "127.0.0.1:5000", report); w.Code != 204 {
		t.Fatalf("report: %d", w.Code)
	}
	if w := do("POST", "127.0.0.1:5000", "not json"); w.Code != 400 {
		t.Fatalf("garbage: %d", w.Code)
	}
	w := do("GET", "127.0.0.1:5000", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "script-src-elem") {
		t.Fatalf("list: %d %s", w.Code, w.Body)
	}
	if w := do("GET", "192.168.1.9:5000", ""); w.Code != 404 {
		t.Fatalf("list from another machine: %d", w.Code)
	}
}
