package httpx_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/session"
)

// Behind CloudFront every request carries the origin secret; one sent to API Gateway's own
// endpoint does not, and is refused before any handler runs.
func TestRequireOrigin(t *testing.T) {
	t.Parallel()
	secretErr := errors.New("extension down")
	for _, c := range []struct {
		name   string
		secret string
		err    error
		header string
		status int
	}{
		{"200RightSecret", "s3cr3t-value", nil, "s3cr3t-value", 200},
		{"403NoHeader", "s3cr3t-value", nil, "", 403},
		{"403WrongSecret", "s3cr3t-value", nil, "s3cr3t-valuX", 403},
		{"403EmptySecretNeverMatches", "", nil, "", 403},
		{"500SecretUnreadable", "", secretErr, "s3cr3t-value", 500},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			reached := false
			rt.Handle("GET /api/ping", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
				reached = true
				return httpx.OK(w, r, "pong")
			})
			rt.RequireOrigin(func(context.Context) (string, error) { return c.secret, c.err })
			req := httptest.NewRequest("GET", "/api/ping", nil)
			if c.header != "" {
				req.Header.Set(httpx.OriginHeader, c.header)
			}
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			if rec.Code != c.status || reached != (c.status == 200) {
				t.Fatalf("status %d (handler reached: %v): %s", rec.Code, reached, rec.Body)
			}
		})
	}

	t.Run("200WithoutRequireOrigin", func(t *testing.T) {
		t.Parallel()
		rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		rt.Handle("GET /api/ping", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error { return httpx.OK(w, r, "pong") })
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, httptest.NewRequest("GET", "/api/ping", nil))
		if rec.Code != 200 {
			t.Fatalf("local router without an origin secret: %d", rec.Code)
		}
	})
}

// A path the router knows, called with a method it does not serve, answers 405 with the
// methods it does serve in Allow, in the envelope and the caller's language; a path it does
// not know answers 404 without Allow.
func TestWrongMethodAnswers405WithAllow(t *testing.T) {
	t.Parallel()
	rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ok := func(w http.ResponseWriter, r *http.Request) error { return httpx.OK(w, r, "ok") }
	rt.Handle("GET /api/ping", httpx.Public(), ok)
	rt.Handle("GET /api/item/{id}", httpx.Public(), ok)
	rt.Handle("DELETE /api/item/{id}", httpx.Public(), ok)
	rt.Handle("POST /api/other", httpx.Public(), ok)
	for _, c := range []struct {
		name, method, path, lang string
		status                   int
		code, msg, allow         string
	}{
		{"200KnownMethod", "GET", "/api/ping", "", 200, "SUCCESS", "Success", ""},
		{"405OneMethod", "POST", "/api/ping", "", 405, "METHOD_NOT_ALLOWED", "This method is not allowed", "GET"},
		{"405InThai", "POST", "/api/ping", "th", 405, "METHOD_NOT_ALLOWED", "ไม่รองรับวิธีการเรียกนี้", "GET"},
		{"405WildcardTwoMethods", "PUT", "/api/item/7", "en", 405, "METHOD_NOT_ALLOWED", "This method is not allowed", "DELETE, GET"},
		{"404UnknownPath", "POST", "/api/nothing", "en", 404, "NOT_FOUND", "Not found", ""},
		{"404UnknownPathInThai", "GET", "/api/nothing", "th", 404, "NOT_FOUND", "ไม่พบข้อมูล", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(c.method, c.path, nil)
			if c.lang != "" {
				req.Header.Set("Accept-Language", c.lang)
			}
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			var env httpx.Envelope
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
				t.Fatalf("not an envelope (%d): %s", rec.Code, rec.Body)
			}
			if rec.Code != c.status || env.Code != c.code || env.Msg != c.msg {
				t.Fatalf("got %d %q %q, want %d %q %q", rec.Code, env.Code, env.Msg, c.status, c.code, c.msg)
			}
			if got := rec.Header().Get("Allow"); got != c.allow {
				t.Fatalf("Allow %q, want %q", got, c.allow)
			}
		})
	}
}

