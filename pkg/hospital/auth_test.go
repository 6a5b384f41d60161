package hospital

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// tokenServer is an OAuth2 token endpoint. With a public key it accepts SMART Backend
// Services client assertions signed by the matching key; otherwise HTTP Basic with
// samrap:s3cret. It numbers the tokens it issues.
type tokenServer struct {
	url    string
	public crypto.PublicKey
	alg    string
	refuse bool

	mu     sync.Mutex
	issued int
	jtis   map[string]bool
	errs   []string
}

func newTokenServer(t *testing.T, public crypto.PublicKey, alg string) *tokenServer {
	t.Helper()
	ts := &tokenServer{public: public, alg: alg, jtis: map[string]bool{}}
	srv := httptest.NewServer(http.HandlerFunc(ts.serve))
	t.Cleanup(srv.Close)
	ts.url = srv.URL + "/oauth/token"
	return ts
}

func (ts *tokenServer) fail(w http.ResponseWriter, why string) {
	ts.errs = append(ts.errs, why)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusUnauthorized)
	_, _ = w.Write([]byte(`{"error":"invalid_client"}`))
}

func (ts *tokenServer) serve(w http.ResponseWriter, r *http.Request) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.refuse {
		ts.fail(w, "refused")
		return
	}
	if r.Method != http.MethodPost || r.FormValue("grant_type") != "client_credentials" || r.FormValue("scope") != DefaultScope {
		ts.fail(w, fmt.Sprintf("bad request %s %v", r.Method, r.Form))
		return
	}
	if ts.public == nil {
		if id, secret, ok := r.BasicAuth(); !ok || id != "samrap" || secret != "s3cret" {
			ts.fail(w, "basic auth")
			return
		}
	} else {
		if r.FormValue("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" {
			ts.fail(w, "assertion type")
			return
		}
		var claims jwt.RegisteredClaims
		tok, err := jwt.ParseWithClaims(r.FormValue("client_assertion"), &claims,
			func(*jwt.Token) (any, error) { return ts.public, nil },
			jwt.WithValidMethods([]string{ts.alg}), jwt.WithAudience(ts.url), jwt.WithIssuer("samrap"),
			jwt.WithSubject("samrap"), jwt.WithExpirationRequired())
		if err != nil {
			ts.fail(w, err.Error())
			return
		}
		if tok.Header["kid"] != "samrap-2026" || claims.ID == "" || ts.jtis[claims.ID] {
			ts.fail(w, fmt.Sprintf("claims %+v header %v", claims, tok.Header))
			return
		}
		ts.jtis[claims.ID] = true
	}
	ts.issued++
	w.Header().Set("Content-Type", "application/json")
	_, _ = fmt.Fprintf(w, `{"access_token":"tok-%d","token_type":"bearer","expires_in":300,"scope":%q}`, ts.issued, DefaultScope)
}

// requireToken makes the recorded hospital accept only the bearer token named by current.
func requireToken(h *recorded, current func() string, revoked map[string]bool) {
	var mu sync.Mutex
	h.auth = func(r *http.Request) int {
		mu.Lock()
		defer mu.Unlock()
		got := r.Header.Get("Authorization")
		if got == "" || revoked[got] || got != "Bearer "+current() {
			return http.StatusUnauthorized
		}
		return 0
	}
}

// clock is a test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func smartSettings(h *recorded, ts *tokenServer) Settings {
	s := testSettings(h.base)
	s.TokenURL, s.ClientID = ts.url, "samrap"
	return s
}

