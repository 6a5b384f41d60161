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
//
// With MaxLock set, the limit is a growing delay instead: the Failures-th failure and each
// one after it make the next attempt wait, Lock at first, doubled at each further failure,
// at most MaxLock; the failures are forgotten after Window without an attempt.
type Limit struct {
	Failures int
	Window   time.Duration
	Lock     time.Duration
	MaxLock  time.Duration
}

// Throttle rules for sign-in. An account's failures from one address delay its next attempt
// from that address, growing (30 s, 1 min, 2 min, … at most 15 min) rather than locking it
// for 15 minutes at once; attempts from other addresses are not delayed, so that anyone who
// knows an e-mail cannot keep its owner out (issue 31 §4: one address could hold ~29
// accounts locked for ever). A Branch Admin sees the delayed accounts of its branch and
// lifts a delay (LiftDelay) — not a Super Admin's. An address is locked after more failures
// whatever the accounts (it may be a ward's shared computer). A burst of failures against
// one account from anywhere (BurstLimit) blocks nothing but tells its Branch Admins and the
// Super Admins (burst.go). State lives in the database because Lambda instances share
// nothing else.
var (
	AccountLimit = Limit{Failures: 5, Window: time.Hour, Lock: 30 * time.Second, MaxLock: 15 * time.Minute}
	AddressLimit = Limit{Failures: 30, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	BurstLimit   = Limit{Failures: 20, Window: time.Hour} // tells, never locks: no Lock
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

// hit is one key to count an attempt against, with its limit, and the account (lower-case
// e-mail) a sign-in delay's key belongs to, so that the account's delays from every address
// are found (and lifted) together.
type hit struct {
	key     string
	limit   Limit
	account string
}

// count counts one attempt against each key in turn, each with one atomic statement, so that
// concurrent requests cannot all pass a check made before any of them is recorded. It
// answers errs.Retry, with the wait, at the first key that is locked or that this attempt
// locks; the attempts already counted against the keys before it are given back.
func count(ctx context.Context, q db.DBTX, now time.Time, hits ...hit) error {
	for i, h := range hits {
		until, err := throttleHit(ctx, q, h, now)
		if err != nil {
			return err
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
