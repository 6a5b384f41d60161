// Package download hands out the files the server makes (reports, exports, templates): each
// is stored in the files bucket and answered as a signed link that expires in minutes, so
// that no download is capped by Lambda's 6 MB response limit (docs/api.md, "Downloads").
// Locally the disk stand-in serves the link (/files/...).
package download

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"time"

	"samrap/pkg/blob"
	"samrap/pkg/httpx"
)

// LinkTTL is the life of a download's signed link.
const LinkTTL = 5 * time.Minute

// ExportPrefix is the files bucket's prefix of exports and templates
// (exports/<branch>/<kind>/<random>/<name>; infra/lib/platform.ts FILES_PREFIXES).
const ExportPrefix = "exports/"

// Link is a download's answer: the signed link and the name the file downloads under.
type Link struct {
	URL       string    `json:"url,omitempty"`
	FileName  string    `json:"fileName"`
	ExpiresAt time.Time `json:"expiresAt,omitzero"`
}

// Key is where a file is stored: <dir>/<random>/<name>. dir names its prefix, branch and
// kind (reports/<branch>/<date>/<kind>, exports/<branch>/<kind>); the random element makes
// each file's key its own.
func Key(dir, name string) string {
	var id [12]byte
	_, _ = rand.Read(id[:])
	return dir + "/" + hex.EncodeToString(id[:]) + "/" + name
}

// Files is where an area's downloads go: the files bucket (the Env's Files) and the clock
// their links expire by (the Env's Now).
type Files struct {
	Bucket blob.Store
	Now    func() time.Time
}

// Store puts body in the files bucket under key and answers the link to it, downloading
// under name and valid LinkTTL.
func (f Files) Store(ctx context.Context, key, name, contentType string, body io.Reader) (Link, error) {
	if err := f.Bucket.Put(ctx, key, body, contentType); err != nil {
		return Link{}, fmt.Errorf("download: store %s: %w", key, err)
	}
	url, err := f.Bucket.SignedURL(ctx, key, name, LinkTTL)
	if err != nil {
		return Link{}, fmt.Errorf("download: link %s: %w", key, err)
	}
	return Link{URL: url, FileName: name, ExpiresAt: f.Now().Add(LinkTTL)}, nil
}

// Send answers an export or a template: the file in buf (of contentType) is stored under
// exports/<branch>/<kind>/<random>/<name> and the answer is 200 with its Link. A caller
// with nothing to export answers httpx.NoContent (204) instead.
func (f Files) Send(w http.ResponseWriter, r *http.Request, kind, name, contentType string, buf *bytes.Buffer) error {
	branch := httpx.Branch(r)
	if branch == "" {
		branch = "none"
	}
	link, err := f.Store(r.Context(), Key(ExportPrefix+branch+"/"+kind, name), name, contentType, buf)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, link)
}

// ReportPrefix is the files bucket's prefix of reports: the printouts and result workbooks of
// pkg/reports, pkg/surveys and pkg/performance (infra/lib/platform.ts FILES_PREFIXES).
const ReportPrefix = "reports/"

// ReportKey is where a report is stored: reports/<branch>/<date>/<kind>/<random>/<name>.
func ReportKey(branch, date, kind, name string) string {
	return Key(ReportPrefix+branch+"/"+date+"/"+kind, name)
}
