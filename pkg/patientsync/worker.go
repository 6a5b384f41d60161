package patientsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/jackc/pgx/v5"

	"samrap/events"
	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/hospital"
	"samrap/pkg/patients"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// Worker is patient-sync: it runs the sync each events.PatientSyncRequested names.
type Worker struct {
	DB       *db.Pool
	Patients *patients.Service
	Log      *slog.Logger
	// Secret reads the credentials a branch's settings name by secretArn (nil: none can be
	// read, locally).
	Secret func(ctx context.Context, arn string) (string, error)
	// Options are the connector's (tests replace its retry wait; Loopback only in the local
	// stage, see workerOf).
	Options hospital.Options
}

// NewWorker builds the worker: pool for the jobs and connectors, now for the time, log, and
// secret to read the credentials a branch's settings name (the Env's Secret).
func NewWorker(pool *db.Pool, now func() time.Time, log *slog.Logger, secret func(ctx context.Context, arn string) (string, error)) *Worker {
	return &Worker{DB: pool, Patients: patients.NewService(pool, now), Log: log, Secret: secret,
		Options: hospital.Options{Zone: day.Bangkok}}
}

// workerOf is env's worker: in the local stage only, its connector may reach this
// machine (the demo hospital at http://127.0.0.1:$PORT/dev/fhir/<branch>).
func workerOf(env *platform.Env) *Worker {
	w := NewWorker(env.DB, env.Now, env.Log, env.Secret)
	w.Options.Loopback = env.Config.Local()
	return w
}

// Handler is patient-sync's queue handler (functions/patient-sync, functions/local).
func Handler(env *platform.Env) queue.Handler {
	return workerOf(env).Handle
}

// Handle runs each message's sync. A message that fails for a reason worth retrying (the
// database) is reported in BatchItemFailures, so the others of the batch are not retried; a
// sync that cannot succeed (the hospital refused, answered garbage, an empty census) ends
// its job FAILED instead.
func (w *Worker) Handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
	var resp lambdaevents.SQSEventResponse
	for _, m := range ev.Records {
		err := w.message(ctx, m)
		if err != nil {
			w.Log.ErrorContext(ctx, "patient sync message failed", "messageId", m.MessageId, "err", err)
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
		}
	}
	return resp, nil
}

func (w *Worker) message(ctx context.Context, m lambdaevents.SQSMessage) error {
	req, err := events.DecodePatientSyncRequested([]byte(m.Body))
	if err != nil {
		return err
	}
	return w.Run(ctx, req.JobID, req.BranchCode)
}

// failure is a sync that cannot succeed, with its i18n reason.
type failure struct {
	key string
	err error
}

func (f *failure) Error() string { return f.key + ": " + f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

func fail(key string, err error) error { return &failure{key: key, err: err} }

// hospitalFailure names the reason a connector error is shown with.
func hospitalFailure(err error) error {
	switch {
	case errors.Is(err, hospital.ErrUnauthorized):
		return fail("patientSync.unauthorized", err)
	case errors.Is(err, hospital.ErrForbidden):
		return fail("patientSync.forbidden", err)
	case errors.Is(err, hospital.ErrBadResponse):
		return fail("patientSync.badResponse", err)
	}
	return fail("patientSync.unavailable", err)
}

// Run runs the sync job id of branch. It is idempotent: a job that has ended is left
// alone, and the changes and the job's end are committed together, once. An error means
// "try again later"; a sync that cannot succeed ends its job FAILED.
func (w *Worker) Run(ctx context.Context, id, branch string) error {
	if !db.IsUUID(id) {
		w.Log.WarnContext(ctx, "patient sync: not a job id, ignored", "job", id)
		return nil
	}
	job, ok, err := startJob(ctx, w.DB, id, branch)
	if err != nil {
		return err
	}
	if !ok {
		w.Log.InfoContext(ctx, "patient sync: job ended or unknown, skipped", "job", id)
		return nil
	}
	stop := heartbeat(ctx, w.DB, job.ID, w.Log)
	err = w.run(ctx, job)
	stop()
	var f *failure
	if errors.As(err, &f) {
		w.Log.WarnContext(ctx, "patient sync failed", "job", id, "branch", branch, "reason", f.key, "err", f.err)
		return failJob(ctx, w.DB, id, f.key)
	}
	if err != nil {
		return fmt.Errorf("patient sync %s: %w", id, err)
	}
	return nil
}

func (w *Worker) run(ctx context.Context, job Job) error {
	conn, settings, err := w.connect(ctx, job.BranchCode, nil)
	if err != nil {
		return err
	}
	census, err := conn.Census(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return hospitalFailure(err)
	}
	if err := setPhase(ctx, w.DB, job.ID, PhaseFiltering, 40, len(census.Admissions)); err != nil {
		return err
	}
	mapped := settings.Maps.Apply(census)
	if err := setPhase(ctx, w.DB, job.ID, PhaseFormatting, 60, len(census.Admissions)); err != nil {
		return err
	}
	return db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		stillRunning, err := lockRunning(ctx, tx, job.ID)
		if err != nil || !stillRunning { // another delivery ended it meanwhile
			return err
		}
		r, err := w.apply(ctx, tx, job, census, mapped)
		if err != nil {
			return err
		}
		if err := finishJob(ctx, tx, job.ID, r); err != nil {
			return err
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: job.BranchCode, Actor: job.CreatedBy,
			Action: "patientSync.done", Detail: map[string]any{"jobId": job.ID, "counts": r.Counts}})
	})
}

