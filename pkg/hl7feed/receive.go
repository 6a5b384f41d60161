// Package hl7feed is the HL7 v2 feed of a branch (issue 30 §2; docs/hl7.md): the hospital's
// interface engine posts ADT and diet-order messages to POST /api/hl7/<branch> with the
// branch's feed key; each message is kept (table hl7_message), queued on the FIFO queue
// hl7-feed (grouped by branch and patient, deduplicated by MSH-10) and acknowledged; the
// hl7-feed-worker applies it through the same step as the FHIR census (patientsync.Applier).
package hl7feed

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/events"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/hl7"
	"samrap/pkg/imports"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue"
)

// Queue is the FIFO queue hl7-feed-worker consumes.
const Queue = "hl7-feed"

var queries = dbsqlc.New()

// Message statuses (hl7_message.status).
const (
	Queued    = "queued"
	Applied   = "applied"
	Skipped   = "skipped"
	Stale     = "stale"
	Duplicate = "duplicate"
	Failed    = "failed"
)

// errBadKey answers a post without the branch's feed key (401): no branch, no key, another
// key, a branch without a feed — all alike.
var errBadKey = errs.New(errs.Unauthenticated, "hl7Feed.badKey")

// Receiver keeps, queues and acknowledges the messages posted to a branch's feed.
type Receiver struct {
	db    *db.Pool
	queue queue.FIFOSender
	now   func() time.Time
	zone  *time.Location

	mu   sync.Mutex
	keys map[string]Key // by branch: the key last found, checked again where a post is kept
}

// NewReceiver builds the receiver: pool for the keys and messages, q the hl7-feed queue.
func NewReceiver(pool *db.Pool, q queue.FIFOSender, now func() time.Time) *Receiver {
	return &Receiver{db: pool, queue: q, now: now, zone: day.Bangkok, keys: map[string]Key{}}
}

// Key is what a post is received with: the SHA-256 of the branch's feed key, and the
// receiving facility (MSH-6.1) its messages may name besides the branch code. The zero Key
// is this machine's demo hospital's (Send): no key, no facility.
type Key struct {
	Hash     []byte
	Facility string
}

// Authenticate checks key against the branch's feed key, and answers the Key to receive the
// post with. The key last found of a branch is remembered, so a post with it costs no round
// trip here: the statement that keeps the post checks it again (Receive), so a rotated key is
// refused at once.
func (r *Receiver) Authenticate(ctx context.Context, branch, key string) (Key, error) {
	if branch == "" || key == "" {
		return Key{}, errBadKey
	}
	hash := patientsync.HashFeedKey(key)
	r.mu.Lock()
	k, ok := r.keys[branch]
	r.mu.Unlock()
	if ok && subtle.ConstantTimeCompare(hash, k.Hash) == 1 {
		return k, nil
	}
	return r.lookUp(ctx, branch, hash)
}

// lookUp reads the branch's feed key and compares hash with it.
func (r *Receiver) lookUp(ctx context.Context, branch string, hash []byte) (Key, error) {
	f, err := queries.FeedKey(ctx, r.db, branch)
	if errors.Is(err, pgx.ErrNoRows) {
		r.forget(branch)
		return Key{}, errBadKey
	}
	if err != nil {
		return Key{}, fmt.Errorf("hl7Feed.authenticate: %w", err)
	}
	if subtle.ConstantTimeCompare(hash, f.KeyHash) != 1 {
		return Key{}, errBadKey
	}
	k := Key{Hash: f.KeyHash, Facility: f.Facility}
	r.mu.Lock()
	r.keys[branch] = k
	r.mu.Unlock()
	return k, nil
}

func (r *Receiver) forget(branch string) {
	r.mu.Lock()
	delete(r.keys, branch)
	r.mu.Unlock()
}

// Receive keeps every message of body (one, several, or a FHS/BHS batch) and answers one
// ACK per message, in order: AA once the message is stored and queued (or was received
// before: a duplicate, not queued again; or is not for Samrap: kept, skipped), AE for a
// message that cannot be used (a required field missing, a bad date), AR for one that
// cannot be read or is not this branch's. A body that cannot be cut into messages is one
// AR. The messages of a body are kept in one statement — which checks k against the branch's
// key, and is the post's one round trip and commit — then queued one by one. A key that no
// longer holds is errBadKey (nothing kept); any other error is the database's (nothing was
// acknowledged).
func (r *Receiver) Receive(ctx context.Context, branch string, k Key, body []byte) ([]byte, error) {
	out, ok, err := r.receive(ctx, branch, k, body)
	if err != nil || ok {
		return out, err
	}
	// the key changed since it was remembered: the branch's as it is now
	r.forget(branch)
	if k, err = r.lookUp(ctx, branch, k.Hash); err != nil {
		return nil, err
	}
	out, ok, err = r.receive(ctx, branch, k, body)
	if err == nil && !ok {
		err = errBadKey
	}
	return out, err
}

