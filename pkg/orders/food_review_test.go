package orders_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/apitest"
	"samrap/pkg/imports"
	"samrap/pkg/menus"
)

// Needs review when the food changes (docs/orders.md "Needs review", reason MENU): a change
// of a tray's food that concerns its patient (or caregiver) flags the order, by whatever
// path; a change that does not concern them flags nothing; undone, the flag goes.

// exec runs SQL on the fixture's database.
func (f *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.s.Env.DB.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// reasons answers the order's review reasons joined, "" when it needs no review.
func (f *fixture) reasons(t *testing.T, id string) string {
	t.Helper()
	o := f.order(t, id)
	if o.NeedsReview != (len(o.ReviewReasons) > 0) {
		t.Fatalf("needsReview %v with reasons %v", o.NeedsReview, o.ReviewReasons)
	}
	return strings.Join(o.ReviewReasons, ",")
}

// editDish saves a test dish through the menus API (the screens' path) with the allergen
// codes given and the level.
func (f *fixture) editDish(t *testing.T, code string, level int, allergens ...string) {
	t.Helper()
	ids := []int64{}
	for _, a := range allergens {
		ids = append(ids, f.id(t, "allergen", a))
	}
	nutri := f.s.SignIn("nutritionist@samrap.local").Access
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateMenu", Token: nutri, Lang: "en", JSON: map[string]any{
		"branchCode": "SRP01", "id": f.dishes[code], "code": code, "nameTh": "ทดสอบ " + code, "nameEn": "Test " + code,
		"cuisineTypeId": f.id(t, "cuisine_type", "CU01"), "mealComponentId": f.id(t, "meal_component", "MP01"),
		"iddsiType": "FOOD", "iddsiLevel": level, "allergenIds": ids, "restrictedIds": []int64{}}})
	if res.Status != http.StatusOK {
		t.Fatalf("updateMenu %s: %d %s", code, res.Status, res.Body)
	}
}

