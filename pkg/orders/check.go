package orders

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
)

// The checks (docs/orders.md, "The checks"): one place decides what a patient, or a
// caregiver, may be served. filterMenu, checkReplaceIngredient, checkerOrderTaker,
// submitOrder, submitOrderMany, copyOrders and confirmReview all call it.

// Conflict kinds.
const (
	KindAllergen   = "ALLERGEN"
	KindRestricted = "RESTRICTED"
	KindReligion   = "RELIGION"
	KindVegetarian = "VEGETARIAN"
	KindTexture    = "TEXTURE"
)

// Conflict is an ingredient (or a texture) of a dish the person must not have.
type Conflict struct {
	Kind       string `json:"kind"`
	Code       string `json:"code"`
	NameTh     string `json:"nameTh"`
	NameEn     string `json:"nameEn"`
	MenuID     int64  `json:"menuId"`
	MenuCode   string `json:"menuCode"`
	MenuNameTh string `json:"menuNameTh"`
	MenuNameEn string `json:"menuNameEn"`
}

// Overridable says whether an alternative note lets the conflict through.
func (c Conflict) Overridable() bool { return c.Kind != KindTexture }

// Problem is a reason a draft cannot be ordered.
type Problem struct {
	Code       string     `json:"code"`
	Field      string     `json:"field"`
	Message    string     `json:"message"`
	DateOrder  string     `json:"dateOrder,omitempty"`
	MealTimeID int64      `json:"mealTimeId,omitempty"`
	MenuID     int64      `json:"menuId,omitempty"`
	MenuSetID  int64      `json:"menuSetId,omitempty"`
	Conflicts  []Conflict `json:"conflicts,omitempty"`
	Rules      []Rule     `json:"rules,omitempty"` // FREE_TEXT: the rules to acknowledge
}

// Rule kinds beyond the conflict kinds (ALLERGEN, RESTRICTED, RELIGION, VEGETARIAN).
const (
	RuleUnmapped     = "UNMAPPED_ALLERGY"
	RuleTextureFood  = "TEXTURE_FOOD"
	RuleTextureDrink = "TEXTURE_DRINK"
)

