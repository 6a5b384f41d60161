package hl7feed_test

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/demo"
	"samrap/pkg/hl7"
	"samrap/pkg/hl7feed"
	"samrap/pkg/hospital"
	"samrap/pkg/orders"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue"
)

type feed struct {
	s       *apitest.Server
	q       *queue.Memory
	key     string
	out     *hl7feed.Sender
	applied *latencies
}

// latencies are the times from a message's queueing to the commit of the batch that applied
// it (the queue's SentTimestamp, in milliseconds, to the worker's return).
type latencies struct {
	mu   sync.Mutex
	took []time.Duration
}

// after records the latencies of the records of ev the worker did not report failed.
func (l *latencies) after(ev lambdaevents.SQSEvent, resp lambdaevents.SQSEventResponse, err error) {
	if err != nil {
		return
	}
	failed := map[string]bool{}
	for _, f := range resp.BatchItemFailures {
		failed[f.ItemIdentifier] = true
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range ev.Records {
		if sent, err := strconv.ParseInt(m.Attributes["SentTimestamp"], 10, 64); err == nil && !failed[m.MessageId] {
			l.took = append(l.took, now.Sub(time.UnixMilli(sent)))
		}
	}
}

// newFeed is the API over the demo data with the hl7-feed worker behind an in-process FIFO
// queue (batches of up to ten, two at once, as functions/local runs it), SRP01 with the demo
// hospital's maps and a feed key.
func newFeed(t testing.TB) feed {
	t.Helper()
	s := apitest.New(t)
	w := hl7feed.NewWorker(s.DB, s.Clock.Now, s.Env.Log, s.Env.Uploads)
	applied := &latencies{}
	handle := func(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
		resp, err := w.Handle(ctx, ev)
		applied.after(ev, resp, err)
		return resp, err
	}
	q := queue.NewMemory(handle, queue.MemoryConfig{Name: hl7feed.Queue, Backoff: 10 * time.Millisecond, BatchSize: 10, Concurrency: 2})
	t.Cleanup(func() { _ = q.Close() })
	s.Env.SetQueue(hl7feed.Queue, q)
	if err := patientsync.SetDefaultSettings(t.Context(), s.DB, "SRP01", demo.HospitalSettings("http://127.0.0.1:1/dev/fhir/SRP01")); err != nil {
		t.Fatal(err)
	}
	return feed{s: s, q: q, key: rotate(t, s, "SRP01"), out: &hl7feed.Sender{Facility: "SRP01", Prefix: "T"}, applied: applied}
}

func rotate(t testing.TB, s *apitest.Server, branch string) string {
	t.Helper()
	sam := s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	res := s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/rotateFeedKey", Token: sam, JSON: map[string]any{"code": branch}})
	var f patientsync.Feed
	res.Into(t, &f)
	if f.Key == "" {
		t.Fatalf("rotate %s: %s", branch, res.Body)
	}
	return f.Key
}

// post sends body to SRP01's feed and answers the ACKs read back.
func (f feed) post(t testing.TB, body string) []*hl7.Message {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/hl7/SRP01", Token: f.key, Body: strings.NewReader(body)})
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "x-application/hl7-v2+er7") {
		t.Fatalf("post: %d %s", res.Status, res.Body)
	}
	raw, err := hl7.Split(res.Body)
	if err != nil {
		t.Fatalf("the ACKs do not read: %v\n%q", err, res.Body)
	}
	var out []*hl7.Message
	for _, r := range raw {
		m, err := hl7.Parse(r)
		if err != nil {
			t.Fatalf("an ACK does not parse: %v", err)
		}
		out = append(out, m)
	}
	return out
}

// ack answers MSA-1 and MSA-2 of an ACK.
func ack(m *hl7.Message) (string, string) {
	msa, _ := m.Segment("MSA")
	return msa.Value(1), msa.Value(2)
}

// wait waits until no message of SRP01 is queued.
func (f feed) wait(t testing.TB) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if f.s.Count(`SELECT count(*) FROM hl7_message WHERE branch_code = 'SRP01' AND status = 'queued'`) == 0 {
			return
		}
	}
	t.Fatal("messages still queued")
}

func (f feed) status(t testing.TB, controlID string) (status, errKey string) {
	t.Helper()
	err := f.s.DB.QueryRow(context.Background(), `SELECT status, error_key FROM hl7_message
		WHERE branch_code = 'SRP01' AND control_id = $1 ORDER BY received_at DESC, status LIMIT 1`, controlID).Scan(&status, &errKey)
	if err != nil {
		t.Fatalf("message %s: %v", controlID, err)
	}
	return status, errKey
}

func (f feed) name(t testing.TB, hn string) string {
	t.Helper()
	var n string
	if err := f.s.DB.QueryRow(context.Background(), `SELECT first_name_en || ' ' || last_name_en FROM patient
		WHERE branch_code = 'SRP01' AND hn_id = $1`, hn).Scan(&n); err != nil {
		t.Fatalf("patient %s: %v", hn, err)
	}
	return n
}

