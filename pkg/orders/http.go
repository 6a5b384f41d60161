package orders

import (
	"context"
	"net/http"
	"strings"

	"samrap/pkg/audit"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Who may call (docs/orders.md): the Controller and the Order Taker of the branch.
var takers = httpx.Roles(session.Controller, session.OrderTaker)

// Mount adds the area's routes (functions/catalog.json, function "orders").
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{s: NewService(env.DB, env.Now, func(ctx context.Context) ([]byte, error) { return TokenKey(ctx, env.Keys) })}
	rt.Handle("GET /api/takerOrder/search", takers, h.search)
	rt.Handle("GET /api/takerOrder/getOrderDetails", takers, h.details)
	rt.Handle("GET /api/takerOrder/getAllergens", takers, h.choices("getAllergens"))
	rt.Handle("GET /api/takerOrder/getAllergensCaregiver", takers, h.choices("getAllergensCaregiver"))
	rt.Handle("GET /api/takerOrder/getCuisine", takers, h.choices("getCuisine"))
	rt.Handle("GET /api/takerOrder/getDietType", takers, h.choices("getDietType"))
	rt.Handle("GET /api/takerOrder/getMealComponents", takers, h.choices("getMealComponents"))
	rt.Handle("GET /api/takerOrder/getOthers", takers, h.choices("getOthers"))
	rt.Handle("GET /api/takerOrder/getReligion", takers, h.choices("getReligion"))
	rt.Handle("GET /api/takerOrder/getRemarks", takers, h.choices("getRemarks"))
	rt.Handle("GET /api/takerOrder/getRestricted", takers, h.choices("getRestricted"))
	rt.Handle("GET /api/takerOrder/getRestrictedCaregiver", takers, h.choices("getRestrictedCaregiver"))
	rt.Handle("GET /api/takerOrder/getTherapeutic", takers, h.choices("getTherapeutic"))
	rt.Handle("GET /api/takerOrder/getVegetarian", takers, h.choices("getVegetarian"))
	rt.Handle("GET /api/takerOrder/getMealType", takers, h.mealTypes)
	rt.Handle("POST /api/takerOrder/filterMenu", takers.Reads(), h.filterMenu(false))
	rt.Handle("POST /api/takerOrder/filterMenuCaregiver", takers.Reads(), h.filterMenu(true))
	rt.Handle("POST /api/takerOrder/checkReplaceIngredient", takers.Reads(), h.checkReplace)
	rt.Handle("POST /api/takerOrder/checkerOrderTaker", takers.Limit(64<<10).Reads(), h.check)
	rt.Handle("POST /api/takerOrder/submitOrder", takers.Limit(64<<10), h.submit)
	rt.Handle("POST /api/takerOrder/checkerOrderMany", takers.Limit(256<<10).Reads(), h.checkMany)
	rt.Handle("GET /api/takerOrder/mealRound", takers, h.mealRound)
	rt.Handle("POST /api/takerOrder/checkerRound", takers.Limit(256<<10).Reads(), h.checkRound)
	rt.Handle("POST /api/takerOrder/submitRound", takers.Limit(256<<10), h.submitRound)
	rt.Handle("POST /api/takerOrder/submitOrderMany", takers.Limit(256<<10), h.submitMany)
	rt.Handle("POST /api/takerOrder/copyOrders", takers, h.copyOrders)
	rt.Handle("POST /api/takerOrder/cancel", takers, h.cancel)
	rt.Handle("POST /api/takerOrder/confirmReview", takers, h.confirmReview)
	rt.Handle("GET /api/takerOrder/getQrByOrderId/{id}", takers, h.qr)
}

type handlers struct{ s *Service }

// search: ?criteria&page&size&dateOrder&sortBy&sortDesc&ward&status&mealTimeId.
func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	p := q.Page("ward", "room", "hnId", "name")
	f := SearchFilter{Criteria: q.Text("criteria"), Date: q.Day("dateOrder"), WardID: q.IDOrAll("ward"),
		Status: q.OneOf("status", "ALL", "NOT_ORDERED", "NEEDS_REVIEW", StatusWaiting, StatusFasting, StatusNoMeal,
			StatusCancelled, StatusServed),
		MealTimeID: q.IDOrAll("mealTimeId")}
	if err := q.Err(); err != nil {
		return err
	}
	page, err := h.s.Search(r.Context(), httpx.Branch(r), f, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, page)
}

