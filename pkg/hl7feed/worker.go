package hl7feed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/jackc/pgx/v5"

	"samrap/events"
	"samrap/pkg/audit"
	"samrap/pkg/blob"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/hl7"
	"samrap/pkg/hospital"
	"samrap/pkg/patients"
	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// Actor names the feed in the patients' change log (who changed them).
const Actor = "hl7-feed"

// Worker is hl7-feed-worker: it applies each message the feed queued.
type Worker struct {
	DB      *db.Pool
	Applier patientsync.Applier
	Log     *slog.Logger
	Zone    *time.Location
	// Archive keeps each applied message's text (the uploads bucket under hl7/, kept as long
	// as the rows: housekeeping.HL7Keep, infra HL7_RETENTION_DAYS; docs/hl7.md "Kept"); the
	// row keeps it only until its outcome is final.
	Archive blob.Store

	mu    sync.Mutex
	known map[string]branchCodes // by branch: its maps and codes, kept between batches
}

// branchCodes are a branch's maps and master-data codes as read when its codes count
// (branch_codes_version) was version.
type branchCodes struct {
	version int64
	maps    hospital.Maps
	codes   patients.Codes
}

// NewWorker builds the worker; archive keeps the messages' text.
func NewWorker(pool *db.Pool, now func() time.Time, log *slog.Logger, archive blob.Store) *Worker {
	return &Worker{DB: pool, Applier: patientsync.Applier{Patients: patients.NewService(pool, now)}, Log: log, Zone: day.Bangkok,
		Archive: archive}
}

// Handler is hl7-feed-worker's queue handler (functions/hl7-feed-worker, functions/local).
func Handler(env *platform.Env) queue.Handler {
	return NewWorker(env.DB, env.Now, env.Log, env.Uploads).Handle
}

// ArchiveKey is where the text of message id, received at, is kept.
func ArchiveKey(branch string, received time.Time, id string) string {
	return path.Join("hl7", branch, received.UTC().Format(time.DateOnly), id+".hl7")
}

// Handle applies the batch's messages (on the FIFO queue: of several groups, each group's
// in the order sent) in one transaction: the batch's messages are locked together, the
// branch's maps and master-data codes read once, the outcomes recorded together at the end,
// and the batch pays one commit, not one each. It is first applied as it comes, without a
// savepoint (a round trip each); when a message fails or the rules refuse one, that is rolled
// back and the batch applied again with each run and message in a savepoint of its own
// (errSavepoints): a message whose apply fails for a reason worth retrying (the database) is
// undone alone and reported in BatchItemFailures with the messages after it in its group
// (they must wait for it); the others commit. When the commit fails, the whole batch is
// reported and comes again (a message is applied once: one no longer queued is left alone).
func (w *Worker) Handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
	resp, err := w.handle(ctx, ev, false)
	if errors.Is(err, errSavepoints) {
		w.Log.InfoContext(ctx, "hl7 feed: batch applied again with savepoints", "messages", len(ev.Records))
		resp, err = w.handle(ctx, ev, true)
	}
	if err != nil {
		w.Log.ErrorContext(ctx, "hl7 feed batch failed", "messages", len(ev.Records), "err", err)
		resp = lambdaevents.SQSEventResponse{}
		for _, m := range ev.Records {
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
		}
	}
	return resp, nil
}

// errSavepoints: a batch applied without savepoints met a message that needs one (it failed,
// or the rules refused it): its transaction is rolled back, and the batch applied again with
// savepoints.
var errSavepoints = errors.New("hl7 feed: a message needs a savepoint")

