package orders_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/menus"
	"samrap/pkg/orders"
	"samrap/pkg/patients"
	"samrap/pkg/session"
)

// The fixture: the demo data, plus test dishes put on every day of the demo weekday round
// for lunch (MT02), and test patients of SRP01 in ward W01 with the facts each test needs.
type fixture struct {
	s             *apitest.Server
	taker, ctrl   string
	today, lunch  string
	lunchID       int64
	breakfastID   int64
	dishes        map[string]int64 // test dish code → id
	sets          map[string]int64
	bangkokMidday time.Time
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	s := apitest.New(t)
	f := &fixture{s: s, taker: s.SignIn("ordertaker@samrap.local").Access, ctrl: s.SignIn("controller@samrap.local").Access,
		dishes: map[string]int64{}, sets: map[string]int64{}}
	now := s.Clock.Now().In(day.Bangkok)
	f.today = now.Format(time.DateOnly)
	f.lunchID, f.breakfastID = f.id(t, "meal_time", "MT02"), f.id(t, "meal_time", "MT01")
	// code, component, type, level, allergens, restricted
	for _, d := range []struct {
		code, component, iddsi string
		level                  int
		allergens, restricted  []string
	}{
		{"T-PEANUT", "MP01", "FOOD", 7, []string{"AL02"}, nil}, // an allergen
		{"T-PLAIN", "MP01", "FOOD", 7, nil, nil},               // nothing
		{"T-PUREE", "MP01", "FOOD", 4, nil, nil},               // dysphagia food
		{"T-PORK", "MP02", "FOOD", 6, nil, []string{"RI01"}},   // pork (Islam, Jay)
		{"T-SOUP", "MP02", "FOOD", 6, nil, nil},                // dysphagia soup
		{"T-WATER", "MP03", "DRINK", 0, nil, nil},              // thin drink
		{"T-THICK", "MP03", "DRINK", 2, nil, nil},              // mildly thick drink
	} {
		var id int64
		err := s.Env.DB.QueryRow(context.Background(), `WITH m AS (
				INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level)
				SELECT 'SRP01', $1, 'ทดสอบ ' || $1, 'Test ' || $1, c.id, p.id, $3, $4
				FROM cuisine_type c, meal_component p WHERE c.branch_code = 'SRP01' AND c.code = 'CU01'
					AND p.branch_code = 'SRP01' AND p.code = $2 RETURNING id),
			a AS (INSERT INTO menu_allergen SELECT 'SRP01', m.id, x.id FROM m, allergen x WHERE x.branch_code = 'SRP01' AND x.code = ANY($5)),
			r AS (INSERT INTO menu_restricted SELECT 'SRP01', m.id, x.id FROM m, restricted_ingredient x WHERE x.branch_code = 'SRP01' AND x.code = ANY($6)),
			c AS (INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
				SELECT 'SRP01', y.id, y.day_count, d, t.id, m.id FROM m, cycle y, meal_time t, generate_series(1, 7) d
				WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code = 'MT02')
			SELECT id FROM m`, d.code, d.component, d.iddsi, d.level, d.allergens, d.restricted).Scan(&id)
		if err != nil {
			t.Fatalf("dish %s: %v", d.code, err)
		}
		f.dishes[d.code] = id
	}
	// a set of a plain dish and the thin drink (normal), on the menu too
	var setID int64
	err := s.Env.DB.QueryRow(context.Background(), `WITH s AS (
			INSERT INTO menu_set (branch_code, code, name_th, name_en) VALUES ('SRP01', 'T-SET', 'ชุดทดสอบ', 'Test set') RETURNING id),
		i AS (INSERT INTO menu_set_item (branch_code, menu_set_id, menu_id, position) SELECT 'SRP01', s.id, x, n
			FROM s, unnest($1::bigint[]) WITH ORDINALITY AS u(x, n)),
		c AS (INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_set_id)
			SELECT 'SRP01', y.id, y.day_count, d, t.id, s.id FROM s, cycle y, meal_time t, generate_series(1, 7) d
			WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code = 'MT02')
		SELECT id FROM s`, []int64{f.dishes["T-PEANUT"], f.dishes["T-WATER"]}).Scan(&setID)
	if err != nil {
		t.Fatal(err)
	}
	f.sets["T-SET"] = setID
	return f
}

func (f *fixture) id(t testing.TB, table, code string) int64 {
	t.Helper()
	var id int64
	if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT id FROM `+table+` WHERE branch_code = 'SRP01' AND code = $1`, code).Scan(&id); err != nil {
		t.Fatalf("%s %s: %v", table, code, err)
	}
	return id
}

// patient adds a current patient of ward W01 with the facts set (SQL: column = value) and
// the allergen and restricted codes.
func (f *fixture) patient(t testing.TB, hn string, set string, allergens, restricted []string) {
	t.Helper()
	ctx := context.Background()
	_, err := f.s.Env.DB.Exec(ctx, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, ward_id)
		SELECT 'SRP01', $1, 'ทดสอบ', $1, 'Test', w.id FROM ward w WHERE w.branch_code = 'SRP01' AND w.code = 'W01'`, hn)
	if err != nil {
		t.Fatal(err)
	}
	if set != "" {
		if _, err := f.s.Env.DB.Exec(ctx, `UPDATE patient SET `+set+` WHERE branch_code = 'SRP01' AND hn_id = $1`, hn); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.s.Env.DB.Exec(ctx, `INSERT INTO patient_allergen SELECT 'SRP01', p.id, a.id FROM patient p, allergen a
		WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND a.branch_code = 'SRP01' AND a.code = ANY($2)`, hn, allergens)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.s.Env.DB.Exec(ctx, `INSERT INTO patient_restricted SELECT 'SRP01', p.id, a.id FROM patient p, restricted_ingredient a
		WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND a.branch_code = 'SRP01' AND a.code = ANY($2)`, hn, restricted)
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) post(token, call string, body any) apitest.Response {
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/" + call, Token: token, JSON: body, Lang: "en"})
}

func (f *fixture) get(token, path string) apitest.Response {
	return f.s.Do(apitest.Request{Method: "GET", Path: "/api/takerOrder/" + path, Token: token, Lang: "en"})
}

// draft is a submit body for lunch today with the dishes given by code.
func (f *fixture) draft(hn string, codes ...string) map[string]any {
	items := []map[string]any{}
	for _, c := range codes {
		items = append(items, map[string]any{"menuId": f.dishes[c], "alternativeNote": ""})
	}
	return map[string]any{"branchCode": "SRP01", "hnId": hn, "dates": []string{f.today}, "mealTimeIds": []int64{f.lunchID},
		"orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU", "items": items}
}

type problem struct {
	Code, Field, Message string
	MenuID               int64
	Conflicts            []orders.Conflict
}

func problemsOf(t *testing.T, res apitest.Response) []problem {
	t.Helper()
	var d struct {
		Problems []problem `json:"problems"`
	}
	res.Into(t, &d)
	return d.Problems
}

func codes(ps []problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code)
	}
	return strings.Join(out, ",")
}

type order struct {
	OrderID       string
	HnID          string
	Status        string
	OrderType     string
	NeedsReview   bool
	ReviewReasons []string
	Items         []struct {
		MenuID          *int64
		AlternativeNote string
		Conflicts       []orders.Conflict
	}
}

