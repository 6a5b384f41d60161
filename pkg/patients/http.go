package patients

import (
	"net/http"
	"strings"

	"samrap/pkg/day"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Mount adds the area's routes (functions/catalog.json, function "patients"). The
// Controller keeps patients (SPEC.md §6); the Order Taker reads one patient for an order.
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Now)}
	bct := httpx.Roles(session.Controller)
	rt.Handle("GET /api/patient/search", bct, h.search)
	rt.Handle("GET /api/patient/getDataByHn", httpx.Roles(session.Controller, session.OrderTaker), h.get)
	rt.Handle("POST /api/patient/updatePatientInfo", bct.Limit(64<<10), h.update)
	rt.Handle("GET /api/patient/changeLog", bct, h.changes)
	// The change record's export and the import template are the files area's
	// (pkg/files, function "files"): the workbooks are written there, so that the
	// functions that import this package (orders, serve) do not link the spreadsheet library.
}

type handlers struct{ s *Service }

// statusFilters are the hospital statuses the list may be narrowed to, any case.
var statusFilters = append([]string{"ALL"}, hospitalStatuses...)

func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page()
	f := Filter{Criteria: strings.TrimSpace(q.Text("criteria")), Status: q.OneOf("status", statusFilters...)}
	f.WardID = q.IDOrAll("ward")
	if err := q.Err(); err != nil {
		return err
	}
	if f.Status == "ALL" {
		f.Status = ""
	}
	page, err := h.s.Search(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) get(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	hn := strings.TrimSpace(q.Required("hnId"))
	if err := q.Err(); err != nil {
		return err
	}
	p, err := h.s.Get(r.Context(), httpx.Branch(r), hn)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, p)
}

func (h handlers) update(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Version == 0 {
		return errs.Fields(map[string]string{"version": "field.required"})
	}
	p, err := h.s.Update(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "patients.saved", p)
}

// changeDays: the change record's days, today and the 30 before by default, a year at most.
var changeDays = day.Span{Default: 31, Max: day.Year}

// ReadChangeQuery reads the change record's filter: hnId (optional), dateFrom and dateTo
// (pkg/day: YYYY-MM-DD in Asia/Bangkok, both days included; today and the 30 days before by
// default, 366 days at most). The list and the export (pkg/files) read it the same way.
func (s *Service) ReadChangeQuery(r *http.Request) (ChangeQuery, *httpx.Query) {
	q := httpx.ReadQuery(r)
	days, bad := changeDays.Read(q.Text("dateFrom"), q.Text("dateTo"), s.now())
	for name, key := range bad {
		q.Invalid(name, key)
	}
	return ChangeQuery{HnID: strings.TrimSpace(q.Text("hnId")), Days: days}, q
}

func (h handlers) changes(w http.ResponseWriter, r *http.Request) error {
	cq, q := h.s.ReadChangeQuery(r)
	p := q.Page()
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Changes(r.Context(), httpx.Branch(r), cq, p, httpx.Lang(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}
