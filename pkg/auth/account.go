package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
	"samrap/pkg/session"
)

// Failures of the account page.
var (
	ErrMFANotSetUp   = errs.New(errs.Conflict, "mfa.notSetUp")
	ErrMFAAlreadyOn  = errs.New(errs.Conflict, "mfa.alreadyOn")
	ErrMFAAlreadyOff = errs.New(errs.Conflict, "mfa.alreadyOff")
	ChangeLimit      = Limit{Failures: 5, Window: 15 * time.Minute, Lock: 15 * time.Minute}
	// AccountCodeLimit bounds the codes a signed-in user can ask for their own account
	// (each request opens a challenge, so the per-challenge limits alone would not).
	AccountCodeLimit = Limit{Failures: 5, Window: 15 * time.Minute, Lock: 15 * time.Minute}
)

func (s *Service) caller(ctx context.Context, c *session.Claims) (user, error) {
	u, err := userByID(ctx, s.db, c.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return user{}, errs.ErrNoSession
	}
	return u, err
}

// ChangePassword checks the current password and sets a new one that follows every rule;
// the caller's other sessions end. Wrong current passwords are limited (ChangeLimit), the
// attempt counted before the check.
func (s *Service) ChangePassword(ctx context.Context, c *session.Claims, current, next, confirm string) error {
	now := s.now()
	key := fmt.Sprintf("change:%d", c.UserID)
	if current == "" {
		return fmt.Errorf("auth.changePassword: %w", errs.Fields(map[string]string{"currentPassword": "password.currentRequired"}))
	}
	if err := count(ctx, s.db, now, hit{key: key, limit: ChangeLimit}); err != nil {
		return fmt.Errorf("auth.changePassword: %w", err)
	}
	u, err := s.caller(ctx, c)
	if err != nil {
		return fmt.Errorf("auth.changePassword: %w", err)
	}
	if !CheckPassword(u.PasswordHash, current) {
		return fmt.Errorf("auth.changePassword: %w", errs.Fields(map[string]string{"currentPassword": "password.wrongCurrent"}))
	}
	if err := queries.AuthThrottleClear(ctx, s.db, key); err != nil {
		return fmt.Errorf("auth.changePassword: %w", err)
	}
	if f := CheckNewPassword(PasswordCheck{Password: next, Confirm: confirm, Names: u.names(), OldHash: u.PasswordHash,
		PasswordField: "newPassword", ConfirmField: "confirmPassword"}); f != nil {
		return fmt.Errorf("auth.changePassword: %w", errs.Fields(f))
	}
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		return s.setPassword(ctx, tx, u, next, c.SessionID)
	})
	if err != nil {
		return fmt.Errorf("auth.changePassword: %w", err)
	}
	return nil
}

// SetLanguage saves the language the account works in.
func (s *Service) SetLanguage(ctx context.Context, c *session.Claims, lang string) error {
	if lang != string(i18n.TH) && lang != string(i18n.EN) {
		return errs.Fields(map[string]string{"language": "field.invalid"})
	}
	if err := queries.AuthSetLanguage(ctx, s.db, dbsqlc.AuthSetLanguageParams{ID: c.UserID, Language: lang}); err != nil {
		return fmt.Errorf("auth.setLanguage: %w", err)
	}
	return nil
}

// SetupMFA starts setting up an authenticator for the caller: a pending secret that
// EnableMFA confirms with a code.
func (s *Service) SetupMFA(ctx context.Context, c *session.Claims, cl Client) (TOTPSetup, string, error) {
	u, err := s.caller(ctx, c)
	if err != nil {
		return TOTPSetup{}, "", fmt.Errorf("auth.setupMFA: %w", err)
	}
	if u.MFAEnabled {
		return TOTPSetup{}, "", fmt.Errorf("auth.setupMFA: %w", ErrMFAAlreadyOn)
	}
	setup, err := newTOTP(u.Email)
	if err != nil {
		return TOTPSetup{}, "", err
	}
	var challenge string
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		err := queries.AuthSetPendingTOTP(ctx, tx, dbsqlc.AuthSetPendingTOTPParams{ID: u.ID, TotpPendingSecret: setup.Secret})
		if err != nil {
			return err
		}
		u.TOTPPending = setup.Secret
		ch, err := s.newChallenge(ctx, tx, u, purposeAccount, cl)
		challenge = ch.Challenge
		return err
	})
	if err != nil {
		return TOTPSetup{}, "", fmt.Errorf("auth.setupMFA: %w", err)
	}
	return setup, challenge, nil
}

// EnableMFA confirms the pending authenticator with a code and turns two factors on.
func (s *Service) EnableMFA(ctx context.Context, c *session.Claims, challenge, code string, cl Client) error {
	err := s.verifyChallenge(ctx, challenge, purposeAccount, MethodTOTP, code, cl, func(tx pgx.Tx, u user) error {
		if u.ID != c.UserID {
			return ErrChallengeInvalid
		}
		if u.TOTPPending == "" {
			return ErrMFANotSetUp
		}
		if err := queries.AuthEnableMFA(ctx, tx, u.ID); err != nil {
			return err
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{UserID: u.ID, Actor: u.EmployeeCode, Action: "auth.mfaEnabled"})
	})
	if err != nil {
		return fmt.Errorf("auth.enableMFA: %w", err)
	}
	return nil
}

// StartAccountCode opens a challenge for a change to the caller's own account that needs a
// fresh code (turning two factors off); with method EMAIL the code is e-mailed.
func (s *Service) StartAccountCode(ctx context.Context, c *session.Claims, method string, cl Client) (string, error) {
	now := s.now()
	key := fmt.Sprintf("account-code:%d", c.UserID)
	if err := count(ctx, s.db, now, hit{key: key, limit: AccountCodeLimit}); err != nil {
		return "", fmt.Errorf("auth.startAccountCode: %w", err)
	}
	u, err := s.caller(ctx, c)
	if err != nil {
		return "", fmt.Errorf("auth.startAccountCode: %w", err)
	}
	if !u.MFAEnabled {
		return "", fmt.Errorf("auth.startAccountCode: %w", ErrMFAAlreadyOff)
	}
	ch, err := s.newChallenge(ctx, s.db, u, purposeAccount, cl)
	if err != nil {
		return "", fmt.Errorf("auth.startAccountCode: %w", err)
	}
	if strings.EqualFold(method, MethodEmail) {
		if err := s.SendMailOTP(ctx, ch.Challenge, purposeAccount); err != nil {
			return "", err
		}
	}
	return ch.Challenge, nil
}

// DisableMFA turns two factors off after a fresh code (authenticator or e-mail). Its code
// checks count against the account's and the address's code limits, as sign-in's do.
func (s *Service) DisableMFA(ctx context.Context, c *session.Claims, challenge, method, code string, cl Client) error {
	err := s.verifyChallenge(ctx, challenge, purposeAccount, strings.ToUpper(method), code, cl, func(tx pgx.Tx, u user) error {
		if u.ID != c.UserID {
			return ErrChallengeInvalid
		}
		if err := queries.AuthDisableMFA(ctx, tx, u.ID); err != nil {
			return err
		}
		return audit.WriteActivity(ctx, tx, audit.Activity{UserID: u.ID, Actor: u.EmployeeCode, Action: "auth.mfaDisabled"})
	})
	if err != nil {
		return fmt.Errorf("auth.disableMFA: %w", err)
	}
	return nil
}
