package errs_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"samrap/pkg/errs"
)

// As finds the first *Error of the tree as errors.As does, through wrapping and joins, and
// allocates nothing: every error a request answers is looked into.
func TestAs(t *testing.T) {
	other := errs.New(errs.Conflict, "other")
	for _, c := range []struct {
		name string
		err  error
		want *errs.Error
	}{
		{"nil", nil, nil},
		{"plain", io.EOF, nil},
		{"itself", errs.ErrNotFound, errs.ErrNotFound},
		{"wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", errs.ErrNoSession)), errs.ErrNoSession},
		{"joined, first found", errors.Join(io.EOF, fmt.Errorf("x: %w", other), errs.ErrNotFound), other},
		{"two wrapped by one", fmt.Errorf("%w and %w", errs.ErrForbidden, other), errs.ErrForbidden},
	} {
		got, ok := errs.As(c.err)
		var want *errs.Error
		wantOK := errors.As(c.err, &want)
		if got != c.want || ok != (c.want != nil) || got != want || ok != wantOK {
			t.Errorf("%s: As = %v, %v; want %v (errors.As: %v, %v)", c.name, got, ok, c.want, want, wantOK)
		}
	}
	refused := fmt.Errorf("session: %w", errs.ErrNoSession)
	if n := testing.AllocsPerRun(100, func() { errs.As(refused) }); n != 0 {
		t.Errorf("As allocates %v times, want 0", n)
	}
}
