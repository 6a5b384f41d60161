package nutrition

import (
	"context"
	"fmt"

	"samrap/pkg/db"
)

// Rows names a row of branch for each route that takes a row's id, for the authorization
// matrix (functions/authz_test.go): called with another branch's round, the analysis answers
// 404.
func Rows(ctx context.Context, q db.DBTX, branch string) (map[string]string, error) {
	id, err := db.FirstID(ctx, q, "cycle", branch)
	if err != nil {
		return nil, fmt.Errorf("nutrition.rows: %w", err)
	}
	if id == "" {
		return map[string]string{}, nil
	}
	return map[string]string{"GET /api/nutrition/cycleAnalysis?cycleId": id}, nil
}
