package blob

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestDiskLinkExpires(t *testing.T) {
	d, err := NewDisk(t.TempDir(), []byte("0123456789abcdef"), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Put(t.Context(), "a.txt", strings.NewReader("a"), "text/plain"); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	d.now = func() time.Time { return now }
	link, err := d.SignedURL(t.Context(), "a.txt", "", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}

	for _, tt := range []struct {
		at   time.Duration
		want int
	}{{4 * time.Minute, http.StatusOK}, {5 * time.Minute, http.StatusForbidden}, {time.Hour, http.StatusForbidden}} {
		d.now = func() time.Time { return now.Add(tt.at) }
		w := httptest.NewRecorder()
		d.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, link, nil))
		if w.Code != tt.want {
			t.Errorf("after %s: %d, want %d", tt.at, w.Code, tt.want)
		}
	}
}
