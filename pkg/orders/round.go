package orders

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"samrap/pkg/audit"
	"samrap/pkg/day"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
)

// The meal round (issue 25 §2, docs/orders.md "The meal round"): one ward, one date, one
// meal type — every patient of the ward with a suggested choice the server has checked, the
// day's menu with each item's conflicts for each patient, and the round submitted in one
// request, each patient checked on its own (one refused never blocks the rest) and the
// accepted written together, in a fixed number of statements.

// Sources of a round row's suggestion.
const (
	FromYesterday = "YESTERDAY" // the same dish or set as the day before, still allowed
	FromMenu      = "MENU"      // the first item of the day's menu allowed for the patient
	FromNPO       = "NPO"       // the patient fasts during the meal: NPO is the only choice
	FromNone      = "NONE"      // discharged: nothing can be ordered
)

// RoundChoice is what a round row orders.
type RoundChoice struct {
	OrderType  string `json:"orderType"`
	CourseType string `json:"courseType,omitempty"`
	Items      []Item `json:"items"`
}

// RoundRow is a patient of the round: the order list's row, the suggestion (nil: the meal is
// ordered already, or nothing of the day is allowed), where it comes from, its problems (the
// same check as a submit), and the conflicts of the day's items that have one for this
// patient, keyed "m<id>" (a dish) or "s<id>" (a set).
type RoundRow struct {
	Patient    ListRow               `json:"patient"`
	Ordered    bool                  `json:"ordered"`
	Suggestion *RoundChoice          `json:"suggestion"`
	Source     string                `json:"source"`
	Problems   []Problem             `json:"problems"`
	Conflicts  map[string][]Conflict `json:"conflicts"`
}

// Round is the answer of mealRound.
type Round struct {
	WardID    int64           `json:"wardId"`
	DateOrder string          `json:"dateOrder"`
	MealType  MealTypeRef     `json:"mealType"`
	Covered   bool            `json:"covered"`
	Items     []menus.DayItem `json:"items"` // the day's menu for the meal type
	Rows      []RoundRow      `json:"rows"`
}

// itemKey names a dish ("m12") or a set ("s3") of the day.
func itemKey(it Item) string {
	if it.MenuSetID != 0 {
		return fmt.Sprintf("s%d", it.MenuSetID)
	}
	return fmt.Sprintf("m%d", it.MenuID)
}

// MealRound answers the round of a ward's meal: its patients (as the order list), each with
// a checked suggestion, in a fixed number of statements whatever the number of patients.
func (s *Service) MealRound(ctx context.Context, lang i18n.Lang, branch string, wardID int64, date string, mealTimeID int64) (Round, error) {
	if date == "" {
		date = s.today()
	}
	meals, _, err := loadMealTypes(ctx, s.db, branch)
	if err != nil {
		return Round{}, fmt.Errorf("orders.mealRound: %w", err)
	}
	meal, ok := meals[mealTimeID]
	if !ok {
		return Round{}, errs.Fields(map[string]string{"mealTimeId": "orders.problemMEAL_TYPE"})
	}
	page, err := s.Search(ctx, branch, SearchFilter{Date: date, WardID: wardID, Status: "ALL"},
		httpx.PageParams{Page: 1, Size: MaxPatients, SortBy: "room"})
	if err != nil {
		return Round{}, fmt.Errorf("orders.mealRound: %w", err)
	}
	rows := page.Items
	hns := make([]string, len(rows))
	for i, r := range rows {
		hns[i] = r.HnID
	}
	persons, err := loadPersons(ctx, s.db, branch, hns)
	if err != nil {
		return Round{}, fmt.Errorf("orders.mealRound: %w", err)
	}
	yesterday, err := s.yesterdays(ctx, branch, wardID, date, mealTimeID)
	if err != nil {
		return Round{}, fmt.Errorf("orders.mealRound: %w", err)
	}
	key := menus.DayKey{Date: date, MealTimeID: mealTimeID}
	cat, err := roundCatalogue(ctx, s, branch, key)
	if err != nil {
		return Round{}, fmt.Errorf("orders.mealRound: %w", err)
	}
	dayMenu := cat.days[key]
	out := Round{WardID: wardID, DateOrder: date, MealType: refOf(meal), Covered: dayMenu.Covered,
		Items: nonNilItems(dayMenu.Items), Rows: make([]RoundRow, len(rows))}
	for i, r := range rows {
		row := RoundRow{Patient: r, Problems: []Problem{}, Conflicts: map[string][]Conflict{}}
		for _, m := range r.Meals {
			if m.MealTimeID == mealTimeID && m.Order != nil && m.Order.Status != StatusCancelled {
				row.Ordered = true
			}
		}
		p, known := persons[r.HnID]
		if known {
			for _, it := range dayMenu.Items {
				item, dishes := dayItem(it, cat)
				if cs := setConflicts(p, dishes); len(cs) > 0 {
					row.Conflicts[itemKey(item)] = cs
				}
			}
		}
		if known && !row.Ordered {
			row.Suggestion, row.Source, row.Problems = suggest(lang, s.today(), date, meal, meals, cat, p, r, yesterday[r.HnID])
		}
		out.Rows[i] = row
	}
	return out, nil
}

