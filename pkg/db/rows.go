package db

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
)

// FirstID answers the smallest id of table's rows of branch, as text ("" when branch has
// none): the row an area's Rows names for the authorization matrix (functions/authz_test.go).
// table is a name the code gives, never a caller's text.
func FirstID(ctx context.Context, q DBTX, table, branch string) (string, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM `+table+` WHERE branch_code = $1 ORDER BY id LIMIT 1`, branch).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("first id of %s: %w", table, err)
	}
	return strconv.FormatInt(id, 10), nil
}
