package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// Link lifetimes.
const (
	InviteTTL = 72 * time.Hour
	ResetTTL  = 30 * time.Minute
)

const (
	purposeInvite = "invite"
	purposeReset  = "reset"
)

// Failures of links.
var (
	// ErrLinkExpired answers a link that is unknown, expired, superseded or already used:
	// SPEC.md §8 has one message for all of them, with a way to ask for a new link.
	ErrLinkExpired  = errs.WithCode(errs.Gone, "LINK_EXPIRED", "link.expired")
	ErrNotInvitable = errs.New(errs.Conflict, "invite.notInvitable")
	ErrUserNotFound = errs.New(errs.NotFound, "user.notFound")
)

// Limits of the requests that send a link: per e-mail (reset) or account (a new registration
// link), and per address.
var (
	ResetLimit         = Limit{Failures: 3, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	ResetAddressLimit  = Limit{Failures: 20, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	ResendLimit        = Limit{Failures: 3, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	ResendAddressLimit = Limit{Failures: 20, Window: 15 * time.Minute, Lock: 15 * time.Minute}
)

// ResetAnswerTime is the least time a password-reset request takes, whatever the e-mail:
// long enough to cover the link and the e-mail an existing account gets, so the answer's
// timing does not tell which e-mails are registered (docs/decisions.md).
const ResetAnswerTime = time.Second

// newLink revokes the user's open links of purpose and stores a new one, answering its
// token.
func (s *Service) newLink(ctx context.Context, tx pgx.Tx, userID int64, purpose, by string, ttl time.Duration) (string, error) {
	now := s.now()
	err := queries.AuthRevokeLinks(ctx, tx, dbsqlc.AuthRevokeLinksParams{UserID: userID, Purpose: purpose, Now: &now})
	if err != nil {
		return "", fmt.Errorf("revoke links: %w", err)
	}
	raw, err := randomToken("")
	if err != nil {
		return "", err
	}
	err = queries.AuthInsertLink(ctx, tx, dbsqlc.AuthInsertLinkParams{TokenHash: hashToken(raw), UserID: userID,
		Purpose: purpose, CreatedAt: now, CreatedBy: by, ExpiresAt: now.Add(ttl)})
	if err != nil {
		return "", fmt.Errorf("insert link: %w", err)
	}
	return raw, nil
}

// openLink finds a usable link of purpose, locked for update.
func (s *Service) openLink(ctx context.Context, q db.DBTX, raw, purpose string) (user, error) {
	userID, err := queries.AuthLockOpenLink(ctx, q, dbsqlc.AuthLockOpenLinkParams{TokenHash: hashToken(raw), Purpose: purpose,
		Now: s.now()})
	if errors.Is(err, pgx.ErrNoRows) {
		return user{}, ErrLinkExpired
	}
	if err != nil {
		return user{}, fmt.Errorf("open link: %w", err)
	}
	u, err := userByID(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return user{}, ErrLinkExpired
	}
	return u, err
}

func (s *Service) useLink(ctx context.Context, tx pgx.Tx, raw string) error {
	now := s.now()
	return queries.AuthUseLink(ctx, tx, dbsqlc.AuthUseLinkParams{TokenHash: hashToken(raw), Now: &now})
}

func (s *Service) link(path, token string) string {
	return s.publicURL + path + "?token=" + url.QueryEscape(token)
}

// Invite sends userID the registration link, moving the account from "not invited" to
// "waiting for confirmation". Inviting again kills the older link. When the e-mail cannot be
// sent nothing changes and ErrMailFailed is answered, so the caller can try again. entries
// are the caller's activity entries, written in the invitation's transaction.
func (s *Service) Invite(ctx context.Context, userID int64, by string, entries ...audit.Activity) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		u, err := userByID(ctx, tx, userID)
		if errors.Is(err, db.ErrNotFound) {
			return ErrUserNotFound
		}
		if err != nil {
			return err
		}
		if u.Status != "NOT_INVITED" && u.Status != "INVITED" {
			return ErrNotInvitable
		}
		raw, err := s.newLink(ctx, tx, u.ID, purposeInvite, by, InviteTTL)
		if err != nil {
			return err
		}
		if err := queries.AuthMarkInvited(ctx, tx, dbsqlc.AuthMarkInvitedParams{ID: u.ID, Now: s.now(), By: by}); err != nil {
			return err
		}
		if err := audit.WriteChange(ctx, tx, audit.Change{Entity: "app_user", EntityID: fmt.Sprint(u.ID), Action: "update",
			Before: map[string]any{"status": u.Status}, After: map[string]any{"status": "INVITED"}, By: by}); err != nil {
			return err
		}
		for _, e := range entries {
			if err := audit.WriteActivity(ctx, tx, e); err != nil {
				return err
			}
		}
		link := s.link("/register", raw)
		return s.send(ctx, u, bothLangs, "invite", func(l i18n.Lang) []any { return []any{displayName(u, l), link, int(InviteTTL.Hours())} })
	})
	if err != nil {
		return fmt.Errorf("auth.invite: %w", err)
	}
	return nil
}

