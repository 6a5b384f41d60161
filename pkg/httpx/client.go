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

// ClientAddress answers the address a request came from: the viewer address CloudFront adds
// when the router required and matched the origin secret (RequireOrigin), the connection's
// address otherwise. A made-up header therefore changes no per-address limit and no log.
func ClientAddress(r *http.Request) string {
	rc := requestOf(r.Context())
	if rc == nil || !rc.via {
		return clientAddress(r.RemoteAddr, "")
	}
	return clientAddress(r.RemoteAddr, r.Header.Get(ViewerHeader))
}

// clientAddress is ClientAddress of a connection's address (ip:port from net/http; the bare
// source IP behind API Gateway) and the viewer header believed ("" when it is not).
func clientAddress(remote, viewer string) string {
	host := remote
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	// ip:port, IPv6 unbracketed (2001:db8::1:46532): the port follows the last colon.
	if viewer != "" {
		host = viewer
		if i := strings.LastIndexByte(viewer, ':'); i > 0 {
			host = viewer[:i]
		}
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); ip != nil {
		return ip.String()
	}
	return host
}

// AddressOf answers the ClientAddress of the request ctx belongs to; "" outside a request
// (a worker's job). It is worked out when asked (most requests never ask).
func AddressOf(ctx context.Context) string {
	rc := requestOf(ctx)
	if rc == nil || !rc.routed {
		return ""
	}
	return clientAddress(rc.remote, rc.viewer)
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
