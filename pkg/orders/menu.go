package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/menus"
)

// MenuQuery is the body of filterMenu, filterMenuCaregiver and checkReplaceIngredient.
type MenuQuery struct {
	BranchCode      string         `json:"branchCode"`
	HnID            string         `json:"hnId"`
	DateOrder       string         `json:"dateOrder"`
	MealTimeID      int64          `json:"mealTimeId"`
	FoodScope       string         `json:"foodScope"`
	DietTypeID      *int64         `json:"dietTypeId"`
	TherapeuticID   *int64         `json:"therapeuticId"`
	CuisineTypeID   *int64         `json:"cuisineTypeId"`
	MealComponentID *int64         `json:"mealComponentId"`
	Caregiver       *CaregiverInfo `json:"caregiver"`
	MenuID          int64          `json:"menuId"`    // checkReplaceIngredient
	MenuSetID       int64          `json:"menuSetId"` // checkReplaceIngredient
}

// MenuChoice is a dish of the day with its conflicts for the person.
type MenuChoice struct {
	Menu      menus.Menu      `json:"menu"`
	Content   menus.CycleMenu `json:"content"`
	Conflicts []Conflict      `json:"conflicts"`
	Blocked   bool            `json:"blocked"`
}

// SetChoice is a set of the day with its dishes' conflicts for the person.
type SetChoice struct {
	MenuSet   menus.MenuSet   `json:"menuSet"`
	Content   menus.CycleMenu `json:"content"`
	Conflicts []Conflict      `json:"conflicts"`
	Blocked   bool            `json:"blocked"`
}

// FilteredMenu is the answer of filterMenu.
type FilteredMenu struct {
	Covered    bool         `json:"covered"`
	DateOrder  string       `json:"dateOrder"`
	MealTimeID int64        `json:"mealTimeId"`
	Menus      []MenuChoice `json:"menus"`
	Sets       []SetChoice  `json:"sets"`
}

// day reads the person and the day's menu of a menu query, every item with its conflicts.
func (s *Service) day(ctx context.Context, branch string, q *MenuQuery, caregiver bool) (FilteredMenu, error) {
	f := map[string]string{}
	if strings.TrimSpace(q.HnID) == "" {
		f["hnId"] = "field.required"
	}
	if q.MealTimeID <= 0 {
		f["mealTimeId"] = "field.required"
	}
	if q.DateOrder == "" {
		q.DateOrder = s.today()
	} else if !day.Valid(q.DateOrder) {
		f["dateOrder"] = "date.invalid"
	}
	q.FoodScope = strings.ToUpper(strings.TrimSpace(q.FoodScope))
	if q.FoodScope == "" {
		q.FoodScope = ScopeBoth
	} else if !slices.Contains(scopes, q.FoodScope) {
		f["foodScope"] = "field.invalid"
	}
	if len(f) > 0 {
		return FilteredMenu{}, errs.Fields(f)
	}
	var cg *CaregiverInfo
	if caregiver {
		cg = q.Caregiver
		if cg == nil {
			cg = &CaregiverInfo{}
		}
	}
	p, err := loadPerson(ctx, s.db, branch, strings.TrimSpace(q.HnID), cg)
	if errors.Is(err, db.ErrNotFound) {
		return FilteredMenu{}, ErrPatientNotFound
	}
	if err != nil {
		return FilteredMenu{}, err
	}
	key := menus.DayKey{Date: q.DateOrder, MealTimeID: q.MealTimeID}
	cat, err := loadCatalogue(ctx, s.db, branch, []menus.DayKey{key}, nil, nil)
	if err != nil {
		return FilteredMenu{}, err
	}
	d := cat.days[key]
	var setIDs []int64
	for _, it := range d.Items {
		if it.MenuSet != nil {
			setIDs = append(setIDs, it.MenuSet.ID)
		}
	}
	if len(setIDs) > 0 {
		sets, err := loadCatalogue(ctx, s.db, branch, nil, nil, setIDs)
		if err != nil {
			return FilteredMenu{}, err
		}
		cat.setDishes = sets.setDishes
	}
	out := FilteredMenu{Covered: d.Covered, DateOrder: q.DateOrder, MealTimeID: q.MealTimeID, Menus: []MenuChoice{}, Sets: []SetChoice{}}
	for _, it := range d.Items {
		if it.Menu != nil {
			dishes := []menus.Menu{*it.Menu}
			if !scopeAllows(q.FoodScope, dishes) || !matches(q, it.Content, dishes, it.Menu, nil) {
				continue
			}
			cs := nonNilConflicts(dishConflicts(p, *it.Menu))
			out.Menus = append(out.Menus, MenuChoice{Menu: *it.Menu, Content: it.Content, Conflicts: cs, Blocked: blocked(cs)})
		}
		if it.MenuSet != nil {
			dishes := cat.setDishes[it.MenuSet.ID]
			if !scopeAllows(q.FoodScope, dishes) || !matches(q, it.Content, dishes, nil, it.MenuSet) {
				continue
			}
			cs := nonNilConflicts(setConflicts(p, dishes))
			out.Sets = append(out.Sets, SetChoice{MenuSet: *it.MenuSet, Content: it.Content, Conflicts: cs, Blocked: blocked(cs)})
		}
	}
	return out, nil
}

