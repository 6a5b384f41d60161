package hl7feed_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/pkg/apitest"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/hl7"
	"samrap/pkg/hl7feed"
	"samrap/pkg/hospital"
	"samrap/pkg/patientsync"
)

// The worker's round trips are fixed: the messages of a batch that concern distinct patients
// are applied together, so ten admissions cost what one does, whether the branch has a few
// patients or hundreds more; ten messages of one patient are applied one by one, each a fixed
// number of statements.
func TestRoundTripsPerMessage(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	q := &heldQueue{}
	s.Env.SetQueue(hl7feed.Queue, q)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	f := feed{s: s, key: rotate(t, s, "SRP01"), out: &hl7feed.Sender{Facility: "SRP01", Prefix: "R"}}
	counted, c := dbtest.Counting(t, s.DB)
	w := hl7feed.NewWorker(counted, s.Clock.Now, s.Env.Log, s.Env.Uploads)
	now := s.Clock.Now()
	// trips answers the statements the worker sends to apply msgs as one batch.
	trips := func(msgs []string) int64 {
		t.Helper()
		q.msgs = nil
		for _, m := range msgs {
			f.post(t, m)
		}
		before := c.Load()
		resp, err := w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs})
		if err != nil || len(resp.BatchItemFailures) != 0 {
			t.Fatalf("batch: %v %v", resp.BatchItemFailures, err)
		}
		return c.Load() - before
	}
	admits := func(from, n int, at time.Time) []string {
		var out []string
		for i := range n {
			p := newcomer(fmt.Sprintf("TRIP-%05d", from+i), at)
			p.Allergies = []hospital.Concept{{Text: "shrimp", Codings: []hospital.Coding{{System: hospital.SNOMED, Code: "300913006"}}}}
			out = append(out, f.out.ADT("A01", p, at))
		}
		return out
	}
	one, ten := trips(admits(0, 1, now)), trips(admits(1, 10, now))
	t.Logf("admissions: a batch of one %d statements, of ten %d", one, ten)
	// were 9 a message and 4 a batch, then 7 and 6 (2026-11-28)
	if ten != one || ten > 14 {
		t.Errorf("ten admissions: %d statements, one: %d; want the same, 14 at most", ten, one)
	}
	// hundreds more patients in the branch: the same batch costs the same
	for i := 0; i < 300; i += 10 {
		trips(admits(100+i, 10, now))
	}
	if again := trips(admits(1000, 10, now)); again != ten {
		t.Errorf("ten admissions with 300 more patients: %d statements, with fewer %d", again, ten)
	}
	// updates of stored patients, each with its lists
	later := now.Add(time.Minute)
	var upd, same []string
	for i := 1; i <= 10; i++ {
		p := newcomer(fmt.Sprintf("TRIP-%05d", i), later)
		p.NameEn = "Prasert Updated"
		upd = append(upd, f.out.ADT("A08", p, later))
		q := newcomer("TRIP-00001", later.Add(time.Duration(i)*time.Minute))
		q.NameEn = fmt.Sprintf("Prasert %d", i)
		same = append(same, f.out.ADT("A08", q, later.Add(time.Duration(i)*time.Minute)))
	}
	u := trips(upd)
	t.Logf("updates of ten patients: %d statements", u)
	if u > 16 {
		t.Errorf("ten updates: %d statements, want 16 at most (they were 104)", u)
	}
	// ten messages of one patient: one by one, in order
	one8 := trips(same[:1])
	s8 := trips(same[1:])
	t.Logf("updates of one patient: one %d statements, nine %d", one8, s8)
	if per := (s8 - (one8 - 7)) / 9; s8 != (one8-7)+9*per || per > 7 {
		t.Errorf("nine updates of one patient: %d statements (one: %d), want 7 a message at most", s8, one8)
	}
	if f.name(t, "TRIP-00001") != "Prasert 10" {
		t.Errorf("TRIP-00001 is %s after its ten updates, want the last", f.name(t, "TRIP-00001"))
	}
}

// A post of several messages is kept in one statement (and one commit), its duplicates in a
// second: a message sent twice in the same post is acknowledged twice and queued once.
func TestAPostIsKeptInOneStatement(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	q := &heldQueue{}
	counted, c := dbtest.Counting(t, s.DB)
	r := hl7feed.NewReceiver(counted, q, s.Clock.Now)
	out := &hl7feed.Sender{Facility: "SRP01", Prefix: "P"}
	now := s.Clock.Now()
	var msgs []string
	for i := range 10 {
		msgs = append(msgs, out.ADT("A01", newcomer(fmt.Sprintf("POST-%03d", i), now), now))
	}
	post := func(msgs []string) (int64, []string) {
		t.Helper()
		before := c.Load()
		acks, err := r.Send(t.Context(), "SRP01", msgs)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := hl7.Split(acks)
		if err != nil {
			t.Fatal(err)
		}
		var codes []string
		for _, a := range raw {
			m, err := hl7.Parse(a)
			if err != nil {
				t.Fatal(err)
			}
			code, _ := ack(m)
			codes = append(codes, code)
		}
		return c.Load() - before, codes
	}
	if n, codes := post(msgs[:1]); n != 1 || len(codes) != 1 || codes[0] != hl7.AA {
		t.Fatalf("one message: %d statements, ACKs %v", n, codes)
	}
	n, codes := post(append(slices.Clone(msgs[1:]), msgs[1]))
	if n != 2 || len(codes) != 10 || slices.ContainsFunc(codes, func(c string) bool { return c != hl7.AA }) {
		t.Fatalf("nine messages and one sent twice: %d statements (want 2: the post and its duplicate), ACKs %v", n, codes)
	}
	if len(q.msgs) != 10 {
		t.Errorf("queued %d messages, want 10", len(q.msgs))
	}
	if d := s.Count(`SELECT count(*) FROM hl7_message WHERE branch_code = 'SRP01' AND status = 'duplicate'`); d != 1 {
		t.Errorf("%d duplicates kept, want 1", d)
	}
	// kept in the order posted: the feed screen lists them newest first
	var first string
	if err := s.DB.QueryRow(t.Context(), `SELECT control_id FROM hl7_message WHERE branch_code = 'SRP01'
		AND status = 'queued' ORDER BY received_at DESC LIMIT 1`).Scan(&first); err != nil || first != control(msgs[9]) {
		t.Errorf("newest message %s, want %s (%v)", first, control(msgs[9]), err)
	}
}
