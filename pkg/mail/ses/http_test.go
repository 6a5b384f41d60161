package ses_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"samrap/pkg/awsenv"
	samrapmail "samrap/pkg/mail"
	"samrap/pkg/mail/ses"
)

// lambdaAWS is the aws.Config the wire builds in Lambda, pointed at endpoint when set.
func lambdaAWS(t *testing.T, endpoint string) aws.Config {
	t.Helper()
	env := map[string]string{"AWS_REGION": "ap-southeast-1", "AWS_ACCESS_KEY_ID": "ASIAEXAMPLE",
		"AWS_SECRET_ACCESS_KEY": "very-secret", "AWS_SESSION_TOKEN": "session-token", "AWS_ENDPOINT_URL": endpoint}
	cfg, err := awsenv.ForLambda(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestEndpoint(t *testing.T) {
	s, err := ses.New(lambdaAWS(t, ""), "no-reply@samrap.local")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ses.URL(s), "https://email.ap-southeast-1.amazonaws.com/v2/email/outbound-emails"; got != want {
		t.Errorf("in AWS: %s, want %s", got, want)
	}
	s, err = ses.New(lambdaAWS(t, "http://127.0.0.1:5077/"), "no-reply@samrap.local")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ses.URL(s), "http://127.0.0.1:5077/v2/email/outbound-emails"; got != want {
		t.Errorf("against an emulator: %s, want %s", got, want)
	}
	if _, err := ses.New(aws.Config{Region: "ap-southeast-1"}, "no-reply@samrap.local"); err == nil {
		t.Error("New accepted a config without credentials")
	}
}

// The request is SendEmail's, signed with SigV4 for the service "ses" with the config's
// credentials and region.
func TestSendRequest(t *testing.T) {
	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, body = r, nil
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"MessageId":"m-1"}`)
	}))
	defer srv.Close()

	cfg := lambdaAWS(t, srv.URL)
	s, err := ses.New(cfg, "สำรับ <no-reply@samrap.local>")
	if err != nil {
		t.Fatal(err)
	}
	m := samrapmail.Message{To: "controller@samrap.local", Subject: "คำเชิญ", Text: "สวัสดี", HTML: "<p>สวัสดี</p>"}
	if err := s.Send(t.Context(), m); err != nil {
		t.Fatal(err)
	}
	if got.Method != http.MethodPost || got.URL.Path != "/v2/email/outbound-emails" || got.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("%s %s (%s)", got.Method, got.URL.Path, got.Header.Get("Content-Type"))
	}

	var in struct {
		FromEmailAddress string
		Destination      struct{ ToAddresses []string }
		Content          struct {
			Simple struct {
				Subject struct{ Data, Charset string }
				Body    struct {
					Text, Html struct{ Data, Charset string }
				}
			}
		}
	}
	if err := json.Unmarshal(body, &in); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	sm := in.Content.Simple
	if in.FromEmailAddress != "=?utf-8?q?=E0=B8=AA=E0=B8=B3=E0=B8=A3=E0=B8=B1=E0=B8=9A?= <no-reply@samrap.local>" ||
		len(in.Destination.ToAddresses) != 1 || in.Destination.ToAddresses[0] != m.To ||
		sm.Subject.Data != m.Subject || sm.Body.Text.Data != m.Text || sm.Body.Html.Data != m.HTML ||
		sm.Subject.Charset != "UTF-8" || sm.Body.Text.Charset != "UTF-8" || sm.Body.Html.Charset != "UTF-8" {
		t.Fatalf("body %s", body)
	}

	// The signature: sign the same request again at the same time and compare.
	auth := got.Header.Get("Authorization")
	date := got.Header.Get("X-Amz-Date")
	if !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 Credential=ASIAEXAMPLE/"+date[:8]+"/ap-southeast-1/ses/aws4_request,") ||
		got.Header.Get("X-Amz-Security-Token") != "session-token" {
		t.Fatalf("Authorization %q, token %q", auth, got.Header.Get("X-Amz-Security-Token"))
	}
	at, err := time.Parse("20060102T150405Z", date)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := http.NewRequest(http.MethodPost, srv.URL+got.URL.Path, bytes.NewReader(body))
	_, signed, _ := strings.Cut(auth, "SignedHeaders=")
	signed, _, _ = strings.Cut(signed, ",")
	for h := range strings.SplitSeq(signed, ";") {
		if h != "host" && h != "content-length" {
			again.Header.Set(h, got.Header.Get(h))
		}
	}
	creds, _ := cfg.Credentials.Retrieve(t.Context())
	if err := v4.NewSigner().SignHTTP(t.Context(), creds, again, hashOf(body), "ses", "ap-southeast-1", at); err != nil {
		t.Fatal(err)
	}
	if want := again.Header.Get("Authorization"); auth != want {
		t.Fatalf("Authorization\n%s\nwant\n%s", auth, want)
	}
	if !strings.Contains(signed, "x-amz-security-token") || !strings.Contains(signed, "host") {
		t.Errorf("signed headers %s", signed)
	}
}

// SES's throttling and failures are asked again (3 times in all); a refusal is not; an
// answer that is not SES's JSON gives the status alone.
func TestSendErrors(t *testing.T) {
	var calls atomic.Int32
	answers := func(codes ...int) *httptest.Server {
		calls.Store(0)
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := int(calls.Add(1))
			code := codes[min(n, len(codes))-1]
			switch {
			case code == http.StatusOK:
				_, _ = io.WriteString(w, `{"MessageId":"m-1"}`)
			case code == http.StatusBadGateway:
				w.WriteHeader(code)
				_, _ = io.WriteString(w, "<html>bad gateway</html>")
			case code == http.StatusBadRequest:
				w.Header().Set("X-Amzn-ErrorType", "BadRequestException:http://internal.amazon.com/coral/com.amazonaws.sesv2/")
				w.WriteHeader(code)
				_, _ = io.WriteString(w, `{"message":"Missing required field"}`)
			default:
				w.Header().Set("X-Amzn-ErrorType", "TooManyRequestsException:http://internal.amazon.com/coral/com.amazonaws.sesv2/")
				w.WriteHeader(code)
				_, _ = io.WriteString(w, `{"message":"Maximum sending rate exceeded."}`)
			}
		}))
	}
	m := samrapmail.Message{To: "controller@samrap.local", Subject: "s", Text: "t"}
	send := func(srv *httptest.Server) error {
		defer srv.Close()
		s, err := ses.New(lambdaAWS(t, srv.URL), "no-reply@samrap.local")
		if err != nil {
			t.Fatal(err)
		}
		return s.Send(t.Context(), m)
	}

	if err := send(answers(429, 503, 200)); err != nil || calls.Load() != 3 {
		t.Errorf("throttled twice then sent: %v after %d calls", err, calls.Load())
	}
	err := send(answers(429))
	var e *ses.Error
	if !errors.As(err, &e) || e.Status != 429 || e.Type != "TooManyRequestsException" || e.Message != "Maximum sending rate exceeded." || calls.Load() != 3 {
		t.Errorf("throttled: %v (%#v) after %d calls", err, e, calls.Load())
	}
	if strings.Contains(err.Error(), "very-secret") || strings.Contains(err.Error(), "session-token") {
		t.Errorf("error %q holds the credentials", err)
	}
	if err := send(answers(400)); !errors.As(err, &e) || e.Status != 400 || e.Type != "BadRequestException" || calls.Load() != 1 {
		t.Errorf("refused: %v after %d calls, want 1 call", err, calls.Load())
	}
	if err := send(answers(502)); !errors.As(err, &e) || e.Status != 502 || e.Type != "" || e.Message != "" || !strings.Contains(err.Error(), "502 Bad Gateway") {
		t.Errorf("not SES's JSON: %v (%#v)", err, e)
	}

	// The context ends a call that gets no answer.
	release := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
	}))
	defer hang.Close()
	defer close(release)
	s, err := ses.New(lambdaAWS(t, hang.URL), "no-reply@samrap.local")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	if err := s.Send(ctx, m); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("no answer: %v", err)
	}
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
