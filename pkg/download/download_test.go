package download_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"samrap/pkg/download"
	"samrap/pkg/platform"
)

// Store puts the file under its key and answers a link that downloads it, under its name,
// until LinkTTL has passed; Key gives each file its own key.
func TestStoreAnswersALinkThatExpires(t *testing.T) {
	t.Parallel()
	adapters, err := platform.LocalAdapters(t.TempDir(), []byte("download-test-secret-download-test"), "http://samrap.test")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Truncate(time.Second)
	files := download.Files{Bucket: adapters.Files, Now: func() time.Time { return now }}

	key := download.Key(download.ExportPrefix+"SRP01/master-data", "DietType_SRP01.xlsx")
	if other := download.Key(download.ExportPrefix+"SRP01/master-data", "DietType_SRP01.xlsx"); other == key ||
		!strings.HasPrefix(key, "exports/SRP01/master-data/") || !strings.HasSuffix(key, "/DietType_SRP01.xlsx") {
		t.Fatalf("keys %s and %s", key, other)
	}
	link, err := files.Store(context.Background(), key, "DietType_SRP01.xlsx", "application/x-test", bytes.NewBufferString("PK.."))
	if err != nil {
		t.Fatal(err)
	}
	if link.FileName != "DietType_SRP01.xlsx" || !link.ExpiresAt.Equal(now.Add(download.LinkTTL)) || !strings.Contains(link.URL, "/files/"+key) {
		t.Fatalf("link %+v", link)
	}
	u, err := url.Parse(link.URL)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	adapters.Disk.Handler().ServeHTTP(w, httptest.NewRequest("GET", u.RequestURI(), nil))
	if w.Code != 200 || w.Body.String() != "PK.." || !strings.Contains(w.Header().Get("Content-Disposition"), "DietType_SRP01.xlsx") {
		t.Fatalf("download: %d %v %q", w.Code, w.Header(), w.Body)
	}
	// The store signs the link for LinkTTL (its own clock).
	exp, err := strconv.ParseInt(u.Query().Get("exp"), 10, 64)
	if d := time.Until(time.Unix(exp, 0)); err != nil || d < download.LinkTTL-time.Minute || d > download.LinkTTL {
		t.Fatalf("link valid for %v (%v), want %v", d, err, download.LinkTTL)
	}
}
