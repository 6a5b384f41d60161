// Package httpx is the HTTP edge shared by every area: the {code,msg,data} envelope, the one
// mapping from errs.Kind to status, request decoding with size limits, and the router that
// applies authentication, language and role/branch checks per route.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// Envelope is the body of every JSON answer.
type Envelope struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
	Data any    `json:"data"`
}

// Page is the data of a list answer; page starts at 1.
type Page[T any] struct {
	Items []T `json:"items"`
	Total int `json:"total"`
	Page  int `json:"page"`
	Size  int `json:"size"`
}

// statusOf is the one table from failure kind to HTTP status and default code.
var statusOf = map[errs.Kind]struct {
	status int
	code   string
}{
	errs.Internal:        {http.StatusInternalServerError, "INTERNAL"},
	errs.Malformed:       {http.StatusBadRequest, "BAD_REQUEST"},
	errs.Unauthenticated: {http.StatusUnauthorized, "UNAUTHORIZED"},
	errs.Forbidden:       {http.StatusForbidden, "FORBIDDEN"},
	errs.NotFound:        {http.StatusNotFound, "NOT_FOUND"},
	errs.Conflict:        {http.StatusConflict, "CONFLICT"},
	errs.TooLarge:        {http.StatusRequestEntityTooLarge, "TOO_LARGE"},
	errs.Invalid:         {http.StatusUnprocessableEntity, "VALIDATION"},
	errs.TooMany:         {http.StatusTooManyRequests, "TOO_MANY_REQUESTS"},
	errs.Unavailable:     {http.StatusServiceUnavailable, "UNAVAILABLE"},
	errs.Gone:            {http.StatusGone, "GONE"},
	errs.BadMethod:       {http.StatusMethodNotAllowed, "METHOD_NOT_ALLOWED"},
}

// OK writes a 200 success envelope with data.
func OK(w http.ResponseWriter, r *http.Request, data any) error {
	return write(w, http.StatusOK, Envelope{Code: "SUCCESS", Msg: i18n.T(Lang(r), "SUCCESS"), Data: data})
}

// OKMsg writes a 200 success envelope whose msg is the message key given.
func OKMsg(w http.ResponseWriter, r *http.Request, key string, data any) error {
	return write(w, http.StatusOK, Envelope{Code: "SUCCESS", Msg: i18n.T(Lang(r), key), Data: data})
}

// errDBUnavailable answers a request the database connection was lost under (db.Lost);
// errTimedOut one that ran past its deadline (Router's RequestTimeout).
var (
	errDBUnavailable = errs.New(errs.Unavailable, "db.unavailable")
	errTimedOut      = errs.New(errs.Unavailable, "request.timedOut")
)

// Fail writes the envelope for err. Failures that are not *errs.Error are logged with their
// detail and answered 500 with a plain message: err.Error() never reaches the client.
func Fail(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	lang := Lang(r)
	e, ok := errs.As(err)
	if !ok && errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// the client went away (a reload, a closed tab): nobody reads an answer, nothing failed
		log.InfoContext(r.Context(), "client went away", "method", r.Method, "path", r.URL.Path)
		return
	}
	if !ok && db.Lost(err) {
		// the request was fine: the database went away under it (a failover, a restart)
		log.WarnContext(r.Context(), "database connection lost", "method", r.Method, "path", r.URL.Path, "err", err)
		e, ok = errDBUnavailable, true
	}
	if !ok && (errors.Is(err, context.DeadlineExceeded) || db.Cancelled(err)) {
		// past RequestTimeout: its statement was cancelled, not left running
		log.WarnContext(r.Context(), "request timed out", "method", r.Method, "path", r.URL.Path, "err", err)
		e, ok = errTimedOut, true
	}
	if !ok || e.Kind == errs.Internal {
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		_ = write(w, http.StatusInternalServerError, Envelope{Code: "INTERNAL", Msg: i18n.T(lang, "INTERNAL")})
		return
	}
	s := statusOf[e.Kind]
	code := e.Code
	if code == "" {
		code = s.code
	}
	var data any
	if len(e.Fields) > 0 || len(e.Data) > 0 {
		d := map[string]any{}
		for k, v := range e.Data {
			d[k] = v
		}
		if len(e.Fields) > 0 {
			fields := make(map[string]string, len(e.Fields))
			for f, key := range e.Fields {
				fields[f] = i18n.T(lang, key)
			}
			d["fields"] = fields
		}
		data = d
	}
	if e.Kind == errs.Unauthenticated {
		w.Header().Set("WWW-Authenticate", `Bearer realm="samrap"`)
	}
	if e.Kind == errs.TooMany {
		if s, ok := e.Data["retryAfter"].(int); ok {
			w.Header().Set("Retry-After", itoa(s))
		}
	}
	_ = write(w, s.status, Envelope{Code: code, Msg: i18n.T(lang, e.Key, e.Args...), Data: data})
}

func write(w http.ResponseWriter, status int, env Envelope) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(env)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