// Rule is one of a person's food rules: what a free-text meal, which has no ingredients to
// check, must be acknowledged against. Kind ALLERGEN, UNMAPPED_ALLERGY (no code: the text
// as the hospital sent it), RESTRICTED, RELIGION (one that restricts an ingredient),
// VEGETARIAN, TEXTURE_FOOD or TEXTURE_DRINK (code "IDDSI n").
type Rule struct {
	Kind   string `json:"kind"`
	Code   string `json:"code"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

func (r Rule) key() string { return r.Kind + "|" + r.Code + "|" + r.NameTh }

// rulesOf adds to the master rows among a person's rules (refs, from the database) the
// unmapped allergies and texture needs of a patient.
func rulesOf(refs []Rule, p person) []Rule {
	rules := slices.Clone(refs)
	if p.Caregiver {
		return rules
	}
	for _, u := range p.Unmapped {
		rules = append(rules, Rule{Kind: RuleUnmapped, NameTh: u, NameEn: u})
	}
	both := func(kind, key string, n int) Rule {
		return Rule{Kind: kind, Code: fmt.Sprintf("IDDSI %d", n), NameTh: i18n.T(i18n.TH, key, n), NameEn: i18n.T(i18n.EN, key, n)}
	}
	if p.TextureFood != nil && *p.TextureFood < 7 {
		rules = append(rules, both(RuleTextureFood, "orders.limitFood", *p.TextureFood))
	}
	if p.TextureDrink != nil && *p.TextureDrink > 0 {
		rules = append(rules, both(RuleTextureDrink, "orders.limitDrink", *p.TextureDrink))
	}
	return rules
}

// freeTextAcknowledged says whether a free-text draft is acknowledged against the rules: by
// the person now, or by a stored order's acknowledgement that covered every rule there is
// now (a rule gained since needs a new one).
func freeTextAcknowledged(d Draft, rules []Rule) bool {
	if d.FreeTextAcknowledged {
		return true
	}
	if d.ackedRules == nil {
		return false
	}
	for _, r := range rules {
		if !slices.ContainsFunc(d.ackedRules, func(a Rule) bool { return a.key() == r.key() }) {
			return false
		}
	}
	return true
}

// rulesText names the rules by kind: "Allergy: Shrimp; Religion: Islam".
func rulesText(lang i18n.Lang, rules []Rule) string {
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = i18n.T(lang, "orders.rule"+r.Kind) + ": " + nameIn(lang, r.NameTh, r.NameEn)
	}
	return strings.Join(parts, "; ")
}

// person is whom an order feeds, as the checks see them: a patient, or a caregiver with
// their stated restrictions (and the patient's stay).
type person struct {
	PatientID            int64
	HnID                 string
	Version              int
	Caregiver            bool
	VisitStatus          string
	HospitalStatus       string
	TextureFood          *int
	TextureDrink         *int
	NpoFrom, NpoTo       *time.Time
	Unmapped             []string
	Rules                []Rule // every food rule (rulesOf)
	WardID               *int64
	Allergens            map[int64]bool
	Restricted           map[int64]bool
	ReligionRestricted   map[int64]bool
	VegetarianRestricted map[int64]bool
}

// discharged says the patient is not in hospital as a Current patient.
func (p person) discharged() bool {
	return p.VisitStatus != "Current" || p.HospitalStatus == "DISCHARGED"
}

// npoOver says the patient's NPO [from, to) overlaps the window [start, end].
func (p person) npoOver(start, end time.Time) bool {
	if p.Caregiver || p.NpoFrom == nil {
		return false
	}
	return p.NpoFrom.Before(end) && (p.NpoTo == nil || p.NpoTo.After(start))
}

// dysphagiaDish says a dish is a dysphagia dish: a FOOD of IDDSI 3–6 or a DRINK of 1–4.
func dysphagiaDish(m menus.Menu) bool {
	if m.IddsiType == menus.Drink {
		return m.IddsiLevel >= 1
	}
	return m.IddsiLevel <= 6
}

// dishConflicts answers what of the dish the person must not have.
func dishConflicts(p person, m menus.Menu) []Conflict {
	var out []Conflict
	add := func(kind string, r menus.Ref) {
		out = append(out, Conflict{Kind: kind, Code: r.Code, NameTh: r.NameTh, NameEn: r.NameEn, MenuID: m.ID,
			MenuCode: m.Code, MenuNameTh: m.NameTh, MenuNameEn: m.NameEn})
	}
	for _, a := range m.Allergens {
		if p.Allergens[a.ID] {
			add(KindAllergen, a)
		}
	}
	for _, r := range m.Restricted {
		if p.Restricted[r.ID] {
			add(KindRestricted, r)
		}
		if p.ReligionRestricted[r.ID] {
			add(KindReligion, r)
		}
		if p.VegetarianRestricted[r.ID] {
			add(KindVegetarian, r)
		}
	}
	if !p.Caregiver {
		// named by direction with the dish's level: a drink thinner than prescribed, a food
		// harder than the patient can have
		key := ""
		switch {
		case m.IddsiType == menus.Drink && p.TextureDrink != nil && m.IddsiLevel < *p.TextureDrink:
			key = "orders.textureThin"
		case m.IddsiType != menus.Drink && p.TextureFood != nil && m.IddsiLevel > *p.TextureFood:
			key = "orders.textureHard"
		}
		if key != "" {
			add(KindTexture, menus.Ref{Code: fmt.Sprintf("IDDSI %d", m.IddsiLevel),
				NameTh: i18n.T(i18n.TH, key, m.IddsiLevel), NameEn: i18n.T(i18n.EN, key, m.IddsiLevel)})
		}
	}
	return out
}

// textureLimits names a patient's texture rules: "food up to IDDSI 5, drinks IDDSI 2 or thicker".
func textureLimits(lang i18n.Lang, p person) string {
	var parts []string
	if p.TextureFood != nil {
		parts = append(parts, i18n.T(lang, "orders.limitFood", *p.TextureFood))
	}
	if p.TextureDrink != nil {
		parts = append(parts, i18n.T(lang, "orders.limitDrink", *p.TextureDrink))
	}
	return strings.Join(parts, ", ")
}

// setConflicts answers its dishes' conflicts.
func setConflicts(p person, dishes []menus.Menu) []Conflict {
	var out []Conflict
	for _, d := range dishes {
		out = append(out, dishConflicts(p, d)...)
	}
	return out
}

func blocked(cs []Conflict) bool {
	return slices.ContainsFunc(cs, func(c Conflict) bool { return !c.Overridable() })
}

// scopeAllows says whether the food scope offers a dish (or a set, dysphagia when any of
// its dishes is).
func scopeAllows(scope string, dishes []menus.Menu) bool {
	dys := slices.ContainsFunc(dishes, dysphagiaDish)
	switch scope {
	case ScopeNormal:
		return !dys
	case ScopeDysphagia:
		return dys
	}
	return true
}

// mealType is an active meal type of the branch.
type mealType struct {
	ID                                 int64
	Code, NameTh, NameEn               string
	Start, End                         time.Duration // since midnight
	Abbreviation, MealColor, TextColor string
}

// window answers the meal's window on date in Asia/Bangkok.
func (m mealType) window(date string) (time.Time, time.Time) {
	d, _ := day.Parse(date) // checked with the draft
	return d.Add(m.Start), d.Add(m.End)
}

// catalogue is what the checks read of the menus: each pair's day menu, and every dish
// named (directly or in a set) with its ingredients.
type catalogue struct {
	days      map[menus.DayKey]menus.DayMenu
	dishes    map[int64]menus.Menu   // dishes named by id
	setDishes map[int64][]menus.Menu // a set's dishes
}

// onMenu says whether the day's menu offers the dish or set.
func onMenu(d menus.DayMenu, menuID, setID int64) bool {
	for _, it := range d.Items {
		if menuID != 0 && it.Menu != nil && it.Menu.ID == menuID {
			return true
		}
		if setID != 0 && it.MenuSet != nil && it.MenuSet.ID == setID {
			return true
		}
	}
	return false
}

// checked is a draft's item with the conflicts it is ordered with.
type checked struct {
	Item
	Conflicts []Conflict
}

// check runs every check of a draft for one person: the problems (none: it may be ordered)
// and the items with their conflicts. meals are the branch's active meal types by id.
func check(lang i18n.Lang, d Draft, p person, meals map[int64]mealType, cat catalogue) ([]Problem, []checked) {
	var probs []Problem
	addKey := func(code, field, key string, pr Problem, args ...any) {
		pr.Code, pr.Field, pr.Message = code, field, i18n.T(lang, key, args...)
		probs = append(probs, pr)
	}
	add := func(code, field string, pr Problem, args ...any) { addKey(code, field, problemKeys[code], pr, args...) }
	if d.PatientVersion != 0 && d.PatientVersion != p.Version {
		add(ProblemStale, "patientVersion", Problem{})
	}
	items := make([]checked, len(d.Items))
	for i, it := range d.Items {
		items[i].Item = it
	}
	food := d.OrderType == TypeOrder
	if !food {
		for _, mt := range d.MealTimeIDs {
			if _, ok := meals[mt]; !ok {
				add(ProblemMealType, "mealTimeIds", Problem{MealTimeID: mt})
			}
		}
		return atPair(d, probs), nil
	}
	if p.discharged() {
		add(ProblemDischarged, "hnId", Problem{})
	}
	if !p.Caregiver && len(p.Unmapped) > 0 && !d.UnmappedAllergiesChecked {
		add(ProblemUnmapped, "unmappedAllergiesChecked", Problem{}, strings.Join(p.Unmapped, ", "))
	}
	switch {
	case d.CourseType == CourseSpecific && strings.TrimSpace(d.Description) == "",
		d.CourseType != CourseSpecific && len(d.Items) == 0:
		add(ProblemNoItem, "items", Problem{})
	}
	if d.CourseType == CourseSpecific && !p.Caregiver && p.TextureFood != nil {
		switch {
		case d.DysphagiaFoodType == nil:
			addKey(ProblemTexture, "dysphagiaFoodType", "orders.freeTextLevelMissing", Problem{}, *p.TextureFood)
		case *d.DysphagiaFoodType > *p.TextureFood:
			addKey(ProblemTexture, "dysphagiaFoodType", "orders.freeTextTooHard", Problem{}, *d.DysphagiaFoodType, *p.TextureFood)
		}
	}
	// free text has no ingredients to check: a person with any food rule needs it
	// acknowledged against those rules, which the order keeps
	if d.CourseType == CourseSpecific && len(p.Rules) > 0 && !freeTextAcknowledged(d, p.Rules) {
		add(ProblemFreeText, "freeTextAcknowledged", Problem{Rules: p.Rules}, rulesText(lang, p.Rules))
	}
	// the items: conflicts and scope, once (they do not depend on the date)
	for i := range items {
		it := &items[i]
		var dishes []menus.Menu
		var name string
		if it.MenuID != 0 {
			m, ok := cat.dishes[it.MenuID]
			if !ok {
				continue // NOT_ON_MENU below
			}
			dishes, name = []menus.Menu{m}, nameIn(lang, m.NameTh, m.NameEn)
		} else {
			dishes = cat.setDishes[it.MenuSetID]
			name = fmt.Sprint(it.MenuSetID)
			if len(dishes) > 0 {
				name = nameIn(lang, dishes[0].NameTh, dishes[0].NameEn)
			}
		}
		it.Conflicts = setConflicts(p, dishes)
		ref := Problem{MenuID: it.MenuID, MenuSetID: it.MenuSetID}
		var open, texture []Conflict
		for _, c := range it.Conflicts {
			switch {
			case !c.Overridable():
				texture = append(texture, c)
			case strings.TrimSpace(it.AlternativeNote) == "":
				open = append(open, c)
			}
		}
		if len(open) > 0 {
			pr := ref
			pr.Conflicts = open
			add(ProblemConflict, "items", pr, conflictText(lang, open))
		}
		if len(texture) > 0 {
			pr := ref
			pr.Conflicts = texture
			add(ProblemTexture, "items", pr, conflictText(lang, texture), textureLimits(lang, p))
		}
		if len(dishes) > 0 && !scopeAllows(d.FoodScope, dishes) {
			add(ProblemScope, "items", ref, name)
		}
	}
	// each (date, meal type) pair
	for _, date := range d.Dates {
		for _, mt := range d.MealTimeIDs {
			at := Problem{DateOrder: date, MealTimeID: mt}
			meal, ok := meals[mt]
			if !ok {
				add(ProblemMealType, "mealTimeIds", at)
				continue
			}
			if start, end := meal.window(date); p.npoOver(start, end) {
				on, _ := day.Parse(date) // checked with the draft
				add(ProblemNPO, "mealTimeIds", at, nameIn(lang, meal.NameTh, meal.NameEn), day.Text(on, lang))
			}
			if d.CourseType == CourseSpecific {
				continue
			}
			day := cat.days[menus.DayKey{Date: date, MealTimeID: mt}]
			if !day.Covered {
				add(ProblemNoMenu, "dates", at, date)
				continue
			}
			for _, it := range items {
				if !onMenu(day, it.MenuID, it.MenuSetID) {
					pr := at
					pr.MenuID, pr.MenuSetID = it.MenuID, it.MenuSetID
					add(ProblemNotOnMenu, "items", pr, nameIn(lang, meal.NameTh, meal.NameEn), date)
				}
			}
		}
	}
	return atPair(d, probs), items
}

// atPair names in the problems that hold for every (date, meal type) pair of the draft — the
// person's (DISCHARGED, STALE, …) and the items' (CONFLICT, TEXTURE, …), found once — the
// draft's date when it has one, and its meal type when it has one: every problem of a
// one-meal order (a form, a round's row, the bedside) then says which meal it is about, as
// the pair's own problems (NPO, NOT_ON_MENU, …) do. A draft of several dates or meal types
// lists such a problem once, without the date or meal type it would repeat for each.
func atPair(d Draft, probs []Problem) []Problem {
	for i := range probs {
		if probs[i].DateOrder == "" && len(d.Dates) == 1 {
			probs[i].DateOrder = d.Dates[0]
		}
		if probs[i].MealTimeID == 0 && len(d.MealTimeIDs) == 1 {
			probs[i].MealTimeID = d.MealTimeIDs[0]
		}
	}
	return probs
}

func nameIn(lang i18n.Lang, th, en string) string {
	if lang == i18n.EN && en != "" {
		return en
	}
	return th
}

// conflictText names each conflicting ingredient and its dish: "Peanut (Pad Thai)".
func conflictText(lang i18n.Lang, cs []Conflict) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = nameIn(lang, c.NameTh, c.NameEn) + " (" + nameIn(lang, c.MenuNameTh, c.MenuNameEn) + ")"
	}
	return strings.Join(parts, ", ")
}