// handle applies the batch in one transaction; saved: each run and message in a savepoint,
// else none (a message that would need one is errSavepoints), and the statements that answer
// nothing (the change log, what the hospital said of the allergies, the lists, the outcomes)
// sent together with the next that answers (db.Deferred): any error is then errSavepoints.
func (w *Worker) handle(ctx context.Context, ev lambdaevents.SQSEvent, saved bool) (lambdaevents.SQSEventResponse, error) {
	var resp lambdaevents.SQSEventResponse
	err := db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		if !saved {
			tx = &db.Deferred{Tx: tx}
		}
		resp = lambdaevents.SQSEventResponse{}
		held := map[string]bool{} // groups with a failed message in this batch
		reqs := make([]events.HL7Received, len(ev.Records))
		decoded := make([]error, len(ev.Records))
		var ids []string
		for i, m := range ev.Records {
			reqs[i], decoded[i] = events.DecodeHL7Received([]byte(m.Body))
			if decoded[i] == nil {
				ids = append(ids, reqs[i].MessageID)
			}
		}
		b, err := w.lockBatch(ctx, tx, ids)
		if err != nil {
			return err
		}
		single := 0 // messages left to apply one by one (a run that did not work)
		for i := 0; i < len(ev.Records); {
			// the messages of distinct patients that follow are applied together when they can
			// be; otherwise (or when that fails) one by one
			if single == 0 {
				n := w.together(b, ev.Records[i:], reqs[i:], decoded[i:], held)
				if n > 1 {
					if w.applyRun(ctx, tx, b, reqs[i:i+n], saved) {
						i += n
						continue
					}
					if !saved {
						return errSavepoints
					}
				}
				single = n
			}
			single--
			m := ev.Records[i]
			group := groupOf(m)
			err := decoded[i]
			switch {
			case held[group]:
				err = errors.New("an earlier message of its group failed")
			case err == nil:
				err = w.applyIn(ctx, tx, b, reqs[i].BranchCode, reqs[i].MessageID, saved)
				if err != nil && !saved {
					return errSavepoints
				}
			}
			if err != nil {
				w.Log.ErrorContext(ctx, "hl7 feed message failed", "messageId", m.MessageId, "err", err)
				held[group] = true
				resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			}
			i++
		}
		if err := b.finish(ctx, tx); err != nil {
			return err
		}
		if d, ok := tx.(*db.Deferred); ok && d.Flush(ctx) != nil {
			return errSavepoints
		}
		return nil
	})
	return resp, err
}

// groupOf answers a message's FIFO group (not a FIFO queue: every message on its own).
func groupOf(m lambdaevents.SQSMessage) string {
	if g := m.Attributes["MessageGroupId"]; g != "" {
		return g
	}
	return m.MessageId
}

// maxRun bounds the messages applied together.
const maxRun = 10

// together answers how many of the messages that follow (at least one) may be applied
// together: queued messages of one branch, of distinct patients (so none waits for
// another), none a merge (it touches two patients), none of a group held back.
func (w *Worker) together(b *batch, recs []lambdaevents.SQSMessage, reqs []events.HL7Received, decoded []error, held map[string]bool) int {
	hns := map[string]bool{}
	n := 0
	for i := range recs {
		if n == maxRun || decoded[i] != nil || held[groupOf(recs[i])] || !db.IsUUID(reqs[i].MessageID) {
			break
		}
		r, ok := b.locked[reqs[i].MessageID]
		m := r.Hl7Message
		if !ok || m.BranchCode != reqs[i].BranchCode || m.Status != Queued || b.ended[m.ID] || hns[m.PatientHn] ||
			m.Kind == string(hl7.KindMerge) || (n > 0 && m.BranchCode != reqs[0].BranchCode) {
			break
		}
		hns[m.PatientHn] = true
		n++
	}
	return max(n, 1)
}

// applyRun applies the messages of reqs (of distinct patients: together) in one write (in
// a savepoint of its own when saved): the patients locked and read together, each message's
// change set made as for one message, one write of them all, the outcomes recorded. false:
// it did not work (a message the rules refuse, the database): saved, nothing of it is left,
// and the caller applies the messages one by one, each with its own outcome; not saved, the
// transaction is to be rolled back.
func (w *Worker) applyRun(ctx context.Context, tx pgx.Tx, b *batch, reqs []events.HL7Received, saved bool) bool {
	sp := tx
	if saved {
		var err error
		if sp, err = tx.Begin(ctx); err != nil {
			return false
		}
	}
	msgs, outs, err := w.applyTogether(ctx, sp, b, reqs)
	if err == nil {
		err = w.archive(ctx, msgs)
	}
	changes := make([][]byte, len(outs))
	for i := 0; err == nil && i < len(outs); i++ {
		if outs[i].Report != nil {
			changes[i], err = json.Marshal(outs[i].Report)
		}
	}
	if err != nil {
		w.Log.InfoContext(ctx, "hl7 feed: a run not applied together", "messages", len(reqs), "reason", err)
		if saved {
			_ = sp.Rollback(ctx)
		}
		return false
	}
	for i, m := range msgs {
		b.record(m, outs[i], changes[i])
	}
	return true
}

