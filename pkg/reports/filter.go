package reports

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/orders"
)

// IDs is one choice list of the report form (SPEC.md §5: every one is required): "ALL", or
// the ids chosen (a JSON array). Absent or null is not a choice.
type IDs struct {
	Set bool // the field was sent
	All bool
	IDs []int64
}

// UnmarshalJSON reads "ALL" or an array of ids.
func (c *IDs) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*c = IDs{}
		return nil
	case string(b) == `"ALL"`:
		*c = IDs{Set: true, All: true}
		return nil
	}
	var ids []int64
	if err := json.Unmarshal(b, &ids); err != nil {
		return fmt.Errorf(`reports: a choice is "ALL" or an array of ids: %w`, err)
	}
	*c = IDs{Set: true, IDs: ids}
	return nil
}

// MarshalJSON writes "ALL" or the ids.
func (c IDs) MarshalJSON() ([]byte, error) {
	if c.All {
		return []byte(`"ALL"`), nil
	}
	if c.IDs == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(c.IDs)
}

// has says whether the choice lets id through.
func (c IDs) has(id int64) bool { return c.All || slices.Contains(c.IDs, id) }

// All is the choice of everything.
var All = IDs{Set: true, All: true}

// Filter is the body of every report (SPEC.md §5; docs/reports.md).
type Filter struct {
	BranchCode     string `json:"branchCode"`
	DateOrder      string `json:"dateOrder"`
	MealTimeIDs    IDs    `json:"mealTimeIds"`
	WardTypeIDs    IDs    `json:"wardTypeIds"`
	WardIDs        IDs    `json:"wardIds"`
	RoomIDs        IDs    `json:"roomIds"`
	CuisineTypeIDs IDs    `json:"cuisineTypeIds"`
	DietTypeIDs    IDs    `json:"dietTypeIds"`
	TherapeuticIDs IDs    `json:"therapeuticIds"`
	AllergenIDs    IDs    `json:"allergenIds"`   // allergy/restriction: allergens
	RestrictedIDs  IDs    `json:"restrictedIds"` // allergy/restriction: restricted ingredients
	FoodScope      string `json:"foodScope"`     // ALL, NORMAL, DYSPHAGIA
	OrderType      string `json:"orderType"`     // ALL, PATIENT, CAREGIVER
}

// choices answers the filter's choice lists by their names.
func (f Filter) choices() map[string]IDs {
	return map[string]IDs{"mealTimeIds": f.MealTimeIDs, "wardTypeIds": f.WardTypeIDs, "wardIds": f.WardIDs,
		"roomIds": f.RoomIDs, "cuisineTypeIds": f.CuisineTypeIDs, "dietTypeIds": f.DietTypeIDs,
		"therapeuticIds": f.TherapeuticIDs, "allergenIds": f.AllergenIDs, "restrictedIds": f.RestrictedIDs}
}

// logged is a report's request as the activity record keeps it (deliver): what the user
// chose, readable when the master data is later renamed or deleted.
type logged interface {
	logged(ctx context.Context, q db.DBTX, branch string) (any, error)
}

// logged: the identification workbook's request is its filter, named.
func (f Filter) logged(ctx context.Context, q db.DBTX, branch string) (any, error) {
	return f.named(ctx, q, branch)
}

// named answers the filter with each choice "ALL" or the rows chosen, {id, code, nameTh,
// nameEn} as the branch names them now (an id that names none of its rows stays the id), in
// one statement.
func (f Filter) named(ctx context.Context, q db.DBTX, branch string) (map[string]any, error) {
	rows, err := queries.ReportFilterNames(ctx, q, dbsqlc.ReportFilterNamesParams{Branch: branch,
		MealTimeIds: f.MealTimeIDs.IDs, WardTypeIds: f.WardTypeIDs.IDs, WardIds: f.WardIDs.IDs, RoomIds: f.RoomIDs.IDs,
		CuisineTypeIds: f.CuisineTypeIDs.IDs, DietTypeIds: f.DietTypeIDs.IDs, TherapeuticIds: f.TherapeuticIDs.IDs,
		AllergenIds: f.AllergenIDs.IDs, RestrictedIds: f.RestrictedIDs.IDs})
	if err != nil {
		return nil, fmt.Errorf("reports: the filter's names: %w", err)
	}
	named := map[string]map[int64]orders.Named{}
	for _, r := range rows {
		if named[r.Choice] == nil {
			named[r.Choice] = map[int64]orders.Named{}
		}
		named[r.Choice][r.ID] = orders.Named{ID: r.ID, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn}
	}
	out := map[string]any{"branchCode": f.BranchCode, "dateOrder": f.DateOrder, "foodScope": f.FoodScope, "orderType": f.OrderType}
	for key, c := range f.choices() {
		if c.All {
			out[key] = "ALL"
			continue
		}
		list := make([]any, len(c.IDs))
		for i, id := range c.IDs {
			if n, ok := named[key][id]; ok {
				list[i] = n
			} else {
				list[i] = id
			}
		}
		out[key] = list
	}
	return out, nil
}

