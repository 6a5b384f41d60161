package menus_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/menus"
)

type fixture struct {
	s                    *apitest.Server
	nutri, nutri2, taker string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := apitest.New(t)
	return &fixture{s: s, nutri: s.SignIn("nutritionist@samrap.local").Access,
		nutri2: s.TokenAs("multi@samrap.local", "SRP02", "BNT"), taker: s.SignIn("ordertaker@samrap.local").Access}
}

// id answers the id of the SRP01 row of table with code.
func (f *fixture) id(t *testing.T, table, code string) int64 {
	t.Helper()
	var id int64
	if err := f.s.DB.QueryRow(context.Background(), `SELECT id FROM `+table+` WHERE branch_code = 'SRP01' AND code = $1`, code).Scan(&id); err != nil {
		t.Fatalf("%s %s: %v", table, code, err)
	}
	return id
}

func (f *fixture) post(token, path string, body any) apitest.Response {
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/" + path, Token: token, JSON: body, Lang: "en"})
}

func (f *fixture) del(token, path string, id int64) apitest.Response {
	return f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/%s?branchCode=SRP01&id=%d", path, id), Token: token, Lang: "en"})
}

// dish is an updateMenu body.
func (f *fixture) dish(t *testing.T, code string, allergens, restricted []string) map[string]any {
	t.Helper()
	var al, ri []int64
	for _, c := range allergens {
		al = append(al, f.id(t, "allergen", c))
	}
	for _, c := range restricted {
		ri = append(ri, f.id(t, "restricted_ingredient", c))
	}
	return map[string]any{"branchCode": "SRP01", "code": code, "nameTh": "ข้าวต้มปลา " + code, "nameEn": "Rice porridge with fish " + code,
		"cuisineTypeId": f.id(t, "cuisine_type", "CU01"), "mealComponentId": f.id(t, "meal_component", "MP01"),
		"iddsiType": "FOOD", "iddsiLevel": 6, "price": 45.5, "allergenIds": al, "restrictedIds": ri,
		"dietTypeIds": []int64{f.id(t, "diet_type", "DT02")}, "mealClassIds": []int64{f.id(t, "meal_class", "MC01")},
		"nutrients": []map[string]any{{"nutrient": "energy", "amount": 250, "unitId": f.id(t, "nutrient_unit", "NU01")},
			{"nutrient": "sodium", "amount": 480, "unitId": f.id(t, "nutrient_unit", "NU03")}}}
}

func (f *fixture) saveMenu(t *testing.T, body map[string]any) menus.Menu {
	t.Helper()
	res := f.post(f.nutri, "updateMenu", body)
	if res.Status != http.StatusOK {
		t.Fatalf("updateMenu %v: %d %s", body["code"], res.Status, res.Body)
	}
	var m menus.Menu
	res.Into(t, &m)
	return m
}

