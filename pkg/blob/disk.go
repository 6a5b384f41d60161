package blob

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// DiskPath is where the local server mounts (*Disk).Handler: signed links are
// baseURL + DiskPath + key.
const DiskPath = "/files/"

// PutHook is told about an object Put has stored; it stands in for S3 event notifications.
type PutHook func(ctx context.Context, key string, size int64) error

// Disk keeps objects in a folder: the bytes under root/objects/<key>, the content type
// under root/meta/<key>. A Put writes a temporary file and renames it into place, so a
// reader never sees half an object. Signed links are HMAC-SHA256 signed and served by
// Handler.
type Disk struct {
	dir     string
	secret  []byte
	baseURL string
	hooks   []prefixHook
	now     func() time.Time
}

type prefixHook struct {
	prefix string
	fn     PutHook
}

// NewDisk returns a Disk keeping files under root (created if missing). secret signs the
// links (at least 16 bytes); baseURL is the server's address as browsers reach it, e.g.
// "http://localhost:8080".
func NewDisk(root string, secret []byte, baseURL string) (*Disk, error) {
	if len(secret) < 16 {
		return nil, errors.New("blob.newDisk: secret must be at least 16 bytes")
	}
	if root == "" {
		return nil, errors.New("blob.newDisk: root is required")
	}
	for _, sub := range []string{"objects", "meta", "tmp"} {
		if err := os.MkdirAll(path.Join(root, sub), 0o755); err != nil {
			return nil, fmt.Errorf("blob.newDisk: %w", err)
		}
	}
	return &Disk{
		dir:     root,
		secret:  append([]byte(nil), secret...),
		baseURL: strings.TrimSuffix(baseURL, "/"),
		now:     time.Now,
	}, nil
}

// OnPut calls fn after each Put of a key starting with prefix, the way an S3 bucket
// notification filtered on a prefix would. Call it while wiring, before the first Put.
// An error of fn is returned by Put (the object stays stored).
func (d *Disk) OnPut(prefix string, fn PutHook) {
	d.hooks = append(d.hooks, prefixHook{prefix: prefix, fn: fn})
}

// Put stores body under key.
func (d *Disk) Put(ctx context.Context, key string, body io.Reader, contentType string) error {
	if err := CheckKey(key); err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	defer root.Close()

	size, err := writeFile(root, "objects/"+key, body)
	if err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	if _, err := writeFile(root, "meta/"+key, strings.NewReader(contentType)); err != nil {
		return fmt.Errorf("blob.put: content type: %w", err)
	}

	for _, h := range d.hooks {
		if strings.HasPrefix(key, h.prefix) {
			if err := h.fn(ctx, key, size); err != nil {
				return fmt.Errorf("blob.put: notify: %w", err)
			}
		}
	}
	return nil
}

// writeFile copies r into a temporary file and renames it to name.
func writeFile(root *os.Root, name string, r io.Reader) (int64, error) {
	rnd := make([]byte, 8)
	_, _ = rand.Read(rnd)
	tmp := "tmp/" + hex.EncodeToString(rnd)

	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if errors.Is(err, fs.ErrNotExist) { // its folder is new (the folders are made only then: a walk of the path)
		if err = root.MkdirAll(path.Dir(name), 0o755); err == nil {
			err = root.Rename(tmp, name)
		}
	}
	if err != nil {
		_ = root.Remove(tmp)
		return 0, err
	}
	return n, nil
}

// Get opens the object stored under key.
func (d *Disk) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	f, _, err := d.open(key)
	if err != nil {
		return nil, fmt.Errorf("blob.get: %w", err)
	}
	return f, nil
}

// open returns the object's file and its content type.
func (d *Disk) open(key string) (*os.File, string, error) {
	if err := CheckKey(key); err != nil {
		return nil, "", err
	}
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return nil, "", err
	}
	defer root.Close()

	f, err := root.Open("objects/" + key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("%q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, "", err
	}
	if st, err := f.Stat(); err != nil || st.IsDir() { // "uploads" when "uploads/a" exists
		f.Close()
		return nil, "", fmt.Errorf("%q: %w", key, ErrNotFound)
	}
	ct, err := root.ReadFile("meta/" + key)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		f.Close()
		return nil, "", err
	}
	return f, string(ct), nil
}

// Delete removes the object; a missing object is no error.
func (d *Disk) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return fmt.Errorf("blob.delete: %w", err)
	}
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return fmt.Errorf("blob.delete: %w", err)
	}
	defer root.Close()

	for _, name := range []string{"objects/" + key, "meta/" + key} {
		st, err := root.Stat(name)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && st.IsDir()) {
			continue
		}
		if err == nil {
			err = root.Remove(name)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("blob.delete: %w", err)
		}
	}
	return nil
}

// SignedURL returns baseURL/files/<key>?exp=<unix>&name=<downloadName>&sig=<hex>, valid
// for ttl.
func (d *Disk) SignedURL(ctx context.Context, key, name string, ttl time.Duration) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	if err := CheckTTL(ttl); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	name = DownloadName(key, name)
	exp := strconv.FormatInt(d.now().Add(ttl).Unix(), 10)

	q := url.Values{"exp": {exp}, "name": {name}, "sig": {d.sign(key, exp, name)}}
	return d.baseURL + DiskPath + escapeKey(key) + "?" + q.Encode(), nil
}

func (d *Disk) sign(key, exp, name string) string {
	m := hmac.New(sha256.New, d.secret)
	m.Write([]byte(key + "\n" + exp + "\n" + name))
	return hex.EncodeToString(m.Sum(nil))
}

func escapeKey(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// Handler serves signed links; mount it at DiskPath. It answers 403 to a link whose
// signature does not match or that has expired, 404 when the object is gone.
func (d *Disk) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		key, ok := strings.CutPrefix(r.URL.Path, DiskPath)
		q := r.URL.Query()
		exp, name, sig := q.Get("exp"), q.Get("name"), q.Get("sig")
		if !ok || !d.valid(key, exp, name, sig) {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}

		f, ct, err := d.open(key)
		if errors.Is(err, ErrNotFound) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		defer f.Close()

		st, err := f.Stat()
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		h := w.Header()
		h.Set("Content-Type", ct)
		h.Set("Content-Disposition", ContentDisposition(name))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "private, no-store")
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
}

// valid checks the signature and the expiry of a link.
func (d *Disk) valid(key, exp, name, sig string) bool {
	if CheckKey(key) != nil {
		return false
	}
	want := d.sign(key, exp, name)
	if !hmac.Equal([]byte(sig), []byte(want)) {
		return false
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	return err == nil && d.now().Unix() < unix
}
