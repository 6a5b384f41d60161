package httpx

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
	"samrap/pkg/session"
)

// HandlerFunc is an area's handler: it answers with OK (or writes a file) and returns an
// error for the router to answer with Fail.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Authenticator turns a bearer token into claims (session.Authenticator in production).
// Defer verifies the token and answers a context carrying the check of its session, which
// the request's first statement sends in the same round trip (pkg/db Pool); Check runs
// that check when nothing has sent it yet, and answers its outcome.
type Authenticator interface {
	Defer(ctx context.Context, raw string) (*session.Claims, context.Context, error)
	Check(ctx context.Context) error
}

// Router is a net/http ServeMux whose routes declare who may call them. It remembers its
// routes with their access, so that functions/catalog.json is generated from the areas'
// route tables and tests can call every route as every role.
type Router struct {
	mux     *http.ServeMux
	auth    Authenticator
	log     *slog.Logger
	routes  []Route
	methods []string // the methods of routes, sorted: the candidates of a 405's Allow
	origin  func(context.Context) (string, error)
	recover func() // empties the pool after a lost connection (db.Pool.Recover)
	timeout time.Duration
}

// RequestTimeout bounds a request's work, its statements included (pgx cancels a statement
// whose context ends): an API function is stopped at 20 seconds (infra), and a statement
// left running by a stopped function would hold its locks and its connection. A request
// served by a Lambda also ends deadlineMargin before the invocation's deadline, so that it
// is answered (503) rather than cut off.
const (
	RequestTimeout = 15 * time.Second
	deadlineMargin = time.Second
)

// Timeout changes the router's RequestTimeout (tests).
func (rt *Router) Timeout(d time.Duration) { rt.timeout = d }

// readAttempts is how many times a read (or a write whose session check found the
// connection lost, before anything was done) meets a lost database connection before its
// error is answered: after a failover every pooled connection is dead, and the pool is emptied
// after the first, so the second try connects afresh; the third covers a database still
// starting.
const readAttempts = 3

// RecoverLost makes the router empty the pool (recover) when a request failed because the
// database connection was lost (db.Lost), and try a read (GET, HEAD) again as long as
// nothing of its answer was written. Writes are not tried again here: a lost connection may
// have lost a commit's answer, not the commit; the client retries with its idempotency key.
// A lost connection that is answered is 503 (Fail), never 500: the request was fine.
func (rt *Router) RecoverLost(recover func()) { rt.recover = recover }

// Route is one declared route: its method, its whole path (with {wildcards}) and who may
// call it.
type Route struct {
	Method string
	Path   string
	Access Access
}

// Pattern is the route as a net/http ServeMux pattern ("GET /api/auth/userInfo").
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// OriginHeader carries the secret that CloudFront adds to every request it forwards.
const OriginHeader = "X-Origin-Verify"

// RequireOrigin makes the router refuse (403) every request whose OriginHeader is not the
// secret that secret answers: in the cloud only CloudFront knows it, so a request sent to
// API Gateway's own endpoint cannot pose as another viewer (CloudFront-Viewer-Address,
// which the per-address sign-in limits believe).
func (rt *Router) RequireOrigin(secret func(context.Context) (string, error)) { rt.origin = secret }

// NewRouter builds an empty router.
func NewRouter(auth Authenticator, log *slog.Logger) *Router {
	return &Router{mux: http.NewServeMux(), auth: auth, log: log, timeout: RequestTimeout}
}

// Access says who may call a route.
type Access struct {
	public bool
	roles  []string // empty: any signed-in user
	limit  int64    // body limit in bytes; 0 means DefaultBodyLimit
	reads  bool     // a POST that only reads (Reads)
}

// DefaultBodyLimit bounds every request body unless a route sets its own.
const DefaultBodyLimit = 1 << 20

// Public routes need no token (sign-in, refresh, password reset).
func Public() Access { return Access{public: true} }

// SignedIn routes need a valid token and nothing more (user info, choosing a pair).
func SignedIn() Access { return Access{} }

// Roles routes need a current pair whose role is one of roles; a request naming a branch
// must name the current branch.
func Roles(roles ...string) Access { return Access{roles: roles} }

// Limit sets the route's body limit.
func (a Access) Limit(n int64) Access { a.limit = n; return a }

// Reads marks a POST that only reads (a check, a filter, a board whose filters are a body):
// on a lost database connection it is tried again like a GET, its body read once and sent
// to each try.
func (a Access) Reads() Access { a.reads = true; return a }

// IsPublic answers whether the route needs no token.
func (a Access) IsPublic() bool { return a.public }

