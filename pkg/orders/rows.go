package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id, for the authorization
// matrix (functions/authz_test.go): called with another branch's order, the route must
// answer 404. A branch with no order is left out.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT id::text FROM meal_order WHERE branch_code = $1 ORDER BY ordered_at, id LIMIT 1`, branch).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("orders.rows: %w", err)
	}
	return map[string]string{"GET /api/takerOrder/getQrByOrderId/{id}": id}, nil
}
