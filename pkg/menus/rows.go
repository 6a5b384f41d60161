package menus

import (
	"context"
	"fmt"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id, for the authorization
// matrix (functions/authz_test.go): called with another branch's row, the route must answer
// 404. A table with no row in branch is left out.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range []struct {
		table  string
		routes []string
	}{
		{"menu", []string{"GET /api/parameter/getMenu", "DELETE /api/parameter/deleteMenu"}},
		{"menu_set", []string{"DELETE /api/parameter/deleteMenuSet"}},
		{"cycle", []string{"DELETE /api/parameter/deleteCycle"}},
		{"cycle_menu", []string{"DELETE /api/parameter/deleteCycleMenu"}},
	} {
		id, err := db.FirstID(ctx, q, r.table, branch)
		if err != nil {
			return nil, fmt.Errorf("menus.rows: %w", err)
		}
		if id == "" {
			continue
		}
		for _, route := range r.routes {
			out[route] = id
		}
	}
	return out, nil
}
