package httpx

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

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
}

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
	return &Router{mux: http.NewServeMux(), auth: auth, log: log}
}

// Access says who may call a route.
type Access struct {
	public bool
	roles  []string // empty: any signed-in user
	limit  int64    // body limit in bytes; 0 means DefaultBodyLimit
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
	r = withLang(r)
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
		r = viaOrigin(r)
	}
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
		if r.ContentLength > limit {
			Fail(w, r, rt.log, errs.ErrTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		// r.URL.Query() drops pairs it cannot decode, which would turn "?refreshToken=%zz"
		// into "field required": a query that does not parse is a malformed request.
		query, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil {
			Fail(w, r, rt.log, fmt.Errorf("query: %v: %w", err, errs.ErrMalformed))
			return
		}
		if err := checkValues(query); err != nil {
			Fail(w, r, rt.log, err)
			return
		}
		if !a.public {
			raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || raw == "" {
				Fail(w, r, rt.log, errs.ErrNoSession)
				return
			}
			c, ctx, err := rt.auth.Defer(r.Context(), strings.TrimSpace(raw))
			if err != nil {
				Fail(w, r, rt.log, err)
				return
			}
			r = r.WithContext(ctx)
			if reads(r) {
				// The session is checked with the handler's first statement, or before the
				// answer when the handler reached no database: nothing is answered unchecked.
				cw := &checkedWriter{ResponseWriter: w, check: func() error { return rt.auth.Check(ctx) }, r: r, log: rt.log}
				defer cw.finish()
				w = cw
			} else if err := rt.auth.Check(ctx); err != nil {
				// A write is checked before it starts: it may reach S3, SQS or mail first.
				Fail(w, r, rt.log, err)
				return
			}
			if err := allow(a, c, r); err != nil {
				Fail(w, r, rt.log, err)
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), scopeKey{}, newScope(a, c)))
		}
		if err := h(w, r); err != nil {
			Fail(w, r, rt.log, err)
		}
	})
}

// reads reports whether r only reads (GET, HEAD): its token check may ride with its first
// statement.
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
type langKey struct{}

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
	if l, ok := r.Context().Value(langKey{}).(i18n.Lang); ok {
		return l
	}
	return i18n.FromHeader(r.Header.Get("Accept-Language"))
}

func withLang(r *http.Request) *http.Request {
	l, stated := i18n.Stated(r.Header.Get("Accept-Language"))
	ctx := context.WithValue(r.Context(), langKey{}, l)
	if stated {
		ctx = i18n.WithLang(ctx, l) // the screen's language, for e-mails to the person at it
	}
	return r.WithContext(ctx)
}
