// Package auth is the sign-in area: passwords, access and refresh tokens, the current
// (branch, role) pair and the session caps of SPEC.md §4.
package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
	"samrap/pkg/mail"
	"samrap/pkg/session"
)

// Failures callers are told about.
var (
	ErrBadCredentials  = errs.New(errs.Unauthenticated, "auth.badCredentials")
	ErrInactiveAccount = errs.WithCode(errs.Forbidden, "INACTIVE_ACCOUNT", "auth.inactiveAccount")
	ErrRefreshInvalid  = errs.New(errs.Unauthenticated, "auth.refreshInvalid")
	ErrSessionCap      = errs.WithCode(errs.Unauthenticated, "SESSION_EXPIRED", "auth.sessionCap")
	ErrPairNotHeld     = errs.New(errs.Forbidden, "auth.pairNotHeld")
)

// Service holds the sign-in and account rules.
type Service struct {
	db        *db.Pool
	keys      *session.Keys
	now       func() time.Time
	log       *slog.Logger
	mail      mail.Sender
	publicURL string

	dummyOnce sync.Once
	dummyHash string

	beforeTOTPStep func() // tests: runs between reading the last step and recording a new one
}

// NewService builds the service: pool for the accounts and sessions, keys to sign tokens,
// now for the time, log, mail to send codes and links, and publicURL the site those links
// lead to.
func NewService(pool *db.Pool, keys *session.Keys, now func() time.Time, log *slog.Logger, mail mail.Sender, publicURL string) *Service {
	return &Service{db: pool, keys: keys, now: now, log: log, mail: mail, publicURL: strings.TrimRight(publicURL, "/")}
}

// Tokens is the answer of sign-in, refresh and pair choice (SPEC.md §3 refresh fields).
type Tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	ExpiresIn    int    `json:"expires_in"`
	TokenType    string `json:"token_type"`
}

// Client is where a request came from, for throttling and the activity log.
type Client struct {
	Address   string
	UserAgent string
}

// SignInResult is the answer of the password step: tokens, or, for an account with two
// factors, a challenge that a code must complete (VerifyOTP).
type SignInResult struct {
	Tokens *Tokens
	MFA    *MFAChallenge
}

// SignIn checks email and password. Without two factors it opens a session; with them it
// answers a challenge. A wrong password and an unknown e-mail fail the same way and take the
// same time. The attempt is counted against the e-mail and the address before the password
// is checked (a burst of parallel guesses cannot pass the limit); a right password clears
// the e-mail's count and gives the address its attempt back.
func (s *Service) SignIn(ctx context.Context, email, password string, c Client) (SignInResult, error) {
	now := s.now()
	email = strings.TrimSpace(email)
	account := strings.ToLower(email)
	// The account's delay is its own at this address: failures elsewhere never delay it here.
	accountKey := "account:" + account + "|" + c.Address
	addressKey := "address:" + c.Address
	// The address first: an attempt it refuses neither counts against the account nor delays it.
	if err := count(ctx, s.db, now, hit{key: addressKey, limit: AddressLimit},
		hit{key: accountKey, limit: AccountLimit, account: account}); err != nil {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
	}

	u, err := userByEmail(ctx, s.db, email)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
	}
	hash := u.PasswordHash
	if hash == "" {
		hash = s.dummy() // same work whether or not the account exists
	}
	if !CheckPassword(hash, password) || u.ID == 0 || u.PasswordHash == "" {
		_ = audit.WriteActivity(ctx, s.db, audit.Activity{UserID: u.ID, Actor: email, Action: "auth.signInFailed", Address: c.Address})
		if u.ID != 0 {
			s.countBurst(ctx, u, now, c)
		}
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", ErrBadCredentials)
	}
	if err := queries.AuthThrottleClear(ctx, s.db, accountKey); err != nil {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
	}
	if err := refund(ctx, s.db, addressKey); err != nil {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
	}
	if u.Status != "ACTIVE" || len(u.Pairs) == 0 {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", ErrInactiveAccount)
	}
	if u.MFAEnabled {
		ch, err := s.newChallenge(ctx, s.db, u, purposeSignIn, c)
		if err != nil {
			return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
		}
		return SignInResult{MFA: &ch}, nil
	}
	t, err := s.openSession(ctx, u, c)
	if err != nil {
		return SignInResult{}, fmt.Errorf("auth.signIn: %w", err)
	}
	return SignInResult{Tokens: &t}, nil
}

