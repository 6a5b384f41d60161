package functions

import (
	"strings"
	"testing"
)

func TestSecurityHeaders(t *testing.T) {
	h, err := LoadSecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	tls := h.Header(true)
	if got := tls.Get("Strict-Transport-Security"); got != "max-age=63072000; includeSubDomains" {
		t.Errorf("HSTS over TLS: %q", got)
	}
	if !strings.HasSuffix(tls.Get("Content-Security-Policy"), "; upgrade-insecure-requests") {
		t.Errorf("CSP over TLS: %q", tls.Get("Content-Security-Policy"))
	}
	plain := h.Header(false)
	if plain.Get("Strict-Transport-Security") != "" || strings.Contains(plain.Get("Content-Security-Policy"), "upgrade-insecure-requests") {
		t.Errorf("plain HTTP keeps an HTTPS-only header: %v", plain)
	}
	if strings.TrimSuffix(tls.Get("Content-Security-Policy"), "; upgrade-insecure-requests") != plain.Get("Content-Security-Policy") {
		t.Errorf("the two policies differ beyond upgrade-insecure-requests:\n%s\n%s", tls.Get("Content-Security-Policy"), plain.Get("Content-Security-Policy"))
	}
	// Header must not change the definition it came from.
	if h2, _ := LoadSecurityHeaders(); len(h2.ContentSecurityPolicy) != len(h.ContentSecurityPolicy) {
		t.Error("definition changed")
	}
	if len(h.Header(true).Values("Content-Security-Policy")) != 1 {
		t.Error("one CSP header")
	}
	_ = h.Header(false)
	if !strings.Contains(h.Header(true).Get("Content-Security-Policy"), "upgrade-insecure-requests") {
		t.Error("Header(false) altered the definition")
	}
}