// Registration is what the register screen shows for a valid link.
type Registration struct {
	Email       string `json:"email"`
	FirstNameTh string `json:"firstNameTh"`
	LastNameTh  string `json:"lastNameTh"`
	FirstNameEn string `json:"firstNameEn"`
	LastNameEn  string `json:"lastNameEn"`
}

// CheckRegistration answers the account a registration link is for.
func (s *Service) CheckRegistration(ctx context.Context, raw string) (Registration, error) {
	u, err := s.openLink(ctx, s.db, raw, purposeInvite)
	if err != nil {
		return Registration{}, fmt.Errorf("auth.checkRegistration: %w", err)
	}
	return Registration{Email: u.Email, FirstNameTh: u.FirstNameTh, LastNameTh: u.LastNameTh,
		FirstNameEn: u.FirstNameEn, LastNameEn: u.LastNameEn}, nil
}

// RegisterResult lets the new user set up an authenticator now (or later).
type RegisterResult struct {
	Email     string    `json:"email"`
	Challenge string    `json:"challenge"` // for verify-register-otp
	TOTP      TOTPSetup `json:"totp"`
}

// Register sets the password of an invited account through its link and activates it.
func (s *Service) Register(ctx context.Context, raw, password, confirm string, c Client) (RegisterResult, error) {
	var out RegisterResult
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		u, err := s.openLink(ctx, tx, raw, purposeInvite)
		if err != nil {
			return err
		}
		if u.Status != "INVITED" {
			return ErrLinkExpired
		}
		if f := CheckNewPassword(PasswordCheck{Password: password, Confirm: confirm, Names: u.names()}); f != nil {
			return errs.Fields(f)
		}
		hash, err := HashPassword(password)
		if err != nil {
			return err
		}
		setup, err := newTOTP(u.Email)
		if err != nil {
			return err
		}
		now := s.now()
		err = queries.AuthActivateUser(ctx, tx, dbsqlc.AuthActivateUserParams{ID: u.ID, PasswordHash: hash,
			TotpPendingSecret: setup.Secret, Now: &now})
		if err != nil {
			return err
		}
		if err := s.useLink(ctx, tx, raw); err != nil {
			return err
		}
		if err := audit.WriteChange(ctx, tx, audit.Change{Entity: "app_user", EntityID: fmt.Sprint(u.ID), Action: "update",
			Before: map[string]any{"status": u.Status}, After: map[string]any{"status": "ACTIVE"}, By: u.Email}); err != nil {
			return err
		}
		ch, err := s.newChallenge(ctx, tx, u, purposeRegister, c)
		if err != nil {
			return err
		}
		out = RegisterResult{Email: u.Email, Challenge: ch.Challenge, TOTP: setup}
		return nil
	})
	if err != nil {
		return RegisterResult{}, fmt.Errorf("auth.register: %w", err)
	}
	return out, nil
}

// VerifyRegisterOTP confirms the authenticator set up at registration and turns two
// factors on.
func (s *Service) VerifyRegisterOTP(ctx context.Context, raw, code string, c Client) error {
	err := s.verifyChallenge(ctx, raw, purposeRegister, MethodTOTP, code, c, func(tx pgx.Tx, u user) error {
		return queries.AuthEnableMFA(ctx, tx, u.ID)
	})
	if err != nil {
		return fmt.Errorf("auth.verifyRegisterOTP: %w", err)
	}
	return nil
}