// problems answers the fields of f that are missing or wrong, by name.
func (f Filter) problems() map[string]string {
	bad := map[string]string{}
	if f.DateOrder == "" {
		bad["dateOrder"] = "field.required"
	} else if !day.Valid(f.DateOrder) {
		bad["dateOrder"] = "date.invalid"
	}
	for name, c := range f.choices() {
		if !c.Set {
			bad[name] = "field.required"
		} else if !c.All && len(c.IDs) == 0 && name != "allergenIds" && name != "restrictedIds" {
			bad[name] = "field.required"
		}
	}
	// allergy/restriction is one choice on the form: a list of either kind, or both ALL
	if f.AllergenIDs.Set && f.RestrictedIDs.Set && !f.AllergenIDs.All && !f.RestrictedIDs.All &&
		len(f.AllergenIDs.IDs)+len(f.RestrictedIDs.IDs) == 0 {
		bad["allergenIds"] = "field.required"
	}
	oneOf(bad, "foodScope", f.FoodScope, "ALL", "NORMAL", "DYSPHAGIA")
	oneOf(bad, "orderType", f.OrderType, "ALL", "PATIENT", "CAREGIVER")
	return bad
}

// oneOf notes in bad why v, the value of field name, is not one of allowed: field.required
// when it is empty, field.invalid when it is another.
func oneOf(bad map[string]string, name, v string, allowed ...string) {
	switch {
	case v == "":
		bad[name] = "field.required"
	case !slices.Contains(allowed, v):
		bad[name] = "field.invalid"
	}
}

// matches says whether the tray passes every choice but the kitchen's; kitchen says
// whether a kitchen (cuisine) choice lets it through (the order's kitchen, or a dish's).
func (f Filter) matches(t *orders.Order) bool {
	switch {
	case !f.MealTimeIDs.has(t.MealType.ID),
		!f.WardTypeIDs.All && (t.Ward == nil || !f.WardTypeIDs.has(t.Ward.WardTypeID)),
		!f.WardIDs.All && (t.Ward == nil || !f.WardIDs.has(t.Ward.ID)),
		!f.RoomIDs.All && (t.Room == nil || !f.RoomIDs.has(t.Room.ID)),
		!f.DietTypeIDs.All && (t.Diet == nil || !f.DietTypeIDs.has(t.Diet.ID)),
		!f.TherapeuticIDs.All && (t.Therapeutic == nil || !f.TherapeuticIDs.has(t.Therapeutic.ID)),
		f.OrderType == "PATIENT" && t.Caregiver, f.OrderType == "CAREGIVER" && !t.Caregiver,
		f.FoodScope == "NORMAL" && t.Dysphagia(), f.FoodScope == "DYSPHAGIA" && !t.Dysphagia():
		return false
	}
	if !f.AllergenIDs.All || !f.RestrictedIDs.All {
		hit := slices.ContainsFunc(t.Allergens, func(n orders.Named) bool { return !f.AllergenIDs.All && f.AllergenIDs.has(n.ID) }) ||
			slices.ContainsFunc(t.Restricted, func(n orders.Named) bool { return !f.RestrictedIDs.All && f.RestrictedIDs.has(n.ID) })
		if !hit {
			return false
		}
	}
	if f.CuisineTypeIDs.All {
		return true
	}
	if t.Cuisine != nil && f.CuisineTypeIDs.has(t.Cuisine.ID) {
		return true
	}
	for _, it := range t.Items {
		for _, d := range it.Dishes {
			if f.CuisineTypeIDs.has(d.Cuisine.ID) {
				return true
			}
		}
	}
	return false
}
