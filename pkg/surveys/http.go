package surveys

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/download"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// Who may call (docs/surveys.md; our choice where SPEC.md §6 is silent): anyone holding a
// card's link answers its survey; the Serve and Controller roles enter surveys for patients;
// Super Admins (every branch) and Branch Admins (their branch) read the results.
var (
	staff   = httpx.Roles(session.Serve, session.Controller)
	readers = httpx.Roles(session.SuperAdmin, session.BranchAdmin)
)

// Mount adds the area's routes (functions/catalog.json, function "surveys").
func Mount(env *platform.Env, rt *httpx.Router) {
	key := func(ctx context.Context) ([]byte, error) { return TokenKey(ctx, env.Keys) }
	h := handlers{db: env.DB, now: env.Now, files: download.Files{Bucket: env.Files, Now: env.Now},
		s: NewService(env.DB, env.Now, key, env.Config.PublicURL)}
	rt.Handle("GET /api/survey/public/{token}", httpx.Public(), h.publicPage)
	rt.Handle("POST /api/survey/public/{token}", httpx.Public().Limit(8<<10), h.publicAnswer)
	rt.Handle("GET /api/survey/trays", staff, h.trays)
	rt.Handle("POST /api/survey/patientSatisfaction", staff.Limit(8<<10), h.staffAnswer)
	rt.Handle("GET /api/survey/patientSatisfaction", readers, h.results)
	rt.Handle("POST /api/download/patientSatisfaction", readers.Limit(8<<10), h.export)
}

type handlers struct {
	db    *db.Pool
	now   func() time.Time
	files download.Files
	s     *Service
}

func (h handlers) publicPage(w http.ResponseWriter, r *http.Request) error {
	id, err := h.s.Admit(r.Context(), r.PathValue("token"), httpx.ClientAddress(r))
	if err != nil {
		return err
	}
	p, err := h.s.PublicPage(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, p)
}

// readEntry decodes an answer's body and checks it.
func readEntry(r *http.Request, v any, e *Entry) error {
	if err := httpx.DecodeJSON(r, v); err != nil {
		return err
	}
	bad := map[string]string{}
	e.Answers.problems(e.Comment, bad)
	switch e.Lang {
	case "", string(i18n.TH), string(i18n.EN):
	default:
		bad["lang"] = "field.invalid"
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	return nil
}

func (h handlers) publicAnswer(w http.ResponseWriter, r *http.Request) error {
	addr := httpx.ClientAddress(r)
	// counted before the body is read: a malformed body counts too
	id, err := h.s.Admit(r.Context(), r.PathValue("token"), addr)
	if err != nil {
		return err
	}
	var e Entry
	if err := readEntry(r, &e, &e); err != nil {
		return err
	}
	if err := h.s.AnswerPublic(r.Context(), id, e, addr); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "surveys.thanks", map[string]bool{"answered": true})
}

func (h handlers) staffAnswer(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		OrderID string `json:"orderId"`
		Entry
	}
	if err := readEntry(r, &b, &b.Entry); err != nil {
		return err
	}
	if strings.TrimSpace(b.OrderID) == "" {
		return errs.Fields(map[string]string{"orderId": "field.required"})
	}
	if b.Lang == "" {
		b.Lang = string(httpx.Lang(r))
	}
	err := h.s.AnswerStaff(r.Context(), httpx.Claims(r), httpx.Branch(r), b.OrderID, b.Entry, httpx.ClientAddress(r))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "surveys.saved", map[string]bool{"answered": true})
}

// trays: ?date&mealTimeId&wardId&q.
func (h handlers) trays(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	f := TrayFilter{Date: day.Today(h.now()), WardID: q.IDOrAll("wardId"), MealTimeID: q.IDOrAll("mealTimeId"), Q: q.Text("q")}
	if v := q.Text("date"); v != "" {
		d, err := day.Parse(v)
		if err != nil {
			q.Invalid("date", "date.invalid")
		}
		f.Date = d
	}
	if err := q.Err(); err != nil {
		return err
	}
	trays, err := h.s.Trays(r.Context(), httpx.Branch(r), f, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, trays)
}

// idList reads a comma-separated list of ids (empty: none).
func idList(q *httpx.Query, name string) []int64 {
	out := []int64{}
	for _, v := range strings.Split(q.Text(name), ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			q.Invalid(name, "field.invalid")
			return nil
		}
		out = append(out, n)
	}
	return out
}

// results: ?dateFrom&dateTo&wardIds&mealTimeIds&menuIds&entryBranch&page&size.
func (h handlers) results(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	f := Filter{DateFrom: q.Text("dateFrom"), DateTo: q.Text("dateTo"),
		WardIDs: idList(q, "wardIds"), MealTimeIDs: idList(q, "mealTimeIds"), MenuIDs: idList(q, "menuIds")}
	for k, v := range f.readDays(h.now()) {
		q.Invalid(k, v)
	}
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	sc := session.ScopeOf(httpx.Claims(r), strings.TrimSpace(q.Text("entryBranch")))
	res, err := h.s.Results(r.Context(), sc, f, p.Page, p.Size, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, res)
}

// export: the results' filters in the body; a signed link to the workbook, 204 when nothing
// matches. The export is recorded in the activity record (surveys.export), even an empty one.
func (h handlers) export(w http.ResponseWriter, r *http.Request) error {
	var f Filter
	if err := httpx.DecodeJSON(r, &f); err != nil {
		return err
	}
	if bad := f.readDays(h.now()); len(bad) > 0 {
		return errs.Fields(bad)
	}
	ctx, c := r.Context(), httpx.Claims(r)
	sc := session.ScopeOf(c, strings.TrimSpace(f.EntryBranch))
	var buf bytes.Buffer
	found, err := h.s.Export(ctx, &buf, sc, f, httpx.Lang(r))
	if err != nil {
		return err
	}
	err = audit.WriteActivity(ctx, h.db, audit.Activity{BranchCode: sc.Current, UserID: c.UserID, Actor: c.EmployeeCode,
		Action: "surveys.export", Address: httpx.ClientAddress(r), Detail: map[string]any{"filter": f, "found": found}})
	if err != nil {
		return err
	}
	if !found {
		return httpx.NoContent(w)
	}
	link, err := h.files.Store(ctx, download.ReportKey(sc.Current, f.DateTo, "patient-satisfaction", ExportName), ExportName,
		xlsx.ContentType, &buf)
	if err != nil {
		return fmt.Errorf("surveys: %w", err)
	}
	return httpx.OKMsg(w, r, "surveys.exportReady", link)
}
