// Package platform builds what every function shares from its configuration: the logger,
// the database pool, the token keys and the router. Function mains and functions/local
// call New once; nothing here touches the network until the first request.
package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/config"
	"samrap/pkg/db"
	"samrap/pkg/httpx"
	"samrap/pkg/session"
)

// Env is the shared part of every function's dependencies.
type Env struct {
	Config config.Config
	Log    *slog.Logger
	DB     *db.Pool
	Keys   *session.Keys
	Now    func() time.Time
	// Origin answers the secret every request must carry in X-Origin-Verify (nil: none is
	// asked, locally and where no CloudFront stands in front).
	Origin func(context.Context) (string, error)
	// Secret reads a Secrets Manager secret by ARN (cached per process); nil where none can
	// be read (locally, in tests).
	Secret func(ctx context.Context, arn string) (string, error)
	*Adapters
}

// New builds the Env for cfg.
func New(ctx context.Context, cfg config.Config) (*Env, error) {
	log := NewLogger(cfg.LogLevel)
	now := time.Now
	secrets := &secretCache{base: cfg.SecretsExtensionURL, token: cfg.AWSSessionToken}

	dsn := cfg.DatabaseURL
	opts := db.Options{MaxConns: cfg.DBMaxConns, Mode: cfg.DBQueryMode}
	if dsn == "" {
		// In the cloud: host from DATABASE_HOST (RDS Proxy), credentials from the secret,
		// fetched when the first connection is made.
		dsn = (&url.URL{Scheme: "postgres", Host: cfg.DatabaseHost + ":5432", Path: "/" + cfg.DatabaseName,
			RawQuery: "sslmode=require"}).String()
		arn := cfg.DatabaseSecretARN
		opts.BeforeConnect = func(ctx context.Context, cc *pgx.ConnConfig) error {
			raw, err := secrets.get(ctx, arn)
			if err != nil {
				return err
			}
			var s struct {
				Username string `json:"username"`
				Password string `json:"password"`
				Port     any    `json:"port"`
			}
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				return fmt.Errorf("database secret: %w", err)
			}
			cc.User, cc.Password = s.Username, s.Password
			if p, err := strconv.Atoi(fmt.Sprint(s.Port)); err == nil && p > 0 {
				cc.Port = uint16(p)
			}
			return nil
		}
	}
	pool, err := db.Open(ctx, dsn, opts)
	if err != nil {
		return nil, fmt.Errorf("platform: %w", err)
	}

	load := session.StaticSecret([]byte(cfg.JWTSecret))
	if cfg.JWTSecret == "" {
		arn := cfg.JWTSecretARN
		load = func(ctx context.Context) ([]byte, error) {
			s, err := secrets.get(ctx, arn)
			return []byte(s), err
		}
	}
	keys, err := session.NewKeys(load, cfg.AccessTokenTTL, now)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("platform: %w", err)
	}
	adapters, err := newAdapters(cfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	env := &Env{Config: cfg, Log: log, DB: pool, Keys: keys, Now: now, Adapters: adapters}
	if !cfg.Local() {
		env.Secret = secrets.get
	}
	if arn := cfg.OriginSecretARN; arn != "" {
		env.Origin = func(ctx context.Context) (string, error) { return secrets.get(ctx, arn) }
	}
	return env, nil
}

// Router answers a router whose signed-in routes check tokens against this Env.
func (e *Env) Router() *httpx.Router {
	rt := httpx.NewRouter(&session.Authenticator{Keys: e.Keys, DB: e.DB}, e.Log)
	rt.RecoverLost(e.DB.Recover)
	if e.Origin != nil {
		rt.RequireOrigin(e.Origin)
	}
	return rt
}

// Close releases the pool.
func (e *Env) Close() { e.DB.Close() }

// NewLogger answers a JSON logger at level (debug, info, warn, error).
func NewLogger(level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}
