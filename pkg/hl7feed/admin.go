package hl7feed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/events"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/patientsync"
)

// What the Super Admin (any branch) and a Branch Admin (its own: patientsync.FeedBranch) see
// of a branch's feed and may do with it (the feed screen's calls, web features/branches
// feed-view): the messages with their outcome and the last day by the hour, and a failed one
// queued again once its cause (a map) is fixed.

var errNotReplayable = errs.New(errs.NotFound, "hl7Feed.notReplayable")

// Message is a kept message as the admin list answers it (without its text).
type Message struct {
	ID          string     `json:"id"`
	ControlID   string     `json:"controlId"`
	MessageType string     `json:"messageType"`
	Kind        string     `json:"kind"`
	HnID        string     `json:"hnId"`
	SentAt      *time.Time `json:"sentAt"`
	ReceivedAt  time.Time  `json:"receivedAt"`
	Ack         string     `json:"ack"`
	Status      string     `json:"status"`
	Reason      string     `json:"reason"` // why, in the caller's language
	Error       string     `json:"error"`  // where and what, in English (the segment and field)
	AppliedAt   *time.Time `json:"appliedAt"`
}

var statuses = []string{Queued, Applied, Skipped, Stale, Duplicate, Failed}

// Hour is an hour of the last day with messages: how many came in, were applied, failed.
type Hour struct {
	Hour     time.Time `json:"hour"`
	Received int       `json:"received"`
	Applied  int       `json:"applied"`
	Failed   int       `json:"failed"`
}

// Messages is the feed screen's list: a page of messages and the last day by the hour.
type Messages struct {
	httpx.Page[Message]
	Hours []Hour `json:"hours"` // the last 24 hours with messages, oldest first (whatever the status filter)
}

// messages: GET /api/data-patient/hl7Messages?code&status&page&size — a branch's messages,
// newest first, and the last day's messages by the hour.
func (h handlers) messages(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	code, err := patientsync.FeedBranch(r, q.Text("code"))
	if err != nil {
		return err
	}
	status := ""
	if q.Has("status") {
		status = q.OneOf("status", statuses...)
	}
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	rows, err := queries.FeedMessages(r.Context(), h.r.db, dbsqlc.FeedMessagesParams{Branch: code, Status: status,
		Lim: int32(p.Size), Off: int32(p.Offset())})
	if err != nil {
		return fmt.Errorf("hl7Feed.messages: %w", err)
	}
	hours, err := queries.FeedHours(r.Context(), h.r.db, code)
	if err != nil {
		return fmt.Errorf("hl7Feed.messages: %w", err)
	}
	out := Messages{Page: httpx.Page[Message]{Items: []Message{}, Page: p.Page, Size: p.Size}, Hours: make([]Hour, len(hours))}
	for i, v := range hours {
		out.Hours[i] = Hour{Hour: v.Hour.Time, Received: int(v.Received), Applied: int(v.Applied), Failed: int(v.Failed)}
	}
	for _, m := range rows {
		out.Total = int(m.Total)
		v := Message{ID: m.ID, ControlID: m.ControlID, MessageType: m.MessageType, Kind: m.Kind, HnID: m.PatientHn,
			SentAt: m.SentAt, ReceivedAt: m.ReceivedAt, Ack: m.Ack, Status: m.Status, Error: m.Error, AppliedAt: m.AppliedAt}
		if m.ErrorKey != "" {
			v.Reason = i18n.T(httpx.Lang(r), m.ErrorKey)
		}
		out.Items = append(out.Items, v)
	}
	return httpx.OK(w, r, out)
}

// replay: POST /api/data-patient/hl7Replay {code, id} — a message accepted whose apply
// failed, queued again; 404 for any other.
func (h handlers) replay(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Code string `json:"code"`
		ID   string `json:"id"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return err
	}
	code, err := patientsync.FeedBranch(r, b.Code)
	if err != nil {
		return err
	}
	if !db.IsUUID(b.ID) {
		return errs.Fields(map[string]string{"id": "field.invalid"})
	}
	b.Code = code
	if err := h.r.Replay(r.Context(), b.Code, b.ID); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "hl7Feed.replayed", map[string]string{"id": b.ID, "status": Queued})
}

// Replay queues again a message of branch that was accepted and whose apply failed.
func (r *Receiver) Replay(ctx context.Context, branch, id string) error {
	return db.InTx(ctx, r.db, func(tx pgx.Tx) error {
		hn, err := queries.FeedRequeue(ctx, tx, dbsqlc.FeedRequeueParams{ID: id, Branch: branch})
		if errors.Is(err, pgx.ErrNoRows) {
			return errNotReplayable
		}
		if err != nil {
			return fmt.Errorf("hl7Feed.replay: %w", err)
		}
		body, err := events.EncodeHL7Received(events.HL7Received{MessageID: id, BranchCode: branch})
		if err != nil {
			return err
		}
		// a new deduplication id: the first delivery's is the message's own
		return r.queue.SendFIFO(ctx, body, Group(branch, hn), hash(id+r.now().String()))
	})
}
