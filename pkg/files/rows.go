package files

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/imports"
	"samrap/pkg/params"
)

// Rows names an import job of branch for the authorization matrix (functions/authz_test.go),
// creating a pending master-data job when the branch has none (the demo data has no jobs):
// the job called from another branch must answer 404.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	k, _ := params.KindOf("DietType")
	var id string
	err := q.QueryRow(ctx, `SELECT id::text FROM import_job WHERE branch_code = $1 AND kind = $2 ORDER BY created_at LIMIT 1`,
		branch, k.Name).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		id = imports.NewJobID()
		_, err = imports.CreateJob(ctx, q, imports.Job{ID: id, BranchCode: branch, Type: k.Name, FileName: "rows.xlsx",
			Key: imports.UploadKey(branch, k.Name, id, "rows.xlsx"), Lang: "th", CreatedBy: "authz"})
	}
	if err != nil {
		return nil, fmt.Errorf("files.rows: %w", err)
	}
	return map[string]string{"GET /api/upload/jobs/{id}": id}, nil
}
