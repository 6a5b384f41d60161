// Package session issues and checks access tokens. An access token is a short-lived JWT
// (HS256, pinned) carrying the user, the (branch, role) pairs held at sign-in, the current
// pair and the sign-in session it belongs to; a token whose session has been revoked is
// refused even before it expires.
package session

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/db"
	"samrap/pkg/errs"
)

// Roles (SPEC.md §3).
const (
	Controller   = "BCT"
	OrderTaker   = "BOD"
	Serve        = "BSV"
	Nutritionist = "BNT"
	SuperAdmin   = "SAM"
	BranchAdmin  = "BAM"
)

// Cap is how long a sign-in may be refreshed, counted from sign-in, for the current role:
// 24 hours for Order Taker and Serve, 8 hours for every other role or before one is chosen.
func Cap(role string) time.Duration {
	if role == OrderTaker || role == Serve {
		return 24 * time.Hour
	}
	return 8 * time.Hour
}

// Pair is a branch and a role held in it.
type Pair struct {
	BranchCode string `json:"b"`
	RoleCode   string `json:"r"`
}

// Claims are what an access token says.
type Claims struct {
	UserID        int64  `json:"uid"`
	EmployeeCode  string `json:"emp"`
	Pairs         []Pair `json:"pairs"`
	Current       *Pair  `json:"cur,omitempty"`
	SessionID     string `json:"sid"`
	LoginIssuedAt int64  `json:"lia"`
	jwt.RegisteredClaims
}

// Holds reports whether the claims list the pair.
func (c *Claims) Holds(p Pair) bool {
	for _, h := range c.Pairs {
		if h == p {
			return true
		}
	}
	return false
}

const issuer = "samrap"

// Keys signs and verifies access tokens. The secret is loaded on first use (from Secrets
// Manager in the cloud), so that a Lambda does no network I/O before its first event.
type Keys struct {
	load func(context.Context) ([]byte, error)
	ttl  time.Duration
	now  func() time.Time

	// parser checks tokens: HS256 only, our issuer, an expiry and an issue time, on k's
	// clock. Built once (it holds no state of a token): building it for every request was
	// a few allocations of each token check (issue 28, the edge budget).
	parser *jwt.Parser

	mu     sync.Mutex
	secret []byte
}

// NewKeys takes a loader of the HMAC secret (at least 32 bytes), the access-token lifetime
// and a clock.
func NewKeys(load func(context.Context) ([]byte, error), ttl time.Duration, now func() time.Time) (*Keys, error) {
	if load == nil {
		return nil, errors.New("session: no JWT secret loader")
	}
	if ttl <= 0 {
		return nil, errors.New("session: the token lifetime must be positive")
	}
	if now == nil {
		now = time.Now
	}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(now),
	)
	return &Keys{load: load, ttl: ttl, now: now, parser: parser}, nil
}

// StaticSecret is a loader for a secret already at hand (local runs and tests).
func StaticSecret(s []byte) func(context.Context) ([]byte, error) {
	return func(context.Context) ([]byte, error) { return s, nil }
}

func (k *Keys) key(ctx context.Context) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.secret != nil {
		return k.secret, nil
	}
	s, err := k.load(ctx)
	if err != nil {
		return nil, fmt.Errorf("session: load the JWT secret: %w", err)
	}
	if len(s) < 32 {
		return nil, errors.New("session: the JWT secret must be at least 32 bytes")
	}
	k.secret = s
	return s, nil
}

// TTL is the access-token lifetime.
func (k *Keys) TTL() time.Duration { return k.ttl }

// Derive answers a key for another purpose (the order tokens' seal), derived from the JWT
// secret with HMAC-SHA256 over the purpose: no second secret to provision, and a token of
// one purpose never verifies as another.
func (k *Keys) Derive(ctx context.Context, purpose string) ([]byte, error) {
	secret, err := k.key(ctx)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(purpose))
	return m.Sum(nil), nil
}

// Issue signs c with a fresh issue and expiry time.
func (k *Keys) Issue(ctx context.Context, c Claims) (string, error) {
	secret, err := k.key(ctx)
	if err != nil {
		return "", err
	}
	now := k.now()
	c.RegisteredClaims = jwt.RegisteredClaims{
		Issuer:    issuer,
		Subject:   strconv.FormatInt(c.UserID, 10),
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(now.Add(k.ttl)),
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, &c).SignedString(secret)
	if err != nil {
		return "", fmt.Errorf("session.issue: %w", err)
	}
	return s, nil
}

// Verify checks the signature (HS256 only), issuer and expiry of raw.
func (k *Keys) Verify(ctx context.Context, raw string) (*Claims, error) {
	secret, err := k.key(ctx)
	if err != nil {
		return nil, err
	}
	var c Claims
	_, err = k.parser.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return secret, nil })
	if err != nil || c.UserID == 0 || c.SessionID == "" {
		return nil, errs.ErrNoSession
	}
	return &c, nil
}

// checkSQL is the token check: migration 00011's session_check raises 28000 when the
// token's session no longer lets it in (revoked, another user's, account inactive or
// deleted, the chosen pair no longer held, the branch inactive).
const checkSQL = "SELECT session_check($1::uuid, $2::bigint)"

// Authenticator turns a bearer token into claims, refusing tokens of revoked sessions.
type Authenticator struct {
	Keys *Keys
	DB   *db.Pool
}

// Defer verifies raw and answers a context carrying the check that its session is still
// open, which the pool sends with the request's first statement (one round trip for a
// read; pkg/db Pool). Whoever defers must call DB.RunCheck before answering anything.
func (a *Authenticator) Defer(ctx context.Context, raw string) (*Claims, context.Context, error) {
	c, err := a.Keys.Verify(ctx, raw)
	if err != nil {
		return nil, ctx, err
	}
	if !db.IsUUID(c.SessionID) {
		return nil, ctx, errs.ErrNoSession // never reaches PostgreSQL as an invalid uuid (a 500)
	}
	return c, db.WithCheck(ctx, &db.Check{SQL: checkSQL, Args: []any{c.SessionID, c.UserID}, Fail: refusal}), nil
}

// Check runs ctx's session check when the request's statements have not sent it yet.
func (a *Authenticator) Check(ctx context.Context) error { return a.DB.RunCheck(ctx) }

// refusal answers the check's error: the raise of a closed session is "no session"; any
// other failure (the database unreachable) stays an error.
func refusal(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "28000" {
		return errs.ErrNoSession
	}
	return fmt.Errorf("session.check: %w", err)
}