func TestSMARTBackendServicesWithAnRSAKey(t *testing.T) {
	t.Parallel()
	key, private := rsaPEM(t)
	ts := newTokenServer(t, &private.PublicKey, "RS384")
	h := newRecorded(t)
	requireToken(h, func() string { ts.mu.Lock(); defer ts.mu.Unlock(); return fmt.Sprintf("tok-%d", ts.issued) }, nil)
	clk := &clock{now: time.Now()}
	f, err := NewFHIR(smartSettings(h, ts), Credentials{PrivateKey: key, KeyID: "samrap-2026"},
		Options{Wait: (&waits{}).wait, Now: clk.Now, Zone: ict, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.Census(context.Background())
	if err != nil {
		t.Fatal(err, ts.errs)
	}
	same(t, "admissions", c.Admissions, wantCensus())
	if ts.issued != 1 {
		t.Errorf("tokens issued = %d for one census, want 1", ts.issued)
	}
	// Within its life the token is reused; near its end a new one is fetched.
	clk.add(4 * time.Minute)
	if _, err := f.Probe(context.Background()); err != nil || ts.issued != 1 {
		t.Fatalf("probe: %v, tokens %d", err, ts.issued)
	}
	clk.add(50 * time.Second)
	if _, err := f.Probe(context.Background()); err != nil || ts.issued != 2 {
		t.Fatalf("probe: %v, tokens %d", err, ts.issued)
	}
}

func TestSMARTBackendServicesWithAnECKey(t *testing.T) {
	t.Parallel()
	k, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalECPrivateKey(k)
	key := string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
	ts := newTokenServer(t, &k.PublicKey, "ES384")
	h := newRecorded(t)
	requireToken(h, func() string { return "tok-1" }, nil)
	f, err := NewFHIR(smartSettings(h, ts), Credentials{PrivateKey: key, KeyID: "samrap-2026"}, Options{Wait: (&waits{}).wait, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Probe(context.Background()); err != nil {
		t.Fatal(err, ts.errs)
	}

	// SMART allows ES384 only: a P-256 key is refused before anything is sent.
	k256, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ = x509.MarshalECPrivateKey(k256)
	key = string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
	f, err = NewFHIR(smartSettings(h, ts), Credentials{PrivateKey: key}, Options{Wait: (&waits{}).wait, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Probe(context.Background()); err == nil {
		t.Fatal("a P-256 key signed an assertion")
	}
}

func TestClientSecretBasic(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, nil, "")
	h := newRecorded(t)
	requireToken(h, func() string { return "tok-1" }, nil)
	f := connect(t, smartSettings(h, ts), Credentials{ClientSecret: "s3cret"}, &waits{})
	if _, err := f.Census(context.Background()); err != nil {
		t.Fatal(err, ts.errs)
	}

	f = connect(t, smartSettings(h, ts), Credentials{ClientSecret: "wrong"}, &waits{})
	if _, err := f.Probe(context.Background()); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want ErrUnauthorized", err)
	}
}

func TestARevokedTokenIsRenewedOnce(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, nil, "")
	h := newRecorded(t)
	revoked := map[string]bool{"Bearer tok-1": true}
	requireToken(h, func() string { ts.mu.Lock(); defer ts.mu.Unlock(); return fmt.Sprintf("tok-%d", ts.issued) }, revoked)
	f := connect(t, smartSettings(h, ts), Credentials{ClientSecret: "s3cret"}, &waits{})
	if _, err := f.Census(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ts.issued != 2 {
		t.Errorf("tokens issued = %d, want 2", ts.issued)
	}

	// A hospital that refuses every token: one renewal, then a clear failure.
	h2 := newRecorded(t)
	h2.auth = func(*http.Request) int { return http.StatusUnauthorized }
	ts2 := newTokenServer(t, nil, "")
	f = connect(t, smartSettings(h2, ts2), Credentials{ClientSecret: "s3cret"}, &waits{})
	if _, err := f.Census(context.Background()); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want ErrUnauthorized", err)
	}
	if ts2.issued != 2 || len(h2.paths()) != 2 {
		t.Errorf("tokens %d, requests %d; want 2 and 2", ts2.issued, len(h2.paths()))
	}
}

func TestTheTokenEndpointRefuses(t *testing.T) {
	t.Parallel()
	_, private := rsaPEM(t)
	key, _ := rsaPEM(t) // not the key the server knows
	ts := newTokenServer(t, &private.PublicKey, "RS384")
	h := newRecorded(t)
	f := connect(t, smartSettings(h, ts), Credentials{PrivateKey: key, KeyID: "samrap-2026"}, &waits{})
	_, err := f.Census(context.Background())
	if !errors.Is(err, ErrUnauthorized) || !IsConfig(err) {
		t.Fatalf("err = %v, want ErrUnauthorized", err)
	}
	if len(h.paths()) != 0 {
		t.Errorf("the hospital was asked %v without a token", h.paths())
	}
}

func TestRetryAfterHeader(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"":                              0,
		"12":                            12 * time.Second,
		"-3":                            0,
		"Tue, 24 Nov 2026 08:00:30 GMT": 30 * time.Second,
		"Tue, 24 Nov 2026 07:59:00 GMT": 0,
		"soon":                          0,
	} {
		if got := retryAfter(v, now); got != want {
			t.Errorf("Retry-After %q = %v, want %v", v, got, want)
		}
	}
}
