package httpx_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"samrap/pkg/httpx"
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
