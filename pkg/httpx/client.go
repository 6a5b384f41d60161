package httpx

import (
	"context"
	"net"
	"net/http"
	"strings"
)

// ViewerHeader is where CloudFront puts the viewer's address (ip:port). Anyone can send it,
// so it is believed only on a request the router proved came through CloudFront.
const ViewerHeader = "CloudFront-Viewer-Address"

type viaOriginKey struct{}

// ClientAddress answers the address a request came from: the viewer address CloudFront adds
// when the router required and matched the origin secret (RequireOrigin), the connection's
// address otherwise. A made-up header therefore changes no per-address limit and no log.
func ClientAddress(r *http.Request) string {
	host := r.RemoteAddr // ip:port from net/http; the bare source IP behind API Gateway
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if via, _ := r.Context().Value(viaOriginKey{}).(bool); via {
		// ip:port, IPv6 unbracketed (2001:db8::1:46532): the port follows the last colon.
		if v := r.Header.Get(ViewerHeader); v != "" {
			host = v
			if i := strings.LastIndexByte(v, ':'); i > 0 {
				host = v[:i]
			}
		}
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); ip != nil {
		return ip.String()
	}
	return host
}

func viaOrigin(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), viaOriginKey{}, true))
}

// FromLoopback reports whether r came from this machine (a loopback connection address):
// the local server's dev pages answer nobody else.
func FromLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
