package hl7feed_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/pkg/apitest"
	"samrap/pkg/dbtest"
	"samrap/pkg/demo"
	"samrap/pkg/errs"
	"samrap/pkg/hl7"
	"samrap/pkg/hl7feed"
	"samrap/pkg/hospital"
	"samrap/pkg/patientsync"
)

// The worker's round trips are fixed: the messages of a batch that concern distinct patients
// are applied together, so ten admissions cost what one does, whether the branch has a few
// patients or hundreds more; ten messages of one patient are applied one by one, each a fixed
// number of round trips (a statement, or the statements that answer nothing sent together).
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
	// trips answers the round trips the worker makes to apply msgs as one batch.
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
	// the first batch reads the branch's maps and codes (two statements); the worker keeps
	// them for the next while the branch's codes count does not move
	first, one, ten := trips(admits(0, 1, now)), trips(admits(20000, 1, now)), trips(admits(1, 10, now))
	t.Logf("admissions: a first batch of one %d round trips, then one %d, ten %d", first, one, ten)
	// were 9 a message and 4 a batch, then 7 and 6, then 13 a batch, then 11 (2026-11-28);
	// round trips since the statements that answer nothing go together (db.Deferred)
	if first != one+2 || ten != one || ten > 8 {
		t.Errorf("admissions: a first batch %d round trips, then one %d, ten %d; want the first 2 more (the maps, the codes), the others the same, 8 at most",
			first, one, ten)
	}
	// a ward added (master data) or the maps saved: the next batch reads them again, and uses the new ward
	if _, err := s.DB.Exec(t.Context(), `INSERT INTO ward (branch_code, code, name_th, name_en, ward_type_id)
		SELECT branch_code, 'W-TRIPS', 'ตึกทดสอบ', 'Trips ward', ward_type_id FROM ward WHERE branch_code = 'SRP01' LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if again := trips(admits(20001, 1, now)); again != first {
		t.Errorf("a batch after a ward was added: %d round trips, want %d (the codes read again)", again, first)
	}
	if again := trips(admits(20002, 1, now)); again != one {
		t.Errorf("the batch after: %d round trips, want %d", again, one)
	}
	if _, err := s.DB.Exec(t.Context(), `UPDATE hospital_connector SET updated_at = now() WHERE branch_code = 'SRP01'`); err != nil {
		t.Fatal(err)
	}
	if again := trips(admits(20003, 1, now)); again != first {
		t.Errorf("a batch after the maps were saved: %d round trips, want %d (read again)", again, first)
	}
	// hundreds more patients in the branch: the same batch costs the same
	for i := 0; i < 300; i += 10 {
		trips(admits(100+i, 10, now))
	}
	if again := trips(admits(1000, 10, now)); again != ten {
		t.Errorf("ten admissions with 300 more patients: %d round trips, with fewer %d", again, ten)
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
	t.Logf("updates of ten patients: %d round trips", u)
	if u > 8 {
		t.Errorf("ten updates: %d round trips, want 8 at most (they were 104)", u)
	}
	// ten messages of one patient: one by one, in order, with no savepoint (a batch is 3:
	// begin, lock the messages, commit; the outcomes go with the last message's change log)
	one8 := trips(same[:1])
	s8 := trips(same[1:])
	t.Logf("updates of one patient: one %d round trips, nine %d", one8, s8)
	if per := (s8 - 3) / 9; one8 != 3+per || s8 != 3+9*per || per > 5 {
		t.Errorf("nine updates of one patient: %d round trips (one: %d), want 3 a batch and 5 a message at most", s8, one8)
	}
	if f.name(t, "TRIP-00001") != "Prasert 10" {
		t.Errorf("TRIP-00001 is %s after its ten updates, want the last", f.name(t, "TRIP-00001"))
	}
}

// A post is one statement (and one commit): its messages kept, its duplicates with them,
// and the feed key checked in the same statement — the key found once is remembered, and
// checked again where the post is kept, so a rotated key is refused at once. A message sent
// twice in the same post is acknowledged twice and queued once.
func TestAPostIsKeptInOneStatement(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	q := &heldQueue{}
	counted, c := dbtest.Counting(t, s.DB)
	r := hl7feed.NewReceiver(counted, q, s.Clock.Now)
	out := &hl7feed.Sender{Facility: "SRP01", Prefix: "P"}
	now := s.Clock.Now()
	var msgs []string
	for i := range 12 {
		msgs = append(msgs, out.ADT("A01", newcomer(fmt.Sprintf("POST-%03d", i), now), now))
	}
	key := rotate(t, s, "SRP01")
	// post answers the statements of a post with key (authenticated, kept, queued) and its ACKs
	post := func(key string, msgs []string) (int64, []string, error) {
		t.Helper()
		before := c.Load()
		k, err := r.Authenticate(t.Context(), "SRP01", key)
		if err != nil {
			return c.Load() - before, nil, err
		}
		acks, err := r.Receive(t.Context(), "SRP01", k, []byte(strings.Join(msgs, "")))
		if err != nil {
			return c.Load() - before, nil, err
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
		return c.Load() - before, codes, nil
	}
	if n, codes, err := post(key, msgs[:1]); err != nil || n != 2 || len(codes) != 1 || codes[0] != hl7.AA {
		t.Fatalf("the first post: %d statements (want 2: the key, the post), ACKs %v, %v", n, codes, err)
	}
	n, codes, err := post(key, append(slices.Clone(msgs[1:10]), msgs[1]))
	if err != nil || n != 1 || len(codes) != 10 || slices.ContainsFunc(codes, func(c string) bool { return c != hl7.AA }) {
		t.Fatalf("nine messages and one sent twice: %d statements (want 1), ACKs %v, %v", n, codes, err)
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
		ORDER BY received_at DESC LIMIT 1`).Scan(&first); err != nil || first != control(msgs[1]) {
		t.Errorf("newest message %s, want the duplicate %s (%v)", first, control(msgs[1]), err)
	}
	// the key rotated: the remembered one is refused where the post would be kept, nothing kept
	kept := s.Count(`SELECT count(*) FROM hl7_message`)
	newKey := rotate(t, s, "SRP01")
	if _, _, err := post(key, msgs[10:11]); !unauthenticated(err) {
		t.Errorf("a post with the rotated key: %v, want 401", err)
	}
	if _, _, err := post("samrap_hl7_not-a-key", msgs[10:11]); !unauthenticated(err) {
		t.Errorf("a post with another key: %v, want 401", err)
	}
	if n := s.Count(`SELECT count(*) FROM hl7_message`); n != kept {
		t.Errorf("%d messages kept after refused posts, want %d", n, kept)
	}
	if n, codes, err := post(newKey, msgs[10:12]); err != nil || n != 2 || len(codes) != 2 || codes[0] != hl7.AA {
		t.Errorf("a post with the new key: %d statements (want 2: the key, the post), ACKs %v, %v", n, codes, err)
	}
	if n, _, err := post(newKey, msgs[10:11]); err != nil || n != 1 {
		t.Errorf("the next post with the new key: %d statements (want 1), %v", n, err)
	}
}