// A dish edit through the menus API that adds a patient's allergen flags that patient's
// order (MENU), not another patient's order of the same dish; the order is off the meal
// cards; undone, the flag goes; confirmReview then wants a note, and records it. Served,
// cancelled and yesterday's orders are untouched.
func TestFoodChangeNeedsReview(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-FA", "", []string{"AL02"}, nil) // allergic to peanut
	f.patient(t, "T-FB", "", nil, nil)              // no restriction
	_, a := f.submit(t, f.draft("T-FA", "T-PLAIN"), 200)
	_, b := f.submit(t, f.draft("T-FB", "T-PLAIN"), 200)
	// a caregiver stating the peanut allergy, of the unrestricted patient
	_, cg := f.submit(t, clone(f.draft("T-FB", "T-PLAIN"), "caregiver", true,
		"caregiverInfo", map[string]any{"allergenIds": []int64{f.id(t, "allergen", "AL02")}}), 200)
	// the allergic patient's breakfast: one moved to yesterday, one cancelled, one served
	bf := clone(f.draft("T-FA", "T-PLAIN"), "mealTimeIds", []int64{f.breakfastID})
	f.exec(t, `INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
		SELECT 'SRP01', y.id, y.day_count, d, $1, $2 FROM cycle y, generate_series(1, 7) d
		WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK'`, f.breakfastID, f.dishes["T-PLAIN"])
	_, past := f.submit(t, bf, 200)
	f.exec(t, `UPDATE meal_order SET order_date = order_date - 1 WHERE id = $1`, past[0].OrderID)
	_, cancelled := f.submit(t, bf, 200)
	if res := f.post(f.taker, "cancel", map[string]any{"branchCode": "SRP01", "orderId": cancelled[0].OrderID,
		"cancelReason": "PATIENT"}); res.Status != 200 {
		t.Fatalf("cancel: %d %s", res.Status, res.Body)
	}
	_, served := f.submit(t, bf, 200)
	f.exec(t, `UPDATE meal_order SET status = 'SERVED' WHERE id = $1`, served[0].OrderID)

	// a save that changes nothing flags nothing — not even for a moment (the save replaces
	// the dish's lists: the orders are rechecked when it commits), also for a patient who
	// ordered the dish with its allergen accepted by a note
	f.patient(t, "T-FN", "", []string{"AL02"}, nil)
	_, noted := f.submit(t, clone(f.draft("T-FN", "T-PEANUT"), "items",
		[]map[string]any{{"menuId": f.dishes["T-PEANUT"], "alternativeNote": "no peanut"}}), 200)
	f.editDish(t, "T-PEANUT", 7, "AL02")
	f.editDish(t, "T-PLAIN", 7)
	for _, id := range []string{a[0].OrderID, noted[0].OrderID} {
		if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND review_flagged_at IS NULL AND review_reasons = '{}'`, id); n != 1 {
			t.Fatalf("flagged by a save that changed nothing: %s", f.reasons(t, id))
		}
	}
	// the recipe gains peanut: the allergic patient's order and the caregiver's are flagged
	f.editDish(t, "T-PLAIN", 7, "AL02")
	if r := f.reasons(t, a[0].OrderID); r != "MENU" {
		t.Fatalf("allergic patient's order: %q", r)
	}
	if r := f.reasons(t, cg[0].OrderID); r != "MENU" {
		t.Fatalf("caregiver's order: %q", r)
	}
	// work performance counts it as the other reasons: its flag time is kept
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND review_flagged_at IS NOT NULL`, a[0].OrderID); n != 1 {
		t.Fatal("no flag time")
	}
	if r := f.reasons(t, b[0].OrderID); r != "" {
		t.Fatalf("another patient's order of the dish: %q", r)
	}
	for _, id := range []string{past[0].OrderID, cancelled[0].OrderID, served[0].OrderID} {
		if r := f.reasons(t, id); r != "" {
			t.Fatalf("a yesterday's, cancelled or served order flagged: %q", r)
		}
	}
	// the list marks it, and the meal cards leave it out
	res := f.get(f.taker, "search?branchCode=SRP01&size=200&status=NEEDS_REVIEW&dateOrder="+f.today)
	if !strings.Contains(string(res.Body), `"T-FA"`) {
		t.Fatalf("needs-review list: %s", res.Body)
	}
	held := f.mealCardsHeld(t)
	if !slices.Contains(held[a[0].OrderID], "MENU") || len(held[b[0].OrderID]) > 0 {
		t.Fatalf("meal cards: held %v", held)
	}
	// undone before review: the flag goes
	f.editDish(t, "T-PLAIN", 7)
	if r := f.reasons(t, a[0].OrderID); r != "" {
		t.Fatalf("after the change was undone: %q", r)
	}
	if r := f.reasons(t, cg[0].OrderID); r != "" {
		t.Fatalf("caregiver's after the change was undone: %q", r)
	}
	// again; confirmReview wants a note for the peanut now in the dish, and keeps it
	f.editDish(t, "T-PLAIN", 7, "AL02")
	res = f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": a[0].OrderID})
	if ps := problemsOf(t, res); res.Status != 422 || codes(ps) != "CONFLICT" || ps[0].Conflicts[0].Code != "AL02" {
		t.Fatalf("confirm without a note: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": a[0].OrderID,
		"items": []map[string]any{{"menuId": f.dishes["T-PLAIN"], "alternativeNote": "peanut left out"}}})
	if res.Status != 200 {
		t.Fatalf("confirm with a note: %d %s", res.Status, res.Body)
	}
	o := f.order(t, a[0].OrderID)
	if o.NeedsReview || o.Items[0].AlternativeNote != "peanut left out" || len(o.Items[0].Conflicts) != 1 {
		t.Fatalf("after review: %+v", o)
	}
	// reviewed, the order keeps the dish as it is now: removing the peanut flags it again
	// (its recorded conflict is gone), and a patient's change keeps both reasons apart
	f.editDish(t, "T-PLAIN", 7)
	if r := f.reasons(t, a[0].OrderID); r != "MENU" {
		t.Fatalf("after the reviewed change was undone: %q", r)
	}
	f.exec(t, `UPDATE patient SET texture_drink = 2 WHERE branch_code = 'SRP01' AND hn_id = 'T-FA'`)
	if r := f.reasons(t, a[0].OrderID); r != "MENU,TEXTURE" {
		t.Fatalf("a patient's change beside the food's: %q", r)
	}
	f.editDish(t, "T-PLAIN", 7, "AL02")
	if r := f.reasons(t, a[0].OrderID); r != "TEXTURE" {
		t.Fatalf("the food's change undone, the patient's stays: %q", r)
	}
}

