package mail_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/textproto"
	"strconv"
	"strings"
	"testing"

	samrapmail "samrap/pkg/mail"
)

// received is what the test SMTP server was given.
type received struct {
	from, to string
	auth     string // "user:password"
	data     []byte
}

// smtpServer answers one SMTP session on 127.0.0.1 with just what a client needs, and
// accepts AUTH PLAIN for user/secret only.
func smtpServer(t *testing.T) (port int, got chan received) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	got = make(chan received, 1)

	go func() {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		tp := textproto.NewConn(conn)
		var r received
		say := func(s string) { _ = tp.PrintfLine("%s", s) }
		say("220 test ESMTP")
		for {
			line, err := tp.ReadLine()
			if err != nil {
				return
			}
			verb, arg, _ := strings.Cut(line, " ")
			switch strings.ToUpper(verb) {
			case "EHLO":
				say("250-test")
				say("250 AUTH PLAIN")
			case "AUTH":
				b, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(arg, "PLAIN "))
				f := strings.Split(string(b), "\x00")
				if len(f) != 3 || f[1] != "user" || f[2] != "secret" {
					say("535 authentication failed")
					continue
				}
				r.auth = f[1] + ":" + f[2]
				say("235 ok")
			case "MAIL":
				r.from = arg
				say("250 ok")
			case "RCPT":
				r.to = arg
				say("250 ok")
			case "DATA":
				say("354 go on")
				r.data, err = tp.ReadDotBytes()
				if err != nil {
					return
				}
				say("250 queued")
				got <- r
			case "QUIT":
				say("221 bye")
				return
			default:
				say("250 ok")
			}
		}
	}()
	return l.Addr().(*net.TCPAddr).Port, got
}

func TestSMTPSendsUTF8Alternative(t *testing.T) {
	port, got := smtpServer(t)
	s, err := samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: "127.0.0.1", Port: port, Username: "user", Password: "secret", From: "สำรับ <noreply@samrap.local>"})
	if err != nil {
		t.Fatal(err)
	}
	m := samrapmail.Message{
		To:      "controller@samrap.local",
		Subject: "รหัสยืนยันการเข้าสู่ระบบ",
		Text:    "รหัสของคุณคือ 123456\nใช้ได้ 10 นาที",
		HTML:    "<p>รหัสของคุณคือ <b>123456</b></p>",
	}
	if err := s.Send(t.Context(), m); err != nil {
		t.Fatal(err)
	}
	r := <-got
	if r.from != "FROM:<noreply@samrap.local>" || r.to != "TO:<controller@samrap.local>" || r.auth != "user:secret" {
		t.Fatalf("envelope %q %q auth %q", r.from, r.to, r.auth)
	}

	msg, err := mail.ReadMessage(bytes.NewReader(r.data))
	if err != nil {
		t.Fatal(err)
	}
	var dec mime.WordDecoder
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil || subject != m.Subject {
		t.Fatalf("subject %q (%v), want %q", subject, err, m.Subject)
	}
	from, err := msg.Header.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "สำรับ" || from[0].Address != "noreply@samrap.local" {
		t.Fatalf("from %v (%v)", from, err)
	}
	if msg.Header.Get("To") != m.To || msg.Header.Get("Message-Id") == "" || msg.Header.Get("Date") == "" {
		t.Fatalf("headers %v", msg.Header)
	}

	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("content type %q (%v)", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var bodies []string
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p) // the reader undoes quoted-printable
		bodies = append(bodies, p.Header.Get("Content-Type")+"|"+strings.ReplaceAll(string(b), "\r\n", "\n"))
	}
	want := []string{"text/plain; charset=utf-8|" + m.Text, "text/html; charset=utf-8|" + m.HTML}
	if strings.Join(bodies, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Fatalf("parts\n%q\nwant\n%q", bodies, want)
	}
}

func TestSMTPTextOnly(t *testing.T) {
	port, got := smtpServer(t)
	s, err := samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: "127.0.0.1", Port: port, From: "noreply@samrap.local"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), samrapmail.Message{To: "a@samrap.local", Subject: "x", Text: "สวัสดี"}); err != nil {
		t.Fatal(err)
	}
	msg, err := mail.ReadMessage(bytes.NewReader((<-got).data))
	if err != nil {
		t.Fatal(err)
	}
	if ct := msg.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Fatalf("content type %q", ct)
	}
	b, _ := io.ReadAll(bufio.NewReader(msg.Body))
	if !strings.Contains(string(b), "=E0=B8=AA") { // quoted-printable UTF-8
		t.Fatalf("body not quoted-printable: %q", b)
	}
}

func TestSMTPRefusals(t *testing.T) {
	port, _ := smtpServer(t)
	s, err := samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: "127.0.0.1", Port: port, Username: "user", Password: "wrong", From: "noreply@samrap.local"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), samrapmail.Message{To: "a@samrap.local", Subject: "x", Text: "t"}); err == nil || !strings.Contains(err.Error(), "535") {
		t.Fatalf("wrong password: err = %v, want the server's 535", err)
	}

	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	closedPort := closed.Addr().(*net.TCPAddr).Port
	closed.Close()
	s, err = samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: "127.0.0.1", Port: closedPort, From: "noreply@samrap.local"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), samrapmail.Message{To: "a@samrap.local", Subject: "x", Text: "t"}); err == nil {
		t.Fatalf("no server on port %s: sent", strconv.Itoa(closedPort))
	}

	if _, err := samrapmail.NewSMTP(samrapmail.SMTPConfig{Host: "127.0.0.1", From: "not an address"}); err == nil {
		t.Fatal("NewSMTP accepted a bad From")
	}
}