func nonNilItems(items []menus.DayItem) []menus.DayItem {
	if items == nil {
		return []menus.DayItem{}
	}
	return items
}

// roundCatalogue reads the day's menu with every dish of it named, and its sets' dishes.
func roundCatalogue(ctx context.Context, s *Service, branch string, key menus.DayKey) (catalogue, error) {
	cat, err := loadCatalogue(ctx, s.db, branch, []menus.DayKey{key}, nil, nil)
	if err != nil {
		return cat, err
	}
	var setIDs []int64
	for _, it := range cat.days[key].Items {
		if it.Menu != nil {
			cat.dishes[it.Menu.ID] = *it.Menu
		}
		if it.MenuSet != nil {
			setIDs = append(setIDs, it.MenuSet.ID)
		}
	}
	if len(setIDs) > 0 {
		sets, err := loadCatalogue(ctx, s.db, branch, nil, nil, setIDs)
		if err != nil {
			return cat, err
		}
		cat.setDishes = sets.setDishes
	}
	return cat, nil
}

// dayItem answers a day's item as a draft item with its dishes.
func dayItem(it menus.DayItem, cat catalogue) (Item, []menus.Menu) {
	if it.MenuSet != nil {
		return Item{MenuSetID: it.MenuSet.ID}, cat.setDishes[it.MenuSet.ID]
	}
	if it.Menu != nil {
		return Item{MenuID: it.Menu.ID}, []menus.Menu{*it.Menu}
	}
	return Item{}, nil
}

// yesterdays reads the ward's patients' own food orders of the day before for the meal type,
// by HN.
func (s *Service) yesterdays(ctx context.Context, branch string, wardID int64, date string, mealTimeID int64) (map[string]Order, error) {
	on, err := day.Parse(date)
	if err != nil {
		return nil, errs.Fields(map[string]string{"dateOrder": "date.invalid"})
	}
	ids, err := queries.OrderWardDay(ctx, s.db, dbsqlc.OrderWardDayParams{Branch: branch,
		OnDate: pgtype.Date{Time: on.AddDate(0, 0, -1), Valid: true}, WardID: &wardID, MealTimeIds: []int64{mealTimeID}})
	if err != nil {
		return nil, err
	}
	list := make([]string, len(ids))
	for i, r := range ids {
		list[i] = r.ID
	}
	stored, err := Orders(ctx, s.db, branch, list)
	if err != nil {
		return nil, err
	}
	out := map[string]Order{}
	for _, o := range stored {
		if !o.Caregiver {
			out[o.HnID] = o
		}
	}
	return out, nil
}

