package menus

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id, for the authorization
// matrix (functions/authz_test.go): called with another branch's row, the route must answer
// 404. A table with no row in branch is left out.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range []struct{ table string }{{"menu"}, {"menu_set"}, {"cycle"}, {"cycle_menu"}} {
		var id int64
		// r.table is one of the four names above, never a caller's text.
		err := q.QueryRow(ctx, `SELECT id FROM `+r.table+` WHERE branch_code = $1 ORDER BY id LIMIT 1`, branch).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("menus.rows %s: %w", r.table, err)
		}
		v := strconv.FormatInt(id, 10)
		switch r.table {
		case "menu":
			out["GET /api/parameter/getMenu"], out["DELETE /api/parameter/deleteMenu"] = v, v
		case "menu_set":
			out["DELETE /api/parameter/deleteMenuSet"] = v
		case "cycle":
			out["DELETE /api/parameter/deleteCycle"] = v
		case "cycle_menu":
			out["DELETE /api/parameter/deleteCycleMenu"] = v
		}
	}
	return out, nil
}
