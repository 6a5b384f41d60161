package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/session"
)

// The statements are in pkg/db/dbsqlc/auth.sql; this file maps their rows to the area's
// types.
var queries = dbsqlc.New()

// user is an account as sign-in needs it.
type user struct {
	ID                int64
	Email             string
	EmployeeCode      string
	FirstNameTh       string
	LastNameTh        string
	FirstNameEn       string
	LastNameEn        string
	PasswordHash      string
	Status            string
	Language          string
	PasswordChangedAt *time.Time
	MFAEnabled        bool
	TOTPSecret        string
	TOTPPending       string
	TOTPLastStep      int64
	Pairs             []session.Pair // in active branches
}

// names are the user's first and last names, which a password may not contain.
func (u user) names() []string {
	return []string{u.FirstNameTh, u.LastNameTh, u.FirstNameEn, u.LastNameEn}
}

// userOf maps a row of AuthUserByID (AuthUserByEmail has the same columns).
func userOf(r dbsqlc.AuthUserByIDRow) user {
	u := user{ID: r.ID, Email: r.Email, EmployeeCode: r.EmployeeCode, FirstNameTh: r.FirstNameTh,
		LastNameTh: r.LastNameTh, FirstNameEn: r.FirstNameEn, LastNameEn: r.LastNameEn,
		PasswordHash: r.PasswordHash, Status: r.Status, Language: r.Language,
		PasswordChangedAt: r.PasswordChangedAt, MFAEnabled: r.MfaEnabled, TOTPSecret: r.TotpSecret,
		TOTPPending: r.TotpPendingSecret, TOTPLastStep: r.TotpLastStep}
	for i := range r.BranchCodes {
		u.Pairs = append(u.Pairs, session.Pair{BranchCode: r.BranchCodes[i], RoleCode: r.RoleCodes[i]})
	}
	return u
}

// A missing account is db.ErrNotFound; the service never tells callers which.

func userByEmail(ctx context.Context, q db.DBTX, email string) (user, error) {
	r, err := queries.AuthUserByEmail(ctx, q, email)
	if err != nil {
		return user{}, db.NotFound("user by email", err)
	}
	return userOf(dbsqlc.AuthUserByIDRow(r)), nil
}

func userByID(ctx context.Context, q db.DBTX, id int64) (user, error) {
	r, err := queries.AuthUserByID(ctx, q, id)
	if err != nil {
		return user{}, db.NotFound(fmt.Sprintf("user by id %d", id), err)
	}
	return userOf(r), nil
}

// Sessions and refresh tokens.

type newSession struct {
	UserID        int64
	LoginIssuedAt time.Time
	Current       *session.Pair
	Pairs         []session.Pair
	Address       string
	UserAgent     string
}

func insertSession(ctx context.Context, q db.DBTX, s newSession) (string, error) {
	var branch, role *string
	if s.Current != nil {
		branch, role = &s.Current.BranchCode, &s.Current.RoleCode
	}
	pairs := s.Pairs
	if pairs == nil {
		pairs = []session.Pair{}
	}
	pairsJSON, err := json.Marshal(pairs)
	if err != nil {
		return "", fmt.Errorf("insert session: %w", err)
	}
	id, err := queries.AuthInsertSession(ctx, q, dbsqlc.AuthInsertSessionParams{UserID: s.UserID,
		LoginIssuedAt: s.LoginIssuedAt, CurrentBranchCode: branch, CurrentRoleCode: role,
		Pairs: string(pairsJSON), Address: s.Address, UserAgent: s.UserAgent})
	if err != nil {
		return "", fmt.Errorf("insert session: %w", err)
	}
	return id, nil
}

// refreshRow is a refresh token with its session and user, locked for rotation.
type refreshRow struct {
	SessionID     string
	ExpiresAt     time.Time
	Spent         bool
	Revoked       bool
	LoginIssuedAt time.Time
	Current       *session.Pair
	Pairs         []session.Pair // held at sign-in
	Held          []session.Pair // held now
	UserID        int64
	EmployeeCode  string
	UserActive    bool
}

