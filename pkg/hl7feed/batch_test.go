package hl7feed_test

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/pkg/apitest"
	"samrap/pkg/blob"
	"samrap/pkg/demo"
	"samrap/pkg/hl7feed"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue"
)

// heldQueue keeps what the feed queues, for a test to hand the worker as a batch of its
// choosing (as the event source mapping hands a FIFO queue's messages: several groups, each
// in order).
type heldQueue struct {
	mu   sync.Mutex
	msgs []lambdaevents.SQSMessage
}

func (q *heldQueue) Send(context.Context, []byte) error { return errors.New("not a FIFO queue") }

func (q *heldQueue) SendFIFO(_ context.Context, body []byte, group, _ string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.msgs = append(q.msgs, lambdaevents.SQSMessage{MessageId: "m" + strconv.Itoa(len(q.msgs)), Body: string(body),
		Attributes: map[string]string{"MessageGroupId": group}})
	return nil
}

func (q *heldQueue) SendFIFOBatch(ctx context.Context, msgs []queue.FIFOMessage) []error {
	errs := make([]error, len(msgs))
	for i, m := range msgs {
		errs[i] = q.SendFIFO(ctx, m.Body, m.Group, m.Dedup)
	}
	return errs
}

// flakyArchive fails to keep the text of a message that names fail, once.
type flakyArchive struct {
	blob.Store
	mu     sync.Mutex
	fail   string
	failed bool
}

func (a *flakyArchive) Put(ctx context.Context, key string, body io.Reader, contentType string) error {
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	a.mu.Lock()
	fail := !a.failed && strings.Contains(string(b), a.fail)
	a.failed = a.failed || fail
	a.mu.Unlock()
	if fail {
		return errors.New("the archive is not answering")
	}
	return a.Store.Put(ctx, key, strings.NewReader(string(b)), contentType)
}

// A batch of messages of several patients is applied in one transaction, each message on its
// own: one the rules refuse fails alone (nothing of it written, replayable); one that fails
// for a reason worth retrying is undone alone and reported with the messages after it of its
// patient, which must wait for it, while its batch-mates commit; delivered again, they apply
// in order.
func TestBatchFailsAlone(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	q := &heldQueue{}
	s.Env.SetQueue(hl7feed.Queue, q)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	f := feed{s: s, key: rotate(t, s, "SRP01"), out: &hl7feed.Sender{Facility: "SRP01", Prefix: "B"}}
	now := s.Clock.Now()
	refused := newcomer("HL7-0501", now)
	refused.BirthDate = now.AddDate(0, 0, 2).Format(time.DateOnly) // a birthday to come
	renamed := newcomer("HL7-0502", now)
	renamed.NameEn = "Prasert Renamed"
	msgs := []string{
		f.out.ADT("A01", newcomer("HL7-0500", now), now),
		f.out.ADT("A01", refused, now),
		f.out.ADT("A01", newcomer("HL7-0502", now), now),
		f.out.ADT("A08", renamed, now.Add(time.Minute)),
		f.out.ADT("A01", newcomer("HL7-0503", now), now),
	}
	for _, m := range msgs {
		f.post(t, m)
	}
	if len(q.msgs) != 5 || q.msgs[2].Attributes["MessageGroupId"] != q.msgs[3].Attributes["MessageGroupId"] {
		t.Fatalf("queued %d messages, or HL7-0502's two are not one group", len(q.msgs))
	}
	archive := &flakyArchive{Store: s.Env.Uploads, fail: "HL7-0502"}
	w := hl7feed.NewWorker(s.DB, s.Clock.Now, s.Env.Log, archive)

	resp, err := w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs})
	if err != nil {
		t.Fatal(err)
	}
	var again []string
	for _, f := range resp.BatchItemFailures {
		again = append(again, f.ItemIdentifier)
	}
	if !slices.Equal(again, []string{"m2", "m3"}) {
		t.Fatalf("reported %v, want HL7-0502's A01 and the A08 after it (m2, m3)", again)
	}
	for id, want := range map[string]string{control(msgs[0]): "applied ", control(msgs[1]): "failed patientSync.invalidPatient",
		control(msgs[2]): "queued ", control(msgs[3]): "queued ", control(msgs[4]): "applied "} {
		if st, key := f.status(t, id); st+" "+key != want {
			t.Errorf("%s: %s %s, want %s", id, st, key, want)
		}
	}
	for hn, want := range map[string]int{"HL7-0500": 1, "HL7-0501": 0, "HL7-0502": 0, "HL7-0503": 1} {
		if n := s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1`, hn); n != want {
			t.Errorf("%s: %d patients, want %d", hn, n, want)
		}
		if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND entity_id = $1`, hn); n != want {
			t.Errorf("%s: %d change-log rows, want %d", hn, n, want)
		}
	}

	// delivered again (the queue's redelivery): in order, the A08 after the A01
	resp, err = w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs[2:4]})
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("redelivery: %v %v", resp.BatchItemFailures, err)
	}
	if st, _ := f.status(t, control(msgs[3])); st != hl7feed.Applied || f.name(t, "HL7-0502") != "Prasert Renamed" {
		t.Fatalf("after the redelivery the A08 is %s and the patient %s", st, f.name(t, "HL7-0502"))
	}
	// the refused one, delivered again, is left alone: it waits for a person's Apply again
	resp, _ = w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs[1:2]})
	if st, _ := f.status(t, control(msgs[1])); st != hl7feed.Failed || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("the refused message delivered again: %s %v", st, resp.BatchItemFailures)
	}
}

