// Package ses is the mail.Sender of AWS: Amazon SES (API v2). It calls SES's SendEmail
// over HTTP itself (POST /v2/email/outbound-emails, signed with SigV4) instead of linking
// the SDK's sesv2 client, whose package init (sesv2/schemas, its endpoint tables) cost
// about 0.5 ms of every cold start of the functions that send mail (ARCHITECTURE.md §10,
// docs/benchmarks.md). A function imports it (through Wire in its main) only when its
// catalogue entry uses mail.
package ses

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"samrap/pkg/awsenv"
	samrapmail "samrap/pkg/mail"
	"samrap/pkg/platform"
)

// Wire sends a function's e-mail through SES from MAIL_FROM, or through SMTP_HOST when one
// is configured (SMTP takes precedence). Pass it to platform.ServeHTTPLambda or
// ServeSQSLambda.
func Wire(env *platform.Env) error {
	cfg := env.Config
	if cfg.SMTP.Host != "" {
		m, err := samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: cfg.SMTP.Host, Port: cfg.SMTP.Port,
			Username: cfg.SMTP.Username, Password: cfg.SMTP.Password, From: cfg.MailFrom})
		if err != nil {
			return fmt.Errorf("ses.wire: %w", err)
		}
		env.Mail = m
		return nil
	}
	c, err := awsenv.Config(cfg)
	if err != nil {
		return fmt.Errorf("ses.wire: %w", err)
	}
	s, err := New(c, cfg.MailFrom)
	if err != nil {
		return fmt.Errorf("ses.wire: %w", err)
	}
	env.Mail = s
	return nil
}

// Timeout bounds one SendEmail call (connection, request and answer). The context of Send
// can end it sooner.
const Timeout = 10 * time.Second

// maxAttempts is how many times Send asks SES when SES answers that it is throttling or
// failing (429, 5xx), as the SDK's standard retryer would. A request that got no answer is
// not repeated: SES may have sent the mail.
const maxAttempts = 3

// Sender sends through Amazon SES (API v2).
type Sender struct {
	url     string // {endpoint}/v2/email/outbound-emails
	region  string
	creds   aws.CredentialsProvider
	signer  *v4.Signer
	client  *http.Client
	from    string
	backoff time.Duration
}

var _ samrapmail.Sender = (*Sender)(nil)

// New returns a sender that signs with the credentials and region of cfg and calls
// cfg.BaseEndpoint when it is set (an emulator), else https://email.<region>.amazonaws.com.
// from ("noreply@example.org" or "Samrap <noreply@example.org>", a Thai name too) must be
// a verified identity, or its domain one. It does no network I/O.
func New(cfg aws.Config, from string) (*Sender, error) {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail.newSES: from %q: %w", from, err)
	}
	if cfg.Region == "" {
		return nil, errors.New("mail.newSES: no region")
	}
	if cfg.Credentials == nil {
		return nil, errors.New("mail.newSES: no credentials")
	}
	endpoint := "https://email." + cfg.Region + ".amazonaws.com"
	if strings.HasPrefix(cfg.Region, "cn-") {
		endpoint += ".cn"
	}
	if e := aws.ToString(cfg.BaseEndpoint); e != "" {
		endpoint = strings.TrimRight(e, "/")
	}
	creds := cfg.Credentials
	if _, ok := creds.(*aws.CredentialsCache); !ok {
		creds = aws.NewCredentialsCache(creds) // as the SDK's clients do: refreshed before expiry
	}
	return &Sender{
		url:     endpoint + "/v2/email/outbound-emails",
		region:  cfg.Region,
		creds:   creds,
		signer:  v4.NewSigner(),
		client:  &http.Client{Timeout: Timeout},
		from:    a.String(), // a name outside ASCII is RFC 2047-encoded
		backoff: 100 * time.Millisecond,
	}, nil
}

// Error is SES's refusal of a message: the HTTP status and SES's error type and message
// (for example 400 MessageRejected "Email address is not verified…").
type Error struct {
	Status  int
	Type    string
	Message string
}

