package orders_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/orders"
)

// A free-text meal has no ingredients to check (issue 25 §1, docs/orders.md "Free text"):
// for a person with any food rule it is ordered only with an explicit acknowledgement, which
// the order keeps with the rules shown — through the single and caregiver forms, the ward's
// submitOrderMany (patient by patient), copyOrders (never carried from the day copied) and
// the review; the bedside refuses one whose person gained a rule since.

type freeTextOrder struct {
	OrderID       string
	HnID          string
	Description   string
	FreeTextRules []orders.Rule
}

type freeTextProblem struct {
	Code, Field, Message string
	Rules                []orders.Rule
}

func freeTextProblems(t *testing.T, res apitest.Response) []freeTextProblem {
	t.Helper()
	var d struct{ Problems []freeTextProblem }
	res.Into(t, &d)
	return d.Problems
}

func (f *fixture) freeText(hn string, kv ...any) map[string]any {
	return clone(clone(f.draft(hn), "courseType", "SPECIFIC", "description", "ข้าวต้มปลา", "dysphagiaFoodType", 4,
		"unmappedAllergiesChecked", true), kv...)
}

func TestRuleFreeText(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	religion := func(code string) string { return fmt.Sprintf("religion_id = %d", f.id(t, "religion", code)) }
	for _, c := range []struct {
		hn, set               string
		allergens, restricted []string
		kind, code, name      string
	}{
		{"T-FT-AL", "", []string{"AL01"}, nil, "ALLERGEN", "AL01", "Shrimp"},
		{"T-FT-UN", "unmapped_allergies = '{soy sauce}'", nil, nil, "UNMAPPED_ALLERGY", "", "soy sauce"},
		{"T-FT-RI", "", nil, []string{"RI03"}, "RESTRICTED", "RI03", "Alcohol"},
		{"T-FT-RE", religion("RE02"), nil, nil, "RELIGION", "RE02", "Islam"},
		{"T-FT-VG", fmt.Sprintf("vegetarian_id = %d", f.id(t, "vegetarian", "VG01")), nil, nil, "VEGETARIAN", "VG01", "Vegetarian"},
		{"T-FT-TF", "texture_food = 5", nil, nil, "TEXTURE_FOOD", "IDDSI 5", "food up to IDDSI 5"},
		{"T-FT-TD", "texture_drink = 2", nil, nil, "TEXTURE_DRINK", "IDDSI 2", "drinks IDDSI 2 or thicker"},
	} {
		f.patient(t, c.hn, c.set, c.allergens, c.restricted)
		body := f.freeText(c.hn)
		// the checker and the submit both ask for it, naming the rule; nothing is written
		for _, call := range []string{"checkerOrderTaker", "submitOrder"} {
			res := f.post(f.taker, call, body)
			ps := freeTextProblems(t, res)
			if len(ps) != 1 || ps[0].Code != "FREE_TEXT" || ps[0].Field != "freeTextAcknowledged" || len(ps[0].Rules) != 1 ||
				ps[0].Rules[0].Kind != c.kind || ps[0].Rules[0].Code != c.code || !strings.Contains(ps[0].Message, c.name) {
				t.Fatalf("%s %s: %d %s", c.hn, call, res.Status, res.Body)
			}
		}
		if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = '` + c.hn + `'`); n != 0 {
			t.Fatalf("%s: %d orders written without the acknowledgement", c.hn, n)
		}
		// acknowledged: ordered, and the order keeps the rules shown
		res := f.post(f.taker, "submitOrder", clone(body, "freeTextAcknowledged", true))
		var out struct{ Orders []freeTextOrder }
		res.Into(t, &out)
		if res.Status != 200 || len(out.Orders) != 1 || len(out.Orders[0].FreeTextRules) != 1 || out.Orders[0].FreeTextRules[0].Kind != c.kind {
			t.Fatalf("%s acknowledged: %d %s", c.hn, res.Status, res.Body)
		}
	}
	// a Thai message names the rule in Thai
	f.patient(t, "T-FT-TH", "", []string{"AL01"}, nil)
	th := f.s.Do(apitestRequest(f, "checkerOrderTaker", f.freeText("T-FT-TH"), "th"))
	if ps := freeTextProblems(t, th); len(ps) != 1 || !strings.Contains(ps[0].Message, "แพ้: กุ้ง") {
		t.Fatalf("Thai: %s", th.Body)
	}

	// no rule (a religion that restricts nothing is none): no acknowledgement needed, none kept
	f.patient(t, "T-FT-NONE", religion("RE01"), nil, nil)
	res := f.post(f.taker, "submitOrder", f.freeText("T-FT-NONE"))
	var out struct{ Orders []freeTextOrder }
	res.Into(t, &out)
	if res.Status != 200 || out.Orders[0].FreeTextRules != nil {
		t.Fatalf("no rule: %d %s", res.Status, res.Body)
	}

	// a caregiver's own stated rules count, never the patient's texture
	f.patient(t, "T-FT-CG", "texture_food = 4", nil, nil)
	cg := f.freeText("T-FT-CG", "caregiver", true, "caregiverInfo", map[string]any{"allergenIds": []int64{f.id(t, "allergen", "AL02")}})
	res = f.post(f.taker, "submitOrder", cg)
	if ps := freeTextProblems(t, res); res.Status != 422 || len(ps) != 1 || ps[0].Code != "FREE_TEXT" || ps[0].Rules[0].Code != "AL02" {
		t.Fatalf("caregiver allergen: %d %s", res.Status, res.Body)
	}
	f.submit(t, clone(cg, "caregiverInfo", map[string]any{}), 200)
}

func apitestRequest(f *fixture, call string, body any, lang string) apitest.Request {
	return apitest.Request{Method: "POST", Path: "/api/takerOrder/" + call, Token: f.taker, JSON: body, Lang: lang}
}

// The ward's calls take the acknowledgement patient by patient; a copy never carries it.
func TestFreeTextWardCalls(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-FW-AL", "", []string{"AL01"}, nil)
	f.patient(t, "T-FW-OK", "", nil, nil)
	f.patient(t, "T-FW-VG", fmt.Sprintf("vegetarian_id = %d", f.id(t, "vegetarian", "VG03")), nil, nil)
	body := f.freeText("", "hnIds", []string{"T-FW-AL", "T-FW-OK", "T-FW-VG"},
		"freeTextAcknowledged", true, // for the whole ward: not an acknowledgement
		"freeTextAcknowledgedHnIds", []string{"T-FW-VG"})
	delete(body, "hnId")
	// the ward's checker says the same as the submit will, patient by patient, and writes nothing
	res := f.post(f.taker, "checkerOrderMany", clone(body, "hnIds", []string{"T-FW-VG", "T-FW-AL", "T-FW-OK", "NO-SUCH"}))
	var checked struct {
		Results []struct {
			HnID     string
			Problems []freeTextProblem
		}
	}
	res.Into(t, &checked)
	got := map[string]string{}
	for _, r := range checked.Results {
		var cs []string
		for _, p := range r.Problems {
			cs = append(cs, p.Code)
		}
		got[r.HnID] = strings.Join(cs, ",")
	}
	if res.Status != 200 || len(checked.Results) != 4 || got["T-FW-AL"] != "FREE_TEXT" || got["T-FW-OK"] != "" ||
		got["T-FW-VG"] != "" || got["NO-SUCH"] != "NOT_FOUND" || f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p
		ON p.id = o.patient_id WHERE p.hn_id LIKE 'T-FW-%'`) != 0 {
		t.Fatalf("checkerOrderMany: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "submitOrderMany", body)
	var out struct {
		Ordered []struct {
			HnID   string
			Orders []freeTextOrder
		}
		Refused []struct {
			HnID     string
			Problems []freeTextProblem
		}
	}
	res.Into(t, &out)
	if res.Status != 200 || len(out.Ordered) != 2 || len(out.Refused) != 1 || out.Refused[0].HnID != "T-FW-AL" ||
		out.Refused[0].Problems[0].Code != "FREE_TEXT" || out.Refused[0].Problems[0].Rules[0].Code != "AL01" {
		t.Fatalf("submitOrderMany: %d %s", res.Status, res.Body)
	}
	for _, o := range out.Ordered {
		if got := len(o.Orders[0].FreeTextRules); o.HnID == "T-FW-VG" && got != 1 || o.HnID == "T-FW-OK" && got != 0 {
			t.Fatalf("kept rules of %s: %+v", o.HnID, o.Orders[0])
		}
	}

	// copy to tomorrow: the vegetarian's acknowledgement was for today's rules, not tomorrow's
	midnight, _ := day.Parse(f.today)
	copyBody := map[string]any{"branchCode": "SRP01", "wardId": f.id(t, "ward", "W01"), "fromDate": f.today,
		"toDate": midnight.AddDate(0, 0, 1).Format(time.DateOnly), "mealTimeIds": []int64{f.lunchID}}
	res = f.post(f.taker, "copyOrders", copyBody)
	out.Ordered, out.Refused = nil, nil
	res.Into(t, &out)
	refused := map[string]string{}
	for _, r := range out.Refused {
		refused[r.HnID] = r.Problems[0].Code
	}
	ordered := map[string]bool{}
	for _, o := range out.Ordered {
		ordered[o.HnID] = true
	}
	if refused["T-FW-VG"] != "FREE_TEXT" || !ordered["T-FW-OK"] {
		t.Fatalf("copy: %s", res.Body)
	}
	res = f.post(f.taker, "copyOrders", clone(copyBody, "freeTextAcknowledgedHnIds", []string{"T-FW-VG"}))
	out.Ordered, out.Refused = nil, nil
	res.Into(t, &out)
	if len(out.Ordered) != 1 || out.Ordered[0].HnID != "T-FW-VG" || len(out.Ordered[0].Orders[0].FreeTextRules) != 1 {
		t.Fatalf("copy acknowledged: %s", res.Body)
	}
}

// A rule gained after the acknowledgement: the order is flagged, the bedside refuses it, and
// the review needs a new acknowledgement, which the order then keeps.
func TestFreeTextRuleGained(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-FG", "", []string{"AL01"}, nil)
	res := f.post(f.taker, "submitOrder", f.freeText("T-FG", "freeTextAcknowledged", true))
	var out struct{ Orders []freeTextOrder }
	res.Into(t, &out)
	id := out.Orders[0].OrderID
	ctx := context.Background()
	bedside := func() []string {
		b, err := orders.BedsideCheck(ctx, f.s.Env.DB, i18n.EN, "SRP01", id)
		if err != nil {
			t.Fatal(err)
		}
		var cs []string
		for _, p := range b.Problems {
			cs = append(cs, p.Code)
		}
		return cs
	}
	if cs := bedside(); len(cs) != 0 {
		t.Fatalf("bedside before: %v", cs)
	}
	_, err := f.s.Env.DB.Exec(ctx, `INSERT INTO patient_allergen SELECT 'SRP01', p.id, a.id FROM patient p, allergen a
		WHERE p.branch_code = 'SRP01' AND p.hn_id = 'T-FG' AND a.branch_code = 'SRP01' AND a.code = 'AL03'`)
	if err != nil {
		t.Fatal(err)
	}
	if cs := bedside(); len(cs) != 1 || cs[0] != "FREE_TEXT" {
		t.Fatalf("bedside after a new allergy: %v", cs)
	}
	review := map[string]any{"branchCode": "SRP01", "orderId": id}
	res = f.post(f.taker, "confirmReview", review)
	if ps := freeTextProblems(t, res); res.Status != 422 || len(ps) != 1 || ps[0].Code != "FREE_TEXT" || len(ps[0].Rules) != 2 {
		t.Fatalf("review without acknowledging: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "confirmReview", clone(review, "freeTextAcknowledged", true))
	var o freeTextOrder
	res.Into(t, &o)
	if res.Status != 200 || len(o.FreeTextRules) != 2 {
		t.Fatalf("review acknowledged: %d %s", res.Status, res.Body)
	}
	if cs := bedside(); len(cs) != 0 {
		t.Fatalf("bedside after the review: %v", cs)
	}
}

// Texture refusals say which way: a food too hard, a drink too thin, with the order's level,
// and a free text without a level says the level is missing.
func TestTextureWording(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-TW", "texture_food = 5, texture_drink = 2", nil, nil)
	msg := func(body map[string]any) string {
		res := f.post(f.taker, "checkerOrderTaker", body)
		var ms []string
		for _, p := range freeTextProblems(t, res) {
			if p.Code == "TEXTURE" {
				ms = append(ms, p.Message)
			}
		}
		return strings.Join(ms, " | ")
	}
	for _, c := range []struct {
		body map[string]any
		want []string
	}{
		{f.draft("T-TW", "T-WATER"), []string{"too thin, IDDSI 0 (Test T-WATER)", "drinks IDDSI 2 or thicker"}},
		{f.draft("T-TW", "T-PLAIN"), []string{"too hard, IDDSI 7 (Test T-PLAIN)", "food up to IDDSI 5"}},
		{f.freeText("T-TW", "dysphagiaFoodType", nil), []string{"Choose the IDDSI level", "up to IDDSI 5"}},
		{f.freeText("T-TW", "dysphagiaFoodType", 6), []string{"(IDDSI 6) is too hard", "up to IDDSI 5"}},
	} {
		got := msg(c.body)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: %q lacks %q", c.body["items"], got, w)
			}
		}
		if strings.Contains(got, "above") {
			t.Errorf("%q still says above", got)
		}
	}
}
