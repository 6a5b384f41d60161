package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/i18n"
)

// Second-factor rules.
const (
	challengeTTL     = 10 * time.Minute // from the password (or link) to the code
	emailCodeTTL     = 5 * time.Minute
	emailResendAfter = time.Minute
	maxEmailSends    = 5
	maxCodeAttempts  = 5
	totpIssuer       = "Samrap"
	totpPeriod       = 30
	totpSkew         = 1 // one step either side for clock drift
)

// Methods of the second factor.
const (
	MethodEmail = "EMAIL"
	MethodTOTP  = "TOTP"
)

const (
	purposeSignIn   = "signin"
	purposeRegister = "register"
	purposeAccount  = "account"
)

// Failures of the second factor.
var (
	ErrChallengeInvalid  = errs.WithCode(errs.Unauthenticated, "MFA_EXPIRED", "mfa.challengeInvalid")
	ErrCodeInvalid       = errs.WithCode(errs.Invalid, "CODE_INVALID", "mfa.codeInvalid")
	ErrMethodUnavailable = errs.New(errs.Invalid, "mfa.methodUnavailable")
	ErrMailFailed        = errs.WithCode(errs.Unavailable, "MAIL_FAILED", "mail.failed")
)

// MFAChallenge is the answer of a password step that needs a code.
type MFAChallenge struct {
	MFARequired bool     `json:"mfaRequired"`
	Challenge   string   `json:"challenge"`
	Methods     []string `json:"methods"`
	Email       string   `json:"email"` // masked: s***e@samrap.local
	ExpiresIn   int      `json:"expiresIn"`
}

func methodsOf(u user) []string {
	if u.TOTPSecret != "" {
		return []string{MethodTOTP, MethodEmail}
	}
	return []string{MethodEmail}
}

// maskEmail shows enough of an address to recognise it, not to read it.
func maskEmail(e string) string {
	local, domain, ok := strings.Cut(e, "@")
	if !ok || local == "" {
		return "***"
	}
	r := []rune(local)
	if len(r) <= 2 {
		return string(r[0]) + "***@" + domain
	}
	return string(r[0]) + "***" + string(r[len(r)-1]) + "@" + domain
}

func (s *Service) newChallenge(ctx context.Context, q db.DBTX, u user, purpose string, c Client) (MFAChallenge, error) {
	raw, err := randomToken("ch_")
	if err != nil {
		return MFAChallenge{}, err
	}
	now := s.now()
	err = queries.AuthInsertChallenge(ctx, q, dbsqlc.AuthInsertChallengeParams{TokenHash: hashToken(raw), UserID: u.ID,
		Purpose: purpose, CreatedAt: now, ExpiresAt: now.Add(challengeTTL), Address: c.Address, UserAgent: c.UserAgent})
	if err != nil {
		return MFAChallenge{}, fmt.Errorf("new challenge: %w", err)
	}
	return MFAChallenge{MFARequired: true, Challenge: raw, Methods: methodsOf(u), Email: maskEmail(u.Email),
		ExpiresIn: int(challengeTTL.Seconds())}, nil
}

// lockChallenge reads an open challenge of purpose (not consumed, not expired, fewer than
// maxCodeAttempts attempts) for update; a missing, expired, used or exhausted one is
// ErrChallengeInvalid.
func (s *Service) lockChallenge(ctx context.Context, tx pgx.Tx, raw, purpose string) (dbsqlc.AuthLockChallengeRow, user, error) {
	ch, err := queries.AuthLockChallenge(ctx, tx, dbsqlc.AuthLockChallengeParams{TokenHash: hashToken(raw), Purpose: purpose,
		Now: s.now(), MaxAttempts: maxCodeAttempts})
	if errors.Is(err, pgx.ErrNoRows) {
		return ch, user{}, ErrChallengeInvalid
	}
	if err != nil {
		return ch, user{}, fmt.Errorf("lock challenge: %w", err)
	}
	u, err := userByID(ctx, tx, ch.UserID)
	if errors.Is(err, db.ErrNotFound) {
		return ch, user{}, ErrChallengeInvalid
	}
	return ch, u, err
}

