package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/session"
)

// Sign-in delays a Branch Admin sees and lifts (AccountLimit: an account's failed sign-ins
// delay its next attempt; issue 18 §8).

// DelayedAccount is an account of the branch whose sign-in is delayed now, or that has failed
// often enough (AccountLimit.Failures since its last quiet hour) to be delayed again at its
// next failure.
type DelayedAccount struct {
	ID           int64  `json:"id"`
	EmployeeCode string `json:"employeeCode"`
	FirstNameTh  string `json:"firstNameTh"`
	LastNameTh   string `json:"lastNameTh"`
	FirstNameEn  string `json:"firstNameEn"`
	LastNameEn   string `json:"lastNameEn"`
	// Failures are the failed sign-ins counted since the last quiet hour (or the last lift),
	// from every address; Addresses how many addresses they came from.
	Failures      int       `json:"failures"`
	Addresses     int       `json:"addresses"`
	LastAttemptAt time.Time `json:"lastAttemptAt"`
	// DelayedUntil is when the account may try again from the address delayed longest; null
	// when it may now (its next failure there delays it again). Other addresses are never
	// delayed by these failures.
	DelayedUntil *time.Time `json:"delayedUntil"`
	// Liftable is false for an account holding Super Admin: a Branch Admin does not lift its
	// delay (it runs out, and delays only the addresses that failed).
	Liftable bool `json:"liftable"`
}

// ErrNotInBranch answers a lift for an account that holds no pair in the caller's branch.
var ErrNotInBranch = errs.New(errs.NotFound, "user.notFound")

// ErrLiftSuperAdmin refuses a Branch Admin's lift of a Super Admin's delay: the account
// that administers every branch is not released by one branch's administrator.
var ErrLiftSuperAdmin = errs.New(errs.Forbidden, "auth.liftSuperAdmin")

// DelayedAccounts lists the delayed accounts holding a pair in branch, the longest delay first.
func (s *Service) DelayedAccounts(ctx context.Context, branch string) ([]DelayedAccount, error) {
	now := s.now()
	rows, err := queries.AuthDelayedAccounts(ctx, s.db, dbsqlc.AuthDelayedAccountsParams{Branch: branch,
		QuietFrom: now.Add(-AccountLimit.Window), Now: &now, FreeAttempts: int32(AccountLimit.Failures)})
	if err != nil {
		return nil, fmt.Errorf("auth.delayedAccounts: %w", err)
	}
	out := make([]DelayedAccount, len(rows))
	for i, r := range rows {
		out[i] = DelayedAccount{ID: r.ID, EmployeeCode: r.EmployeeCode, FirstNameTh: r.FirstNameTh, LastNameTh: r.LastNameTh,
			FirstNameEn: r.FirstNameEn, LastNameEn: r.LastNameEn, Failures: int(r.Failures), Addresses: int(r.Addresses),
			LastAttemptAt: r.LastAttemptAt, Liftable: r.Liftable}
		if r.LockedUntil.After(now) {
			out[i].DelayedUntil = &r.LockedUntil
		}
	}
	return out, nil
}

// LiftDelay forgets the failed sign-ins of an account holding a pair in branch, from every
// address, so that it signs in at once, and records who lifted it in the activity log. An
// account holding Super Admin is refused (ErrLiftSuperAdmin). The per-address limit is not
// lifted: it guards the address, not the account.
func (s *Service) LiftDelay(ctx context.Context, by *session.Claims, branch string, userID int64) error {
	now := s.now()
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		r, err := queries.AuthLiftDelay(ctx, tx, dbsqlc.AuthLiftDelayParams{UserID: userID, Branch: branch})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotInBranch
		}
		if err != nil {
			return err
		}
		if r.SuperAdmin && (by.Current == nil || by.Current.RoleCode != session.SuperAdmin) {
			return ErrLiftSuperAdmin // rolls the delete back
		}
		var until *time.Time
		if r.LockedUntil.After(now) {
			until = &r.LockedUntil
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: branch, UserID: by.UserID, Actor: by.EmployeeCode,
			Action: "auth.liftDelay", Detail: map[string]any{"userId": r.ID, "failures": r.Failures, "delayedUntil": until}})
	})
	if err != nil {
		return fmt.Errorf("auth.liftDelay: %w", err)
	}
	return nil
}

func (h handlers) delayedAccounts(w http.ResponseWriter, r *http.Request) error {
	list, err := h.s.DelayedAccounts(r.Context(), httpx.Branch(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, list)
}

type liftRequest struct {
	BranchCode string `json:"branchCode"`
	UserID     int64  `json:"userId"`
}

func (h handlers) liftDelay(w http.ResponseWriter, r *http.Request) error {
	var req liftRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if req.UserID <= 0 {
		return errs.Fields(map[string]string{"userId": "field.required"})
	}
	if err := h.s.LiftDelay(r.Context(), httpx.Claims(r), httpx.Branch(r), req.UserID); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "auth.delayLifted", nil)
}
