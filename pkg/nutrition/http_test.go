package nutrition_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/demo"
	"samrap/pkg/nutrition"
	"samrap/pkg/session"
)

// fixture: the demo data, test dishes of known nutrients on every day's breakfast, lunch and
// dinner of the weekly round, and a diabetic test patient of ward W01 (diet DT01, therapeutic
// food TF01): the demo targets make energy 1,600–1,800 kcal (the stricter of DT01's and
// TF01's), protein at least 50 g, sodium at most 2,300 mg, carbohydrate 130–200 g and at
// most 60 g a meal.
type fixture struct {
	s                  *apitest.Server
	nutri, taker, ctrl string
	date               string
	meals              map[string]int64 // MT01 breakfast, MT02 lunch, MT03 dinner
	dishes             map[string]int64
	set                int64
	wardID             int64
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	s := apitest.New(t)
	ctx := context.Background()
	f := &fixture{s: s, nutri: s.SignIn("nutritionist@samrap.local").Access, taker: s.SignIn("ordertaker@samrap.local").Access,
		ctrl: s.SignIn("controller@samrap.local").Access, meals: map[string]int64{}, dishes: map[string]int64{}}
	f.date = s.Clock.Now().In(day.Bangkok).AddDate(0, 0, 2).Format(time.DateOnly)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := s.DB.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO nutrient_unit (branch_code, code, name_th, unit) VALUES ('SRP01', 'T-KJ', 'กิโลจูล', 'kJ'),
		('SRP01', 'T-CUP', 'ถ้วย', 'cups')`)
	for _, d := range []struct {
		code, component string
		nutrients       string // nutrient:amount:unit code, …
	}{
		{"T-RICE", "MP01", "energy:300:NU01,carbohydrate:66:NU02,protein:6:NU02,sodium:5:NU03"},
		// 2,000 kJ is 478.0 kcal; 0.9 g of sodium is 900 mg; a cup of fat is not added
		{"T-CURRY", "MP02", "energy:2000:T-KJ,carbohydrate:10:NU02,protein:25:NU02,sodium:0.9:NU02,fat:1:T-CUP"},
	} {
		var id int64
		if err := s.DB.QueryRow(ctx, `INSERT INTO menu (branch_code, code, name_th, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level)
			SELECT 'SRP01', $1, 'ทดสอบ ' || $1, c.id, p.id, 'FOOD', 7 FROM cuisine_type c, meal_component p
			WHERE c.branch_code = 'SRP01' AND c.code = 'CU01' AND p.branch_code = 'SRP01' AND p.code = $2 RETURNING id`, d.code, d.component).Scan(&id); err != nil {
			t.Fatal(err)
		}
		f.dishes[d.code] = id
		for _, n := range strings.Split(d.nutrients, ",") {
			p := strings.Split(n, ":")
			exec(`INSERT INTO menu_nutrient SELECT 'SRP01', $1, $2, $3::numeric, u.id FROM nutrient_unit u
				WHERE u.branch_code = 'SRP01' AND u.code = $4`, id, p[0], p[1], p[2])
		}
	}
	if err := s.DB.QueryRow(ctx, `WITH s AS (INSERT INTO menu_set (branch_code, code, name_th) VALUES ('SRP01', 'T-SET', 'ชุดทดสอบ') RETURNING id),
		i AS (INSERT INTO menu_set_item SELECT 'SRP01', s.id, m.id, m.n FROM s,
			(VALUES ($1::bigint, 1), ($2::bigint, 2)) AS m(id, n))
		SELECT id FROM s`, f.dishes["T-RICE"], f.dishes["T-CURRY"]).Scan(&f.set); err != nil {
		t.Fatal(err)
	}
	// every dish and the set on every day's breakfast, lunch and dinner of the weekly round
	exec(`INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id, menu_set_id)
		SELECT 'SRP01', y.id, y.day_count, d, t.id, x.menu_id, x.set_id FROM cycle y, meal_time t, generate_series(1, 7) d,
			(VALUES ($1::bigint, NULL::bigint), ($2, NULL), (NULL, $3)) AS x(menu_id, set_id)
		WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code IN ('MT01', 'MT02', 'MT03')`,
		f.dishes["T-RICE"], f.dishes["T-CURRY"], f.set)
	rows, err := s.DB.Query(ctx, `SELECT code, id FROM meal_time WHERE branch_code = 'SRP01'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var code string
		var id int64
		if err := rows.Scan(&code, &id); err != nil {
			t.Fatal(err)
		}
		f.meals[code] = id
	}
	rows.Close()
	if err := s.DB.QueryRow(ctx, `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W01'`).Scan(&f.wardID); err != nil {
		t.Fatal(err)
	}
	exec(`INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id, diet_type_id)
		SELECT 'SRP01', 'T-NUT1', 'ทดสอบ', 'เบาหวาน', 'Test', 'Diabetic', w.id, d.id FROM ward w, diet_type d
		WHERE w.branch_code = 'SRP01' AND w.code = 'W01' AND d.branch_code = 'SRP01' AND d.code = 'DT01'`)
	exec(`INSERT INTO patient_therapeutic SELECT 'SRP01', p.id, t.id FROM patient p, therapeutic t
		WHERE p.branch_code = 'SRP01' AND p.hn_id = 'T-NUT1' AND t.branch_code = 'SRP01' AND t.code = 'TF01'`)
	return f
}