// The router remembers every route with its access in a form a test can read: the
// catalogue is generated from it and the authorization tests call every route as every role.
func TestRoutesCarryTheirAccess(t *testing.T) {
	t.Parallel()
	rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	noop := func(http.ResponseWriter, *http.Request) error { return nil }
	rt.Handle("POST /api/a", httpx.Public().Limit(8<<10), noop)
	rt.Handle("GET /api/b/{id}", httpx.SignedIn(), noop)
	rt.Handle("DELETE /api/c", httpx.Roles("SAM", "BAM"), noop)
	got := rt.Routes()
	type row struct {
		pattern string
		public  bool
		roles   string
		limit   int64
	}
	want := []row{
		{"POST /api/a", true, "", 8 << 10},
		{"GET /api/b/{id}", false, "", httpx.DefaultBodyLimit},
		{"DELETE /api/c", false, "SAM,BAM", httpx.DefaultBodyLimit},
	}
	if len(got) != len(want) {
		t.Fatalf("%d routes, want %d: %+v", len(got), len(want), got)
	}
	for i, r := range got {
		g := row{r.Pattern(), r.Access.IsPublic(), strings.Join(r.Access.RoleCodes(), ","), r.Access.BodyLimit()}
		if g != want[i] {
			t.Errorf("route %d: %+v, want %+v", i, g, want[i])
		}
	}
}

func TestHandleRefusesAPatternWithoutMethod(t *testing.T) {
	t.Parallel()
	rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer func() {
		if recover() == nil {
			t.Fatal("a route without a method was accepted: the catalogue could not say how to call it")
		}
	}()
	rt.Handle("/api/any-method", httpx.Public(), func(http.ResponseWriter, *http.Request) error { return nil })
}

// closedSession verifies every token but its session check fails, as after a sign-out;
// checks counts the checks run.
type closedSession struct{ checks *int }

func (a closedSession) Defer(ctx context.Context, _ string) (*session.Claims, context.Context, error) {
	return &session.Claims{UserID: 7, Current: &session.Pair{BranchCode: "SRP01", RoleCode: session.Controller}}, ctx, nil
}

func (a closedSession) Check(context.Context) error {
	*a.checks++
	return errs.ErrNoSession
}

// A read's session check rides with its first statement; a read that reaches no database
// is still checked before anything is answered, and a write is checked before it starts.
func TestNothingIsAnsweredOnAClosedSession(t *testing.T) {
	t.Parallel()
	checks := 0
	rt := httpx.NewRouter(closedSession{&checks}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ran := map[string]bool{}
	secret := func(w http.ResponseWriter, r *http.Request) error {
		ran[r.Method+" "+r.URL.Path] = true
		w.Header().Set("Content-Disposition", `attachment; filename="secret.xlsx"`)
		_, err := io.WriteString(w, "secret rows")
		return err
	}
	silent := func(w http.ResponseWriter, r *http.Request) error { ran[r.Method+" "+r.URL.Path] = true; return nil }
	ctl := httpx.Roles(session.Controller)
	rt.Handle("GET /api/t/write", ctl, secret)
	rt.Handle("GET /api/t/silent", ctl, silent)
	rt.Handle("GET /api/t/other-role", httpx.Roles(session.Serve), secret)
	rt.Handle("POST /api/t/write", ctl, silent)
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/t/write"}, {"GET", "/api/t/silent"}, {"GET", "/api/t/other-role"}, {"POST", "/api/t/write"},
	} {
		checks = 0
		r := httptest.NewRequest(c.method, c.path, strings.NewReader("{}"))
		r.Header.Set("Authorization", "Bearer t")
		w := httptest.NewRecorder()
		rt.ServeHTTP(w, r)
		if w.Code != 401 || strings.Contains(w.Body.String(), "secret") || w.Header().Get("Content-Disposition") != "" {
			t.Errorf("%s %s on a closed session = %d %q %v, want 401 and nothing of the handler's", c.method, c.path, w.Code, w.Body, w.Header())
		}
		if checks != 1 {
			t.Errorf("%s %s ran the session check %d times, want 1", c.method, c.path, checks)
		}
	}
	if ran["POST /api/t/write"] {
		t.Error("a write's handler ran on a closed session")
	}
}