func (f *fixture) submit(t *testing.T, body map[string]any, want int) (apitest.Response, []order) {
	t.Helper()
	res := f.post(f.taker, "submitOrder", body)
	if res.Status != want {
		t.Fatalf("submitOrder %v: %d %s, want %d", body["hnId"], res.Status, res.Body, want)
	}
	var d struct{ Orders []order }
	if res.Status == http.StatusOK {
		res.Into(t, &d)
	}
	return res, d.Orders
}

func clone(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// Rule 1: an ORD needs an item (a dish, a set, or a specific meal's text).
func TestRuleOneItem(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-R1", "", nil, nil)
	res, _ := f.submit(t, f.draft("T-R1"), http.StatusUnprocessableEntity)
	if c := codes(problemsOf(t, res)); c != "NO_ITEM" {
		t.Fatalf("problems %s: %s", c, res.Body)
	}
	res, _ = f.submit(t, clone(f.draft("T-R1"), "courseType", "SPECIFIC", "description", " "), http.StatusUnprocessableEntity)
	if c := codes(problemsOf(t, res)); c != "NO_ITEM" {
		t.Fatalf("specific without text: %s", res.Body)
	}
	// the checker says the same and writes nothing
	res = f.post(f.taker, "checkerOrderTaker", f.draft("T-R1"))
	if res.Status != 200 || codes(problemsOf(t, res)) != "NO_ITEM" || f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-R1'`) != 0 {
		t.Fatalf("checker: %d %s", res.Status, res.Body)
	}
	_, os := f.submit(t, f.draft("T-R1", "T-PLAIN"), http.StatusOK)
	if len(os) != 1 || os[0].Status != "WAITING" || os[0].HnID != "T-R1" {
		t.Fatalf("ordered: %+v", os)
	}
	// NPO and NML carry no food: no item needed
	_, os = f.submit(t, clone(f.draft("T-R1"), "mealTimeIds", []int64{f.breakfastID}, "orderType", "NML", "courseType", ""), http.StatusOK)
	if len(os) != 1 || os[0].Status != "NO_MEAL" {
		t.Fatalf("NML: %+v", os)
	}
}

// Rule 2: an allergic or restricted ingredient is refused, naming it and the dish, unless an
// alternative note is given; the order keeps the conflicts it was accepted with.
func TestRuleAllergen(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-R2", "", []string{"AL02"}, []string{"RI01"})
	res, _ := f.submit(t, f.draft("T-R2", "T-PEANUT", "T-PORK"), http.StatusUnprocessableEntity)
	ps := problemsOf(t, res)
	if codes(ps) != "CONFLICT,CONFLICT" || !strings.Contains(ps[0].Message, "Test T-PEANUT") ||
		ps[0].Conflicts[0].Kind != "ALLERGEN" || ps[0].Conflicts[0].Code != "AL02" || ps[1].Conflicts[0].Kind != "RESTRICTED" {
		t.Fatalf("problems: %s", res.Body)
	}
	if !strings.Contains(ps[0].Message, ps[0].Conflicts[0].NameEn) {
		t.Fatalf("the message names the ingredient: %s", ps[0].Message)
	}
	body := f.draft("T-R2", "T-PEANUT", "T-PORK")
	body["items"] = []map[string]any{{"menuId": f.dishes["T-PEANUT"], "alternativeNote": "no peanut, sesame instead"},
		{"menuId": f.dishes["T-PORK"], "alternativeNote": "chicken instead"}}
	_, os := f.submit(t, body, http.StatusOK)
	if len(os[0].Items) != 2 || os[0].Items[0].AlternativeNote != "no peanut, sesame instead" || len(os[0].Items[0].Conflicts) != 1 {
		t.Fatalf("ordered with notes: %+v", os)
	}
	// a set carries its dishes' conflicts
	f.patient(t, "T-R2S", "", []string{"AL02"}, nil)
	set := clone(f.draft("T-R2S"), "courseType", "SET", "items", []map[string]any{{"menuSetId": f.sets["T-SET"]}})
	res, _ = f.submit(t, set, http.StatusUnprocessableEntity)
	if ps := problemsOf(t, res); codes(ps) != "CONFLICT" || ps[0].Conflicts[0].MenuCode != "T-PEANUT" {
		t.Fatalf("set: %s", res.Body)
	}
}

// Rule 3: no ORD while NPO covers the meal, for a discharged patient, or one not Current.
func TestRuleNPOAndDischarge(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	midnight, _ := day.Parse(f.today)
	from, to := midnight.Add(11*time.Hour), midnight.Add(12*time.Hour) // inside lunch 11:00–13:30
	f.patient(t, "T-NPO", fmt.Sprintf("npo_from = '%s', npo_to = '%s'", from.Format(time.RFC3339), to.Format(time.RFC3339)), nil, nil)
	res, _ := f.submit(t, f.draft("T-NPO", "T-PLAIN"), http.StatusUnprocessableEntity)
	if c := codes(problemsOf(t, res)); c != "NPO" {
		t.Fatalf("NPO: %s", res.Body)
	}
	// the message names the day as the screens do, never YYYY-MM-DD
	if m := problemsOf(t, res)[0].Message; !strings.HasSuffix(m, " on "+midnight.Format("2 Jan 2006")) {
		t.Fatalf("NPO message: %q", m)
	}
	th := f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/submitOrder", Token: f.taker, JSON: f.draft("T-NPO", "T-PLAIN"), Lang: "th"})
	if m := problemsOf(t, th)[0].Message; !strings.HasSuffix(m, " วันที่ "+day.Text(midnight, i18n.TH)) || !strings.Contains(m, strconv.Itoa(midnight.Year()+543)) {
		t.Fatalf("NPO message in Thai: %q", m)
	}
	// an NPO order for that meal is fine, and its status is fasting
	_, os := f.submit(t, clone(f.draft("T-NPO"), "orderType", "NPO"), http.StatusOK)
	if os[0].Status != "FASTING" {
		t.Fatalf("NPO order: %+v", os)
	}
	// open-ended NPO from before
	f.patient(t, "T-NPO2", fmt.Sprintf("npo_from = '%s'", midnight.Add(-time.Hour).Format(time.RFC3339)), nil, nil)
	if res, _ := f.submit(t, f.draft("T-NPO2", "T-PLAIN"), 422); codes(problemsOf(t, res)) != "NPO" {
		t.Fatalf("open NPO: %s", res.Body)
	}
	// an NPO ending before lunch does not stop it
	f.patient(t, "T-NPO3", fmt.Sprintf("npo_from = '%s', npo_to = '%s'", midnight.Format(time.RFC3339), midnight.Add(10*time.Hour).Format(time.RFC3339)), nil, nil)
	f.submit(t, f.draft("T-NPO3", "T-PLAIN"), 200)

	f.patient(t, "T-DIS", "hospital_status = 'DISCHARGED'", nil, nil)
	f.patient(t, "T-PRE", "visit_status = 'PreAdmit'", nil, nil)
	for _, hn := range []string{"T-DIS", "T-PRE"} {
		if res, _ := f.submit(t, f.draft(hn, "T-PLAIN"), 422); codes(problemsOf(t, res)) != "DISCHARGED" {
			t.Fatalf("%s: %s", hn, res.Body)
		}
	}
	// unknown and another branch's HN: 404
	f.submit(t, f.draft("NO-SUCH-HN", "T-PLAIN"), 404)
	f.submit(t, f.draft("SRP02-HN10001", "T-PLAIN"), 404)
}