func codes(refs []menus.Ref) string {
	var out []string
	for _, r := range refs {
		out = append(out, r.Code)
	}
	return strings.Join(out, ",")
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

func TestMenu(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	body := f.dish(t, "T-M1", []string{"AL01", "AL04"}, []string{"RI01"})

	// create200: allergens are the dish's allergen ingredients, derived
	m := f.saveMenu(t, body)
	if codes(m.Allergens) != "AL01,AL04" || codes(m.Restricted) != "RI01" || m.IddsiLevel != 6 || m.Price != 45.5 ||
		m.Status != "ACTIVE" || m.CuisineTypeCode != "CU01" || len(m.Nutrients) != 2 || m.Nutrients[1].Unit != "mg" {
		t.Fatalf("created: %+v", m)
	}
	// update200: the ingredients change, so do the allergens
	// (a new allergen: the demo patients are allergic to the demo ones)
	if _, err := f.s.DB.Exec(context.Background(), `INSERT INTO allergen (branch_code, code, name_th, name_en) VALUES ('SRP01', 'T-AL', 'งา', 'Sesame')`); err != nil {
		t.Fatal(err)
	}
	upd := clone(body, "id", m.ID, "allergenIds", []int64{f.id(t, "allergen", "T-AL")}, "status", "inactive")
	m2 := f.saveMenu(t, upd)
	if codes(m2.Allergens) != "T-AL" || m2.Status != "INACTIVE" || m2.ID != m.ID {
		t.Fatalf("updated: %+v", m2)
	}
	// getMenu200, and another branch's nutritionist does not find it
	if res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/parameter/getMenu?branchCode=SRP01&id=%d", m.ID), Token: f.taker}); res.Status != http.StatusOK {
		t.Fatalf("getMenu: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/parameter/getMenu?branchCode=SRP02&id=%d", m.ID), Token: f.nutri2}); res.Status != http.StatusNotFound {
		t.Fatalf("getMenu from SRP02: %d %s", res.Status, res.Body)
	}

	// search200: criteria, status, filters
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchMenu?branch=SRP01&criteria=T-M1&status=INACTIVE&cuisineTypeId=" +
		fmt.Sprint(f.id(t, "cuisine_type", "CU01")), Token: f.taker})
	var page struct {
		Items []menus.Menu `json:"items"`
		Total int          `json:"total"`
	}
	res.Into(t, &page)
	if res.Status != http.StatusOK || page.Total != 1 || page.Items[0].Code != "T-M1" {
		t.Fatalf("search: %d %s", res.Status, res.Body)
	}

	// 422s
	if _, err := f.s.DB.Exec(context.Background(), `UPDATE allergen SET active = false WHERE branch_code = 'SRP01' AND code = 'AL05'`); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"food IDDSI 8", clone(body, "code", "X1", "iddsiLevel", 8), "iddsiLevel"},
		{"food IDDSI 2", clone(body, "code", "X1", "iddsiLevel", 2), "iddsiLevel"},
		{"drink IDDSI 5", clone(body, "code", "X1", "iddsiType", "DRINK", "iddsiLevel", 5), "iddsiLevel"},
		{"IDDSI missing", clone(body, "code", "X1", "iddsiLevel", nil), "iddsiLevel"},
		{"price below zero", clone(body, "code", "X1", "price", -1), "price"},
		{"inactive ingredient", clone(body, "code", "X1", "allergenIds", []int64{f.id(t, "allergen", "AL05")}), "allergenIds"},
		{"another branch's ingredient", clone(body, "code", "X1", "restrictedIds", []int64{-5}), "restrictedIds"},
		{"no kitchen", clone(body, "code", "X1", "cuisineTypeId", 0), "cuisineTypeId"},
		{"unknown kitchen", clone(body, "code", "X1", "cuisineTypeId", 999999), "cuisineTypeId"},
		{"code with a space", clone(body, "code", "X 1"), "code"},
		{"no Thai name", clone(body, "code", "X1", "nameTh", " "), "nameTh"},
		{"unknown nutrient", clone(body, "code", "X1", "nutrients", []map[string]any{{"nutrient": "caffeine", "amount": 1, "unitId": 1}}), "nutrients"},
		{"NUL in the name", clone(body, "code", "X1", "nameTh", "ข้าว\x00"), "nameTh"},
	}
	for _, c := range cases {
		res := f.post(f.nutri, "updateMenu", c.body)
		if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s, want 422 on %s", c.name, res.Status, res.Body, c.field)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM menu WHERE code = 'X1'`); n != 0 {
		t.Fatalf("a refused dish was written: %d", n)
	}
	// the drink range is 0–4
	f.saveMenu(t, clone(body, "code", "T-D1", "iddsiType", "drink", "iddsiLevel", 0, "mealComponentId", f.id(t, "meal_component", "MP03")))

	// 409 duplicate code; 404 unknown id; 403 role, 403 body branch
	if res := f.post(f.nutri, "updateMenu", clone(body, "code", "T-M1")); res.Status != http.StatusConflict || res.Fields()["code"] == "" {
		t.Fatalf("duplicate: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateMenu", clone(body, "id", 999999, "code", "X2")); res.Status != http.StatusNotFound {
		t.Fatalf("unknown id: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.taker, "updateMenu", clone(body, "code", "X3")); res.Status != http.StatusForbidden {
		t.Fatalf("order taker: %d", res.Status)
	}
	if res := f.post(f.nutri, "updateMenu", clone(body, "code", "X4", "branchCode", "SRP02")); res.Status != http.StatusForbidden {
		t.Fatalf("other branch body: %d", res.Status)
	}
	// another branch's nutritionist cannot update or delete SRP01's dish
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateMenu", Token: f.nutri2,
		JSON: clone(body, "id", m.ID, "branchCode", "SRP02")}); res.Status != http.StatusNotFound && res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("SRP02 updates SRP01's dish: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/deleteMenu?branchCode=SRP02&id=%d", m.ID), Token: f.nutri2}); res.Status != http.StatusNotFound {
		t.Fatalf("SRP02 deletes SRP01's dish: %d", res.Status)
	}

	// an ingredient a dish uses cannot be deleted (master data answers where it is used)
	res = f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/deleteAllergies?branchCode=SRP01&id=%d", f.id(t, "allergen", "T-AL")), Token: f.nutri, Lang: "en"})
	if res.Status != http.StatusConflict || !strings.Contains(res.Msg, "dish") {
		t.Fatalf("delete an ingredient in use: %d %s", res.Status, res.Body)
	}

	// delete409 while a set uses the dish, then delete200 and 404
	set := f.post(f.nutri, "updateMenuSet", map[string]any{"branchCode": "SRP01", "code": "T-S1", "nameTh": "ชุด", "menuIds": []int64{m.ID}})
	var ms menus.MenuSet
	set.Into(t, &ms)
	if res := f.del(f.nutri, "deleteMenu", m.ID); res.Status != http.StatusConflict || !strings.Contains(res.Msg, "menu set") {
		t.Fatalf("delete in use: %d %s", res.Status, res.Body)
	}
	if res := f.del(f.taker, "deleteMenuSet", ms.ID); res.Status != http.StatusForbidden {
		t.Fatalf("order taker deletes a set: %d", res.Status)
	}
	if res := f.del(f.nutri, "deleteMenuSet", ms.ID); res.Status != http.StatusOK {
		t.Fatalf("delete set: %d %s", res.Status, res.Body)
	}
	if res := f.del(f.nutri, "deleteMenu", m.ID); res.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	if res := f.del(f.nutri, "deleteMenu", m.ID); res.Status != http.StatusNotFound {
		t.Fatalf("delete again: %d", res.Status)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'menu' AND entity_id = $1 AND changed_by = 'D0004'`, fmt.Sprint(m.ID)); n != 3 {
		t.Fatalf("change log rows %d, want create, update, delete", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM menu_allergen WHERE menu_id = $1`, m.ID); n != 0 {
		t.Fatalf("ingredients left behind: %d", n)
	}
}

