package orders

import (
	"encoding/json"
	"net/http"
	"slices"

	"samrap/pkg/audit"
)

// Summary answers what the activity record keeps of orders (docs as orderDocs answers
// them): how many, and their patients, days and meal types, each once.
func Summary(docs ...json.RawMessage) map[string]any {
	hns, dates, meals := []string{}, []string{}, []mealTypeOf{}
	n := 0
	for _, raw := range docs {
		var o struct {
			HnID      string     `json:"hnId"`
			DateOrder string     `json:"dateOrder"`
			MealType  mealTypeOf `json:"mealType"`
		}
		if len(raw) == 0 || json.Unmarshal(raw, &o) != nil {
			continue
		}
		n++
		if !slices.Contains(hns, o.HnID) {
			hns = append(hns, o.HnID)
		}
		if !slices.Contains(dates, o.DateOrder) {
			dates = append(dates, o.DateOrder)
		}
		if !slices.Contains(meals, o.MealType) {
			meals = append(meals, o.MealType)
		}
	}
	return map[string]any{"count": n, "hnIds": hns, "dates": dates, "mealTypes": meals}
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
	var docs []json.RawMessage
	for _, p := range out.Ordered {
		docs = append(docs, p.Orders...)
	}
	d := Summary(docs...)
	refused := []string{}
	for _, p := range out.Refused {
		refused = append(refused, p.HnID)
	}
	d["refusedHnIds"] = refused
	return d
}
