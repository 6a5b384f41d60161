package params

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id (deleteX?id=), for the
// authorization matrix (functions/authz_test.go): the route called with another branch's
// row must answer 404. A kind with no row in branch is left out.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range kinds {
		var id int64
		// k.Table is one of the descriptions of kinds.go, never a caller's text.
		err := q.QueryRow(ctx, `SELECT id FROM `+k.Table+` WHERE branch_code = $1 ORDER BY id LIMIT 1`, branch).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("params.rows %s: %w", k.Name, err)
		}
		for _, name := range append([]string{k.Name}, k.Aliases...) {
			out["DELETE /api/parameter/delete"+name] = strconv.FormatInt(id, 10)
		}
	}
	return out, nil
}
