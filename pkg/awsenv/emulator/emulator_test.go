package emulator_test

import (
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"samrap/pkg/awsenv/emulator"
)

// cleanEnv hides the machine's AWS settings from the test.
func cleanEnv(t *testing.T) {
	dir := t.TempDir()
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_SESSION_TOKEN": "",
		"AWS_PROFILE": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "", "AWS_ENDPOINT_URL": "",
		"AWS_CONFIG_FILE":             filepath.Join(dir, "config"),
		"AWS_SHARED_CREDENTIALS_FILE": filepath.Join(dir, "credentials"),
	} {
		t.Setenv(k, v)
	}
}

func TestLoadEmulator(t *testing.T) {
	cleanEnv(t)
	cfg, err := emulator.Load(t.Context(), "http://127.0.0.1:5000", "")
	if err != nil {
		t.Fatal(err)
	}
	if aws.ToString(cfg.BaseEndpoint) != "http://127.0.0.1:5000" || cfg.Region != emulator.Region {
		t.Fatalf("endpoint %q region %q", aws.ToString(cfg.BaseEndpoint), cfg.Region)
	}
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if creds.AccessKeyID != "test" || creds.SecretAccessKey != "test" {
		t.Fatalf("credentials %+v, want the dummy ones", creds)
	}
}

func TestLoadEmulatorKeepsEnvironmentKeys(t *testing.T) {
	cleanEnv(t)
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDLOCALSTACK")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	cfg, err := emulator.Load(t.Context(), "http://localhost:4566", "ap-southeast-1")
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if creds.AccessKeyID != "AKIDLOCALSTACK" || cfg.Region != "ap-southeast-1" {
		t.Fatalf("credentials %+v region %q", creds, cfg.Region)
	}
}

func TestLoadAWS(t *testing.T) {
	cleanEnv(t)
	cfg, err := emulator.Load(t.Context(), "", "ap-southeast-1")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseEndpoint != nil || cfg.Region != "ap-southeast-1" {
		t.Fatalf("endpoint %v region %q, want the SDK's own endpoints", cfg.BaseEndpoint, cfg.Region)
	}
}