// archive keeps the texts of msgs, all at once: in AWS each is an S3 PUT, which one after
// another would hold the batch's transaction open for each in turn.
func (w *Worker) archive(ctx context.Context, msgs []dbsqlc.Hl7Message) error {
	errs := make([]error, len(msgs))
	var wg sync.WaitGroup
	for i, m := range msgs {
		wg.Go(func() {
			errs[i] = w.Archive.Put(ctx, ArchiveKey(m.BranchCode, m.ReceivedAt, m.ID), strings.NewReader(m.Raw), ContentType)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

func (w *Worker) applyTogether(ctx context.Context, sp pgx.Tx, b *batch, reqs []events.HL7Received) ([]dbsqlc.Hl7Message, []Outcome, error) {
	msgs := make([]dbsqlc.Hl7Message, len(reqs))
	outs := make([]Outcome, len(reqs))
	evs := make([]hl7.Event, len(reqs))
	var live []int
	var hns []string
	for i, r := range reqs {
		locked := b.locked[r.MessageID]
		msgs[i] = locked.Hl7Message
		ev, out := w.read(msgs[i], b.lastApplied(locked))
		if out.Status != "" {
			outs[i] = out
			continue
		}
		evs[i] = ev
		live = append(live, i)
		hns = append(hns, ev.Patient.HN)
	}
	if len(live) == 0 {
		return msgs, outs, nil
	}
	branch := reqs[0].BranchCode
	maps, codes, err := w.codesOf(ctx, sp, b, branch)
	if err != nil {
		return nil, nil, err
	}
	l, err := w.Applier.LockWith(ctx, sp, branch, hns, codes)
	if err != nil {
		return nil, nil, err
	}
	var all hospital.ChangeSet
	var incoming []hospital.Patient
	sets := make([]*hospital.ChangeSet, len(reqs))
	census := make([]hospital.Census, len(reqs))
	for _, i := range live {
		cs, in, c, ok := changeOf(l, evs[i], maps)
		if !ok {
			outs[i] = Outcome{Status: Skipped, ErrKey: "hl7Feed.notInpatient"}
			continue
		}
		sets[i], census[i] = &cs, c
		all.Admitted = append(all.Admitted, cs.Admitted...)
		all.Updated = append(all.Updated, cs.Updated...)
		all.Discharged = append(all.Discharged, cs.Discharged...)
		all.Unchanged += cs.Unchanged
		incoming = append(incoming, in...)
	}
	beds, err := w.Applier.Write(ctx, sp, l, Actor, all, incoming)
	if err != nil {
		return nil, nil, err
	}
	for _, i := range live {
		if sets[i] != nil {
			r := patientsync.NewReport(census[i], *sets[i], beds)
			outs[i] = Outcome{Status: Applied, Report: &r}
		}
	}
	return msgs, outs, nil
}

// batch is what the messages of one batch share in its transaction: the messages locked
// (with their patient's last applied, and their branch's codes count), each branch's maps
// and master-data codes (the worker's while the count has not moved, else read once), the
// last message applied of each patient's stream in this batch, and the outcomes to record.
type batch struct {
	locked   map[string]dbsqlc.FeedLockMessagesRow
	versions map[string]int64 // by branch: branch_codes_version as the messages were locked
	codes    map[string]branchCodes
	last     map[string]time.Time // by stream: applied in this batch
	done     dbsqlc.FeedFinishMessagesParams
	ended    map[string]bool
}

// lockBatch locks the messages ids (one statement), with when the last message of each one's
// patient stream applied was sent.
func (w *Worker) lockBatch(ctx context.Context, tx pgx.Tx, ids []string) (*batch, error) {
	b := &batch{locked: map[string]dbsqlc.FeedLockMessagesRow{}, versions: map[string]int64{},
		codes: map[string]branchCodes{}, last: map[string]time.Time{}, ended: map[string]bool{}}
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !db.IsUUID(id) })
	if len(ids) == 0 {
		return b, nil
	}
	rows, err := queries.FeedLockMessages(ctx, tx, ids)
	if err != nil {
		return nil, fmt.Errorf("hl7 feed: lock the batch: %w", err)
	}
	for _, r := range rows {
		b.locked[r.Hl7Message.ID] = r
		b.versions[r.Hl7Message.BranchCode] = r.CodesVersion
	}
	return b, nil
}

// stream names a patient's stream of messages for the stale check: ADT and diet orders
// apart.
func stream(m dbsqlc.Hl7Message) string {
	return m.BranchCode + "\x00" + m.PatientHn + "\x00" + strconv.FormatBool(m.Kind == string(hl7.KindDietOrder))
}

// lastApplied answers when the last message applied of m's stream was sent (nil: none),
// those applied earlier in this batch included.
func (b *batch) lastApplied(r dbsqlc.FeedLockMessagesRow) *time.Time {
	var last *time.Time
	if r.LastApplied.Valid {
		t := r.LastApplied.Time
		last = &t
	}
	if t, ok := b.last[stream(r.Hl7Message)]; ok && (last == nil || t.After(*last)) {
		last = &t
	}
	return last
}

// record keeps the outcome of m, to be written with the batch's (finish).
func (b *batch) record(m dbsqlc.Hl7Message, out Outcome, changes []byte) {
	b.ended[m.ID] = true
	b.done.Ids = append(b.done.Ids, m.ID)
	b.done.Statuses = append(b.done.Statuses, out.Status)
	b.done.ErrorKeys = append(b.done.ErrorKeys, out.ErrKey)
	b.done.Errors = append(b.done.Errors, out.Err)
	b.done.Changes = append(b.done.Changes, string(changes))
	if out.Status == Applied && m.SentAt != nil {
		if t, ok := b.last[stream(m)]; !ok || m.SentAt.After(t) {
			b.last[stream(m)] = *m.SentAt
		}
	}
}

// finish records the outcomes of the batch's messages, one statement.
func (b *batch) finish(ctx context.Context, tx pgx.Tx) error {
	if len(b.done.Ids) == 0 {
		return nil
	}
	if err := queries.FeedFinishMessages(ctx, tx, b.done); err != nil {
		return fmt.Errorf("hl7 feed: record the outcomes: %w", err)
	}
	return nil
}

// codesOf answers the branch's maps and master-data codes: those the worker keeps when the
// branch's codes count has not moved since they were read, else read (two statements) in tx
// and kept.
func (w *Worker) codesOf(ctx context.Context, tx pgx.Tx, b *batch, branch string) (hospital.Maps, patients.Codes, error) {
	if c, ok := b.codes[branch]; ok {
		return c.maps, c.codes, nil
	}
	version, locked := b.versions[branch]
	w.mu.Lock()
	c, ok := w.known[branch]
	w.mu.Unlock()
	if ok && locked && c.version == version {
		b.codes[branch] = c
		return c.maps, c.codes, nil
	}
	maps, err := w.Applier.Maps(ctx, tx, branch)
	if err != nil {
		return hospital.Maps{}, patients.Codes{}, err
	}
	codes, err := w.Applier.Patients.LoadCodes(ctx, tx, branch)
	if err != nil {
		return hospital.Maps{}, patients.Codes{}, err
	}
	// read after the count: at worst newer than it, read again at the next batch
	c = branchCodes{version: version, maps: maps, codes: codes}
	b.codes[branch] = c
	if locked {
		w.mu.Lock()
		if w.known == nil {
			w.known = map[string]branchCodes{}
		}
		w.known[branch] = c
		w.mu.Unlock()
	}
	return maps, codes, nil
}

// lock locks the branch's patients with these HNs, with the branch's codes (codesOf).
func (w *Worker) lock(ctx context.Context, tx pgx.Tx, b *batch, branch string, hns []string) (*patientsync.Locked, error) {
	_, codes, err := w.codesOf(ctx, tx, b, branch)
	if err != nil {
		return nil, err
	}
	return w.Applier.LockWith(ctx, tx, branch, hns, codes)
}

// Outcome is what came of a message, kept in hl7_message (status, error, changes).
type Outcome struct {
	Status string
	ErrKey string
	Err    string
	Report *patientsync.Report
}

// Apply applies the kept message id of branch, once, as a batch of one: a message no longer
// queued (applied, or ended otherwise by an earlier delivery) is left alone. A message sent
// before the last one applied for its patient (ADT and diet orders counted apart) is stale
// and changes nothing. An error means "try again later".
func (w *Worker) Apply(ctx context.Context, branch, id string) error {
	return db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		b, err := w.lockBatch(ctx, tx, []string{id})
		if err != nil {
			return err
		}
		if err := w.applyIn(ctx, tx, b, branch, id, true); err != nil {
			return err
		}
		return b.finish(ctx, tx)
	})
}