// connect builds the branch's connector from its stored settings (or those given) and
// credentials.
func (w *Worker) connect(ctx context.Context, branch string, given *hospital.Settings) (hospital.Connector, hospital.Settings, error) {
	c, err := loadConnector(ctx, w.DB, branch)
	switch {
	case errors.Is(err, db.ErrNotFound) && given == nil:
		return nil, hospital.Settings{}, fail("patientSync.notConfigured", err)
	case err != nil && !errors.Is(err, db.ErrNotFound):
		return nil, hospital.Settings{}, err
	}
	if given != nil {
		c.Settings = *given
	}
	var creds hospital.Credentials
	switch {
	case c.Settings.SecretARN != "":
		if w.Secret == nil {
			return nil, c.Settings, fail("patientSync.credentials", errors.New("no secret reader here"))
		}
		raw, err := w.Secret(ctx, c.Settings.SecretARN)
		if err != nil {
			return nil, c.Settings, fail("patientSync.credentials", err)
		}
		if creds, err = hospital.ParseCredentials([]byte(raw)); err != nil {
			return nil, c.Settings, fail("patientSync.credentials", err)
		}
	case c.LocalCredentials != nil:
		creds = *c.LocalCredentials
	}
	conn, err := hospital.NewFHIR(c.Settings, creds, w.Options)
	if err != nil {
		return nil, c.Settings, fail("patientSync.settingsInvalid", err)
	}
	return conn, c.Settings, nil
}

// apply diffs the mapped census with the branch's patients, locked for the transaction,
// and writes the change set through the shared step (Applier), with what the hospital said
// of each patient's allergies.
func (w *Worker) apply(ctx context.Context, tx pgx.Tx, job Job, census hospital.Census, mapped []hospital.Patient) (Report, error) {
	a := Applier{Patients: w.Patients}
	l, err := a.Lock(ctx, tx, job.BranchCode, nil)
	if err != nil {
		return Report{}, err
	}
	if len(mapped) == 0 && l.Current > 0 {
		return Report{}, fail("patientSync.emptyCensus", fmt.Errorf("the census is empty and %s has %d current patients", job.BranchCode, l.Current))
	}
	incoming := make([]hospital.Patient, len(mapped))
	for i, p := range mapped {
		incoming[i] = l.Fit(p)
	}
	cs := hospital.Diff(l.Samrap, incoming)
	bedsTaken, err := a.Write(ctx, tx, l, job.CreatedBy, cs, incoming)
	if err != nil {
		return Report{}, err
	}
	return NewReport(census, cs, bedsTaken), nil
}

// Applier is the one apply step of what a hospital says of a branch's patients, shared by
// the FHIR census (Worker) and the HL7 v2 feed (pkg/hl7feed): Lock the patients concerned,
// Fit each mapped patient (Maps.Apply) to the branch's master data, hospital.Diff, and
// Write the change set through patients.Service.Apply (source hospital, with the change
// log; the database's review triggers flag the orders the change touches) with what the
// hospital said of the allergies.
type Applier struct {
	Patients *patients.Service
}

// Locked are a branch's patients locked for a change, in the terms of hospital.Diff.
type Locked struct {
	Branch  string
	Samrap  []hospital.Patient // the stored patients, in the order locked
	Current int                // of which Current

	stored map[string]patients.Patient
	said   map[string]hospitalAllergies
	byHN   map[string]*hospital.Patient
	codes  patients.Codes
}