// openSession starts a sign-in session for u and answers its first tokens. A user holding
// exactly one pair gets it as the current pair.
func (s *Service) openSession(ctx context.Context, u user, c Client) (Tokens, error) {
	now := s.now()
	var current *session.Pair
	if len(u.Pairs) == 1 {
		current = &u.Pairs[0]
	}
	var t Tokens
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		sid, err := insertSession(ctx, tx, newSession{UserID: u.ID, LoginIssuedAt: now, Current: current,
			Pairs: u.Pairs, Address: c.Address, UserAgent: c.UserAgent})
		if err != nil {
			return err
		}
		t, err = s.issue(ctx, tx, session.Claims{UserID: u.ID, EmployeeCode: u.EmployeeCode, Pairs: u.Pairs,
			Current: current, SessionID: sid, LoginIssuedAt: now.Unix()}, now)
		if err != nil {
			return err
		}
		branch := ""
		if current != nil {
			branch = current.BranchCode
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: branch, UserID: u.ID, Actor: u.EmployeeCode,
			Action: "auth.signIn", Address: c.Address})
	})
	return t, err
}

// Refresh spends raw and answers new tokens. A spent token presented again revokes its
// whole session (someone holds a copy); a session past its role's cap is not refreshed.
func (s *Service) Refresh(ctx context.Context, raw string) (Tokens, error) {
	now := s.now()
	hash := hashToken(raw)
	var t Tokens
	var fail error
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		r, err := lockRefreshToken(ctx, tx, hash)
		if errors.Is(err, pgx.ErrNoRows) {
			fail = ErrRefreshInvalid
			return nil
		}
		if err != nil {
			return err
		}
		revoke := func(reason string) error {
			return queries.AuthRevokeSession(ctx, tx, dbsqlc.AuthRevokeSessionParams{ID: r.SessionID, Now: &now, Reason: reason})
		}
		switch {
		case r.Revoked:
			fail = ErrRefreshInvalid
			return nil
		case r.Spent:
			s.log.WarnContext(ctx, "spent refresh token presented again; session revoked", "session", r.SessionID, "user", r.UserID)
			fail = ErrRefreshInvalid
			return revoke("refresh token reuse")
		case !r.UserActive:
			fail = ErrRefreshInvalid
			return revoke("account no longer active")
		case !now.Before(r.ExpiresAt):
			fail = ErrRefreshInvalid
			return nil
		}
		role := ""
		if r.Current != nil {
			role = r.Current.RoleCode
		}
		if !now.Before(r.LoginIssuedAt.Add(session.Cap(role))) {
			fail = ErrSessionCap
			return revoke("session cap reached")
		}
		// Access removed since sign-in ends here, not at the cap: the new token keeps only the
		// pairs still held (new ones wait for the next sign-in, SPEC.md §4), and a session
		// whose chosen pair, or every pair, was taken away is over.
		pairs := stillHeld(r.Pairs, r.Held)
		if len(pairs) == 0 || (r.Current != nil && !slices.Contains(pairs, *r.Current)) {
			fail = ErrRefreshInvalid
			return revoke("access removed")
		}
		if err := queries.AuthSpendRefreshTokens(ctx, tx, dbsqlc.AuthSpendRefreshTokensParams{SessionID: r.SessionID, Now: &now}); err != nil {
			return err
		}
		t, err = s.issue(ctx, tx, session.Claims{UserID: r.UserID, EmployeeCode: r.EmployeeCode, Pairs: pairs,
			Current: r.Current, SessionID: r.SessionID, LoginIssuedAt: r.LoginIssuedAt.Unix()}, now)
		return err
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("auth.refresh: %w", err)
	}
	if fail != nil {
		return Tokens{}, fmt.Errorf("auth.refresh: %w", fail)
	}
	return t, nil
}

// stillHeld answers the pairs of signedIn that held still lists, in signedIn's order.
func stillHeld(signedIn, held []session.Pair) []session.Pair {
	var out []session.Pair
	for _, p := range signedIn {
		if slices.Contains(held, p) {
			out = append(out, p)
		}
	}
	return out
}