// applyIn is Apply within the batch's transaction, in a savepoint when saved: an error undoes
// what this message did, and only it. A message the apply refuses (failed) changes nothing
// but its row: what its apply wrote is undone before its outcome is recorded. The savepoint
// is not released (a round trip): it commits with the batch. Not saved, an error or a
// refused message is errSavepoints (the transaction is to be rolled back).
func (w *Worker) applyIn(ctx context.Context, tx pgx.Tx, b *batch, branch, id string, saved bool) error {
	if !db.IsUUID(id) {
		w.Log.WarnContext(ctx, "hl7 feed: not a message id, ignored", "id", id)
		return nil
	}
	locked, ok := b.locked[id]
	msg := locked.Hl7Message
	if !ok || msg.BranchCode != branch || msg.Status != Queued || b.ended[id] {
		return nil
	}
	sp := tx
	if saved {
		var err error
		if sp, err = tx.Begin(ctx); err != nil {
			return err
		}
	}
	out, changes, err := w.applySaved(ctx, sp, b, locked, saved)
	if err != nil {
		if saved {
			_ = sp.Rollback(ctx)
		}
		return err
	}
	b.record(msg, out, changes)
	return nil
}

// applySaved applies a locked message in sp, and keeps its text; a message the apply refuses
// is undone (sp, its savepoint, rolled back), or errSavepoints when sp is not one.
func (w *Worker) applySaved(ctx context.Context, sp pgx.Tx, b *batch, locked dbsqlc.FeedLockMessagesRow, saved bool) (Outcome, []byte, error) {
	msg := locked.Hl7Message
	out, err := w.apply(ctx, sp, b, msg, b.lastApplied(locked))
	if err != nil {
		return Outcome{}, nil, err
	}
	if out.Status == Failed { // undo what it wrote; the row is the message's again
		if !saved {
			return Outcome{}, nil, errSavepoints
		}
		if err := sp.Rollback(ctx); err != nil {
			return Outcome{}, nil, err
		}
	}
	// kept before the outcome clears it from the row (a redelivery writes it again)
	key := ArchiveKey(msg.BranchCode, msg.ReceivedAt, msg.ID)
	if err := w.Archive.Put(ctx, key, strings.NewReader(msg.Raw), ContentType); err != nil {
		return Outcome{}, nil, fmt.Errorf("hl7 feed: keep message %s: %w", msg.ID, err)
	}
	var changes []byte
	if out.Report != nil {
		if changes, err = json.Marshal(out.Report); err != nil {
			return Outcome{}, nil, err
		}
	}
	return out, changes, nil
}