// Lock locks the branch's patients with these HNs (nil: every patient of the branch, as a
// census does) for the transaction, and reads them (in the same round trip) and the
// branch's master-data codes.
func (a Applier) Lock(ctx context.Context, tx pgx.Tx, branch string, hns []string) (*Locked, error) {
	codes, err := a.Patients.LoadCodes(ctx, tx, branch)
	if err != nil {
		return nil, err
	}
	return a.LockWith(ctx, tx, branch, hns, codes)
}

// LockWith is Lock with the branch's master-data codes read before, in the same transaction
// (the HL7 v2 feed reads them once for a batch of messages).
func (a Applier) LockWith(ctx context.Context, tx pgx.Tx, branch string, hns []string, codes patients.Codes) (*Locked, error) {
	locked, err := queries.SyncLockPatients(ctx, tx, dbsqlc.SyncLockPatientsParams{Branch: branch, HnIds: hns})
	if err != nil {
		return nil, fmt.Errorf("lock patients: %w", err)
	}
	l := &Locked{Branch: branch, said: make(map[string]hospitalAllergies, len(locked)), codes: codes,
		stored: make(map[string]patients.Patient, len(locked))}
	list := make([]string, len(locked))
	for i, r := range locked {
		p, err := patients.FromView(r.PatientView)
		if err != nil {
			return nil, fmt.Errorf("lock patients: %w", err)
		}
		list[i] = p.HnID
		l.stored[p.HnID] = p
		l.said[p.HnID] = hospitalAllergies{Codes: r.HospitalAllergenCodes, Texts: r.HospitalAllergyTexts}
	}
	l.Samrap = make([]hospital.Patient, 0, len(list))
	l.byHN = make(map[string]*hospital.Patient, len(list))
	for _, hn := range list {
		l.Samrap = append(l.Samrap, samrapPatient(l.stored[hn], l.said[hn]))
		if l.stored[hn].VisitStatus == string(hospital.Current) {
			l.Current++
		}
	}
	for i := range l.Samrap {
		l.byHN[l.Samrap[i].HN] = &l.Samrap[i]
	}
	return l, nil
}

// Before answers the stored patient with hn in the terms of hospital.Diff; nil when the
// branch has none.
func (l *Locked) Before(hn string) *hospital.Patient { return l.byHN[hn] }

// Fit puts a mapped patient in the shape Samrap can store, before the diff (fit).
func (l *Locked) Fit(p hospital.Patient) hospital.Patient { return fit(p, l.byHN[p.HN], l.codes) }

// Write writes the change set, diffed from l.Samrap and incoming (the fitted patients),
// through patients.Service.Apply, and records what the hospital said of the allergies of
// the patients in incoming. It answers the HNs left without their bed (another patient
// keeps it). A patient the rules refuse is a failure (FailureKey) that retrying will not
// mend; other errors are the database's.
func (a Applier) Write(ctx context.Context, tx pgx.Tx, l *Locked, by string, cs hospital.ChangeSet, incoming []hospital.Patient) (map[string]bool, error) {
	branch, stored := l.Branch, l.stored
	var ins []patients.Input
	var afters []hospital.Patient
	add := func(after hospital.Patient) {
		var before *patients.Patient
		if p, ok := stored[after.HN]; ok {
			before = &p
		}
		ins = append(ins, input(after, before, l.codes))
		afters = append(afters, after)
	}
	for _, p := range cs.Admitted {
		add(p)
	}
	for _, u := range cs.Updated {
		add(u.After)
	}
	for _, u := range cs.Discharged {
		add(u.After)
	}
	bedsTaken := freeBeds(ins, stored)
	if _, err := a.Patients.Apply(ctx, tx, branch, by, patients.SourceHospital, ins, stored); err != nil {
		var e *errs.Error
		if errors.As(err, &e) && e.Kind == errs.Invalid {
			return nil, fail("patientSync.invalidPatient", err)
		}
		if errors.As(err, &e) { // a rule of the database (a bed taken): retrying will not help
			return nil, fail("patientSync.failed", err)
		}
		return nil, err
	}
	// What the hospital said, for the next sync to tell what it stops saying: the change
	// set's, and that of the incoming patients the change leaves unchanged; a patient's
	// only when it differs from what is kept (a new patient keeps nothing).
	written := make(map[string]bool, len(afters))
	said := afters[:0]
	for _, a := range afters {
		written[a.HN] = true
		if !slices.Equal(hospital.Union(a.HospitalAllergies.Codes), hospital.Union(l.said[a.HN].Codes)) ||
			!slices.Equal(hospital.Union(a.HospitalAllergies.Texts), hospital.Union(l.said[a.HN].Texts)) {
			said = append(said, a)
		}
	}
	afters = said
	for _, in := range incoming {
		b := l.byHN[in.HN]
		if written[in.HN] || b == nil {
			continue
		}
		written[in.HN] = true
		now := hospital.Allergies{Codes: hospital.Union(b.HospitalAllergies.Codes, in.HospitalAllergies.Codes),
			Texts: hospital.Union(b.HospitalAllergies.Texts, in.HospitalAllergies.Texts)}
		if !slices.Equal(now.Codes, hospital.Union(l.said[in.HN].Codes)) || !slices.Equal(now.Texts, hospital.Union(l.said[in.HN].Texts)) {
			afters = append(afters, hospital.Patient{HN: in.HN, HospitalAllergies: now})
		}
	}
	if err := setHospitalAllergies(ctx, tx, branch, afters); err != nil {
		return nil, err
	}
	return bedsTaken, nil
}

