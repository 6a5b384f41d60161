package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/menus"
)

// The statements are in pkg/db/dbsqlc/orders.sql; this file maps their rows to the area's
// types.
var queries = dbsqlc.New()

var uuidShape = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
})

func set(ids []int64) map[int64]bool {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

func intOf(n *int16) *int {
	if n == nil {
		return nil
	}
	v := int(*n)
	return &v
}

// personOf answers the person an order feeds: the patient, or their caregiver (cg non-nil)
// with the caregiver's stated allergens and restricted ingredients (the row then carries
// the restricted ingredients of the caregiver's religion and vegetarian type).
func personOf(r dbsqlc.OrderPatientRow, cg *CaregiverInfo) (person, error) {
	p := person{PatientID: r.ID, HnID: r.HnID, Version: int(r.Version), VisitStatus: r.VisitStatus,
		HospitalStatus: r.HospitalStatus, WardID: r.WardID,
		ReligionRestricted: set(r.ReligionRestrictedIds), VegetarianRestricted: set(r.VegetarianRestrictedIds)}
	var refs []Rule
	if err := json.Unmarshal(r.RuleRefs, &refs); err != nil {
		return person{}, fmt.Errorf("food rules of %s: %w", r.HnID, err)
	}
	if cg != nil {
		p.Caregiver, p.Allergens, p.Restricted = true, set(cg.AllergenIDs), set(cg.RestrictedIDs)
	} else {
		p.TextureFood, p.TextureDrink, p.NpoFrom, p.NpoTo = intOf(r.TextureFood), intOf(r.TextureDrink), r.NpoFrom, r.NpoTo
		p.Unmapped, p.Allergens, p.Restricted = r.UnmappedAllergies, set(r.AllergenIds), set(r.RestrictedIds)
	}
	p.Rules = rulesOf(refs, p)
	return p, nil
}

// loadPerson reads whom a draft feeds; db.ErrNotFound when the branch has no such HN.
func loadPerson(ctx context.Context, q db.DBTX, branch, hn string, cg *CaregiverInfo) (person, error) {
	arg := dbsqlc.OrderPatientParams{Branch: branch, HnID: hn, CaregiverAllergenIds: []int64{}, CaregiverRestrictedIds: []int64{}}
	if cg != nil {
		arg.Caregiver, arg.ReligionID, arg.VegetarianID = true, cg.ReligionID, cg.VegetarianID
		arg.CaregiverAllergenIds, arg.CaregiverRestrictedIds = nonNil(cg.AllergenIDs), nonNil(cg.RestrictedIDs)
	}
	r, err := queries.OrderPatient(ctx, q, arg)
	if err != nil {
		return person{}, db.NotFound(fmt.Sprintf("patient %s/%s", branch, hn), err)
	}
	return personOf(r, cg)
}

// loadPersons reads several patients (not caregivers) by HN.
func loadPersons(ctx context.Context, q db.DBTX, branch string, hns []string) (map[string]person, error) {
	rows, err := queries.OrderPatients(ctx, q, dbsqlc.OrderPatientsParams{Branch: branch, HnIds: hns})
	if err != nil {
		return nil, fmt.Errorf("patients: %w", err)
	}
	out := make(map[string]person, len(rows))
	for _, r := range rows {
		if out[r.HnID], err = personOf(dbsqlc.OrderPatientRow(r), nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// loadMealTypes reads the branch's active meal types, by id and in start-time order.
func loadMealTypes(ctx context.Context, q db.DBTX, branch string) (map[int64]mealType, []mealType, error) {
	rows, err := queries.OrderMealTypes(ctx, q, branch)
	if err != nil {
		return nil, nil, fmt.Errorf("meal types: %w", err)
	}
	byID := make(map[int64]mealType, len(rows))
	list := make([]mealType, len(rows))
	for i, r := range rows {
		m := mealType{ID: r.ID, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn, Abbreviation: r.Abbreviation,
			MealColor: r.MealColor, TextColor: r.TextColor,
			Start: time.Duration(r.StartTime.Microseconds) * time.Microsecond,
			End:   time.Duration(r.EndTime.Microseconds) * time.Microsecond}
		byID[m.ID], list[i] = m, m
	}
	return byID, list, nil
}

// loadCatalogue reads the day menus of keys and the dishes named (directly or by their
// sets), in two statements.
func loadCatalogue(ctx context.Context, q db.DBTX, branch string, keys []menus.DayKey, menuIDs, setIDs []int64) (catalogue, error) {
	cat := catalogue{dishes: map[int64]menus.Menu{}, setDishes: map[int64][]menus.Menu{}}
	if len(keys) > 0 {
		days, err := menus.MenusOfDays(ctx, q, branch, keys)
		if err != nil {
			return cat, err
		}
		cat.days = days
	}
	if len(menuIDs) == 0 && len(setIDs) == 0 {
		return cat, nil
	}
	if menuIDs == nil {
		menuIDs = []int64{}
	}
	if setIDs == nil {
		setIDs = []int64{}
	}
	rows, err := queries.OrderDishes(ctx, q, dbsqlc.OrderDishesParams{Branch: branch, MenuIds: menuIDs, MenuSetIds: setIDs})
	if err != nil {
		return cat, fmt.Errorf("dishes: %w", err)
	}
	for _, r := range rows {
		var m menus.Menu
		if err := json.Unmarshal(r.Doc, &m); err != nil {
			return cat, fmt.Errorf("dish: %w", err)
		}
		if r.MenuSetID == 0 {
			cat.dishes[m.ID] = m
		} else {
			cat.setDishes[r.MenuSetID] = append(cat.setDishes[r.MenuSetID], m)
		}
	}
	return cat, nil
}