// receive is Receive with k; false: k is not the branch's key and facility (nothing kept).
func (r *Receiver) receive(ctx context.Context, branch string, k Key, body []byte) ([]byte, bool, error) {
	msgs, err := hl7.Split(body)
	if err != nil || len(msgs) == 0 {
		e := asHL7(err, "nothing that reads as an HL7 v2 message")
		w := row{branch: branch, raw: string(body), ack: hl7.AR, status: Failed, errKey: "hl7Feed.unreadable", err: e.Reason}
		if _, ok, err := r.keep(ctx, branch, k, []*row{&w}); err != nil || !ok {
			return nil, ok, err
		}
		return r.ack(nil, hl7.AR, e), true, nil
	}
	items := make([]received, len(msgs))
	rows := make([]*row, len(msgs))
	for i, raw := range msgs {
		items[i] = r.read(branch, k.Facility, raw)
		rows[i] = &items[i].w
	}
	waiting, ok, err := r.keep(ctx, branch, k, rows)
	if err != nil || !ok {
		return nil, ok, err
	}
	// queued together (SQS: ten to a request), first what a duplicate repeats and is still
	// queued: queued again (a resend after a receiver died between its commit and the queue);
	// the duplicate is answered AE when it cannot be
	var send []*row
	for i := range waiting {
		send = append(send, &waiting[i])
	}
	for i := range items {
		if items[i].w.status == Queued {
			send = append(send, &items[i].w)
		}
	}
	errs := r.send(ctx, branch, send)
	requeued := map[string]error{}
	for i := range waiting {
		requeued[waiting[i].controlID] = errs[i]
	}
	next := len(waiting)
	var out []byte
	for i := range items {
		it := &items[i]
		if it.w.status == Queued {
			err := errs[next]
			next++
			if err != nil {
				// not queued: the sender is told to send it again
				if err := queries.FeedUnqueue(ctx, r.db, dbsqlc.FeedUnqueueParams{ID: it.w.id, ErrorKey: "hl7Feed.notQueued", Error: err.Error()}); err != nil {
					return nil, true, fmt.Errorf("hl7Feed.receive: %w", err)
				}
				it.code, it.err = hl7.AE, &hl7.Error{Code: hl7.CodeInternal, Reason: "the message could not be queued: send it again"}
			}
		}
		if err, ok := requeued[it.w.controlID]; ok && err != nil && it.w.status == Duplicate {
			it.code, it.err = hl7.AE, &hl7.Error{Code: hl7.CodeInternal, Reason: "the message could not be queued: send it again"}
		}
		out = append(out, r.ack(it.msg, it.code, it.err)...)
	}
	return out, true, nil
}

// send queues the messages ws in one call, and answers each one's error (nil: queued).
func (r *Receiver) send(ctx context.Context, branch string, ws []*row) []error {
	errs := make([]error, len(ws))
	var msgs []queue.FIFOMessage
	var at []int // the index in ws of each of msgs
	for i, w := range ws {
		body, err := events.EncodeHL7Received(events.HL7Received{MessageID: w.id, BranchCode: branch})
		if err != nil {
			errs[i] = err
			continue
		}
		msgs = append(msgs, queue.FIFOMessage{Body: body, Group: Group(branch, w.hn), Dedup: Dedup(branch, w.controlID)})
		at = append(at, i)
	}
	if len(msgs) > 0 {
		for j, err := range r.queue.SendFIFOBatch(ctx, msgs) {
			errs[at[j]] = err
		}
	}
	return errs
}

// received is a message of a post as read: its row to keep and its answer (code, err).
type received struct {
	msg  *hl7.Message
	w    row
	code string
	err  *hl7.Error
}

// read reads one message of a post: what to keep and answer.
func (r *Receiver) read(branch, facility string, raw []byte) received {
	m, err := hl7.Parse(raw)
	if err != nil {
		e := asHL7(err, "not readable")
		w := row{branch: branch, raw: string(raw), ack: hl7.AR, status: Failed, errKey: "hl7Feed.unreadable", err: e.Location() + ": " + e.Reason}
		if m != nil {
			msh, _ := m.Segment("MSH")
			w.controlID = msh.Value(10)
		}
		return received{msg: m, w: w, code: hl7.AR, err: e}
	}
	ev, err := hl7.ReadEvent(m, r.zone)
	w := rowOf(branch, string(raw), ev)
	if err != nil {
		e := asHL7(err, "cannot be used")
		w.ack, w.status, w.errKey, w.err = hl7.AE, Failed, "hl7Feed.invalid", e.Location()+": "+e.Reason
		return received{msg: m, w: w, code: hl7.AE, err: e}
	}
	if f := ev.ReceivingFacility; f != "" && !strings.EqualFold(f, branch) && (facility == "" || !strings.EqualFold(f, facility)) {
		e := &hl7.Error{Segment: "MSH", Sequence: 1, Field: 6, Code: hl7.CodeTableValue, Reason: "the receiving facility is not this branch's"}
		w.ack, w.status, w.errKey, w.err = hl7.AR, Failed, "hl7Feed.notOurs", e.Location()+": "+e.Reason
		return received{msg: m, w: w, code: hl7.AR, err: e}
	}
	w.ack, w.status = hl7.AA, Queued
	if !Applies(ev.Kind) {
		w.status, w.errKey = Skipped, "hl7Feed.notApplied"
	}
	return received{msg: m, w: w, code: hl7.AA}
}