// apply applies msg, whose patient's stream last applied a message sent at last (nil: none).
func (w *Worker) apply(ctx context.Context, tx pgx.Tx, b *batch, msg dbsqlc.Hl7Message, last *time.Time) (Outcome, error) {
	ev, out := w.read(msg, last)
	if out.Status != "" {
		return out, nil
	}
	maps, _, err := w.codesOf(ctx, tx, b, msg.BranchCode)
	if err != nil {
		return Outcome{}, err
	}
	var r *patientsync.Report
	skipped := "hl7Feed.notInpatient"
	if ev.Kind == hl7.KindMerge {
		r, err = w.merge(ctx, tx, b, msg.BranchCode, ev, maps)
		skipped = "hl7Feed.mergeNothing"
	} else {
		r, err = w.change(ctx, tx, b, msg.BranchCode, ev, maps)
	}
	if key, ok := patientsync.FailureKey(err); ok {
		return Outcome{Status: Failed, ErrKey: key, Err: err.Error()}, nil
	}
	if err != nil {
		return Outcome{}, err
	}
	if r == nil {
		return Outcome{Status: Skipped, ErrKey: skipped}, nil
	}
	return Outcome{Status: Applied, Report: r}, nil
}

// read reads a kept message, and answers its outcome when it is not to be applied: it does
// not read (only a change of this code gets here), is not for Samrap, or is stale (sent
// before last, the last message applied of its patient's stream).
func (w *Worker) read(msg dbsqlc.Hl7Message, last *time.Time) (hl7.Event, Outcome) {
	m, err := hl7.Parse([]byte(msg.Raw))
	var ev hl7.Event
	if err == nil {
		ev, err = hl7.ReadEvent(m, w.Zone)
	}
	switch {
	case err != nil:
		return ev, Outcome{Status: Failed, ErrKey: "hl7Feed.invalid", Err: err.Error()}
	case !Applies(ev.Kind):
		return ev, Outcome{Status: Skipped, ErrKey: "hl7Feed.notApplied"}
	case last != nil && last.After(ev.SentAt):
		return ev, Outcome{Status: Stale, ErrKey: "hl7Feed.stale"}
	}
	return ev, Outcome{}
}

