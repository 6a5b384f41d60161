package orders

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

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

// record writes the caller's activity act (audit.Of) with the detail of a write of orders in
// tx, the write's own transaction: the orders and their entry are committed together or not
// at all (issue 31; written after the commit, a failure between the two lost the entry).
func record(ctx context.Context, tx pgx.Tx, act audit.Activity, detail map[string]any) error {
	act.Detail = detail
	return audit.WriteActivity(ctx, tx, act)
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