// The worker's first pass sends the statements that answer nothing together (db.Deferred):
// when one of them fails — here the change log refuses one patient's row (a CHECK constraint
// of this test's database) — the batch is applied again message by message, that message
// undone alone and reported, its batch-mates applied once each; delivered again once the
// cause is gone, it applies, once.
func TestADeferredStatementFailsAlone(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	q := &heldQueue{}
	s.Env.SetQueue(hl7feed.Queue, q)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	f := feed{s: s, key: rotate(t, s, "SRP01"), out: &hl7feed.Sender{Facility: "SRP01", Prefix: "D"}}
	now := s.Clock.Now()
	for _, hn := range []string{"HL7-0600", "HL7-0601", "HL7-0602"} {
		f.post(t, f.out.ADT("A01", newcomer(hn, now), now))
	}
	if _, err := s.DB.Exec(t.Context(), `ALTER TABLE change_log ADD CONSTRAINT test_refuse CHECK (entity_id <> 'HL7-0601') NOT VALID`); err != nil {
		t.Fatal(err)
	}
	w := hl7feed.NewWorker(s.DB, s.Clock.Now, s.Env.Log, s.Env.Uploads)
	resp, err := w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "m1" {
		t.Fatalf("reported %v, want HL7-0601's A01 (m1)", resp.BatchItemFailures)
	}
	count := func() map[string]int {
		out := map[string]int{}
		for _, hn := range []string{"HL7-0600", "HL7-0601", "HL7-0602"} {
			out[hn] = s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1`, hn) +
				s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND entity_id = $1`, hn)
		}
		return out
	}
	if got := count(); got["HL7-0600"] != 2 || got["HL7-0601"] != 0 || got["HL7-0602"] != 2 {
		t.Fatalf("patients and change-log rows: %v, want HL7-0600 and HL7-0602 once each, HL7-0601 none", got)
	}
	if _, err := s.DB.Exec(t.Context(), `ALTER TABLE change_log DROP CONSTRAINT test_refuse`); err != nil {
		t.Fatal(err)
	}
	resp, err = w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs})
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("redelivery: %v %v", resp.BatchItemFailures, err)
	}
	if got := count(); got["HL7-0600"] != 2 || got["HL7-0601"] != 2 || got["HL7-0602"] != 2 {
		t.Fatalf("after the redelivery: %v, want each patient and its change-log row once", got)
	}
}
