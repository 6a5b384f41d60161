package hospital

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Doer sends an HTTP request; *http.Client is one.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// maxBody caps one answer; a page of a hundred encounters with their patients is far less.
const maxBody = 32 << 20

// Retry delays: doubling from the first, at most the last; a Retry-After up to maxRetryAfter
// is obeyed.
const (
	firstDelay    = 500 * time.Millisecond
	maxDelay      = 8 * time.Second
	maxRetryAfter = 60 * time.Second
)

// get fetches a FHIR URL, authenticating when the settings say so.
func (f *FHIR) get(ctx context.Context, u string) ([]byte, error) {
	renewed := false
	for {
		auth, err := f.authorization(ctx)
		if err != nil {
			return nil, err
		}
		body, status, err := f.send(ctx, func(ctx context.Context) (*http.Request, error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err == nil {
				req.Header.Set("Accept", "application/fhir+json")
				if auth != "" {
					req.Header.Set("Authorization", auth)
				}
			}
			return req, err
		})
		switch {
		case err != nil:
			return nil, err
		case status == http.StatusOK:
			return body, nil
		case status == http.StatusUnauthorized && auth != "" && !renewed:
			// The token may have been revoked before its time: one new token, one more try.
			f.forgetToken()
			renewed = true
		case status == http.StatusUnauthorized:
			return nil, errStatus(ErrUnauthorized, u, status)
		case status == http.StatusForbidden:
			return nil, errStatus(ErrForbidden, u, status)
		default:
			return nil, errStatus(ErrBadResponse, u, status)
		}
	}
}

// send sends a request built by build, retrying 429, 5xx and network failures with backoff;
// it answers the final status and body, or ErrUnavailable when the retries ran out.
func (f *FHIR) send(ctx context.Context, build func(context.Context) (*http.Request, error)) ([]byte, int, error) {
	var last string
	for attempt := 0; ; attempt++ {
		body, status, retryAfter, err := f.once(ctx, build)
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		switch {
		case err != nil && errors.Is(err, errTooLarge):
			return nil, 0, err
		case err != nil && errors.Is(err, errRefusedAddress):
			// not worth a retry: the same address would be refused
			return nil, 0, fmt.Errorf("%w: %v", ErrUnavailable, err)
		case err != nil:
			last = err.Error()
		case status == http.StatusTooManyRequests || status >= 500:
			last = "answered " + strconv.Itoa(status)
		default:
			return body, status, nil
		}
		if attempt >= f.s.retries() {
			return nil, 0, fmt.Errorf("%w: %d tries, last %s", ErrUnavailable, attempt+1, last)
		}
		delay := min(firstDelay<<attempt, maxDelay)
		if retryAfter > 0 {
			delay = min(retryAfter, maxRetryAfter)
		}
		if err := f.o.Wait(ctx, delay); err != nil {
			return nil, 0, err
		}
	}
}

var errTooLarge = fmt.Errorf("%w: the answer is larger than %d bytes", ErrBadResponse, maxBody)

// once sends one request within the per-request timeout.
func (f *FHIR) once(ctx context.Context, build func(context.Context) (*http.Request, error)) ([]byte, int, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, f.s.timeout())
	defer cancel()
	req, err := build(ctx)
	if err != nil {
		return nil, 0, 0, err
	}
	res, err := f.o.HTTP.Do(req)
	if err != nil {
		return nil, 0, 0, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody+1))
	if err != nil {
		return nil, 0, 0, err
	}
	if len(body) > maxBody {
		return nil, 0, 0, errTooLarge
	}
	return body, res.StatusCode, retryAfter(res.Header.Get("Retry-After"), f.o.Now()), nil
}

// retryAfter reads a Retry-After header: seconds or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// bearer is a cached access token.
type bearer struct {
	value   string
	expires time.Time
}

