// Package menus is the menus area (issue 13): dishes with their ingredients, allergens and
// IDDSI textures, menu sets, rotating cycle rounds and their contents, and the resolver of
// "the menu of a branch for a date and meal type" that ordering uses. Its routes are under
// /api/parameter (SPEC.md §7 names searchCycle, updateCycle, …) but it is its own area and
// function: docs/decisions.md, "Menus are their own area".
package menus

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
)

// The area's failures.
var (
	ErrNotFound      = errs.New(errs.NotFound, "NOT_FOUND")
	ErrDuplicateCode = &errs.Error{Kind: errs.Conflict, Key: "params.duplicateCode", Fields: map[string]string{"code": "params.duplicateCode"}}
	ErrDuplicateItem = errs.New(errs.Conflict, "menus.duplicateItem")
	ErrDaysInUse     = &errs.Error{Kind: errs.Conflict, Key: "menus.daysInUse", Fields: map[string]string{"dayCount": "menus.daysInUse"}}
)

// MaxPrice is the highest price a dish or set may have (numeric(10, 2)).
const MaxPrice = 99_999_999.99

var codeShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\S{1,30}$`) })

// Service holds the rules of menus.
type Service struct{ db *db.Pool }

// NewService builds the service.
func NewService(pool *db.Pool) *Service { return &Service{db: pool} }

// names checks the code and names every record has.
func names(f map[string]string, code, nameTh, nameEn string) {
	if !codeShape().MatchString(code) {
		f["code"] = "params.codeInvalid"
	}
	switch {
	case nameTh == "":
		f["nameTh"] = "params.nameThRequired"
	case utf8.RuneCountInString(nameTh) > 200:
		f["nameTh"] = "params.tooLong"
	}
	if utf8.RuneCountInString(nameEn) > 200 {
		f["nameEn"] = "params.tooLong"
	}
}

// price checks a dish's or set's price: from 0 to MaxPrice, each end with its own message
// (1e300 is not "below zero").
func price(f map[string]string, p float64) {
	switch {
	case math.IsNaN(p) || p < 0:
		f["price"] = "menus.priceInvalid"
	case p > MaxPrice:
		f["price"] = "menus.priceTooHigh"
	}
}

func remark(f map[string]string, r string) {
	if utf8.RuneCountInString(r) > 1000 {
		f["remark"] = "params.tooLong"
	}
}

// unique answers ids without repeats or zeros, in their order.
func unique(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id != 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func trim(ss ...*string) {
	for _, s := range ss {
		*s = strings.TrimSpace(*s)
	}
}

// ---- dishes ----

func (in *MenuInput) normalize() {
	trim(&in.Code, &in.NameTh, &in.NameEn, &in.Remark)
	in.IddsiType = strings.ToUpper(strings.TrimSpace(in.IddsiType))
	if in.IddsiType == "" {
		in.IddsiType = Food
	}
	in.AllergenIDs, in.RestrictedIDs = unique(in.AllergenIDs), unique(in.RestrictedIDs)
	in.MealClassIDs, in.DietTypeIDs, in.TherapeuticIDs = unique(in.MealClassIDs), unique(in.DietTypeIDs), unique(in.TherapeuticIDs)
	for i := range in.Nutrients {
		in.Nutrients[i].Nutrient = strings.ToLower(strings.TrimSpace(in.Nutrients[i].Nutrient))
	}
}

// validate answers field → message key for every invalid field of a dish.
func (in MenuInput) validate() map[string]string {
	f := map[string]string{}
	names(f, in.Code, in.NameTh, in.NameEn)
	if in.CuisineTypeID <= 0 {
		f["cuisineTypeId"] = "field.required"
	}
	if in.MealComponentID <= 0 {
		f["mealComponentId"] = "field.required"
	}
	switch {
	case in.IddsiType != Food && in.IddsiType != Drink:
		f["iddsiType"] = "menus.iddsiTypeInvalid"
	case in.IddsiLevel == nil:
		f["iddsiLevel"] = "field.required"
	case in.IddsiType == Food && (*in.IddsiLevel < 3 || *in.IddsiLevel > 7):
		f["iddsiLevel"] = "menus.iddsiFood"
	case in.IddsiType == Drink && (*in.IddsiLevel < 0 || *in.IddsiLevel > 4):
		f["iddsiLevel"] = "menus.iddsiDrink"
	}
	price(f, in.Price)
	remark(f, in.Remark)
	if _, ok := status(in.Status, true); !ok {
		f["status"] = "field.invalid"
	}
	seen := map[string]bool{}
	for _, n := range in.Nutrients {
		if !slices.Contains(Nutrients, n.Nutrient) || seen[n.Nutrient] || n.UnitID <= 0 ||
			math.IsNaN(n.Amount) || n.Amount < 0 || n.Amount > MaxPrice {
			f["nutrients"] = "menus.nutrientInvalid"
		}
		seen[n.Nutrient] = true
	}
	return f
}

// SearchMenus lists the branch's dishes.
func (s *Service) SearchMenus(ctx context.Context, branch string, f Filter, p httpx.PageParams) (httpx.Page[Menu], error) {
	items, total, err := searchMenus(ctx, s.db, branch, f, p)
	if err != nil {
		return httpx.Page[Menu]{}, fmt.Errorf("menus.searchMenu: %w", err)
	}
	return httpx.Page[Menu]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// GetMenu answers one dish of the branch.
func (s *Service) GetMenu(ctx context.Context, branch string, id int64) (Menu, error) {
	m, err := menuByID(ctx, s.db, branch, id)
	if err != nil {
		return Menu{}, fmt.Errorf("menus.getMenu: %w", notFound(err))
	}
	return m, nil
}

// SaveMenu creates (in.ID == 0) or updates a dish with its lists and its change-log row, in
// one transaction. Ingredients must be active rows of the branch; every other reference a
// row of the branch.
func (s *Service) SaveMenu(ctx context.Context, branch, by string, in MenuInput) (Menu, error) {
	in.normalize()
	if f := in.validate(); len(f) > 0 {
		return Menu{}, errs.Fields(f)
	}
	var out Menu
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		out, err = s.saveMenu(ctx, tx, branch, by, in)
		return err
	})
	if err != nil {
		return Menu{}, fmt.Errorf("menus.updateMenu: %w", err)
	}
	return out, nil
}

// saveMenu writes a validated dish in tx (the API and the import).
func (s *Service) saveMenu(ctx context.Context, tx pgx.Tx, branch, by string, in MenuInput) (Menu, error) {
	var before *Menu
	id := in.ID
	active, _ := status(in.Status, true)
	p := dbsqlc.MenusUpdateParams{Branch: branch, ID: id, Code: in.Code, NameTh: in.NameTh, NameEn: in.NameEn,
		CuisineTypeID: in.CuisineTypeID, MealComponentID: in.MealComponentID, IddsiType: in.IddsiType,
		IddsiLevel: int16(*in.IddsiLevel), Price: in.Price, Remark: in.Remark, Active: active, By: by}
	if id == 0 {
		var err error
		id, err = queries.MenusInsert(ctx, tx, dbsqlc.MenusInsertParams{Branch: branch, Code: p.Code, NameTh: p.NameTh,
			NameEn: p.NameEn, CuisineTypeID: p.CuisineTypeID, MealComponentID: p.MealComponentID, IddsiType: p.IddsiType,
			IddsiLevel: p.IddsiLevel, Price: p.Price, Remark: p.Remark, Active: p.Active, By: by})
		if err != nil {
			return Menu{}, writeErr(err)
		}
	} else {
		old, err := menuByID(ctx, tx, branch, id)
		if err != nil {
			return Menu{}, notFound(err)
		}
		before = &old
		p.Active, _ = status(in.Status, old.Status == StatusActive)
		if _, err := queries.MenusUpdate(ctx, tx, p); err != nil {
			return Menu{}, writeErr(err)
		}
		if err := queries.MenusDeleteLinks(ctx, tx, dbsqlc.MenusDeleteLinksParams{Branch: branch, MenuID: id}); err != nil {
			return Menu{}, err
		}
	}
	lp := dbsqlc.MenusInsertLinksParams{MenuID: id, Branch: branch, AllergenIds: in.AllergenIDs, RestrictedIds: in.RestrictedIDs,
		MealClassIds: in.MealClassIDs, DietTypeIds: in.DietTypeIDs, TherapeuticIds: in.TherapeuticIDs,
		Nutrients: []string{}, Amounts: []float64{}, UnitIds: []int64{}}
	for _, n := range in.Nutrients {
		lp.Nutrients, lp.Amounts, lp.UnitIds = append(lp.Nutrients, n.Nutrient), append(lp.Amounts, n.Amount), append(lp.UnitIds, n.UnitID)
	}
	for _, l := range []*[]int64{&lp.AllergenIds, &lp.RestrictedIds, &lp.MealClassIds, &lp.DietTypeIds, &lp.TherapeuticIds} {
		if *l == nil {
			*l = []int64{}
		}
	}
	n, err := queries.MenusInsertLinks(ctx, tx, lp)
	if err != nil {
		return Menu{}, writeErr(err)
	}
	f := map[string]string{}
	if int(n.Allergens) != len(lp.AllergenIds) {
		f["allergenIds"] = "menus.ingredientInactive"
	}
	if int(n.Restricted) != len(lp.RestrictedIds) {
		f["restrictedIds"] = "menus.ingredientInactive"
	}
	for field, c := range map[string][2]int{"mealClassIds": {int(n.MealClasses), len(lp.MealClassIds)},
		"dietTypeIds": {int(n.DietTypes), len(lp.DietTypeIds)}, "therapeuticIds": {int(n.Therapeutics), len(lp.TherapeuticIds)},
		"nutrients": {int(n.Nutrients), len(lp.Nutrients)}} {
		if c[0] != c[1] {
			f[field] = "params.refNotFound"
		}
	}
	if len(f) > 0 {
		return Menu{}, errs.Fields(f)
	}
	after, err := menuByID(ctx, tx, branch, id)
	if err != nil {
		return Menu{}, err
	}
	if err := logChange(ctx, tx, branch, "menu", id, before, &after, by); err != nil {
		return Menu{}, err
	}
	return after, nil
}

// DeleteMenu removes a dish unless a set or a round uses it (the foreign keys decide).
func (s *Service) DeleteMenu(ctx context.Context, branch, by string, id int64) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := menuByID(ctx, tx, branch, id)
		if err != nil {
			return notFound(err)
		}
		if _, err := queries.MenusDelete(ctx, tx, dbsqlc.MenusDeleteParams{Branch: branch, ID: id}); err != nil {
			return deleteErr(err)
		}
		return logChange[Menu](ctx, tx, branch, "menu", id, &before, nil, by)
	})
	if err != nil {
		return fmt.Errorf("menus.deleteMenu: %w", err)
	}
	return nil
}

// ---- menu sets ----

func (in *MenuSetInput) normalize() {
	trim(&in.Code, &in.NameTh, &in.NameEn, &in.Remark)
	in.MenuIDs = unique(in.MenuIDs)
	for _, p := range []**int64{&in.TrayCategoryID, &in.DietTypeID, &in.TherapeuticID} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
}

func (in MenuSetInput) validate() map[string]string {
	f := map[string]string{}
	names(f, in.Code, in.NameTh, in.NameEn)
	price(f, in.Price)
	remark(f, in.Remark)
	if _, ok := status(in.Status, true); !ok {
		f["status"] = "field.invalid"
	}
	if len(in.MenuIDs) == 0 {
		f["menuIds"] = "menus.setEmpty"
	}
	return f
}

// SearchMenuSets lists the branch's sets.
func (s *Service) SearchMenuSets(ctx context.Context, branch string, f Filter, p httpx.PageParams) (httpx.Page[MenuSet], error) {
	items, total, err := searchMenuSets(ctx, s.db, branch, f, p)
	if err != nil {
		return httpx.Page[MenuSet]{}, fmt.Errorf("menus.searchMenuSet: %w", err)
	}
	return httpx.Page[MenuSet]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// SaveMenuSet creates or updates a set with its dishes and its change-log row.
func (s *Service) SaveMenuSet(ctx context.Context, branch, by string, in MenuSetInput) (MenuSet, error) {
	in.normalize()
	if f := in.validate(); len(f) > 0 {
		return MenuSet{}, errs.Fields(f)
	}
	var out MenuSet
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var before *MenuSet
		id := in.ID
		active, _ := status(in.Status, true)
		if id == 0 {
			var err error
			id, err = queries.MenuSetsInsert(ctx, tx, dbsqlc.MenuSetsInsertParams{Branch: branch, Code: in.Code, NameTh: in.NameTh,
				NameEn: in.NameEn, TrayCategoryID: in.TrayCategoryID, DietTypeID: in.DietTypeID, TherapeuticID: in.TherapeuticID,
				Price: in.Price, Remark: in.Remark, Active: active, By: by})
			if err != nil {
				return writeErr(err)
			}
		} else {
			old, err := menuSetByID(ctx, tx, branch, id)
			if err != nil {
				return notFound(err)
			}
			before = &old
			active, _ = status(in.Status, old.Status == StatusActive)
			if _, err := queries.MenuSetsUpdate(ctx, tx, dbsqlc.MenuSetsUpdateParams{Branch: branch, ID: id, Code: in.Code,
				NameTh: in.NameTh, NameEn: in.NameEn, TrayCategoryID: in.TrayCategoryID, DietTypeID: in.DietTypeID,
				TherapeuticID: in.TherapeuticID, Price: in.Price, Remark: in.Remark, Active: active, By: by}); err != nil {
				return writeErr(err)
			}
			if err := queries.MenuSetsDeleteItems(ctx, tx, dbsqlc.MenuSetsDeleteItemsParams{Branch: branch, MenuSetID: id}); err != nil {
				return err
			}
		}
		n, err := queries.MenuSetsInsertItems(ctx, tx, dbsqlc.MenuSetsInsertItemsParams{MenuSetID: id, Branch: branch, MenuIds: in.MenuIDs})
		if err != nil {
			return err
		}
		if int(n) != len(in.MenuIDs) {
			return errs.Fields(map[string]string{"menuIds": "params.refNotFound"})
		}
		if out, err = menuSetByID(ctx, tx, branch, id); err != nil {
			return err
		}
		return logChange(ctx, tx, branch, "menu_set", id, before, &out, by)
	})
	if err != nil {
		return MenuSet{}, fmt.Errorf("menus.updateMenuSet: %w", err)
	}
	return out, nil
}

// DeleteMenuSet removes a set unless a round uses it.
func (s *Service) DeleteMenuSet(ctx context.Context, branch, by string, id int64) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := menuSetByID(ctx, tx, branch, id)
		if err != nil {
			return notFound(err)
		}
		if _, err := queries.MenuSetsDelete(ctx, tx, dbsqlc.MenuSetsDeleteParams{Branch: branch, ID: id}); err != nil {
			return deleteErr(err)
		}
		return logChange[MenuSet](ctx, tx, branch, "menu_set", id, &before, nil, by)
	})
	if err != nil {
		return fmt.Errorf("menus.deleteMenuSet: %w", err)
	}
	return nil
}

// ---- cycles ----

func (in *CycleInput) normalize() {
	trim(&in.Code, &in.NameTh, &in.NameEn, &in.Remark, &in.StartDate, &in.EndDate)
	in.RoundType = strings.ToUpper(strings.TrimSpace(in.RoundType))
	if in.RoundType == Weekday && in.DayCount == 0 {
		in.DayCount = 7
	}
}

func (in CycleInput) validate() map[string]string {
	f := map[string]string{}
	names(f, in.Code, in.NameTh, in.NameEn)
	remark(f, in.Remark)
	switch in.RoundType {
	case Loop:
		if in.DayCount < 1 || in.DayCount > 366 {
			f["dayCount"] = "menus.dayCountInvalid"
		}
	case Weekday:
		if in.DayCount != 7 {
			f["dayCount"] = "menus.weekdayDays"
		}
	default:
		f["roundType"] = "menus.roundTypeInvalid"
	}
	start, okStart := dateOf(in.StartDate)
	end, okEnd := dateOf(in.EndDate)
	switch {
	case in.StartDate == "":
		f["startDate"] = "field.required"
	case !okStart:
		f["startDate"] = "date.invalid"
	}
	switch {
	case !okEnd:
		f["endDate"] = "date.invalid"
	case okStart && start.Valid && end.Valid && end.Time.Before(start.Time):
		f["endDate"] = "date.endBeforeStart"
	}
	if _, ok := status(in.Status, true); !ok {
		f["status"] = "field.invalid"
	}
	return f
}

// SearchCycles lists the branch's rounds.
func (s *Service) SearchCycles(ctx context.Context, branch string, f Filter, p httpx.PageParams) (httpx.Page[Cycle], error) {
	items, total, err := searchCycles(ctx, s.db, branch, f, p)
	if err != nil {
		return httpx.Page[Cycle]{}, fmt.Errorf("menus.searchCycle: %w", err)
	}
	return httpx.Page[Cycle]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// SaveCycle creates or updates a round. An active round whose dates overlap another active
// round of the branch is refused (409 naming it): the exclusion constraint decides, so two
// activations at the same moment cannot both pass. Shortening a round below a day its
// contents use is refused too (409).
func (s *Service) SaveCycle(ctx context.Context, branch, by string, in CycleInput) (Cycle, error) {
	in.normalize()
	if f := in.validate(); len(f) > 0 {
		return Cycle{}, errs.Fields(f)
	}
	start, _ := dateOf(in.StartDate)
	end, _ := dateOf(in.EndDate)
	var out Cycle
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var before *Cycle
		id := in.ID
		active, _ := status(in.Status, true)
		if id == 0 {
			var err error
			id, err = queries.CyclesInsert(ctx, tx, dbsqlc.CyclesInsertParams{Branch: branch, Code: in.Code, NameTh: in.NameTh,
				NameEn: in.NameEn, RoundType: in.RoundType, DayCount: int32(in.DayCount), StartDate: start, EndDate: end,
				Remark: in.Remark, Active: active, By: by})
			if err != nil {
				return writeErr(err)
			}
		} else {
			old, err := cycleByID(ctx, tx, branch, id)
			if err != nil {
				return notFound(err)
			}
			before = &old
			active, _ = status(in.Status, old.Status == StatusActive)
			if _, err := queries.CyclesUpdate(ctx, tx, dbsqlc.CyclesUpdateParams{Branch: branch, ID: id, Code: in.Code,
				NameTh: in.NameTh, NameEn: in.NameEn, RoundType: in.RoundType, DayCount: int32(in.DayCount), StartDate: start,
				EndDate: end, Remark: in.Remark, Active: active, By: by}); err != nil {
				var pgErr *pgconn.PgError
				if errors.As(err, &pgErr) && pgErr.ConstraintName == "cycle_menu_day_in_round" {
					// the new day count, cascaded to the contents, leaves a day outside the round
					return fmt.Errorf("%w: %w", ErrDaysInUse, err)
				}
				return writeErr(err)
			}
		}
		var err error
		if out, err = cycleByID(ctx, tx, branch, id); err != nil {
			return err
		}
		return logChange(ctx, tx, branch, "cycle", id, before, &out, by)
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23P01" {
		return Cycle{}, fmt.Errorf("menus.updateCycle: %w", s.overlap(ctx, branch, in.ID, in.StartDate, in.EndDate, err))
	}
	if err != nil {
		return Cycle{}, fmt.Errorf("menus.updateCycle: %w", err)
	}
	return out, nil
}

// overlap answers the refusal of a round whose dates overlap another active one, naming it
// (read after the refused transaction, from the pool).
func (s *Service) overlap(ctx context.Context, branch string, id int64, startDate, endDate string, cause error) error {
	start, _ := dateOf(startDate)
	end, _ := dateOf(endDate)
	rows, err := queries.CyclesOverlapping(ctx, s.db, dbsqlc.CyclesOverlappingParams{Branch: branch, ID: id, StartDate: start, EndDate: end})
	if err != nil {
		return fmt.Errorf("overlapping rounds: %w (after %w)", err, cause)
	}
	others := make([]Cycle, len(rows))
	for i, r := range rows {
		others[i] = cycleOf(r.Cycle, r.Items)
	}
	name := "?"
	if len(others) > 0 {
		o := others[0]
		name = o.Code + " " + o.NameTh
		if o.NameEn != "" {
			name += " / " + o.NameEn
		}
	}
	return fmt.Errorf("%w: %w", &errs.Error{Kind: errs.Conflict, Code: "CYCLE_OVERLAP", Key: "menus.cycleOverlap", Args: []any{name},
		Fields: map[string]string{"startDate": "menus.cycleOverlapField", "endDate": "menus.cycleOverlapField"},
		Data:   map[string]any{"overlaps": others}}, cause)
}

// DeleteCycle removes a round and its contents, with their change-log rows.
func (s *Service) DeleteCycle(ctx context.Context, branch, by string, id int64) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := cycleByID(ctx, tx, branch, id)
		if err != nil {
			return notFound(err)
		}
		docs, err := queries.CycleMenusOfCycle(ctx, tx, dbsqlc.CycleMenusOfCycleParams{Branch: branch, CycleID: id})
		if err != nil {
			return err
		}
		contents, err := decodeAll[CycleMenu]("cycle contents", docs)
		if err != nil {
			return err
		}
		if _, err := queries.CyclesDelete(ctx, tx, dbsqlc.CyclesDeleteParams{Branch: branch, ID: id}); err != nil {
			return deleteErr(err)
		}
		changes := []audit.Change{{BranchCode: branch, Entity: "cycle", EntityID: fmt.Sprint(id), Action: "delete", Before: before, By: by}}
		for _, c := range contents {
			changes = append(changes, audit.Change{BranchCode: branch, Entity: "cycle_menu", EntityID: fmt.Sprint(c.ID),
				Action: "delete", Before: c, By: by})
		}
		return audit.WriteChanges(ctx, tx, changes)
	})
	if err != nil {
		return fmt.Errorf("menus.deleteCycle: %w", err)
	}
	return nil
}

// ---- cycle contents ----

func (in *CycleMenuInput) normalize() {
	for _, p := range []**int64{&in.MenuID, &in.MenuSetID, &in.TrayCategoryID, &in.DietTypeID, &in.TherapeuticID, &in.CuisineTypeID} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
}

func (in CycleMenuInput) validate() map[string]string {
	f := map[string]string{}
	if in.CycleID <= 0 {
		f["cycleId"] = "field.required"
	}
	if in.DayNo < 1 || in.DayNo > 366 {
		f["dayNo"] = "menus.dayBeyondRound"
	}
	if in.MealTimeID <= 0 {
		f["mealTimeId"] = "field.required"
	}
	if (in.MenuID == nil) == (in.MenuSetID == nil) {
		f["menuId"] = "menus.oneItem"
	}
	return f
}

// SearchCycleMenus lists contents (searchCycleMenu's filters).
func (s *Service) SearchCycleMenus(ctx context.Context, branch string, f Filter, p httpx.PageParams) (httpx.Page[CycleMenu], error) {
	items, total, err := searchCycleMenus(ctx, s.db, branch, f, p)
	if err != nil {
		return httpx.Page[CycleMenu]{}, fmt.Errorf("menus.searchCycleMenu: %w", err)
	}
	return httpx.Page[CycleMenu]{Items: items, Total: total, Page: p.Page, Size: p.Size}, nil
}

// SaveCycleMenu creates or updates a content of a round. A day beyond the round is refused
// by the database's check (422 dayNo); the same dish or set twice in a cell is 409.
func (s *Service) SaveCycleMenu(ctx context.Context, branch, by string, in CycleMenuInput) (CycleMenu, error) {
	in.normalize()
	if f := in.validate(); len(f) > 0 {
		return CycleMenu{}, errs.Fields(f)
	}
	var out CycleMenu
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		out, err = s.saveCycleMenu(ctx, tx, branch, by, in)
		return err
	})
	if err != nil {
		return CycleMenu{}, fmt.Errorf("menus.updateCycleMenu: %w", err)
	}
	return out, nil
}

func (s *Service) saveCycleMenu(ctx context.Context, tx pgx.Tx, branch, by string, in CycleMenuInput) (CycleMenu, error) {
	var before *CycleMenu
	id := in.ID
	p := dbsqlc.CycleMenusUpdateParams{Branch: branch, ID: id, CycleID: in.CycleID, DayNo: int32(in.DayNo), MealTimeID: in.MealTimeID,
		MenuID: in.MenuID, MenuSetID: in.MenuSetID, TrayCategoryID: in.TrayCategoryID, DietTypeID: in.DietTypeID,
		TherapeuticID: in.TherapeuticID, CuisineTypeID: in.CuisineTypeID, By: by}
	if id == 0 {
		var err error
		id, err = queries.CycleMenusInsert(ctx, tx, dbsqlc.CycleMenusInsertParams{Branch: branch,
			CycleID: p.CycleID, DayNo: p.DayNo, MealTimeID: p.MealTimeID, MenuID: p.MenuID, MenuSetID: p.MenuSetID,
			TrayCategoryID: p.TrayCategoryID, DietTypeID: p.DietTypeID, TherapeuticID: p.TherapeuticID,
			CuisineTypeID: p.CuisineTypeID, By: by})
		if errors.Is(err, pgx.ErrNoRows) {
			return CycleMenu{}, errs.Fields(map[string]string{"cycleId": "params.refNotFound"})
		}
		if err != nil {
			return CycleMenu{}, writeErr(err)
		}
	} else {
		old, err := cycleMenuByID(ctx, tx, branch, id)
		if err != nil {
			return CycleMenu{}, notFound(err)
		}
		before = &old
		n, err := queries.CycleMenusUpdate(ctx, tx, p)
		if err != nil {
			return CycleMenu{}, writeErr(err)
		}
		if n == 0 {
			return CycleMenu{}, errs.Fields(map[string]string{"cycleId": "params.refNotFound"})
		}
	}
	after, err := cycleMenuByID(ctx, tx, branch, id)
	if err != nil {
		return CycleMenu{}, err
	}
	if err := logChange(ctx, tx, branch, "cycle_menu", id, before, &after, by); err != nil {
		return CycleMenu{}, err
	}
	return after, nil
}

// DeleteCycleMenu removes a content of a round.
func (s *Service) DeleteCycleMenu(ctx context.Context, branch, by string, id int64) error {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		before, err := cycleMenuByID(ctx, tx, branch, id)
		if err != nil {
			return notFound(err)
		}
		if _, err := queries.CycleMenusDelete(ctx, tx, dbsqlc.CycleMenusDeleteParams{Branch: branch, ID: id}); err != nil {
			return err
		}
		return logChange[CycleMenu](ctx, tx, branch, "cycle_menu", id, &before, nil, by)
	})
	if err != nil {
		return fmt.Errorf("menus.deleteCycleMenu: %w", err)
	}
	return nil
}

// ---- errors and the change log ----

// logChange writes the change-log row of a record: before nil for a create, after nil for a
// delete.
func logChange[T any](ctx context.Context, tx pgx.Tx, branch, entity string, id int64, before, after *T, by string) error {
	c := audit.Change{BranchCode: branch, Entity: entity, EntityID: fmt.Sprint(id), By: by}
	switch {
	case before == nil:
		c.Action, c.After = "create", after
	case after == nil:
		c.Action, c.Before = "delete", before
	default:
		c.Action, c.Before, c.After = "update", before, after
	}
	return audit.WriteChange(ctx, tx, c)
}

func notFound(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	return err
}

// fkFields maps the foreign keys a write can break to the field that named the row.
var fkFields = map[string]string{
	"menu_cuisine_type_fkey":        "cuisineTypeId",
	"menu_meal_component_fkey":      "mealComponentId",
	"menu_set_tray_category_fkey":   "trayCategoryId",
	"menu_set_diet_type_fkey":       "dietTypeId",
	"menu_set_therapeutic_fkey":     "therapeuticId",
	"cycle_menu_meal_time_fkey":     "mealTimeId",
	"cycle_menu_menu_fkey":          "menuId",
	"cycle_menu_menu_set_fkey":      "menuSetId",
	"cycle_menu_tray_category_fkey": "trayCategoryId",
	"cycle_menu_diet_type_fkey":     "dietTypeId",
	"cycle_menu_therapeutic_fkey":   "therapeuticId",
	"cycle_menu_cuisine_type_fkey":  "cuisineTypeId",
}

// writeErr maps a constraint a write broke to the caller's failure.
func writeErr(err error) error {
	if c, ok := db.IsUniqueViolation(err); ok {
		if c == "cycle_menu_item_key" {
			return fmt.Errorf("%w: %w", ErrDuplicateItem, err)
		}
		return fmt.Errorf("%w: %w", ErrDuplicateCode, err)
	}
	if c, _, ok := db.IsForeignKeyViolation(err); ok {
		if f, ok := fkFields[c]; ok {
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{f: "params.refNotFound"}), err)
		}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23514" {
		switch pgErr.ConstraintName {
		case "cycle_menu_day_in_round":
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{"dayNo": "menus.dayBeyondRound"}), err)
		case "menu_iddsi_level":
			return fmt.Errorf("%w: %w", errs.Fields(map[string]string{"iddsiLevel": "menus.iddsiFood"}), err)
		}
	}
	return err
}

// deleteErr answers 409 naming where a row in use is used.
func deleteErr(err error) error {
	if _, table, ok := db.IsForeignKeyViolation(err); ok {
		used := table
		if used == "menu_set_item" {
			used = "menu_set"
		}
		return fmt.Errorf("%w: %w", &errs.Error{Kind: errs.Conflict, Key: "menus.usedIn." + used, Data: map[string]any{"usedIn": used}}, err)
	}
	return err
}