// Rule 4: nothing above the patient's IDDSI level; food scope offers what it says.
func TestRuleTexture(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-TEX", "texture_food = 5, texture_drink = 2", nil, nil)
	res, _ := f.submit(t, f.draft("T-TEX", "T-PLAIN"), 422)
	if ps := problemsOf(t, res); codes(ps) != "TEXTURE" || ps[0].Conflicts[0].Kind != "TEXTURE" {
		t.Fatalf("level 7 for a level-5 patient: %s", res.Body)
	}
	// a note does not override a texture conflict
	body := f.draft("T-TEX", "T-PLAIN")
	body["items"] = []map[string]any{{"menuId": f.dishes["T-PLAIN"], "alternativeNote": "cut small"}}
	if res, _ := f.submit(t, body, 422); codes(problemsOf(t, res)) != "TEXTURE" {
		t.Fatalf("note on texture: %s", res.Body)
	}
	// a thin drink for a level-2 drinker
	if res, _ := f.submit(t, f.draft("T-TEX", "T-PUREE", "T-WATER"), 422); codes(problemsOf(t, res)) != "TEXTURE" {
		t.Fatalf("thin drink: %s", res.Body)
	}
	// a specific meal needs a dysphagia food type at or under the level
	// (free text for a texture patient is also acknowledged against the rules: TestRuleFreeText)
	spec := clone(f.draft("T-TEX"), "courseType", "SPECIFIC", "description", "ข้าวต้มปั่น", "freeTextAcknowledged", true)
	if res, _ := f.submit(t, spec, 422); codes(problemsOf(t, res)) != "TEXTURE" {
		t.Fatalf("specific: %s", res.Body)
	}
	f.submit(t, clone(spec, "dysphagiaFoodType", 4), 200)
	// scope: dysphagia only refuses a normal dish, normal only a dysphagia one
	f.patient(t, "T-SCOPE", "", nil, nil)
	if res, _ := f.submit(t, clone(f.draft("T-SCOPE", "T-PLAIN"), "foodScope", "DYSPHAGIA"), 422); codes(problemsOf(t, res)) != "SCOPE" {
		t.Fatalf("dysphagia scope: %s", res.Body)
	}
	if res, _ := f.submit(t, clone(f.draft("T-SCOPE", "T-PUREE"), "foodScope", "NORMAL"), 422); codes(problemsOf(t, res)) != "SCOPE" {
		t.Fatalf("normal scope: %s", res.Body)
	}
	tomorrow, _ := day.Parse(f.today)
	f.submit(t, clone(f.draft("T-TEX", "T-PUREE", "T-THICK"), "dates", []string{tomorrow.AddDate(0, 0, 1).Format(time.DateOnly)}), 200)

	// filterMenu under DYSPHAGIA offers dysphagia dishes only, and marks texture blocks
	res = f.post(f.taker, "filterMenu", map[string]any{"branchCode": "SRP01", "hnId": "T-TEX", "dateOrder": f.today,
		"mealTimeId": f.lunchID, "foodScope": "DYSPHAGIA"})
	var fm orders.FilteredMenu
	res.Into(t, &fm)
	if !fm.Covered || len(fm.Menus) == 0 {
		t.Fatalf("filterMenu: %s", res.Body)
	}
	for _, m := range fm.Menus {
		if m.Menu.IddsiType == "FOOD" && m.Menu.IddsiLevel == 7 || m.Menu.IddsiType == "DRINK" && m.Menu.IddsiLevel == 0 {
			t.Fatalf("a normal dish under DYSPHAGIA: %+v", m.Menu.Code)
		}
	}
	res = f.post(f.taker, "filterMenu", map[string]any{"branchCode": "SRP01", "hnId": "T-TEX", "dateOrder": f.today,
		"mealTimeId": f.lunchID, "foodScope": "BOTH"})
	res.Into(t, &fm)
	blocked := map[string]bool{}
	for _, m := range fm.Menus {
		blocked[m.Menu.Code] = m.Blocked
	}
	if !blocked["T-PLAIN"] || !blocked["T-SOUP"] || blocked["T-PUREE"] || !blocked["T-WATER"] || blocked["T-THICK"] {
		t.Fatalf("blocked: %v", blocked)
	}
}

// Rule 5: religion and vegetarian restrictions, for patients and caregivers.
func TestRuleReligion(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-MUS", fmt.Sprintf("religion_id = %d", f.id(t, "religion", "RE02")), nil, nil)
	res, _ := f.submit(t, f.draft("T-MUS", "T-PORK"), 422)
	if ps := problemsOf(t, res); codes(ps) != "CONFLICT" || ps[0].Conflicts[0].Kind != "RELIGION" {
		t.Fatalf("religion: %s", res.Body)
	}
	f.patient(t, "T-VEG", fmt.Sprintf("vegetarian_id = %d", f.id(t, "vegetarian", "VG03")), nil, nil)
	if ps := problemsOf(t, f.post(f.taker, "checkerOrderTaker", f.draft("T-VEG", "T-PORK"))); codes(ps) != "CONFLICT" || ps[0].Conflicts[0].Kind != "VEGETARIAN" {
		t.Fatalf("vegetarian: %+v", ps)
	}
	// the caregiver of a patient with no restriction states their own religion
	f.patient(t, "T-CG", "", nil, nil)
	cg := clone(f.draft("T-CG", "T-PORK"), "caregiver", true, "caregiverInfo",
		map[string]any{"religionId": f.id(t, "religion", "RE02"), "allergenIds": []int64{}, "restrictedIds": []int64{}})
	res, _ = f.submit(t, cg, 422)
	if ps := problemsOf(t, res); codes(ps) != "CONFLICT" || ps[0].Conflicts[0].Kind != "RELIGION" {
		t.Fatalf("caregiver religion: %s", res.Body)
	}
	// and no texture applies to a caregiver: the patient's texture need is the patient's
	_, err := f.s.Env.DB.Exec(context.Background(), `UPDATE patient SET texture_food = 4 WHERE branch_code = 'SRP01' AND hn_id = 'T-CG'`)
	if err != nil {
		t.Fatal(err)
	}
	_, os := f.submit(t, clone(cg, "caregiverInfo", map[string]any{}, "items", []map[string]any{{"menuId": f.dishes["T-PLAIN"]}}), 200)
	// the patient's own lunch is another order
	f.submit(t, f.draft("T-CG", "T-PUREE"), 200)
	if len(os) != 1 {
		t.Fatalf("caregiver order: %+v", os)
	}
	// filterMenuCaregiver marks the caregiver's allergen
	res = f.post(f.taker, "filterMenuCaregiver", map[string]any{"branchCode": "SRP01", "hnId": "T-CG", "dateOrder": f.today,
		"mealTimeId": f.lunchID, "caregiver": map[string]any{"allergenIds": []int64{f.id(t, "allergen", "AL02")}}})
	var fm orders.FilteredMenu
	res.Into(t, &fm)
	for _, m := range fm.Menus {
		if m.Menu.Code == "T-PEANUT" && (len(m.Conflicts) != 1 || m.Conflicts[0].Kind != "ALLERGEN" || m.Blocked) {
			t.Fatalf("caregiver filter: %+v", m)
		}
		if m.Menu.Code == "T-PLAIN" && m.Blocked {
			t.Fatalf("texture for a caregiver: %+v", m)
		}
	}
}