// suggest answers a patient's suggested choice for the round and its problems: nothing for a
// discharged patient, NPO for one fasting then, else yesterday's dish or set when the checks
// allow it today, else the first item of the day's menu they allow — those of the patient's
// texture first (dysphagia food for a texture need, normal food otherwise: a pureed set is
// no one's first suggestion who can eat a regular one), then of their diet type, then sets
// (a whole tray) before dishes. An unmapped allergy does not disqualify a choice: the
// row asks the person to confirm it, as every form does.
func suggest(lang i18n.Lang, today, date string, meal mealType, meals map[int64]mealType, cat catalogue, p person,
	r ListRow, yesterday Order) (*RoundChoice, string, []Problem) {
	if p.discharged() {
		return nil, FromNone, []Problem{}
	}
	if start, end := meal.window(date); p.npoOver(start, end) {
		return &RoundChoice{OrderType: TypeFasting, Items: []Item{}}, FromNPO, []Problem{}
	}
	try := func(c RoundChoice) ([]Problem, bool) {
		d := Draft{HnID: p.HnID, Dates: []string{date}, MealTimeIDs: []int64{meal.ID}, OrderType: c.OrderType,
			FoodScope: ScopeBoth, CourseType: c.CourseType, Items: c.Items}
		d.normalise()
		if len(d.validate(today, false)) > 0 {
			return nil, false
		}
		probs, _ := checkAll(lang, d, p, meals, cat)
		return probs, !slices.ContainsFunc(probs, func(pr Problem) bool { return pr.Code != ProblemUnmapped })
	}
	if y := yesterday; y.OrderType == TypeOrder && (y.Course() == CourseMenu || y.Course() == CourseSet) {
		c := RoundChoice{OrderType: TypeOrder, CourseType: y.Course()}
		for _, it := range y.draft("", date).Items {
			c.Items = append(c.Items, Item{MenuID: it.MenuID, MenuSetID: it.MenuSetID})
		}
		if probs, ok := try(c); ok {
			return &c, FromYesterday, probs
		}
	}
	type candidate struct {
		choice RoundChoice
		rank   int
	}
	var cands []candidate
	for _, it := range cat.days[menus.DayKey{Date: date, MealTimeID: meal.ID}].Items {
		item, dishes := dayItem(it, cat)
		if len(dishes) == 0 {
			continue
		}
		rank := 0
		if r.DietType != nil && !matches(&MenuQuery{DietTypeID: &r.DietType.ID}, it.Content, dishes, it.Menu, it.MenuSet) {
			rank += 2
		}
		scope := ScopeNormal
		if r.TextureFood != nil && *r.TextureFood < 7 {
			scope = ScopeDysphagia
		}
		if !scopeAllows(scope, dishes) {
			rank += 4
		}
		course := CourseSet
		if it.MenuSet == nil {
			course, rank = CourseMenu, rank+1
		}
		cands = append(cands, candidate{RoundChoice{OrderType: TypeOrder, CourseType: course, Items: []Item{item}}, rank})
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.rank, b.rank) })
	for _, c := range cands {
		if probs, ok := try(c.choice); ok {
			return &c.choice, FromMenu, probs
		}
	}
	return nil, "", []Problem{}
}

// RoundInput is the body of submitRound and checkerRound: the ward's date and meal type, and
// one choice per patient with what a form would send of it.
type RoundInput struct {
	BranchCode     string      `json:"branchCode"`
	IdempotencyKey string      `json:"idempotencyKey"`
	DateOrder      string      `json:"dateOrder"`
	MealTimeID     int64       `json:"mealTimeId"`
	Rows           []RoundPick `json:"rows"`
}

// RoundPick is one patient's choice in a round.
type RoundPick struct {
	HnID                     string `json:"hnId"`
	PatientVersion           int    `json:"patientVersion"`
	OrderType                string `json:"orderType"`
	CourseType               string `json:"courseType"`
	Items                    []Item `json:"items"`
	Description              string `json:"description"`
	DysphagiaFoodType        *int   `json:"dysphagiaFoodType"`
	UnmappedAllergiesChecked bool   `json:"unmappedAllergiesChecked"`
	FreeTextAcknowledged     bool   `json:"freeTextAcknowledged"`
}