// order orders the patient's meal of f.date: a set or dishes.
func (f *fixture) order(t testing.TB, meal string, set bool, dishes ...string) string {
	t.Helper()
	draft := map[string]any{"branchCode": "SRP01", "hnId": "T-NUT1", "dates": []string{f.date},
		"mealTimeIds": []int64{f.meals[meal]}, "orderType": "ORD", "foodScope": "BOTH"}
	if set {
		draft["courseType"], draft["items"] = "SET", []map[string]any{{"menuSetId": f.set}}
	} else {
		var items []map[string]any
		for _, d := range dishes {
			items = append(items, map[string]any{"menuId": f.dishes[d]})
		}
		draft["courseType"], draft["items"] = "MENU", items
	}
	id, _ := f.s.Order(t, f.taker, "en", draft)
	return id
}

func (f *fixture) day(t testing.TB, token, hn string) (nutrition.PatientDay, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/day?branchCode=SRP01&hnId=" + hn + "&dateOrder=" + f.date, Token: token})
	var d nutrition.PatientDay
	if res.Status == http.StatusOK {
		res.Into(t, &d)
	}
	return d, res
}

func (f *fixture) check(t testing.TB, meal string, items ...map[string]any) nutrition.TrayCheck {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/checkTray", Token: f.taker, JSON: map[string]any{
		"branchCode": "SRP01", "hnId": "T-NUT1", "dateOrder": f.date, "mealTimeId": f.meals[meal], "items": items}})
	if res.Status != http.StatusOK {
		t.Fatalf("checkTray %s: %d %s", meal, res.Status, res.Body)
	}
	var c nutrition.TrayCheck
	res.Into(t, &c)
	return c
}

func target(d []nutrition.Target, n string) nutrition.Target {
	for _, t := range d {
		if t.Nutrient == n {
			return t
		}
	}
	return nutrition.Target{}
}

