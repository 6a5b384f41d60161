package auth

import (
	"context"
	"fmt"
	"math"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/i18n"
)

// countBurst counts one failed sign-in of u from anywhere. The failure past BurstLimit
// (more than BurstLimit.Failures with no quiet BurstLimit.Window between them) is a burst:
// it is written to the activity log and e-mailed to the Branch Admins of u's branches and
// the Super Admins — once, until a quiet window starts the count again. A burst delays
// nobody: per-address delays do that, and a guesser spread over many addresses is what a
// person should look at. Errors here are logged, never answered: the caller's answer is the
// wrong password's.
func (s *Service) countBurst(ctx context.Context, u user, now time.Time, c Client) {
	// the growing-delay counter with no delay: it answers the count, each failure its own
	n, err := queries.AuthThrottleDelayHit(ctx, s.db, dbsqlc.AuthThrottleDelayHitParams{Key: fmt.Sprintf("burst:%d", u.ID),
		Now: now, QuietFrom: now.Add(-BurstLimit.Window), FreeAttempts: math.MaxInt32})
	if err != nil {
		s.log.ErrorContext(ctx, "counting a sign-in burst failed", "user", u.ID, "err", err)
		return
	}
	if int(n) != BurstLimit.Failures+1 {
		return // no burst yet, or one already told
	}
	failures, minutes := BurstLimit.Failures+1, int(BurstLimit.Window.Minutes())
	if err := audit.WriteActivity(ctx, s.db, audit.Activity{UserID: u.ID, Actor: u.EmployeeCode, Action: "auth.signInBurst",
		Address: c.Address, Detail: map[string]any{"failures": failures, "minutes": minutes}}); err != nil {
		s.log.ErrorContext(ctx, "recording a sign-in burst failed", "user", u.ID, "err", err)
	}
	to, err := queries.AuthBurstRecipients(ctx, s.db, u.ID)
	if err != nil {
		s.log.ErrorContext(ctx, "reading who to tell of a sign-in burst failed", "user", u.ID, "err", err)
		return
	}
	for _, r := range to {
		_ = s.send(ctx, user{ID: r.ID, Email: r.Email}, []i18n.Lang{i18n.FromHeader(r.Language)}, "signInBurst",
			func(l i18n.Lang) []any {
				return []any{u.EmployeeCode, i18n.PersonName(l, u.FirstNameTh, u.LastNameTh, u.FirstNameEn, u.LastNameEn),
					failures, minutes}
			})
	}
}