func (h handlers) details(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	id := q.Required("orderId")
	if err := q.Err(); err != nil {
		return err
	}
	o, err := h.s.Details(r.Context(), httpx.Branch(r), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, o)
}

func (h handlers) choices(call string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := httpx.ReadQuery(r)
		cq := ChoiceQuery{HnID: strings.TrimSpace(q.Text("hnId")), ReligionCode: q.Text("religionCode"),
			VegetarianCode: q.Text("vegetarianCode")}
		if err := q.Err(); err != nil {
			return err
		}
		list, err := h.s.Choices(r.Context(), httpx.Branch(r), call, cq)
		if err != nil {
			return err
		}
		return httpx.OK(w, r, list)
	}
}

func (h handlers) mealTypes(w http.ResponseWriter, r *http.Request) error {
	list, err := h.s.MealTypes(r.Context(), httpx.Branch(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, list)
}

func (h handlers) filterMenu(caregiver bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in MenuQuery
		if err := httpx.DecodeJSON(r, &in); err != nil {
			return err
		}
		out, err := h.s.FilterMenu(r.Context(), httpx.Branch(r), in, caregiver)
		if err != nil {
			return err
		}
		if !out.Covered {
			return httpx.OKMsg(w, r, "menus.noRound", out)
		}
		return httpx.OK(w, r, out)
	}
}

func (h handlers) checkReplace(w http.ResponseWriter, r *http.Request) error {
	var in MenuQuery
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.CheckReplace(r.Context(), httpx.Branch(r), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) check(w http.ResponseWriter, r *http.Request) error {
	var d Draft
	if err := httpx.DecodeJSON(r, &d); err != nil {
		return err
	}
	probs, err := h.s.Check(r.Context(), httpx.Lang(r), httpx.Branch(r), d)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"ok": len(probs) == 0, "problems": probs})
}

func (h handlers) submit(w http.ResponseWriter, r *http.Request) error {
	var d Draft
	if err := httpx.DecodeJSON(r, &d); err != nil {
		return err
	}
	out, err := h.s.Submit(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), d,
		audit.Of(r, "orders.submit", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.submitted", out)
}

func (h handlers) checkMany(w http.ResponseWriter, r *http.Request) error {
	var d Draft
	if err := httpx.DecodeJSON(r, &d); err != nil {
		return err
	}
	out, err := h.s.CheckMany(r.Context(), httpx.Lang(r), httpx.Branch(r), d)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"results": out})
}

// mealRound: ?wardId&dateOrder&mealTimeId.
func (h handlers) mealRound(w http.ResponseWriter, r *http.Request) error {
	q := httpx.ReadQuery(r)
	ward, meal := q.ID("wardId"), q.ID("mealTimeId")
	date := q.Day("dateOrder")
	if err := q.Err(); err != nil {
		return err
	}
	out, err := h.s.MealRound(r.Context(), httpx.Lang(r), httpx.Branch(r), ward, date, meal)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) checkRound(w http.ResponseWriter, r *http.Request) error {
	var in RoundInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.CheckRound(r.Context(), httpx.Lang(r), httpx.Branch(r), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"results": out})
}

func (h handlers) submitRound(w http.ResponseWriter, r *http.Request) error {
	var in RoundInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.SubmitRound(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in,
		audit.Of(r, "orders.submitRound", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.submitted", out)
}

func (h handlers) submitMany(w http.ResponseWriter, r *http.Request) error {
	var d Draft
	if err := httpx.DecodeJSON(r, &d); err != nil {
		return err
	}
	out, err := h.s.SubmitMany(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), d,
		audit.Of(r, "orders.submitMany", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.submitted", out)
}

func (h handlers) copyOrders(w http.ResponseWriter, r *http.Request) error {
	var in CopyInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.Copy(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, "orders.copy", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.submitted", out)
}

func (h handlers) cancel(w http.ResponseWriter, r *http.Request) error {
	var in CancelInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.Cancel(r.Context(), httpx.Branch(r), httpx.Actor(r), in, audit.Of(r, "orders.cancel", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.cancelled", out)
}

func (h handlers) confirmReview(w http.ResponseWriter, r *http.Request) error {
	var in ReviewInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := h.s.ConfirmReview(r.Context(), httpx.Lang(r), httpx.Branch(r), httpx.Actor(r), in,
		audit.Of(r, "orders.confirmReview", nil))
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "orders.reviewed", out)
}

func (h handlers) qr(w http.ResponseWriter, r *http.Request) error {
	out, err := h.s.QR(r.Context(), httpx.Branch(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}
