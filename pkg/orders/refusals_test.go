package orders_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"samrap/pkg/apitest"
)

// Issue 31 §4: a field of the wrong type, past its range or unknown is a 422 naming it,
// never the 400 the web app signs the user out on.
func TestWrongFieldsAreNamed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-W31", "", nil, nil)
	raw := func(call, body string) apitest.Response {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/" + call, Token: f.taker, Lang: "en",
			Body: strings.NewReader(body), Header: map[string]string{"Content-Type": "application/json"}})
	}
	ok := `"branchCode":"SRP01","hnId":"T-W31","dates":["` + f.today + `"],"orderType":"ORD","courseType":"MENU","items":[{"menuId":` +
		strconv.FormatInt(f.dishes["T-PLAIN"], 10) + `}]`
	lunch := strconv.FormatInt(f.lunchID, 10)
	for _, c := range []struct {
		name, body, field, msg string
	}{
		{"a meal type past int64", `{` + ok + `,"mealTimeIds":[1e23]}`, "mealTimeIds", "This value is out of range"},
		{"a meal type that is text", `{` + ok + `,"mealTimeIds":["lunch"]}`, "mealTimeIds", "This value is of the wrong type"},
		{"a fraction of an id", `{` + ok + `,"mealTimeIds":[2.5]}`, "mealTimeIds", "This must be a whole number"},
		{"an unknown field", `{` + ok + `,"mealTimeIds":[` + lunch + `],"mealTimeId":2}`, "mealTimeId", "This field is unknown"},
		{"an unknown field of an item", `{` + strings.Replace(ok, `}]`, `,"note":"x"}]`, 1) + `,"mealTimeIds":[` + lunch + `]}`,
			"items.note", "This field is unknown"},
		{"a level past int", `{` + ok + `,"mealTimeIds":[` + lunch + `],"dysphagiaFoodType":1e30}`, "dysphagiaFoodType", "This value is out of range"},
	} {
		for _, call := range []string{"submitOrder", "checkerOrderTaker"} {
			res := raw(call, c.body)
			if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] != c.msg {
				t.Errorf("%s (%s): %d %s", c.name, call, res.Status, res.Body)
			}
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-W31'`); n != 0 {
		t.Fatalf("%d orders from refused drafts", n)
	}
}

// Issue 31 §4: a dysphagia food level that no food has is refused whatever the course —
// a dish or set order carries no level and used to drop it silently — and never dropped.
func TestImpossibleLevelIsRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-L31", "", nil, nil)
	// a level no food has, on a dish order (which carries none): refused, not dropped
	for _, level := range []any{99999999999, 0, -1} {
		body := clone(f.draft("T-L31", "T-PLAIN"), "dysphagiaFoodType", level)
		res := f.post(f.taker, "submitOrder", body)
		if res.Status != http.StatusUnprocessableEntity || res.Fields()["dysphagiaFoodType"] != "This value is out of range" {
			t.Errorf("dish order, level %v: %d %s", level, res.Status, res.Body)
		}
		// a round's row likewise, refused on its own
		round := map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeId": f.lunchID, "rows": []map[string]any{{
			"hnId": "T-L31", "orderType": "ORD", "courseType": "MENU", "items": []map[string]any{{"menuId": f.dishes["T-PLAIN"]}},
			"dysphagiaFoodType": level}}}
		res = f.post(f.taker, "checkerRound", round)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Data), `"field":"dysphagiaFoodType"`) {
			t.Errorf("round row, level %v: %d %s", level, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-L31'`); n != 0 {
		t.Fatalf("%d orders from refused drafts", n)
	}
	// a level a food has is still not kept on a dish order: only a free text carries one
	_, os := f.submit(t, clone(f.draft("T-L31", "T-PLAIN"), "dysphagiaFoodType", 5), http.StatusOK)
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND dysphagia_food_type IS NULL`, os[0].OrderID); n != 1 {
		t.Fatalf("a dish order kept a level")
	}
}

// problemAt is a checker problem with the pair it is about.
type problemAt struct {
	Code       string `json:"code"`
	DateOrder  string `json:"dateOrder"`
	MealTimeID int64  `json:"mealTimeId"`
}

// Issue 31 §4: every problem of a one-meal draft names its date and meal type
// (docs/orders.md), the person's and the items' problems too.
func TestProblemsNameTheirMeal(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-P31A", "texture_food = 5", []string{"AL02"}, nil)
	f.patient(t, "T-P31D", "hospital_status = 'DISCHARGED'", nil, nil)
	check := func(body map[string]any) []problemAt {
		t.Helper()
		res := f.post(f.taker, "checkerOrderTaker", body)
		var d struct{ Problems []problemAt }
		res.Into(t, &d)
		if res.Status != http.StatusOK || len(d.Problems) == 0 {
			t.Fatalf("checker: %d %s", res.Status, res.Body)
		}
		return d.Problems
	}
	// T-PEANUT: the allergen (CONFLICT), and level 7 for a level-5 patient (TEXTURE)
	for _, body := range []map[string]any{f.draft("T-P31A", "T-PEANUT"), f.draft("T-P31D", "T-PLAIN")} {
		for _, p := range check(body) {
			if p.DateOrder != f.today || p.MealTimeID != f.lunchID {
				t.Errorf("%v %s: %+v, want %s and meal %d", body["hnId"], p.Code, p, f.today, f.lunchID)
			}
		}
	}
	got := ""
	for _, p := range check(f.draft("T-P31A", "T-PEANUT")) {
		got += p.Code + ","
	}
	if got != "CONFLICT,TEXTURE," {
		t.Errorf("problems %s", got)
	}
	// a draft of two meals: the pair's own problems name their pair; the patient's and the
	// items' hold for both and are listed once, naming the date (the draft has one)
	two := clone(f.draft("T-P31A", "T-PEANUT"), "mealTimeIds", []int64{f.breakfastID, f.lunchID})
	for _, p := range check(two) {
		switch {
		case p.Code == "NOT_ON_MENU" && (p.DateOrder != f.today || p.MealTimeID != f.breakfastID):
			t.Errorf("NOT_ON_MENU: %+v", p)
		case p.Code != "NOT_ON_MENU" && (p.DateOrder != f.today || p.MealTimeID != 0):
			t.Errorf("%s of two meals: %+v", p.Code, p)
		}
	}
}