func control(m string) string {
	msg, err := hl7.Parse([]byte(m))
	if err != nil {
		panic(err)
	}
	msh, _ := msg.Segment("MSH")
	return msh.Value(10)
}

func newcomer(hn string, at time.Time) hospital.Admission {
	return hospital.Admission{HN: hn, NameTh: "ประเสริฐ มีสุข", NameEn: "Prasert Meesuk", Gender: "male", BirthDate: "1979-03-02",
		Ward: "W01", Admitted: at}
}

// The feed's answers: 401 without the branch's key; AA for a message kept and queued (and
// applied: the patient admitted); AE for one that lacks what is needed; AR for what cannot
// be read and for another facility's; one ACK per message of a batch, in order, MLLP
// framing dropped.
func TestFeedAnswers(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	now := f.s.Clock.Now()
	a01 := f.out.ADT("A01", newcomer("HL7-0001", now), now)

	for name, key := range map[string]string{"no key": "", "a wrong key": "samrap_hl7_nope", "another branch's key": rotate(t, f.s, "SRP02")} {
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/hl7/SRP01", Token: key, Lang: "en", Body: strings.NewReader(a01)})
		if res.Status != http.StatusUnauthorized || res.Msg != "The HL7 feed key is not this branch's" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/hl7/NOPE", Token: f.key, Body: strings.NewReader(a01)})
	if res.Status != http.StatusUnauthorized {
		t.Errorf("a branch without a feed: %d", res.Status)
	}
	if n := f.s.Count(`SELECT count(*) FROM hl7_message`); n != 0 {
		t.Fatalf("%d messages kept from refused posts", n)
	}

	acks := f.post(t, "\x0b"+a01+"\x1c\r")
	if code, id := ack(acks[0]); len(acks) != 1 || code != hl7.AA || id != control(a01) {
		t.Fatalf("A01: %s %s", code, id)
	}
	f.wait(t)
	if st, _ := f.status(t, control(a01)); st != hl7feed.Applied || f.name(t, "HL7-0001") != "Prasert Meesuk" {
		t.Fatalf("the A01 is %s", st)
	}

	noMR := strings.Replace(f.out.ADT("A08", newcomer("HL7-0002", now), now), "HL7-0002^^^HOSPITAL^MR", "HL7-0002^^^HOSPITAL^NI", 1)
	other := strings.Replace(f.out.ADT("A08", newcomer("HL7-0003", now), now), "|SAMRAP|SRP01|", "|SAMRAP|OTHER|", 1)
	unknown := strings.Replace(f.out.ADT("A08", newcomer("HL7-0004", now), now), "ADT^A08^", "ADT^A31^", 1)
	acks = f.post(t, hl7feed.Batch([]string{noMR, other, unknown}))
	var got []string
	for _, a := range acks {
		code, id := ack(a)
		got = append(got, code+" "+id)
	}
	want := []string{"AE " + control(noMR), "AR " + control(other), "AA " + control(unknown)}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("batch ACKs %v, want %v", got, want)
	}
	if err, _ := acks[0].Segment("ERR"); err.Value(2) != "PID" || !strings.Contains(string(acks[0].Encode()), "typed MR") {
		t.Errorf("the AE's ERR: %q", acks[0].Encode())
	}
	if err, _ := acks[1].Segment("ERR"); err.Value(2) != "MSH" {
		t.Errorf("the AR's ERR: %q", acks[1].Encode())
	}
	acks = f.post(t, "this is not HL7")
	if code, _ := ack(acks[0]); code != hl7.AR {
		t.Errorf("garbage: %s", code)
	}
	f.wait(t)
	for id, want := range map[string]string{control(noMR): "failed hl7Feed.invalid", control(other): "failed hl7Feed.notOurs",
		control(unknown): "skipped hl7Feed.notApplied"} {
		if st, key := f.status(t, id); st+" "+key != want {
			t.Errorf("%s: %s %s, want %s", id, st, key, want)
		}
	}
	// every message kept: those the worker never applies (refused, not for Samrap) with their
	// text in their row, until housekeeping drops the row after housekeeping.HL7Keep; the applied
	// A01's text in the archive only (the uploads bucket's hl7/, kept as long)
	if n := f.s.Count(`SELECT count(*) FROM hl7_message WHERE branch_code = 'SRP01'`); n != 5 {
		t.Errorf("%d messages kept, want 5", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM hl7_message WHERE branch_code = 'SRP01' AND raw <> '' AND status <> 'applied'`); n != 4 {
		t.Errorf("%d messages not applied with their text, want 4", n)
	}
	var id, raw string
	var received time.Time
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id, raw, received_at FROM hl7_message WHERE control_id = $1`, control(a01)).Scan(&id, &raw, &received); err != nil {
		t.Fatal(err)
	}
	if raw != "" {
		t.Error("an applied message keeps its text in the database")
	}
	if got := f.archived(t, hl7feed.ArchiveKey("SRP01", received, id)); !strings.Contains(got, "HL7-0001") || !strings.HasPrefix(got, "MSH|") {
		t.Errorf("the archive holds %q", got)
	}
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id IN ('HL7-0002', 'HL7-0003', 'HL7-0004')`); n != 0 {
		t.Errorf("%d patients added by messages not applied", n)
	}

	// a facility the Super Admin names is ours too
	sam := f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/rotateFeedKey", Token: sam,
		JSON: map[string]any{"code": "SRP01", "facility": "OTHER"}})
	var fd patientsync.Feed
	res.Into(t, &fd)
	f.key = fd.Key
	other2 := strings.Replace(f.out.ADT("A08", newcomer("HL7-0003", now), now), "|SAMRAP|SRP01|", "|SAMRAP|OTHER|", 1)
	if code, _ := ack(f.post(t, other2)[0]); code != hl7.AA {
		t.Errorf("the branch's facility: %s", code)
	}
}

// A message received twice is acknowledged twice and applied once; one sent before the
// last applied for its patient is recorded as stale and changes nothing.
func TestDuplicateAndStale(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	now := f.s.Clock.Now()
	p := newcomer("HL7-0100", now.Add(-time.Hour))
	a01 := f.out.ADT("A01", p, now.Add(-time.Hour))
	f.post(t, a01)
	f.wait(t)
	logged := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND entity_id = 'HL7-0100'`)
	if code, _ := ack(f.post(t, a01)[0]); code != hl7.AA {
		t.Fatalf("the duplicate's ACK: %s", code)
	}
	f.wait(t)
	if n := f.s.Count(`SELECT count(*) FROM hl7_message WHERE control_id = $1 AND status = 'duplicate'`, control(a01)); n != 1 {
		t.Fatalf("%d duplicates kept", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND entity_id = 'HL7-0100'`); n != logged || logged != 1 {
		t.Fatalf("change-log rows %d after the duplicate, %d before (want 1)", n, logged)
	}

	newer, older := p, p
	newer.NameEn, older.NameEn = "Prasert Newname", "Prasert Oldname"
	m2 := f.out.ADT("A08", newer, now)
	m1 := f.out.ADT("A08", older, now.Add(-30*time.Minute))
	f.post(t, m2)
	f.wait(t)
	f.post(t, m1)
	f.wait(t)
	if st, key := f.status(t, control(m1)); st != hl7feed.Stale || key != "hl7Feed.stale" {
		t.Fatalf("the older A08 is %s", st)
	}
	if got := f.name(t, "HL7-0100"); got != "Prasert Newname" {
		t.Fatalf("the name is %q after the stale message", got)
	}
}

// An NPO diet order flags the patient's next ordered tray at once; the discharge of
// another patient flags that patient's.
func TestNPOFlagsTheNextTray(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	ctx := context.Background()
	type order struct{ hn, id string }
	var list []order
	rows, err := f.s.DB.Query(ctx, `SELECT p.hn_id, o.id::text FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE o.branch_code = 'SRP01' AND o.status = 'WAITING' AND NOT o.needs_review AND o.order_date >= $1::date
		ORDER BY p.hn_id, o.order_date, o.meal_time_id`, day.TodayString(f.s.Clock.Now()))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for rows.Next() {
		var o order
		if err := rows.Scan(&o.hn, &o.id); err != nil {
			t.Fatal(err)
		}
		if !seen[o.hn] {
			seen[o.hn] = true
			list = append(list, o)
		}
	}
	rows.Close()
	if len(list) < 2 {
		t.Fatalf("the demo data has %d patients with a tray ordered", len(list))
	}
	now := f.s.Clock.Now()
	from, to := now.Add(-time.Hour), now.Add(20*time.Hour)
	npo := hospital.Admission{HN: list[0].hn, Diets: []hospital.DietOrder{{From: &from, To: &to,
		Types: []hospital.Concept{{Codings: []hospital.Coding{{System: "urn:samrap:demo:diet", Code: "NPO"}}}}}}}
	msg := f.out.DietOrder("NW", npo, now)
	f.post(t, msg)
	gone := f.out.ADT("A03", hospital.Admission{HN: list[1].hn}, now)
	f.post(t, gone)
	f.wait(t)
	for _, c := range []struct{ id, order, reason string }{{control(msg), list[0].id, "NPO"}, {control(gone), list[1].id, "DISCHARGED"}} {
		if st, key := f.status(t, c.id); st != hl7feed.Applied {
			t.Fatalf("%s: %s %s", c.id, st, key)
		}
		if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1::uuid AND $2 = ANY (review_reasons)`, c.order, c.reason); n != 1 {
			t.Errorf("order %s is not flagged %s", c.order, c.reason)
		}
	}
	var npoFrom, npoTo time.Time
	if err := f.s.DB.QueryRow(ctx, `SELECT npo_from, npo_to FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1`, list[0].hn).Scan(&npoFrom, &npoTo); err != nil {
		t.Fatal(err)
	}
	if !npoFrom.Equal(from) || !npoTo.Equal(to) {
		t.Errorf("NPO %v–%v, want %v–%v", npoFrom, npoTo, from, to)
	}
	// an update of the same patient without a diet order leaves the fast
	f.post(t, f.out.ADT("A08", hospital.Admission{HN: list[0].hn, NameEn: "Renamed Patient"}, now.Add(time.Minute)))
	f.wait(t)
	if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1 AND npo_from IS NOT NULL`, list[0].hn); n != 1 {
		t.Error("an A08 without a diet order ended the fast")
	}
}

// A registration moves nobody; a transfer moves the patient; a discharge frees the bed; a cancelled discharge brings the
// patient back; a cancelled admission discharges; an update does not readmit; a merge of a
// patient the branch does not have changes nothing.
func TestStayMessages(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	ctx := context.Background()
	now := f.s.Clock.Now().Add(-time.Hour)
	var bed1, bed2 string
	if err := f.s.DB.QueryRow(ctx, `SELECT r.code FROM room r JOIN ward w ON w.id = r.ward_id AND w.branch_code = r.branch_code
		WHERE r.branch_code = 'SRP01' AND w.code = 'W01'
			AND NOT EXISTS (SELECT 1 FROM patient p WHERE p.branch_code = r.branch_code AND p.room_id = r.id)
		ORDER BY r.code LIMIT 1`).Scan(&bed1); err != nil {
		t.Fatal(err)
	}
	if err := f.s.DB.QueryRow(ctx, `SELECT r.code FROM room r JOIN ward w ON w.id = r.ward_id AND w.branch_code = r.branch_code
		WHERE r.branch_code = 'SRP01' AND w.code = 'W02'
			AND NOT EXISTS (SELECT 1 FROM patient p WHERE p.branch_code = r.branch_code AND p.room_id = r.id)
		ORDER BY r.code LIMIT 1`).Scan(&bed2); err != nil {
		t.Fatal(err)
	}
	stay := func() string {
		var s string
		if err := f.s.DB.QueryRow(ctx, `SELECT p.visit_status || ' ' || coalesce(w.code, '-') || ' ' || coalesce(r.code, '-')
			FROM patient p LEFT JOIN ward w ON w.id = p.ward_id LEFT JOIN room r ON r.id = p.room_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = 'HL7-0200'`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	p := newcomer("HL7-0200", now)
	p.Bed = bed1
	moved := p
	moved.Ward, moved.Bed = "W02", bed2
	updated := moved
	updated.NameEn = "Prasert Updated"
	steps := []struct {
		msg, want string
	}{
		{f.out.ADT("A01", p, now), "Current W01 " + bed1},
		{f.out.ADT("A04", moved, now.Add(30*time.Second)), "Current W01 " + bed1}, // a registration moves nobody
		{f.out.ADT("A02", moved, now.Add(time.Minute)), "Current W02 " + bed2},
		{f.out.ADT("A03", moved, now.Add(2*time.Minute)), "Discharge W02 -"},
		{f.out.ADT("A08", updated, now.Add(3*time.Minute)), "Discharge W02 -"},
		{f.out.ADT("A13", moved, now.Add(4*time.Minute)), "Current W02 " + bed2},
		{f.out.ADT("A11", moved, now.Add(5*time.Minute)), "Discharge W02 -"},
	}
	for i, st := range steps {
		f.post(t, st.msg)
		f.wait(t)
		if s, key := f.status(t, control(st.msg)); s != hl7feed.Applied {
			t.Fatalf("step %d: %s %s", i, s, key)
		}
		if got := stay(); got != st.want {
			t.Fatalf("step %d: %s, want %s", i, got, st.want)
		}
		if got := f.name(t, "HL7-0200"); i == 4 && got != "Prasert Updated" {
			t.Errorf("the update of a discharged patient: name %q", got)
		}
	}
	merge := strings.Replace(f.out.ADT("A08", p, now.Add(6*time.Minute)), "ADT^A08^", "ADT^A40^", 1) + "MRG|HL7-0199^^^HOSPITAL^MR\r"
	if code, _ := ack(f.post(t, merge)[0]); code != hl7.AA {
		t.Fatalf("the merge's ACK: %s", code)
	}
	f.wait(t)
	// MRG-1 names a patient the branch does not have: nothing to merge
	if s, key := f.status(t, control(merge)); s != hl7feed.Skipped || key != "hl7Feed.mergeNothing" {
		t.Errorf("the merge: %s %s", s, key)
	}
}

// The Super Admin lists a branch's messages with their outcome and reason, and queues a
// failed one again once its cause is gone; only an accepted message that failed replays.
func TestMessagesAndReplay(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	now := f.s.Clock.Now()
	p := newcomer("HL7-0300", now)
	p.BirthDate = now.AddDate(0, 0, 2).Format(time.DateOnly) // refused: a birthday to come
	msg := f.out.ADT("A01", p, now)
	f.post(t, msg)
	f.post(t, "not HL7")
	f.wait(t)
	sam := f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	list := func(status string) httpPage {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Messages?code=SRP01&status=" + status, Token: sam, Lang: "en"})
		var pg httpPage
		res.Into(t, &pg)
		return pg
	}
	failed := list("failed")
	if failed.Total != 2 || len(failed.Items) != 2 {
		t.Fatalf("failed messages: %+v", failed)
	}
	if n := failed.day(); n != [3]int{2, 0, 2} {
		t.Errorf("the last day by the hour: received, applied, failed %v", n)
	}
	var id string
	for _, m := range failed.Items {
		if m.ControlID == control(msg) {
			id = m.ID
			if m.Ack != "AA" || m.Reason != "Some patient data from the hospital is invalid, so no change was saved" || m.HnID != "HL7-0300" {
				t.Errorf("the failed A01: %+v", m)
			}
		} else if m.Ack != "AR" || m.Reason != "This HL7 message cannot be read" {
			t.Errorf("the unreadable one: %+v", m)
		}
	}
	replay := func(id string) int {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hl7Replay", Token: sam, JSON: map[string]any{"code": "SRP01", "id": id}}).Status
	}
	for _, m := range failed.Items {
		if m.ID != id && replay(m.ID) != http.StatusNotFound {
			t.Error("an unreadable message replays")
		}
	}
	f.s.Clock.Advance(72 * time.Hour) // the birthday is past
	sam = f.s.TokenAs("superadmin@samrap.local", "SRP01", "SAM")
	if st := replay(id); st != http.StatusOK {
		t.Fatalf("replay: %d", st)
	}
	f.wait(t)
	if st, _ := f.status(t, control(msg)); st != hl7feed.Applied || f.name(t, "HL7-0300") != "Prasert Meesuk" {
		t.Fatalf("after the replay: %s", st)
	}
	if st := replay(id); st != http.StatusNotFound {
		t.Errorf("an applied message replays: %d", st)
	}
	if all := list(""); all.Total != 2 || list("applied").Total != 1 || all.day() != [3]int{2, 1, 1} {
		t.Errorf("all messages: %+v", all)
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/data-patient/hl7Messages?code=SRP01", Token: f.s.TokenAs("controller@samrap.local", "SRP01", "BCT")})
	if res.Status != http.StatusForbidden {
		t.Errorf("a Controller reads the feed: %d", res.Status)
	}
}

func ordersTokenKey(f feed) ([]byte, error) {
	return orders.TokenKey(context.Background(), f.s.Env.Keys)
}

func sign(key []byte, orderID, date string, meal int64, hn string) (string, error) {
	return orders.SignToken(key, orderID, "SRP01", date, meal, hn)
}

// archived reads a message's text from the archive.
func (f feed) archived(t testing.TB, key string) string {
	t.Helper()
	r, err := f.s.Env.Uploads.Get(t.Context(), key)
	if err != nil {
		t.Fatalf("archive %s: %v", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type httpPage struct {
	Items []hl7feed.Message `json:"items"`
	Total int               `json:"total"`
	Hours []hl7feed.Hour    `json:"hours"`
}

// day sums the page's last day by the hour: received, applied, failed.
func (p httpPage) day() [3]int {
	var n [3]int
	for _, h := range p.Hours {
		n[0], n[1], n[2] = n[0]+h.Received, n[1]+h.Applied, n[2]+h.Failed
	}
	return n
}

// An A40 merge (issue 30): MRG-1's patient (prior) into PID-3's (survivor).
func TestMergeKeepsTheOrdersAndEveryAllergy(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	ctx := context.Background()
	now := f.s.Clock.Now()
	// two demo patients with trays to come
	var hns []string
	rows, err := f.s.DB.Query(ctx, `SELECT DISTINCT p.hn_id FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE o.branch_code = 'SRP01' AND o.status = 'WAITING' AND NOT o.needs_review AND o.order_date >= $1::date
		ORDER BY p.hn_id LIMIT 3`, day.TodayString(now))
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var hn string
		if err := rows.Scan(&hn); err != nil {
			t.Fatal(err)
		}
		hns = append(hns, hn)
	}
	rows.Close()
	if len(hns) < 3 {
		t.Fatalf("the demo data has %d patients with a tray to come", len(hns))
	}
	merge := func(survivor, prior string, at time.Time) string {
		msg := strings.Replace(f.out.ADT("A08", hospital.Admission{HN: survivor, NameTh: "ผู้ป่วย รวมแล้ว", NameEn: "Merged Patient"}, at),
			"ADT^A08^", "ADT^A40^", 1) + "MRG|" + prior + "^^^HOSPITAL^MR\r"
		f.post(t, msg)
		f.wait(t)
		return control(msg)
	}
	orders := func(hn string) int {
		return f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND o.status <> 'CANCELLED'`, hn)
	}
	today := day.TodayString(now)
	// printCards records the cards of hn's trays to come as printed (generatePDF does, pkg/reports)
	printCards := func(hn string) {
		t.Helper()
		if _, err := f.s.DB.Exec(ctx, `SELECT meal_order_printed('SRP01', array_agg(o.id), array_agg(coalesce(p.ward_id, 0)),
				array_agg(coalesce(p.room_id, 0)))
			FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
			WHERE o.branch_code = 'SRP01' AND p.hn_id = $1 AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL') AND o.order_date >= $2::date`,
			hn, today); err != nil {
			t.Fatal(err)
		}
	}
	// cards answers how many trays to come have a card printed for hn, flagged moved (to print
	// again: on the reprint list) or not
	cards := func(hn string, moved bool) int {
		return f.s.Count(`SELECT count(*) FROM meal_order o WHERE o.branch_code = 'SRP01' AND o.printed_hn = $1
			AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL') AND o.order_date >= $2::date AND o.moved = $3`, hn, today, moved)
	}

	t.Run("bothKnown", func(t *testing.T) {
		survivor, prior := hns[0], hns[1]
		// a tray of the prior the survivor has no tray of: a breakfast in five days
		if _, err := f.s.DB.Exec(ctx, `INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status,
				course_type, description, patient_facts)
			SELECT 'SRP01', p.id, $2::date, t.id, 'ORD', 'WAITING', 'SPECIFIC', 'ข้าวต้ม rice soup', patient_food_facts('SRP01', p.id)
			FROM patient p, meal_time t WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND t.branch_code = 'SRP01' AND t.code = 'MT01'`,
			prior, day.TodayString(now.AddDate(0, 0, 5))); err != nil {
			t.Fatal(err)
		}
		// the prior has an allergy the survivor does not: it must not be lost to the merge
		var allergen int64
		if err := f.s.DB.QueryRow(ctx, `SELECT a.id FROM allergen a WHERE a.branch_code = 'SRP01' AND NOT EXISTS (
				SELECT 1 FROM patient_allergen l JOIN patient p ON p.id = l.patient_id
				WHERE p.branch_code = 'SRP01' AND p.hn_id = ANY ($1) AND l.allergen_id = a.id) ORDER BY a.code LIMIT 1`,
			[]string{survivor, prior}).Scan(&allergen); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.DB.Exec(ctx, `INSERT INTO patient_allergen (branch_code, patient_id, allergen_id)
			SELECT 'SRP01', id, $2 FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1`, prior, allergen); err != nil {
			t.Fatal(err)
		}
		kept := orders(survivor)
		printCards(prior)
		printCards(survivor)
		if cards(prior, false) == 0 || cards(survivor, false) == 0 || cards(prior, true)+cards(survivor, true) != 0 {
			t.Fatalf("cards printed before the merge: the prior's %d, the survivor's %d, %d moved", cards(prior, false),
				cards(survivor, false), cards(prior, true)+cards(survivor, true))
		}
		// the prior's trays to come of meals the survivor has none of move to the survivor
		moving := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL') AND o.order_date >= $3::date
				AND NOT EXISTS (SELECT 1 FROM meal_order x JOIN patient s ON s.id = x.patient_id WHERE s.branch_code = 'SRP01' AND s.hn_id = $2
					AND x.order_date = o.order_date AND x.meal_time_id = o.meal_time_id AND x.caregiver = o.caregiver AND x.status <> 'CANCELLED')`,
			prior, survivor, day.TodayString(now))
		if moving == 0 {
			t.Fatal("the demo data gives the prior no tray the survivor lacks: nothing would move")
		}
		id := merge(survivor, prior, now)
		if st, key := f.status(t, id); st != hl7feed.Applied {
			t.Fatalf("the merge: %s %s", st, key)
		}
		if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_order' AND before->>'hnId' = $1 AND after->>'hnId' = $2
			AND changed_by = 'hl7-feed'`, prior, survivor); n != moving {
			t.Errorf("%d change-log rows of moved orders, %d moved", n, moving)
		}
		if n := f.s.Count(`SELECT count(*) FROM patient_allergen l JOIN patient p ON p.id = l.patient_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND l.allergen_id = $2`, survivor, allergen); n != 1 {
			t.Error("the survivor lacks the prior's allergy")
		}
		if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1 AND visit_status = 'Discharge'`, prior); n != 1 {
			t.Error("the prior is still in hospital")
		}
		if n := orders(survivor); n != kept+moving {
			t.Errorf("the survivor has %d live orders, had %d and %d to take", n, kept, moving)
		}
		// every card printed with the prior's HN (moved to the survivor, or staying with the
		// discharged prior) is to be printed again; the survivor's own are still right
		if n := cards(prior, false); n != 0 || cards(prior, true) == 0 {
			t.Errorf("cards printed for the prior: %d not flagged to print again, %d flagged", n, cards(prior, true))
		}
		if n := cards(survivor, true); n != 0 {
			t.Errorf("%d of the survivor's own cards flagged to print again", n)
		}
		// every tray to come of the survivor, its own and the moved ones (checked against the
		// prior's facts, which lacked the survivor's new allergy), is flagged for a person; the
		// prior keeps only the meals the survivor had, flagged as discharged
		for hn, reason := range map[string]string{survivor: "ALLERGY", prior: "DISCHARGED"} {
			if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
				WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND o.status = 'WAITING' AND o.order_date >= $2::date
				AND NOT ($3 = ANY (o.review_reasons))`, hn, day.TodayString(now), reason); n != 0 {
				t.Errorf("%d trays to come of %s not flagged %s", n, hn, reason)
			}
		}
	})

	t.Run("onlyThePriorKnown", func(t *testing.T) {
		prior, survivor := hns[2], "HL7-MERGED-1"
		kept := orders(prior)
		// a meal card printed before the merge: its code carries the prior HN
		var orderID, date string
		var meal int64
		if err := f.s.DB.QueryRow(ctx, `SELECT o.id, o.order_date::text, o.meal_time_id FROM meal_order o JOIN patient p ON p.id = o.patient_id
			WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND o.status = 'WAITING' ORDER BY o.order_date LIMIT 1`, prior).Scan(&orderID, &date, &meal); err != nil {
			t.Fatal(err)
		}
		key, err := ordersTokenKey(f)
		if err != nil {
			t.Fatal(err)
		}
		card, err := sign(key, orderID, date, meal, prior)
		if err != nil {
			t.Fatal(err)
		}
		printCards(prior)
		printed := cards(prior, false)
		if printed == 0 {
			t.Fatal("no card of the prior printed")
		}
		id := merge(survivor, prior, now.Add(time.Minute))
		if st, key := f.status(t, id); st != hl7feed.Applied {
			t.Fatalf("the merge: %s %s", st, key)
		}
		if n := f.s.Count(`SELECT count(*) FROM patient WHERE branch_code = 'SRP01' AND hn_id = $1`, prior); n != 0 {
			t.Error("the prior HN is still there")
		}
		if n := orders(survivor); n != kept || kept == 0 {
			t.Errorf("the survivor has %d live orders, the prior had %d", n, kept)
		}
		// the cards printed with the prior HN are to be printed again (the reprint list)
		if n := cards(prior, true); n != printed {
			t.Errorf("%d of the %d cards printed with the prior HN flagged to print again", n, printed)
		}
		if got := f.name(t, survivor); got != "Merged Patient" {
			t.Errorf("the survivor's name: %q", got)
		}
		if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND entity_id = $1
			AND before->>'hnId' = $2 AND after->>'hnId' = $1 AND changed_by = 'hl7-feed'`, survivor, prior); n != 1 {
			t.Error("no change-log row of the new HN")
		}
		// at the bedside the card printed before the merge (the prior HN) is no match with the
		// patient's wristband of either HN: HN_CHANGED (print it again), not another patient's;
		// with another patient's wristband it is WRONG_PATIENT as ever
		bsv := f.s.TokenAs("serve@samrap.local", "SRP01", "BSV")
		for wristband, want := range map[string]string{survivor: "HN_CHANGED", prior: "HN_CHANGED", hns[0]: "WRONG_PATIENT"} {
			var v struct {
				Match   bool `json:"match"`
				Reasons []struct {
					Code string `json:"code"`
				} `json:"reasons"`
			}
			f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: bsv, JSON: map[string]any{"token": card, "wristband": wristband}}).Into(t, &v)
			var codes []string
			for _, r := range v.Reasons {
				codes = append(codes, r.Code)
			}
			if v.Match || !slices.Contains(codes, want) || (want == "HN_CHANGED" && slices.Contains(codes, "WRONG_PATIENT")) {
				t.Errorf("the card of %s with the wristband %s: match %v, reasons %v, want %s", prior, wristband, v.Match, codes, want)
			}
		}
	})

	t.Run("priorUnknown", func(t *testing.T) {
		id := merge(hns[0], "HL7-NOBODY", now.Add(2*time.Minute))
		if st, key := f.status(t, id); st != hl7feed.Skipped || key != "hl7Feed.mergeNothing" {
			t.Errorf("a merge of nobody: %s %s", st, key)
		}
	})
}

// A Branch Admin sees its own branch's feed — where the hospital posts, the messages, the
// last day by the hour, the failures — and applies a failed message again, but neither
// another branch's feed (named or its message) nor a new key.
func TestBranchAdminSeesItsOwnFeed(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	now := f.s.Clock.Now()
	p := newcomer("HL7-0600", now)
	p.BirthDate = now.AddDate(0, 0, 2).Format(time.DateOnly) // refused: a birthday to come
	mine := f.out.ADT("A01", p, now)
	f.post(t, mine)
	key2 := rotate(t, f.s, "SRP02")
	theirs := (&hl7feed.Sender{Facility: "SRP02", Prefix: "T2"}).ADT("A01", p, now)
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/hl7/SRP02", Token: key2, Body: strings.NewReader(theirs)}); res.Status != http.StatusOK {
		t.Fatalf("SRP02's post: %d", res.Status)
	}
	f.wait(t)
	var theirID string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM hl7_message WHERE branch_code = 'SRP02'`).Scan(&theirID); err != nil {
		t.Fatal(err)
	}
	bam := f.s.TokenAs("branchadmin@samrap.local", "SRP01", "BAM") // SRP01's
	bam2 := f.s.TokenAs("multi@samrap.local", "SRP02", "BAM")      // SRP02's
	ctl := f.s.TokenAs("controller@samrap.local", "SRP01", "BCT")  // not an administrator
	get := func(token, path string) apitest.Response {
		return f.s.Do(apitest.Request{Method: "GET", Path: path, Token: token, Lang: "en"})
	}

	// its own branch's messages, without naming it or naming it
	for _, path := range []string{"/api/data-patient/hl7Messages", "/api/data-patient/hl7Messages?code=SRP01&status=failed"} {
		var pg httpPage
		get(bam, path).Into(t, &pg)
		if pg.Total != 1 || pg.Items[0].ControlID != control(mine) || pg.Items[0].Reason == "" || pg.day() != [3]int{1, 0, 1} {
			t.Fatalf("%s: %+v", path, pg)
		}
	}
	var fd patientsync.Feed
	get(bam, "/api/data-patient/hl7Feed").Into(t, &fd)
	if fd.Code != "SRP01" || fd.Path != "/api/hl7/SRP01" || fd.RotatedAt == nil || fd.Key != "" {
		t.Fatalf("the feed as its Branch Admin reads it: %+v", fd)
	}

	// another branch's: named, refused; its message not applied again from here
	for _, path := range []string{"/api/data-patient/hl7Messages?code=SRP02", "/api/data-patient/hl7Feed?code=SRP02"} {
		if res := get(bam, path); res.Status != http.StatusForbidden || res.Msg != "You do not have access to this branch" {
			t.Errorf("%s for SRP01's Branch Admin: %d %s", path, res.Status, res.Body)
		}
	}
	replay := func(token string, body map[string]any) apitest.Response {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/hl7Replay", Token: token, JSON: body})
	}
	if res := replay(bam, map[string]any{"code": "SRP02", "id": theirID}); res.Status != http.StatusForbidden {
		t.Errorf("SRP02's message applied again by SRP01's Branch Admin, naming SRP02: %d", res.Status)
	}
	if res := replay(bam, map[string]any{"id": theirID}); res.Status != http.StatusNotFound {
		t.Errorf("SRP02's message applied again by SRP01's Branch Admin, by its id: %d", res.Status)
	}
	if n := f.s.Count(`SELECT count(*) FROM hl7_message WHERE id = $1 AND status = 'failed'`, theirID); n != 1 {
		t.Error("SRP02's message is no longer failed")
	}
	// SRP02's Branch Admin sees SRP02's only
	var pg2 httpPage
	get(bam2, "/api/data-patient/hl7Messages").Into(t, &pg2)
	if pg2.Total != 1 || pg2.Items[0].ID != theirID {
		t.Errorf("SRP02's Branch Admin reads %+v", pg2)
	}

	// no key, and no feed for other roles
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/data-patient/rotateFeedKey", Token: bam, JSON: map[string]any{"code": "SRP01"}}); res.Status != http.StatusForbidden {
		t.Errorf("a Branch Admin made a key: %d", res.Status)
	}
	if res := get(ctl, "/api/data-patient/hl7Messages"); res.Status != http.StatusForbidden {
		t.Errorf("a Controller reads the feed: %d", res.Status)
	}

	// its own failed message, applied again once its cause is gone
	var id string
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM hl7_message WHERE control_id = $1`, control(mine)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	f.s.Clock.Advance(72 * time.Hour) // the birthday is past
	bam = f.s.TokenAs("branchadmin@samrap.local", "SRP01", "BAM")
	if res := replay(bam, map[string]any{"id": id}); res.Status != http.StatusOK {
		t.Fatalf("its own message applied again: %d %s", res.Status, res.Body)
	}
	f.wait(t)
	if st, _ := f.status(t, control(mine)); st != hl7feed.Applied {
		t.Fatalf("after the Branch Admin's Apply again: %s", st)
	}
}
