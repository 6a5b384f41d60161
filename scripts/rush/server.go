package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/awstest"
	"samrap/pkg/config"
	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
	"samrap/pkg/demo"
	"samrap/pkg/orders"
	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
)

// server is the API under rush: functions/local, built and run as a process of its own as
// `make run` runs it (every function of the registry, its workers and scheduled jobs, the
// disk stand-in of S3 behind /files/ or moto_server), on a fresh database of its own.
type server struct {
	base     string        // http://127.0.0.1:port
	dsn      string        // the rush database
	name     string        // its name, rush_<pid>
	env      *platform.Env // the rush's own pool and config, for the set-up (closed before the meal)
	cardKey  []byte        // the key of the card tokens: the checker reads which order a card names
	proxy    *proxy        // between the app and PostgreSQL, for the unreachable fault (else nil)
	child    *child        // functions/local as a process
	moto     *awstest.Server
	s3       *proxy // between the app and moto_server, for the emulator fault
	hospital *hospitalServer
	close    func()
	keepData bool
}

// how is how the rush serves the API, by its fault.
type how struct {
	viaProxy bool // the app reaches PostgreSQL through a relay (unreachable, drop)
	emulator bool // S3, SQS and SES on moto_server, reached through a relay (emulator)
}

func howFor(fault string) how {
	return how{viaProxy: fault == "unreachable" || fault == "drop", emulator: fault == "emulator"}
}

// startServer creates the database name (dropped first if a run left it), migrates it, loads
// the demo data and starts functions/local on a loopback port. log receives the server's
// warnings and errors.
func startServer(ctx context.Context, dsnBase, name string, conns int, h how, log io.Writer) (*server, error) {
	u, err := url.Parse(dsnBase)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	u.Path = "/" + name
	s := &server{dsn: u.String(), name: name}
	if err := s.drop(ctx); err != nil {
		return nil, fmt.Errorf("database (is PostgreSQL running at %s?): %w", u.Host, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.base = "http://" + ln.Addr().String()
	dataDir, err := os.MkdirTemp("", "samrap-rush-")
	if err != nil {
		ln.Close()
		return nil, err
	}
	cleanup := func() { // before the server runs (after: s.close)
		ln.Close()
		if s.child != nil {
			s.child.stop()
		}
		if s.hospital != nil {
			s.hospital.close()
		}
		if s.s3 != nil {
			s.s3.close()
		}
		if s.moto != nil {
			s.moto.Close()
		}
		os.RemoveAll(dataDir)
		if s.proxy != nil {
			s.proxy.close()
		}
	}
	// The local stage, as `make run`: stand-ins for AWS, their files in a temporary folder.
	appDSN := s.dsn
	if h.viaProxy {
		if s.proxy, err = startProxy(u.Host); err != nil {
			cleanup()
			return nil, err
		}
		pu := *u
		pu.Host = s.proxy.addr()
		appDSN = pu.String()
	}
	vars := map[string]string{"STAGE": "local", "DATABASE_URL": appDSN, "DEMO_DATA": "true", "DATA_DIR": dataDir,
		"AWS_ENDPOINT_URL": "", "PUBLIC_URL": s.base, "LOG_LEVEL": "warn"}
	if conns > 0 {
		vars["DB_MAX_CONNS"] = fmt.Sprint(conns)
	}
	cfg, err := config.Load(func(k string) string {
		if v, ok := vars[k]; ok {
			return v
		}
		return os.Getenv(k)
	})
	if err == nil {
		err = db.EnsureDatabase(ctx, cfg.DatabaseURL)
	}
	if err != nil {
		cleanup()
		return nil, err
	}
	env, err := platform.New(ctx, cfg)
	if err != nil {
		cleanup()
		return nil, err
	}
	env.Log = slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn}))
	s.env = env
	s.close = func() {
		env.Close()
		cleanup()
	}
	if _, err := migrations.Up(ctx, env.DB); err != nil {
		s.stop()
		return nil, err
	}
	if err := demo.Load(ctx, env.DB); err != nil {
		s.stop()
		return nil, err
	}
	if s.cardKey, err = orders.TokenKey(ctx, env.Keys); err != nil {
		s.stop()
		return nil, err
	}
	// the branch's hospital is the rush's (functions/local keeps settings a branch has)
	if s.hospital, err = startHospital(time.Now()); err == nil {
		err = patientsync.SetDefaultSettings(ctx, env.DB, branchCode, demo.HospitalSettings(s.hospital.url))
	}
	if err != nil {
		s.stop()
		return nil, err
	}
	// functions/local on the port chosen, the same database and files folder (this process
	// keeps its pool for the branch's set-up)
	ln.Close()
	if err := s.startChild(ctx, vars, dataDir, h.emulator, log); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// startChild builds functions/local (once a process) and starts it on the port of s.base, with vars (and,
// for the emulator fault, moto_server behind a relay as its AWS).
func (s *server) startChild(ctx context.Context, vars map[string]string, dataDir string, emulator bool, log io.Writer) error {
	bin, err := buildLocal(ctx)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(strings.TrimPrefix(s.base, "http://"))
	vars = maps.Clone(vars)
	vars["HOST"], vars["PORT"], vars["WEB_DIR"] = host, port, filepath.Join(dataDir, "web")
	if emulator {
		if s.moto, err = awstest.StartServer(); err != nil {
			return err
		}
		if s.s3, err = startProxy(strings.TrimPrefix(s.moto.URL, "http://")); err != nil {
			return err
		}
		vars["AWS_ENDPOINT_URL"] = "http://" + s.s3.addr()
	}
	s.child = &child{bin: bin, env: childEnv(vars), log: log, base: s.base}
	return s.child.start(ctx)
}

// stop stops serving and drops the database (unless keepData).
func (s *server) stop() {
	if s.close != nil {
		s.close()
	}
	if !s.keepData {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.drop(ctx); err != nil {
			fmt.Fprintln(os.Stderr, "rush: drop the database:", err)
		}
	}
}

// drop drops the rush database, closing its connections.
func (s *server) drop(ctx context.Context) error {
	conn, err := s.admin(ctx)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{s.name}.Sanitize()+" WITH (FORCE)")
	return err
}

// admin connects to the server's postgres database: the fault's connection, outside the
// app's pool and outside the rush database.
func (s *server) admin(ctx context.Context) (*pgx.Conn, error) {
	u, err := url.Parse(s.dsn)
	if err != nil {
		return nil, err
	}
	u.Path = "/postgres"
	return pgx.Connect(ctx, u.String())
}
