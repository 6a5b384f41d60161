package params_test

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/menus"
	"samrap/pkg/params"
)

// A target ranges the nutrients a dish states: the same list, in the same order.
func TestTargetNutrientsAreTheDishes(t *testing.T) {
	t.Parallel()
	k, _ := params.KindOf("NutrientTarget")
	f, _ := k.Field("nutrient")
	if !slices.Equal(f.Options, menus.Nutrients) || !slices.Equal(params.Nutrients, menus.Nutrients) {
		t.Fatalf("target nutrients %v, dishes state %v", f.Options, menus.Nutrients)
	}
}

// Issue 27 §1: the rules of a nutrient target, answered on their fields.
func TestNutrientTargetRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateDietType", Token: f.nutri,
		JSON: map[string]any{"branchCode": "SRP01", "code": "DT-N", "nameTh": "อาหารทดสอบ"}})
	if res.Status != http.StatusOK {
		t.Fatalf("diet type: %d %s", res.Status, res.Body)
	}
	diet, tf := f.idOf(t, "DietType", "DT-N"), f.idOf(t, "Therapeutic", "TF04")
	save := func(body map[string]any) apitest.Response {
		b := map[string]any{"branchCode": "SRP01", "code": "NT-X"}
		for k, v := range body {
			b[k] = v
		}
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateNutrientTarget", Token: f.nutri, JSON: b, Lang: "en"})
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"for neither", map[string]any{"nutrient": "energy", "dailyMax": 1500}, "dietTypeId"},
		{"for both", map[string]any{"dietTypeId": diet, "therapeuticId": tf, "nutrient": "energy", "dailyMax": 1500}, "dietTypeId"},
		{"no bound", map[string]any{"dietTypeId": diet, "nutrient": "energy", "dailyMin": nil}, "dailyMax"},
		{"daily min above max", map[string]any{"dietTypeId": diet, "nutrient": "energy", "dailyMin": 2000, "dailyMax": 1500}, "dailyMax"},
		{"meal min above max", map[string]any{"dietTypeId": diet, "nutrient": "carbohydrate", "mealMin": 70, "mealMax": 60}, "mealMax"},
		{"unknown nutrient", map[string]any{"dietTypeId": diet, "nutrient": "vitamin", "dailyMax": 1}, "nutrient"},
		{"no nutrient", map[string]any{"dietTypeId": diet, "dailyMax": 1}, "nutrient"},
		{"negative", map[string]any{"dietTypeId": diet, "nutrient": "fat", "dailyMax": -1}, "dailyMax"},
		{"too big", map[string]any{"dietTypeId": diet, "nutrient": "fat", "dailyMax": 1e9}, "dailyMax"},
		{"text for a number", map[string]any{"dietTypeId": diet, "nutrient": "fat", "dailyMax": "a lot"}, "dailyMax"},
		{"another branch's diet", map[string]any{"dietTypeId": 999999, "nutrient": "fat", "dailyMax": 50}, "dietTypeId"},
	} {
		res := save(c.body)
		if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s, want 422 on %s", c.name, res.Status, res.Body, c.field)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM nutrient_target WHERE code = 'NT-X'`); n != 0 {
		t.Fatalf("refused targets stored: %d", n)
	}

	// 200: decimals kept, an unset bound answered null; a nutrient in any case
	res = save(map[string]any{"dietTypeId": diet, "nutrient": "Carbohydrate", "dailyMin": 130.5, "mealMax": 45.25})
	var rec params.Record
	res.Into(t, &rec)
	if res.Status != http.StatusOK || rec["nutrient"] != "carbohydrate" || rec["dailyMin"] != 130.5 || rec["mealMax"] != 45.25 ||
		rec["dailyMax"] != nil || rec["dietTypeCode"] != "DT-N" || rec["therapeuticId"] != nil {
		t.Fatalf("saved target: %d %s", res.Status, res.Body)
	}
	// 409: a second carbohydrate range for the same diet type, on the nutrient
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateNutrientTarget", Token: f.nutri, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "code": "NT-Y", "dietTypeId": diet, "nutrient": "carbohydrate", "dailyMax": 200}})
	if res.Status != http.StatusConflict || res.Fields()["nutrient"] != "This diet type or therapeutic food already has a target for this nutrient" {
		t.Fatalf("second range: %d %s", res.Status, res.Body)
	}
	// the same nutrient for a therapeutic food is another target
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateNutrientTarget", Token: f.nutri,
		JSON: map[string]any{"branchCode": "SRP01", "code": "NT-Y", "therapeuticId": tf, "nutrient": "carbohydrate", "dailyMax": 200}})
	if res.Status != http.StatusOK {
		t.Fatalf("therapeutic food's range: %d %s", res.Status, res.Body)
	}
	// a diet type a target names is in use
	res = f.s.Do(apitest.Request{Method: "DELETE", Path: "/api/parameter/deleteDietType?branchCode=SRP01&id=" + itoa(diet), Token: f.nutri, Lang: "en"})
	if res.Status != http.StatusConflict || res.Msg != "It cannot be deleted: a nutrient target uses it" {
		t.Fatalf("delete a diet type with a target: %d %s", res.Status, res.Body)
	}
	// the change log has the target as stored
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'nutrient_target' AND action = 'create'
		AND after ->> 'nutrient' = 'carbohydrate' AND (after ->> 'meal_max')::numeric = 45.25`); n != 1 {
		t.Fatalf("change log rows %d", n)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
