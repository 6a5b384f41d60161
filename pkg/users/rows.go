package users

import (
	"context"

	"samrap/pkg/db"
)

// Rows names the area's routes that take a row's id, for the authorization matrix
// (functions/authz_test.go): accounts belong to the group, not to a branch, so no id of
// theirs is another branch's row (the route is Super Admin's alone, which the matrix checks).
func Rows(context.Context, db.DBTX, string) (map[string]string, error) {
	return map[string]string{"GET /api/auth/getUserById/{id}": ""}, nil
}
