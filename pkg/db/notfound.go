package db

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// ErrNotFound is the one "not found" of every store: a store asked for a row that does not
// exist answers it, wrapped with the operation ("account by id 7: no such row") — never
// (nil, nil), pgx.ErrNoRows or a sentinel of its own. The service decides what the caller
// is told (its area's 404, or, where the rules say so, something else: a sign-in with an
// unknown e-mail is a wrong password). It is not an errs.Error on purpose: a service that
// forgets to decide answers 500 and the detail is logged, rather than telling a caller that
// a record does not exist.
var ErrNotFound = errors.New("no such row")

// NotFound answers err, with pgx.ErrNoRows turned into ErrNotFound, wrapped with op.
func NotFound(op string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", op, ErrNotFound)
	}
	return fmt.Errorf("%s: %w", op, err)
}
