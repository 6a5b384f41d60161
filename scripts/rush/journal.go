package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"
)

// journal is what the people of the rush did and saw, for the checks against the database.
type journal struct {
	mu             sync.Mutex
	submits        map[string]*submitLog // by idempotency key
	owner          map[string]string     // order id → HN, of every order a submit answered
	madeBy         map[string]string     // order id → the activity of the call that made it (orders.submit, …)
	madeKey        map[string]string     // order id → the idempotency key of that call
	prints         []printLog
	printsAnswered int                  // generatePDF answered 200, or 200 and the answer lost (the lost fault)
	printsUnknown  int                  // generatePDF tries with no answer (the server killed): printed or not
	changes        map[string]span      // HN → its diet change (or the sync's), sent to answered
	kinds          map[string]string    // HN → the kind of its diet change made on the edit screen
	sync           *syncLog             // the hospital sync mid-round
	clears         map[string]time.Time // order id → when its review or cancel was sent
	cancels        map[string]time.Time // order id → when its cancel was answered
	serves         map[string]*serveLog // by request id
	faults         []window             // when the fault struck: a termination, or an outage from to
	killed         int                  // connections terminated or cut
	notes          []string             // what went unexpectedly, not an invariant
	cardRead       []string             // QR codes that are no token of the server's
}

type span struct{ sent, done time.Time }

// window is when a fault struck: from = to for a termination.
type window struct{ from, to time.Time }

// submitLog is every answer to one idempotency key (retries, double taps): a submit of one
// patient (hn), or a ward call of several (call: "orders.submitRound", "orders.copy").
type submitLog struct {
	key, hn, call string
	answers       []answer
}

// ordered answers the orders of a submit's answer ({orders}) or a ward call's ({ordered:
// [{hnId, orders}]}), by id, with the patient a ward call names ("" for a submit's).
func ordered(a answer) map[string]string {
	type orders []struct {
		OrderID string `json:"orderId"`
	}
	var out struct {
		Orders  orders `json:"orders"`
		Ordered []struct {
			HnID   string `json:"hnId"`
			Orders orders `json:"orders"`
		} `json:"ordered"`
	}
	_ = json.Unmarshal(a.data, &out)
	ids := map[string]string{}
	for _, o := range out.Orders {
		ids[o.OrderID] = ""
	}
	for _, p := range out.Ordered {
		for _, o := range p.Orders {
			ids[o.OrderID] = p.HnID
		}
	}
	return ids
}

// orderIDs answers the order ids of a submit's or a ward call's answer, sorted.
func orderIDs(a answer) []string {
	var ids []string
	for id := range ordered(a) {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// printLog is a print of meal cards: when it was asked and answered, the orders of the cards
// read off the file and those it left out for review.
type printLog struct {
	span
	orders, held []string
}

// serveLog is every answer to one serve request id.
type serveLog struct {
	order, action string
	answers       []answer
}

func newJournal() *journal {
	return &journal{submits: map[string]*submitLog{}, owner: map[string]string{}, madeBy: map[string]string{}, madeKey: map[string]string{}, changes: map[string]span{}, kinds: map[string]string{},
		clears: map[string]time.Time{}, cancels: map[string]time.Time{}, serves: map[string]*serveLog{}}
}

func (j *journal) note(format string, args ...any) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.notes = append(j.notes, fmt.Sprintf(format, args...))
}

// submitting answers the log of a submit's key (call "orders.submit", of hn) or a ward
// call's (hn "").
func (j *journal) submitting(key, hn, call string) *submitLog {
	j.mu.Lock()
	defer j.mu.Unlock()
	l := j.submits[key]
	if l == nil {
		l = &submitLog{key: key, hn: hn, call: call}
		j.submits[key] = l
	}
	return l
}

func (j *journal) submitted(l *submitLog, a answer) {
	j.mu.Lock()
	defer j.mu.Unlock()
	l.answers = append(l.answers, a)
	if a.ok() {
		for id, hn := range ordered(a) {
			j.owner[id] = cmp.Or(hn, l.hn)
			j.madeBy[id], j.madeKey[id] = l.call, l.key
		}
	}
}

// patientOf answers the HN of an order a submit answered ("" for one none did).
func (j *journal) patientOf(order string) string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.owner[order]
}

func (j *journal) printedCards(a answer, orders, held []string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.prints = append(j.prints, printLog{span: span{a.sent, a.done}, orders: orders, held: held})
}

func (j *journal) changed(hn string, sent, done time.Time) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.changes[hn] = span{sent, done}
}

// made records the diet change of kind saved on the patient hn.
func (j *journal) made(hn, kind string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.kinds[hn] = kind
}

func (j *journal) cleared(order string, sent time.Time) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.clears[order] = sent
}

func (j *journal) cancelled(order string, sent, done time.Time) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.clears[order], j.cancels[order] = sent, done
}

func (j *journal) served(id, order, action string, a answer) {
	j.mu.Lock()
	defer j.mu.Unlock()
	l := j.serves[id]
	if l == nil {
		l = &serveLog{order: order, action: action}
		j.serves[id] = l
	}
	l.answers = append(l.answers, a)
}

// struck records a fault from to, and the app's connections it cut.
func (j *journal) struck(from, to time.Time, n int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.faults = append(j.faults, window{from, to})
	j.killed += n
}

// downtime answers the faults' windows added up.
func (j *journal) downtime() time.Duration {
	j.mu.Lock()
	defer j.mu.Unlock()
	var d time.Duration
	for _, w := range j.faults {
		d += w.to.Sub(w.from)
	}
	return d
}

// inFault reports whether a's request was in flight during a fault or within margin after it.
func (j *journal) inFault(a answer, margin time.Duration) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, w := range j.faults {
		if !a.sent.After(w.to.Add(margin)) && !a.done.Before(w.from) {
			return true
		}
	}
	return false
}

// syncSummary says how the hospital sync went.
func (j *journal) syncSummary() string {
	if j.sync == nil {
		return "none"
	}
	return fmt.Sprintf("%s in %.1f s, %d of the rush's patients changed", j.sync.status, j.sync.done.Sub(j.sync.sent).Seconds(), len(j.sync.picks))
}