// Rule 6: one live order per patient, date and meal; the second is 409 with the first; two
// at once: one wins. Cancel, and the meal can be ordered again.
func TestRuleOneLiveOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-ONE", "", nil, nil)
	_, first := f.submit(t, f.draft("T-ONE", "T-PLAIN"), 200)
	res, _ := f.submit(t, f.draft("T-ONE", "T-PUREE"), 409)
	var d struct{ Existing []order }
	res.Into(t, &d)
	if res.Code != "ALREADY_ORDERED" || len(d.Existing) != 1 || d.Existing[0].OrderID != first[0].OrderID {
		t.Fatalf("409: %s", res.Body)
	}
	// a two-meal draft with one meal taken writes nothing
	res, _ = f.submit(t, clone(f.draft("T-ONE"), "mealTimeIds", []int64{f.breakfastID, f.lunchID}, "courseType", "SPECIFIC",
		"description", "rice soup"), 409)
	if f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-ONE'`) != 1 {
		t.Fatalf("half-ordered: %s", res.Body)
	}
	// cancel needs a reason; then the meal is free again
	if res := f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": first[0].OrderID}); res.Status != 422 || res.Fields()["cancelReason"] == "" {
		t.Fatalf("cancel without reason: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": first[0].OrderID, "cancelReason": "DOCTOR"})
	if res.Status != 200 || !strings.Contains(string(res.Data), `"status": "CANCELLED"`) && !strings.Contains(string(res.Data), `"status":"CANCELLED"`) {
		t.Fatalf("cancel: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": first[0].OrderID, "cancelReason": "DOCTOR"}); res.Status != 409 {
		t.Fatalf("cancel twice: %d", res.Status)
	}
	f.submit(t, f.draft("T-ONE", "T-PUREE"), 200)
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_order'`); n != 3 {
		t.Fatalf("change log rows: %d", n)
	}

	// two people at once: one 200, one 409 with the winner
	f.patient(t, "T-RACE", "", nil, nil)
	var wg sync.WaitGroup
	results := make([]apitest.Response, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			token := f.taker
			if i == 1 {
				token = f.ctrl
			}
			results[i] = f.post(token, "submitOrder", f.draft("T-RACE", "T-PLAIN"))
		}()
	}
	wg.Wait()
	if results[0].Status+results[1].Status != 200+409 {
		t.Fatalf("race: %d %s / %d %s", results[0].Status, results[0].Body, results[1].Status, results[1].Body)
	}
	if f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-RACE'`) != 1 {
		t.Fatal("two live orders")
	}
}