// drafts answers a round's picks as drafts, and the picks whose shape is wrong as refused
// (problems naming the fields), by HN once each.
func (in RoundInput) drafts(lang i18n.Lang, branch, today string) ([]Draft, []RefusedPatient, error) {
	f := map[string]string{}
	if !day.Valid(in.DateOrder) {
		f["dateOrder"] = "date.invalid"
	}
	if in.MealTimeID <= 0 {
		f["mealTimeId"] = "field.required"
	}
	if len(in.Rows) == 0 {
		f["rows"] = "field.required"
	} else if len(in.Rows) > MaxPatients {
		f["rows"] = "field.tooLong"
	}
	if in.IdempotencyKey != "" && !keyShape().MatchString(in.IdempotencyKey) {
		f["idempotencyKey"] = "field.invalid"
	}
	if len(f) > 0 {
		return nil, nil, errs.Fields(f)
	}
	var drafts []Draft
	var refused []RefusedPatient
	seen := map[string]bool{}
	for _, pk := range in.Rows {
		hn := strings.TrimSpace(pk.HnID)
		if seen[hn] {
			continue
		}
		seen[hn] = true
		d := Draft{BranchCode: branch, HnID: hn, PatientVersion: pk.PatientVersion, Dates: []string{in.DateOrder},
			MealTimeIDs: []int64{in.MealTimeID}, OrderType: pk.OrderType, FoodScope: ScopeBoth, CourseType: pk.CourseType,
			Items: pk.Items, Description: pk.Description, DysphagiaFoodType: pk.DysphagiaFoodType,
			UnmappedAllergiesChecked: pk.UnmappedAllergiesChecked, FreeTextAcknowledged: pk.FreeTextAcknowledged}
		d.normalise()
		if bad := d.validate(today, false); len(bad) > 0 {
			r := RefusedPatient{HnID: hn, Problems: []Problem{}}
			for _, field := range slices.Sorted(maps.Keys(bad)) {
				r.Problems = append(r.Problems, Problem{Code: "VALIDATION", Field: field, Message: i18n.T(lang, bad[field]),
					DateOrder: in.DateOrder, MealTimeID: in.MealTimeID})
			}
			refused = append(refused, r)
			continue
		}
		drafts = append(drafts, d)
	}
	return drafts, refused, nil
}

// all answers the draft whose check reads what every pick of the round needs: the day's
// menu and every dish and set picked, once each.
func (in RoundInput) all(drafts []Draft) Draft {
	all := Draft{Dates: []string{in.DateOrder}, MealTimeIDs: []int64{in.MealTimeID}, OrderType: TypeOrder, CourseType: CourseMenu}
	seen := map[Item]bool{}
	for _, d := range drafts {
		for _, it := range d.Items {
			it.AlternativeNote = ""
			if !seen[it] {
				seen[it] = true
				all.Items = append(all.Items, it)
			}
		}
	}
	return all
}

func hnsOf(drafts []Draft) []string {
	hns := make([]string, len(drafts))
	for i, d := range drafts {
		hns[i] = d.HnID
	}
	return hns
}

// CheckRound runs the checks of each pick of a round and writes nothing (checkerRound).
func (s *Service) CheckRound(ctx context.Context, lang i18n.Lang, branch string, in RoundInput) ([]PatientCheck, error) {
	drafts, refused, err := in.drafts(lang, branch, s.today())
	if err != nil {
		return nil, err
	}
	out := []PatientCheck{}
	for _, r := range refused {
		out = append(out, PatientCheck{HnID: r.HnID, Problems: r.Problems})
	}
	persons, err := loadPersons(ctx, s.db, branch, hnsOf(drafts))
	if err != nil {
		return nil, fmt.Errorf("orders.checkRound: %w", err)
	}
	meals, cat, err := loadForCheck(ctx, s.db, branch, in.all(drafts))
	if err != nil {
		return nil, fmt.Errorf("orders.checkRound: %w", err)
	}
	for _, d := range drafts {
		pc := PatientCheck{HnID: d.HnID, Problems: []Problem{}}
		if p, ok := persons[d.HnID]; ok {
			probs, _ := checkAll(lang, d, p, meals, cat)
			pc.Problems = append(pc.Problems, probs...)
		} else {
			pc.Problems = append(pc.Problems, Problem{Code: ErrPatientNotFound.Code, Field: "hnId", Message: i18n.T(lang, ErrPatientNotFound.Key),
				DateOrder: in.DateOrder, MealTimeID: in.MealTimeID})
		}
		out = append(out, pc)
	}
	return out, nil
}