// CheckMFA answers the methods a sign-in challenge offers (GET /auth/checkMFA). Without a
// valid challenge nothing is said about any account.
func (s *Service) CheckMFA(ctx context.Context, raw string) (MFAChallenge, error) {
	var out MFAChallenge
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		ch, u, err := s.lockChallenge(ctx, tx, raw, purposeSignIn)
		if err != nil {
			return err
		}
		out = MFAChallenge{MFARequired: true, Challenge: raw, Methods: methodsOf(u), Email: maskEmail(u.Email),
			ExpiresIn: int(ch.ExpiresAt.Sub(s.now()).Seconds())}
		return nil
	})
	if err != nil {
		return MFAChallenge{}, fmt.Errorf("auth.checkMFA: %w", err)
	}
	return out, nil
}

// SendMailOTP e-mails a fresh 6-digit code for the challenge. Sends are spaced and counted
// per challenge, and counted against the account's CodeMailLimit across its challenges
// before the challenge is locked; a request that sends nothing gives its count back.
func (s *Service) SendMailOTP(ctx context.Context, raw, purpose string) (err error) {
	now := s.now()
	userID, err := queries.AuthChallengeUser(ctx, s.db, dbsqlc.AuthChallengeUserParams{TokenHash: hashToken(raw),
		Purpose: purpose, Now: now, MaxAttempts: maxCodeAttempts})
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("auth.sendMailOTP: %w", ErrChallengeInvalid)
	}
	if err != nil {
		return fmt.Errorf("auth.sendMailOTP: challenge: %w", err)
	}
	key := fmt.Sprintf("code-mail:%d", userID)
	if err := count(ctx, s.db, now, hit{key: key, limit: CodeMailLimit}); err != nil {
		return fmt.Errorf("auth.sendMailOTP: %w", err)
	}
	defer func() {
		if err == nil {
			return
		}
		if rerr := refund(ctx, s.db, key); rerr != nil {
			s.log.ErrorContext(ctx, "giving back a code e-mail's count failed", "user", userID, "err", rerr)
		}
	}()
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		ch, u, err := s.lockChallenge(ctx, tx, raw, purpose)
		if err != nil {
			return err
		}
		if ch.EmailSends >= maxEmailSends {
			return errs.Retry(int(challengeTTL.Seconds()))
		}
		if ch.EmailSentAt != nil && now.Sub(*ch.EmailSentAt) < emailResendAfter {
			wait := emailResendAfter - now.Sub(*ch.EmailSentAt)
			return errs.Retry(int(wait.Seconds()) + 1)
		}
		code, err := sixDigits()
		if err != nil {
			return err
		}
		expires := now.Add(emailCodeTTL)
		err = queries.AuthStoreEmailCode(ctx, tx, dbsqlc.AuthStoreEmailCodeParams{TokenHash: hashToken(raw),
			EmailCodeHash: codeHash(raw, code), EmailCodeExpiresAt: &expires, Now: &now})
		if err != nil {
			return fmt.Errorf("store code: %w", err)
		}
		return s.send(ctx, u, readerLangs(ctx, u), "otp", func(i18n.Lang) []any { return []any{code, int(emailCodeTTL.Minutes())} })
	})
	if err != nil {
		return fmt.Errorf("auth.sendMailOTP: %w", err)
	}
	return nil
}

