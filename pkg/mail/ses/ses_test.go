package ses_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"samrap/pkg/awstest"
	samrapmail "samrap/pkg/mail"
	"samrap/pkg/mail/ses"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// motoMessages reads the messages moto_server's SES kept.
func motoMessages(t *testing.T, endpoint string) []map[string]any {
	t.Helper()
	resp, err := http.Get(endpoint + "/moto-api/data.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var data struct {
		SES struct {
			Message []map[string]any `json:"Message"`
		} `json:"ses"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&data); err != nil {
		t.Fatal(err)
	}
	return data.SES.Message
}

func TestSES(t *testing.T) {
	endpoint := moto.Endpoint(t)
	cfg := awstest.Config(t, endpoint)
	client := sesv2.NewFromConfig(cfg) // the test's own: it verifies the sender
	from := awstest.Name("noreply") + "@samrap.local"

	m := samrapmail.Message{To: "controller@samrap.local", Subject: "รหัสยืนยัน " + from, Text: "รหัส 123456", HTML: "<p>รหัส <b>123456</b></p>"}
	s, err := ses.New(cfg, "สำรับ <"+from+">")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), m); err == nil {
		t.Fatal("SES sent from an unverified address")
	}

	if _, err := client.CreateEmailIdentity(t.Context(), &sesv2.CreateEmailIdentityInput{EmailIdentity: aws.String(from)}); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), m); err != nil {
		t.Fatal(err)
	}

	var found []map[string]any
	for _, msg := range motoMessages(t, endpoint) {
		if msg["subject"] == m.Subject {
			found = append(found, msg)
		}
	}
	if len(found) != 1 {
		t.Fatalf("moto kept %d messages with the subject, want 1", len(found))
	}
	got := found[0]
	dest, _ := got["destinations"].(map[string]any)
	to, _ := dest["ToAddresses"].([]any)
	// moto keeps the HTML body when there is one.
	source, _ := got["source"].(string)
	if !strings.HasSuffix(source, "<"+from+">") || !strings.HasPrefix(source, "=?utf-8?") || len(to) != 1 || to[0] != m.To || got["body"] != m.HTML {
		t.Fatalf("moto kept %v", got)
	}

	if err := s.Send(t.Context(), samrapmail.Message{To: "x", Subject: "s", Text: "t"}); err == nil {
		t.Fatal("SES sent to a bad address")
	}
	if _, err := ses.New(cfg, "not an address"); err == nil {
		t.Fatal("NewSES accepted a bad From")
	}
}

// A refused message answers an error naming SES's reason, never the credentials.
func TestSESRefusedSender(t *testing.T) {
	endpoint := moto.Endpoint(t)
	cfg := awstest.Config(t, endpoint)
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	from := awstest.Name("unverified") + "@samrap.local"
	s, err := ses.New(cfg, "สำรับ <"+from+">")
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(t.Context(), samrapmail.Message{To: "controller@samrap.local", Subject: "s", Text: "t"})
	var e *ses.Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Type != "MessageRejected" || !strings.Contains(e.Message, "not verified") {
		t.Fatalf("err %v (%#v), want 400 MessageRejected, not verified", err, e)
	}
	for _, want := range []string{"400", "MessageRejected", "not verified", from} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), creds.SecretAccessKey) {
		t.Errorf("error %q holds the secret key", err)
	}
}
