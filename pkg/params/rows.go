package params

import (
	"context"
	"fmt"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id (deleteX?id=), for the
// authorization matrix (functions/authz_test.go): the route called with another branch's
// row must answer 404. A kind with no row in branch is left out.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range kinds {
		// k.Table is one of the descriptions of kinds.go, never a caller's text.
		id, err := db.FirstID(ctx, q, k.Table, branch)
		if err != nil {
			return nil, fmt.Errorf("params.rows %s: %w", k.Name, err)
		}
		if id == "" {
			continue
		}
		for _, name := range append([]string{k.Name}, k.Aliases...) {
			out["DELETE /api/parameter/delete"+name] = id
		}
	}
	return out, nil
}
