// Command migrate applies the embedded database migrations. CloudFormation runs it on every
// deploy through a custom resource (the CDK Provider framework calls it with the
// custom-resource event and answers CloudFormation itself). Invoked by hand with
// {"action": "create-admin", ...} it creates a stage's first Super Admin (docs/deploy.md).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"samrap/pkg/auth"
	"samrap/pkg/db/migrations"
	"samrap/pkg/platform"
)

// event is the part of the custom-resource event migrate reads, or a one-off action.
type event struct {
	RequestType        string `json:"RequestType"` // Create, Update, Delete
	PhysicalResourceID string `json:"PhysicalResourceId"`
	Action             string `json:"action"` // "create-admin"
	auth.FirstAdmin
}

type response struct {
	PhysicalResourceID string         `json:"PhysicalResourceId,omitempty"`
	Data               map[string]any `json:"Data,omitempty"`
	Link               string         `json:"link,omitempty"`
}

const physicalID = "samrap-database-migrations"

// connectFor is how long the first connection is retried: on a first deploy the RDS Proxy
// target takes minutes to become available (the function's timeout is 5 minutes).
const connectFor = 3 * time.Minute

func main() {
	if err := run(context.Background(), os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string) error {
	env, err := platform.Setup(ctx, getenv)
	if err != nil {
		return err
	}
	defer env.Close()
	lambda.StartWithOptions(handler(env), lambda.WithContext(ctx))
	return nil
}

func handler(env *platform.Env) func(context.Context, json.RawMessage) (response, error) {
	return func(ctx context.Context, raw json.RawMessage) (response, error) {
		var e event
		if err := json.Unmarshal(raw, &e); err != nil {
			return response{}, fmt.Errorf("migrate: event: %w", err)
		}
		if e.RequestType == "Delete" {
			// Data outlives the stack; deleting the resource never drops anything.
			return response{PhysicalResourceID: physicalID}, nil
		}
		if err := waitForDatabase(ctx, env); err != nil {
			return response{}, err
		}
		version, err := migrations.Up(ctx, env.DB)
		if err != nil {
			env.Log.ErrorContext(ctx, "migrations failed", "err", err)
			return response{}, err
		}
		env.Log.InfoContext(ctx, "migrations applied", "version", version)
		switch e.Action {
		case "":
			return response{PhysicalResourceID: physicalID, Data: map[string]any{"Version": version}}, nil
		case "create-admin":
			link, err := auth.NewService(env.DB, env.Keys, env.Now, env.Log, env.Mail, env.Config.PublicURL).CreateFirstAdmin(ctx, e.FirstAdmin)
			if err != nil {
				return response{}, err
			}
			env.Log.InfoContext(ctx, "first administrator created", "email", e.Email, "branch", e.BranchCode)
			return response{Link: link}, nil
		default:
			return response{}, fmt.Errorf("migrate: unknown action %q", e.Action)
		}
	}
}

func waitForDatabase(ctx context.Context, env *platform.Env) error {
	deadline := time.Now().Add(connectFor)
	for {
		err := env.DB.Ping(ctx)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return fmt.Errorf("migrate: database not reachable after %s: %w", connectFor, err)
		}
		env.Log.WarnContext(ctx, "database not reachable yet, retrying", "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}
