package hospital

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// The addresses the connector may reach. A branch's base and token URLs are typed by a
// Super Admin, and "test connection" answers what it found there: without a rule it would
// reach the cloud's metadata service or scan the network Samrap runs in. The rule is
// checked on the address actually dialled, after DNS resolution, for every connection the
// connector makes (redirects are never followed, so none reaches another address):
//
//   - never: link-local (169.254.0.0/16, fe80::/10, the metadata service 169.254.169.254
//     among them), the metadata service's IPv6 address fd00:ec2::254, unspecified, multicast
//     and broadcast addresses, 0.0.0.0/8;
//   - loopback (127.0.0.0/8, ::1) in the local stage only (the demo hospital);
//   - private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) only when the branch's settings
//     say the hospital is reached over a private network (Settings.PrivateNetwork);
//   - any other address.
//
// An IPv4 address inside IPv6 (::ffff:a.b.c.d, NAT64's 64:ff9b::/96) is judged as that
// IPv4 address.
type reach struct {
	loopback bool // the local stage (Options.Loopback)
	private  bool // Settings.PrivateNetwork
}

var (
	metadataV6 = netip.MustParseAddr("fd00:ec2::254")
	broadcast  = netip.MustParseAddr("255.255.255.255")
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
)

// allows reports whether the connector may connect to a.
func (r reach) allows(a netip.Addr) bool {
	a = a.Unmap()
	if nat64.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte(b[12:]))
	}
	switch {
	case !a.IsValid(), a.IsUnspecified(), a.IsMulticast(), a.IsLinkLocalUnicast(), a == metadataV6, a == broadcast:
		return false
	case a.Is4() && a.As4()[0] == 0: // 0.0.0.0/8, "this network"
		return false
	case a.IsLoopback():
		return r.loopback
	case a.IsPrivate():
		return r.private
	}
	return true
}

// errRefusedAddress is a connection the rule refused; the caller shows it as any other
// connection failure ("could not connect"), with no detail of the address or the port.
var errRefusedAddress = errors.New("hospital: the address may not be reached")

// control is the dialer's check of the resolved address, before the connection is made.
func (r reach) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !r.allows(ap.Addr()) {
		return errRefusedAddress
	}
	return nil
}

// client is the connector's own HTTP client: every connection checked by the rule, no
// proxy from the environment (the address checked is the address reached), redirects not
// followed (one could carry the bearer token elsewhere).
func (r reach) client() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: r.control}
	return &http.Client{
		Transport: &http.Transport{
			DialContext:           d.DialContext,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          10,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ExpectContinueTimeout: time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// literalAllowed reports whether a URL's host, when it is an IP address, may be reached in
// some stage (Settings.Validate: the dialler checks every address again, after resolution).
func (r reach) literalAllowed(host string) bool {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return true // a name: judged when it resolves
	}
	return r.allows(a)
}