// mealCardsHeld answers the orders the meal cards of today leave out, with their reasons.
func (f *fixture) mealCardsHeld(t *testing.T) map[string][]string {
	t.Helper()
	body := map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeIds": "ALL", "wardTypeIds": "ALL",
		"wardIds": "ALL", "roomIds": "ALL", "cuisineTypeIds": "ALL", "dietTypeIds": "ALL", "therapeuticIds": "ALL",
		"allergenIds": "ALL", "restrictedIds": "ALL", "foodScope": "ALL", "orderType": "ALL", "layout": "A4"}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/generatePDF", Token: f.ctrl, JSON: body})
	if res.Status != 200 {
		t.Fatalf("generatePDF: %d %s", res.Status, res.Body)
	}
	var link struct {
		NeedsReview []struct {
			OrderID       string
			ReviewReasons []string
		}
	}
	res.Into(t, &link)
	out := map[string][]string{}
	for _, h := range link.NeedsReview {
		out[h.OrderID] = h.ReviewReasons
	}
	return out
}

// Raw SQL: an ingredient newly mapped to a dish, a religion's rule gaining an ingredient,
// a set gaining a dish: each flags the orders it concerns, and undone, clears them.
func TestFoodChangeByRawSQL(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-SA", "", []string{"AL02"}, nil)
	f.patient(t, "T-SB", "", nil, nil)
	_, a := f.submit(t, f.draft("T-SA", "T-SOUP"), 200)
	_, b := f.submit(t, f.draft("T-SB", "T-SOUP"), 200)
	f.exec(t, `INSERT INTO menu_allergen SELECT 'SRP01', $1, id FROM allergen WHERE branch_code = 'SRP01' AND code = 'AL02'`, f.dishes["T-SOUP"])
	if r, rb := f.reasons(t, a[0].OrderID), f.reasons(t, b[0].OrderID); r != "MENU" || rb != "" {
		t.Fatalf("ingredient mapped: %q, the other patient %q", r, rb)
	}
	f.exec(t, `DELETE FROM menu_allergen WHERE branch_code = 'SRP01' AND menu_id = $1`, f.dishes["T-SOUP"])
	if r := f.reasons(t, a[0].OrderID); r != "" {
		t.Fatalf("mapping undone: %q", r)
	}

	// a Muslim patient's soup; the soup gains an ingredient (no rule yet: nothing), then
	// Islam's rule gains it
	f.patient(t, "T-SM", "religion_id = (SELECT id FROM religion WHERE branch_code = 'SRP01' AND code = 'RE02')", nil, nil)
	_, m := f.submit(t, f.draft("T-SM", "T-SOUP"), 200)
	f.exec(t, `INSERT INTO restricted_ingredient (branch_code, code, name_th, name_en) VALUES ('SRP01', 'T-RI', 'ทดสอบ', 'Test ingredient')`)
	ri := f.id(t, "restricted_ingredient", "T-RI")
	f.exec(t, `INSERT INTO menu_restricted VALUES ('SRP01', $1, $2)`, f.dishes["T-SOUP"], ri)
	if r := f.reasons(t, m[0].OrderID); r != "" {
		t.Fatalf("an ingredient no rule names: %q", r)
	}
	f.exec(t, `INSERT INTO religion_restricted SELECT 'SRP01', id, $1 FROM religion WHERE branch_code = 'SRP01' AND code = 'RE02'`, ri)
	if r, rb := f.reasons(t, m[0].OrderID), f.reasons(t, b[0].OrderID); r != "MENU" || rb != "" {
		t.Fatalf("religion's rule: %q, another patient %q", r, rb)
	}
	res := f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": m[0].OrderID})
	if ps := problemsOf(t, res); res.Status != 422 || codes(ps) != "CONFLICT" || ps[0].Conflicts[0].Kind != "RELIGION" {
		t.Fatalf("confirm: %d %s", res.Status, res.Body)
	}
	f.exec(t, `DELETE FROM religion_restricted WHERE branch_code = 'SRP01' AND restricted_id = $1`, ri)
	if r := f.reasons(t, m[0].OrderID); r != "" {
		t.Fatalf("rule undone: %q", r)
	}

	// a set gains a dish with the patient's allergen
	f.patient(t, "T-SS", "", nil, []string{"RI01"}) // no pork
	set := clone(f.draft("T-SS"), "courseType", "SET", "items", []map[string]any{{"menuSetId": f.sets["T-SET"]}})
	_, s := f.submit(t, set, 200)
	f.exec(t, `INSERT INTO menu_set_item VALUES ('SRP01', $1, $2, 3)`, f.sets["T-SET"], f.dishes["T-PORK"])
	if r := f.reasons(t, s[0].OrderID); r != "MENU" {
		t.Fatalf("set gained pork: %q", r)
	}
	res = f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": s[0].OrderID,
		"items": []map[string]any{{"menuSetId": f.sets["T-SET"], "alternativeNote": "chicken instead"}}})
	if res.Status != 200 || f.reasons(t, s[0].OrderID) != "" {
		t.Fatalf("confirm with a note: %d %s", res.Status, res.Body)
	}
	// a dish of the set gains the ingredient: the set's order is flagged through it
	f.exec(t, `INSERT INTO menu_restricted SELECT 'SRP01', $1, id FROM restricted_ingredient WHERE branch_code = 'SRP01' AND code = 'RI01'`,
		f.dishes["T-WATER"])
	if r := f.reasons(t, s[0].OrderID); r != "MENU" {
		t.Fatalf("a dish of the set gained pork: %q", r)
	}
}

