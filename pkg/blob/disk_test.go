package blob_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"samrap/pkg/blob"
	"samrap/pkg/blob/blobtest"
)

// newDisk returns a Disk in a temporary folder and a server serving its links.
func newDisk(t *testing.T) (*blob.Disk, string) {
	t.Helper()
	var d *blob.Disk
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	root := filepath.Join(t.TempDir(), "blobs")
	d, err := blob.NewDisk(root, []byte("0123456789abcdef-test-secret"), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return d, root
}

func TestDisk(t *testing.T) {
	t.Parallel()
	d, root := newDisk(t)
	blobtest.TestStore(t, d, blobtest.FromResponse)

	// Nothing written beside the root by the refused keys.
	entries, err := os.ReadDir(filepath.Dir(root))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("files beside the root: %v", entries)
	}
	// No temporary file left behind by the failed put.
	tmp, err := os.ReadDir(filepath.Join(root, "tmp"))
	if err != nil || len(tmp) != 0 {
		t.Fatalf("tmp holds %v (%v)", tmp, err)
	}
}

func TestNewDiskRefusesShortSecret(t *testing.T) {
	if _, err := blob.NewDisk(t.TempDir(), []byte("short"), "http://localhost:8080"); err == nil {
		t.Fatal("NewDisk accepted a 5-byte secret")
	}
}

func TestDiskLinks(t *testing.T) {
	t.Parallel()
	d, _ := newDisk(t)
	ctx := t.Context()
	key := "reports/SRP01/รายงาน.xlsx"
	if err := d.Put(ctx, key, strings.NewReader("sheet"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"); err != nil {
		t.Fatal(err)
	}
	signed, err := d.SignedURL(ctx, key, "รายงาน.xlsx", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(signed, blob.DiskPath) {
		t.Fatalf("link %s is not under %s", signed, blob.DiskPath)
	}

	change := func(param, value string) string {
		u, _ := url.Parse(signed)
		q := u.Query()
		q.Set(param, value)
		u.RawQuery = q.Encode()
		return u.String()
	}
	other, err := d.SignedURL(ctx, "reports/SRP01/other.xlsx", "รายงาน.xlsx", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	otherURL, _ := url.Parse(other)
	signedURL, _ := url.Parse(signed)
	otherURL.RawQuery = signedURL.RawQuery // the signature of one key on another

	tests := []struct {
		name   string
		method string
		url    string
		want   int
	}{
		{"signed", http.MethodGet, signed, http.StatusOK},
		{"head", http.MethodHead, signed, http.StatusOK},
		{"post", http.MethodPost, signed, http.StatusMethodNotAllowed},
		{"tampered signature", http.MethodGet, change("sig", strings.Repeat("0", 64)), http.StatusForbidden},
		{"tampered name", http.MethodGet, change("name", "evil.html"), http.StatusForbidden},
		{"later expiry", http.MethodGet, change("exp", "99999999999"), http.StatusForbidden},
		{"other key", http.MethodGet, otherURL.String(), http.StatusForbidden},
		{"no signature", http.MethodGet, strings.Split(signed, "?")[0], http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(ctx, tt.method, tt.url, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Fatalf("%s %s: %d, want %d", tt.method, tt.url, resp.StatusCode, tt.want)
			}
			if tt.want == http.StatusOK && resp.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
				t.Fatalf("Content-Type %q", resp.Header.Get("Content-Type"))
			}
		})
	}

	t.Run("deleted object", func(t *testing.T) {
		if err := d.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(signed)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("%d, want 404", resp.StatusCode)
		}
	})
}

func TestDiskOnPut(t *testing.T) {
	t.Parallel()
	d, _ := newDisk(t)
	type put struct {
		key  string
		size int64
	}
	var got []put
	d.OnPut("uploads/", func(ctx context.Context, key string, size int64) error {
		got = append(got, put{key, size})
		return nil
	})
	ctx := t.Context()
	for _, key := range []string{"reports/a.pdf", "uploads/SRP01/DietType/อาหาร list.xlsx", "failed/uploads/x.xlsx"} {
		if err := d.Put(ctx, key, strings.NewReader("12345"), ""); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 1 || got[0] != (put{"uploads/SRP01/DietType/อาหาร list.xlsx", 5}) {
		t.Fatalf("hook saw %v, want only the upload", got)
	}
}