// ResendRegistration sends a new registration link to the account an expired (or used, or
// superseded) link was for, while it is still waiting for confirmation. It answers the same
// whatever happened, but requests are limited per address and per account.
func (s *Service) ResendRegistration(ctx context.Context, raw string, c Client) error {
	now := s.now()
	if err := count(ctx, s.db, now, hit{key: "resend-address:" + c.Address, limit: ResendAddressLimit}); err != nil {
		return fmt.Errorf("auth.resendRegistration: %w", err)
	}
	userID, err := queries.AuthInvitedUserOfLink(ctx, s.db, hashToken(raw))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auth.resendRegistration: %w", err)
	}
	if err := count(ctx, s.db, now, hit{key: fmt.Sprintf("resend:%d", userID), limit: ResendLimit}); err != nil {
		return fmt.Errorf("auth.resendRegistration: %w", err)
	}
	return s.Invite(ctx, userID, "self")
}

// SendResetLink e-mails a password-reset link when email belongs to an active account.
// Nothing in the answer tells whether it does: the same answer (a failed e-mail is logged,
// not answered), limited per e-mail and per address whether or not the e-mail exists, and
// never sooner than ResetAnswerTime after the request.
func (s *Service) SendResetLink(ctx context.Context, email string, c Client) error {
	defer pace(ctx, time.Now(), ResetAnswerTime, s.log)
	now := s.now()
	email = strings.TrimSpace(email)
	err := count(ctx, s.db, now, hit{key: "reset:" + strings.ToLower(email), limit: ResetLimit},
		hit{key: "reset-address:" + c.Address, limit: ResetAddressLimit})
	if err != nil {
		return fmt.Errorf("auth.sendResetLink: %w", err)
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, db.ErrNotFound) || (err == nil && u.Status != "ACTIVE") {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auth.sendResetLink: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		raw, err := s.newLink(ctx, tx, u.ID, purposeReset, u.Email, ResetTTL)
		if err != nil {
			return err
		}
		link := s.link("/reset-password", raw)
		return s.send(ctx, u, readerLangs(ctx, u), "reset", func(l i18n.Lang) []any { return []any{displayName(u, l), link, int(ResetTTL.Minutes())} })
	})
	if err != nil && !errors.Is(err, ErrMailFailed) { // a failed e-mail is logged by send
		s.log.ErrorContext(ctx, "password-reset link not sent", "user", u.ID, "err", err)
	}
	return nil
}

// pace waits until least has passed since start (or ctx ends), so that a call answers in
// the same time whatever work it did. Work that took longer is logged: least is too short.
func pace(ctx context.Context, start time.Time, least time.Duration, log *slog.Logger) {
	wait := least - time.Since(start)
	if wait <= 0 {
		log.WarnContext(ctx, "a paced answer took longer than its least time", "least", least, "took", time.Since(start))
		return
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// CheckResetLink answers whether a reset link can still be used.
func (s *Service) CheckResetLink(ctx context.Context, raw string) error {
	if _, err := s.openLink(ctx, s.db, raw, purposeReset); err != nil {
		return fmt.Errorf("auth.checkResetLink: %w", err)
	}
	return nil
}

// ResetPassword sets a new password through a reset link and ends every session of the
// account.
func (s *Service) ResetPassword(ctx context.Context, raw, password, confirm string) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		u, err := s.openLink(ctx, tx, raw, purposeReset)
		if err != nil {
			return err
		}
		if f := CheckNewPassword(PasswordCheck{Password: password, Confirm: confirm, Names: u.names(), OldHash: u.PasswordHash}); f != nil {
			return errs.Fields(f)
		}
		if err := s.setPassword(ctx, tx, u, password, ""); err != nil {
			return err
		}
		return s.useLink(ctx, tx, raw)
	})
	if err != nil {
		return fmt.Errorf("auth.resetPassword: %w", err)
	}
	return nil
}

// setPassword stores a new password and revokes every session of u but keepSession.
func (s *Service) setPassword(ctx context.Context, tx pgx.Tx, u user, password, keepSession string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	now := s.now()
	if err := queries.AuthSetPassword(ctx, tx, dbsqlc.AuthSetPasswordParams{ID: u.ID, PasswordHash: hash, Now: &now}); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	// every open session of u but keepSession ("" keeps none)
	err = queries.AuthRevokeOtherSessions(ctx, tx, dbsqlc.AuthRevokeOtherSessionsParams{UserID: u.ID,
		KeepSession: keepSession, Now: &now})
	if err != nil {
		return fmt.Errorf("revoke sessions: %w", err)
	}
	return audit.WriteActivity(ctx, tx, audit.Activity{UserID: u.ID, Actor: u.EmployeeCode, Action: "auth.passwordChanged"})
}

func displayName(u user, lang i18n.Lang) string {
	return i18n.PersonName(lang, u.FirstNameTh, u.LastNameTh, u.FirstNameEn, u.LastNameEn)
}
