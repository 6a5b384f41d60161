package config

import (
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLocalDefaults(t *testing.T) {
	t.Parallel()
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Local() || c.Port != 8080 || !c.DemoData || c.AccessTokenTTL != 15*time.Minute {
		t.Fatalf("defaults: %+v", c)
	}
	if !strings.Contains(c.DatabaseURL, "127.0.0.1:5432/samrap") {
		t.Fatalf("database url: %s", c.DatabaseURL)
	}
	// The local server (dev outbox, demo accounts) listens on this machine only by default.
	if c.Host != "127.0.0.1" {
		t.Fatalf("host = %q, want 127.0.0.1", c.Host)
	}
	if c, _ := Load(env(map[string]string{"HOST": "0.0.0.0"})); c.Host != "0.0.0.0" {
		t.Fatalf("HOST=0.0.0.0 gave %q", c.Host)
	}
}

func TestCloudRefusesDemoDataAndMissingSecrets(t *testing.T) {
	t.Parallel()
	_, err := Load(env(map[string]string{"STAGE": "prod", "DEMO_DATA": "true"}))
	if err == nil {
		t.Fatal("prod with demo data and no secrets was accepted")
	}
	for _, want := range []string{"DEMO_DATA", "DATABASE_SECRET_ARN", "JWT_SECRET_ARN"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
	c, err := Load(env(map[string]string{"STAGE": "prod", "DATABASE_SECRET_ARN": "arn:x", "DATABASE_HOST": "proxy", "JWT_SECRET_ARN": "arn:y"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DemoData || c.JWTSecret != "" {
		t.Fatalf("prod config leaked local defaults: %+v", c)
	}
}

func TestBadValuesAreNamed(t *testing.T) {
	t.Parallel()
	_, err := Load(env(map[string]string{"PORT": "eighty", "ACCESS_TOKEN_TTL": "2h"}))
	if err == nil || !strings.Contains(err.Error(), "PORT") || !strings.Contains(err.Error(), "ACCESS_TOKEN_TTL") {
		t.Fatalf("err = %v", err)
	}
}
