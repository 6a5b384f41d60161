package s3blob_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"samrap/pkg/awstest"
	"samrap/pkg/blob"
	"samrap/pkg/blob/blobtest"
	"samrap/pkg/blob/s3blob"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

func TestS3(t *testing.T) {
	t.Parallel()
	cfg := awstest.Config(t, moto.Endpoint(t))
	client := s3blob.NewClient(cfg, true)
	blobtest.TestStore(t, s3blob.New(client, awstest.NewBucket(t, client)), blobtest.FromPresign)
}

func TestS3MissingBucket(t *testing.T) {
	t.Parallel()
	cfg := awstest.Config(t, moto.Endpoint(t))
	s := s3blob.New(s3blob.NewClient(cfg, true), awstest.Name("nobucket"))
	_, err := s.Get(t.Context(), "a.txt")
	if err == nil || errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("get from a missing bucket: err = %v, want an error other than ErrNotFound", err)
	}
	if err := s.Put(t.Context(), "a.txt", strings.NewReader("x"), ""); err == nil {
		t.Fatal("put into a missing bucket succeeded")
	}
}