// SelectRole makes p the current pair of the caller's session and answers new tokens.
func (s *Service) SelectRole(ctx context.Context, c *session.Claims, p session.Pair) (Tokens, error) {
	if !c.Holds(p) {
		return Tokens{}, fmt.Errorf("auth.selectRole: %w", ErrPairNotHeld)
	}
	now := s.now()
	var t Tokens
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		issued, err := queries.AuthSetCurrentPair(ctx, tx, dbsqlc.AuthSetCurrentPairParams{ID: c.SessionID,
			BranchCode: p.BranchCode, RoleCode: p.RoleCode})
		if errors.Is(err, pgx.ErrNoRows) {
			return errs.ErrNoSession
		}
		if err != nil {
			return err
		}
		if !now.Before(issued.Add(session.Cap(p.RoleCode))) {
			return ErrSessionCap
		}
		if err := queries.AuthSpendRefreshTokens(ctx, tx, dbsqlc.AuthSpendRefreshTokensParams{SessionID: c.SessionID, Now: &now}); err != nil {
			return err
		}
		next := *c
		next.Current = &p
		t, err = s.issue(ctx, tx, next, now)
		if err != nil {
			return err
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: p.BranchCode, UserID: c.UserID,
			Actor: c.EmployeeCode, Action: "auth.selectRole", Detail: map[string]any{"roleCode": p.RoleCode}})
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("auth.selectRole: %w", err)
	}
	return t, nil
}

// SignOut revokes the caller's session: its refresh tokens and access tokens stop working.
func (s *Service) SignOut(ctx context.Context, c *session.Claims) error {
	now := s.now()
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		err := queries.AuthRevokeSession(ctx, tx, dbsqlc.AuthRevokeSessionParams{ID: c.SessionID, Now: &now, Reason: "signed out"})
		if err != nil {
			return err
		}
		branch := ""
		if c.Current != nil {
			branch = c.Current.BranchCode
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{BranchCode: branch, UserID: c.UserID,
			Actor: c.EmployeeCode, Action: "auth.signOut"})
	})
	if err != nil {
		return fmt.Errorf("auth.signOut: %w", err)
	}
	return nil
}

// Permission is a pair held, with display names (SPEC.md §3: items carry roleCode and role).
type Permission struct {
	BranchCode   string   `json:"branchCode"`
	BranchNameTh string   `json:"branchNameTh"`
	BranchNameEn string   `json:"branchNameEn"`
	RoleCode     string   `json:"roleCode"`
	Role         RoleName `json:"role"`
}

