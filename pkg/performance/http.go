package performance

import (
	"bytes"
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
	"samrap/pkg/platform"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// Who may read (our choice, docs/performance.md): Super Admins every branch, Branch Admins
// their current branch.
var readers = httpx.Roles(session.SuperAdmin, session.BranchAdmin)

// Mount adds the area's routes (functions/catalog.json, function "performance").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{db: env.DB, files: download.Files{Bucket: env.Files, Now: env.Now}, s: NewService(env.DB, env.Now)}
	rt.Handle("GET /api/survey/workPerformance", readers, h.figures)
	rt.Handle("POST /api/download/workPerformance", readers.Limit(16<<10), h.export)
}

type handlers struct {
	db    *db.Pool
	files download.Files
	s     *Service
}

// figureDays: the figures' days, the last 7 by default, a year at most.
var figureDays = day.Span{Default: 7, Max: day.Year}

// check reads the range (pkg/day: the 7 days up to today in Asia/Bangkok by default, 366
// at most), filling f's dates, and answers the filter's problems by field.
func (h handlers) check(f *Filter) map[string]string {
	days, bad := figureDays.Read(f.DateFrom, f.DateTo, h.s.now())
	if len(bad) == 0 {
		f.Days, f.DateFrom, f.DateTo = days, days.From.Format(time.DateOnly), days.To.Format(time.DateOnly)
	}
	// an empty list is every one, as an absent one (the query reads null as all)
	if len(f.WardIDs) == 0 {
		f.WardIDs = nil
	}
	if len(f.MealTimeIDs) == 0 {
		f.MealTimeIDs = nil
	}
	for name, ids := range map[string][]int64{"wardIds": f.WardIDs, "mealTimeIds": f.MealTimeIDs} {
		for _, id := range ids {
			if id <= 0 {
				bad[name] = "field.invalid"
			}
		}
	}
	return bad
}

// ids reads a list of ids: "1,2,3" or the parameter repeated; none or "ALL" is every one.
func ids(r *http.Request, name string, bad map[string]string) []int64 {
	var out []int64
	for _, v := range r.URL.Query()[name] {
		for _, p := range strings.Split(v, ",") {
			p = strings.TrimSpace(p)
			if p == "" || strings.EqualFold(p, "ALL") {
				continue
			}
			id, err := strconv.ParseInt(p, 10, 64)
			if err != nil {
				bad[name] = "field.invalid"
				continue
			}
			out = append(out, id)
		}
	}
	return out
}

// figures: ?dateFrom&dateTo&wardIds&mealTimeIds&entryBranch.
func (h handlers) figures(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	bad := map[string]string{}
	f := Filter{DateFrom: q.Get("dateFrom"), DateTo: q.Get("dateTo"), EntryBranch: strings.TrimSpace(q.Get("entryBranch"))}
	f.WardIDs, f.MealTimeIDs = ids(r, "wardIds", bad), ids(r, "mealTimeIds", bad)
	for k, v := range h.check(&f) {
		bad[k] = v
	}
	if len(bad) > 0 {
		return errs.Fields(bad)
	}
	out, err := h.s.Figures(r.Context(), session.ScopeOf(httpx.Claims(r), f.EntryBranch), f, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

// export: the body is the filter (JSON); 204 when the range has no orders.
func (h handlers) export(w http.ResponseWriter, r *http.Request) error {
	var f Filter
	if err := httpx.DecodeJSON(r, &f); err != nil {
		return err
	}
	f.EntryBranch = strings.TrimSpace(f.EntryBranch)
	if bad := h.check(&f); len(bad) > 0 {
		return errs.Fields(bad)
	}
	ctx, c, lang := r.Context(), httpx.Claims(r), httpx.Lang(r)
	fig, err := h.s.Figures(ctx, session.ScopeOf(c, f.EntryBranch), f, lang)
	if err != nil {
		return err
	}
	if fig.Orders == 0 {
		return httpx.NoContent(w)
	}
	var buf bytes.Buffer
	if err := Write(&buf, fig); err != nil {
		return fmt.Errorf("performance: workbook: %w", err)
	}
	branch := httpx.Branch(r)
	name := fmt.Sprintf("work_performance_%s_%s.xlsx", f.DateFrom, f.DateTo)
	link, err := h.files.Store(ctx, download.ReportKey(branch, f.DateFrom, "performance", name), name, xlsx.ContentType, &buf)
	if err != nil {
		return fmt.Errorf("performance: %w", err)
	}
	err = audit.WriteActivity(ctx, h.db, audit.Activity{BranchCode: branch, UserID: c.UserID, Actor: c.EmployeeCode,
		Action: "performance.export", Address: httpx.ClientAddress(r),
		Detail: map[string]any{"filter": f, "file": name, "orders": fig.Orders}})
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "performance.ready", link)
}

func (h handlers) now() time.Time { return h.s.now() }
