package httpx_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"samrap/pkg/httpx"
)

// The viewer address CloudFront adds is believed only when the router required and matched
// the origin secret: without it anyone could send the header and slip past the per-address
// sign-in limits, and the activity log would record a made-up address (issue 18 §3). The
// request's context carries the same address, for the activity a service writes (issue 31).
func TestClientAddress(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3t-value"
	for _, c := range []struct {
		name, remote, viewer string
		origin               bool // the router requires the origin secret and the request carries it
		want                 string
	}{
		{"connection", "192.0.2.10:40000", "", false, "192.0.2.10"},
		{"connectionIPv6", "[2001:db8::1]:443", "", false, "2001:db8::1"},
		{"lambdaSourceIP", "198.51.100.7", "", false, "198.51.100.7"},
		{"lambdaSourceIPv6", "2001:db8::7", "", false, "2001:db8::7"},
		{"headerIgnoredWithoutOrigin", "192.0.2.10:40000", "203.0.113.24:46532", false, "192.0.2.10"},
		{"viewerThroughCloudFront", "130.176.16.70:1234", "203.0.113.24:46532", true, "203.0.113.24"},
		{"viewerIPv6ThroughCloudFront", "130.176.16.70:1234", "2001:db8:85a3::8a2e:370:7334:46532", true, "2001:db8:85a3::8a2e:370:7334"},
		{"noViewerThroughCloudFront", "130.176.16.70:1234", "", true, "130.176.16.70"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rt := httpx.NewRouter(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if c.origin {
				rt.RequireOrigin(func(context.Context) (string, error) { return secret, nil })
			}
			var got, inContext string
			rt.Handle("GET /api/where", httpx.Public(), func(w http.ResponseWriter, r *http.Request) error {
				got, inContext = httpx.ClientAddress(r), httpx.AddressOf(r.Context())
				return httpx.OK(w, r, nil)
			})
			req := httptest.NewRequest("GET", "/api/where", nil)
			req.RemoteAddr = c.remote
			if c.viewer != "" {
				req.Header.Set(httpx.ViewerHeader, c.viewer)
			}
			if c.origin {
				req.Header.Set(httpx.OriginHeader, secret)
			}
			w := httptest.NewRecorder()
			rt.ServeHTTP(w, req)
			if w.Code != 200 || got != c.want || inContext != c.want {
				t.Fatalf("status %d, address %q (context %q), want %q", w.Code, got, inContext, c.want)
			}
		})
	}
}