func TestMenuSet(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	porridge := f.saveMenu(t, f.dish(t, "T-P", []string{"AL04"}, []string{"RI01"}))
	soup := f.saveMenu(t, clone(f.dish(t, "T-SOUP", []string{"AL01", "AL04"}, nil), "iddsiLevel", 4,
		"mealComponentId", f.id(t, "meal_component", "MP02")))
	body := map[string]any{"branchCode": "SRP01", "code": "T-SET", "nameTh": "ชุดอาหารอ่อน", "nameEn": "Soft set",
		"trayCategoryId": f.id(t, "tray_category", "TC01"), "dietTypeId": f.id(t, "diet_type", "DT02"), "price": 120,
		"menuIds": []int64{soup.ID, porridge.ID}}
	res := f.post(f.nutri, "updateMenuSet", body)
	var s menus.MenuSet
	res.Into(t, &s)
	if res.Status != http.StatusOK || codes(s.Allergens) != "AL01,AL04" || codes(s.Restricted) != "RI01" || len(s.Menus) != 2 ||
		s.Menus[0].Code != "T-SOUP" || len(s.Textures) != 2 || s.Textures[0].IddsiLevel != 4 || *s.TrayCategoryCode != "TC01" {
		t.Fatalf("set: %d %s", res.Status, res.Body)
	}
	for name, c := range map[string]struct {
		body  map[string]any
		field string
	}{
		"no dishes":        {clone(body, "code", "X", "menuIds", []int64{}), "menuIds"},
		"unknown dish":     {clone(body, "code", "X", "menuIds", []int64{999999}), "menuIds"},
		"price below zero": {clone(body, "code", "X", "price", -0.5), "price"},
		"unknown tray":     {clone(body, "code", "X", "trayCategoryId", 999999), "trayCategoryId"},
	} {
		if res := f.post(f.nutri, "updateMenuSet", c.body); res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if res := f.post(f.nutri, "updateMenuSet", clone(body, "code", "T-SET")); res.Status != http.StatusConflict {
		t.Fatalf("duplicate set: %d", res.Status)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchMenuSet?criteria=t-set&dietTypeId=" + fmt.Sprint(f.id(t, "diet_type", "DT02")), Token: f.taker})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"total":1`) {
		t.Fatalf("search sets: %d %s", res.Status, res.Body)
	}
	// A dish's new ingredient shows in the set at once: nothing is copied
	f.saveMenu(t, clone(f.dish(t, "T-P", []string{"AL03"}, nil), "id", porridge.ID))
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchMenuSet?criteria=T-SET", Token: f.nutri})
	var page struct{ Items []menus.MenuSet }
	res.Into(t, &page)
	if codes(page.Items[0].Allergens) != "AL01,AL03,AL04" || len(page.Items[0].Restricted) != 0 {
		t.Fatalf("derived after the dish changed: %s", res.Body)
	}
}

// cycle posts an updateCycle body.
func (f *fixture) cycle(t *testing.T, code, typ string, days int, start, end, status string) apitest.Response {
	t.Helper()
	return f.post(f.nutri, "updateCycle", map[string]any{"branchCode": "SRP01", "code": code, "nameTh": "รอบ " + code,
		"nameEn": "Round " + code, "roundType": typ, "dayCount": days, "startDate": start, "endDate": end, "status": status})
}

func (f *fixture) mustCycle(t *testing.T, code, typ string, days int, start, end, status string) menus.Cycle {
	t.Helper()
	res := f.cycle(t, code, typ, days, start, end, status)
	if res.Status != http.StatusOK {
		t.Fatalf("cycle %s: %d %s", code, res.Status, res.Body)
	}
	var c menus.Cycle
	res.Into(t, &c)
	return c
}

func TestCycle(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.mustCycle(t, "T-A", "LOOP", 10, "2040-01-01", "2040-03-31", "ACTIVE")
	if a.DayCount != 10 || a.StartDate != "2040-01-01" || *a.EndDate != "2040-03-31" || a.Status != "ACTIVE" {
		t.Fatalf("created: %+v", a)
	}
	// 409 overlapping: names the other round
	res := f.cycle(t, "T-B", "WEEKDAY", 7, "2040-03-31", "", "ACTIVE")
	var d struct {
		Overlaps []menus.Cycle `json:"overlaps"`
	}
	res.Into(t, &d)
	if res.Status != http.StatusConflict || res.Code != "CYCLE_OVERLAP" || !strings.Contains(res.Msg, "T-A") || len(d.Overlaps) != 1 ||
		d.Overlaps[0].ID != a.ID || d.Overlaps[0].Status != "ACTIVE" || res.Fields()["startDate"] == "" {
		t.Fatalf("overlap: %d %s", res.Status, res.Body)
	}
	// the other round as searchCycle lists it, no field left at its zero value (issue 31 §4)
	if o := d.Overlaps[0]; o.Code != "T-A" || o.NameEn != "Round T-A" || o.RoundType != "LOOP" || o.DayCount != 10 ||
		o.StartDate != "2040-01-01" || o.EndDate == nil || *o.EndDate != "2040-03-31" || o.UpdatedAt.IsZero() || o.UpdatedBy != "D0004" {
		t.Fatalf("overlap entry: %s", res.Data)
	}
	// an inactive round may overlap; activating it may not
	b := f.mustCycle(t, "T-B", "WEEKDAY", 0, "2040-03-01", "", "INACTIVE")
	if b.DayCount != 7 {
		t.Fatalf("weekday days: %+v", b)
	}
	res = f.post(f.nutri, "updateCycle", map[string]any{"branchCode": "SRP01", "id": b.ID, "code": "T-B", "nameTh": "ข", "roundType": "WEEKDAY",
		"startDate": "2040-03-01", "status": "ACTIVE"})
	if res.Status != http.StatusConflict || !strings.Contains(res.Msg, "T-A") {
		t.Fatalf("activate overlapping: %d %s", res.Status, res.Body)
	}
	// moving its start past the other's end lets it be active
	f.post(f.nutri, "updateCycle", map[string]any{"branchCode": "SRP01", "id": b.ID, "code": "T-B", "nameTh": "ข", "roundType": "WEEKDAY",
		"startDate": "2040-04-01", "status": "ACTIVE"})
	// 422s
	for name, c := range map[string]struct {
		typ, start, end string
		days            int
		field           string
	}{
		"weekday of 5 days": {"WEEKDAY", "2041-01-01", "", 5, "dayCount"},
		"loop of 0 days":    {"LOOP", "2041-01-01", "", 0, "dayCount"},
		"loop of 367 days":  {"LOOP", "2041-01-01", "", 367, "dayCount"},
		"unknown type":      {"DAILY", "2041-01-01", "", 3, "roundType"},
		"no start":          {"LOOP", "", "", 3, "startDate"},
		"bad date":          {"LOOP", "2041-02-30", "", 3, "startDate"},
		"end before start":  {"LOOP", "2041-01-02", "2041-01-01", 3, "endDate"},
	} {
		if res := f.cycle(t, "T-X", c.typ, c.days, c.start, c.end, "INACTIVE"); res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}

	// contents: a day beyond the round, a duplicate, a dish or a set
	dish := f.saveMenu(t, f.dish(t, "T-CM", []string{"AL01"}, nil))
	meal := f.id(t, "meal_time", "MT02")
	item := map[string]any{"branchCode": "SRP01", "cycleId": a.ID, "dayNo": 10, "mealTimeId": meal, "menuId": dish.ID,
		"dietTypeId": f.id(t, "diet_type", "DT01"), "cuisineTypeId": f.id(t, "cuisine_type", "CU01")}
	res = f.post(f.nutri, "updateCycleMenu", item)
	var cm menus.CycleMenu
	res.Into(t, &cm)
	if res.Status != http.StatusOK || cm.DayNo != 10 || *cm.MenuCode != "T-CM" || cm.MealTimeCode != "MT02" || *cm.DietTypeCode != "DT01" {
		t.Fatalf("content: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateCycleMenu", clone(item, "dayNo", 11)); res.Status != http.StatusUnprocessableEntity || res.Fields()["dayNo"] == "" {
		t.Fatalf("day beyond the round: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateCycleMenu", clone(item, "dayNo", 8, "cycleId", b.ID)); res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("day 8 of a weekday round: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateCycleMenu", item); res.Status != http.StatusConflict {
		t.Fatalf("same dish twice in a cell: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateCycleMenu", clone(item, "menuSetId", 5)); res.Status != http.StatusUnprocessableEntity || res.Fields()["menuId"] == "" {
		t.Fatalf("dish and set: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.nutri, "updateCycleMenu", clone(item, "cycleId", 999999)); res.Status != http.StatusUnprocessableEntity || res.Fields()["cycleId"] == "" {
		t.Fatalf("unknown round: %d %s", res.Status, res.Body)
	}
	if res := f.post(f.taker, "updateCycleMenu", item); res.Status != http.StatusForbidden {
		t.Fatalf("order taker: %d", res.Status)
	}
	// shortening the round below a day in use: 409
	res = f.post(f.nutri, "updateCycle", map[string]any{"branchCode": "SRP01", "id": a.ID, "code": "T-A", "nameTh": "ก", "roundType": "LOOP",
		"dayCount": 9, "startDate": "2040-01-01", "endDate": "2040-03-31"})
	if res.Status != http.StatusConflict || res.Fields()["dayCount"] == "" {
		t.Fatalf("shorten: %d %s", res.Status, res.Body)
	}
	// the dish a round uses cannot be deleted
	if res := f.del(f.nutri, "deleteMenu", dish.ID); res.Status != http.StatusConflict {
		t.Fatalf("delete a dish in a round: %d %s", res.Status, res.Body)
	}

	// searchCycleMenu's filters
	for q, want := range map[string]int{
		"": 1, "cuisineCode=CU01": 1, "cuisineCode=CU02": 0,
		"dietTypeCode=DT01": 1, "therapeuticCode=TF01": 0, "mealComponentCode=MP01": 1, "mealComponentCode=MP03": 0,
	} {
		res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/parameter/searchCycleMenu?branchCode=SRP01&cycleId=%d&%s", a.ID, q), Token: f.taker})
		var page struct {
			Total int `json:"total"`
		}
		res.Into(t, &page)
		if res.Status != http.StatusOK || page.Total != want {
			t.Errorf("searchCycleMenu %s: %d %s, want %d", q, res.Status, res.Body, want)
		}
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchCycle?criteria=T-&sortBy=startDate&sortDesc=true", Token: f.taker})
	var cycles struct{ Items []menus.Cycle }
	res.Into(t, &cycles)
	if res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/parameter/searchCycleMenu?cycleId=%d", b.ID), Token: f.taker}); !strings.Contains(string(res.Body), `"total":0`) {
		t.Errorf("searchCycleMenu of an empty round: %s", res.Body)
	}
	if len(cycles.Items) != 2 || cycles.Items[0].Code != "T-B" || cycles.Items[1].Items != 1 {
		t.Fatalf("searchCycle: %s", res.Body)
	}

	// deleteCycleMenu, deleteCycle (with its contents), each logged
	if res := f.del(f.nutri2, "deleteCycleMenu", cm.ID); res.Status != http.StatusForbidden {
		t.Fatalf("SRP02 deletes an SRP01 content: %d", res.Status)
	}
	f.post(f.nutri, "updateCycleMenu", clone(item, "dayNo", 1))
	if res := f.del(f.nutri, "deleteCycleMenu", cm.ID); res.Status != http.StatusOK {
		t.Fatalf("deleteCycleMenu: %d %s", res.Status, res.Body)
	}
	if res := f.del(f.nutri, "deleteCycle", a.ID); res.Status != http.StatusOK {
		t.Fatalf("deleteCycle: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM cycle_menu WHERE cycle_id = $1`, a.ID); n != 0 {
		t.Fatalf("contents left: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'cycle_menu' AND action = 'delete'`); n != 2 {
		t.Fatalf("content deletions logged: %d", n)
	}
	if res := f.del(f.nutri, "deleteCycle", a.ID); res.Status != http.StatusNotFound {
		t.Fatalf("deleteCycle again: %d", res.Status)
	}
}

func TestHostileQueries(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, path := range []string{
		"/api/parameter/searchMenu?criteria=%00", "/api/parameter/searchCycleMenu?cuisineCode=%FF",
		"/api/parameter/searchCycle?status=MAYBE", "/api/parameter/menuOfDay?date=2030-02-30&mealTimeId=1",
		"/api/parameter/menuOfDay?date=&mealTimeId=", "/api/parameter/searchMenu?size=100000",
	} {
		res := f.s.Do(apitest.Request{Method: "GET", Path: path, Token: f.nutri})
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d %s", path, res.Status, res.Body)
		}
	}
	for _, path := range []string{"/api/parameter/searchMenu?page=x", "/api/parameter/deleteMenu?id=abc"} {
		method := "GET"
		if strings.Contains(path, "delete") {
			method = "DELETE"
		}
		if res := f.s.Do(apitest.Request{Method: method, Path: path, Token: f.nutri}); res.Status != http.StatusBadRequest {
			t.Errorf("%s: %d", path, res.Status)
		}
	}
	// a field the body does not have is named (issue 31: a 400 would sign the user out); a
	// body too large is refused before it is read
	if res := f.post(f.nutri, "updateMenu", map[string]any{"code": "X", "allergens": "AL01"}); res.Status != http.StatusUnprocessableEntity ||
		res.Fields()["allergens"] != "This field is unknown" {
		t.Errorf("unknown field: %d %s", res.Status, res.Body)
	}
	big, _ := json.Marshal(map[string]any{"code": "X", "remark": strings.Repeat("ก", 30000)})
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateMenu", Token: f.nutri, Body: strings.NewReader(string(big)),
		Header: map[string]string{"Content-Type": "application/json"}}); res.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("large body: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchMenu"}); res.Status != http.StatusUnauthorized {
		t.Errorf("no token: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchMenu?branchCode=SRP02", Token: f.nutri}); res.Status != http.StatusForbidden {
		t.Errorf("another branch: %d", res.Status)
	}
}

// The last-edited-by of the dishes, sets, rounds and round contents the demo data wrote
// reads as the system's, in the reader's language.
func TestDemoAuthor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for lang, want := range map[string]string{"th": "ระบบ (ข้อมูลตัวอย่าง)", "en": "System (demo data)"} {
		var cycles struct {
			Items []struct {
				ID int64 `json:"id"`
			} `json:"items"`
		}
		for _, path := range []string{"searchMenu", "searchMenuSet", "searchCycle", "searchCycleMenu?cycleId="} {
			if path == "searchCycleMenu?cycleId=" {
				path += fmt.Sprint(cycles.Items[0].ID)
			}
			res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/" + path, Token: f.nutri, Lang: lang})
			var page struct {
				Items []struct {
					UpdatedBy string `json:"updatedBy"`
				} `json:"items"`
			}
			res.Into(t, &page)
			if res.Status != 200 || len(page.Items) == 0 {
				t.Fatalf("%s %s: %d %s", lang, path, res.Status, res.Body)
			}
			for _, it := range page.Items {
				if it.UpdatedBy != want {
					t.Fatalf("%s %s: updatedBy %q", lang, path, it.UpdatedBy)
				}
			}
			if path == "searchCycle" {
				res.Into(t, &cycles)
			}
		}
	}
}

// Issue 31 §4: what the person got wrong is named, never answered as a 200 that hides it or
// with a message about something else.
func TestWrongInputIsNamed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	get := func(path string) apitest.Response {
		return f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/" + path, Token: f.nutri, Lang: "en"})
	}
	// an unknown sortBy is a 422, with master data's message
	want := get("searchDietType?sortBy=bogus").Fields()["sortBy"]
	if want == "" {
		t.Fatal("master data takes sortBy=bogus")
	}
	for _, list := range []string{"searchMenu", "searchMenuSet", "searchCycle", "searchCycleMenu"} {
		if res := get(list + "?sortBy=bogus"); res.Status != http.StatusUnprocessableEntity || res.Fields()["sortBy"] != want {
			t.Errorf("%s sortBy=bogus: %d %s %v", list, res.Status, res.Code, res.Fields())
		}
	}
	// the columns the screens sort by still sort
	for list, cols := range map[string][]string{
		"searchMenu":    {"code", "nameTh", "nameEn", "cuisineTypeCode", "mealComponentCode", "iddsiType", "iddsiLevel", "price", "status", "updatedAt"},
		"searchMenuSet": {"code", "nameTh", "nameEn", "price", "status", "updatedAt"},
		"searchCycle":   {"startDate", "endDate", "code", "nameTh", "nameEn", "roundType", "dayCount", "status", "updatedAt"},
	} {
		for _, c := range cols {
			if res := get(list + "?sortDesc=true&sortBy=" + c); res.Status != http.StatusOK {
				t.Errorf("%s sortBy=%s: %d %s", list, c, res.Status, res.Body)
			}
		}
	}
	if res := get("searchCycleMenu?page=1&size=10"); res.Status != http.StatusOK {
		t.Errorf("searchCycleMenu: %d %s", res.Status, res.Body)
	}

	// a price past the column's says so, whether it fits a float or not
	for _, p := range []any{1e300, 100_000_000, 99_999_999.995} {
		res := f.post(f.nutri, "updateMenu", clone(f.dish(t, "T-PRICE", nil, nil), "price", p))
		if res.Status != http.StatusUnprocessableEntity || res.Fields()["price"] != "The price must be 99,999,999.99 at most" {
			t.Errorf("dish price %v: %d %s", p, res.Status, res.Body)
		}
	}
	if res := f.post(f.nutri, "updateMenu", clone(f.dish(t, "T-PRICE", nil, nil), "price", -1)); res.Fields()["price"] != "The price must not be below zero" {
		t.Errorf("dish price -1: %d %s", res.Status, res.Body)
	}
	set := map[string]any{"branchCode": "SRP01", "code": "T-PRICE", "nameTh": "ชุด", "price": 1e300, "menuIds": []int64{f.id(t, "menu", "M001")}}
	if res := f.post(f.nutri, "updateMenuSet", set); res.Status != http.StatusUnprocessableEntity || res.Fields()["price"] != "The price must be 99,999,999.99 at most" {
		t.Errorf("set price: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM menu WHERE code = 'T-PRICE'`) + f.s.Count(`SELECT count(*) FROM menu_set WHERE code = 'T-PRICE'`); n != 0 {
		t.Fatalf("%d refused rows stored", n)
	}

	// a meal type the branch does not have, on a date a round covers or not
	var srp02Lunch int64
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM meal_time WHERE branch_code = 'SRP02' AND code = 'MT02'`).Scan(&srp02Lunch); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"date=2026-06-01&mealTimeId=999999", "date=2039-06-01&mealTimeId=999999", fmt.Sprintf("date=2026-06-01&mealTimeId=%d", srp02Lunch)} {
		if res := get("menuOfDay?" + q); res.Status != http.StatusUnprocessableEntity || res.Fields()["mealTimeId"] != "This meal type does not exist in this branch" {
			t.Errorf("menuOfDay?%s: %d %s %v", q, res.Status, res.Code, res.Fields())
		}
	}
	// the branch's meal type: its day, or no round
	lunch := f.id(t, "meal_time", "MT02")
	if res := get(fmt.Sprintf("menuOfDay?date=2026-06-01&mealTimeId=%d", lunch)); res.Status != http.StatusOK {
		t.Errorf("menuOfDay lunch: %d %s", res.Status, res.Body)
	}
	if res := get(fmt.Sprintf("menuOfDay?date=2039-06-01&mealTimeId=%d", lunch)); res.Status != http.StatusOK || res.Msg != "No active menu round covers this date" {
		t.Errorf("menuOfDay lunch, no round: %d %s", res.Status, res.Body)
	}
}
