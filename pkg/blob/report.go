package blob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"time"
)

// Reports are files made for one download (pkg/reports' printouts, pkg/surveys' export):
// stored in the files bucket under reports/<branch>/<date>/<kind>/<random>/<name> and
// answered as a signed link that expires in minutes.

// ReportLinkTTL is the life of a report's signed link.
const ReportLinkTTL = 5 * time.Minute

// ReportPrefix is the files bucket's prefix of reports (infra/lib/platform.ts FILES_PREFIXES).
const ReportPrefix = "reports/"

// ReportKey is where a report is stored: reports/<branch>/<date>/<kind>/<random>/<name>.
func ReportKey(branch, date, kind, name string) string {
	var id [12]byte
	_, _ = rand.Read(id[:])
	return ReportPrefix + branch + "/" + date + "/" + kind + "/" + hex.EncodeToString(id[:]) + "/" + name
}

// PutReport stores body as a report and answers its signed link, named name, and when the
// link expires (now + ReportLinkTTL).
func PutReport(ctx context.Context, s Store, now time.Time, branch, date, kind, name, contentType string, body io.Reader) (string, time.Time, error) {
	key := ReportKey(branch, date, kind, name)
	if err := s.Put(ctx, key, body, contentType); err != nil {
		return "", time.Time{}, fmt.Errorf("report: store %s: %w", key, err)
	}
	url, err := s.SignedURL(ctx, key, name, ReportLinkTTL)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("report: link %s: %w", key, err)
	}
	return url, now.Add(ReportLinkTTL), nil
}