// merge applies an A40: the patient of MRG-1's HN (prior) is merged into PID-3's
// (survivor), which keeps the orders. nil: nothing to merge (Samrap has no prior).
//   - Only the prior is known: it takes the survivor's HN (its orders stay with it, and a
//     card already printed still verifies: its code names the order, not the HN), then what
//     PID says of it is applied as an update.
//   - Both are known: the survivor keeps its orders and takes every allergy and restricted
//     ingredient the prior had (an allergy is never lost to a merge), and the stricter
//     texture and the NPO where it has none, so its orders are flagged for review; the
//     prior leaves (a discharge: its orders flagged as for any discharge).
func (w *Worker) merge(ctx context.Context, tx pgx.Tx, b *batch, branch string, ev hl7.Event, maps hospital.Maps) (*patientsync.Report, error) {
	prior, survivor := ev.Merge.PriorHN, ev.Patient.HN
	if prior == survivor {
		return nil, nil
	}
	l, err := w.lock(ctx, tx, b, branch, []string{survivor, prior})
	if err != nil {
		return nil, err
	}
	p, s := l.Before(prior), l.Before(survivor)
	update := ev
	update.Kind = hl7.KindUpdate
	switch {
	case p == nil:
		return nil, nil
	case s == nil:
		if err := renameHN(ctx, tx, branch, prior, survivor); err != nil {
			return nil, err
		}
		return w.change(ctx, tx, b, branch, update, maps)
	}
	in := l.Fit(maps.Apply(hospital.Census{Admissions: []hospital.Admission{Admission(update)}})[0])
	fill(&in, s, update, false)
	in.VisitStatus, in.WardCode, in.RoomCode, in.BedCode = s.VisitStatus, s.WardCode, s.RoomCode, s.BedCode
	in.Allergies = hospital.Allergies{Codes: hospital.Union(in.Allergies.Codes, s.Allergies.Codes, p.Allergies.Codes),
		Texts: hospital.Union(in.Allergies.Texts, s.Allergies.Texts, p.Allergies.Texts)}
	in.HospitalAllergies = hospital.Allergies{Codes: hospital.Union(in.HospitalAllergies.Codes, p.HospitalAllergies.Codes),
		Texts: hospital.Union(in.HospitalAllergies.Texts, p.HospitalAllergies.Texts)}
	in.RestrictedCodes = hospital.Union(in.RestrictedCodes, s.RestrictedCodes, p.RestrictedCodes)
	in.Texture = stricter(in.Texture, p.Texture)
	if in.NPO == nil {
		in.NPO = p.NPO
	}
	cs := hospital.Diff(l.Samrap, []hospital.Patient{in})
	beds, err := w.Applier.Write(ctx, tx, l, Actor, cs, []hospital.Patient{in})
	if err != nil {
		return nil, err
	}
	if err := moveOrders(ctx, tx, branch, prior, survivor); err != nil {
		return nil, err
	}
	r := patientsync.NewReport(hospital.Census{Admissions: []hospital.Admission{Admission(update)}}, cs, beds)
	return &r, nil
}

