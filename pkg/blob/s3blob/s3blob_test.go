package s3blob_test

import (
	"errors"
	"net"
	"os"
	"strings"
	"testing"

	"samrap/pkg/awstest"
	"samrap/pkg/blob"
	"samrap/pkg/blob/blobtest"
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
	blobtest.TestStore(t, awstest.Store(t, cfg, awstest.NewBucket(t, cfg)), blobtest.FromPresign)
}

func TestS3MissingBucket(t *testing.T) {
	t.Parallel()
	cfg := awstest.Config(t, moto.Endpoint(t))
	s := awstest.Store(t, cfg, awstest.Name("nobucket"))
	_, err := s.Get(t.Context(), "a.txt")
	if err == nil || errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("get from a missing bucket: err = %v, want an error other than ErrNotFound", err)
	}
	if err := s.Put(t.Context(), "a.txt", strings.NewReader("x"), ""); err == nil {
		t.Fatal("put into a missing bucket succeeded")
	}
}

// S3 not reached at all (nothing listens: the emulator stopped) is blob.ErrUnavailable for
// put, get and delete, which the API answers 503 UNAVAILABLE (httpx.Fail); S3 refusing (a
// missing bucket) is not.
func TestS3Unreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there any more: each connection is refused
	s := awstest.Store(t, awstest.Config(t, down), "samrap-files")
	ctx := t.Context()
	if err := s.Put(ctx, "a.txt", strings.NewReader("x"), ""); !errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("put: %v, want ErrUnavailable", err)
	}
	if _, err := s.Get(ctx, "a.txt"); !errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("get: %v, want ErrUnavailable", err)
	}
	if err := s.Delete(ctx, "a.txt"); !errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("delete: %v, want ErrUnavailable", err)
	}
	missing := awstest.Store(t, awstest.Config(t, moto.Endpoint(t)), awstest.Name("nobucket"))
	if err := missing.Put(ctx, "a.txt", strings.NewReader("x"), ""); err == nil || errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("put into a missing bucket: %v, want an error other than ErrUnavailable", err)
	}
}
