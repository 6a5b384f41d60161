package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strconv"
	"strings"
	"time"
)

// SMTPConfig says how to reach an SMTP server.
type SMTPConfig struct {
	Host     string
	Port     int    // 587 when 0
	Username string // no AUTH when empty
	Password string
	From     string // "noreply@example.org" or "Samrap <noreply@example.org>"
}

// SMTP sends through an SMTP server, upgrading to TLS when the server offers STARTTLS.
// net/smtp refuses to send a password over an unencrypted connection, except to localhost.
type SMTP struct {
	cfg  SMTPConfig
	from *mail.Address
}

// NewSMTP checks cfg and returns a sender. It does no network I/O.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	if cfg.Host == "" {
		return nil, errors.New("mail.newSMTP: host is required")
	}
	if cfg.Port == 0 {
		cfg.Port = 587
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail.newSMTP: from %q: %w", cfg.From, err)
	}
	return &SMTP{cfg: cfg, from: from}, nil
}

// Send sends m. ctx bounds the whole exchange (30s when it has no deadline).
func (s *SMTP) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return fmt.Errorf("mail.send: %w", err)
	}
	body, err := compose(s.from, m, time.Now())
	if err != nil {
		return fmt.Errorf("mail.send: %w", err)
	}
	if err := s.send(ctx, m.To, body); err != nil {
		return fmt.Errorf("mail.send: smtp: %w", err)
	}
	return nil
}

func (s *SMTP) send(ctx context.Context, to string, body []byte) error {
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(30 * time.Second)
	}
	_ = conn.SetDeadline(deadline)

	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()

	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.cfg.Host}); err != nil {
			return err
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(body); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// compose writes m as a MIME message: UTF-8 throughout, quoted-printable bodies, and
// multipart/alternative when it has both a text and an HTML body.
func compose(from *mail.Address, m Message, now time.Time) ([]byte, error) {
	var b bytes.Buffer
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := from.Address[strings.LastIndexByte(from.Address, '@')+1:]

	h := textproto.MIMEHeader{}
	h.Set("From", from.String())
	h.Set("To", m.To)
	h.Set("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	h.Set("Date", now.Format(time.RFC1123Z))
	h.Set("Message-ID", "<"+hex.EncodeToString(id)+"@"+domain+">")
	h.Set("MIME-Version", "1.0")

	var parts []part
	if m.Text != "" {
		parts = append(parts, part{"text/plain; charset=utf-8", m.Text})
	}
	if m.HTML != "" {
		parts = append(parts, part{"text/html; charset=utf-8", m.HTML})
	}

	if len(parts) == 1 {
		h.Set("Content-Type", parts[0].contentType)
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		writeHeader(&b, h)
		if err := writeQP(&b, parts[0].body); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}

	mw := multipart.NewWriter(&b)
	h.Set("Content-Type", "multipart/alternative; boundary="+mw.Boundary())
	var head bytes.Buffer
	writeHeader(&head, h)
	for _, p := range parts {
		pw, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {p.contentType},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		if err := writeQP(pw, p.body); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return append(head.Bytes(), b.Bytes()...), nil
}

type part struct{ contentType, body string }

func writeHeader(b *bytes.Buffer, h textproto.MIMEHeader) {
	for _, k := range []string{"From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "Content-Transfer-Encoding"} {
		if v := h.Get(k); v != "" {
			b.WriteString(k + ": " + v + "\r\n")
		}
	}
	b.WriteString("\r\n")
}

func writeQP(w io.Writer, s string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(s)); err != nil {
		return err
	}
	return qp.Close()
}
