package s3blob_test

import (
	"testing"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/config"
	"samrap/pkg/platform"
)

func lambdaConfig() config.Config {
	return config.Config{AWSRegion: "ap-southeast-1", AWSAccessKeyID: "ASIAEXAMPLE", AWSSecretAccessKey: "secret",
		UploadsBucket: "samrap-uploads", FilesBucket: "samrap-files", MailFrom: "Samrap <no-reply@samrap.local>"}
}

func TestWire(t *testing.T) {
	env := &platform.Env{Config: lambdaConfig(), Adapters: &platform.Adapters{}}
	if err := s3blob.Wire(env); err != nil {
		t.Fatal(err)
	}
	if _, ok := env.Uploads.(*s3blob.Store); !ok {
		t.Fatalf("uploads: %T, want *s3blob.Store", env.Uploads)
	}
	if _, ok := env.Files.(*s3blob.Store); !ok {
		t.Fatalf("files: %T, want *s3blob.Store", env.Files)
	}

	cfg := lambdaConfig()
	cfg.AWSRegion = ""
	if err := s3blob.Wire(&platform.Env{Config: cfg, Adapters: &platform.Adapters{}}); err == nil {
		t.Fatal("wired without a region")
	}
}
