// Package s3blob is the blob.Store of AWS: one S3 bucket, presigned GET links. It speaks S3's
// REST API itself (PUT, GET and DELETE of an object, each signed with the SDK's SigV4 signer,
// and a presigned GET) instead of linking the SDK's S3 client, whose package (with its
// endpoint rules, checksums and serializers for a hundred operations) was about 0.4 MiB of
// each gzipped bootstrap that stores files (1.3 MiB raw) and ~900 allocations of its package
// init, for four calls (issue 28, docs/benchmarks.md). A function imports it (through Wire in its main) only when
// its catalogue entry uses files or uploads (ARCHITECTURE.md §10).
package s3blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"samrap/pkg/awsenv"
	"samrap/pkg/blob"
	"samrap/pkg/platform"
)

// Wire keeps a function's uploads and generated files in their S3 buckets (UPLOADS_BUCKET,
// FILES_BUCKET). Pass it to platform.ServeHTTPLambda or ServeSQSLambda.
func Wire(env *platform.Env) error {
	c, err := awsenv.Config(env.Config)
	if err != nil {
		return fmt.Errorf("s3blob.wire: %w", err)
	}
	client, err := NewClient(c, env.Config.AWSEndpointURL != "")
	if err != nil {
		return fmt.Errorf("s3blob.wire: %w", err)
	}
	env.Uploads = New(client, env.Config.UploadsBucket)
	env.Files = New(client, env.Config.FilesBucket)
	return nil
}

// maxAttempts is how many times a call asks S3 when S3 did not answer or answered that it
// is failing or throttling (5xx, 429), as the SDK's standard retryer did. Every call here is
// idempotent (a PUT of the same bytes, a GET, a DELETE), so one that got no answer is asked
// again too.
const maxAttempts = 3

// Client signs and sends S3 requests with one configuration's credentials and region.
type Client struct {
	endpoint  *url.URL // scheme and host: an emulator's, or nil for AWS
	pathStyle bool
	region    string
	creds     aws.CredentialsProvider
	signer    *v4.Signer
	http      aws.HTTPClient
	backoff   time.Duration
}

// NewClient returns a client that signs with the credentials and region of cfg. endpointSet
// says that cfg points at an emulator (cfg.BaseEndpoint), which needs path-style addressing
// (http://host:port/bucket/key): bucket-named host names do not resolve there. In AWS an
// object's URL is https://<bucket>.s3.<region>.amazonaws.com/<key>, as the SDK builds it. It
// does no network I/O.
func NewClient(cfg aws.Config, endpointSet bool) (*Client, error) {
	if cfg.Region == "" {
		return nil, errors.New("s3blob.newClient: no region")
	}
	if cfg.Credentials == nil {
		return nil, errors.New("s3blob.newClient: no credentials")
	}
	c := &Client{region: cfg.Region, pathStyle: endpointSet, signer: v4.NewSigner(func(o *v4.SignerOptions) {
		o.DisableURIPathEscaping = true // S3 signs the path as sent, escaped once
	}), backoff: 100 * time.Millisecond}
	if e := aws.ToString(cfg.BaseEndpoint); e != "" && endpointSet {
		u, err := url.Parse(strings.TrimRight(e, "/"))
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("s3blob.newClient: endpoint %q is not an http(s) URL", e)
		}
		c.endpoint = u
	}
	c.creds = cfg.Credentials
	if _, ok := c.creds.(*aws.CredentialsCache); !ok {
		c.creds = aws.NewCredentialsCache(c.creds) // as the SDK's clients do: refreshed before expiry
	}
	c.http = cfg.HTTPClient // the SDK loader's, in tests and functions/local
	if c.http == nil {
		c.http = &http.Client{} // no overall timeout: a Get's body is read after the answer, as with the SDK
	}
	return c, nil
}

// Store keeps objects in one bucket. Build the client with NewClient.
type Store struct {
	c      *Client
	bucket string
}

var _ blob.Store = (*Store)(nil)

