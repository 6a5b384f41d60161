package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/errs"
)

// Limit is how many failures within Window lock a key for Lock.
type Limit struct {
	Failures int
	Window   time.Duration
	Lock     time.Duration
}

// Throttle rules for sign-in: an account is locked after a few failures, an address after
// more (it may be a ward's shared computer). State lives in the database because Lambda
// instances share nothing else.
var (
	AccountLimit = Limit{Failures: 5, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	AddressLimit = Limit{Failures: 30, Window: 15 * time.Minute, Lock: 15 * time.Minute}
)

// checkLocked answers a TooMany failure when any of keys is locked at now.
func checkLocked(ctx context.Context, q db.DBTX, now time.Time, keys ...string) error {
	until, locked, err := lockedUntil(ctx, q, now, keys)
	if err != nil {
		return err
	}
	if locked {
		return errs.Retry(int(math.Ceil(until.Sub(now).Seconds())))
	}
	return nil
}

// recordFailure counts one failure for key under limit, locking it when the count is reached.
func recordFailure(ctx context.Context, pool db.Beginner, now time.Time, key string, l Limit) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		failures, start, err := lockThrottle(ctx, tx, key)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			failures, start = 0, now
		case err != nil:
			return fmt.Errorf("throttle record: %w", err)
		}
		if now.Sub(start) > l.Window {
			failures, start = 0, now
		}
		failures++
		var locked *time.Time
		if failures >= l.Failures {
			t := now.Add(l.Lock)
			locked = &t
			failures, start = 0, now
		}
		return saveThrottle(ctx, tx, key, failures, start, locked)
	})
}
