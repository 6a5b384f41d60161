package hospital

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/url"
	"time"

	"samrap/pkg/errs"
)

// KindFHIR is the FHIR R4 connector, the only kind so far.
const KindFHIR = "fhir-r4"

// Settings are one branch's connector settings, stored with the branch as JSON. They hold no
// secret: the credentials live in AWS Secrets Manager (SecretARN) and reach the connector as
// Credentials.
type Settings struct {
	Kind     string `json:"kind"`               // KindFHIR
	BaseURL  string `json:"baseUrl"`            // the FHIR R4 base, e.g. https://fhir.example.org/r4
	TokenURL string `json:"tokenUrl,omitempty"` // set: SMART Backend Services (OAuth2 client credentials)
	ClientID string `json:"clientId,omitempty"`
	Scope    string `json:"scope,omitempty"` // empty: DefaultScope
	// SecretARN names the Secrets Manager secret whose JSON is the Credentials.
	SecretARN string `json:"secretArn,omitempty"`
	// HNSystem is the Patient.identifier system that holds the hospital number; empty: the
	// identifier typed MR (medical record number), else the first identifier.
	HNSystem       string `json:"hnSystem,omitempty"`
	PageSize       int    `json:"pageSize,omitempty"`       // encounters per page; 0: 100
	TimeoutSeconds int    `json:"timeoutSeconds,omitempty"` // per request; 0: 20
	Retries        int    `json:"retries,omitempty"`        // after a 429, 5xx or network failure; 0: 3
	// PrivateNetwork: the hospital is reached over a private network (a VPN or a peering to
	// the hospital), so its addresses may be in the private ranges (10/8, 172.16/12,
	// 192.168/16, fc00::/7). Without it they are refused (network.go).
	PrivateNetwork bool `json:"privateNetwork,omitempty"`
	Maps           Maps `json:"maps"`
}

// DefaultScope asks for read access to what the census needs (SMART v1 system scopes).
const DefaultScope = "system/Encounter.read system/Patient.read system/Location.read " +
	"system/AllergyIntolerance.read system/NutritionOrder.read"

// Limits of the settings.
const (
	MaxPageSize       = 1000
	MaxTimeoutSeconds = 120
	MaxRetries        = 10
)

func (s Settings) pageSize() int {
	if s.PageSize == 0 {
		return 100
	}
	return s.PageSize
}

func (s Settings) timeout() time.Duration {
	if s.TimeoutSeconds == 0 {
		return 20 * time.Second
	}
	return time.Duration(s.TimeoutSeconds) * time.Second
}

func (s Settings) retries() int {
	if s.Retries == 0 {
		return 3
	}
	return s.Retries
}

func (s Settings) scope() string {
	if s.Scope == "" {
		return DefaultScope
	}
	return s.Scope
}

// Validate checks the settings and answers a validation failure (errs.Invalid) naming each
// wrong field with its i18n key.
func (s Settings) Validate() error {
	f := map[string]string{}
	if s.Kind != KindFHIR {
		f["kind"] = "field.invalid"
	}
	switch {
	case s.BaseURL == "":
		f["baseUrl"] = "field.required"
	case !s.secureURL(s.BaseURL):
		f["baseUrl"] = "field.invalid"
	}
	if s.TokenURL != "" {
		if !s.secureURL(s.TokenURL) {
			f["tokenUrl"] = "field.invalid"
		}
		if s.ClientID == "" {
			f["clientId"] = "field.required"
		}
	}
	if s.PageSize < 0 || s.PageSize > MaxPageSize {
		f["pageSize"] = "field.invalid"
	}
	if s.TimeoutSeconds < 0 || s.TimeoutSeconds > MaxTimeoutSeconds {
		f["timeoutSeconds"] = "field.invalid"
	}
	if s.Retries < 0 || s.Retries > MaxRetries {
		f["retries"] = "field.invalid"
	}
	s.Maps.validate(f)
	if len(f) > 0 {
		return errs.Fields(f)
	}
	return nil
}

// secureURL accepts an absolute https URL, or http to this machine (the local demo
// hospital); an IP address the connector may never reach (network.go: link-local, metadata,
// private without PrivateNetwork) is refused at once. Loopback is left to the dialler,
// which alone knows the stage.
func (s Settings) secureURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	if !(reach{loopback: true, private: s.PrivateNetwork}).literalAllowed(u.Hostname()) {
		return false
	}
	switch u.Scheme {
	case "https":
		return true
	case "http":
		if u.Hostname() == "localhost" {
			return true
		}
		ip := net.ParseIP(u.Hostname())
		return ip != nil && ip.IsLoopback()
	}
	return false
}

// Credentials are the secret part of a branch's connector settings, kept as JSON in Secrets
// Manager (locally, wherever the caller keeps them). They are used only with a token URL:
// PrivateKey signs a SMART Backend Services client assertion (private_key_jwt, RS384 or
// ES384 as SMART requires); without a key, ClientSecret is sent to the token endpoint with
// HTTP Basic (client_secret_basic). Without a token URL the connector sends no credentials,
// for a hospital that admits the network itself (and the local demo).
type Credentials struct {
	ClientSecret string `json:"clientSecret,omitempty"`
	PrivateKey   string `json:"privateKey,omitempty"` // PEM: PKCS#8, PKCS#1 RSA or SEC 1 EC
	KeyID        string `json:"kid,omitempty"`        // the key's id in the client's JWKS
}

// ParseCredentials reads the secret's JSON and checks the private key, if any.
func ParseCredentials(secret []byte) (Credentials, error) {
	var c Credentials
	if err := json.Unmarshal(secret, &c); err != nil {
		return Credentials{}, fmt.Errorf("hospital.credentials: %w", err)
	}
	if c.PrivateKey != "" {
		if _, err := c.signer(); err != nil {
			return Credentials{}, err
		}
	}
	return c, nil
}

// signer parses the PEM private key.
func (c Credentials) signer() (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(c.PrivateKey))
	if block == nil {
		return nil, errors.New("hospital.credentials: the private key is not PEM")
	}
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		switch k := k.(type) {
		case *rsa.PrivateKey:
			return k, nil
		case *ecdsa.PrivateKey:
			return k, nil
		}
		return nil, errors.New("hospital.credentials: the private key must be RSA or EC")
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	return nil, errors.New("hospital.credentials: the private key cannot be read")
}