// A double click or a retried request with the same idempotency key creates nothing twice.
func TestIdempotency(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-IDEM", "", nil, nil)
	body := clone(f.draft("T-IDEM", "T-PLAIN"), "idempotencyKey", "0b9e7c1e-1c1e-4a53-9a1e-8d3c1f0e0a01")
	_, a := f.submit(t, body, 200)
	_, b := f.submit(t, body, 200)
	if len(a) != 1 || len(b) != 1 || a[0].OrderID != b[0].OrderID {
		t.Fatalf("replay: %+v %+v", a, b)
	}
	// at once, too
	f.patient(t, "T-IDEM2", "", nil, nil)
	body = clone(f.draft("T-IDEM2", "T-PLAIN"), "idempotencyKey", "key-2")
	var wg sync.WaitGroup
	res := make([]apitest.Response, 2)
	for i := range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); res[i] = f.post(f.taker, "submitOrder", body) }()
	}
	wg.Wait()
	if res[0].Status != 200 || res[1].Status != 200 || string(res[0].Data) != string(res[1].Data) {
		t.Fatalf("double click: %d %s / %d %s", res[0].Status, res[0].Body, res[1].Status, res[1].Body)
	}
	if f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id LIKE 'T-IDEM%'`) != 2 {
		t.Fatal("ordered twice")
	}
}

// Rule 7: a change of the patient's diet, allergies, texture or NPO after ordering flags the
// unserved orders from today with the reason, by any path; the list shows them first; a
// write changing none of the facts flags nothing; confirmReview re-checks and clears.
func TestRuleNeedsReview(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-REV", "", nil, nil)
	_, os := f.submit(t, f.draft("T-REV", "T-PEANUT"), 200)
	_, past := f.submit(t, clone(f.draft("T-REV"), "mealTimeIds", []int64{f.breakfastID}, "courseType", "SPECIFIC",
		"description", "rice soup"), 200)
	// yesterday's order is not touched: move the breakfast order a day back
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE meal_order SET order_date = order_date - 1 WHERE id = $1`, past[0].OrderID); err != nil {
		t.Fatal(err)
	}
	// an edit that changes the name only flags nothing
	p := getPatient(t, f, "T-REV")
	in := patients.InputOf(p)
	in.FirstNameEn = "Renamed"
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.ctrl, JSON: in}); res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	if o := f.order(t, os[0].OrderID); o.NeedsReview {
		t.Fatalf("flagged by a name change: %+v", o)
	}
	// the edit adds the peanut allergy
	p = getPatient(t, f, "T-REV")
	in = patients.InputOf(p)
	in.AllergenIDs = []int64{f.id(t, "allergen", "AL02")}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.ctrl, JSON: in}); res.Status != 200 {
		t.Fatalf("edit: %d %s", res.Status, res.Body)
	}
	o := f.order(t, os[0].OrderID)
	if !o.NeedsReview || strings.Join(o.ReviewReasons, ",") != "ALLERGY" {
		t.Fatalf("not flagged: %+v", o)
	}
	if y := f.order(t, past[0].OrderID); y.NeedsReview {
		t.Fatal("yesterday's order flagged")
	}
	// the list puts it first
	var page struct {
		Items []struct {
			HnID        string
			NeedsReview bool
		}
	}
	res := f.get(f.taker, "search?branchCode=SRP01&size=200&sortBy=hnId&dateOrder="+f.today)
	res.Into(t, &page)
	found := false
	for i, it := range page.Items {
		found = found || it.HnID == "T-REV" && it.NeedsReview
		if i > 0 && it.NeedsReview && !page.Items[i-1].NeedsReview {
			t.Fatalf("a row needing review after one that does not: %s", res.Body)
		}
	}
	if !found || page.Items[len(page.Items)-1].NeedsReview {
		t.Fatalf("search: %s", res.Body)
	}
	// confirmReview re-checks: the peanut dish now conflicts and needs a note
	res = f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": os[0].OrderID})
	if res.Status != 422 || codes(problemsOf(t, res)) != "CONFLICT" {
		t.Fatalf("confirm without note: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": os[0].OrderID,
		"items": []map[string]any{{"menuId": f.dishes["T-PEANUT"], "alternativeNote": "no peanut"}}})
	if res.Status != 200 {
		t.Fatalf("confirm: %d %s", res.Status, res.Body)
	}
	if o := f.order(t, os[0].OrderID); o.NeedsReview || o.Items[0].AlternativeNote != "no peanut" || len(o.Items[0].Conflicts) != 1 {
		t.Fatalf("after review: %+v", o)
	}
	// a hospital sync or an import goes through patients.Apply: NPO set there flags too
	midnight, _ := day.Parse(f.today)
	svc := patients.NewService(f.s.Env.DB, f.s.Clock.Now)
	p = getPatient(t, f, "T-REV")
	in = patients.InputOf(p)
	npo := midnight.Add(11 * time.Hour)
	in.NpoFrom = &npo
	err := pgx.BeginFunc(context.Background(), f.s.Env.DB, func(tx pgx.Tx) error {
		_, err := svc.Apply(context.Background(), tx, "SRP01", "hospital", patients.SourceHospital, []patients.Input{in}, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if o := f.order(t, os[0].OrderID); strings.Join(o.ReviewReasons, ",") != "NPO" {
		t.Fatalf("sync NPO: %+v", o)
	}
	// the Excel import: a row naming only the HN and a texture changes the texture alone
	_, cg := f.submit(t, clone(f.draft("T-REV", "T-PLAIN"), "caregiver", true), 200)
	err = pgx.BeginFunc(context.Background(), f.s.Env.DB, func(tx pgx.Tx) error {
		res, err := svc.ImportRows(context.Background(), tx, "SRP01", "excel", []imports.Row{{Line: 1,
			Cells: map[string]string{"hnId": "T-REV", "textureFood": "5"}}})
		if err == nil && len(res.Failed) > 0 {
			err = fmt.Errorf("refused: %+v", res.Failed)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if o := f.order(t, os[0].OrderID); strings.Join(o.ReviewReasons, ",") != "NPO,TEXTURE" {
		t.Fatalf("import texture: %+v", o)
	}
	// a caregiver order is not flagged by the patient's texture: its facts are the caregiver's
	if o := f.order(t, cg[0].OrderID); o.NeedsReview {
		t.Fatalf("caregiver order flagged: %+v", o)
	}
	// discharge flags the future orders (not cancelled: a person decides)
	f.submit(t, clone(f.draft("T-REV"), "orderType", "NPO", "dates", []string{midnight.AddDate(0, 0, 2).Format(time.DateOnly)}), 200)
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE patient SET hospital_status = 'DISCHARGED', room_id = NULL WHERE hn_id = 'T-REV'`); err != nil {
		t.Fatal(err)
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-REV'
		AND 'DISCHARGED' = ANY (o.review_reasons) AND o.status <> 'CANCELLED'`); n != 3 {
		t.Fatalf("discharge flagged %d orders", n)
	}
}

func getPatient(t *testing.T, f *fixture, hn string) patients.Patient {
	t.Helper()
	p, err := patients.NewService(f.s.Env.DB, f.s.Clock.Now).Get(context.Background(), "SRP01", hn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) order(t *testing.T, id string) order {
	t.Helper()
	res := f.get(f.taker, "getOrderDetails?branchCode=SRP01&orderId="+id)
	if res.Status != 200 {
		t.Fatalf("getOrderDetails: %d %s", res.Status, res.Body)
	}
	var o order
	res.Into(t, &o)
	return o
}

// The order list, details, choices, the QR token and another branch's order.
func TestListDetailsChoicesQR(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-LIST", "", []string{"AL02"}, nil)
	_, os := f.submit(t, clone(f.draft("T-LIST", "T-PLAIN"), "remarkIds", []int64{f.id(t, "remark", "RM01")}), 200)
	var page struct {
		Items []struct {
			HnID  string
			Meals []struct {
				MealTimeID int64
				Order      *struct{ OrderID, Status string }
			}
		}
		Total     int
		MealTypes []orders.MealTypeRef
	}
	res := f.get(f.taker, "search?branchCode=SRP01&criteria=T-LIST&ward=All&status=WAITING&dateOrder="+f.today)
	res.Into(t, &page)
	if page.Total != 1 || len(page.Items[0].Meals) != len(page.MealTypes) || len(page.MealTypes) < 3 {
		t.Fatalf("search: %s", res.Body)
	}
	for _, m := range page.Items[0].Meals {
		if (m.MealTimeID == f.lunchID) != (m.Order != nil) || m.Order != nil && m.Order.OrderID != os[0].OrderID {
			t.Fatalf("meals: %+v", page.Items[0].Meals)
		}
	}
	res = f.get(f.taker, "search?branchCode=SRP01&criteria=T-LIST&status=NOT_ORDERED&dateOrder="+f.today)
	res.Into(t, &page)
	if page.Total != 1 {
		t.Fatalf("not ordered: %s", res.Body)
	}
	res = f.get(f.taker, "search?branchCode=SRP01&criteria=T-LIST&status=FASTING&dateOrder="+f.today)
	res.Into(t, &page)
	if page.Total != 0 {
		t.Fatalf("fasting: %s", res.Body)
	}
	// the details
	res = f.get(f.taker, "getOrderDetails?branchCode=SRP01&orderId="+os[0].OrderID)
	var det struct {
		OrderID   string
		RemarkIDs []int64
		Patient   struct{ HnID string }
		MealType  struct{ Code string }
	}
	res.Into(t, &det)
	if det.Patient.HnID != "T-LIST" || det.MealType.Code != "MT02" || len(det.RemarkIDs) != 1 {
		t.Fatalf("details: %s", res.Body)
	}
	// another branch's taker does not find it
	other := f.s.TokenAs("multi@samrap.local", "SRP01", session.OrderTaker)
	if res := f.get(other, "getOrderDetails?branchCode=SRP01&orderId="+os[0].OrderID); res.Status != 200 {
		t.Fatalf("same branch, another taker: %d", res.Status)
	}
	// choices: the patient's allergens first
	res = f.get(f.taker, "getAllergens?branchCode=SRP01&hnId=T-LIST")
	var cs []orders.Choice
	res.Into(t, &cs)
	if len(cs) < 2 || cs[0].Code != "AL02" || !cs[0].Patient || cs[1].Patient {
		t.Fatalf("allergens: %s", res.Body)
	}
	res = f.get(f.taker, "getRestricted?branchCode=SRP01&religionCode=RE02")
	res.Into(t, &cs)
	if len(cs) == 0 || cs[0].Source == nil || *cs[0].Source != "RELIGION" {
		t.Fatalf("restricted: %s", res.Body)
	}
	res = f.get(f.taker, "getMealType?branchCode=SRP01")
	var mts []orders.MealTypeRef
	res.Into(t, &mts)
	if len(mts) < 3 || mts[0].Code != "MT01" || mts[0].StartTime != "06:00" {
		t.Fatalf("meal types: %s", res.Body)
	}
	// the QR token verifies and names the order, and a changed one does not
	res = f.get(f.taker, "getQrByOrderId/"+os[0].OrderID+"?branchCode=SRP01")
	var qr struct{ OrderID, Token string }
	res.Into(t, &qr)
	key, err := orders.TokenKey(context.Background(), f.s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := orders.VerifyToken(key, qr.Token)
	if err != nil || tok.OrderID != os[0].OrderID || tok.BranchCode != "SRP01" || tok.Date != f.today || tok.MealTimeID != f.lunchID ||
		!tok.HNMatches(key, "T-LIST") || tok.HNMatches(key, "T-OTHER") || strings.Contains(qr.Token, "T-LIST") || len(qr.Token) > 80 {
		t.Fatalf("token %q: %+v %v", qr.Token, tok, err)
	}
	bad := []byte(qr.Token)
	bad[10] ^= 1
	if _, err := orders.VerifyToken(key, string(bad)); err == nil {
		t.Fatal("an altered token verified")
	}
	if res := f.get(f.taker, "getQrByOrderId/not-a-uuid?branchCode=SRP01"); res.Status != 404 {
		t.Fatalf("bad id: %d", res.Status)
	}
	// an ordered dish and a remark an order uses cannot be deleted: 409 saying why
	nutri := f.s.SignIn("nutritionist@samrap.local").Access
	if _, err := f.s.Env.DB.Exec(context.Background(), `DELETE FROM cycle_menu WHERE menu_id = $1`, f.dishes["T-PLAIN"]); err != nil {
		t.Fatal(err)
	}
	for _, del := range []string{fmt.Sprintf("/api/parameter/deleteMenu?branchCode=SRP01&id=%d", f.dishes["T-PLAIN"]),
		fmt.Sprintf("/api/parameter/deleteRemark?branchCode=SRP01&id=%d", f.id(t, "remark", "RM01"))} {
		res := f.s.Do(apitest.Request{Method: "DELETE", Path: del, Token: nutri, Lang: "en"})
		if res.Status != 409 || !strings.Contains(res.Msg, "meal order") {
			t.Fatalf("%s: %d %s", del, res.Status, res.Body)
		}
	}
}

// The order list's meal-type filter (issue 25 §3): mealTimeId narrows the status filter to one
// meal type, so a nurse finds who has no lunch yet; without a status filter it changes nothing.
func TestSearchMealFilter(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, hn := range []string{"T-MF1", "T-MF2", "T-MF3"} {
		f.patient(t, hn, "", nil, nil)
	}
	// T-MF1: lunch ordered and NPO at breakfast; T-MF2: nothing; T-MF3: a caregiver's lunch only
	_, lunch := f.submit(t, f.draft("T-MF1", "T-PLAIN"), 200)
	f.submit(t, clone(f.draft("T-MF1"), "mealTimeIds", []int64{f.breakfastID}, "orderType", "NPO", "courseType", ""), 200)
	f.submit(t, clone(f.draft("T-MF3", "T-PLAIN"), "caregiver", true, "caregiverInfo", map[string]any{}), 200)
	dinner := f.id(t, "meal_time", "MT03")
	hns := func(query string) string {
		t.Helper()
		res := f.get(f.taker, "search?branchCode=SRP01&criteria=T-MF&sortBy=hnId&dateOrder="+f.today+query)
		var page struct {
			Items []struct{ HnID string }
			Total int
		}
		if res.Status != 200 {
			t.Fatalf("%s: %d %s", query, res.Status, res.Body)
		}
		res.Into(t, &page)
		var out []string
		for _, it := range page.Items {
			out = append(out, it.HnID)
		}
		if page.Total != len(out) {
			t.Fatalf("%s: total %d for %d rows", query, page.Total, len(out))
		}
		return strings.Join(out, ",")
	}
	meal := func(id int64) string { return fmt.Sprintf("&mealTimeId=%d", id) }
	for _, c := range []struct{ query, want string }{
		// without a meal type: a patient missing any meal is not ordered
		{"&status=NOT_ORDERED", "T-MF1,T-MF2,T-MF3"},
		{"&status=NOT_ORDERED&mealTimeId=All", "T-MF1,T-MF2,T-MF3"},
		// no lunch yet: the caregiver's lunch is not the patient's
		{"&status=NOT_ORDERED" + meal(f.lunchID), "T-MF2,T-MF3"},
		// NPO is an order (the meal is decided)
		{"&status=NOT_ORDERED" + meal(f.breakfastID), "T-MF2,T-MF3"},
		{"&status=NOT_ORDERED" + meal(dinner), "T-MF1,T-MF2,T-MF3"},
		// a status: one of that meal's orders has it, the caregiver's included
		{"&status=WAITING", "T-MF1,T-MF3"},
		{"&status=WAITING" + meal(f.lunchID), "T-MF1,T-MF3"},
		{"&status=WAITING" + meal(f.breakfastID), ""},
		{"&status=FASTING" + meal(f.breakfastID), "T-MF1"},
		{"&status=FASTING" + meal(f.lunchID), ""},
		// no status filter: the meal type changes nothing
		{meal(f.lunchID), "T-MF1,T-MF2,T-MF3"},
		// a meal type that is not the branch's matches no one
		{"&status=NOT_ORDERED&mealTimeId=999999999", ""},
	} {
		if got := hns(c.query); got != c.want {
			t.Errorf("%s: %q, want %q", c.query, got, c.want)
		}
	}
	// needs review: that meal's order is flagged
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE meal_order SET review_reasons = '{DIET}' WHERE id = $1`, lunch[0].OrderID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ query, want string }{
		{"&status=NEEDS_REVIEW", "T-MF1"},
		{"&status=NEEDS_REVIEW" + meal(f.lunchID), "T-MF1"},
		{"&status=NEEDS_REVIEW" + meal(f.breakfastID), ""},
	} {
		if got := hns(c.query); got != c.want {
			t.Errorf("%s: %q, want %q", c.query, got, c.want)
		}
	}
	// not an id: 400; not a row id: 422 naming the parameter
	if res := f.get(f.taker, "search?branchCode=SRP01&status=NOT_ORDERED&mealTimeId=lunch"); res.Status != 400 {
		t.Fatalf("mealTimeId=lunch: %d %s", res.Status, res.Body)
	}
	res := f.get(f.taker, "search?branchCode=SRP01&status=NOT_ORDERED&mealTimeId=0")
	if res.Status != 422 || !strings.Contains(string(res.Body), "mealTimeId") {
		t.Fatalf("mealTimeId=0: %d %s", res.Status, res.Body)
	}
}

// The ward calls: the same choice for several patients, each checked on its own; yesterday's
// orders of a ward copied to today; the alternatives to a conflicting dish.
func TestWardCalls(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-W1", "", nil, nil)
	f.patient(t, "T-W2", "", []string{"AL02"}, nil)
	f.patient(t, "T-W3", "hospital_status = 'DISCHARGED'", nil, nil)
	body := clone(f.draft("", "T-PEANUT"), "hnIds", []string{"T-W1", "T-W2", "T-W3", "NO-SUCH"}, "idempotencyKey", "many-1")
	delete(body, "hnId")
	res := f.post(f.taker, "submitOrderMany", body)
	var out struct {
		Ordered []struct {
			HnID   string
			Orders []order
		}
		Refused []struct {
			HnID     string
			Problems []problem
		}
	}
	res.Into(t, &out)
	if res.Status != 200 || len(out.Ordered) != 1 || out.Ordered[0].HnID != "T-W1" || len(out.Refused) != 3 {
		t.Fatalf("submitOrderMany: %d %s", res.Status, res.Body)
	}
	why := map[string]string{}
	for _, r := range out.Refused {
		why[r.HnID] = codes(r.Problems)
	}
	if why["T-W2"] != "CONFLICT" || why["T-W3"] != "DISCHARGED" || why["NO-SUCH"] != "NOT_FOUND" {
		t.Fatalf("refused: %v", why)
	}
	// the same key again: the same answer, nothing more written
	again := f.post(f.taker, "submitOrderMany", body)
	if string(again.Data) != string(res.Data) || f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id LIKE 'T-W%'`) != 1 {
		t.Fatalf("replay: %s", again.Body)
	}

	// copy: T-W1's lunch today, copied to tomorrow; T-W2 (allergic) had a noted order
	w2 := f.draft("T-W2", "T-PEANUT")
	w2["items"] = []map[string]any{{"menuId": f.dishes["T-PEANUT"], "alternativeNote": "no peanut"}}
	f.submit(t, w2, 200)
	midnight, _ := day.Parse(f.today)
	tomorrow := midnight.AddDate(0, 0, 1).Format(time.DateOnly)
	res = f.post(f.taker, "copyOrders", map[string]any{"branchCode": "SRP01", "wardId": f.id(t, "ward", "W01"),
		"fromDate": f.today, "toDate": tomorrow, "mealTimeIds": []int64{f.lunchID}})
	res.Into(t, &out)
	copied := map[string]bool{}
	for _, o := range out.Ordered {
		copied[o.HnID] = true
	}
	if res.Status != 200 || !copied["T-W1"] || !copied["T-W2"] {
		t.Fatalf("copyOrders: %d %s", res.Status, res.Body)
	}
	// copying again: every meal is taken
	res = f.post(f.taker, "copyOrders", map[string]any{"branchCode": "SRP01", "wardId": f.id(t, "ward", "W01"),
		"fromDate": f.today, "toDate": tomorrow, "mealTimeIds": []int64{f.lunchID}})
	res.Into(t, &out)
	why = map[string]string{}
	for _, r := range out.Refused {
		why[r.HnID] = codes(r.Problems)
	}
	// (the demo patients' lunch dish is not on tomorrow's menu: NOT_ON_MENU)
	if len(out.Ordered) != 0 || why["T-W1"] != "ALREADY_ORDERED" || why["T-W2"] != "ALREADY_ORDERED" {
		t.Fatalf("copy twice: %s", res.Body)
	}

	// checkReplaceIngredient: the peanut dish's conflict and the main dishes without one
	res = f.post(f.taker, "checkReplaceIngredient", map[string]any{"branchCode": "SRP01", "hnId": "T-W2", "dateOrder": f.today,
		"mealTimeId": f.lunchID, "menuId": f.dishes["T-PEANUT"]})
	var rep struct {
		Conflicts    []orders.Conflict
		Alternatives []orders.MenuChoice
	}
	res.Into(t, &rep)
	alt := map[string]bool{}
	for _, a := range rep.Alternatives {
		if a.Menu.MealComponentCode != "MP01" || len(a.Conflicts) != 0 {
			t.Fatalf("alternative %+v", a)
		}
		alt[a.Menu.Code] = true
	}
	if len(rep.Conflicts) != 1 || rep.Conflicts[0].Code != "AL02" || !alt["T-PLAIN"] || alt["T-PEANUT"] {
		t.Fatalf("checkReplaceIngredient: %s", res.Body)
	}
}

// Bad input: clear, translated errors, nothing half-ordered.
func TestBadInput(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-BAD", "unmapped_allergies = '{ถั่วเหลือง}'", nil, nil)
	var version int
	if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT version FROM patient WHERE hn_id = 'T-BAD'`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	ok := clone(f.draft("T-BAD", "T-PLAIN"), "unmappedAllergiesChecked", true, "patientVersion", version)
	midnight, _ := day.Parse(f.today)
	var otherMeal int64
	if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT id FROM meal_time WHERE branch_code = 'SRP02' LIMIT 1`).Scan(&otherMeal); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"unmapped allergies not confirmed", clone(ok, "unmappedAllergiesChecked", false), "UNMAPPED_ALLERGY"},
		{"a stale form", clone(ok, "patientVersion", version-1+10), "STALE"},
		{"a date no round covers", clone(ok, "dates", []string{midnight.AddDate(3, 0, 0).Format(time.DateOnly)}), "NO_MENU"},
		{"a dish of another meal", clone(ok, "mealTimeIds", []int64{f.breakfastID}), "NOT_ON_MENU"},
		{"another branch's meal type", clone(ok, "mealTimeIds", []int64{otherMeal}), "MEAL_TYPE"},
		{"two main dishes", clone(f.draft("T-BAD", "T-PLAIN", "T-PUREE"), "unmappedAllergiesChecked", true), "COMPONENT"},
	} {
		res, _ := f.submit(t, c.body, 422)
		if got := codes(problemsOf(t, res)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, res.Body, c.want)
		}
	}
	// the shape of a draft: 422 naming the field, no problems
	for field, body := range map[string]map[string]any{
		"dates":     clone(ok, "dates", []string{midnight.AddDate(0, 0, -1).Format(time.DateOnly)}),
		"orderType": clone(ok, "orderType", "EAT"),
		"items":     clone(ok, "items", []map[string]any{{"menuId": 1, "menuSetId": 2}}),
	} {
		res, _ := f.submit(t, body, 422)
		if res.Fields()[field] == "" {
			t.Errorf("%s: %s", field, res.Body)
		}
	}
	// in Thai
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/submitOrder", Token: f.taker, Lang: "th", JSON: clone(ok, "patientVersion", 99)})
	if res.Status != 422 || !strings.Contains(string(res.Data), "ข้อมูลผู้ป่วยมีการเปลี่ยนแปลง") {
		t.Fatalf("thai: %s", res.Body)
	}
	if f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-BAD'`) != 0 {
		t.Fatal("something was ordered")
	}
	// an inactive dish is not on the menu any more
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE menu SET active = false WHERE id = $1`, f.dishes["T-PUREE"]); err != nil {
		t.Fatal(err)
	}
	if res, _ := f.submit(t, clone(ok, "items", []map[string]any{{"menuId": f.dishes["T-PUREE"]}}), 422); codes(problemsOf(t, res)) != "NOT_ON_MENU" {
		t.Fatalf("inactive dish: %s", res.Body)
	}
	_, os := f.submit(t, ok, 200)
	// a served order can be cancelled, with a reason
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE meal_order SET status = 'SERVED' WHERE id = $1`, os[0].OrderID); err != nil {
		t.Fatal(err)
	}
	if res := f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": os[0].OrderID, "cancelReason": "patient"}); res.Status != 200 {
		t.Fatalf("cancel served: %d %s", res.Status, res.Body)
	}
	// another branch's order is not found
	var foreign string
	if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT id::text FROM meal_order WHERE branch_code = 'SRP02' LIMIT 1`).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	for _, res := range []apitest.Response{f.get(f.taker, "getOrderDetails?branchCode=SRP01&orderId="+foreign),
		f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": foreign, "cancelReason": "PATIENT"}),
		f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": foreign})} {
		if res.Status != 404 {
			t.Fatalf("another branch's order: %d %s", res.Status, res.Body)
		}
	}
}

// Every choice call answers the branch's active rows.
func TestChoices(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-CH", fmt.Sprintf("religion_id = %d, unmapped_allergies = '{ถั่วเหลือง}'", f.id(t, "religion", "RE02")),
		[]string{"AL03"}, []string{"RI02"})
	if _, err := f.s.Env.DB.Exec(context.Background(), `INSERT INTO patient_therapeutic SELECT 'SRP01', p.id, t.id FROM patient p, therapeutic t
		WHERE p.hn_id = 'T-CH' AND t.branch_code = 'SRP01' AND t.code = 'TF02'`); err != nil {
		t.Fatal(err)
	}
	for call, first := range map[string]string{"getDietType": "DT01", "getTherapeutic?hnId=T-CH": "TF02", "getAllergens?hnId=T-CH": "AL03",
		"getAllergensCaregiver": "AL01", "getReligion": "RE01", "getCuisine": "CU01", "getVegetarian": "VG01", "getRemarks": "RM01",
		"getOthers": "", "getMealComponents": "MP01", "getRestricted?hnId=T-CH": "RI02", "getRestrictedCaregiver?religionCode=RE02": "RI01"} {
		sep := "?"
		if strings.Contains(call, "?") {
			sep = "&"
		}
		res := f.get(f.taker, call+sep+"branchCode=SRP01")
		var cs []orders.Choice
		res.Into(t, &cs)
		if res.Status != 200 || first != "" && (len(cs) == 0 || cs[0].Code != first) {
			t.Errorf("%s: %d %s", call, res.Status, res.Body)
		}
		switch call {
		case "getAllergens?hnId=T-CH":
			if !cs[0].Patient || cs[1].Patient || !cs[len(cs)-1].Unmapped || cs[len(cs)-1].NameTh != "ถั่วเหลือง" {
				t.Errorf("%s: %s", call, res.Body)
			}
		case "getRestricted?hnId=T-CH":
			// the patient's own, then the religion's (pork, alcohol), then the rest
			if *cs[0].Source != "PATIENT" || cs[1].Source == nil || *cs[1].Source != "RELIGION" || cs[len(cs)-1].Source != nil {
				t.Errorf("%s: %s", call, res.Body)
			}
		}
	}
}

// filterMenu's filters: the component of a dish (a set: any of its dishes), the kitchen, and
// a diet type of the round's content or the dish.
func TestFilterMenuFilters(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-FM", "", nil, nil)
	menu := func(extra ...any) orders.FilteredMenu {
		t.Helper()
		body := clone(map[string]any{"branchCode": "SRP01", "hnId": "T-FM", "dateOrder": f.today, "mealTimeId": f.lunchID}, extra...)
		res := f.post(f.taker, "filterMenu", body)
		if res.Status != 200 {
			t.Fatalf("filterMenu %v: %d %s", extra, res.Status, res.Body)
		}
		var fm orders.FilteredMenu
		res.Into(t, &fm)
		return fm
	}
	all := menu()
	drinks := menu("mealComponentId", f.id(t, "meal_component", "MP03"))
	// the sets kept are those with a drink among their dishes
	withDrink := 0
	for _, c := range all.Sets {
		if slices.ContainsFunc(c.MenuSet.Menus, func(m menus.SetMenu) bool { return m.MealComponentCode == "MP03" }) {
			withDrink++
		}
	}
	if len(drinks.Menus) == 0 || len(drinks.Menus) >= len(all.Menus) || withDrink == 0 || withDrink == len(all.Sets) || len(drinks.Sets) != withDrink {
		t.Fatalf("component: %d of %d dishes, %d sets (%d of %d with a drink)", len(drinks.Menus), len(all.Menus), len(drinks.Sets), withDrink, len(all.Sets))
	}
	for _, m := range drinks.Menus {
		if m.Menu.MealComponentCode != "MP03" {
			t.Fatalf("not a drink: %s", m.Menu.Code)
		}
	}
	if k := menu("cuisineTypeId", f.id(t, "cuisine_type", "CU04")); len(k.Menus) >= len(all.Menus) {
		t.Fatalf("kitchen filter kept %d of %d", len(k.Menus), len(all.Menus))
	}
	// the test dishes suit no diet type: a diet filter leaves them out
	for _, m := range menu("dietTypeId", f.id(t, "diet_type", "DT01")).Menus {
		if strings.HasPrefix(m.Menu.Code, "T-") {
			t.Fatalf("diet filter kept %s", m.Menu.Code)
		}
	}
	// no round that day
	midnight, _ := day.Parse(f.today)
	if none := menu("dateOrder", midnight.AddDate(3, 0, 0).Format(time.DateOnly)); none.Covered || len(none.Menus) != 0 {
		t.Fatalf("uncovered: %+v", none)
	}
}

// A patient's save replaces the allergy lists (delete, then insert): the orders are rechecked
// once when it commits, so a save (of the remark) with the same allergies flags nothing, not even for a
// moment (no flag time, which work performance would count), and a save adding an allergen
// of the tray flags the order once: a later save with the same allergies keeps its flag time.
func TestPatientSaveRecheckedAtCommit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-PSAVE", "", []string{"AL03"}, nil)
	_, os := f.submit(t, f.draft("T-PSAVE", "T-PEANUT"), 200)
	id := os[0].OrderID
	// each save changes the remark too (a save that changes nothing writes nothing)
	saves := 0
	save := func(allergens ...string) {
		t.Helper()
		saves++
		in := patients.InputOf(getPatient(t, f, "T-PSAVE"))
		in.Remark = fmt.Sprintf("save %d", saves)
		in.AllergenIDs = []int64{}
		for _, a := range allergens {
			in.AllergenIDs = append(in.AllergenIDs, f.id(t, "allergen", a))
		}
		if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/patient/updatePatientInfo", Token: f.ctrl, JSON: in}); res.Status != 200 {
			t.Fatalf("edit: %d %s", res.Status, res.Body)
		}
	}
	save("AL03")
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND review_flagged_at IS NULL AND review_reasons = '{}'`, id); n != 1 {
		t.Fatalf("flagged by a save with the same allergies: %+v", f.order(t, id))
	}
	// the save adds peanut, in the tray: flagged with a flag time
	save("AL03", "AL02")
	if o := f.order(t, id); !o.NeedsReview || strings.Join(o.ReviewReasons, ",") != "ALLERGY" {
		t.Fatalf("not flagged: %+v", o)
	}
	var flagged time.Time
	if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT review_flagged_at FROM meal_order WHERE id = $1`, id).Scan(&flagged); err != nil {
		t.Fatalf("flag time: %v", err)
	}
	// saved again with the same allergies: still flagged, from the same time
	save("AL03", "AL02")
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND review_flagged_at = $2 AND review_reasons = '{ALLERGY}'`, id, flagged); n != 1 {
		t.Fatalf("a save with the same allergies re-flagged the order: %+v", f.order(t, id))
	}
}

// The facts an order keeps do not depend on the session's time zone: a write from a session
// in another zone that changes nothing flags nothing.
func TestReviewIgnoresSessionTimeZone(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	midnight, _ := day.Parse(f.today)
	f.patient(t, "T-TZ", fmt.Sprintf("npo_from = '%s', npo_to = '%s'", midnight.Add(2*time.Hour).Format(time.RFC3339),
		midnight.Add(3*time.Hour).Format(time.RFC3339)), nil, nil)
	_, os := f.submit(t, f.draft("T-TZ", "T-PLAIN"), 200)
	ctx := context.Background()
	tx, err := f.s.Env.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for _, sql := range []string{`SET LOCAL TimeZone = 'America/New_York'`,
		`UPDATE patient SET npo_to = npo_to WHERE branch_code = 'SRP01' AND hn_id = 'T-TZ'`} {
		if _, err := tx.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if o := f.order(t, os[0].OrderID); o.NeedsReview {
		t.Fatalf("flagged by a session's time zone: %+v", o)
	}
}