func val(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

func warnings(w []nutrition.Warning) string {
	var out []string
	for _, x := range w {
		out = append(out, x.Limit+":"+x.Nutrient+":"+ftoa(x.Total)+">"+ftoa(x.Max))
	}
	return strings.Join(out, " ")
}

// Issue 27 §2: every order carries what its tray gives; the day adds the orders it counts;
// a tray that takes the day (or its meal) over a limit is a warning with the figures.
func TestTrayAndDay(t *testing.T) {
	t.Parallel()
	f := newFixture(t)

	// No order yet: the targets, the strictest of the diet's and the therapeutic food's
	d, res := f.day(t, f.nutri, "T-NUT1")
	if res.Status != http.StatusOK {
		t.Fatalf("day: %d %s", res.Status, res.Body)
	}
	energy, carb := target(d.Targets, "energy"), target(d.Targets, "carbohydrate")
	if val(energy.DailyMin) != 1600 || val(energy.DailyMax) != 1800 || energy.Unit != "kcal" || len(energy.From) != 2 ||
		val(carb.DailyMax) != 200 || val(carb.MealMax) != 60 || carb.From[0].Code != "TF01" ||
		val(target(d.Targets, "sodium").DailyMax) != 2300 || target(d.Targets, "sodium").Unit != "mg" ||
		val(target(d.Targets, "protein").DailyMin) != 50 || len(d.Totals) != 0 || len(d.Over) != 0 || len(d.Meals) != 0 {
		t.Fatalf("day before ordering: %s", res.Data)
	}

	// A tray before it is ordered: a set counts as its dishes; kJ and g of sodium are brought
	// to kcal and mg; an amount in a unit Samrap does not know is left out
	c := f.check(t, "MT01", map[string]any{"menuSetId": f.set})
	if c.Tray["energy"] != 778 || c.Tray["carbohydrate"] != 76 || c.Tray["protein"] != 31 || c.Tray["sodium"] != 905 ||
		c.Tray["fat"] != 0 || warnings(c.Warnings) != "MEAL_MAX:carbohydrate:76>60" {
		t.Fatalf("breakfast tray: %+v %s", c.Tray, warnings(c.Warnings))
	}

	// Ordered: the order carries its tray's nutrients
	bf := f.order(t, "MT01", true)
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/takerOrder/getOrderDetails?branchCode=SRP01&orderId=" + bf, Token: f.taker})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Data), `"nutrients":{"carbohydrate":76,"energy":778,"protein":31,"sodium":905}`) {
		t.Fatalf("order details: %d %s", res.Status, res.Data)
	}
	lunch := f.order(t, "MT02", false, "T-RICE", "T-CURRY")

	// Dinner on top: the day goes over its energy and carbohydrate maximums, and the tray
	// over the meal's carbohydrate; a warning with each figure, not a refusal
	c = f.check(t, "MT03", map[string]any{"menuId": f.dishes["T-RICE"]}, map[string]any{"menuId": f.dishes["T-CURRY"]})
	if c.Day.Totals["energy"] != 1556 || len(c.Day.Meals) != 2 || c.After["energy"] != 2334 || c.After["carbohydrate"] != 228 ||
		warnings(c.Warnings) != "DAILY_MAX:energy:2334>1800 DAILY_MAX:carbohydrate:228>200 DAILY_MAX:sodium:2715>2300 MEAL_MAX:carbohydrate:76>60" {
		t.Fatalf("dinner tray: day %+v after %+v: %s", c.Day.Totals, c.After, warnings(c.Warnings))
	}
	// Lunch again: the day so far leaves out the lunch the tray replaces
	c = f.check(t, "MT02", map[string]any{"menuId": f.dishes["T-RICE"]})
	if c.Day.Totals["energy"] != 778 || len(c.Day.Meals) != 1 || c.After["energy"] != 1078 || warnings(c.Warnings) != "MEAL_MAX:carbohydrate:66>60" {
		t.Fatalf("lunch again: day %+v after %+v: %s", c.Day.Totals, c.After, warnings(c.Warnings))
	}
	// An empty tray gives nothing
	if c := f.check(t, "MT03"); len(c.Tray) != 0 || c.After["energy"] != 1556 {
		t.Fatalf("empty tray: %+v", c)
	}

	// The day: both meals, in meal order; the total under the maximum
	d, _ = f.day(t, f.ctrl, "T-NUT1")
	if d.Totals["energy"] != 1556 || d.Totals["sodium"] != 1810 || len(d.Meals) != 2 || d.Meals[0].OrderID != bf ||
		d.Meals[1].OrderID != lunch || d.Meals[1].Nutrients["carbohydrate"] != 76 || len(d.Over) != 0 {
		t.Fatalf("day of two meals: %+v", d)
	}
	// A dinner ordered over the limit is taken (a warning is no block), and the day says so
	f.order(t, "MT03", true)
	d, _ = f.day(t, f.taker, "T-NUT1")
	if warnings(d.Over) != "DAILY_MAX:energy:2334>1800 DAILY_MAX:carbohydrate:228>200 DAILY_MAX:sodium:2715>2300" {
		t.Fatalf("day over: %s", warnings(d.Over))
	}
	// A cancelled order and a caregiver's meal are not the patient's day
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/cancel", Token: f.taker,
		JSON: map[string]any{"branchCode": "SRP01", "orderId": lunch, "cancelReason": "PATIENT"}})
	if res.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", res.Status, res.Body)
	}
	f.s.Order(t, f.taker, "en", map[string]any{"branchCode": "SRP01", "hnId": "T-NUT1", "dates": []string{f.date},
		"mealTimeIds": []int64{f.meals["MT02"]}, "caregiver": true, "caregiverInfo": map[string]any{}, "orderType": "ORD",
		"foodScope": "BOTH", "courseType": "SET", "items": []map[string]any{{"menuSetId": f.set}}})
	d, _ = f.day(t, f.taker, "T-NUT1")
	if d.Totals["energy"] != 1556 || len(d.Meals) != 2 || len(d.Over) != 0 {
		t.Fatalf("day without the cancelled lunch and the caregiver's: %+v", d)
	}

	// The branch's day: the ward's patients, the test patient among them with the same day
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/days?branchCode=SRP01&size=100&ward=" + itoa(f.wardID) +
		"&dateOrder=" + f.date, Token: f.taker})
	var page struct {
		Items []nutrition.PatientDay `json:"items"`
		Total int                    `json:"total"`
	}
	res.Into(t, &page)
	var found *nutrition.PatientDay
	for i, p := range page.Items {
		if p.WardCode != "W01" {
			t.Fatalf("a patient of ward %s in W01's day", p.WardCode)
		}
		if p.HnID == "T-NUT1" {
			found = &page.Items[i]
		}
	}
	if res.Status != http.StatusOK || found == nil || found.Totals["energy"] != 1556 || page.Total != len(page.Items) || page.Total < 5 {
		t.Fatalf("ward's day: %d total %d found %+v", res.Status, page.Total, found)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/days?branchCode=SRP01&criteria=nut1&dateOrder=" + f.date, Token: f.nutri})
	res.Into(t, &page)
	if page.Total != 1 || page.Items[0].HnID != "T-NUT1" {
		t.Fatalf("by criteria: %s", res.Data)
	}
}

