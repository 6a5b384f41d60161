package functions

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

//go:embed security-headers.json
var securityHeadersJSON []byte

// SecurityHeaders is functions/security-headers.json: the headers CloudFront adds to every
// answer in the cloud, which functions/local adds locally.
type SecurityHeaders struct {
	ContentSecurityPolicy   []string `json:"contentSecurityPolicy"`
	StrictTransportSecurity struct {
		MaxAgeSeconds     int  `json:"maxAgeSeconds"`
		IncludeSubdomains bool `json:"includeSubdomains"`
	} `json:"strictTransportSecurity"`
	FrameOptions       string `json:"frameOptions"`
	ContentTypeOptions string `json:"contentTypeOptions"`
	ReferrerPolicy     string `json:"referrerPolicy"`
	PermissionsPolicy  string `json:"permissionsPolicy"`
}

// LoadSecurityHeaders parses the embedded definition.
func LoadSecurityHeaders() (SecurityHeaders, error) {
	var h SecurityHeaders
	if err := json.Unmarshal(securityHeadersJSON, &h); err != nil {
		return h, fmt.Errorf("functions/security-headers.json: %w", err)
	}
	if !slices.ContainsFunc(h.ContentSecurityPolicy, func(d string) bool { return strings.HasPrefix(d, "frame-ancestors ") }) {
		return h, fmt.Errorf("functions/security-headers.json: the Content-Security-Policy must set frame-ancestors")
	}
	return h, nil
}

// Header answers the headers as CloudFront sends them. Over plain HTTP (tls false: a laptop
// or CI) the two that only mean something over HTTPS are left out: HSTS, which browsers
// ignore there, and upgrade-insecure-requests, which would send the app's own requests to an
// https:// port nobody listens on.
func (h SecurityHeaders) Header(tls bool) http.Header {
	csp := h.ContentSecurityPolicy
	if !tls {
		csp = slices.DeleteFunc(slices.Clone(csp), func(d string) bool { return d == "upgrade-insecure-requests" })
	}
	out := http.Header{}
	out.Set("Content-Security-Policy", strings.Join(csp, "; "))
	if tls {
		v := fmt.Sprintf("max-age=%d", h.StrictTransportSecurity.MaxAgeSeconds)
		if h.StrictTransportSecurity.IncludeSubdomains {
			v += "; includeSubDomains"
		}
		out.Set("Strict-Transport-Security", v)
	}
	out.Set("X-Frame-Options", h.FrameOptions)
	out.Set("X-Content-Type-Options", h.ContentTypeOptions)
	out.Set("Referrer-Policy", h.ReferrerPolicy)
	out.Set("Permissions-Policy", h.PermissionsPolicy)
	return out
}
