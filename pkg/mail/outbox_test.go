package mail_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"samrap/pkg/mail"
)

func TestOutboxKeepsNewestFirst(t *testing.T) {
	o := mail.NewOutbox(3)
	for i := range 5 {
		m := mail.Message{To: fmt.Sprintf("u%d@samrap.local", i), Subject: "รหัสยืนยัน", Text: fmt.Sprint(i)}
		if err := o.Send(t.Context(), m); err != nil {
			t.Fatal(err)
		}
	}
	got := o.List()
	if len(got) != 3 {
		t.Fatalf("kept %d, want 3", len(got))
	}
	for i, want := range []string{"4", "3", "2"} {
		if got[i].Text != want || got[i].To != "u"+want+"@samrap.local" || got[i].Time.IsZero() {
			t.Fatalf("list[%d] = %+v, want message %s", i, got[i], want)
		}
	}
}

func TestInvalidMessagesRefused(t *testing.T) {
	tests := []struct {
		name string
		m    mail.Message
	}{
		{"no recipient", mail.Message{Subject: "s", Text: "t"}},
		{"not an address", mail.Message{To: "controller", Subject: "s", Text: "t"}},
		{"name and address", mail.Message{To: "Ctl <c@samrap.local>", Subject: "s", Text: "t"}},
		{"header injection in to", mail.Message{To: "c@samrap.local\r\nBcc: x@evil.test", Subject: "s", Text: "t"}},
		{"header injection in subject", mail.Message{To: "c@samrap.local", Subject: "s\r\nBcc: x@evil.test", Text: "t"}},
		{"no body", mail.Message{To: "c@samrap.local", Subject: "s"}},
	}
	o := mail.NewOutbox(0)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := o.Send(t.Context(), tt.m); !errors.Is(err, mail.ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
		})
	}
	if n := len(o.List()); n != 0 {
		t.Fatalf("outbox kept %d refused messages", n)
	}
}

func TestOutboxConcurrent(t *testing.T) {
	o := mail.NewOutbox(0)
	var wg sync.WaitGroup
	for g := range 20 {
		wg.Go(func() {
			for i := range 10 {
				_ = o.Send(t.Context(), mail.Message{To: "a@samrap.local", Subject: fmt.Sprint(g, i), Text: "t"})
				_ = o.List()
			}
		})
	}
	wg.Wait()
	if n := len(o.List()); n != 200 {
		t.Fatalf("kept %d, want 200", n)
	}
}

func TestOutboxHandler(t *testing.T) {
	o := mail.NewOutbox(0)
	for _, to := range []string{"a@samrap.local", "b@samrap.local", "A@samrap.local"} {
		if err := o.Send(t.Context(), mail.Message{To: to, Subject: "เชิญเข้าใช้งาน", Text: "t", HTML: "<p>h</p>"}); err != nil {
			t.Fatal(err)
		}
	}

	tests := []struct {
		name   string
		method string
		target string
		status int
		to     []string
	}{
		{"all", http.MethodGet, "/dev/mail", 200, []string{"A@samrap.local", "b@samrap.local", "a@samrap.local"}},
		{"to one address", http.MethodGet, "/dev/mail?to=a@samrap.local", 200, []string{"A@samrap.local", "a@samrap.local"}},
		{"to nobody", http.MethodGet, "/dev/mail?to=x@samrap.local", 200, []string{}},
		{"post", http.MethodPost, "/dev/mail", 405, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(tt.method, tt.target, nil)
			r.RemoteAddr = "127.0.0.1:50000"
			o.Handler().ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d", w.Code, tt.status)
			}
			if tt.status != 200 {
				return
			}
			var got []map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatalf("%v: %s", err, w.Body)
			}
			if len(got) != len(tt.to) {
				t.Fatalf("got %d messages, want %d: %s", len(got), len(tt.to), w.Body)
			}
			for i, m := range got {
				if m["to"] != tt.to[i] || m["subject"] != "เชิญเข้าใช้งาน" || m["text"] != "t" || m["html"] != "<p>h</p>" || m["time"] == "" {
					t.Fatalf("message %d = %v, want to %s with every field", i, m, tt.to[i])
				}
			}
		})
	}
}

// The outbox holds reset links and sign-in codes: a client on another machine must not read
// them (issue 18 §2), whatever it asks for.
func TestOutboxAnswersLoopbackOnly(t *testing.T) {
	o := mail.NewOutbox(3)
	if err := o.Send(t.Context(), mail.Message{To: "superadmin@samrap.local", Subject: "reset", Text: "https://x/reset?token=secret"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		remote string
		want   int
	}{
		{"127.0.0.1:51000", 200},
		{"[::1]:51000", 200},
		{"192.168.1.20:51000", 404},
		{"10.0.0.5:51000", 404},
		{"[fe80::1]:51000", 404},
		{"garbage", 404},
	} {
		r := httptest.NewRequest("GET", "/dev/mail?to=superadmin@samrap.local", nil)
		r.RemoteAddr = tt.remote
		w := httptest.NewRecorder()
		o.Handler().ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("%s: status %d, want %d", tt.remote, w.Code, tt.want)
		}
		if tt.want == 404 && bytes.Contains(w.Body.Bytes(), []byte("secret")) {
			t.Errorf("%s: the outbox leaked a reset link: %s", tt.remote, w.Body)
		}
	}
}