// A dish's texture changes: a dysphagia patient's order is flagged, not a patient without a
// texture rule; within the patient's level the review passes, above it no note helps.
func TestFoodTextureChange(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.patient(t, "T-TD", "texture_food = 5", nil, nil)
	f.patient(t, "T-TN", "", nil, nil)
	_, d := f.submit(t, f.draft("T-TD", "T-PUREE"), 200)
	_, n := f.submit(t, f.draft("T-TN", "T-PUREE"), 200)
	f.exec(t, `UPDATE menu SET iddsi_level = 5 WHERE id = $1`, f.dishes["T-PUREE"])
	if r, rn := f.reasons(t, d[0].OrderID), f.reasons(t, n[0].OrderID); r != "MENU" || rn != "" {
		t.Fatalf("level 4 → 5: dysphagia %q, other %q", r, rn)
	}
	if res := f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": d[0].OrderID}); res.Status != 200 {
		t.Fatalf("confirm at the patient's level: %d %s", res.Status, res.Body)
	}
	// the menus Excel import: the dish's level set above the patient's
	err := pgx.BeginFunc(context.Background(), f.s.Env.DB, func(tx pgx.Tx) error {
		res, err := menus.NewService(f.s.Env.DB).ImportMenus(context.Background(), tx, "SRP01", "excel", []imports.Row{{Line: 1,
			Cells: map[string]string{"code": "T-PUREE", "nameTh": "ทดสอบ T-PUREE", "nameEn": "Test T-PUREE", "cuisineTypeCode": "CU01",
				"mealComponentCode": "MP01", "iddsiType": "FOOD", "iddsiLevel": "6", "status": "ACTIVE"}}})
		if err == nil && len(res.Failed) > 0 {
			err = fmt.Errorf("refused: %+v", res.Failed)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if r, rn := f.reasons(t, d[0].OrderID), f.reasons(t, n[0].OrderID); r != "MENU" || rn != "" {
		t.Fatalf("level 5 → 6: dysphagia %q, other %q", r, rn)
	}
	res := f.post(f.taker, "confirmReview", map[string]any{"branchCode": "SRP01", "orderId": d[0].OrderID,
		"items": []map[string]any{{"menuId": f.dishes["T-PUREE"], "alternativeNote": "mash it"}}})
	if res.Status != 422 || codes(problemsOf(t, res)) != "TEXTURE" {
		t.Fatalf("confirm above the level: %d %s", res.Status, res.Body)
	}
	if n := f.mealCardsHeld(t); len(n[d[0].OrderID]) == 0 {
		t.Fatalf("meal cards print a flagged order: %v", n)
	}
}