// RoleCodes answers the roles the route allows; none on a public or signed-in route.
func (a Access) RoleCodes() []string { return slices.Clone(a.roles) }

// BodyLimit answers the largest body the route reads, in bytes.
func (a Access) BodyLimit() int64 {
	if a.limit == 0 {
		return DefaultBodyLimit
	}
	return a.limit
}

// Handle registers pattern ("METHOD /path": every route names its method) with its access
// rule. A pattern without a method is a programming error, refused like the ServeMux
// refuses a conflicting one.
func (rt *Router) Handle(pattern string, a Access, h HandlerFunc) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok || method == "" || !strings.HasPrefix(path, "/") {
		panic(fmt.Sprintf("httpx: route %q must be \"METHOD /path\"", pattern))
	}
	rt.mux.Handle(pattern, rt.wrap(a, h))
	rt.routes = append(rt.routes, Route{Method: method, Path: path, Access: a})
	if !slices.Contains(rt.methods, method) {
		rt.methods = append(rt.methods, method)
		slices.Sort(rt.methods)
	}
}

// Routes lists the declared routes in registration order.
func (rt *Router) Routes() []Route { return slices.Clone(rt.routes) }

// Match answers the pattern that would serve r, or "" when none does.
func (rt *Router) Match(r *http.Request) string {
	_, p := rt.mux.Handler(r)
	return p
}

// ServeHTTP answers unknown routes with the envelope instead of plain text: 404 for a path
// no route has, 405 with Allow for a path served only with other methods.
func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r, rc := withRequest(r)
	if rt.origin != nil {
		want, err := rt.origin(r.Context())
		if err != nil {
			Fail(w, r, rt.log, fmt.Errorf("httpx.origin: %w", err))
			return
		}
		got := r.Header.Get(OriginHeader)
		if want == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			Fail(w, r, rt.log, errs.ErrForbidden)
			return
		}
		rc.via = true
		rc.viewer = r.Header.Get(ViewerHeader)
	}
	rc.routed, rc.remote = true, r.RemoteAddr
	if err := checkPath(r.URL.Path); err != nil {
		Fail(w, r, rt.log, err)
		return
	}
	if _, p := rt.mux.Handler(r); p == "" {
		if allow := rt.allowed(r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			Fail(w, r, rt.log, errs.ErrBadMethod)
			return
		}
		Fail(w, r, rt.log, errs.ErrNotFound)
		return
	}
	rt.mux.ServeHTTP(w, r)
}

// allowed answers the methods some route serves r's path with (only asked when none serves
// r's own method).
func (rt *Router) allowed(r *http.Request) []string {
	var allow []string
	probe := *r
	for _, m := range rt.methods {
		probe.Method = m
		if _, p := rt.mux.Handler(&probe); p != "" {
			allow = append(allow, m)
		}
	}
	return allow
}

func (rt *Router) wrap(a Access, h HandlerFunc) http.Handler {
	limit := a.limit
	if limit == 0 {
		limit = DefaultBodyLimit
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				Fail(w, r, rt.log, fmt.Errorf("panic: %v", p))
			}
		}()
		// each attempt's work ends by then (serve)
		end := rt.deadline(r.Context())
		var body []byte // a POST that reads: its body for each try
		if a.reads && r.ContentLength <= limit {
			b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
			if err != nil {
				Fail(w, r, rt.log, bodyErr("body", err))
				return
			}
			body = b
		}
		for attempt := 1; ; attempt++ {
			if body != nil {
				r.Body = io.NopCloser(bytes.NewReader(body))
			}
			tw := &trackedWriter{ResponseWriter: w}
			err := rt.serve(tw, r, a, h, limit, end)
			if err == nil {
				return
			}
			if db.Lost(err) && rt.recover != nil {
				rt.recover()
				var before untouched
				if (reads(r) || a.reads || errors.As(err, &before)) && attempt < readAttempts && !tw.wrote {
					rt.log.WarnContext(r.Context(), "database connection lost, reading again", "path", r.URL.Path,
						"attempt", attempt, "err", err)
					continue
				}
			}
			Fail(tw, r, rt.log, err)
			return
		}
	})
}

// deadline answers when a request's work must end: RequestTimeout from now, or earlier when
// the invocation serving it ends sooner (a Lambda's context carries its deadline).
func (rt *Router) deadline(ctx context.Context) time.Time {
	end := time.Now().Add(rt.timeout)
	if d, ok := ctx.Deadline(); ok && d.Add(-deadlineMargin).Before(end) {
		end = d.Add(-deadlineMargin)
	}
	return end
}