// Applies reports whether a message of kind is queued for the worker; the others are kept
// and acknowledged, not applied.
func Applies(k hl7.Kind) bool { return k != hl7.KindUnknown }

// Group is the FIFO group of a patient's messages: SQS allows 128 characters of letters,
// digits and punctuation, so the HN is hashed.
func Group(branch, hn string) string { return branch + "-" + hash(hn) }

// Dedup is a message's deduplication id: the branch and its MSH-10, hashed.
func Dedup(branch, controlID string) string { return hash(branch + "\x00" + controlID) }

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// ack encodes the acknowledgment of m (nil: nothing readable).
func (r *Receiver) ack(m *hl7.Message, code string, e *hl7.Error) []byte {
	return hl7.ACK(m, hl7.Ack{Code: code, ControlID: imports.NewJobID(), Time: r.now().In(r.zone), Err: e}).Encode()
}

func asHL7(err error, reason string) *hl7.Error {
	var e *hl7.Error
	if errors.As(err, &e) {
		return e
	}
	return &hl7.Error{Code: hl7.CodeSegmentSequence, Reason: reason}
}

// row is one hl7_message row to keep.
type row struct {
	id, branch, controlID, messageType, kind, hn string
	sentAt                                       *time.Time
	raw, ack, status, errKey, err                string
}

func rowOf(branch, raw string, ev hl7.Event) row {
	r := row{branch: branch, raw: raw, controlID: ev.MessageControlID, kind: string(ev.Kind), hn: ev.Patient.HN}
	if ev.Type != "" {
		r.messageType = ev.Type + "^" + ev.Trigger
	}
	if !ev.SentAt.IsZero() {
		t := ev.SentAt
		r.sentAt = &t
	}
	return r
}

// keep stores the messages of a post in one statement, if k is still the branch's key
// (false: it is not, nothing kept); an accepted one whose MSH-10 the branch accepted before
// (or an earlier one of the post) is kept as a duplicate, in the same statement. It answers
// the earlier messages these duplicates repeat that are still queued, to queue again.
func (r *Receiver) keep(ctx context.Context, branch string, k Key, ws []*row) ([]row, bool, error) {
	p := dbsqlc.FeedKeepMessagesParams{Branch: branch, KeyHash: k.Hash, Facility: k.Facility}
	for _, w := range ws {
		w.id = imports.NewJobID()
		var sent pgtype.Timestamptz
		if w.sentAt != nil {
			sent = pgtype.Timestamptz{Time: *w.sentAt, Valid: true}
		}
		p.Ids, p.ControlIds, p.MessageTypes = append(p.Ids, w.id), append(p.ControlIds, w.controlID), append(p.MessageTypes, w.messageType)
		p.Kinds, p.PatientHns, p.SentAts = append(p.Kinds, w.kind), append(p.PatientHns, w.hn), append(p.SentAts, sent)
		p.Raws, p.Acks, p.Statuses = append(p.Raws, w.raw), append(p.Acks, w.ack), append(p.Statuses, w.status)
		p.ErrorKeys, p.Errors = append(p.ErrorKeys, w.errKey), append(p.Errors, w.err)
	}
	res, err := queries.FeedKeepMessages(ctx, r.db, p)
	if err != nil {
		return nil, false, fmt.Errorf("hl7Feed.keep: %w", err)
	}
	if !res.Known {
		return nil, false, nil
	}
	kept := make(map[string]bool, len(res.Kept))
	for _, id := range res.Kept {
		kept[id] = true
	}
	for _, w := range ws {
		if !kept[w.id] {
			w.status, w.errKey = Duplicate, "hl7Feed.duplicate"
		}
	}
	waiting := make([]row, len(res.WaitingIds))
	for i, id := range res.WaitingIds {
		waiting[i] = row{id: id, controlID: res.WaitingControlIds[i], hn: res.WaitingHns[i]}
	}
	return waiting, true, nil
}

// Send receives msgs as if the hospital had posted them to branch's feed (no key: the
// caller is this machine's demo hospital, functions/local's /dev/hl7/<branch>).
func (r *Receiver) Send(ctx context.Context, branch string, msgs []string) ([]byte, error) {
	return r.Receive(ctx, branch, Key{}, []byte(strings.Join(msgs, "")))
}
