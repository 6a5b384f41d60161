package platform

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// The extension's wire format (GET /secretsmanager/get?secretId=..., token header, JSON with
// SecretString) served on loopback: no emulator provides the Lambda extension.
func TestSecretsAreReadOnceThroughTheExtension(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path != "/secretsmanager/get" || r.Header.Get("X-Aws-Parameters-Secrets-Token") != "session-token" {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		switch r.URL.Query().Get("secretId") {
		case "arn:aws:secretsmanager:ap-southeast-1:1:secret:jwt":
			w.Write([]byte(`{"Name":"jwt","SecretString":"0123456789abcdef0123456789abcdef"}`))
		default:
			http.Error(w, "not found", http.StatusBadRequest)
		}
	}))
	defer srv.Close()

	c := &secretCache{base: srv.URL, token: "session-token"}
	ctx := context.Background()
	for range 3 {
		v, err := c.get(ctx, "arn:aws:secretsmanager:ap-southeast-1:1:secret:jwt")
		if err != nil || v != "0123456789abcdef0123456789abcdef" {
			t.Fatalf("get: %q %v", v, err)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("extension called %d times, want 1", calls.Load())
	}
	if _, err := c.get(ctx, "missing"); err == nil || !strings.Contains(err.Error(), "status 400") {
		t.Fatalf("missing secret: %v", err)
	}
	bad := &secretCache{base: srv.URL, token: "wrong"}
	if _, err := bad.get(ctx, "arn:aws:secretsmanager:ap-southeast-1:1:secret:jwt"); err == nil {
		t.Fatal("a wrong session token was accepted")
	}
}
