package orders

import (
	"net/http"
	"slices"

	"samrap/pkg/audit"
)

// Summary answers what the activity record keeps of orders: how many, and their patients,
// days and meal types, each once.
func Summary(list ...Order) map[string]any {
	hns, dates, meals := []string{}, []string{}, []mealTypeOf{}
	for _, o := range list {
		if !slices.Contains(hns, o.HnID) {
			hns = append(hns, o.HnID)
		}
		if !slices.Contains(dates, o.DateOrder) {
			dates = append(dates, o.DateOrder)
		}
		m := mealTypeOf{Code: o.MealType.Code, NameTh: o.MealType.NameTh, NameEn: o.MealType.NameEn}
		if !slices.Contains(meals, m) {
			meals = append(meals, m)
		}
	}
	return map[string]any{"count": len(list), "hnIds": hns, "dates": dates, "mealTypes": meals}
}

// mealTypeOf is an order's meal type as the record shows it (by its name).
type mealTypeOf struct {
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// record writes the caller's activity after a write of orders (docs/logs.md).
func (s *Service) record(r *http.Request, action string, detail map[string]any) error {
	return audit.WriteActivity(r.Context(), s.db, audit.Of(r, action, detail))
}

// outcomeSummary is Summary of a ward call's orders, with the patients it refused.
func outcomeSummary(out Outcome) map[string]any {
	var written []Order
	for _, p := range out.Ordered {
		written = append(written, p.Orders...)
	}
	d := Summary(written...)
	refused := []string{}
	for _, p := range out.Refused {
		refused = append(refused, p.HnID)
	}
	d["refusedHnIds"] = refused
	return d
}
