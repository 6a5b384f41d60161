package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/jackc/pgx/v5"

	"samrap/events"
	"samrap/pkg/blob"
	"samrap/pkg/db"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/xlsx"
)

// MaxFileSize is the largest workbook accepted (the upload API refuses larger ones first).
const MaxFileSize = 5 << 20

// XLSX is the content type of workbooks.
const XLSX = xlsx.ContentType

// Worker is import-worker: it loads the workbook an S3 notification names, with the
// importer its job's type is registered with.
type Worker struct {
	DB        *db.Pool
	Uploads   blob.Store // where uploads are
	Files     blob.Store // where failed-rows workbooks go
	Importers imports.Registry
	Log       *slog.Logger
}

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
	id, ok := imports.JobIDOfKey(key)
	if !ok || !db.IsUUID(id) {
		w.Log.WarnContext(ctx, "import: not an upload key, ignored", "key", key)
		return nil
	}
	job, ok, err := imports.Start(ctx, w.DB, id)
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
	imp, ok := w.Importers[job.Type]
	if !ok {
		return imports.FailJob(ctx, w.DB, id, "files.typeUnknown")
	}
	body, err := w.Uploads.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return imports.FailJob(ctx, w.DB, id, "imports.failed")
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", id, err)
	}
	data, err := io.ReadAll(io.LimitReader(body, MaxFileSize+1))
	_ = body.Close()
	if err != nil {
		return fmt.Errorf("import %s: read: %w", id, err)
	}
	sheet, err := ReadSheet(data, job.FileName, imp.Columns)
	if err != nil {
		for _, refused := range refusals {
			if errors.Is(err, refused) {
				w.Log.InfoContext(ctx, "import: file refused", "job", id, "err", err)
				return imports.FailJob(ctx, w.DB, id, refused.Error())
			}
		}
		return fmt.Errorf("import %s: %w", id, err)
	}
	return w.load(ctx, job, imp, sheet)
}

// load hands the sheet's rows to the importer and ends the job, in one transaction; then
// it sends the invitations the import asks for and counts them on the job.
func (w *Worker) load(ctx context.Context, job imports.Job, imp imports.Importer, sheet *Sheet) error {
	var res imports.Result
	err := db.InTx(ctx, w.DB, func(tx pgx.Tx) error {
		stillRunning, err := imports.LockRunning(ctx, tx, job.ID)
		if err != nil || !stillRunning { // another delivery ended it meanwhile
			return err
		}
		if res, err = imp.Load(ctx, tx, job, sheet.Rows); err != nil {
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
			if err := WriteFailed(&buf, imp.Type, imp.Columns, sheet, res.Failed, i18n.FromHeader(job.Lang)); err != nil {
				return err
			}
			job.FailedKey = imports.FailedKey(job.BranchCode, job.ID)
			if err := w.Files.Put(ctx, job.FailedKey, &buf, XLSX); err != nil {
				return err
			}
		}
		return imports.Finish(ctx, tx, job)
	})
	if err != nil {
		return fmt.Errorf("import %s: %w", job.ID, err)
	}
	if res.Invite != nil {
		sent, failed := res.Invite(ctx)
		if err := imports.CountInvitations(ctx, w.DB, job.ID, sent, failed); err != nil {
			return fmt.Errorf("import %s: %w", job.ID, err)
		}
	}
	return nil
}