func nonNilConflicts(cs []Conflict) []Conflict {
	if cs == nil {
		return []Conflict{}
	}
	return cs
}

// matches applies the filters: diet type, therapeutic food and kitchen match the content's
// or the dish's (a set's: its own or any dish's), the component a dish's (a set: any dish).
func matches(q *MenuQuery, c menus.CycleMenu, dishes []menus.Menu, m *menus.Menu, set *menus.MenuSet) bool {
	eq := func(a *int64, b int64) bool { return a != nil && *a == b }
	has := func(refs []menus.Ref, id int64) bool {
		return slices.ContainsFunc(refs, func(r menus.Ref) bool { return r.ID == id })
	}
	if id := q.DietTypeID; id != nil && !eq(c.DietTypeID, *id) && !(set != nil && eq(set.DietTypeID, *id)) &&
		!slices.ContainsFunc(dishes, func(d menus.Menu) bool { return has(d.DietTypes, *id) }) {
		return false
	}
	if id := q.TherapeuticID; id != nil && !eq(c.TherapeuticID, *id) && !(set != nil && eq(set.TherapeuticID, *id)) &&
		!slices.ContainsFunc(dishes, func(d menus.Menu) bool { return has(d.Therapeutics, *id) }) {
		return false
	}
	if id := q.CuisineTypeID; id != nil && !eq(c.CuisineTypeID, *id) &&
		!slices.ContainsFunc(dishes, func(d menus.Menu) bool { return d.CuisineTypeID == *id }) {
		return false
	}
	if id := q.MealComponentID; id != nil && !slices.ContainsFunc(dishes, func(d menus.Menu) bool { return d.MealComponentID == *id }) {
		return false
	}
	return true
}

// FilterMenu answers the day's menu for the patient (or caregiver), filtered, every item
// with its conflicts.
func (s *Service) FilterMenu(ctx context.Context, branch string, q MenuQuery, caregiver bool) (FilteredMenu, error) {
	out, err := s.day(ctx, branch, &q, caregiver)
	if err != nil {
		return FilteredMenu{}, fmt.Errorf("orders.filterMenu: %w", err)
	}
	return out, nil
}

// Replacement is the answer of checkReplaceIngredient.
type Replacement struct {
	Conflicts    []Conflict `json:"conflicts"`
	Alternatives []any      `json:"alternatives"`
}

// CheckReplace answers the conflicts of the chosen dish (or set) and the day's dishes of
// the same component (other sets) with no conflict for the person.
func (s *Service) CheckReplace(ctx context.Context, branch string, q MenuQuery) (Replacement, error) {
	if (q.MenuID != 0) == (q.MenuSetID != 0) {
		return Replacement{}, errs.Fields(map[string]string{"menuId": "orders.itemInvalid"})
	}
	all := q
	all.FoodScope, all.DietTypeID, all.TherapeuticID, all.CuisineTypeID, all.MealComponentID = ScopeBoth, nil, nil, nil, nil
	day, err := s.day(ctx, branch, &all, q.Caregiver != nil)
	if err != nil {
		return Replacement{}, fmt.Errorf("orders.checkReplace: %w", err)
	}
	out := Replacement{Conflicts: []Conflict{}, Alternatives: []any{}}
	if q.MenuID != 0 {
		i := slices.IndexFunc(day.Menus, func(c MenuChoice) bool { return c.Menu.ID == q.MenuID })
		if i < 0 {
			return Replacement{}, errs.Fields(map[string]string{"menuId": "orders.problemNOT_ON_MENU"})
		}
		chosen := day.Menus[i]
		out.Conflicts = chosen.Conflicts
		for _, c := range day.Menus {
			if c.Menu.ID != q.MenuID && c.Menu.MealComponentID == chosen.Menu.MealComponentID && len(c.Conflicts) == 0 {
				out.Alternatives = append(out.Alternatives, c)
			}
		}
		return out, nil
	}
	i := slices.IndexFunc(day.Sets, func(c SetChoice) bool { return c.MenuSet.ID == q.MenuSetID })
	if i < 0 {
		return Replacement{}, errs.Fields(map[string]string{"menuSetId": "orders.problemNOT_ON_MENU"})
	}
	out.Conflicts = day.Sets[i].Conflicts
	for _, c := range day.Sets {
		if c.MenuSet.ID != q.MenuSetID && len(c.Conflicts) == 0 {
			out.Alternatives = append(out.Alternatives, c)
		}
	}
	return out, nil
}
