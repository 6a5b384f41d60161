package patients

import (
	"net/http"
	"strings"
	"time"

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

// ReadChangeQuery reads the change record's filter: hnId (optional), dateFrom and dateTo
// (YYYY-MM-DD in the branch's time zone, both days included; the last 30 days by default,
// at most 366 days). The list and the export (pkg/files) read it the same way.
func (s *Service) ReadChangeQuery(r *http.Request) (ChangeQuery, *httpx.Query) {
	q := httpx.ReadQuery(r)
	today := s.now().In(bangkok)
	day := func(name string, def time.Time) time.Time {
		v := strings.TrimSpace(q.Text(name))
		if v == "" {
			return def
		}
		t, err := time.ParseInLocation(dateLayout, v, bangkok)
		if err != nil {
			q.Invalid(name, "patients.dateInvalid")
		}
		return t
	}
	start := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, bangkok)
	from := day("dateFrom", start.AddDate(0, 0, -30))
	to := day("dateTo", start).AddDate(0, 0, 1)
	if !to.After(from) {
		q.Invalid("dateTo", "patients.endBeforeStart")
	} else if to.Sub(from) > 367*24*time.Hour {
		q.Invalid("dateTo", "patients.rangeTooLong")
	}
	return ChangeQuery{HnID: strings.TrimSpace(q.Text("hnId")), From: from, To: to}, q
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