// New returns a store for bucket.
func New(client *Client, bucket string) *Store {
	return &Store{c: client, bucket: bucket}
}

// objectURL is the URL of key in the bucket, its path escaped as S3 signs it.
func (s *Store) objectURL(key string) *url.URL {
	u := &url.URL{Scheme: "https"}
	path := "/" + key
	switch {
	case s.c.endpoint != nil:
		u.Scheme, u.Host = s.c.endpoint.Scheme, s.c.endpoint.Host
		path = strings.TrimRight(s.c.endpoint.Path, "/") + "/" + s.bucket + "/" + key
	case s.c.pathStyle || !virtualHostable(s.bucket):
		u.Host = "s3." + s.c.region + ".amazonaws.com" + chinaSuffix(s.c.region)
		path = "/" + s.bucket + "/" + key
	default:
		u.Host = s.bucket + ".s3." + s.c.region + ".amazonaws.com" + chinaSuffix(s.c.region)
	}
	u.Path, u.RawPath = path, escapePath(path)
	return u
}

func chinaSuffix(region string) string {
	if strings.HasPrefix(region, "cn-") {
		return ".cn"
	}
	return ""
}

// virtualHostable says whether bucket can be a host name under TLS: a DNS label of 3-63
// lowercase letters, digits and hyphens (a bucket with dots does not match S3's certificate).
func virtualHostable(bucket string) bool {
	if len(bucket) < 3 || len(bucket) > 63 || bucket[0] == '-' || bucket[len(bucket)-1] == '-' {
		return false
	}
	for _, c := range []byte(bucket) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// escapePath percent-encodes every byte of p but the unreserved characters of RFC 3986 and
// the slashes, as SigV4 wants S3's canonical path.
func escapePath(p string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for _, c := range []byte(p) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

// emptyHash is the SHA-256 of no bytes, the payload hash of a GET or a DELETE.
const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

// Error is S3's refusal of a request: the HTTP status and S3's error code and message (for
// example 404 NoSuchBucket "The specified bucket does not exist").
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string {
	s := "s3: " + strconv.Itoa(e.Status) + " " + http.StatusText(e.Status)
	if e.Code != "" {
		s += ": " + e.Code
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// retryable: S3 failing or asking to slow down.
func (e *Error) retryable() bool {
	return e.Status >= 500 || e.Status == http.StatusTooManyRequests || e.Code == "SlowDown"
}

// noAnswer is a request that got no answer at all: a refused or reset connection, a timeout.
type noAnswer struct{ err error }

func (e *noAnswer) Error() string { return e.err.Error() }
func (e *noAnswer) Unwrap() error { return e.err }

// do sends one signed request for key, asking again (after 100 ms, then 200 ms) while S3
// does not answer or answers 5xx or 429, and answers the response of a 2xx. The error of a
// call that never reached S3, or only its failures, is marked blob.ErrUnavailable, unless
// ctx ended first.
func (s *Store) do(ctx context.Context, method, key string, body []byte, contentType string) (*http.Response, error) {
	hash := emptyHash
	if body != nil {
		sum := sha256.Sum256(body)
		hash = hex.EncodeToString(sum[:])
	}
	var last error
	for attempt := 1; ; attempt++ {
		resp, err := s.send(ctx, method, key, body, contentType, hash)
		if err == nil {
			return resp, nil
		}
		last = err
		var e *Error
		var lost *noAnswer
		if !errors.As(err, &lost) && !(errors.As(err, &e) && e.retryable()) {
			return nil, err // a refusal: ours to fix
		}
		if attempt == maxAttempts || ctx.Err() != nil {
			break
		}
		t := time.NewTimer(s.c.backoff << (attempt - 1))
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w (after %w)", err, last)
	}
	return nil, fmt.Errorf("%w: %w", blob.ErrUnavailable, last)
}

// send makes one signed request.
func (s *Store) send(ctx context.Context, method, key string, body []byte, contentType, hash string) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	u := s.objectURL(key)
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return nil, err
	}
	req.URL = u // keep the escaped path as signed
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("X-Amz-Content-Sha256", hash)
	creds, err := s.c.creds.Retrieve(ctx)
	if err != nil {
		return nil, fmt.Errorf("credentials: %w", err)
	}
	if err := s.c.signer.SignHTTP(ctx, creds, req, hash, "s3", s.c.region, time.Now().UTC()); err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	resp, err := s.c.http.Do(req)
	if err != nil {
		return nil, &noAnswer{err} // the URL and the cause; never the signed headers
	}
	if resp.StatusCode/100 == 2 {
		return resp, nil
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10)) // cut short: the status alone
	return nil, apiError(resp.StatusCode, answer)
}

// apiError reads S3's XML error (<Error><Code>…</Code><Message>…</Message>…</Error>); a HEAD
// or a proxy's answer may have none: the status alone.
func apiError(status int, answer []byte) *Error {
	text := func(tag string) string {
		s := string(answer)
		i := strings.Index(s, "<"+tag+">")
		if i < 0 {
			return ""
		}
		s = s[i+len(tag)+2:]
		if j := strings.Index(s, "</"+tag+">"); j >= 0 {
			return xmlText.Replace(strings.TrimSpace(s[:j]))
		}
		return ""
	}
	return &Error{Status: status, Code: text("Code"), Message: text("Message")}
}

var xmlText = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")

// drain reads what is left of a response so that its connection is used again.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}

// Put stores body under key. The body is read into memory first: S3 needs its length and
// the signature its hash before the bytes. Files here are imports and reports of a few MB.
func (s *Store) Put(ctx context.Context, key string, body io.Reader, contentType string) error {
	if err := blob.CheckKey(key); err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("blob.put: read body: %w", err)
	}
	if b == nil {
		b = []byte{}
	}
	resp, err := s.do(ctx, http.MethodPut, key, b, contentType)
	if err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	drain(resp)
	return nil
}