// moveOrders gives the survivor of a merge the prior's live orders to come (the surviving
// identifier keeps the orders), each with its change-log row, except a meal the survivor
// already has (it stays with the discharged prior, flagged DISCHARGED). Each moved order keeps
// the facts it was checked against, the prior's, and is checked again against the
// survivor's: any fact that differs flags it for a person, as a patient's change does.
func moveOrders(ctx context.Context, tx pgx.Tx, branch, prior, survivor string) error {
	moved, err := queries.FeedMoveOrders(ctx, tx, dbsqlc.FeedMoveOrdersParams{Branch: branch, PriorHn: prior, SurvivorHn: survivor})
	if err != nil {
		return fmt.Errorf("merge: move the orders of %s: %w", prior, err)
	}
	if len(moved) == 0 {
		return nil
	}
	for _, o := range moved {
		if err := audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "meal_order", EntityID: o.ID, Action: "update",
			Before: map[string]any{"hnId": prior}, After: map[string]any{"hnId": survivor}, By: Actor}); err != nil {
			return err
		}
	}
	if err := queries.FeedReviewOrders(ctx, tx, dbsqlc.FeedReviewOrdersParams{Branch: branch, PatientID: moved[0].PatientID}); err != nil {
		return fmt.Errorf("merge: check the moved orders: %w", err)
	}
	return nil
}

// renameHN gives the branch's patient with HN from the HN to, with its change-log row.
func renameHN(ctx context.Context, tx pgx.Tx, branch, from, to string) error {
	id, err := queries.FeedRenamePatient(ctx, tx, dbsqlc.FeedRenamePatientParams{Branch: branch, OldHn: from, NewHn: to})
	if err != nil {
		return fmt.Errorf("merge: rename %s: %w", from, err)
	}
	return audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "patient", EntityID: to, Action: "update",
		Before: map[string]any{"id": id, "hnId": from}, After: map[string]any{"id": id, "hnId": to}, By: Actor})
}

// stricter answers the texture a patient needing both a and b needs: the thicker drink (a
// higher IDDSI drink level) and the softer food (a lower food level).
func stricter(a, b hospital.Texture) hospital.Texture {
	pick := func(x, y *int, thicker bool) *int {
		switch {
		case x == nil:
			return y
		case y == nil:
			return x
		}
		v := min(*x, *y)
		if thicker {
			v = max(*x, *y)
		}
		return &v
	}
	return hospital.Texture{Drinks: pick(a.Drinks, b.Drinks, true), Foods: pick(a.Foods, b.Foods, false)}
}

// change applies what ev says of its patient through the sync's step: the one patient
// locked, the message mapped and fitted as a census of one, completed with what it does
// not speak of, diffed, written. nil: nothing to apply (a patient Samrap does not have,
// whom the message does not admit).
func (w *Worker) change(ctx context.Context, tx pgx.Tx, b *batch, branch string, ev hl7.Event, maps hospital.Maps) (*patientsync.Report, error) {
	l, err := w.lock(ctx, tx, b, branch, []string{ev.Patient.HN})
	if err != nil {
		return nil, err
	}
	cs, incoming, census, ok := changeOf(l, ev, maps)
	if !ok {
		return nil, nil
	}
	beds, err := w.Applier.Write(ctx, tx, l, Actor, cs, incoming)
	if err != nil {
		return nil, err
	}
	r := patientsync.NewReport(census, cs, beds)
	return &r, nil
}

// changeOf answers what ev does to its patient (locked in l, with others or alone): the
// change set, the patient as the message leaves it (none for a discharge), and the census of
// one the report names. false: nothing to apply (a patient Samrap does not have, whom the
// message does not admit).
func changeOf(l *patientsync.Locked, ev hl7.Event, maps hospital.Maps) (hospital.ChangeSet, []hospital.Patient, hospital.Census, bool) {
	hn := ev.Patient.HN
	before := l.Before(hn)
	census := hospital.Census{Admissions: []hospital.Admission{Admission(ev)}}
	plan := PlanOf(ev)
	var incoming []hospital.Patient
	if plan != Leave {
		if before == nil && plan == Update && !inpatient(ev) {
			return hospital.ChangeSet{}, nil, census, false
		}
		cancelledNPO := maps.Apply(hospital.Census{Admissions: []hospital.Admission{{HN: hn, Diets: cancelled(ev)}}})[0].NPO != nil
		in := l.Fit(maps.Apply(census)[0])
		fill(&in, before, ev, cancelledNPO)
		incoming = append(incoming, in)
	} else {
		census.Admissions = nil
	}
	var samrap []hospital.Patient // this patient only: the others locked with it are not its census's
	if before != nil {
		samrap = append(samrap, *before)
	}
	cs := hospital.Diff(samrap, incoming)
	if plan == Update {
		keepStay(&cs)
	}
	return cs, incoming, census, true
}
