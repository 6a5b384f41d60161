package menus

import (
	"net/http"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Who may call what (docs/api.md, "Menus"): the Nutritionist keeps menus; the roles whose
// screens offer or serve them read them, as for master data.
var (
	writers = httpx.Roles(session.Nutritionist)
	readers = httpx.Roles(session.Nutritionist, session.Controller, session.OrderTaker, session.Serve, session.BranchAdmin)
)

// Mount adds the area's routes (functions/catalog.json, function "menus").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB)}
	rt.Handle("GET /api/parameter/searchMenu", readers, h.searchMenus)
	rt.Handle("GET /api/parameter/getMenu", readers, h.getMenu)
	rt.Handle("POST /api/parameter/updateMenu", writers.Limit(64<<10), h.updateMenu)
	rt.Handle("DELETE /api/parameter/deleteMenu", writers, h.deleteMenu)
	rt.Handle("GET /api/parameter/searchMenuSet", readers, h.searchMenuSets)
	rt.Handle("POST /api/parameter/updateMenuSet", writers.Limit(64<<10), h.updateMenuSet)
	rt.Handle("DELETE /api/parameter/deleteMenuSet", writers, h.deleteMenuSet)
	rt.Handle("GET /api/parameter/searchCycle", readers, h.searchCycles)
	rt.Handle("POST /api/parameter/updateCycle", writers.Limit(64<<10), h.updateCycle)
	rt.Handle("DELETE /api/parameter/deleteCycle", writers, h.deleteCycle)
	rt.Handle("GET /api/parameter/searchCycleMenu", readers, h.searchCycleMenus)
	rt.Handle("POST /api/parameter/updateCycleMenu", writers.Limit(64<<10), h.updateCycleMenu)
	rt.Handle("DELETE /api/parameter/deleteCycleMenu", writers, h.deleteCycleMenu)
	rt.Handle("GET /api/parameter/menuOfDay", readers, h.menuOfDay)
}

type handlers struct{ s *Service }

// The columns each list sorts by (the sort keys of menus.sql); another sortBy is a 422
// naming it, as in master data, rather than the default order answered as if it were the
// one asked for. The contents of rounds have one order (round, day, meal type, code).
var (
	menuSorts  = []string{"code", "nameTh", "nameEn", "cuisineTypeCode", "mealComponentCode", "iddsiType", "iddsiLevel", "price", "status", "updatedAt"}
	setSorts   = []string{"code", "nameTh", "nameEn", "price", "status", "updatedAt"}
	cycleSorts = []string{"startDate", "endDate", "code", "nameTh", "nameEn", "roundType", "dayCount", "status", "updatedAt"}
)

// listQuery reads the paging (sortBy one of sorts), criteria and status every list takes,
// and the filters named.
func listQuery(r *http.Request, sorts []string, ids ...string) (*httpx.Query, httpx.PageParams, Filter, map[string]int64) {
	q := httpx.ReadQuery(r)
	p := q.Page(sorts...)
	f := Filter{Criteria: q.Text("criteria"), Status: q.OneOf("status", "ALL", StatusActive, StatusInactive)}
	if f.Status == "ALL" {
		f.Status = ""
	}
	got := map[string]int64{}
	for _, name := range ids {
		got[name] = q.Int(name, 1, 1<<63-1)
	}
	return q, p, f, got
}

