package httpx_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/blob"
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

// A handler whose database connection was lost (a failover, a restart): the pool is
// emptied, a read is tried again (up to three tries), a write is not (its commit may have
// happened) and answers 503 in the caller's language, never 500; an error that is not a lost
// connection is neither tried again nor emptied the pool for.
func TestLostConnectionsAreTriedAgainOnlyForReads(t *testing.T) {
	t.Parallel()
	lost := fmt.Errorf("orders.search: %w", &pgconn.PgError{Severity: "FATAL", Code: "57P01",
		Message: "terminating connection due to administrator command"})
	for _, c := range []struct {
		name         string
		method       string
		fail         int // the calls that fail before one succeeds
		err          error
		status, runs int
		recovered    int
	}{
		{"readLostOnceAnswers200", "GET", 1, lost, 200, 2, 1},
		{"readLostTwiceAnswers200", "GET", 2, lost, 200, 3, 2},
		{"readLostThriceAnswers503", "GET", 3, lost, 503, 3, 3},
		{"writeLostAnswers503", "POST", 1, lost, 503, 1, 1},
		{"readOtherErrorAnswers500", "GET", 1, errors.New("boom"), 500, 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			recovered := 0
			rt.RecoverLost(func() { recovered++ })
			runs := 0
			rt.Handle(c.method+" /api/x", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
				runs++
				if runs <= c.fail {
					return c.err
				}
				return httpx.OK(w, r, "ok")
			})
			req := httptest.NewRequest(c.method, "/api/x", nil)
			req.Header.Set("Accept-Language", "en")
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			if rec.Code != c.status || runs != c.runs || recovered != c.recovered {
				t.Fatalf("status %d after %d runs, %d recoveries: %s", rec.Code, runs, recovered, rec.Body)
			}
			if c.status == 503 && !strings.Contains(rec.Body.String(), `"code":"UNAVAILABLE","msg":"The database is briefly unavailable, please try again"`) {
				t.Fatalf("503 envelope: %s", rec.Body)
			}
		})
	}
}

// A request's work ends at RequestTimeout, or a second before the Lambda invocation's own
// deadline when that comes first: the handler's context ends then (its statements are
// cancelled), and the answer is 503 in the caller's language, not a function cut off.
func TestRequestsEndBeforeTheirDeadline(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name       string
		timeout    time.Duration
		invoke     time.Duration // the invocation's deadline from now; 0: none (local)
		wantAtMost time.Duration
	}{
		{"routerTimeout", 100 * time.Millisecond, 0, 100 * time.Millisecond},
		{"lambdaDeadlineFirst", time.Minute, 1200 * time.Millisecond, 200 * time.Millisecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			rt.Timeout(c.timeout)
			var left time.Duration
			rt.Handle("GET /api/slow", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
				d, _ := r.Context().Deadline()
				left = time.Until(d)
				<-r.Context().Done()
				return fmt.Errorf("slow: %w", r.Context().Err())
			})
			req := httptest.NewRequest("GET", "/api/slow", nil)
			req.Header.Set("Accept-Language", "en")
			if c.invoke > 0 {
				ctx, cancel := context.WithTimeout(req.Context(), c.invoke)
				defer cancel()
				req = req.WithContext(ctx)
			}
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			if left <= 0 || left > c.wantAtMost {
				t.Fatalf("the handler had %s, want at most %s", left, c.wantAtMost)
			}
			if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"msg":"The request took too long, please try again"`) {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
}

// A client that went away (a reload mid-call) cancels its request: the handler's
// context.Canceled is no failure to answer 500 for, nor to log as one.
func TestAClientGoneIsNoFailure(t *testing.T) {
	t.Parallel()
	var logged strings.Builder
	rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(&logged, nil)))
	rt.Handle("POST /api/x", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
		<-r.Context().Done()
		return fmt.Errorf("save: %w", r.Context().Err())
	})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	rt.ServeHTTP(rec, httptest.NewRequest("POST", "/api/x", nil).WithContext(ctx))
	if rec.Body.Len() != 0 || strings.Contains(logged.String(), "level=ERROR") || !strings.Contains(logged.String(), "client went away") {
		t.Fatalf("answered %d %q; logged %s", rec.Code, rec.Body, logged.String())
	}
}

// A POST marked Reads (a check, a filter) meets a lost connection like a GET: tried again,
// its body read once and given whole to each try; a POST not marked is not.
func TestAPostThatReadsIsTriedAgainWithItsBody(t *testing.T) {
	t.Parallel()
	lost := &pgconn.PgError{Severity: "FATAL", Code: "57P01"}
	for _, c := range []struct {
		name   string
		access httpx.Access
		status int
		runs   int
	}{
		{"reads", httpx.Public().Reads(), 200, 2},
		{"writes", httpx.Public(), 503, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			rt.RecoverLost(func() {})
			runs := 0
			rt.Handle("POST /api/check", c.access, func(w http.ResponseWriter, r *http.Request) error {
				runs++
				var in struct{ Draft string }
				if err := httpx.DecodeJSON(r, &in); err != nil {
					return err
				}
				if runs == 1 {
					return lost
				}
				return httpx.OK(w, r, in.Draft)
			})
			req := httptest.NewRequest("POST", "/api/check", strings.NewReader(`{"draft":"lunch"}`))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			if rec.Code != c.status || runs != c.runs || (c.status == 200 && !strings.Contains(rec.Body.String(), `"data":"lunch"`)) {
				t.Fatalf("%d after %d runs: %s", rec.Code, runs, rec.Body)
			}
		})
	}
}

// A file store that could not be reached (blob.ErrUnavailable: S3 or its emulator down)
// answers 503 UNAVAILABLE "files.unavailable" in the caller's language, never 500, and the
// broken connection under it is not taken for the database's: the read is not tried again nor
// the pool emptied (the retries were the SDK's); any other store failure stays a 500.
func TestUnreachableFileStoreAnswers503(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		err    error
		status int
		body   string
	}{
		{"unreachable", fmt.Errorf("reports: download: store x: %w", fmt.Errorf("blob.put: %w: %w", blob.ErrUnavailable, io.EOF)),
			503, `"code":"UNAVAILABLE","msg":"ระบบจัดเก็บไฟล์ขัดข้องชั่วคราว ยังไม่ได้บันทึกสิ่งใด กรุณาลองใหม่อีกครั้งในอีกสักครู่"`},
		{"refused", errors.New("blob.put: NoSuchBucket"), 500, `"code":"INTERNAL"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			recovered := 0
			rt.RecoverLost(func() { recovered++ })
			runs := 0
			rt.Handle("GET /api/x", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
				runs++
				return c.err
			})
			req := httptest.NewRequest("GET", "/api/x", nil)
			req.Header.Set("Accept-Language", "th")
			rec := httptest.NewRecorder()
			rt.ServeHTTP(rec, req)
			if rec.Code != c.status || runs != 1 || recovered != 0 || !strings.Contains(rec.Body.String(), c.body) {
				t.Fatalf("status %d after %d runs, %d recoveries: %s", rec.Code, runs, recovered, rec.Body)
			}
		})
	}
}
