package mail

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"samrap/pkg/httpx"
)

// Sent is a message the Outbox kept.
type Sent struct {
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
	Time    time.Time `json:"time"`
}

// Outbox keeps the last messages sent, in memory, instead of sending them: the local
// default. It is safe for concurrent use.
type Outbox struct {
	max int

	mu   sync.Mutex
	sent []Sent // oldest first
}

// NewOutbox keeps the last max messages (500 when max ≤ 0).
func NewOutbox(max int) *Outbox {
	if max <= 0 {
		max = 500
	}
	return &Outbox{max: max}
}

// Send keeps m.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return fmt.Errorf("mail.send: %w", err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.sent) == o.max {
		o.sent = append(o.sent[:0], o.sent[1:]...)
	}
	o.sent = append(o.sent, Sent{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Time: time.Now()})
	return nil
}

// List returns the messages kept, newest first.
func (o *Outbox) List() []Sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]Sent, len(o.sent))
	for i, s := range o.sent {
		out[len(o.sent)-1-i] = s
	}
	return out
}

// Handler answers GET with the messages kept as a JSON array, newest first; ?to=address
// keeps those sent to that address. The local server mounts it at the dev-only
// GET /dev/mail; it must never be mounted in AWS. The mail holds reset links and sign-in
// codes, so only a client on this machine (a loopback address) is answered: from any other
// address the outbox does not exist (404).
func (o *Outbox) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !httpx.FromLoopback(r) {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", http.MethodGet)
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		list := o.List()
		if to := r.URL.Query().Get("to"); to != "" {
			kept := list[:0]
			for _, s := range list {
				if strings.EqualFold(s.To, to) {
					kept = append(kept, s)
				}
			}
			list = kept
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(list)
	})
}
