// Package errs is the business vocabulary of failures. Areas declare their sentinels with
// New (for example ErrDuplicateEmail = errs.New(errs.Conflict, "users.duplicateEmail")) and
// wrap them with lowercase operation context; httpx maps a Kind to its status in one place.
package errs

import "fmt"

// Kind says what went wrong in terms the caller can act on.
type Kind int

const (
	Internal        Kind = iota // unexpected; logged, never detailed to the caller
	Malformed                   // the request cannot be parsed (400)
	Unauthenticated             // no valid credentials or session (401)
	Forbidden                   // the caller's role or branch does not allow it (403)
	NotFound                    // no such record (404)
	Conflict                    // duplicate, in use, overlapping (409)
	TooLarge                    // body over the limit (413)
	Invalid                     // field validation (422)
	TooMany                     // rate limited (429)
	Unavailable                 // a service we depend on failed, try again (503)
	Gone                        // a link or code that no longer works (410)
	BadMethod                   // a known path called with a method it does not serve (405)
)

// Error is a failure the caller is told about. Key is an i18n message key; Fields maps a
// field name to an i18n key; Data is extra payload for the envelope's data.
type Error struct {
	Kind   Kind
	Code   string // envelope code; empty means the Kind's default
	Key    string
	Args   []any
	Fields map[string]string
	Data   map[string]any
}

func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("%s %v", e.Key, e.Fields)
	}
	return e.Key
}

// Is makes two errors with the same kind, code and key match, so that a sentinel compared
// with errors.Is still matches a copy that carries arguments.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Key == e.Key && t.Code == e.Code
}

// New declares a failure of kind with the message key.
func New(kind Kind, key string) *Error { return &Error{Kind: kind, Key: key} }

// WithCode declares a failure that answers a specific envelope code.
func WithCode(kind Kind, code, key string) *Error { return &Error{Kind: kind, Code: code, Key: key} }

// Fields returns a validation failure for the given field → message-key map.
func Fields(fields map[string]string) *Error {
	return &Error{Kind: Invalid, Key: "VALIDATION", Fields: fields}
}

// Retry returns a rate-limit failure telling the caller to wait seconds.
func Retry(seconds int) *Error {
	return &Error{Kind: TooMany, Key: "TOO_MANY_REQUESTS", Args: []any{seconds},
		Data: map[string]any{"retryAfter": seconds}}
}

// As extracts the *Error in err's chain (the first, as errors.As finds it).
func As(err error) (*Error, bool) {
	var found *Error
	Walk(err, func(e error) {
		if x, ok := e.(*Error); ok && found == nil {
			found = x
		}
	})
	return found, found != nil
}

// Walk calls f on err and every error it wraps, in the order errors.As visits them (depth
// first, a joined error's in turn). It is errors.As without its allocation: errors.As takes
// its target's address, which escapes, and every error a request answers is looked into
// (issue 28, the edge budget). No error of ours, pgx's or the standard library's has an As
// method, the one thing errors.As would see and Walk does not.
func Walk(err error, f func(error)) {
	for err != nil {
		f(err)
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				Walk(e, f)
			}
			return
		default:
			return
		}
	}
}

// Common failures used by several areas.
var (
	ErrMalformed = New(Malformed, "BAD_REQUEST")
	ErrNotFound  = New(NotFound, "NOT_FOUND")
	ErrForbidden = New(Forbidden, "FORBIDDEN")
	ErrTooLarge  = New(TooLarge, "TOO_LARGE")
	ErrConflict  = New(Conflict, "CONFLICT")
	ErrNoSession = New(Unauthenticated, "auth.tokenInvalid")
	ErrBadMethod = New(BadMethod, "METHOD_NOT_ALLOWED")
)
