package s3blob_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"samrap/pkg/blob"
	"samrap/pkg/blob/blobtest"
	"samrap/pkg/blob/s3blob"
)

const region = "ap-southeast-1"

// lambdaAWS is the configuration a Lambda gets (awsenv.ForLambda): keys with a session
// token, and endpoint when it is not "" (an emulator).
func lambdaAWS(endpoint string) aws.Config {
	cfg := aws.Config{Region: region, Credentials: credentials.NewStaticCredentialsProvider(exampleKey, exampleSecret, "session-token")}
	if endpoint != "" {
		cfg.BaseEndpoint = aws.String(endpoint)
	}
	return cfg
}

func newStore(t *testing.T, cfg aws.Config, endpointSet bool, bucket string) *s3blob.Store {
	t.Helper()
	c, err := s3blob.NewClient(cfg, endpointSet)
	if err != nil {
		t.Fatal(err)
	}
	return s3blob.New(c, bucket)
}

// fakeS3 is an S3 of one bucket that checks every signature (moto_server does not) and
// answers as S3 does.
type fakeS3 struct {
	t       *testing.T
	bucket  string
	mu      sync.Mutex
	objects map[string][]byte
	types   map[string]string
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fail := func(status int, code, msg string) {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n<Error><Code>"+code+"</Code><Message>"+msg+"</Message><RequestId>r-1</RequestId></Error>")
	}
	if r.URL.Query().Has("X-Amz-Signature") {
		if msg := checkPresigned("http://"+r.Host+r.RequestURI, exampleSecret, region); msg != "" {
			f.t.Errorf("presigned %s: %s", r.RequestURI, msg)
			fail(http.StatusForbidden, "SignatureDoesNotMatch", "the signature does not match")
			return
		}
		if r.URL.Query().Get("X-Amz-Security-Token") != "session-token" {
			f.t.Errorf("presigned %s: no session token", r.RequestURI)
		}
	} else {
		if msg := checkHeaderAuth(r, exampleSecret, region); msg != "" {
			f.t.Errorf("%s %s: %s", r.Method, r.RequestURI, msg)
			fail(http.StatusForbidden, "SignatureDoesNotMatch", "the signature does not match")
			return
		}
		if r.Header.Get("X-Amz-Security-Token") != "session-token" || !strings.Contains(r.Header.Get("Authorization"), "x-amz-security-token") {
			f.t.Errorf("%s %s: the session token is not sent signed", r.Method, r.RequestURI)
		}
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if bucket != f.bucket {
		fail(http.StatusNotFound, "NoSuchBucket", "The specified bucket does not exist")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.Method {
	case http.MethodPut:
		body, _ := io.ReadAll(r.Body)
		sum := sha256.Sum256(body)
		if got := r.Header.Get("X-Amz-Content-Sha256"); got != hex.EncodeToString(sum[:]) {
			fail(http.StatusBadRequest, "XAmzContentSHA256Mismatch", "hash "+got)
			return
		}
		f.objects[key], f.types[key] = body, r.Header.Get("Content-Type")
	case http.MethodGet:
		b, ok := f.objects[key]
		if !ok {
			fail(http.StatusNotFound, "NoSuchKey", "The specified key does not exist.")
			return
		}
		if cd := r.URL.Query().Get("response-content-disposition"); cd != "" {
			w.Header().Set("Content-Disposition", cd)
		}
		w.Header().Set("Content-Type", f.types[key])
		_, _ = w.Write(b)
	case http.MethodDelete:
		delete(f.objects, key)
		w.WriteHeader(http.StatusNoContent)
	default:
		fail(http.StatusMethodNotAllowed, "MethodNotAllowed", r.Method)
	}
}

// Every request is signed as S3 checks it, whatever the key holds (Thai, spaces and the
// characters URLs treat specially), with the Lambda's session token; the store passes the
// behaviour table against an S3 that checks signatures.
func TestSignedRequests(t *testing.T) {
	t.Parallel()
	fake := &fakeS3{t: t, bucket: "samrap-files", objects: map[string][]byte{}, types: map[string]string{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s := newStore(t, lambdaAWS(srv.URL), true, "samrap-files")

	ctx := t.Context()
	key := "uploads/SRP01/DietType/อาหาร list (1)+2 $&=@,;:'!*~%.xlsx"
	if err := s.Put(ctx, key, strings.NewReader("PK workbook"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"); err != nil {
		t.Fatal(err)
	}
	if got := string(fake.objects[key]); got != "PK workbook" || fake.types[key] != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("stored %q as %q under %v", got, fake.types[key], fake.objects)
	}
	rc, err := s.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "PK workbook" {
		t.Fatalf("get: %q", b)
	}
	link, err := s.SignedURL(ctx, key, "อาหาร.xlsx", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	if u.Query().Get("X-Amz-Expires") != "300" || !strings.HasPrefix(link, srv.URL+"/samrap-files/uploads/SRP01/DietType/") {
		t.Errorf("link %s", link)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(b) != "PK workbook" || resp.Header.Get("Content-Disposition") != blob.ContentDisposition("อาหาร.xlsx") {
		t.Fatalf("link: %d %q %q", resp.StatusCode, b, resp.Header.Get("Content-Disposition"))
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if len(fake.objects) != 0 {
		t.Fatalf("after delete: %v", fake.objects)
	}

	// the behaviour table, its links' download names answered as S3 answers them
	blobtest.TestStore(t, s, blobtest.FromResponse)
}

// Addressing: in AWS an object is https://<bucket>.s3.<region>.amazonaws.com/<key>, as the
// SDK addresses it (path-style for a bucket with dots, which S3's certificate does not
// cover); against an emulator http://host:port/<bucket>/<key>.
func TestAddressing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		endpoint, bucket, region, want string
	}{
		{"", "samrap-prod-files", region, "https://samrap-prod-files.s3.ap-southeast-1.amazonaws.com/reports/SRP01/a%20b.pdf?"},
		{"", "samrap.files", region, "https://s3.ap-southeast-1.amazonaws.com/samrap.files/reports/SRP01/a%20b.pdf?"},
		{"", "samrap-files", "cn-north-1", "https://samrap-files.s3.cn-north-1.amazonaws.com.cn/reports/SRP01/a%20b.pdf?"},
		{"http://127.0.0.1:5000/", "samrap-local-files", region, "http://127.0.0.1:5000/samrap-local-files/reports/SRP01/a%20b.pdf?"},
	} {
		cfg := lambdaAWS(c.endpoint)
		cfg.Region = c.region
		link, err := newStore(t, cfg, c.endpoint != "", c.bucket).SignedURL(t.Context(), "reports/SRP01/a b.pdf", "", time.Minute)
		if err != nil || !strings.HasPrefix(link, c.want) {
			t.Errorf("%s %s: %s (%v), want %s…", c.endpoint, c.bucket, link, err, c.want)
		}
		if c.region == region {
			if msg := checkPresigned(link, exampleSecret, region); msg != "" {
				t.Errorf("%s: %s", link, msg)
			}
		}
	}
	if _, err := s3blob.NewClient(aws.Config{Credentials: lambdaAWS("").Credentials}, false); err == nil {
		t.Error("a client without a region")
	}
	if _, err := s3blob.NewClient(aws.Config{Region: region}, false); err == nil {
		t.Error("a client without credentials")
	}
}

// S3 failing (5xx) or throttling is asked again, 3 times in all, then it is
// blob.ErrUnavailable; a refusal (4xx) is asked once and is not; a missing bucket is not
// ErrNotFound; the error says S3's code and message and never the credentials; a caller
// that gave up gets its context's error.
func TestErrors(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		mu.Lock()
		calls[key]++
		n := calls[key]
		mu.Unlock()
		status, code := map[string]int{"failing": 500, "throttled": 503, "denied": 403, "nobucket": 404, "slow": 200, "flaky": 500}[key], ""
		switch key {
		case "throttled":
			code = "SlowDown"
		case "denied":
			code = "AccessDenied"
		case "nobucket":
			code = "NoSuchBucket"
		case "slow":
			time.Sleep(time.Second)
		case "flaky":
			if n == 3 {
				status = 200
			}
		}
		if status == 200 {
			_, _ = io.WriteString(w, "ok")
			return
		}
		w.WriteHeader(status)
		if code != "" {
			_, _ = io.WriteString(w, "<Error><Code>"+code+"</Code><Message>it &amp; you</Message></Error>")
		}
	}))
	defer srv.Close()
	s := newStore(t, lambdaAWS(srv.URL), true, "b")
	ctx := t.Context()

	for _, c := range []struct {
		key         string
		calls       int
		unavailable bool
		says        string
	}{
		{"failing", 3, true, "s3: 500 Internal Server Error"},
		{"throttled", 3, true, "s3: 503 Service Unavailable: SlowDown: it & you"},
		{"denied", 1, false, "s3: 403 Forbidden: AccessDenied: it & you"},
		{"nobucket", 1, false, "s3: 404 Not Found: NoSuchBucket: it & you"},
	} {
		err := s.Put(ctx, "reports/"+c.key, strings.NewReader("x"), "")
		if errors.Is(err, blob.ErrUnavailable) != c.unavailable || err == nil || !strings.Contains(err.Error(), c.says) || calls[c.key] != c.calls {
			t.Errorf("put %s: %v after %d calls; want unavailable %v, %q, %d calls", c.key, err, calls[c.key], c.unavailable, c.says, c.calls)
		}
		if err != nil && (strings.Contains(err.Error(), exampleSecret) || strings.Contains(err.Error(), "session-token")) {
			t.Errorf("put %s: the error holds the credentials: %v", c.key, err)
		}
	}
	if _, err := s.Get(ctx, "reports/nobucket"); err == nil || errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("get from a missing bucket: %v", err)
	}
	if err := s.Delete(ctx, "reports/flaky"); err != nil || calls["flaky"] != 3 {
		t.Errorf("delete after two failures: %v after %d calls", err, calls["flaky"])
	}
	short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := s.Get(short, "reports/slow"); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, blob.ErrUnavailable) {
		t.Errorf("get after the caller gave up: %v, want its deadline and not ErrUnavailable", err)
	}
}