// Bad trays and days are told, on their fields; another branch's patient is not found.
func TestTrayAndDayRefusals(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, c := range []struct {
		name   string
		body   map[string]any
		status int
		field  string
	}{
		{"no HN", map[string]any{"dateOrder": f.date, "mealTimeId": f.meals["MT01"]}, 422, "hnId"},
		{"bad date", map[string]any{"hnId": "T-NUT1", "dateOrder": "2026-02-30", "mealTimeId": f.meals["MT01"]}, 422, "dateOrder"},
		{"no meal", map[string]any{"hnId": "T-NUT1", "dateOrder": f.date}, 422, "mealTimeId"},
		{"dish and set in one item", map[string]any{"hnId": "T-NUT1", "dateOrder": f.date, "mealTimeId": f.meals["MT01"],
			"items": []map[string]any{{"menuId": f.dishes["T-RICE"], "menuSetId": f.set}}}, 422, "items"},
		{"an empty item", map[string]any{"hnId": "T-NUT1", "dateOrder": f.date, "mealTimeId": f.meals["MT01"],
			"items": []map[string]any{{}}}, 422, "items"},
		{"another branch's patient", map[string]any{"hnId": "SRP02-HN10001", "dateOrder": f.date, "mealTimeId": f.meals["MT01"]}, 404, ""},
	} {
		c.body["branchCode"] = "SRP01"
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/checkTray", Token: f.taker, JSON: c.body})
		if res.Status != c.status || c.field != "" && res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if _, res := f.day(t, f.nutri, "SRP02-HN10001"); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's patient's day: %d", res.Status)
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/day?branchCode=SRP01&hnId=T-NUT1&dateOrder=tomorrow", Token: f.nutri})
	if res.Status != http.StatusUnprocessableEntity || res.Fields()["dateOrder"] == "" {
		t.Fatalf("bad date: %d %s", res.Status, res.Body)
	}
	// who may: the Nutritionist reads a day but orders no tray; Serve neither
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/checkTray", Token: f.nutri, JSON: map[string]any{
		"branchCode": "SRP01", "hnId": "T-NUT1", "dateOrder": f.date, "mealTimeId": f.meals["MT01"]}}); res.Status != http.StatusForbidden {
		t.Fatalf("nutritionist checks a tray: %d", res.Status)
	}
	if _, res := f.day(t, f.s.SignIn("serve@samrap.local").Access, "T-NUT1"); res.Status != http.StatusForbidden {
		t.Fatalf("serve reads a day: %d", res.Status)
	}
	other := f.s.TokenAs("multi@samrap.local", demo.ChiangMai, session.Nutritionist)
	if _, res := f.day(t, other, "T-NUT1"); res.Status != http.StatusForbidden {
		t.Fatalf("SRP02's nutritionist naming SRP01: %d", res.Status)
	}
}

