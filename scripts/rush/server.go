package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/functions"
	"samrap/pkg/awstest"
	"samrap/pkg/blob"
	"samrap/pkg/config"
	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
	"samrap/pkg/demo"
	"samrap/pkg/orders"
	"samrap/pkg/platform"
)

// server is the API under rush: every http function of the registry mounted behind /api/
// as functions/local mounts them, with the disk stand-in of S3 behind /files/ (the signed
// links of the meal cards), on a fresh database of its own.
type server struct {
	base     string // http://127.0.0.1:port
	dsn      string // the rush database
	name     string // its name, rush_<pid>
	env      *platform.Env
	cardKey  []byte // the key of the card tokens: the checker reads which order a card names
	proxy    *proxy // between the app and PostgreSQL, for the unreachable fault (else nil)
	child    *child // functions/local as a process, for the kill and emulator faults (else nil: in process)
	moto     *awstest.Server
	s3       *proxy // between the app and moto_server, for the emulator fault
	close    func()
	keepData bool
}

// how is how the rush serves the API, by its fault.
type how struct {
	viaProxy bool // the app reaches PostgreSQL through a relay (unreachable)
	child    bool // functions/local as a process of its own, killed and started again (kill, emulator)
	emulator bool // S3, SQS and SES on moto_server, reached through a relay (emulator)
}

func howFor(fault string) how {
	return how{viaProxy: fault == "unreachable", child: fault == "kill" || fault == "emulator", emulator: fault == "emulator"}
}

// startServer creates the database name (dropped first if a run left it), migrates it, loads
// the demo data and serves the API on a loopback port: in this process, or as functions/local
// in its own (h.child). log receives the server's warnings and errors.
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
	srv := &http.Server{Handler: apiHandler(env), ReadHeaderTimeout: 10 * time.Second}
	s.close = func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
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
	if !h.child {
		go func() { _ = srv.Serve(ln) }()
		return s, nil
	}
	// functions/local on the port chosen, the same database and files folder (this process
	// keeps its pool for the branch's set-up and the card key)
	ln.Close()
	if err := s.startChild(ctx, vars, dataDir, h.emulator, log); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// startChild builds functions/local and starts it on the port of s.base, with vars (and,
// for the emulator fault, moto_server behind a relay as its AWS).
func (s *server) startChild(ctx context.Context, vars map[string]string, dataDir string, emulator bool, log io.Writer) error {
	bin, err := buildLocal(ctx, dataDir)
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

// apiHandler mounts every http function of the registry behind /api/, as functions/local's
// newServer does, and the signed links of the local file store.
func apiHandler(e *platform.Env) http.Handler {
	api := e.Router()
	functions.MountAll(e, api)
	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	mux.Handle(blob.DiskPath, e.Disk.Handler())
	return mux
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