// FailureKey answers the i18n reason of a change that cannot succeed (a patient the rules
// refuse), and whether err is one: retrying it will not help.
func FailureKey(err error) (string, bool) {
	var f *failure
	if errors.As(err, &f) {
		return f.key, true
	}
	return "", false
}

// Maps answers the branch's code maps (hospital.Settings.Maps); none when the branch has no
// connector settings: its location codes are then Samrap's, and only the default SNOMED CT
// allergen and IDDSI concepts are known.
func (a Applier) Maps(ctx context.Context, q db.DBTX, branch string) (hospital.Maps, error) {
	c, err := loadConnector(ctx, q, branch)
	if errors.Is(err, db.ErrNotFound) {
		return hospital.Maps{}, nil
	}
	if err != nil {
		return hospital.Maps{}, err
	}
	return c.Settings.Maps, nil
}

// freeBeds leaves out of ins the beds another patient keeps (one patient per bed): a
// patient the sync does not change, or an earlier one of ins, keeps the bed; a later one
// is stored in the ward without a bed. It answers the HNs left without their bed.
func freeBeds(ins []patients.Input, stored map[string]patients.Patient) map[string]bool {
	occupies := func(visit, status string) bool { return visit != "Discharge" && status == "IN_HOSPITAL" }
	changing := make(map[string]bool, len(ins))
	for _, in := range ins {
		changing[in.HnID] = true
	}
	taken := map[int64]string{}
	for hn, p := range stored {
		if !changing[hn] && p.Room != nil && occupies(p.VisitStatus, p.HospitalStatus) {
			taken[p.Room.ID] = hn
		}
	}
	// the ones that keep their bed first, then the ones that move in, by HN
	order := make([]int, len(ins))
	for i := range ins {
		order[i] = i
	}
	keeps := func(in patients.Input) bool {
		p, ok := stored[in.HnID]
		return ok && p.Room != nil && in.RoomID != nil && *in.RoomID == p.Room.ID
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ka, kb := keeps(ins[a]), keeps(ins[b])
		switch {
		case ka && !kb:
			return -1
		case kb && !ka:
			return 1
		}
		return 0
	})
	out := map[string]bool{}
	for _, i := range order {
		in := &ins[i]
		if in.RoomID == nil || !occupies(in.VisitStatus, in.HospitalStatus) {
			continue
		}
		if who, ok := taken[*in.RoomID]; ok && who != in.HnID {
			in.RoomID = nil
			out[in.HnID] = true
			continue
		}
		taken[*in.RoomID] = in.HnID
	}
	return out
}

// setHospitalAllergies records what the hospital said of these patients' allergies.
func setHospitalAllergies(ctx context.Context, tx pgx.Tx, branch string, ps []hospital.Patient) error {
	if len(ps) == 0 {
		return nil
	}
	a := dbsqlc.SyncSetHospitalAllergiesParams{Branch: branch}
	for _, p := range ps {
		c, err := json.Marshal(nonNil(p.HospitalAllergies.Codes))
		if err != nil {
			return err
		}
		t, err := json.Marshal(nonNil(p.HospitalAllergies.Texts))
		if err != nil {
			return err
		}
		a.HnIds, a.Codes, a.Texts = append(a.HnIds, p.HN), append(a.Codes, string(c)), append(a.Texts, string(t))
	}
	if err := queries.SyncSetHospitalAllergies(ctx, tx, a); err != nil {
		return fmt.Errorf("hospital allergies: %w", err)
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
