// Package mail sends the e-mails of Samrap (sign-in codes, invitations, password resets):
// through SES in AWS (package mail/ses), through an SMTP server where one is configured,
// and into an in-memory Outbox locally, where people and tests read them.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
)

// ErrInvalid is returned for a message that cannot be sent as it is.
var ErrInvalid = errors.New("mail: invalid message")

// Message is one e-mail to one recipient. Text, HTML or both.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender sends messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Check refuses a message that every sender would refuse: a recipient that is not one
// plain address, a subject that would break the headers, no body.
func (m Message) Check() error {
	a, err := mail.ParseAddress(m.To)
	if err != nil || a.Name != "" || a.Address != m.To {
		return fmt.Errorf("recipient %q: %w", m.To, ErrInvalid)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("subject has a line break: %w", ErrInvalid)
	}
	if m.Text == "" && m.HTML == "" {
		return fmt.Errorf("no body: %w", ErrInvalid)
	}
	return nil
}
