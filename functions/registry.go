package functions

import (
	"samrap/pkg/auth"
	"samrap/pkg/files"
	"samrap/pkg/hl7feed"
	"samrap/pkg/housekeeping"
	"samrap/pkg/logs"
	"samrap/pkg/menus"
	"samrap/pkg/nutrition"
	"samrap/pkg/orders"
	"samrap/pkg/params"
	"samrap/pkg/patients"
	"samrap/pkg/patientsync"
	"samrap/pkg/performance"
	"samrap/pkg/reports"
	"samrap/pkg/serve"
	"samrap/pkg/surveys"
	"samrap/pkg/users"
)

// List is the registry: one line per function. Adding an area is its own folder
// (pkg/<area> with its Mount, functions/<area>/main.go) plus one line here, then
// `go generate ./functions` (docs/adding-an-area.md).
func List() []Function {
	return []Function{
		{Name: "auth", Kind: HTTP, Uses: []string{"jwt", "mail"}, Mount: auth.Mount},
		{Name: "users", Kind: HTTP, Uses: []string{"jwt", "mail", "files"}, Mount: users.Mount, Rows: users.Rows},
		{Name: "params", Kind: HTTP, Uses: []string{"jwt"}, Mount: params.Mount, Rows: params.Rows},
		{Name: "menus", Kind: HTTP, Uses: []string{"jwt"}, Mount: menus.Mount, Rows: menus.Rows},
		{Name: "patients", Kind: HTTP, Uses: []string{"jwt"}, Mount: patients.Mount},
		{Name: "orders", Kind: HTTP, Uses: []string{"jwt"}, Mount: orders.Mount, Rows: orders.Rows},
		{Name: "nutrition", Kind: HTTP, Uses: []string{"jwt", "files"}, Mount: nutrition.Mount, Rows: nutrition.Rows},
		{Name: "serve", Kind: HTTP, Uses: []string{"jwt"}, Mount: serve.Mount},
		{Name: "patient-sync-api", Kind: HTTP, Uses: []string{"jwt", "hospital", "queue:patient-sync"}, Mount: patientsync.Mount},
		{Name: "patient-sync", Kind: SQS, Uses: []string{"hospital"}, Queue: patientsync.Queue, Worker: patientsync.Handler},
		{Name: "hl7-feed", Kind: HTTP, Uses: []string{"jwt", "queue:hl7-feed"}, Mount: hl7feed.Mount},
		{Name: "hl7-feed-worker", Kind: SQS, Queue: hl7feed.Queue, FIFO: true, Uses: []string{"hl7-archive"}, Worker: hl7feed.Handler},
		{Name: "files", Kind: HTTP, Uses: []string{"jwt", "uploads", "files", "queue:imports"}, Mount: files.Mount, Rows: files.Rows},
		{Name: "import-worker", Kind: SQS, Queue: "imports", S3Notifications: "uploads/", Uses: []string{"uploads", "files", "mail"}, Worker: files.ImportWorker},
		{Name: "logs", Kind: HTTP, Uses: []string{"jwt", "files"}, Mount: logs.Mount},
		{Name: "reports", Kind: HTTP, Uses: []string{"jwt", "files"}, Mount: reports.Mount},
		{Name: "surveys", Kind: HTTP, Uses: []string{"jwt", "files"}, Mount: surveys.Mount},
		{Name: "performance", Kind: HTTP, Uses: []string{"jwt", "files"}, Mount: performance.Mount},
		{Name: "housekeeping", Kind: Scheduled, Schedule: "rate(1 hour)", Job: housekeeping.Job},
		{Name: "migrate", Kind: CustomResource},
	}
}