// RoleName names a role.
type RoleName struct {
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// CurrentPair is the pair the caller works as.
type CurrentPair struct {
	BranchCode string `json:"branchCode"`
	RoleCode   string `json:"roleCode"`
}

// UserInfo is the answer of GET /auth/userInfo.
type UserInfo struct {
	ID                int64        `json:"id"`
	Email             string       `json:"email"`
	EmployeeCode      string       `json:"employeeCode"`
	FirstNameTh       string       `json:"firstNameTh"`
	LastNameTh        string       `json:"lastNameTh"`
	FirstNameEn       string       `json:"firstNameEn"`
	LastNameEn        string       `json:"lastNameEn"`
	Status            string       `json:"status"`
	Language          string       `json:"language"`
	LoginIssuedAt     int64        `json:"loginIssuedAt"`
	PasswordChangedAt *time.Time   `json:"passwordChangedAt"`
	PasswordExpiresAt *time.Time   `json:"passwordExpiresAt"` // change advised after 90 days
	MFAEnabled        bool         `json:"mfaEnabled"`
	MFAMethods        []string     `json:"mfaMethods"`
	Current           *CurrentPair `json:"current"`
	Permission        []Permission `json:"permission"`
}

// UserInfo answers the caller's account with the pairs held at sign-in.
func (s *Service) UserInfo(ctx context.Context, c *session.Claims) (UserInfo, error) {
	u, err := userByID(ctx, s.db, c.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return UserInfo{}, fmt.Errorf("auth.userInfo: %w", errs.ErrNoSession)
	}
	if err != nil {
		return UserInfo{}, fmt.Errorf("auth.userInfo: %w", err)
	}
	names, err := namePairs(ctx, s.db, c.Pairs)
	if err != nil {
		return UserInfo{}, fmt.Errorf("auth.userInfo: %w", err)
	}
	info := UserInfo{ID: u.ID, Email: u.Email, EmployeeCode: u.EmployeeCode, FirstNameTh: u.FirstNameTh,
		LastNameTh: u.LastNameTh, FirstNameEn: u.FirstNameEn, LastNameEn: u.LastNameEn, Status: u.Status,
		Language: u.Language, LoginIssuedAt: c.LoginIssuedAt, PasswordChangedAt: u.PasswordChangedAt,
		MFAEnabled: u.MFAEnabled, MFAMethods: []string{}, Permission: make([]Permission, 0, len(names))}
	if u.MFAEnabled {
		info.MFAMethods = methodsOf(u)
	}
	if u.PasswordChangedAt != nil {
		t := u.PasswordChangedAt.AddDate(0, 0, PasswordMaxAgeDays)
		info.PasswordExpiresAt = &t
	}
	if c.Current != nil {
		info.Current = &CurrentPair{BranchCode: c.Current.BranchCode, RoleCode: c.Current.RoleCode}
	}
	for _, n := range names {
		info.Permission = append(info.Permission, Permission{BranchCode: n.BranchCode, BranchNameTh: n.BranchNameTh,
			BranchNameEn: n.BranchNameEn, RoleCode: n.RoleCode,
			Role: RoleName{Code: n.RoleCode, NameTh: n.RoleNameTh, NameEn: n.RoleNameEn}})
	}
	return info, nil
}

// issue signs an access token for c and stores a new refresh token of its session.
func (s *Service) issue(ctx context.Context, tx pgx.Tx, c session.Claims, now time.Time) (Tokens, error) {
	access, err := s.keys.Issue(ctx, c)
	if err != nil {
		return Tokens{}, err
	}
	raw, err := randomToken("rt_")
	if err != nil {
		return Tokens{}, err
	}
	// A refresh token never outlives the longest session cap.
	expires := time.Unix(c.LoginIssuedAt, 0).Add(session.Cap(session.OrderTaker))
	err = queries.AuthInsertRefreshToken(ctx, tx, dbsqlc.AuthInsertRefreshTokenParams{TokenHash: hashToken(raw),
		SessionID: c.SessionID, IssuedAt: now, ExpiresAt: expires})
	if err != nil {
		return Tokens{}, fmt.Errorf("insert refresh token: %w", err)
	}
	return Tokens{AccessToken: access, RefreshToken: raw, ExpiresIn: int(s.keys.TTL().Seconds()), TokenType: "Bearer"}, nil
}

// send e-mails u the message named what (i18n keys mail.<what>.subject and .text, the text
// formatted with args(lang)), one version per language of langs. A failure is logged and
// answered ErrMailFailed.
func (s *Service) send(ctx context.Context, u user, langs []i18n.Lang, what string, args func(i18n.Lang) []any) error {
	var parts []mail.Part
	for _, l := range langs {
		parts = append(parts, mail.Part{Lang: string(l), Subject: i18n.T(l, "mail."+what+".subject"),
			Text: i18n.T(l, "mail."+what+".text", args(l)...)})
	}
	if err := s.mail.Send(ctx, mail.Compose(u.Email, parts...)); err != nil {
		s.log.ErrorContext(ctx, "sending an e-mail failed", "mail", what, "user", u.ID, "err", err)
		return ErrMailFailed
	}
	return nil
}

// readerLangs answers the language to write to u in: the language of the screen that asked
// (the person at it is u: a sign-in code, a reset link), else u's account language.
func readerLangs(ctx context.Context, u user) []i18n.Lang {
	if l, ok := i18n.FromContext(ctx); ok {
		return []i18n.Lang{l}
	}
	return []i18n.Lang{i18n.Lang(u.Language)}
}

// bothLangs is for a recipient whose language nobody knows yet (an invitation): Thai, then
// English.
var bothLangs = []i18n.Lang{i18n.TH, i18n.EN}

func (s *Service) dummy() string {
	s.dummyOnce.Do(func() {
		h, err := HashPassword("samrap dummy password for unknown accounts")
		if err != nil {
			panic(err) // crypto/rand failing is not recoverable
		}
		s.dummyHash = h
	})
	return s.dummyHash
}

func hashToken(raw string) []byte {
	h := sha256.Sum256([]byte(raw))
	return h[:]
}