// SubmitRound orders a round: each pick checked on its own (one refused never blocks the
// rest) as a submit checks it, the accepted written together (submitRound) with the caller's
// activity act as Submit, the same idempotency key answering the first answer.
func (s *Service) SubmitRound(ctx context.Context, lang i18n.Lang, branch, by string, in RoundInput, act audit.Activity) (Outcome, error) {
	drafts, refused, err := in.drafts(lang, branch, s.today())
	if err != nil {
		return Outcome{}, err
	}
	out, err := once(ctx, s.db, branch, by, in.IdempotencyKey, func(tx pgx.Tx) (Outcome, error) {
		out, err := s.submitRound(ctx, tx, lang, branch, by, drafts, in.all(drafts))
		if err != nil {
			return out, err
		}
		out.Refused = append(out.Refused, refused...)
		return out, record(ctx, tx, act, outcomeSummary(out))
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("orders.submitRound: %w", err)
	}
	return out, nil
}

// submitRound writes a round's drafts, each one order (the round's date and meal type), in
// a fixed number of statements whatever the number of patients: the patients locked (in id
// order) and read together, the day's menu and the dishes picked read once (all), each
// draft checked as submitIn checks it (a patient not found, the check's problems: refused),
// the accepted written in one statement (a patient whose meal has a live order is refused
// ALREADY_ORDERED with it), their items in one, their documents read in one and their
// change record written in one. The answer lists the drafts in their order.
func (s *Service) submitRound(ctx context.Context, tx pgx.Tx, lang i18n.Lang, branch, by string, drafts []Draft, all Draft) (Outcome, error) {
	out := Outcome{Ordered: []OrderedPatient{}, Refused: []RefusedPatient{}}
	if len(drafts) == 0 {
		return out, nil
	}
	hns := hnsOf(drafts)
	if err := queries.OrderLockPatients(ctx, tx, dbsqlc.OrderLockPatientsParams{Branch: branch, HnIds: hns}); err != nil {
		return out, fmt.Errorf("lock patients: %w", err)
	}
	persons, err := loadPersons(ctx, tx, branch, hns)
	if err != nil {
		return out, err
	}
	meals, cat, err := loadForCheck(ctx, tx, branch, all)
	if err != nil {
		return out, err
	}
	// each draft: refused, or its order's row
	refused := make([]*RefusedPatient, len(drafts))
	row := make([]int, len(drafts))
	var rows []newOrder
	for i, d := range drafts {
		row[i] = -1
		var err error
		if p, ok := persons[d.HnID]; !ok {
			err = ErrPatientNotFound
		} else if probs, items := checkAll(lang, d, p, meals, cat); len(probs) > 0 {
			err = problemsErr(probs)
		} else {
			var os []newOrder
			if os, err = ordersOf(d, p, items); err == nil {
				if len(os) != 1 {
					return out, fmt.Errorf("a round's pick for %s is %d orders, not one", d.HnID, len(os))
				}
				row[i], rows = len(rows), append(rows, os[0])
			}
		}
		if err != nil {
			r, ok := refusedOf(lang, d.HnID, err)
			if !ok {
				return out, err
			}
			refused[i] = &r
		}
	}
	ids, err := insertOrders(ctx, tx, branch, by, rows)
	if err != nil {
		return out, err
	}
	var taken []newOrder
	read := []string{}
	for i, id := range ids {
		if id == "" {
			taken = append(taken, rows[i])
		} else {
			read = append(read, id)
		}
	}
	live, err := liveOrders(ctx, tx, branch, taken)
	if err != nil {
		return out, err
	}
	if err := insertParts(ctx, tx, branch, rows, ids); err != nil {
		return out, err
	}
	byID, err := ordersByID(ctx, tx, branch, append(read, slices.Collect(maps.Values(live))...))
	if err != nil {
		return out, err
	}
	var written []Order
	for i, d := range drafts {
		switch {
		case refused[i] != nil:
			out.Refused = append(out.Refused, *refused[i])
		case ids[row[i]] == "":
			existing := []Order{}
			if id, ok := live[rows[row[i]].key()]; ok {
				existing = append(existing, byID[id])
			}
			r, _ := refusedOf(lang, d.HnID, alreadyOrdered(existing))
			out.Refused = append(out.Refused, r)
		default:
			o := byID[ids[row[i]]]
			out.Ordered = append(out.Ordered, OrderedPatient{HnID: d.HnID, Orders: []Order{o}})
			written = append(written, o)
		}
	}
	if err := audit.WriteChanges(ctx, tx, createChanges(branch, by, written)); err != nil {
		return out, err
	}
	return out, nil
}