// authorization is the Authorization header: empty without a token URL, else a bearer token
// fetched (and cached until shortly before it expires) from the token endpoint.
func (f *FHIR) authorization(ctx context.Context) (string, error) {
	if f.s.TokenURL == "" {
		return "", nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.token.value != "" && f.o.Now().Before(f.token.expires) {
		return "Bearer " + f.token.value, nil
	}
	t, err := f.fetchToken(ctx)
	if err != nil {
		return "", err
	}
	f.token = t
	return "Bearer " + t.value, nil
}

func (f *FHIR) forgetToken() {
	f.mu.Lock()
	f.token = bearer{}
	f.mu.Unlock()
}

// fetchToken asks the token endpoint for an access token (OAuth2 client credentials): with a
// private key as SMART Backend Services says (a signed client assertion), else with the
// client secret in HTTP Basic.
func (f *FHIR) fetchToken(ctx context.Context) (bearer, error) {
	form := url.Values{"grant_type": {"client_credentials"}, "scope": {f.s.scope()}}
	if f.signer != nil {
		assertion, err := f.assertion()
		if err != nil {
			return bearer{}, err
		}
		form.Set("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
		form.Set("client_assertion", assertion)
	}
	body, status, err := f.send(ctx, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.s.TokenURL, strings.NewReader(form.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Accept", "application/json")
			if f.signer == nil {
				req.SetBasicAuth(url.QueryEscape(f.s.ClientID), url.QueryEscape(f.creds.ClientSecret))
			}
		}
		return req, err
	})
	if err != nil {
		return bearer{}, fmt.Errorf("token: %w", err)
	}
	switch {
	case status == http.StatusBadRequest || status == http.StatusUnauthorized:
		// RFC 6749 §5.2: invalid_client and unauthorized_client answer 400 or 401.
		return bearer{}, errStatus(ErrUnauthorized, f.s.TokenURL, status)
	case status == http.StatusForbidden:
		return bearer{}, errStatus(ErrForbidden, f.s.TokenURL, status)
	case status != http.StatusOK:
		return bearer{}, errStatus(ErrBadResponse, f.s.TokenURL, status)
	}
	var t struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := json.Unmarshal(body, &t); err != nil || t.AccessToken == "" || !strings.EqualFold(t.TokenType, "bearer") {
		return bearer{}, fmt.Errorf("%w: the token endpoint's answer holds no bearer token", ErrBadResponse)
	}
	life := time.Duration(t.ExpiresIn) * time.Second
	if life <= 0 {
		life = 5 * time.Minute // RFC 6749 leaves expires_in optional; SMART asks for it
	}
	// Renew a little early, so that a token does not expire between check and use.
	return bearer{value: t.AccessToken, expires: f.o.Now().Add(life - min(life/10, 30*time.Second))}, nil
}

// assertion signs the SMART Backend Services client assertion: iss and sub the client id,
// aud the token URL, five minutes of life, a unique jti; RS384 for RSA keys, ES384 for P-384.
func (f *FHIR) assertion() (string, error) {
	var method jwt.SigningMethod
	switch k := f.signer.(type) {
	case *rsa.PrivateKey:
		method = jwt.SigningMethodRS384
	case *ecdsa.PrivateKey:
		if k.Curve != elliptic.P384() {
			return "", errors.New("hospital.token: an EC key must be P-384 (ES384)")
		}
		method = jwt.SigningMethodES384
	default:
		return "", errors.New("hospital.token: the private key must be RSA or EC")
	}
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	now := f.o.Now()
	tok := jwt.NewWithClaims(method, jwt.RegisteredClaims{
		Issuer:    f.s.ClientID,
		Subject:   f.s.ClientID,
		Audience:  jwt.ClaimStrings{f.s.TokenURL},
		ExpiresAt: jwt.NewNumericDate(now.Add(5 * time.Minute)),
		ID:        hex.EncodeToString(jti),
	})
	if f.creds.KeyID != "" {
		tok.Header["kid"] = f.creds.KeyID
	}
	return tok.SignedString(f.signer)
}