// VerifyOTP completes a sign-in challenge with an e-mailed code or an authenticator code
// and opens the session.
func (s *Service) VerifyOTP(ctx context.Context, raw, method, code string, c Client) (Tokens, error) {
	var u user
	err := s.verifyChallenge(ctx, raw, purposeSignIn, method, code, c, func(tx pgx.Tx, cu user) error {
		u = cu
		return nil
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("auth.verifyOTP: %w", err)
	}
	if u.Status != "ACTIVE" || len(u.Pairs) == 0 {
		return Tokens{}, fmt.Errorf("auth.verifyOTP: %w", ErrInactiveAccount)
	}
	t, err := s.openSession(ctx, u, c)
	if err != nil {
		return Tokens{}, fmt.Errorf("auth.verifyOTP: %w", err)
	}
	return t, nil
}

// verifyChallenge checks code against the challenge with method, counting the attempt
// whatever the outcome; on success it consumes the challenge and runs then in the same
// transaction. Before the challenge is locked the check is counted against the account's
// and the address's code limits (CodeLimit, CodeAddressLimit: each right password opens a
// new challenge, so the attempts of one are not a limit); only a wrong code keeps its count.
func (s *Service) verifyChallenge(ctx context.Context, raw, purpose, method, code string, c Client, then func(pgx.Tx, user) error) (err error) {
	userID, err := queries.AuthChallengeUser(ctx, s.db, dbsqlc.AuthChallengeUserParams{TokenHash: hashToken(raw),
		Purpose: purpose, Now: s.now(), MaxAttempts: maxCodeAttempts})
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrChallengeInvalid
	}
	if err != nil {
		return fmt.Errorf("challenge: %w", err)
	}
	hits := []hit{{key: fmt.Sprintf("code:%d", userID), limit: CodeLimit}, {key: "code-address:" + c.Address, limit: CodeAddressLimit}}
	if err := count(ctx, s.db, s.now(), hits...); err != nil {
		return err
	}
	var verdict error
	defer func() {
		if errors.Is(err, ErrCodeInvalid) {
			return
		}
		if rerr := refund(ctx, s.db, keysOf(hits)...); rerr != nil && err == nil {
			err = rerr
		}
	}()
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		ch, u, err := s.lockChallenge(ctx, tx, raw, purpose)
		if err != nil {
			return err
		}
		if err := queries.AuthCountChallengeAttempt(ctx, tx, hashToken(raw)); err != nil {
			return fmt.Errorf("count attempt: %w", err)
		}
		switch method {
		case MethodEmail:
			if ch.EmailCodeHash == nil || ch.EmailCodeExpiresAt == nil || !s.now().Before(*ch.EmailCodeExpiresAt) ||
				subtle.ConstantTimeCompare(ch.EmailCodeHash, codeHash(raw, code)) != 1 {
				verdict = ErrCodeInvalid
				return nil
			}
		case MethodTOTP:
			secret := u.TOTPSecret
			if purpose == purposeRegister || (purpose == purposeAccount && secret == "") {
				secret = u.TOTPPending
			}
			if secret == "" {
				verdict = ErrMethodUnavailable
				return nil
			}
			step, ok := s.matchTOTP(secret, code, u.TOTPLastStep)
			if !ok {
				verdict = ErrCodeInvalid
				return nil
			}
			if s.beforeTOTPStep != nil {
				s.beforeTOTPStep()
			}
			// The step read with u may be stale: the update decides, under the row lock, and
			// records step as the last accepted one only when neither it nor a later one was
			// (no code is accepted twice, even by two verifications at the same moment).
			n, err := queries.AuthRecordTOTPStep(ctx, tx, dbsqlc.AuthRecordTOTPStepParams{ID: u.ID, Step: step})
			if err != nil {
				return fmt.Errorf("record totp step: %w", err)
			}
			if n != 1 {
				verdict = ErrCodeInvalid
				return nil
			}
		default:
			verdict = errs.Fields(map[string]string{"method": "field.invalid"})
			return nil
		}
		now := s.now()
		if err := queries.AuthConsumeChallenge(ctx, tx, dbsqlc.AuthConsumeChallengeParams{TokenHash: hashToken(raw), Now: &now}); err != nil {
			return fmt.Errorf("consume challenge: %w", err)
		}
		return then(tx, u)
	})
	if err != nil {
		return err
	}
	if verdict != nil {
		_ = audit.WriteActivity(ctx, s.db, audit.Activity{UserID: userID, Action: "auth.codeRefused", Address: c.Address,
			Detail: map[string]any{"purpose": purpose, "method": method}})
	}
	return verdict
}

// matchTOTP answers the time step code belongs to, within the allowed skew, and refuses a
// step at or before last (no code is accepted twice).
func (s *Service) matchTOTP(secret, code string, last int64) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	now := s.now().Unix() / totpPeriod
	for d := int64(-totpSkew); d <= totpSkew; d++ {
		step := now + d
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0),
			totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, step > last
		}
	}
	return 0, false
}

// TOTPSetup is what an authenticator app needs: the otpauth URI (shown as a QR code) and
// the secret (for typing in).
type TOTPSetup struct {
	Secret     string `json:"secret"`
	OTPAuthURI string `json:"otpauthUri"`
}

func newTOTP(email string) (TOTPSetup, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: email, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("totp: %w", err)
	}
	return TOTPSetup{Secret: key.Secret(), OTPAuthURI: key.URL()}, nil
}

func sixDigits() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// codeHash binds an e-mailed code to its challenge.
func codeHash(challenge, code string) []byte {
	m := hmac.New(sha256.New, []byte(challenge))
	m.Write([]byte(code))
	return m.Sum(nil)
}

func randomToken(prefix string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("token: %w", err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b), nil
}
