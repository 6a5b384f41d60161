package imports

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"samrap/events"
	"samrap/pkg/auth"
	"samrap/pkg/blob"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
	"samrap/pkg/params"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
	"samrap/pkg/users"
)

// MaxFileSize is the largest workbook accepted (the upload API refuses larger ones first).
const MaxFileSize = 5 << 20

// XLSX is the content type of workbooks.
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Worker is import-worker: it loads the workbook an S3 notification names.
type Worker struct {
	DB      *pgxpool.Pool
	Uploads blob.Store // where uploads are
	Files   blob.Store // where failed-rows workbooks go
	Params  *params.Service
	Users   *users.Service
	Log     *slog.Logger
}

// NewWorker builds the worker from a function's Env.
func NewWorker(env *platform.Env) *Worker {
	return &Worker{DB: env.DB, Uploads: env.Uploads, Files: env.Files, Params: params.NewService(env.DB, env.Log),
		Users: users.NewService(env.DB, auth.NewService(env)), Log: env.Log}
}

// Handler is import-worker's queue handler (functions/import-worker, functions/local).
func Handler(env *platform.Env) queue.Handler { return NewWorker(env).Handle }

// Handle reads each message: an S3 notification of uploads (the test event S3 sends when the
// notification is set up names none and is ignored) or an events.ImportRequested. A message
// that fails is reported in BatchItemFailures, so the others of the batch are not retried.
func (w *Worker) Handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
	var resp lambdaevents.SQSEventResponse
	for _, m := range ev.Records {
		if err := w.message(ctx, m); err != nil {
			w.Log.ErrorContext(ctx, "import message failed", "messageId", m.MessageId, "err", err)
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
		}
	}
	return resp, nil
}

func (w *Worker) message(ctx context.Context, m lambdaevents.SQSMessage) error {
	objs, err := events.S3Objects(m)
	if errors.Is(err, events.ErrNotS3) {
		req, derr := events.DecodeImportRequested([]byte(m.Body))
		if derr != nil {
			return fmt.Errorf("%w; %w", err, derr)
		}
		objs = []events.S3Object{{Key: req.Key}}
	} else if err != nil {
		return err
	}
	for _, o := range objs {
		if err := w.Run(ctx, o.Key); err != nil {
			return err
		}
	}
	return nil
}

// Run imports the upload at key. It is idempotent: a job already ended is left alone, and
// the import and the job's end are committed together. An error means "try again later";
// a file that cannot be imported ends its job as failed instead.
func (w *Worker) Run(ctx context.Context, key string) error {
	id, ok := JobIDOfKey(key)
	if !ok || !validUUID(id) {
		w.Log.WarnContext(ctx, "import: not an upload key, ignored", "key", key)
		return nil
	}
	job, ok, err := start(ctx, w.DB, id)
	if err != nil {
		return err
	}
	if !ok {
		w.Log.InfoContext(ctx, "import: job already ended or unknown, skipped", "job", id)
		return nil
	}
	if job.Key != key {
		w.Log.WarnContext(ctx, "import: key does not match its job, ignored", "key", key, "job", id)
		return nil
	}
	k, ok := params.KindOf(job.Type)
	if !ok && job.Type != users.ImportType {
		return FailJob(ctx, w.DB, id, "files.typeUnknown")
	}
	body, err := w.Uploads.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return FailJob(ctx, w.DB, id, "imports.failed")
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", id, err)
	}
	data, err := io.ReadAll(io.LimitReader(body, MaxFileSize+1))
	_ = body.Close()
	if err != nil {
		return fmt.Errorf("import %s: read: %w", id, err)
	}
	if job.Type == users.ImportType {
		return w.loadUsers(ctx, job, data)
	}
	sheet, err := Parse(bytes.NewReader(data), int64(len(data)), k)
	if err != nil {
		for _, refused := range []error{ErrNotExcel, ErrNoRows, ErrTooManyRows, ErrHeadersMissing} {
			if errors.Is(err, refused) {
				return FailJob(ctx, w.DB, id, refused.Error())
			}
		}
		return fmt.Errorf("import %s: %w", id, err)
	}
	return w.load(ctx, job, k, sheet)
}

// load upserts the sheet's valid rows and ends the job, in one transaction.
func (w *Worker) load(ctx context.Context, job Job, k *params.Kind, sheet *Sheet) error {
	err := db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		todo, err := lockRunning(ctx, tx, job.ID)
		if err != nil || !todo {
			return err
		}
		res, err := w.Params.ImportRows(ctx, tx, k, job.BranchCode, job.CreatedBy, sheet.Rows)
		if err != nil {
			return err
		}
		job.TotalRows = len(sheet.Rows)
		job.Added, job.Updated, job.Deleted, job.Unchanged = res.Added, res.Updated, res.Deleted, res.Unchanged
		lines := map[int]bool{}
		for _, f := range res.Failed {
			lines[f.Line] = true
		}
		job.Skipped = len(lines)
		if len(res.Failed) > 0 {
			var buf bytes.Buffer
			if err := FailedRows(&buf, k, sheet, res.Failed, i18n.FromHeader(job.Lang)); err != nil {
				return err
			}
			job.FailedKey = FailedKey(job.BranchCode, job.ID)
			if err := w.Files.Put(ctx, job.FailedKey, &buf, XLSX); err != nil {
				return err
			}
		}
		return finish(ctx, tx, job)
	})
	if err != nil {
		return fmt.Errorf("import %s: %w", job.ID, err)
	}
	return nil
}

// loadUsers adds the accounts of a user import and ends the job in one transaction, then
// invites the new accounts when the upload asked for it (an e-mail that fails is logged;
// "invite all not invited" sends it again).
func (w *Worker) loadUsers(ctx context.Context, job Job, data []byte) error {
	rows, err := users.ReadSheet(bytes.NewReader(data), job.FileName)
	if err != nil {
		return FailJob(ctx, w.DB, job.ID, "users.unsupportedFormat")
	}
	var ids []int64
	err = db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		todo, err := lockRunning(ctx, tx, job.ID)
		if err != nil || !todo {
			return err
		}
		res, added, err := w.Users.ImportRows(ctx, tx, job.CreatedBy, rows)
		if e, ok := errs.As(err); ok && e.Kind == errs.Invalid {
			return FailJob(ctx, tx, job.ID, e.Fields["file"])
		}
		if err != nil {
			return err
		}
		ids = added
		job.TotalRows, job.Added, job.Skipped = res.Rows, res.Added, len(res.Failed)
		if len(res.Failed) > 0 {
			var buf bytes.Buffer
			if err := users.WriteFailedRows(&buf, res.Failed, i18n.FromHeader(job.Lang)); err != nil {
				return err
			}
			job.FailedKey = FailedKey(job.BranchCode, job.ID)
			if err := w.Files.Put(ctx, job.FailedKey, &buf, XLSX); err != nil {
				return err
			}
		}
		return finish(ctx, tx, job)
	})
	if err != nil {
		return fmt.Errorf("import %s: %w", job.ID, err)
	}
	if job.SendEmail && len(ids) > 0 {
		invited, failed := w.Users.InviteAll(ctx, ids, job.CreatedBy)
		if _, err := w.DB.Exec(ctx, `UPDATE import_job SET invited = $2, invite_failed = $3 WHERE id = $1::uuid`,
			job.ID, invited, failed); err != nil {
			return fmt.Errorf("import %s: count invitations: %w", job.ID, err)
		}
	}
	return nil
}