// lockRefreshToken answers pgx.ErrNoRows, unwrapped, for an unknown token.
func lockRefreshToken(ctx context.Context, q db.DBTX, hash []byte) (refreshRow, error) {
	t, err := queries.AuthLockRefreshToken(ctx, q, hash)
	if err != nil {
		return refreshRow{}, err
	}
	r := refreshRow{SessionID: t.SessionID, ExpiresAt: t.ExpiresAt, Spent: t.Spent, Revoked: t.Revoked,
		LoginIssuedAt: t.LoginIssuedAt, UserID: t.UserID, EmployeeCode: t.EmployeeCode, UserActive: t.UserActive}
	if err := json.Unmarshal(t.Pairs, &r.Pairs); err != nil {
		return refreshRow{}, fmt.Errorf("lock refresh token: pairs: %w", err)
	}
	if err := json.Unmarshal(t.HeldPairs, &r.Held); err != nil {
		return refreshRow{}, fmt.Errorf("lock refresh token: held pairs: %w", err)
	}
	if t.CurrentBranchCode != nil && t.CurrentRoleCode != nil {
		r.Current = &session.Pair{BranchCode: *t.CurrentBranchCode, RoleCode: *t.CurrentRoleCode}
	}
	return r, nil
}

// namePairs answers the display names of the pairs a user holds.
func namePairs(ctx context.Context, q db.DBTX, pairs []session.Pair) ([]dbsqlc.AuthNamePairsRow, error) {
	branches := make([]string, len(pairs))
	roles := make([]string, len(pairs))
	for i, p := range pairs {
		branches[i], roles[i] = p.BranchCode, p.RoleCode
	}
	rows, err := queries.AuthNamePairs(ctx, q, dbsqlc.AuthNamePairsParams{BranchCodes: branches, RoleCodes: roles})
	if err != nil {
		return nil, fmt.Errorf("name pairs: %w", err)
	}
	return rows, nil
}

// Throttling.

// throttleHit counts one attempt against h's key and answers the lock or delay the key is
// under afterwards (nil, or a time not after now, when the attempt may go on).
func throttleHit(ctx context.Context, q db.DBTX, h hit, now time.Time) (*time.Time, error) {
	if h.limit.MaxLock == 0 {
		lock := now.Add(h.limit.Lock)
		until, err := queries.AuthThrottleHit(ctx, q, dbsqlc.AuthThrottleHitParams{Key: h.key, Now: now,
			WindowFrom: now.Add(-h.limit.Window), MaxAttempts: int32(h.limit.Failures), LockUntil: &lock})
		if err != nil {
			return nil, fmt.Errorf("throttle: %w", err)
		}
		return until, nil
	}
	// A growing delay: the attempt is counted unless the key's delay runs (no row then).
	var account *string
	if h.account != "" {
		account = &h.account
	}
	_, err := queries.AuthThrottleDelayHit(ctx, q, dbsqlc.AuthThrottleDelayHitParams{Key: h.key, Account: account, Now: now,
		QuietFrom: now.Add(-h.limit.Window), FreeAttempts: int32(h.limit.Failures),
		FirstSecs: h.limit.Lock.Seconds(), MaxSecs: h.limit.MaxLock.Seconds()})
	if err == nil {
		return nil, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("throttle: %w", err)
	}
	until, err := queries.AuthThrottleLockedUntil(ctx, q, h.key)
	if err != nil {
		return nil, fmt.Errorf("throttle delay: %w", err)
	}
	return until, nil
}

// The first administrator.

// insertFirstAdmin creates the invited account of the first administrator and makes it a
// Super Admin of branchCode.
func insertFirstAdmin(ctx context.Context, q db.DBTX, a dbsqlc.AuthFirstAdminUserParams, branchCode string) (int64, error) {
	id, err := queries.AuthFirstAdminUser(ctx, q, a)
	if err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	err = queries.AuthFirstAdminPermission(ctx, q, dbsqlc.AuthFirstAdminPermissionParams{UserID: id, BranchCode: branchCode})
	if err != nil {
		return 0, fmt.Errorf("pair: %w", err)
	}
	return id, nil
}
