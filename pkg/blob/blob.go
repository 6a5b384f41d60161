// Package blob stores files: uploads waiting for import, failed-row workbooks, reports and
// meal cards. S3 in AWS (package s3blob), a folder on disk locally; both hand out
// short-lived signed links. CheckKey, CheckTTL and DownloadName are the rules every store
// applies.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"samrap/pkg/errs"
)

// ErrNotFound is returned by Get when no object has the key.
var ErrNotFound = errors.New("blob: not found")

// ErrUnavailable wraps a store's failure to be reached at all (S3 or its emulator down, the
// network failing, a 5xx through every retry: awsenv.Unreachable): nothing was stored, and
// the same request can be sent again later. The API answers it 503 UNAVAILABLE
// "files.unavailable"; db.Lost does not take the broken connection under it for the
// database's.
var ErrUnavailable = errs.New(errs.Unavailable, "files.unavailable")

// ErrInvalidKey is returned for a key that is not a clean relative slash-separated path.
var ErrInvalidKey = errors.New("blob: invalid key")

// Store keeps objects by key. Keys are slash-separated relative paths such as
// "uploads/SRP01/DietType/อาหาร list.xlsx"; both stores refuse the same bad keys, so code
// that works locally works against S3.
type Store interface {
	Put(ctx context.Context, key string, body io.Reader, contentType string) error
	Get(ctx context.Context, key string) (io.ReadCloser, error) // ErrNotFound when missing
	Delete(ctx context.Context, key string) error               // no error when missing
	// SignedURL returns a link that downloads the object, named downloadName, until ttl
	// has passed. An empty downloadName is the last element of the key.
	SignedURL(ctx context.Context, key, downloadName string, ttl time.Duration) (string, error)
}

// MaxKeyLen is the longest key, in bytes (the limit of S3).
const MaxKeyLen = 1024

// CheckKey refuses keys that are not clean relative paths: empty, absolute, with "." or
// ".." elements, empty elements, a trailing slash, backslashes or control characters.
func CheckKey(key string) error {
	if len(key) > MaxKeyLen || !utf8.ValidString(key) || !fs.ValidPath(key) || key == "." ||
		strings.ContainsRune(key, '\\') || strings.ContainsFunc(key, unicode.IsControl) {
		return fmt.Errorf("%q: %w", key, ErrInvalidKey)
	}
	return nil
}

// CheckTTL refuses a link that would be born expired.
func CheckTTL(ttl time.Duration) error {
	if ttl <= 0 {
		return fmt.Errorf("ttl %s: must be positive", ttl)
	}
	return nil
}

// ContentDisposition returns an attachment header value for name that every browser reads:
// an ASCII fallback in filename and the exact UTF-8 name (Thai included) in filename*
// (RFC 6266, RFC 8187).
func ContentDisposition(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	if name == "" {
		return "attachment"
	}

	var ascii, ext strings.Builder
	for _, r := range name {
		switch {
		case r == '"' || r == '\\' || r > unicode.MaxASCII:
			ascii.WriteByte('_')
		default:
			ascii.WriteRune(r)
		}
	}
	for _, b := range []byte(name) {
		if isAttrChar(b) {
			ext.WriteByte(b)
		} else {
			fmt.Fprintf(&ext, "%%%02X", b)
		}
	}
	return `attachment; filename="` + ascii.String() + `"; filename*=UTF-8''` + ext.String()
}

// isAttrChar reports whether b may stand unencoded in an RFC 8187 value.
func isAttrChar(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", b) >= 0
}

// DownloadName is the name a link gives the file: name, or the key's last element.
func DownloadName(key, name string) string {
	if name != "" {
		return name
	}
	return path.Base(key)
}
