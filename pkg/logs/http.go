package logs

import (
	"bytes"
	"net/http"
	"strings"

	"samrap/pkg/day"
	"samrap/pkg/download"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// Who may read the logs (our choice, docs/logs.md): Super Admins every branch, Branch
// Admins their current branch. Nobody writes through this area.
var readers = httpx.Roles(session.SuperAdmin, session.BranchAdmin)

// Mount adds the area's routes (functions/catalog.json, function "logs").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Now), files: download.Files{Bucket: env.Files, Now: env.Now}}
	rt.Handle("GET /api/logs/activities", readers, h.activities)
	rt.Handle("GET /api/download/activityLog", readers, h.exportActivities)
	rt.Handle("GET /api/logs/changes", readers, h.changes)
	rt.Handle("GET /api/logs/choices", readers, h.choices)
}

type handlers struct {
	s     *Service
	files download.Files
}

// logDays: the logs' days, today and the 30 before by default, a year at most.
var logDays = day.Span{Default: 31, Max: day.Year}

// filter reads dateFrom and dateTo (pkg/day: YYYY-MM-DD in Asia/Bangkok, both days
// included; today and the 30 days before by default, 366 days at most), person, action,
// entity, entityId, and the Super Admin's entryBranch.
func (h handlers) filter(r *http.Request) (Filter, session.Scope, *httpx.Query) {
	q := httpx.ReadQuery(r)
	days, bad := logDays.Read(q.Text("dateFrom"), q.Text("dateTo"), h.s.now())
	for name, key := range bad {
		q.Invalid(name, key)
	}
	f := Filter{Days: days, Person: strings.TrimSpace(q.Text("person")), Action: strings.TrimSpace(q.Text("action")),
		Entity: strings.TrimSpace(q.Text("entity")), EntityID: strings.TrimSpace(q.Text("entityId"))}
	return f, session.ScopeOf(httpx.Claims(r), strings.TrimSpace(q.Text("entryBranch"))), q
}

func (h handlers) activities(w http.ResponseWriter, r *http.Request) error {
	f, sc, q := h.filter(r)
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Activities(r.Context(), sc, f, p, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) exportActivities(w http.ResponseWriter, r *http.Request) error {
	f, sc, q := h.filter(r)
	if err := q.Err(); err != nil {
		return err
	}
	var buf bytes.Buffer
	found, err := h.s.ExportActivities(r.Context(), &buf, httpx.Claims(r), sc, f, httpx.Lang(r))
	if err != nil {
		return err
	}
	if !found {
		return httpx.NoContent(w)
	}
	return h.files.Send(w, r, "activity-log", "activity_log.xlsx", xlsx.ContentType, &buf)
}

func (h handlers) changes(w http.ResponseWriter, r *http.Request) error {
	f, sc, q := h.filter(r)
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Changes(r.Context(), sc, f, p, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

// Choice is a value of a filter and its label.
type Choice struct {
	Code  string `json:"code"`
	Label string `json:"label"`
}

// choices answers the filters' lists: the activity record's actions and the change log's
// entities, labelled in the caller's language.
func (h handlers) choices(w http.ResponseWriter, r *http.Request) error {
	lang := httpx.Lang(r)
	out := struct {
		Actions  []Choice `json:"actions"`
		Entities []Choice `json:"entities"`
	}{Actions: []Choice{}, Entities: []Choice{}}
	for _, a := range actions {
		out.Actions = append(out.Actions, Choice{a.Action, label(a.Th, a.En, lang)})
	}
	for _, e := range entityOrder() {
		out.Entities = append(out.Entities, Choice{e, entityLabel(e, lang)})
	}
	return httpx.OK(w, r, out)
}