// serve runs one attempt of a route: the query checks, the session, the route's access,
// the handler. It answers the error to answer with, or nil when it has answered. A read's
// session check is sent with the handler's first statement; a handler error that is not a
// lost connection is answered here, through the check (a failed check answers instead).
//
// The request's deadline (end) goes into its context once the token has passed, before
// anything can reach the database or another service: a refused request spends nothing on
// it (a context and a timer, four allocations; issue 28, the edge budget).
func (rt *Router) serve(w http.ResponseWriter, r *http.Request, a Access, h HandlerFunc, limit int64, end time.Time) error {
	if r.ContentLength > limit {
		return errs.ErrTooLarge
	}
	if r.ContentLength != 0 { // a request without a body has nothing to limit (no allocation)
		r.Body = http.MaxBytesReader(w, r.Body, limit)
	}
	// r.URL.Query() drops pairs it cannot decode, which would turn "?refreshToken=%zz"
	// into "field required": a query that does not parse is a malformed request.
	query, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return fmt.Errorf("query: %v: %w", err, errs.ErrMalformed)
	}
	if err := checkValues(query); err != nil {
		return err
	}
	if !a.public {
		raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || raw == "" {
			return errs.ErrNoSession
		}
		c, ctx, err := rt.auth.Defer(r.Context(), strings.TrimSpace(raw))
		if err != nil {
			return err
		}
		ctx, cancel := context.WithDeadline(ctx, end)
		defer cancel()
		r = r.WithContext(ctx)
		if reads(r) {
			// The session is checked with the handler's first statement, or before the
			// answer when the handler reached no database: nothing is answered unchecked.
			cw := &checkedWriter{ResponseWriter: w, check: func() error { return rt.auth.Check(ctx) }, r: r, log: rt.log}
			defer cw.finish()
			w = cw
		} else if err := rt.auth.Check(ctx); err != nil {
			// A write is checked before it starts: it may reach S3, SQS or mail first. A lost
			// connection here has done nothing of the write: it may be tried again.
			return untouched{err}
		}
		if err := allow(a, c, r); err != nil {
			return answer(w, r, rt.log, err)
		}
		r = r.WithContext(context.WithValue(r.Context(), scopeKey{}, newScope(a, c)))
	} else {
		ctx, cancel := context.WithDeadline(r.Context(), end)
		defer cancel()
		r = r.WithContext(ctx)
	}
	if err := h(w, r); err != nil {
		return answer(w, r, rt.log, err)
	}
	return nil
}

// answer answers err through a read's checkedWriter (its session check first: a failed
// check answers instead), and gives back a lost connection's error, and any error of a
// route without one, for the router to answer or to try the read again.
func answer(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) error {
	cw, ok := w.(*checkedWriter)
	if !ok {
		return err
	}
	if db.Lost(err) {
		cw.abandon() // this attempt's answer is the router's to give, or to try again
		return err
	}
	Fail(cw, r, log, err)
	return nil
}

// untouched is an error met before the handler ran: nothing of the request was done, so a
// write whose connection was lost then may be tried again like a read.
type untouched struct{ error }

func (u untouched) Unwrap() error { return u.error }

// trackedWriter notes whether anything of the answer was written: a read is tried again
// only when nothing was.
type trackedWriter struct {
	http.ResponseWriter
	wrote bool
}

func (tw *trackedWriter) WriteHeader(code int) {
	tw.wrote = true
	tw.ResponseWriter.WriteHeader(code)
}