// Get opens the object stored under key.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := blob.CheckKey(key); err != nil {
		return nil, fmt.Errorf("blob.get: %w", err)
	}
	resp, err := s.do(ctx, http.MethodGet, key, nil, "")
	if err != nil {
		if isNotFound(err) {
			return nil, fmt.Errorf("blob.get: %q: %w", key, blob.ErrNotFound)
		}
		return nil, fmt.Errorf("blob.get: %w", err)
	}
	return resp.Body, nil
}

// isNotFound reports a missing object, not a missing bucket: that one is a
// misconfiguration and must not pass for "no such file".
func isNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound && (e.Code == "NoSuchKey" || e.Code == "NotFound")
}

// Delete removes the object; a missing object is no error.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := blob.CheckKey(key); err != nil {
		return fmt.Errorf("blob.delete: %w", err)
	}
	resp, err := s.do(ctx, http.MethodDelete, key, nil, "")
	if err != nil {
		return fmt.Errorf("blob.delete: %w", err)
	}
	drain(resp)
	return nil
}

// SignedURL returns a presigned GET that names the download through
// response-content-disposition. It does no network I/O.
func (s *Store) SignedURL(ctx context.Context, key, name string, ttl time.Duration) (string, error) {
	if err := blob.CheckKey(key); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	if err := blob.CheckTTL(ttl); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	u := s.objectURL(key)
	q := url.Values{}
	q.Set("X-Amz-Expires", strconv.FormatInt(int64((ttl+time.Second-1)/time.Second), 10))
	q.Set("response-content-disposition", blob.ContentDisposition(blob.DownloadName(key, name)))
	u.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	req.URL = u
	creds, err := s.c.creds.Retrieve(ctx)
	if err != nil {
		return "", fmt.Errorf("blob.signedURL: credentials: %w", err)
	}
	link, _, err := s.c.signer.PresignHTTP(ctx, creds, req, "UNSIGNED-PAYLOAD", "s3", s.c.region, time.Now().UTC())
	if err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	return link, nil
}
