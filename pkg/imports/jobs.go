// Package imports is the one Excel import pipeline: an upload stored in S3 (the upload API
// creates its job), its S3 notification through SQS to import-worker, which reads the
// workbook, hands the rows to the importer registered for the job's type in the job's
// transaction, and ends the job with its counts and a failed-rows workbook; the client
// follows the job. It knows no area: areas register an Importer (docs/imports.md).
package imports

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
)

// Job statuses.
const (
	Queued  = "QUEUED"
	Running = "RUNNING"
	Done    = "DONE"
	Failed  = "FAILED"
)

// ErrJobNotFound answers a job id the caller's branch does not have.
var ErrJobNotFound = errs.New(errs.NotFound, "NOT_FOUND")

// Job is one uploaded file and what its import did.
type Job struct {
	ID         string `json:"jobId"`
	BranchCode string `json:"branchCode"`
	Type       string `json:"type"`
	FileName   string `json:"fileName"`
	Key        string `json:"-"`
	Lang       string `json:"-"`
	Status     string `json:"status"`
	TotalRows  int    `json:"totalRows"`
	Added      int    `json:"added"`
	Updated    int    `json:"updated"`
	Deleted    int    `json:"deleted"`
	Unchanged  int    `json:"unchanged"`
	Skipped    int    `json:"skipped"`
	ErrorKey   string `json:"-"`
	FailedKey  string `json:"-"`
	CreatedBy  string `json:"createdBy"`
	SendEmail  bool   `json:"sendEmail"` // user imports: invite the accounts added
	// Invited and InviteFailed count the invitations of a user import, sent after the job
	// is done (a failed one can be sent again with "invite all not invited").
	Invited      int        `json:"invited"`
	InviteFailed int        `json:"inviteFailed"`
	CreatedAt    time.Time  `json:"createdAt"`
	StartedAt    *time.Time `json:"startedAt"`
	FinishedAt   *time.Time `json:"finishedAt"`
}

var queries = dbsqlc.New()

// jobOf converts a stored job; no row is ErrJobNotFound.
func jobOf(r dbsqlc.ImportJob, err error) (Job, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, ErrJobNotFound
	}
	if err != nil {
		return Job{}, err
	}
	return Job{ID: r.ID, BranchCode: r.BranchCode, Type: r.Kind, FileName: r.FileName, Key: r.ObjectKey, Lang: r.Lang,
		Status: r.Status, TotalRows: int(r.TotalRows), Added: int(r.Added), Updated: int(r.Updated), Deleted: int(r.Deleted),
		Unchanged: int(r.Unchanged), Skipped: int(r.Skipped), ErrorKey: r.ErrorKey, FailedKey: r.FailedKey,
		CreatedBy: r.CreatedBy, SendEmail: r.SendEmail, Invited: int(r.Invited), InviteFailed: int(r.InviteFailed),
		CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt}, nil
}

// NewJobID answers a random UUID (the job's id and part of its upload key).
func NewJobID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// UploadKey is where an upload is stored: uploads/<branch>/<type>/<jobId>/<file name>.
func UploadKey(branch, kind, jobID, fileName string) string {
	return path.Join("uploads", branch, kind, jobID, fileName)
}

// FailedKey is where the failed rows of a job are written (in the files bucket).
func FailedKey(branch, jobID string) string {
	return path.Join("failed", branch, jobID+".xlsx")
}

// JobIDOfKey reads the job id from an upload key.
func JobIDOfKey(key string) (string, bool) {
	parts := strings.Split(key, "/")
	if len(parts) < 5 || parts[0] != "uploads" {
		return "", false
	}
	return parts[3], true
}

// CreateJob stores a queued job.
func CreateJob(ctx context.Context, q db.DBTX, j Job) (Job, error) {
	out, err := jobOf(queries.ImportsCreateJob(ctx, q, dbsqlc.ImportsCreateJobParams{ID: j.ID, BranchCode: j.BranchCode,
		Kind: j.Type, FileName: j.FileName, ObjectKey: j.Key, Lang: j.Lang, CreatedBy: j.CreatedBy, SendEmail: j.SendEmail}))
	if err != nil {
		return Job{}, fmt.Errorf("imports.createJob: %w", err)
	}
	return out, nil
}

// GetJob answers a job of branch.
func GetJob(ctx context.Context, q db.DBTX, branch, id string) (Job, error) {
	if !db.IsUUID(id) {
		return Job{}, ErrJobNotFound
	}
	j, err := jobOf(queries.ImportsGetJob(ctx, q, dbsqlc.ImportsGetJobParams{ID: id, BranchCode: branch}))
	if err != nil {
		return Job{}, fmt.Errorf("imports.getJob: %w", err)
	}
	return j, nil
}

// FailJob ends a job that could not run, with the reason's message key.
func FailJob(ctx context.Context, q db.DBTX, id, reason string) error {
	if err := queries.ImportsFailJob(ctx, q, dbsqlc.ImportsFailJobParams{ID: id, ErrorKey: reason}); err != nil {
		return fmt.Errorf("imports.failJob: %w", err)
	}
	return nil
}

// Start marks a job running unless it has ended, and answers it; ok is false for a job
// that has ended (a second delivery of its notification).
func Start(ctx context.Context, q db.DBTX, id string) (Job, bool, error) {
	j, err := jobOf(queries.ImportsStartJob(ctx, q, id))
	if errors.Is(err, ErrJobNotFound) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, fmt.Errorf("imports.start: %w", err)
	}
	return j, true, nil
}

// LockRunning locks the job inside the import's transaction and reports whether it is
// still to be done (another delivery may have finished it meanwhile).
func LockRunning(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	status, err := queries.ImportsLockJob(ctx, tx, id)
	if err != nil {
		return false, fmt.Errorf("imports.lock: %w", err)
	}
	return status == Running || status == Queued, nil
}

// Finish records a job's counts, in the import's transaction.
func Finish(ctx context.Context, tx pgx.Tx, j Job) error {
	err := queries.ImportsFinishJob(ctx, tx, dbsqlc.ImportsFinishJobParams{ID: j.ID, TotalRows: int32(j.TotalRows),
		Added: int32(j.Added), Updated: int32(j.Updated), Deleted: int32(j.Deleted), Unchanged: int32(j.Unchanged),
		Skipped: int32(j.Skipped), FailedKey: j.FailedKey})
	if err != nil {
		return fmt.Errorf("imports.finish: %w", err)
	}
	// every finished import is in the activity log, with what it did
	err = audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: j.BranchCode, Actor: j.CreatedBy, Action: "imports.done",
		Detail: map[string]any{"jobId": j.ID, "type": j.Type, "fileName": j.FileName, "totalRows": j.TotalRows,
			"added": j.Added, "updated": j.Updated, "deleted": j.Deleted, "skipped": j.Skipped}})
	if err != nil {
		return fmt.Errorf("imports.finish: %w", err)
	}
	return nil
}

// CountInvitations records the e-mails an import sent after its commit.
func CountInvitations(ctx context.Context, q db.DBTX, id string, sent, failed int) error {
	err := queries.ImportsCountInvitations(ctx, q, dbsqlc.ImportsCountInvitationsParams{ID: id, Invited: int32(sent), InviteFailed: int32(failed)})
	if err != nil {
		return fmt.Errorf("imports.countInvitations: %w", err)
	}
	return nil
}
