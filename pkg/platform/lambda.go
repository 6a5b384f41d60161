package platform

import (
	"context"
	"fmt"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"samrap/pkg/config"
	"samrap/pkg/httpx"
	"samrap/pkg/queue"
)

// Mount adds an area's routes to a router: every http area exports one (auth.Mount, ...).
type Mount func(env *Env, rt *httpx.Router)

// Wire adds an outside service to an Env: s3blob.Wire, ses.Wire, sqsqueue.Wire.
type Wire func(env *Env) error

// Setup reads the configuration and builds the Env with the services wires add: the start
// of every function's main.
func Setup(ctx context.Context, getenv func(string) string, wires ...Wire) (*Env, error) {
	cfg, err := config.Load(getenv)
	if err != nil {
		return nil, err
	}
	env, err := New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	for _, w := range wires {
		if err := w(env); err != nil {
			env.Close()
			return nil, err
		}
	}
	return env, nil
}

// ServeHTTPLambda is the whole body of an http function's main: read the configuration,
// build the Env with the services the function uses, mount the area and serve API Gateway
// HTTP API (v2) events.
func ServeHTTPLambda(ctx context.Context, getenv func(string) string, mount Mount, wires ...Wire) error {
	env, err := Setup(ctx, getenv, wires...)
	if err != nil {
		return err
	}
	defer env.Close()
	rt := env.Router()
	mount(env, rt)
	lambda.StartWithOptions(httpadapter.NewV2(rt).ProxyWithContext, lambda.WithContext(ctx))
	return fmt.Errorf("lambda runtime stopped")
}

// ServeSQSLambda is the whole body of a worker function's main: read the configuration,
// build the Env with the services the worker uses, and hand the SQS events of the event
// source mapping (with ReportBatchItemFailures) to the worker's queue.Handler.
func ServeSQSLambda(ctx context.Context, getenv func(string) string, worker func(*Env) queue.Handler, wires ...Wire) error {
	env, err := Setup(ctx, getenv, wires...)
	if err != nil {
		return err
	}
	defer env.Close()
	lambda.StartWithOptions(worker(env), lambda.WithContext(ctx))
	return fmt.Errorf("lambda runtime stopped")
}

// Job is a scheduled function's body: one run, whose error fails the invocation (EventBridge
// retries it; the run must be idempotent).
type Job func(env *Env) func(ctx context.Context) error

// ServeScheduleLambda is the whole body of a scheduled function's main: read the
// configuration, build the Env and run job at every EventBridge invocation.
func ServeScheduleLambda(ctx context.Context, getenv func(string) string, job Job, wires ...Wire) error {
	env, err := Setup(ctx, getenv, wires...)
	if err != nil {
		return err
	}
	defer env.Close()
	run := job(env)
	lambda.StartWithOptions(func(ctx context.Context) error { return run(ctx) }, lambda.WithContext(ctx))
	return fmt.Errorf("lambda runtime stopped")
}
