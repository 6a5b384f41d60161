// Package apitest runs areas' routes over a fresh migrated database with the demo data, a
// clock the test controls and real tokens, so that API tests go through the same router,
// middleware and SQL as production.
package apitest

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"samrap/functions"
	"samrap/pkg/db"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/download"
	"samrap/pkg/httpx"
	"samrap/pkg/mail"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Clock is a settable clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now answers the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// Server is an API under test. DB is its database, for the SQL a test reads or sets up
// directly; Env is what the areas were mounted with.
type Server struct {
	t      testing.TB
	DB     *db.Pool
	Env    *platform.Env
	Router *httpx.Router
	Clock  *Clock
	extra  []platform.Mount
}

// Secret is the JWT secret of test servers.
var Secret = []byte("apitest-secret-apitest-secret-apitest-secret")

// New serves the whole API — every http function of the registry (samrap/functions), as
// functions/local serves it — plus extra test-only mounts, on a fresh database loaded with
// the demo data.
func New(t testing.TB, extra ...platform.Mount) *Server {
	t.Helper()
	pool := dbtest.FromTemplate(t, "demo", demo.Load)
	clock := &Clock{t: time.Now().Truncate(time.Second)}
	keys, err := session.NewKeys(session.StaticSecret(Secret), 15*time.Minute, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(testWriter{t}, nil))
	}
	adapters, err := platform.LocalAdapters(t.TempDir(), Secret, "http://samrap.test")
	if err != nil {
		t.Fatal(err)
	}
	env := &platform.Env{DB: pool, Keys: keys, Now: clock.Now, Log: log, Adapters: adapters}
	env.Config.PublicURL = "http://samrap.test"
	env.Config.Stage = "local" // as functions/local: the test hospitals are on this machine
	s := &Server{t: t, DB: pool, Env: env, Clock: clock, extra: extra}
	s.mount()
	return s
}

// Rewire changes the Env (a test puts S3 or a failing mail sender in) and mounts the API
// again on a new router: areas take what they use from the Env when they are mounted.
func (s *Server) Rewire(change func(env *platform.Env)) {
	change(s.Env)
	s.mount()
}

func (s *Server) mount() {
	rt := s.Env.Router()
	functions.MountAll(s.Env, rt)
	for _, m := range s.extra {
		m(s.Env, rt)
	}
	s.Router = rt
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// Response is an answer with its envelope decoded.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	Code   string
	Msg    string
	Data   json.RawMessage
}

// Fields answers data.fields of a 422.
func (r Response) Fields() map[string]string {
	var d struct {
		Fields map[string]string `json:"fields"`
	}
	_ = json.Unmarshal(r.Data, &d)
	return d.Fields
}

// Into decodes data into v.
func (r Response) Into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", r.Data, err)
	}
}

// Request is one call.
type Request struct {
	Method string
	Path   string // with query
	Token  string
	Lang   string
	JSON   any        // encoded as the body when set
	Form   url.Values // encoded as a form body when set
	Body   io.Reader  // raw body otherwise
	Header map[string]string
	From   string // the client's IP address (192.0.2.10 when empty)
}

// Do sends req through the router.
func (s *Server) Do(req Request) Response {
	s.t.Helper()
	body := req.Body
	ct := ""
	switch {
	case req.JSON != nil:
		b, err := json.Marshal(req.JSON)
		if err != nil {
			s.t.Fatal(err)
		}
		body, ct = strings.NewReader(string(b)), "application/json"
	case req.Form != nil:
		body, ct = strings.NewReader(req.Form.Encode()), "application/x-www-form-urlencoded"
	}
	r := httptest.NewRequest(req.Method, req.Path, body)
	r.RemoteAddr = "192.0.2.10:40000"
	if req.From != "" {
		r.RemoteAddr = net.JoinHostPort(req.From, "40000")
	}
	if ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	if req.Token != "" {
		r.Header.Set("Authorization", "Bearer "+req.Token)
	}
	if req.Lang != "" {
		r.Header.Set("Accept-Language", req.Lang)
	}
	for k, v := range req.Header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.Router.ServeHTTP(w, r)
	res := Response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
	var env struct {
		Code string          `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(res.Body, &env) == nil {
		res.Code, res.Msg, res.Data = env.Code, env.Msg, env.Data
	}
	return res
}

// File is a download: the link answered (pkg/download) and the file it leads to.
type File struct {
	download.Link
	Header http.Header // the file's answer: Content-Type, Content-Disposition
	Body   []byte
}

// Download checks that res is a download's 200 and follows its signed link through the disk
// stand-in, as the browser does.
func (s *Server) Download(res Response) File {
	s.t.Helper()
	if res.Status != http.StatusOK {
		s.t.Fatalf("download: %d %s", res.Status, res.Body)
	}
	var f File
	res.Into(s.t, &f.Link)
	if f.URL == "" {
		s.t.Fatalf("download: no link in %s", res.Data)
	}
	w := s.fetch(f.URL)
	f.Header, f.Body = w.Header(), w.Body.Bytes()
	return f
}

// Tokens is a sign-in answer.
type Tokens struct {
	Access  string `json:"access_token"`
	Refresh string `json:"refresh_token"`
	Expires int    `json:"expires_in"`
}

// SignIn signs in a demo account with the demo password.
func (s *Server) SignIn(email string) Tokens {
	s.t.Helper()
	res := s.Do(Request{Method: "POST", Path: "/api/auth/accessToken",
		Form: url.Values{"username": {email}, "password": {demo.Password}}})
	if res.Status != http.StatusOK {
		s.t.Fatalf("sign in %s: %d %s", email, res.Status, res.Body)
	}
	var t Tokens
	res.Into(s.t, &t)
	return t
}

// TokenAs signs in and chooses the pair, answering the access token.
func (s *Server) TokenAs(email, branch, role string) string {
	s.t.Helper()
	t := s.SignIn(email)
	res := s.Do(Request{Method: "POST", Path: "/api/auth/selectRole", Token: t.Access,
		JSON: map[string]string{"branchCode": branch, "roleCode": role}})
	if res.Status != http.StatusOK {
		s.t.Fatalf("select %s/%s for %s: %d %s", branch, role, email, res.Status, res.Body)
	}
	var next Tokens
	res.Into(s.t, &next)
	return next.Access
}

// Mail answers the messages sent to address, newest first.
func (s *Server) Mail(address string) []mail.Sent {
	var out []mail.Sent
	for _, m := range s.Env.Outbox.List() {
		if strings.EqualFold(m.To, address) {
			out = append(out, m)
		}
	}
	return out
}

// Count answers a count(*) query, for asserting what was (not) written.
func (s *Server) Count(query string, args ...any) int {
	s.t.Helper()
	var n int
	if err := s.DB.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		s.t.Fatalf("count %q: %v", query, err)
	}
	return n
}
