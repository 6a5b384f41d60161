// Package blobtest is the behaviour every blob.Store has, whatever keeps the bytes: one
// table of tests that the Disk tests (package blob) and the S3 tests (package s3blob, on
// moto_server) both run.
package blobtest

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"samrap/pkg/blob"
)

const thaiKey = "uploads/SRP01/DietType/อาหาร list.xlsx"

// Disposition returns the Content-Disposition a download through link gets.
type Disposition func(link string, resp *http.Response) string

// FromResponse reads it from the response: what the Disk handler and S3 itself answer.
func FromResponse(_ string, resp *http.Response) string {
	return resp.Header.Get("Content-Disposition")
}

// FromPresign reads it from the presigned link, where S3 takes it from. moto_server
// ignores the response-content-disposition override, so the response cannot show it.
func FromPresign(link string, _ *http.Response) string {
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	return u.Query().Get("response-content-disposition")
}

// TestStore runs the behaviour every Store has against s, whatever keeps the bytes.
func TestStore(t *testing.T, s blob.Store, disposition Disposition) {
	ctx := t.Context()

	get := func(t *testing.T, key string) ([]byte, error) {
		t.Helper()
		rc, err := s.Get(ctx, key)
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		return io.ReadAll(rc)
	}

	t.Run("put then get", func(t *testing.T) {
		want := []byte("PK\x03\x04 อาหาร")
		if err := s.Put(ctx, thaiKey, bytes.NewReader(want), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"); err != nil {
			t.Fatal(err)
		}
		got, err := get(t, thaiKey)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("got %q, want %q", got, want)
		}
	})

	t.Run("put replaces, from a reader that cannot seek", func(t *testing.T) {
		key := "reports/SRP01/replace.txt"
		for _, body := range []string{"first version", "second"} {
			if err := s.Put(ctx, key, strings.NewReader(body), "text/plain"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Put(ctx, key, io.MultiReader(strings.NewReader("third")), "text/plain"); err != nil {
			t.Fatal(err)
		}
		got, err := get(t, key)
		if err != nil || string(got) != "third" {
			t.Fatalf("got %q, %v; want third", got, err)
		}
	})

	t.Run("missing is ErrNotFound", func(t *testing.T) {
		for _, key := range []string{"uploads/none.xlsx", "uploads"} {
			if _, err := get(t, key); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("get %q: err = %v, want ErrNotFound", key, err)
			}
		}
	})

	t.Run("delete", func(t *testing.T) {
		key := "reports/SRP01/gone.pdf"
		if err := s.Put(ctx, key, strings.NewReader("%PDF"), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if _, err := get(t, key); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("after delete: err = %v, want ErrNotFound", err)
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatalf("delete again: %v", err)
		}
	})

	t.Run("failed body stores nothing", func(t *testing.T) {
		key := "uploads/SRP01/DietType/broken.xlsx"
		body := io.MultiReader(strings.NewReader("half"), iotest.ErrReader(errors.New("connection reset")))
		if err := s.Put(ctx, key, body, "text/plain"); err == nil {
			t.Fatal("put of a failing body succeeded")
		}
		if _, err := get(t, key); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("after failed put: err = %v, want ErrNotFound", err)
		}
	})

	t.Run("bad keys refused", func(t *testing.T) {
		for _, key := range []string{"", "/etc/passwd", "../outside", "uploads/../../x", "a//b", "a/./b", "dir/", `a\b`, "a\nb", strings.Repeat("k", 1025)} {
			if err := s.Put(ctx, key, strings.NewReader("x"), ""); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("put %q: err = %v, want ErrInvalidKey", key, err)
			}
			if _, err := s.Get(ctx, key); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("get %q: err = %v, want ErrInvalidKey", key, err)
			}
			if _, err := s.SignedURL(ctx, key, "x", time.Minute); !errors.Is(err, blob.ErrInvalidKey) {
				t.Errorf("signedURL %q: err = %v, want ErrInvalidKey", key, err)
			}
		}
	})

	t.Run("signed url downloads the bytes under the download name", func(t *testing.T) {
		key := "reports/SRP01/meal-cards.pdf"
		want := []byte("%PDF-1.7 meal cards")
		if err := s.Put(ctx, key, bytes.NewReader(want), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		name := "บัตรอาหาร 22-11-2569.pdf"
		u, err := s.SignedURL(ctx, key, name, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		got, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
			t.Fatalf("GET %s: %d %q, want 200 %q", u, resp.StatusCode, got, want)
		}
		cd := disposition(u, resp)
		_, params, err := mime.ParseMediaType(cd)
		if err != nil {
			t.Fatalf("Content-Disposition %q: %v", cd, err)
		}
		if params["filename"] != name {
			t.Fatalf("download name %q, want %q (header %q)", params["filename"], name, cd)
		}
	})

	t.Run("signed url needs a positive ttl", func(t *testing.T) {
		if _, err := s.SignedURL(ctx, thaiKey, "", 0); err == nil {
			t.Fatal("ttl 0 accepted")
		}
	})
}
