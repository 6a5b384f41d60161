package hospital

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"testing"

	"samrap/pkg/errs"
)

func TestSettingsValidate(t *testing.T) {
	t.Parallel()
	ok := func(s *Settings) {}
	tests := []struct {
		name   string
		change func(*Settings)
		fields map[string]string // nil: valid
	}{
		{"valid", ok, nil},
		{"the local demo hospital over http", func(s *Settings) { s.BaseURL = "http://127.0.0.1:8080/dev/fhir" }, nil},
		{"localhost over http", func(s *Settings) { s.BaseURL = "http://localhost:8080/dev/fhir" }, nil},
		{"SMART", func(s *Settings) { s.TokenURL = "https://auth.example.org/token"; s.ClientID = "samrap" }, nil},
		{"limits", func(s *Settings) { s.PageSize, s.TimeoutSeconds, s.Retries = 1000, 120, 10 }, nil},
		{"no kind", func(s *Settings) { s.Kind = "" }, map[string]string{"kind": "field.invalid"}},
		{"no base URL", func(s *Settings) { s.BaseURL = "" }, map[string]string{"baseUrl": "field.required"}},
		{"plain http to the network", func(s *Settings) { s.BaseURL = "http://10.1.2.3/fhir" }, map[string]string{"baseUrl": "field.invalid"}},
		{"a relative base", func(s *Settings) { s.BaseURL = "/fhir" }, map[string]string{"baseUrl": "field.invalid"}},
		{"credentials in the URL", func(s *Settings) { s.BaseURL = "https://u:p@fhir.example.org" }, map[string]string{"baseUrl": "field.invalid"}},
		{"a query in the base", func(s *Settings) { s.BaseURL = "https://fhir.example.org/r4?x=1" }, map[string]string{"baseUrl": "field.invalid"}},
		{"token URL without client", func(s *Settings) { s.TokenURL = "https://auth.example.org/token" }, map[string]string{"clientId": "field.required"}},
		{"token URL over http", func(s *Settings) { s.TokenURL = "http://auth.example.org/token"; s.ClientID = "c" }, map[string]string{"tokenUrl": "field.invalid"}},
		{"over the limits", func(s *Settings) { s.PageSize, s.TimeoutSeconds, s.Retries = 1001, 121, 11 },
			map[string]string{"pageSize": "field.invalid", "timeoutSeconds": "field.invalid", "retries": "field.invalid"}},
		{"negative", func(s *Settings) { s.PageSize, s.TimeoutSeconds, s.Retries = -1, -1, -1 },
			map[string]string{"pageSize": "field.invalid", "timeoutSeconds": "field.invalid", "retries": "field.invalid"}},
		{"bad maps", func(s *Settings) {
			s.Maps.Wards = map[string]string{"W1": ""}
			s.Maps.Allergens = map[string]string{"": "AL01"}
			s.Maps.Textures = map[string]int{"X": 8}
			s.Maps.NPO = []string{""}
		}, map[string]string{"maps.wards": "field.invalid", "maps.allergens": "field.invalid",
			"maps.textures": "field.invalid", "maps.npo": "field.invalid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := testSettings("https://fhir.example.org/r4")
			tt.change(&s)
			err := s.Validate()
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.Invalid {
				t.Fatalf("err = %v, want a validation failure", err)
			}
			same(t, "fields", e.Fields, tt.fields)
		})
	}
}

func TestSettingsRoundTripAsJSON(t *testing.T) {
	t.Parallel()
	s := testSettings("https://fhir.example.org/r4")
	s.TokenURL, s.ClientID, s.SecretARN = "https://auth.example.org/token", "samrap", "arn:aws:secretsmanager:ap-southeast-1:123456789012:secret:hospital-SRP01"
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Settings
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	same(t, "settings", back, s)
	if _, err := NewFHIR(Settings{Kind: KindFHIR}, Credentials{}, Options{}); err == nil {
		t.Error("NewFHIR accepted settings without a base URL")
	}
}

func rsaPEM(t *testing.T) (string, *rsa.PrivateKey) {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), k
}

func TestParseCredentials(t *testing.T) {
	t.Parallel()
	key, _ := rsaPEM(t)
	secret, _ := json.Marshal(map[string]string{"privateKey": key, "kid": "samrap-2026"})
	c, err := ParseCredentials(secret)
	if err != nil || c.KeyID != "samrap-2026" || c.PrivateKey != key {
		t.Fatalf("credentials = %+v, %v", c, err)
	}
	c, err = ParseCredentials([]byte(`{"clientSecret":"s3cret"}`))
	if err != nil || c.ClientSecret != "s3cret" {
		t.Fatalf("credentials = %+v, %v", c, err)
	}
	for name, bad := range map[string]string{
		"not JSON":       `clientSecret=s3cret`,
		"not PEM":        `{"privateKey":"MIIEvQIBADANBg"}`,
		"not a key":      `{"privateKey":"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"}`,
		"a wrong member": `{"privateKey":42}`,
	} {
		if _, err := ParseCredentials([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