func (h handlers) searchMenus(w http.ResponseWriter, r *http.Request) error {
	q, p, f, ids := listQuery(r, menuSorts, "cuisineTypeId", "mealComponentId")
	if err := q.Err(); err != nil {
		return err
	}
	f.CuisineTypeID, f.MealComponentID = ids["cuisineTypeId"], ids["mealComponentId"]
	page, err := h.s.SearchMenus(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	for i := range page.Items { // a system author (the demo data) by its label
		page.Items[i].UpdatedBy = audit.ActorLabel(page.Items[i].UpdatedBy, httpx.Lang(r))
	}
	return httpx.OK(w, r, page)
}

func (h handlers) getMenu(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	id := q.ID("id")
	if err := q.Err(); err != nil {
		return err
	}
	m, err := h.s.GetMenu(r.Context(), httpx.Branch(r), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, m)
}

func (h handlers) updateMenu(w http.ResponseWriter, r *http.Request) error {
	var in MenuInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	m, err := h.s.SaveMenu(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.saved", m)
}

// deleteQuery reads ?branchCode=&id= of a delete.
func deleteQuery(r *http.Request) (int64, error) {
	q := httpx.ReadQuery(r)
	id := q.ID("id")
	return id, q.Err()
}

func (h handlers) deleteMenu(w http.ResponseWriter, r *http.Request) error {
	id, err := deleteQuery(r)
	if err != nil {
		return err
	}
	if err := h.s.DeleteMenu(r.Context(), httpx.Branch(r), httpx.Actor(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.deleted", nil)
}

func (h handlers) searchMenuSets(w http.ResponseWriter, r *http.Request) error {
	q, p, f, ids := listQuery(r, setSorts, "dietTypeId", "therapeuticId")
	if err := q.Err(); err != nil {
		return err
	}
	f.DietTypeID, f.TherapeuticID = ids["dietTypeId"], ids["therapeuticId"]
	page, err := h.s.SearchMenuSets(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	for i := range page.Items { // a system author (the demo data) by its label
		page.Items[i].UpdatedBy = audit.ActorLabel(page.Items[i].UpdatedBy, httpx.Lang(r))
	}
	return httpx.OK(w, r, page)
}

func (h handlers) updateMenuSet(w http.ResponseWriter, r *http.Request) error {
	var in MenuSetInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	m, err := h.s.SaveMenuSet(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.saved", m)
}

func (h handlers) deleteMenuSet(w http.ResponseWriter, r *http.Request) error {
	id, err := deleteQuery(r)
	if err != nil {
		return err
	}
	if err := h.s.DeleteMenuSet(r.Context(), httpx.Branch(r), httpx.Actor(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.deleted", nil)
}

func (h handlers) searchCycles(w http.ResponseWriter, r *http.Request) error {
	q, p, f, _ := listQuery(r, cycleSorts)
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.SearchCycles(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	for i := range page.Items { // a system author (the demo data) by its label
		page.Items[i].UpdatedBy = audit.ActorLabel(page.Items[i].UpdatedBy, httpx.Lang(r))
	}
	return httpx.OK(w, r, page)
}

func (h handlers) updateCycle(w http.ResponseWriter, r *http.Request) error {
	var in CycleInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.s.SaveCycle(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.saved", c)
}

func (h handlers) deleteCycle(w http.ResponseWriter, r *http.Request) error {
	id, err := deleteQuery(r)
	if err != nil {
		return err
	}
	if err := h.s.DeleteCycle(r.Context(), httpx.Branch(r), httpx.Actor(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.deleted", nil)
}

// searchCycleMenus takes SPEC.md §7's filters: cycleId, cuisineCode, dietTypeCode,
// therapeuticCode, mealComponentCode.
func (h handlers) searchCycleMenus(w http.ResponseWriter, r *http.Request) error {
	q, p, f, ids := listQuery(r, nil, "cycleId")
	if q.Has("sortBy") {
		q.Invalid("sortBy", "field.invalid")
	}
	if err := q.Err(); err != nil {
		return err
	}
	f.CycleID = ids["cycleId"]
	f.CuisineCode, f.DietTypeCode = q.Text("cuisineCode"), q.Text("dietTypeCode")
	f.TherapeuticCode, f.MealComponentCode = q.Text("therapeuticCode"), q.Text("mealComponentCode")
	page, err := h.s.SearchCycleMenus(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	for i := range page.Items { // a system author (the demo data) by its label
		page.Items[i].UpdatedBy = audit.ActorLabel(page.Items[i].UpdatedBy, httpx.Lang(r))
	}
	return httpx.OK(w, r, page)
}

func (h handlers) updateCycleMenu(w http.ResponseWriter, r *http.Request) error {
	var in CycleMenuInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.s.SaveCycleMenu(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.saved", c)
}

func (h handlers) deleteCycleMenu(w http.ResponseWriter, r *http.Request) error {
	id, err := deleteQuery(r)
	if err != nil {
		return err
	}
	if err := h.s.DeleteCycleMenu(r.Context(), httpx.Branch(r), httpx.Actor(r), id); err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "params.deleted", nil)
}

// menuOfDay answers the resolver: ?branchCode=&date=YYYY-MM-DD&mealTimeId=. A date no
// round covers answers covered false, no items and msg "menus.noRound".
func (h handlers) menuOfDay(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	meal := q.ID("mealTimeId")
	date, err := day.Parse(q.Required("date"))
	if err != nil && q.Has("date") {
		q.Invalid("date", "date.invalid")
	}
	if err := q.Err(); err != nil {
		return err
	}
	d, err := h.s.MenuOfDay(r.Context(), httpx.Branch(r), date, meal)
	if err != nil {
		return err
	}
	if !d.Covered {
		return httpx.OKMsg(w, r, "menus.noRound", d)
	}
	return httpx.OK(w, r, d)
}
