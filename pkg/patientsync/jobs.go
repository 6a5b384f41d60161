package patientsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/housekeeping"
	"samrap/pkg/httpx"
)

var queries = dbsqlc.New()

// Job statuses.
const (
	Queued  = "QUEUED"
	Running = "RUNNING"
	Done    = "DONE"
	Failed  = "FAILED"
)

// Phases of a sync (SPEC.md §4), with QUEUED before and DONE or FAILED after.
const (
	PhaseImporting  = "IMPORTING"  // importing from the hospital
	PhaseFiltering  = "FILTERING"  // filtering the patients still in hospital
	PhaseFormatting = "FORMATTING" // formatting and storing the changes
)

// Job is one sync of a branch's patients from its hospital.
type Job struct {
	ID         string     `json:"jobId"`
	BranchCode string     `json:"branchCode"`
	Status     string     `json:"status"`
	Phase      string     `json:"phase"`
	Progress   int        `json:"progress"` // percent
	Census     int        `json:"census"`   // patients the hospital listed
	Report     *Report    `json:"report"`   // what a finished sync changed
	ErrorKey   string     `json:"-"`
	CreatedBy  string     `json:"createdBy"`
	CreatedAt  time.Time  `json:"createdAt"`
	StartedAt  *time.Time `json:"startedAt"`
	FinishedAt *time.Time `json:"finishedAt"`
}

// Running reports whether the job has not ended.
func (j Job) Running() bool { return j.Status == Queued || j.Status == Running }

func jobOf(r dbsqlc.PatientSyncJob) (Job, error) {
	j := Job{ID: r.ID, BranchCode: r.BranchCode, Status: r.Status, Phase: r.Phase, Progress: int(r.Progress),
		Census: int(r.Census), ErrorKey: r.ErrorKey, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt,
		StartedAt: r.StartedAt, FinishedAt: r.FinishedAt}
	if len(r.Report) > 0 {
		j.Report = &Report{}
		if err := json.Unmarshal(r.Report, j.Report); err != nil {
			return Job{}, fmt.Errorf("sync job %s report: %w", r.ID, err)
		}
	}
	return j, nil
}

// createJob queues a sync of branch, or answers the one queued or running (created false).
func createJob(ctx context.Context, q db.DBTX, id, branch, by string) (Job, bool, error) {
	if _, err := housekeeping.ExpireSyncs(ctx, q, &branch, time.Now()); err != nil {
		return Job{}, false, fmt.Errorf("expire sync jobs: %w", err)
	}
	rows, err := queries.SyncCreateJob(ctx, q, dbsqlc.SyncCreateJobParams{ID: id, Branch: branch, By: by})
	if err != nil {
		return Job{}, false, fmt.Errorf("create sync job: %w", err)
	}
	if len(rows) == 1 {
		j, err := jobOf(rows[0])
		return j, true, err
	}
	r, err := queries.SyncRunningJob(ctx, q, branch)
	if errors.Is(err, pgx.ErrNoRows) {
		// the running one ended between the two statements: the caller may try again
		return Job{}, false, fmt.Errorf("create sync job: the running job ended meanwhile")
	}
	if err != nil {
		return Job{}, false, fmt.Errorf("running sync job: %w", err)
	}
	j, err := jobOf(r)
	return j, false, err
}

// latestJob answers the branch's latest sync; db.ErrNotFound when it has none.
func latestJob(ctx context.Context, q db.DBTX, branch string) (Job, error) {
	r, err := queries.SyncLatestJob(ctx, q, branch)
	if err != nil {
		return Job{}, db.NotFound("latest sync job", err)
	}
	return jobOf(r)
}

// jobs answers a page of the branch's syncs, newest first, and how many there are.
func jobs(ctx context.Context, q db.DBTX, branch string, p httpx.PageParams) ([]Job, int, error) {
	rows, err := queries.SyncJobs(ctx, q, dbsqlc.SyncJobsParams{Branch: branch, Lim: int32(p.Size), Off: int32(p.Offset())})
	if err != nil {
		return nil, 0, fmt.Errorf("sync jobs: %w", err)
	}
	out, total := make([]Job, len(rows)), 0
	for i, r := range rows {
		if out[i], err = jobOf(r.PatientSyncJob); err != nil {
			return nil, 0, err
		}
		total = int(r.Total)
	}
	return out, total, nil
}

// startJob marks the job running; ok is false when it has ended (a second delivery) or is
// not the branch's.
func startJob(ctx context.Context, q db.DBTX, id, branch string) (Job, bool, error) {
	r, err := queries.SyncStartJob(ctx, q, dbsqlc.SyncStartJobParams{ID: id, Branch: branch})
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, fmt.Errorf("start sync job: %w", err)
	}
	j, err := jobOf(r)
	return j, err == nil, err
}

func setPhase(ctx context.Context, q db.DBTX, id, phase string, progress, census int) error {
	err := queries.SyncPhase(ctx, q, dbsqlc.SyncPhaseParams{ID: id, Phase: phase, Progress: int32(progress), Census: int32(census)})
	if err != nil {
		return fmt.Errorf("sync job phase: %w", err)
	}
	return nil
}

// heartbeat says every housekeeping.JobHeartbeat that the job's worker is alive, until the
// answered stop is called (a job whose worker died is failed by the next start or
// housekeeping run, housekeeping.JobSilence later).
func heartbeat(ctx context.Context, q db.DBTX, id string, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(housekeeping.JobHeartbeat)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := queries.SyncHeartbeat(ctx, q, id); err != nil && ctx.Err() == nil {
					log.WarnContext(ctx, "patient sync: heartbeat", "job", id, "err", err)
				}
			}
		}
	}()
	return func() { cancel(); <-done }
}

func failJob(ctx context.Context, q db.DBTX, id, key string) error {
	if err := queries.SyncFailJob(ctx, q, dbsqlc.SyncFailJobParams{ID: id, ErrorKey: key}); err != nil {
		return fmt.Errorf("fail sync job: %w", err)
	}
	return nil
}

// lockRunning locks the job in the sync's transaction and reports whether it is still to
// be done (another delivery may have ended it meanwhile).
func lockRunning(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	status, err := queries.SyncLockJob(ctx, tx, id)
	if err != nil {
		return false, fmt.Errorf("lock sync job: %w", err)
	}
	return status == Running, nil
}

func finishJob(ctx context.Context, tx pgx.Tx, id string, r Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("sync report: %w", err)
	}
	if err := queries.SyncFinishJob(ctx, tx, dbsqlc.SyncFinishJobParams{ID: id, Report: string(b)}); err != nil {
		return fmt.Errorf("finish sync job: %w", err)
	}
	return nil
}
