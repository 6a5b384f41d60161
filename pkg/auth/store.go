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

func insertRefreshToken(ctx context.Context, q db.DBTX, hash []byte, sessionID string, now, expires time.Time) error {
	err := queries.AuthInsertRefreshToken(ctx, q, dbsqlc.AuthInsertRefreshTokenParams{TokenHash: hash,
		SessionID: sessionID, IssuedAt: now, ExpiresAt: expires})
	if err != nil {
		return fmt.Errorf("insert refresh token: %w", err)
	}
	return nil
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

func spendRefreshTokens(ctx context.Context, q db.DBTX, sessionID string, now time.Time) error {
	err := queries.AuthSpendRefreshTokens(ctx, q, dbsqlc.AuthSpendRefreshTokensParams{SessionID: sessionID, Now: &now})
	if err != nil {
		return fmt.Errorf("spend refresh tokens: %w", err)
	}
	return nil
}

func revokeSession(ctx context.Context, q db.DBTX, sessionID, reason string, now time.Time) error {
	err := queries.AuthRevokeSession(ctx, q, dbsqlc.AuthRevokeSessionParams{ID: sessionID, Now: &now, Reason: reason})
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// setCurrentPair answers pgx.ErrNoRows, unwrapped, for a revoked or unknown session.
func setCurrentPair(ctx context.Context, q db.DBTX, sessionID string, p session.Pair) (loginIssuedAt time.Time, err error) {
	return queries.AuthSetCurrentPair(ctx, q, dbsqlc.AuthSetCurrentPairParams{ID: sessionID,
		BranchCode: p.BranchCode, RoleCode: p.RoleCode})
}

// revokeOtherSessions revokes every open session of userID but keepSession ("" keeps none).
func revokeOtherSessions(ctx context.Context, q db.DBTX, userID int64, keepSession string, now time.Time) error {
	err := queries.AuthRevokeOtherSessions(ctx, q, dbsqlc.AuthRevokeOtherSessionsParams{UserID: userID,
		KeepSession: keepSession, Now: &now})
	if err != nil {
		return fmt.Errorf("revoke sessions: %w", err)
	}
	return nil
}

// pairNames are the display names of the pairs a user holds.
type pairName struct {
	BranchCode   string
	BranchNameTh string
	BranchNameEn string
	RoleCode     string
	RoleNameTh   string
	RoleNameEn   string
}

func namePairs(ctx context.Context, q db.DBTX, pairs []session.Pair) ([]pairName, error) {
	branches := make([]string, len(pairs))
	roles := make([]string, len(pairs))
	for i, p := range pairs {
		branches[i], roles[i] = p.BranchCode, p.RoleCode
	}
	rows, err := queries.AuthNamePairs(ctx, q, dbsqlc.AuthNamePairsParams{BranchCodes: branches, RoleCodes: roles})
	if err != nil {
		return nil, fmt.Errorf("name pairs: %w", err)
	}
	out := make([]pairName, 0, len(rows))
	for _, r := range rows {
		out = append(out, pairName(r))
	}
	return out, nil
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
	_, err := queries.AuthThrottleDelayHit(ctx, q, dbsqlc.AuthThrottleDelayHitParams{Key: h.key, Now: now,
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

func clearFailures(ctx context.Context, q db.DBTX, key string) error {
	if err := queries.AuthThrottleClear(ctx, q, key); err != nil {
		return fmt.Errorf("throttle clear: %w", err)
	}
	return nil
}

// Links.

func revokeLinks(ctx context.Context, q db.DBTX, userID int64, purpose string, now time.Time) error {
	err := queries.AuthRevokeLinks(ctx, q, dbsqlc.AuthRevokeLinksParams{UserID: userID, Purpose: purpose, Now: &now})
	if err != nil {
		return fmt.Errorf("revoke links: %w", err)
	}
	return nil
}

func insertLink(ctx context.Context, q db.DBTX, hash []byte, userID int64, purpose, by string, now, expires time.Time) error {
	err := queries.AuthInsertLink(ctx, q, dbsqlc.AuthInsertLinkParams{TokenHash: hash, UserID: userID,
		Purpose: purpose, CreatedAt: now, CreatedBy: by, ExpiresAt: expires})
	if err != nil {
		return fmt.Errorf("insert link: %w", err)
	}
	return nil
}

// lockOpenLink answers the user of a usable link, locked for update; pgx.ErrNoRows,
// unwrapped, when there is none.
func lockOpenLink(ctx context.Context, q db.DBTX, hash []byte, purpose string, now time.Time) (int64, error) {
	return queries.AuthLockOpenLink(ctx, q, dbsqlc.AuthLockOpenLinkParams{TokenHash: hash, Purpose: purpose, Now: now})
}

func useLink(ctx context.Context, q db.DBTX, hash []byte, now time.Time) error {
	if err := queries.AuthUseLink(ctx, q, dbsqlc.AuthUseLinkParams{TokenHash: hash, Now: &now}); err != nil {
		return fmt.Errorf("use link: %w", err)
	}
	return nil
}

// invitedUserOfLink answers the account an invitation link was for while it still waits
// for confirmation; pgx.ErrNoRows, unwrapped, otherwise.
func invitedUserOfLink(ctx context.Context, q db.DBTX, hash []byte) (int64, error) {
	return queries.AuthInvitedUserOfLink(ctx, q, hash)
}

// Accounts.

func markInvited(ctx context.Context, q db.DBTX, userID int64, by string, now time.Time) error {
	if err := queries.AuthMarkInvited(ctx, q, dbsqlc.AuthMarkInvitedParams{ID: userID, Now: now, By: by}); err != nil {
		return fmt.Errorf("mark invited: %w", err)
	}
	return nil
}

// activateUser stores the password of a registering account, makes it active and keeps
// the authenticator secret it may confirm.
func activateUser(ctx context.Context, q db.DBTX, userID int64, hash, pendingTOTP string, now time.Time) error {
	err := queries.AuthActivateUser(ctx, q, dbsqlc.AuthActivateUserParams{ID: userID, PasswordHash: hash,
		TotpPendingSecret: pendingTOTP, Now: &now})
	if err != nil {
		return fmt.Errorf("activate: %w", err)
	}
	return nil
}

func setPasswordHash(ctx context.Context, q db.DBTX, userID int64, hash string, now time.Time) error {
	err := queries.AuthSetPassword(ctx, q, dbsqlc.AuthSetPasswordParams{ID: userID, PasswordHash: hash, Now: &now})
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

func setLanguage(ctx context.Context, q db.DBTX, userID int64, lang string) error {
	if err := queries.AuthSetLanguage(ctx, q, dbsqlc.AuthSetLanguageParams{ID: userID, Language: lang}); err != nil {
		return fmt.Errorf("set language: %w", err)
	}
	return nil
}

func setPendingTOTP(ctx context.Context, q db.DBTX, userID int64, secret string) error {
	err := queries.AuthSetPendingTOTP(ctx, q, dbsqlc.AuthSetPendingTOTPParams{ID: userID, TotpPendingSecret: secret})
	if err != nil {
		return fmt.Errorf("set pending totp: %w", err)
	}
	return nil
}

// enableMFA makes the pending authenticator the account's and turns two factors on.
func enableMFA(ctx context.Context, q db.DBTX, userID int64) error {
	if err := queries.AuthEnableMFA(ctx, q, userID); err != nil {
		return fmt.Errorf("enable mfa: %w", err)
	}
	return nil
}

func disableMFA(ctx context.Context, q db.DBTX, userID int64) error {
	if err := queries.AuthDisableMFA(ctx, q, userID); err != nil {
		return fmt.Errorf("disable mfa: %w", err)
	}
	return nil
}

// acceptTOTPStep records step as the account's last accepted authenticator step, answering
// false, atomically, when it or a later one was accepted before (no code is accepted twice,
// even by two verifications at the same moment).
func acceptTOTPStep(ctx context.Context, q db.DBTX, userID, step int64) (bool, error) {
	n, err := queries.AuthRecordTOTPStep(ctx, q, dbsqlc.AuthRecordTOTPStepParams{ID: userID, Step: step})
	if err != nil {
		return false, fmt.Errorf("record totp step: %w", err)
	}
	return n == 1, nil
}

// Second-factor challenges.

type newChallengeRow struct {
	Hash      []byte
	UserID    int64
	Purpose   string
	CreatedAt time.Time
	ExpiresAt time.Time
	Address   string
	UserAgent string
}

func insertChallenge(ctx context.Context, q db.DBTX, c newChallengeRow) error {
	err := queries.AuthInsertChallenge(ctx, q, dbsqlc.AuthInsertChallengeParams{TokenHash: c.Hash, UserID: c.UserID,
		Purpose: c.Purpose, CreatedAt: c.CreatedAt, ExpiresAt: c.ExpiresAt, Address: c.Address, UserAgent: c.UserAgent})
	if err != nil {
		return fmt.Errorf("new challenge: %w", err)
	}
	return nil
}

type challengeRow struct {
	UserID         int64
	Purpose        string
	Attempts       int
	EmailCodeHash  []byte
	EmailExpiresAt *time.Time
	EmailSends     int
	EmailSentAt    *time.Time
	ExpiresAt      time.Time
}

// lockChallengeRow reads an open challenge of purpose (not consumed, not expired at now,
// fewer than maxAttempts attempts) for update; pgx.ErrNoRows, unwrapped, when there is none.
func lockChallengeRow(ctx context.Context, q db.DBTX, hash []byte, purpose string, now time.Time, maxAttempts int) (challengeRow, error) {
	r, err := queries.AuthLockChallenge(ctx, q, dbsqlc.AuthLockChallengeParams{TokenHash: hash, Purpose: purpose,
		Now: now, MaxAttempts: int32(maxAttempts)})
	if err != nil {
		return challengeRow{}, err
	}
	return challengeRow{UserID: r.UserID, Purpose: r.Purpose, Attempts: int(r.Attempts), EmailCodeHash: r.EmailCodeHash,
		EmailExpiresAt: r.EmailCodeExpiresAt, EmailSends: int(r.EmailSends), EmailSentAt: r.EmailSentAt,
		ExpiresAt: r.ExpiresAt}, nil
}

// challengeUser answers the account of an open challenge, like lockChallengeRow but without
// a lock; pgx.ErrNoRows, unwrapped, when there is none.
func challengeUser(ctx context.Context, q db.DBTX, hash []byte, purpose string, now time.Time, maxAttempts int) (int64, error) {
	return queries.AuthChallengeUser(ctx, q, dbsqlc.AuthChallengeUserParams{TokenHash: hash, Purpose: purpose,
		Now: now, MaxAttempts: int32(maxAttempts)})
}

// storeEmailCode keeps the hash of a newly e-mailed code and counts the send.
func storeEmailCode(ctx context.Context, q db.DBTX, hash, codeHash []byte, expires, now time.Time) error {
	err := queries.AuthStoreEmailCode(ctx, q, dbsqlc.AuthStoreEmailCodeParams{TokenHash: hash, EmailCodeHash: codeHash,
		EmailCodeExpiresAt: &expires, Now: &now})
	if err != nil {
		return fmt.Errorf("store code: %w", err)
	}
	return nil
}

func countChallengeAttempt(ctx context.Context, q db.DBTX, hash []byte) error {
	if err := queries.AuthCountChallengeAttempt(ctx, q, hash); err != nil {
		return fmt.Errorf("count attempt: %w", err)
	}
	return nil
}

func consumeChallenge(ctx context.Context, q db.DBTX, hash []byte, now time.Time) error {
	if err := queries.AuthConsumeChallenge(ctx, q, dbsqlc.AuthConsumeChallengeParams{TokenHash: hash, Now: &now}); err != nil {
		return fmt.Errorf("consume challenge: %w", err)
	}
	return nil
}

// The first administrator.

func countSuperAdmins(ctx context.Context, q db.DBTX) (int64, error) {
	n, err := queries.AuthCountSuperAdmins(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("count super admins: %w", err)
	}
	return n, nil
}

// insertBranchIfNew creates the branch unless its code exists.
func insertBranchIfNew(ctx context.Context, q db.DBTX, code, nameTh, nameEn string) error {
	err := queries.AuthFirstAdminBranch(ctx, q, dbsqlc.AuthFirstAdminBranchParams{Code: code, NameTh: nameTh, NameEn: nameEn})
	if err != nil {
		return fmt.Errorf("branch: %w", err)
	}
	return nil
}

// adminAccount is the first administrator's account as stored.
type adminAccount struct {
	Email        string
	EmployeeCode string
	FirstNameTh  string
	LastNameTh   string
	FirstNameEn  string
	LastNameEn   string
}

// insertFirstAdmin creates the invited account of the first administrator and makes it a
// Super Admin of branchCode.
func insertFirstAdmin(ctx context.Context, q db.DBTX, a adminAccount, branchCode string) (int64, error) {
	id, err := queries.AuthFirstAdminUser(ctx, q, dbsqlc.AuthFirstAdminUserParams(a))
	if err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	err = queries.AuthFirstAdminPermission(ctx, q, dbsqlc.AuthFirstAdminPermissionParams{UserID: id, BranchCode: branchCode})
	if err != nil {
		return 0, fmt.Errorf("pair: %w", err)
	}
	return id, nil
}
