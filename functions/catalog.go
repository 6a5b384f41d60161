// Package functions is THE registry of Samrap's functions (List, in registry.go): every
// Lambda with what deploying it needs (kind, uses, queue) and what runs it (its area's route
// table or its worker). functions/local, scripts/bench and pkg/apitest read the registry;
// catalog.json, which the CDK app in infra/ reads, is generated from it and from the areas'
// route tables: run `go generate ./functions` after changing either (a test fails while
// catalog.json is stale).
package functions

//go:generate go run ./internal/gencatalog

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// Kind says how a function is invoked.
type Kind string

// The kinds of function (the CDK app builds each differently).
const (
	HTTP           Kind = "http"            // behind the HTTP API, serving its area's routes
	SQS            Kind = "sqs"             // a queue worker
	Scheduled      Kind = "schedule"        // run by an EventBridge schedule
	CustomResource Kind = "custom-resource" // run by CloudFormation on deploy (only migrate)
)

// Function is one entry of the registry.
type Function struct {
	Name string // kebab-case; its main is functions/<name>/main.go
	Kind Kind
	// Uses are what the function may touch besides the database, granted by the CDK app:
	// jwt, mail, uploads, files, hospital, queue:<name> (docs/deploy.md, "The catalogue").
	Uses []string
	// Queue is the queue an sqs function owns and consumes; S3Notifications the uploads
	// key prefix whose ObjectCreated notifications feed it.
	Queue           string
	S3Notifications string
	// FIFO: the queue is an SQS FIFO queue (ordered per message group, deduplicated); its
	// senders use queue.FIFOSender.
	FIFO bool
	// Schedule is a scheduled function's rate(...) or cron(...) expression.
	Schedule string

	// Mount is an http function's route table (pkg/<area>/http.go): the one declaration of
	// its routes and who may call them.
	Mount platform.Mount
	// Worker is an sqs function's handler.
	Worker func(*platform.Env) queue.Handler
	// Job is a scheduled function's run.
	Job platform.Job
	// Rows names, for the authorization matrix (functions/authz_test.go), one row of branch
	// for each route of the area that takes a row's id (an {id} wildcard or an id query
	// parameter): route pattern → id, so that the matrix calls the route with another
	// branch's row and expects 404. A route whose rows belong to no branch (accounts are
	// group-wide) maps to "". Every route with an {id} wildcard must be named. It may create
	// a row the demo data lacks (an import job); nothing but the tests calls it.
	Rows func(ctx context.Context, q db.DBTX, branch string) (map[string]string, error)
}

// Routes answers an http function's declared routes with their access, read by mounting its
// route table on a router that serves nothing (a Mount only builds handlers; it reaches
// nothing outside).
func (f Function) Routes() []httpx.Route {
	if f.Mount == nil {
		return nil
	}
	env := &platform.Env{Log: slog.New(slog.DiscardHandler), Now: time.Now, Adapters: &platform.Adapters{}}
	rt := httpx.NewRouter(nil, env.Log)
	f.Mount(env, rt)
	return rt.Routes()
}

// MountAll mounts the route table of every http function on rt: the whole API in one
// router, as functions/local, the load benchmark and the API tests serve it.
func MountAll(env *platform.Env, rt *httpx.Router) {
	for _, f := range List() {
		if f.Kind == HTTP {
			f.Mount(env, rt)
		}
	}
}

// Jobs answers the scheduled functions of the registry.
func Jobs() []Function {
	var out []Function
	for _, f := range List() {
		if f.Kind == Scheduled {
			out = append(out, f)
		}
	}
	return out
}

// Workers answers the sqs functions of the registry.
func Workers() []Function {
	var out []Function
	for _, f := range List() {
		if f.Kind == SQS {
			out = append(out, f)
		}
	}
	return out
}

// Access values of a route in catalog.json.
const (
	AccessPublic   = "public"    // no token
	AccessSignedIn = "signed-in" // any valid token
	AccessRoles    = "roles"     // a current pair whose role is one of "roles"
)

// CatalogJSON renders catalog.json from the registry: the function list with kinds, uses and
// queues in the format the CDK app reads (infra/lib/catalog.ts), each http function's routes
// from its route table, each route with its access. One function or route per line.
func CatalogJSON(list []Function) ([]byte, error) {
	type head struct {
		Name            string   `json:"name"`
		Kind            Kind     `json:"kind"`
		Queue           string   `json:"queue,omitempty"`
		FIFO            bool     `json:"fifo,omitempty"`
		S3Notifications string   `json:"s3Notifications,omitempty"`
		Schedule        string   `json:"schedule,omitempty"`
		Uses            []string `json:"uses,omitempty"`
	}
	type route struct {
		Method string   `json:"method"`
		Path   string   `json:"path"`
		Access string   `json:"access"`
		Roles  []string `json:"roles,omitempty"`
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	b.WriteString(`  "//": "Generated by go generate ./functions from functions/registry.go and the areas' route tables (Mount in pkg/<area>/http.go). Do not edit.",` + "\n")
	b.WriteString(`  "functions": [` + "\n")
	for i, f := range list {
		h, err := spaced(head{f.Name, f.Kind, f.Queue, f.FIFO, f.S3Notifications, f.Schedule, f.Uses})
		if err != nil {
			return nil, err
		}
		b.WriteString("    ")
		routes := f.Routes()
		if len(routes) == 0 {
			b.Write(h)
		} else {
			b.Write(h[:len(h)-1]) // without its "}"
			b.WriteString(`, "routes": [` + "\n")
			for j, r := range routes {
				out := route{Method: r.Method, Path: r.Path, Access: AccessSignedIn, Roles: r.Access.RoleCodes()}
				switch {
				case r.Access.IsPublic():
					out.Access = AccessPublic
				case len(out.Roles) > 0:
					out.Access = AccessRoles
				}
				line, err := spaced(out)
				if err != nil {
					return nil, err
				}
				b.WriteString("      ")
				b.Write(line)
				if j < len(routes)-1 {
					b.WriteByte(',')
				}
				b.WriteByte('\n')
			}
			b.WriteString("    ]}")
		}
		if i < len(list)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes(), nil
}

// spaced marshals v on one line with a space after each ':' and ',' between tokens.
func spaced(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	raw := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	out := make([]byte, 0, len(raw)+len(raw)/8)
	inString, escaped := false, false
	for _, c := range raw {
		out = append(out, c)
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			out = append(out, ' ')
		}
	}
	return out, nil
}
