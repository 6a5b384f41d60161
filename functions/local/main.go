// Command local runs every function of the registry (samrap/functions) in one process: the same
// handlers the Lambdas run, mounted on one server, with the built web app, demo data and
// local stand-ins for AWS (ARCHITECTURE.md §7).
package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"samrap/pkg/auth"
	"samrap/pkg/blob/s3blob"
	"samrap/pkg/config"
	"samrap/pkg/db"
	"samrap/pkg/db/migrations"
	"samrap/pkg/demo"
	"samrap/pkg/mail/ses"
	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "samrap:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	if !cfg.Local() {
		return fmt.Errorf("functions/local runs only in the local stage, not %q", cfg.Stage)
	}
	if err := db.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return fmt.Errorf("database (is PostgreSQL running? DATABASE_URL=%s): %w", cfg.DatabaseURL, err)
	}
	env, err := platform.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer env.Close()
	if cfg.AWSEndpointURL != "" {
		// AWS mode against an emulator: the same S3, SES and SQS clients as the Lambdas.
		for _, wire := range []platform.Wire{ses.Wire, s3blob.Wire, sqsqueue.Wire} {
			if err := wire(env); err != nil {
				return err
			}
		}
	}
	if _, err := migrations.Up(ctx, env.DB); err != nil {
		return err
	}
	// Workers first: against an emulator this also creates the buckets, queues and the
	// verified mail sender that the demo invitation needs.
	stopWorkers, err := startWorkers(ctx, env)
	if err != nil {
		return err
	}
	defer stopWorkers()
	stopJobs, err := startJobs(ctx, env)
	if err != nil {
		return err
	}
	defer stopJobs()
	if cfg.DemoData {
		if err := demo.Load(ctx, env.DB); err != nil {
			return err
		}
		if err := demo.InvitePending(ctx, env.DB, auth.NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL)); err != nil {
			return err
		}
		// the demo hospital this process serves (server.go), where a branch has no settings
		for _, b := range demo.Branches() {
			base := fmt.Sprintf("http://127.0.0.1:%d/dev/fhir/%s", cfg.Port, b)
			if err := patientsync.SetDefaultSettings(ctx, env.DB, b, demo.HospitalSettings(base)); err != nil {
				return err
			}
		}
	}
	handler, err := newServer(env)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	if err != nil {
		return fmt.Errorf("listen on %s port %d: %w", cfg.Host, cfg.Port, err)
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	env.Log.Info("samrap is running", "url", fmt.Sprintf("http://localhost:%d", cfg.Port), "listen", ln.Addr().String(), "web", cfg.WebDir, "demo", cfg.DemoData)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