func (e *Error) Error() string {
	s := strconv.Itoa(e.Status) + " " + http.StatusText(e.Status)
	if e.Type != "" {
		s += ": " + e.Type
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// The JSON of SendEmail (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html),
// only the fields we send.
type (
	content struct {
		Data    string `json:"Data"`
		Charset string `json:"Charset"`
	}
	body struct {
		Text *content `json:"Text,omitempty"`
		HTML *content `json:"Html,omitempty"`
	}
	sendEmail struct {
		FromEmailAddress string `json:"FromEmailAddress"`
		Destination      struct {
			ToAddresses []string `json:"ToAddresses"`
		} `json:"Destination"`
		Content struct {
			Simple struct {
				Subject content `json:"Subject"`
				Body    body    `json:"Body"`
			} `json:"Simple"`
		} `json:"Content"`
	}
)

// Send sends m.
func (s *Sender) Send(ctx context.Context, m samrapmail.Message) error {
	if err := m.Check(); err != nil {
		return fmt.Errorf("mail.send: %w", err)
	}
	utf8 := func(v string) *content { return &content{Data: v, Charset: "UTF-8"} }
	var in sendEmail
	in.FromEmailAddress = s.from
	in.Destination.ToAddresses = []string{m.To}
	in.Content.Simple.Subject = *utf8(m.Subject)
	if m.Text != "" {
		in.Content.Simple.Body.Text = utf8(m.Text)
	}
	if m.HTML != "" {
		in.Content.Simple.Body.HTML = utf8(m.HTML)
	}
	payload, err := json.Marshal(&in)
	if err != nil {
		return fmt.Errorf("mail.send: ses: %w", err)
	}
	sum := sha256.Sum256(payload)
	hash := hex.EncodeToString(sum[:])

	for attempt := 1; ; attempt++ {
		err := s.post(ctx, payload, hash)
		var e *Error
		if err == nil || !errors.As(err, &e) || !retryable(e) || attempt == maxAttempts {
			if err != nil {
				return fmt.Errorf("mail.send: ses: %w", err)
			}
			return nil
		}
		t := time.NewTimer(s.backoff << (attempt - 1))
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("mail.send: ses: %w (after %w)", ctx.Err(), err)
		case <-t.C:
		}
	}
}

// post makes one signed SendEmail call.
func (s *Sender) post(ctx context.Context, payload []byte, hash string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	creds, err := s.creds.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("credentials: %w", err)
	}
	if err := s.signer.SignHTTP(ctx, creds, req, hash, "ses", s.region, time.Now().UTC()); err != nil {
		return fmt.Errorf("sign: %w", err)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err // the URL and the cause; never the signed headers
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 == 2 {
		return nil
	}
	return apiError(resp, answer)
}

// apiError reads SES's error: the type from the X-Amzn-ErrorType header or the body's
// "__type"/"code", the message from the body's "message"/"Message".
func apiError(resp *http.Response, answer []byte) *Error {
	e := &Error{Status: resp.StatusCode}
	var b struct {
		Type     string `json:"__type"`
		Code     string `json:"code"`
		Message  string `json:"message"`
		MessageU string `json:"Message"`
	}
	_ = json.Unmarshal(answer, &b) // not JSON: the status alone
	e.Type = resp.Header.Get("X-Amzn-ErrorType")
	if e.Type == "" {
		e.Type = b.Type
	}
	if e.Type == "" {
		e.Type = b.Code
	}
	e.Type = errorType(e.Type)
	e.Message = b.Message
	if e.Message == "" {
		e.Message = b.MessageU
	}
	return e
}

// errorType trims "Name:http://…" and "aws.namespace#Name" down to Name.
func errorType(t string) string {
	if i := strings.IndexByte(t, ':'); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndexByte(t, '#'); i >= 0 {
		t = t[i+1:]
	}
	return strings.TrimSpace(t)
}

func retryable(e *Error) bool {
	switch e.Status {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return e.Type == "TooManyRequestsException" || e.Type == "ThrottlingException"
}