func unauthenticated(err error) bool {
	e, ok := errs.As(err)
	return ok && e.Kind == errs.Unauthenticated
}

// A message kept but never queued (its receiver died between the commit and the queue, and
// the sender, without an ACK, sends it again) is queued again by the resend: the resend is a
// duplicate, and what it repeats is applied, once.
func TestAResendQueuesWhatWasNeverQueued(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	q := &heldQueue{}
	r := hl7feed.NewReceiver(s.DB, q, s.Clock.Now)
	w := hl7feed.NewWorker(s.DB, s.Clock.Now, s.Env.Log, s.Env.Uploads)
	out := &hl7feed.Sender{Facility: "SRP01", Prefix: "L"}
	now := s.Clock.Now()
	msg := out.ADT("A01", newcomer("LOST-001", now), now)
	send := func() string {
		t.Helper()
		acks, err := r.Send(t.Context(), "SRP01", []string{msg})
		if err != nil {
			t.Fatal(err)
		}
		m, err := hl7.Parse(acks)
		if err != nil {
			t.Fatal(err)
		}
		code, _ := ack(m)
		return code
	}
	if code := send(); code != hl7.AA {
		t.Fatalf("first send: %s", code)
	}
	q.msgs = nil // lost with its receiver
	if code := send(); code != hl7.AA || len(q.msgs) != 1 {
		t.Fatalf("sent again: %s, %d queued; want AA and the first queued again", code, len(q.msgs))
	}
	if resp, err := w.Handle(t.Context(), lambdaevents.SQSEvent{Records: q.msgs}); err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("apply: %v %v", resp.BatchItemFailures, err)
	}
	if n := s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = 'LOST-001'`); n != 1 {
		t.Errorf("LOST-001: %d patients, want 1 (admitted)", n)
	}
	if n := s.Count(`SELECT count(*) FROM hl7_message WHERE branch_code = 'SRP01' AND control_id = $1 AND status = 'applied'`, control(msg)); n != 1 {
		t.Errorf("%d messages applied, want 1", n)
	}
	// once applied, a resend queues nothing
	q.msgs = nil
	if code := send(); code != hl7.AA || len(q.msgs) != 0 {
		t.Errorf("sent once applied: %s, %d queued; want AA and nothing queued", code, len(q.msgs))
	}
}
