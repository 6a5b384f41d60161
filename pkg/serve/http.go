package serve

import (
	"context"
	"net/http"
	"strings"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/httpx"
	"samrap/pkg/orders"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Who may call (docs/serve.md): the Serve role of the branch serves; Super Admin and Branch
// Admin keep the branch's wristband setting, which the Serve role reads.
var (
	servers  = httpx.Roles(session.Serve)
	admins   = httpx.Roles(session.SuperAdmin, session.BranchAdmin)
	settings = httpx.Roles(session.Serve, session.SuperAdmin, session.BranchAdmin)
)

// Mount adds the area's routes (functions/catalog.json, function "serve").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Now, func(ctx context.Context) ([]byte, error) { return orders.TokenKey(ctx, env.Keys) })}
	rt.Handle("GET /api/serve/searchServe", servers, h.search)
	rt.Handle("GET /api/serve/getDataServe", servers, h.patientOrders)
	rt.Handle("POST /api/serve/verify", servers.Limit(8<<10), h.verify)
	rt.Handle("POST /api/serve/update", servers.Limit(8<<10), h.update)
	rt.Handle("POST /api/serve/collectTray", servers.Limit(8<<10).Reads(), h.collectTray)
	rt.Handle("POST /api/serve/collect", servers.Limit(16<<10), h.collect)
	rt.Handle("GET /api/serve/uncollected", servers, h.uncollected)
	rt.Handle("GET /api/serve/getSetting", settings, h.getSetting)
	rt.Handle("POST /api/serve/updateSetting", admins.Limit(8<<10), h.saveSetting)
}

type handlers struct{ s *Service }

// search: ?criteria&page&size&dateOrder&sortBy&sortDesc&ward&mealType&status.
func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page("ward", "room", "hnId", "name")
	f := SearchFilter{Criteria: q.Text("criteria"), Date: q.Day("dateOrder"), WardID: q.IDOrAll("ward"),
		MealTimeID: q.IDOrAll("mealType"), Status: q.OneOf("status", "ALL", "WAITING", ActionServed, ActionRejected)}
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Search(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

// patientOrders: ?hn&dateOrder&branchCode.
func (h handlers) patientOrders(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	hn := strings.TrimSpace(q.Required("hn"))
	date := q.Day("dateOrder")
	if date == "" {
		date = day.TodayString(h.s.now())
	}
	if err := q.Err(); err != nil {
		return err
	}
	out, err := h.s.PatientOrders(r.Context(), httpx.Branch(r), hn, date)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) verify(w http.ResponseWriter, r *http.Request) error {
	var in Scan
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	v, err := h.s.Verify(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, "serve.mismatch", nil))
	if err != nil {
		return err
	}
	if !v.Match {
		return httpx.OKMsg(w, r, "serve.noMatch", v)
	}
	return httpx.OKMsg(w, r, "serve.match", v)
}

func (h handlers) update(w http.ResponseWriter, r *http.Request) error {
	var in UpdateInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	// the action as Update reads it (trimmed, any case)
	rejected := strings.EqualFold(strings.TrimSpace(in.Action), ActionRejected)
	action := "serve.served"
	if rejected {
		action = "serve.rejected"
	}
	out, err := h.s.Update(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, action, nil))
	if err != nil {
		return err
	}
	if rejected {
		return httpx.OKMsg(w, r, "serve.rejected", out)
	}
	return httpx.OKMsg(w, r, "serve.served", out)
}

func (h handlers) getSetting(w http.ResponseWriter, r *http.Request) error {
	out, err := h.s.GetSetting(r.Context(), httpx.Branch(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) saveSetting(w http.ResponseWriter, r *http.Request) error {
	var in SettingInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.SaveSetting(r.Context(), httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "serve.settingSaved", out)
}

// collectTray: the tray a card or an order id names, with its intake so far (reads only).
func (h handlers) collectTray(w http.ResponseWriter, r *http.Request) error {
	var in TrayRef
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.Tray(r.Context(), httpx.Branch(r), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) collect(w http.ResponseWriter, r *http.Request) error {
	var in CollectInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.Collect(r.Context(), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, "serve.collected", nil))
	if err != nil {
		return err
	}
	if out.Corrected {
		return httpx.OKMsg(w, r, "serve.intakeCorrected", out)
	}
	return httpx.OKMsg(w, r, "serve.intakeRecorded", out)
}

// uncollected: ?dateOrder&ward&mealType — the served trays not collected.
func (h handlers) uncollected(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	f := UncollectedFilter{Date: q.Day("dateOrder"), WardID: q.IDOrAll("ward"), MealTimeID: q.IDOrAll("mealType")}
	if err := q.Err(); err != nil {
		return err
	}
	out, err := h.s.Uncollected(r.Context(), httpx.Branch(r), f)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}
