package auth

import (
	"context"
	"fmt"
	"math"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/errs"
)

// Limit is how many attempts a key allows within Window; the attempt past them locks the key
// for Lock. An attempt is counted before the work it guards and given back (refund) when it
// turns out not to be a failure, so the count is of failures and attempts in flight.
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

// Throttle rules for second-factor codes, across every challenge of the account (a right
// password opens a new challenge, so the five attempts of one are not a limit) and per
// address. A right password does not clear them; a right code gives its attempt back.
var (
	CodeLimit        = Limit{Failures: 10, Window: time.Hour, Lock: time.Hour}
	CodeAddressLimit = Limit{Failures: 30, Window: time.Hour, Lock: time.Hour}
)

// CodeMailLimit bounds the codes e-mailed to one account, across every challenge and path
// (sign-in, account page): a right password opens a new challenge of five sends, so anyone
// who knows it could otherwise flood the inbox. Only codes sent count; neither a right
// password nor a right code clears it.
var CodeMailLimit = Limit{Failures: 10, Window: time.Hour, Lock: time.Hour}

// hit is one key to count an attempt against, with its limit.
type hit struct {
	key   string
	limit Limit
}

// count counts one attempt against each key in turn, each with one atomic statement, so that
// concurrent requests cannot all pass a check made before any of them is recorded. It
// answers errs.Retry, with the wait, at the first key that is locked or that this attempt
// locks; the attempts already counted against the keys before it are given back.
func count(ctx context.Context, q db.DBTX, now time.Time, hits ...hit) error {
	for i, h := range hits {
		until, err := queries.AuthThrottleHit(ctx, q, throttleHitParams(h, now))
		if err != nil {
			return fmt.Errorf("throttle: %w", err)
		}
		if until != nil && until.After(now) {
			for _, before := range hits[:i] {
				if err := refund(ctx, q, before.key); err != nil {
					return err
				}
			}
			return errs.Retry(int(math.Ceil(until.Sub(now).Seconds())))
		}
	}
	return nil
}

// refund gives back one attempt counted against each key: it was not a failure.
func refund(ctx context.Context, q db.DBTX, keys ...string) error {
	for _, k := range keys {
		if err := queries.AuthThrottleRefund(ctx, q, k); err != nil {
			return fmt.Errorf("throttle refund: %w", err)
		}
	}
	return nil
}

// keysOf answers the keys of hits, for refund.
func keysOf(hits []hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.key
	}
	return out
}