// Issue 27 §1: the Nutritionist sets a patient's weight and own targets; per kilogram they
// follow the weight; every change is logged; bad input is told on its field.
func TestPatientTargets(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	save := func(token string, body map[string]any) apitest.Response {
		body["branchCode"], body["hnId"] = "SRP01", "T-NUT1"
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/updatePatientTargets", Token: token, JSON: body, Lang: "en"})
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"per kg without a weight", map[string]any{"targets": []map[string]any{{"nutrient": "energy", "basis": "KG", "dailyMin": 25}}}, "weightKg"},
		{"per kg of fat", map[string]any{"weightKg": 60, "targets": []map[string]any{{"nutrient": "fat", "basis": "KG", "dailyMax": 1}}}, "targets.fat.basis"},
		{"per kg a meal", map[string]any{"weightKg": 60, "targets": []map[string]any{{"nutrient": "protein", "basis": "KG", "mealMax": 1}}}, "targets.protein.basis"},
		{"no weight of 0", map[string]any{"weightKg": 0}, "weightKg"},
		{"a heavy weight", map[string]any{"weightKg": 401}, "weightKg"},
		{"min above max", map[string]any{"targets": []map[string]any{{"nutrient": "sodium", "dailyMin": 2000, "dailyMax": 1500}}}, "targets.sodium.dailyMax"},
		{"no bound", map[string]any{"targets": []map[string]any{{"nutrient": "sodium"}}}, "targets.sodium.dailyMax"},
		{"twice", map[string]any{"targets": []map[string]any{{"nutrient": "sodium", "dailyMax": 1}, {"nutrient": "sodium", "dailyMax": 2}}}, "targets.sodium"},
		{"negative", map[string]any{"targets": []map[string]any{{"nutrient": "sugar", "dailyMax": -5}}}, "targets.sugar.dailyMax"},
		{"unknown basis", map[string]any{"targets": []map[string]any{{"nutrient": "sugar", "basis": "WEEK", "dailyMax": 5}}}, "targets.sugar.basis"},
		{"unknown nutrient", map[string]any{"targets": []map[string]any{{"nutrient": "iron", "dailyMax": 5}}}, "targets"},
	} {
		res := save(f.nutri, c.body)
		if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s, want 422 on %s", c.name, res.Status, res.Body, c.field)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM patient_nutrition n JOIN patient p ON p.branch_code = n.branch_code AND p.id = n.patient_id
		WHERE p.hn_id = 'T-NUT1'`) + f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient_nutrition'`); n != 0 {
		t.Fatalf("refused saves wrote %d rows", n)
	}
	// only the Nutritionist sets targets; the Order Taker and the Controller read them
	if res := save(f.taker, map[string]any{"weightKg": 60}); res.Status != http.StatusForbidden {
		t.Fatalf("order taker saves: %d", res.Status)
	}

	// 200: energy 25–30 kcal/kg at 60 kg is 1,500–1,800 kcal; carbohydrate the patient's own
	res := save(f.nutri, map[string]any{"weightKg": 60.04, "targets": []map[string]any{
		{"nutrient": "Energy", "basis": "kg", "dailyMin": 25, "dailyMax": 30},
		{"nutrient": "carbohydrate", "dailyMax": 250, "mealMax": 70}}})
	var rec nutrition.Record
	res.Into(t, &rec)
	energy, carb := target(rec.Targets, "energy"), target(rec.Targets, "carbohydrate")
	if res.Status != http.StatusOK || res.Msg != "The patient's nutrition targets are saved" || val(rec.WeightKg) != 60 ||
		!energy.Own || energy.Basis != "KG" || val(energy.DailyMin) != 1500 || val(energy.DailyMax) != 1800 || val(energy.PerKg.DailyMin) != 25 ||
		!carb.Own || val(carb.DailyMin) != -1 || val(carb.DailyMax) != 250 || val(carb.MealMax) != 70 ||
		target(rec.Targets, "sodium").Own || val(target(rec.DietOnly, "carbohydrate").DailyMax) != 200 || rec.UpdatedBy != "D0004" {
		t.Fatalf("saved: %d %s", res.Status, res.Body)
	}
	// the day and a tray follow the patient's own targets
	c := f.check(t, "MT01", map[string]any{"menuSetId": f.set})
	if len(c.Warnings) != 1 || c.Warnings[0].Limit != "MEAL_MAX" || c.Warnings[0].Max != 70 {
		t.Fatalf("tray against own targets: %s", warnings(c.Warnings))
	}
	// a new weight moves the per-kilogram range; a target left out is removed
	res = save(f.nutri, map[string]any{"weightKg": 70, "targets": []map[string]any{{"nutrient": "energy", "basis": "KG", "dailyMin": 25, "dailyMax": 30}}})
	res.Into(t, &rec)
	if res.Status != http.StatusOK || val(target(rec.Targets, "energy").DailyMax) != 2100 || target(rec.Targets, "carbohydrate").Own || len(rec.Own) != 1 {
		t.Fatalf("weight 70: %d %s", res.Status, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/patientTargets?branchCode=SRP01&hnId=T-NUT1", Token: f.ctrl})
	res.Into(t, &rec)
	if res.Status != http.StatusOK || val(rec.WeightKg) != 70 || len(rec.Own) != 1 || rec.Own[0].Basis != "KG" {
		t.Fatalf("read back: %d %s", res.Status, res.Body)
	}
	// logged: who, the weight and the targets before and after
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient_nutrition' AND entity_id = 'T-NUT1'
		AND changed_by = 'D0004' AND (before ->> 'weightKg')::numeric = 60 AND (after ->> 'weightKg')::numeric = 70
		AND jsonb_array_length(before -> 'targets') = 2 AND jsonb_array_length(after -> 'targets') = 1`); n != 1 {
		t.Fatalf("change log of the second save: %d", n)
	}
	// another branch's patient is not found, and nothing is written for it
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/updatePatientTargets", Token: f.nutri,
		JSON: map[string]any{"branchCode": "SRP01", "hnId": "SRP02-HN10001", "weightKg": 50}})
	if res.Status != http.StatusNotFound {
		t.Fatalf("another branch's patient: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/patientTargets?branchCode=SRP01&hnId=NOPE", Token: f.nutri}); res.Status != http.StatusNotFound {
		t.Fatalf("unknown HN: %d", res.Status)
	}
}

func itoa(n int64) string   { return strconv.FormatInt(n, 10) }
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Issue 27 §2: a menu round planned against a diet's targets — each day's average and range,
// the days out of range named; entries of another diet or therapeutic food left out.
func TestCycleAnalysis(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	var cycle int64
	// a 2-day loop round, inactive (the weekly round holds the dates)
	if err := f.s.DB.QueryRow(ctx, `INSERT INTO cycle (branch_code, code, name_th, round_type, day_count, start_date, active)
		VALUES ('SRP01', 'T-CY', 'รอบทดสอบ', 'LOOP', 2, '2026-01-01', false) RETURNING id`).Scan(&cycle); err != nil {
		t.Fatal(err)
	}
	var dt01, dt02, tf03 int64
	if err := f.s.DB.QueryRow(ctx, `SELECT (SELECT id FROM diet_type WHERE branch_code = 'SRP01' AND code = 'DT01'),
		(SELECT id FROM diet_type WHERE branch_code = 'SRP01' AND code = 'DT02'),
		(SELECT id FROM therapeutic WHERE branch_code = 'SRP01' AND code = 'TF03')`).Scan(&dt01, &dt02, &tf03); err != nil {
		t.Fatal(err)
	}
	put := func(day int, meal string, menu, set any, diet, therapeutic any) {
		t.Helper()
		if _, err := f.s.DB.Exec(ctx, `INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id,
			menu_set_id, diet_type_id, therapeutic_id) VALUES ('SRP01', $1, 2, $2, $3, $4, $5, $6, $7)`,
			cycle, day, f.meals[meal], menu, set, diet, therapeutic); err != nil {
			t.Fatal(err)
		}
	}
	rice, curry := f.dishes["T-RICE"], f.dishes["T-CURRY"]
	put(1, "MT01", rice, nil, dt01, nil)
	put(1, "MT02", rice, nil, dt01, nil) // lunch: the dishes together (rice and curry) …
	put(1, "MT02", curry, nil, dt01, nil)
	put(1, "MT02", nil, f.set, dt01, nil) // … or the set: the same, a second tray
	put(1, "MT03", curry, nil, dt02, nil) // another diet's dinner: not this diet's
	put(2, "MT01", rice, nil, dt01, nil)
	put(2, "MT03", nil, f.set, dt01, tf03) // a low-protein dinner: not a diabetic's
	get := func(token, query string) (nutrition.CycleAnalysis, apitest.Response) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/cycleAnalysis?branchCode=SRP01&" + query, Token: token})
		var a nutrition.CycleAnalysis
		if res.Status == http.StatusOK {
			res.Into(t, &a)
		}
		return a, res
	}
	var therapeutic int64
	if err := f.s.DB.QueryRow(ctx, `SELECT id FROM therapeutic WHERE branch_code = 'SRP01' AND code = 'TF01'`).Scan(&therapeutic); err != nil {
		t.Fatal(err)
	}
	a, res := get(f.nutri, "cycleId="+itoa(cycle)+"&dietTypeId="+itoa(dt01)+"&therapeuticId="+itoa(therapeutic))
	if res.Status != http.StatusOK || a.DayCount != 2 || len(a.Days) != 2 {
		t.Fatalf("analysis: %d %s", res.Status, res.Body)
	}
	d1, d2 := a.Days[0], a.Days[1]
	if len(d1.Meals) != 2 || d1.Meals[1].Trays != 2 || d1.Meals[1].Average["energy"] != 778 || d1.Average["energy"] != 1078 ||
		d1.Average["carbohydrate"] != 142 || len(d2.Meals) != 1 || d2.Average["energy"] != 300 {
		t.Fatalf("days: %+v", a.Days)
	}
	// diabetic and regular: energy 1,600–1,800, carbohydrate 130–200 and at most 60 a meal
	outs := func(d nutrition.CycleDay) string {
		var s []string
		for _, o := range d.OutOfRange {
			s = append(s, o.Limit+":"+o.Nutrient+":"+ftoa(o.Value))
		}
		return strings.Join(s, " ")
	}
	if outs(d1) != "MEAL_MAX:carbohydrate:66 MEAL_MAX:carbohydrate:76 DAILY_MIN:energy:1078 DAILY_MIN:protein:37" ||
		outs(d2) != "MEAL_MAX:carbohydrate:66 DAILY_MIN:energy:300 DAILY_MIN:protein:6 DAILY_MIN:carbohydrate:66" ||
		len(a.OutOfRangeDays) != 2 || a.Average["energy"] != 689 || a.Min["energy"] != 300 || a.Max["energy"] != 1078 {
		t.Fatalf("out of range: day 1 %q, day 2 %q, round %+v %+v %+v", outs(d1), outs(d2), a.Average, a.Min, a.Max)
	}
	// the soft diet's round: its dinner on day 1 alone
	a, _ = get(f.nutri, "cycleId="+itoa(cycle)+"&dietTypeId="+itoa(dt02))
	if len(a.Days[0].Meals) != 1 || a.Days[0].Average["energy"] != 478 || len(a.Days[1].Meals) != 0 {
		t.Fatalf("soft diet: %+v", a.Days)
	}
	// refusals: no diet type, another branch's round, a role that plans no menu
	if _, res := get(f.nutri, "cycleId="+itoa(cycle)); res.Status != http.StatusUnprocessableEntity || res.Fields()["dietTypeId"] == "" {
		t.Fatalf("no diet type: %d %s", res.Status, res.Body)
	}
	var other int64
	if err := f.s.DB.QueryRow(ctx, `SELECT id FROM cycle WHERE branch_code = 'SRP02' LIMIT 1`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	if _, res := get(f.nutri, "cycleId="+itoa(other)+"&dietTypeId="+itoa(dt01)); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's round: %d", res.Status)
	}
	if _, res := get(f.taker, "cycleId="+itoa(cycle)+"&dietTypeId="+itoa(dt01)); res.Status != http.StatusForbidden {
		t.Fatalf("order taker: %d", res.Status)
	}
}

// The demo data (make run) has a child on the diabetic diet with a weight and own targets.
func TestDemoPatientTargets(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	res := s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/patientTargets?branchCode=SRP01&hnId=SRP01-HN10007",
		Token: s.SignIn("nutritionist@samrap.local").Access})
	var rec nutrition.Record
	res.Into(t, &rec)
	energy, carb := target(rec.Targets, "energy"), target(rec.Targets, "carbohydrate")
	if res.Status != http.StatusOK || val(rec.WeightKg) != 32 || !energy.Own || val(energy.DailyMin) != 1440 || val(energy.DailyMax) != 1760 ||
		!carb.Own || val(carb.MealMax) != 45 || val(target(rec.DietOnly, "carbohydrate").MealMax) != 60 {
		t.Fatalf("demo patient: %d %s", res.Status, res.Body)
	}
}
