package hospital

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
)

func TestTheAddressesTheConnectorMayReach(t *testing.T) {
	t.Parallel()
	cloud, local := reach{}, reach{loopback: true}
	vpn, localVPN := reach{private: true}, reach{loopback: true, private: true}
	tests := []struct {
		addr  string
		allow []reach // the rules that allow it; every other refuses it
	}{
		// never, in any stage
		{"169.254.169.254", nil}, // the metadata service
		{"169.254.170.2", nil},   // the container credentials endpoint
		{"169.254.0.1", nil},
		{"fe80::1", nil},
		{"fd00:ec2::254", nil}, // the metadata service over IPv6, although in fc00::/7
		{"::ffff:169.254.169.254", nil},
		{"64:ff9b::a9fe:a9fe", nil}, // 169.254.169.254 through NAT64
		{"0.0.0.0", nil},
		{"0.1.2.3", nil},
		{"::", nil},
		{"255.255.255.255", nil},
		{"224.0.0.1", nil},
		{"ff02::1", nil},
		// loopback: the local stage only
		{"127.0.0.1", []reach{local, localVPN}},
		{"127.1.2.3", []reach{local, localVPN}},
		{"::1", []reach{local, localVPN}},
		{"::ffff:127.0.0.1", []reach{local, localVPN}},
		// private ranges: over a private network only
		{"10.0.0.5", []reach{vpn, localVPN}},
		{"172.16.0.1", []reach{vpn, localVPN}},
		{"172.31.255.254", []reach{vpn, localVPN}},
		{"192.168.1.10", []reach{vpn, localVPN}},
		{"fd12:3456::1", []reach{vpn, localVPN}},
		{"64:ff9b::a00:5", []reach{vpn, localVPN}}, // 10.0.0.5 through NAT64
		// public addresses: always
		{"203.0.113.10", []reach{cloud, local, vpn, localVPN}},
		{"172.32.0.1", []reach{cloud, local, vpn, localVPN}},
		{"2001:db8::10", []reach{cloud, local, vpn, localVPN}},
	}
	for _, tt := range tests {
		a := netip.MustParseAddr(tt.addr)
		for _, r := range []reach{cloud, local, vpn, localVPN} {
			want := false
			for _, ok := range tt.allow {
				want = want || ok == r
			}
			if got := r.allows(a); got != want {
				t.Errorf("%+v allows %s = %v, want %v", r, tt.addr, got, want)
			}
			// the dialler's check says the same, with the port
			err := r.control("tcp", netip.AddrPortFrom(a, 443).String(), nil)
			if (err == nil) != want || (err != nil && !errors.Is(err, errRefusedAddress)) {
				t.Errorf("%+v control %s = %v", r, tt.addr, err)
			}
		}
	}
}

// counting is a FHIR server on this machine that counts the requests it receives.
func counting(t *testing.T, h http.HandlerFunc) (string, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &n
}

// Outside the local stage a hospital on this machine is refused after the name resolves,
// before any connection, without retries, as "unavailable" (could not connect) like a
// hospital that does not answer.
func TestLoopbackIsRefusedOutsideTheLocalStage(t *testing.T) {
	t.Parallel()
	base, n := counting(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"resourceType":"Bundle","type":"searchset"}`))
	})
	port := base[strings.LastIndex(base, ":"):]
	for _, u := range []string{base, "http://localhost" + port} {
		w := &waits{}
		f, err := NewFHIR(Settings{Kind: KindFHIR, BaseURL: u}, Credentials{}, Options{Wait: w.wait})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Probe(context.Background()); !errors.Is(err, ErrUnavailable) || IsConfig(err) {
			t.Errorf("%s: err = %v, want ErrUnavailable", u, err)
		}
		if _, err := f.Census(context.Background()); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: census err = %v, want ErrUnavailable", u, err)
		}
		if len(w.d) != 0 {
			t.Errorf("%s: retried a refused address: %v", u, w.d)
		}
	}
	if n.Load() != 0 {
		t.Errorf("the hospital on loopback received %d requests", n.Load())
	}
	// the local stage reaches it
	f, err := NewFHIR(Settings{Kind: KindFHIR, BaseURL: base}, Credentials{}, Options{Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Probe(context.Background()); err != nil || n.Load() != 1 {
		t.Errorf("local stage: err %v, %d requests", err, n.Load())
	}
}

// The metadata service is refused in every stage, whatever the settings say of the network;
// no connection is made.
func TestTheMetadataServiceIsRefusedInEveryStage(t *testing.T) {
	t.Parallel()
	for _, o := range []Options{{}, {Loopback: true}} {
		for _, private := range []bool{false, true} {
			s := Settings{Kind: KindFHIR, BaseURL: "https://metadata.invalid", PrivateNetwork: private}
			w := &waits{}
			o.Wait = w.wait
			f, err := NewFHIR(s, Credentials{}, o)
			if err != nil {
				t.Fatal(err)
			}
			// the name is the client's: dial the metadata address through the connector's client
			req, _ := http.NewRequest(http.MethodGet, "http://169.254.169.254/latest/meta-data/", nil)
			if _, err := f.o.HTTP.Do(req); !errors.Is(err, errRefusedAddress) {
				t.Errorf("loopback %v private %v: err = %v", o.Loopback, private, err)
			}
			req, _ = http.NewRequest(http.MethodGet, "http://[fd00:ec2::254]/latest/meta-data/", nil)
			if _, err := f.o.HTTP.Do(req); !errors.Is(err, errRefusedAddress) {
				t.Errorf("IPv6, loopback %v private %v: err = %v", o.Loopback, private, err)
			}
		}
	}
}

// A redirect is never followed, so it reaches no other address: the answer is the
// hospital's, and it is not a FHIR bundle.
func TestARedirectIsNotFollowed(t *testing.T) {
	t.Parallel()
	base, _ := counting(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	f, err := NewFHIR(Settings{Kind: KindFHIR, BaseURL: base}, Credentials{}, Options{Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Probe(context.Background()); !errors.Is(err, ErrBadResponse) {
		t.Errorf("err = %v, want ErrBadResponse", err)
	}
}

// Settings naming an address that is never reachable are refused when saved.
func TestSettingsRefuseAddressesNeverReached(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		base    string
		private bool
		valid   bool
	}{
		{"https://169.254.169.254/fhir", true, false},
		{"https://[fd00:ec2::254]/fhir", true, false},
		{"https://[fe80::1]/fhir", false, false},
		{"https://0.0.0.0/fhir", false, false},
		{"https://10.0.0.5/fhir", false, false},
		{"https://10.0.0.5/fhir", true, true},
		{"https://[fd12::5]/fhir", true, true},
		{"https://fhir.hospital.example/r4", false, true},
		{"http://127.0.0.1:8080/dev/fhir/SRP01", false, true}, // the dialler knows the stage
	} {
		err := Settings{Kind: KindFHIR, BaseURL: tt.base, PrivateNetwork: tt.private}.Validate()
		if (err == nil) != tt.valid {
			t.Errorf("%s private %v: %v", tt.base, tt.private, err)
		}
		err = Settings{Kind: KindFHIR, BaseURL: "https://fhir.hospital.example/r4", TokenURL: tt.base, ClientID: "samrap",
			PrivateNetwork: tt.private}.Validate()
		if (err == nil) != tt.valid && !strings.HasPrefix(tt.base, "http:") {
			t.Errorf("token URL %s private %v: %v", tt.base, tt.private, err)
		}
	}
}