func (tw *trackedWriter) Write(b []byte) (int, error) {
	tw.wrote = true
	return tw.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (tw *trackedWriter) Unwrap() http.ResponseWriter { return tw.ResponseWriter }

func reads(r *http.Request) bool { return r.Method == http.MethodGet || r.Method == http.MethodHead }

// checkedWriter holds a read's answer until its session check has passed: the first write
// runs the check when the handler's statements have not, and a failed check answers 401
// in place of whatever the handler answers.
type checkedWriter struct {
	http.ResponseWriter
	check   func() error
	r       *http.Request
	log     *slog.Logger
	checked bool
	refused bool
}

func (cw *checkedWriter) pass() bool {
	if !cw.checked {
		cw.checked = true
		if err := cw.check(); err != nil {
			cw.refused = true
			h := cw.ResponseWriter.Header()
			for _, k := range []string{"Content-Disposition", "Content-Length", "Content-Encoding", "Cache-Control"} {
				h.Del(k)
			}
			Fail(cw.ResponseWriter, cw.r, cw.log, err)
		}
	}
	return !cw.refused
}

func (cw *checkedWriter) WriteHeader(code int) {
	if cw.pass() {
		cw.ResponseWriter.WriteHeader(code)
	}
}

func (cw *checkedWriter) Write(b []byte) (int, error) {
	if cw.pass() {
		return cw.ResponseWriter.Write(b)
	}
	return len(b), nil
}

// finish checks a read whose handler wrote nothing.
func (cw *checkedWriter) finish() { cw.pass() }

// abandon makes the writer answer nothing more, its check included: the caller answers
// (the route's access refused) or tries the read again (a lost connection).
func (cw *checkedWriter) abandon() { cw.checked, cw.refused = true, true }

// Unwrap lets http.ResponseController reach the writer underneath.
func (cw *checkedWriter) Unwrap() http.ResponseWriter { return cw.ResponseWriter }

var (
	errNoPair      = errs.New(errs.Forbidden, "auth.noPair")
	errWrongBranch = errs.New(errs.Forbidden, "auth.wrongBranch")
)

// allow applies the route's role list and the branch named in the query.
func allow(a Access, c *session.Claims, r *http.Request) error {
	if len(a.roles) == 0 {
		return nil
	}
	if c.Current == nil {
		return errNoPair
	}
	if !slices.Contains(a.roles, c.Current.RoleCode) {
		return errs.ErrForbidden
	}
	q := r.URL.Query()
	for _, name := range []string{"branchCode", "branch"} {
		if b := q.Get(name); b != "" && b != c.Current.BranchCode {
			return errWrongBranch
		}
	}
	return nil
}

type scopeKey struct{}

// scope is who calls and where, resolved once by the router for the handlers and the body
// decoders.
type scope struct {
	claims       *session.Claims
	branchScoped bool   // a route of roles: a branch the request names must be the current one
	actor        string // the caller's employee code, or user id when it has none
}

func newScope(a Access, c *session.Claims) scope {
	s := scope{claims: c, branchScoped: len(a.roles) > 0, actor: c.EmployeeCode}
	if s.actor == "" {
		s.actor = strconv.FormatInt(c.UserID, 10)
	}
	return s
}

func scopeOf(r *http.Request) scope {
	s, _ := r.Context().Value(scopeKey{}).(scope)
	return s
}

// Claims answers the caller's claims, nil on a public route.
func Claims(r *http.Request) *session.Claims { return scopeOf(r).claims }

// Branch answers the branch the request works in: the current pair's. On a route of roles
// the router has checked that a branch named in the query is this one, and DecodeJSON and
// ParseForm check a branch named in the body; "" before a pair is chosen or on a public
// route.
func Branch(r *http.Request) string {
	if c := Claims(r); c != nil && c.Current != nil {
		return c.Current.BranchCode
	}
	return ""
}

// Actor answers who the change logs name for the caller: the employee code, or the user id
// for an account without one; "" on a public route.
func Actor(r *http.Request) string { return scopeOf(r).actor }

// Lang answers the caller's language from Accept-Language.
func Lang(r *http.Request) i18n.Lang {
	if rc := requestOf(r.Context()); rc != nil {
		return rc.lang
	}
	return i18n.FromHeader(r.Header.Get("Accept-Language"))
}

// requestContext is what the router notes of a request before routing it: its language,
// whether it came through CloudFront with the origin secret, and where the client's address
// is read from. One context and one copy of the request for all three (and i18n's language):
// a context value and a request copy each cost the edge budget two allocations a request,
// and the address is worked out only when asked (issue 28).
type requestContext struct {
	context.Context
	lang   i18n.Lang
	stated bool // the caller named the language (i18n.FromContext answers it)
	via    bool
	// the client's address (AddressOf), once the origin is known: the connection's, and the
	// viewer header when via
	routed         bool
	remote, viewer string
}

type requestKey struct{}

func (c *requestContext) Value(key any) any {
	switch key.(type) {
	case requestKey:
		return c
	case i18n.ContextKey:
		if c.stated {
			return c.lang // the screen's language, for e-mails to the person at it
		}
	}
	return c.Context.Value(key)
}

// withRequest answers r with its requestContext, whose fields the router fills in before it
// routes r (the context is not shared until then).
func withRequest(r *http.Request) (*http.Request, *requestContext) {
	rc := &requestContext{Context: r.Context()}
	rc.lang, rc.stated = i18n.Stated(r.Header.Get("Accept-Language"))
	return r.WithContext(rc), rc
}

// requestOf answers ctx's requestContext, nil outside the router.
func requestOf(ctx context.Context) *requestContext {
	rc, _ := ctx.Value(requestKey{}).(*requestContext)
	return rc
}
