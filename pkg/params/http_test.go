package params_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/demo"
	"samrap/pkg/params"
	"samrap/pkg/session"
)

type page struct {
	Items []params.Record `json:"items"`
	Total int             `json:"total"`
	Page  int             `json:"page"`
	Size  int             `json:"size"`
}

type fixture struct {
	s         *apitest.Server
	nutri     string // Nutritionist of SRP01
	taker     string // Order Taker of SRP01
	nutri2    string // Nutritionist of SRP02
	superUser string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	s := apitest.New(t)
	return fixture{
		s:         s,
		nutri:     s.SignIn("nutritionist@samrap.local").Access,
		taker:     s.SignIn("ordertaker@samrap.local").Access,
		nutri2:    s.TokenAs("multi@samrap.local", demo.ChiangMai, session.Nutritionist),
		superUser: s.SignIn("superadmin@samrap.local").Access,
	}
}

func (f fixture) search(t *testing.T, token, kind, query string) page {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/search" + kind + "?" + query, Token: token})
	if res.Status != http.StatusOK {
		t.Fatalf("search%s?%s: %d %s", kind, query, res.Status, res.Body)
	}
	var p page
	res.Into(t, &p)
	return p
}

// idOf answers the id of a demo row of kind by code.
func (f fixture) idOf(t *testing.T, kind, code string) int64 {
	t.Helper()
	p := f.search(t, f.nutri, kind, "branch=SRP01&size=1000&criteria="+url.QueryEscape(code))
	for _, it := range p.Items {
		if it["code"] == code {
			return int64(it["id"].(float64))
		}
	}
	t.Fatalf("no %s %s in the demo data", kind, code)
	return 0
}

// sample answers a valid body of kind with code, its references pointing at demo rows.
func (f fixture) sample(t *testing.T, kind, code string) map[string]any {
	body := map[string]any{"branchCode": "SRP01", "code": code, "nameTh": "ทดสอบ " + code, "nameEn": "Test " + code}
	switch kind {
	case "DietType", "Allergies", "Restricted", "CuisineType", "RoomType":
		body["remark"] = "หมายเหตุ"
	case "Therapeutic", "Therapetic":
		body["type"], body["mealPlan"] = "โรคไต", true
	case "MealTime":
		body["startTime"], body["endTime"], body["abbreviation"] = "20:00", "21:00", "NS"
		body["textColor"], body["mealColor"] = "#000000", "#ffcc00"
	case "MealClass":
		body["aLaCarte"] = true
	case "NutrientUnit":
		body["unit"] = "µg"
	case "Religion", "Vegetarian":
		body["restrictedIds"] = []int64{f.idOf(t, "Restricted", "RI01")}
	case "WardType":
		body["startAge"], body["endAge"] = 151, 151 // refused below; tests set their own
	case "Ward":
		body["wardTypeId"], body["description"] = f.idOf(t, "WardType", "WT02"), "ชั้น 9"
	case "Room":
		body["wardId"], body["roomTypeId"] = f.idOf(t, "Ward", "W02"), f.idOf(t, "RoomType", "RT02")
	case "RoomMealClass":
		body["roomTypeId"], body["mealClassId"] = f.idOf(t, "RoomType", "RT02"), nil
		delete(body, "nameTh")
	case "NutrientTarget":
		body["therapeuticId"], body["nutrient"], body["dailyMax"] = f.idOf(t, "Therapeutic", "TF04"), "fiber", 30.5
		delete(body, "nameTh")
	}
	return body
}

// inUse names, per kind, a demo row that something uses and the usedIn answered.
var inUse = map[string][2]string{
	"Restricted": {"RI01", "religion"},
	"MealClass":  {"MC01", "room_meal_class"},
	"WardType":   {"WT01", "ward"},
	"Ward":       {"W01", "room"},
	"RoomType":   {"RT01", "room"},
}

func TestEveryKind(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	names := []string{"Therapetic"}
	for _, k := range params.Kinds() {
		names = append(names, k.Name)
	}
	for _, kind := range names {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			code := strings.ToUpper("T-" + kind)
			body := f.sample(t, kind, code)
			if kind == "WardType" {
				body["startAge"], body["endAge"] = 151, 151
				res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: body})
				if res.Status != http.StatusUnprocessableEntity || res.Fields()["startAge"] == "" {
					t.Fatalf("age 151: %d %s", res.Status, res.Body)
				}
				// Demo ward types cover 0–150: free a range by narrowing the elderly one.
				wt := f.search(t, f.nutri, "WardType", "criteria=WT03").Items[0]
				wt["branchCode"], wt["startAge"], wt["endAge"] = "SRP01", 60, 120
				if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateWardType", Token: f.nutri, JSON: wt}); res.Status != http.StatusOK {
					t.Fatalf("narrow WT03: %d %s", res.Status, res.Body)
				}
				body["startAge"], body["endAge"] = 121, 150
			}

			// create200
			res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: body, Lang: "th"})
			if res.Status != http.StatusOK {
				t.Fatalf("create: %d %s", res.Status, res.Body)
			}
			var rec params.Record
			res.Into(t, &rec)
			id := int64(rec["id"].(float64))
			if rec["code"] != code || rec["status"] != "ACTIVE" || rec["updatedBy"] != "D0004" || rec["updatedAt"] == nil {
				t.Fatalf("created record %v", rec)
			}
			if k, _ := params.KindOf(kind); !k.NoName && rec["nameTh"] != body["nameTh"] {
				t.Fatalf("nameTh %v", rec["nameTh"])
			}
			if res.Msg != "บันทึกข้อมูลสำเร็จ" {
				t.Errorf("msg %q", res.Msg)
			}

			// create409: the same code again
			dup := f.sample(t, kind, code)
			if kind == "WardType" {
				dup["startAge"], dup["endAge"] = 121, 150
			}
			res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: dup})
			if res.Status != http.StatusConflict || res.Fields()["code"] == "" {
				t.Fatalf("duplicate code: %d %s", res.Status, res.Body)
			}

			// create422: no Thai name (a mapping has none) and no code
			bad := f.sample(t, kind, "")
			bad["nameTh"] = " "
			res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: bad})
			if res.Status != http.StatusUnprocessableEntity || res.Fields()["code"] == "" ||
				(kind != "RoomMealClass" && kind != "NutrientTarget" && res.Fields()["nameTh"] == "") {
				t.Fatalf("no code, no name: %d %s", res.Status, res.Body)
			}

			// update200: new English name, inactive
			body["id"], body["nameEn"], body["status"] = id, "Changed", "INACTIVE"
			res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: body})
			if res.Status != http.StatusOK {
				t.Fatalf("update: %d %s", res.Status, res.Body)
			}
			res.Into(t, &rec)
			if rec["nameEn"] != "Changed" || rec["status"] != "INACTIVE" || int64(rec["id"].(float64)) != id {
				t.Fatalf("updated record %v", rec)
			}

			// search200: by criteria, sorted, paged; inactive rows listed with their status
			p := f.search(t, f.nutri, kind, "branch=SRP01&criteria="+url.QueryEscape(strings.ToLower(code)))
			if p.Total != 1 || len(p.Items) != 1 || p.Items[0]["nameEn"] != "Changed" || p.Page != 1 {
				t.Fatalf("search by criteria: %+v", p)
			}
			all := f.search(t, f.taker, kind, "branch=SRP01&size=1000&sortBy=code&sortDesc=true")
			for i := 1; i < len(all.Items); i++ {
				if all.Items[i-1]["code"].(string) < all.Items[i]["code"].(string) {
					t.Fatalf("not sorted by code desc: %v then %v", all.Items[i-1]["code"], all.Items[i]["code"])
				}
			}
			if all.Total >= 2 {
				p2 := f.search(t, f.nutri, kind, "branch=SRP01&size=1&page=2&sortBy=code&sortDesc=true")
				if len(p2.Items) != 1 || p2.Items[0]["code"] != all.Items[1]["code"] || p2.Total != all.Total || p2.Page != 2 {
					t.Fatalf("page 2 of size 1: %+v (all %d)", p2, all.Total)
				}
			}
			past := f.search(t, f.nutri, kind, "branch=SRP01&size=1000&page=9")
			if len(past.Items) != 0 || past.Total != all.Total {
				t.Fatalf("past the last page: %+v", past)
			}
			if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/search" + kind + "?sortBy=nope", Token: f.nutri}); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("unknown sortBy: %d", res.Status)
			}

			// 403: wrong role writes; the other branch's rows are out of reach
			res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.taker, JSON: body})
			if res.Status != http.StatusForbidden {
				t.Fatalf("order taker update: %d", res.Status)
			}
			other := f.sample(t, kind, code+"X")
			other["branchCode"] = "SRP02"
			if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: other}); res.Status != http.StatusForbidden {
				t.Fatalf("update naming SRP02: %d", res.Status)
			}
			if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/search" + kind + "?branch=SRP01", Token: f.nutri2}); res.Status != http.StatusForbidden {
				t.Fatalf("SRP02 nutritionist searching SRP01: %d", res.Status)
			}
			if res := f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP02&id=%d", kind, id), Token: f.nutri}); res.Status != http.StatusForbidden {
				t.Fatalf("delete naming SRP02: %d", res.Status)
			}
			// The SRP02 nutritionist cannot reach the SRP01 row by its id either.
			if res := f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP02&id=%d", kind, id), Token: f.nutri2}); res.Status != http.StatusNotFound {
				t.Fatalf("SRP02 deleting an SRP01 id: %d %s", res.Status, res.Body)
			}
			if p := f.search(t, f.nutri2, kind, "branch=SRP02&criteria="+code); p.Total != 0 {
				t.Fatalf("SRP02 sees SRP01's row: %+v", p)
			}
			if res := f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP01&id=%d", kind, id), Token: f.taker}); res.Status != http.StatusForbidden {
				t.Fatalf("order taker delete: %d", res.Status)
			}

			// delete200, then 404
			res = f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP01&id=%d", kind, id), Token: f.nutri})
			if res.Status != http.StatusOK {
				t.Fatalf("delete: %d %s", res.Status, res.Body)
			}
			res = f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP01&id=%d", kind, id), Token: f.nutri})
			if res.Status != http.StatusNotFound {
				t.Fatalf("delete again: %d", res.Status)
			}
			k, _ := params.KindOf(kind)
			if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = $1 AND entity_id = $2 AND changed_by = 'D0004'`, k.Table, fmt.Sprint(id)); n != 3 {
				t.Fatalf("change log rows %d, want create, update, delete", n)
			}

			// delete409: an item in use says where
			if use, ok := inUse[kind]; ok {
				used := f.idOf(t, kind, use[0])
				res := f.s.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/parameter/delete%s?branchCode=SRP01&id=%d", kind, used), Token: f.nutri, Lang: "en"})
				var d struct {
					UsedIn string `json:"usedIn"`
				}
				res.Into(t, &d)
				if res.Status != http.StatusConflict || d.UsedIn != use[1] || !strings.Contains(res.Msg, "cannot be deleted") {
					t.Fatalf("delete in use: %d %s", res.Status, res.Body)
				}
			}
		})
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	post := func(kind string, body map[string]any) apitest.Response {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/update" + kind, Token: f.nutri, JSON: body, Lang: "en"})
	}
	meal := func(start, end, abbr, text, color string) map[string]any {
		return map[string]any{"branchCode": "SRP01", "code": "MTX", "nameTh": "มื้อดึก", "startTime": start, "endTime": end,
			"abbreviation": abbr, "textColor": text, "mealColor": color}
	}
	cases := []struct {
		name   string
		kind   string
		body   map[string]any
		status int
		field  string
	}{
		{"time 24:00", "MealTime", meal("22:00", "24:00", "NS", "#000000", "#FFFFFF"), 422, "endTime"},
		{"start after end", "MealTime", meal("22:00", "21:00", "NS", "#000000", "#FFFFFF"), 422, "endTime"},
		{"start equals end", "MealTime", meal("22:00", "22:00", "NS", "#000000", "#FFFFFF"), 422, "endTime"},
		{"abbreviation of three", "MealTime", meal("22:00", "23:00", "NSX", "#000000", "#FFFFFF"), 422, "abbreviation"},
		{"abbreviation with a digit", "MealTime", meal("22:00", "23:00", "L1", "#000000", "#FFFFFF"), 422, "abbreviation"},
		{"colour not hex", "MealTime", meal("22:00", "23:00", "NS", "black", "#FFFFFF"), 422, "textColor"},
		{"colour short", "MealTime", meal("22:00", "23:00", "NS", "#000000", "#FFF"), 422, "mealColor"},
		{"status unknown", "DietType", map[string]any{"branchCode": "SRP01", "code": "X1", "nameTh": "ก", "status": "MAYBE"}, 422, "status"},
		{"code with a space", "DietType", map[string]any{"branchCode": "SRP01", "code": "X 1", "nameTh": "ก"}, 422, "code"},
		{"ward type of no ward", "Ward", map[string]any{"branchCode": "SRP01", "code": "WX", "nameTh": "ก", "wardTypeId": 999999}, 422, "wardTypeId"},
		{"ward type missing", "Ward", map[string]any{"branchCode": "SRP01", "code": "WX", "nameTh": "ก"}, 422, "wardTypeId"},
		{"ages overlap", "WardType", map[string]any{"branchCode": "SRP01", "code": "WTX", "nameTh": "ก", "startAge": 10, "endAge": 20}, 409, "startAge"},
		{"ages reversed", "WardType", map[string]any{"branchCode": "SRP01", "code": "WTX", "nameTh": "ก", "startAge": 20, "endAge": 10}, 422, "endAge"},
		{"another branch's ward type", "Ward", map[string]any{"branchCode": "SRP01", "code": "WX", "nameTh": "ก", "wardTypeId": -1}, 422, "wardTypeId"},
	}
	for _, c := range cases {
		res := post(c.kind, c.body)
		if res.Status != c.status || res.Fields()[c.field] == "" {
			t.Errorf("%s: %d %s, want %d on %s", c.name, res.Status, res.Body, c.status, c.field)
		}
	}
	// The abbreviation's refusal is said in the caller's language (issue 19 item 6: "L1" was taken).
	for lang, want := range map[string]string{"en": "exactly two letters", "th": "ตัวอักษร 2 ตัว"} {
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateMealTime", Token: f.nutri, Lang: lang,
			JSON: meal("22:00", "23:00", "L1", "#000000", "#FFFFFF")})
		if res.Status != 422 || !strings.Contains(res.Fields()["abbreviation"], want) {
			t.Errorf("abbreviation L1 in %s: %d %s", lang, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_time WHERE code = 'MTX'`); n != 0 {
		t.Fatalf("a refused meal time was stored")
	}
	// A field the kind does not have is a 422 naming it (issue 31: a 400 signs the user out).
	if res := post("DietType", map[string]any{"branchCode": "SRP01", "code": "X", "nameTh": "ก", "colour": "x"}); res.Status != http.StatusUnprocessableEntity ||
		res.Fields()["colour"] != "This field is unknown" {
		t.Errorf("unknown field: %d %s", res.Status, res.Body)
	}
	// The SRP02 ward type cannot be referenced from SRP01 (composite foreign key).
	var srp02 int64
	if err := f.s.DB.QueryRow(t.Context(), `SELECT id FROM ward_type WHERE branch_code = 'SRP02' AND code = 'WT02'`).Scan(&srp02); err != nil {
		t.Fatal(err)
	}
	if res := post("Ward", map[string]any{"branchCode": "SRP01", "code": "WX", "nameTh": "ก", "wardTypeId": srp02}); res.Status != 422 {
		t.Errorf("SRP02's ward type from SRP01: %d %s", res.Status, res.Body)
	}

	// A status change takes effect at once: inactive rows leave the choices, stay listed.
	mc := f.search(t, f.nutri, "MealClass", "criteria=MC03").Items[0]
	mc["branchCode"], mc["status"] = "SRP01", "INACTIVE"
	if res := post("MealClass", mc); res.Status != 200 {
		t.Fatalf("deactivate: %d %s", res.Status, res.Body)
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/getMealClass?branchCode=SRP01", Token: f.taker, Lang: "en"})
	var choices []map[string]any
	res.Into(t, &choices)
	if res.Status != 200 || len(choices) != 2 || choices[0]["text"] != "Standard" {
		t.Fatalf("getMealClass after deactivating MC03: %d %s", res.Status, res.Body)
	}
	if p := f.search(t, f.nutri, "MealClass", "status=INACTIVE"); p.Total != 1 {
		t.Fatalf("inactive search: %+v", p)
	}
	// Keeping the stored status when the body omits it.
	delete(mc, "status")
	mc["nameEn"] = "VIP class"
	post("MealClass", mc)
	if p := f.search(t, f.nutri, "MealClass", "criteria=MC03"); p.Items[0]["status"] != "INACTIVE" {
		t.Fatalf("status changed by an update without status: %v", p.Items[0])
	}

	// Religion lists: replaced by the update, answered with the items.
	re := f.search(t, f.nutri, "Religion", "criteria=RE02").Items[0]
	if got := re["restricted"].([]any); len(got) != 2 {
		t.Fatalf("RE02 restricted %v", got)
	}
	re["branchCode"], re["restrictedIds"] = "SRP01", []int64{f.idOf(t, "Restricted", "RI03")}
	if res := post("Religion", re); res.Status != 200 {
		t.Fatalf("religion list: %d %s", res.Status, res.Body)
	}
	re = f.search(t, f.nutri, "Religion", "criteria=RE02").Items[0]
	if got := re["restricted"].([]any); len(got) != 1 || got[0].(map[string]any)["code"] != "RI03" {
		t.Fatalf("RE02 restricted after update %v", got)
	}
	// the change log shows the list before and after
	var before, after string
	if err := f.s.DB.QueryRow(context.Background(), `SELECT before->>'restrictedIds', after->>'restrictedIds' FROM change_log
		WHERE entity = 'religion' AND action = 'update' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, fmt.Sprint(re["id"])).Scan(&before, &after); err != nil {
		t.Fatal(err)
	}
	ri03 := fmt.Sprint(f.idOf(t, "Restricted", "RI03"))
	if strings.Count(before, ",") != 1 || after != "["+ri03+"]" {
		t.Fatalf("religion change row: before %s after %s", before, after)
	}
	// an update that does not send the list leaves it, and logs it unchanged
	delete(re, "restrictedIds")
	re["branchCode"], re["nameEn"] = "SRP01", "Renamed"
	if res := post("Religion", re); res.Status != 200 {
		t.Fatalf("religion rename: %d %s", res.Status, res.Body)
	}
	f.s.DB.QueryRow(context.Background(), `SELECT before->>'restrictedIds', after->>'restrictedIds' FROM change_log
		WHERE entity = 'religion' AND action = 'update' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, fmt.Sprint(re["id"])).Scan(&before, &after)
	if before != "["+ri03+"]" || after != before {
		t.Fatalf("rename change row: before %s after %s", before, after)
	}
}

func TestChoicesAndWards(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	get := func(token, path string, v any) int {
		res := f.s.Do(apitest.Request{Method: "GET", Path: path, Token: token, Lang: "th"})
		if res.Status == 200 {
			res.Into(t, v)
		}
		return res.Status
	}
	var wardTypes []map[string]any
	if st := get(f.taker, "/api/parameter/wardType?branchCode=SRP01", &wardTypes); st != 200 || len(wardTypes) != 3 || wardTypes[0]["text"] != "หอผู้ป่วยเด็ก" {
		t.Fatalf("wardType: %d %v", st, wardTypes)
	}
	var list []map[string]any
	for _, path := range []string{"/api/parameter/getRoomType?branchCode=SRP01", "/api/parameter/getTherapeutic?branchCode=SRP01"} {
		if st := get(f.taker, path, &list); st != 200 || len(list) < 3 {
			t.Fatalf("%s: %d %v", path, st, list)
		}
	}
	if st := get(f.taker, "/api/parameter/getRoomType?branchCode=SRP02", &list); st != 403 {
		t.Fatalf("another branch's room types: %d", st)
	}
	if st := get(f.superUser, "/api/parameter/getRoomType?branchCode=SRP01", &list); st != 403 {
		t.Fatalf("super admin reading room types: %d", st)
	}

	post := func(path string, body any) ([]map[string]any, int) {
		res := f.s.Do(apitest.Request{Method: "POST", Path: path, Token: f.taker, JSON: body})
		var out []map[string]any
		if res.Status == 200 {
			res.Into(t, &out)
		}
		return out, res.Status
	}
	wt02 := f.idOf(t, "WardType", "WT02")
	wards, st := post("/api/parameter/ward", map[string]any{"branchCode": "SRP01", "wardType": []int64{wt02}})
	if st != 200 || len(wards) != 3 || wards[0]["wardTypeCode"] != "WT02" { // W02, W03, W05
		t.Fatalf("wards of WT02: %d %v", st, wards)
	}
	if _, st := post("/api/parameter/ward", map[string]any{"branchCode": "SRP02", "wardType": []int64{wt02}}); st != 403 {
		t.Fatalf("wards of another branch: %d", st)
	}
	w02 := f.idOf(t, "Ward", "W02")
	rooms, st := post("/api/parameter/room", map[string]any{"branchCode": "SRP01", "ward": []int64{w02}})
	// W02: three rooms and 20 beds of the demo patients
	if st != 200 || len(rooms) != 23 || rooms[0]["roomTypeCode"] != "RT01" {
		t.Fatalf("rooms of W02: %d %v", st, rooms)
	}
	// a patient may move only to a vacant bed: the demo patients take W02-01…W02-20, a
	// pre-admitted one 501-2
	if rooms, st := post("/api/parameter/newRoom", map[string]any{"branchCode": "SRP01", "ward": w02}); st != 200 || len(rooms) != 2 ||
		rooms[0]["code"] != "501-1" || rooms[1]["code"] != "502-1" {
		t.Fatalf("newRoom in W02: %d %v", st, rooms)
	}

	var keys map[string][]map[string]any
	if st := get(f.taker, "/api/parameter/byKeys/STATUS_PATIENT,LANG_PREF_TYPE,VISIT_STATUS", &keys); st != 200 ||
		len(keys["VISIT_STATUS"]) != 3 || len(keys["STATUS_PATIENT"]) != 2 || keys["LANG_PREF_TYPE"][1]["value"] != "LPT02" {
		t.Fatalf("byKeys: %d %v", st, keys)
	}
	if st := get(f.taker, "/api/parameter/byKeys/NOPE", &keys); st != 422 {
		t.Fatalf("unknown key: %d", st)
	}
	var langs []map[string]any
	if st := get(f.taker, "/api/parameter/getLanguageOptions?type=LPT02", &langs); st != 200 || langs[0]["value"] != "TH" || langs[0]["text"] != "ไทย" {
		t.Fatalf("languages: %d %v", st, langs)
	}
}

func TestCopyBranch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := f.s.DB.Exec(t.Context(), `INSERT INTO branch (code, name_th, name_en) VALUES ('SRP03', 'สำรับ ภูเก็ต', 'Samrap Phuket')`); err != nil {
		t.Fatal(err)
	}
	body := map[string]string{"fromBranchCode": "SRP01", "toBranchCode": "SRP03"}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/copyBranch", Token: f.nutri, JSON: body}); res.Status != 403 {
		t.Fatalf("nutritionist copying: %d", res.Status)
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/copyBranch", Token: f.superUser, JSON: body})
	if res.Status != 200 {
		t.Fatalf("copy: %d %s", res.Status, res.Body)
	}
	for _, table := range []string{"diet_type", "meal_time", "ward", "room", "room_meal_class", "religion_restricted", "vegetarian_restricted"} {
		a := f.s.Count(`SELECT count(*) FROM ` + table + ` WHERE branch_code = 'SRP01'`)
		b := f.s.Count(`SELECT count(*) FROM ` + table + ` WHERE branch_code = 'SRP03'`)
		if a == 0 || a != b {
			t.Errorf("%s: SRP01 %d rows, SRP03 %d", table, a, b)
		}
	}
	// References point inside the new branch.
	if n := f.s.Count(`SELECT count(*) FROM room r JOIN ward w ON w.branch_code = r.branch_code AND w.id = r.ward_id
		JOIN ward_type wt ON wt.branch_code = w.branch_code AND wt.id = w.ward_type_id WHERE r.branch_code = 'SRP03'`); n != 99 { // 9 rooms and the demo patients' 90 beds
		t.Errorf("rooms of SRP03 reaching their ward type: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE branch_code = 'SRP03' AND action = 'create'`); n == 0 {
		t.Error("copy wrote no change log")
	}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/copyBranch", Token: f.superUser, JSON: body}); res.Status != 409 {
		t.Fatalf("copy again: %d", res.Status)
	}
}

// A Super Admin adds a branch, empty or starting from another branch's master data, in one
// transaction: a refused request writes nothing.
func TestCreateBranch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	create := func(token string, body map[string]any) apitest.Response {
		t.Helper()
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/createBranch", Token: token, JSON: body, Lang: "en"})
	}
	type created struct {
		params.Branch
		CopiedFrom string           `json:"copiedFrom"`
		Copied     map[string]int64 `json:"copied"`
	}
	masterRows := func(branch string) int {
		n := 0
		for _, k := range params.Kinds() {
			n += f.s.Count(`SELECT count(*) FROM `+k.Table+` WHERE branch_code = $1`, branch)
		}
		return n
	}
	snapshot := func() [3]int {
		return [3]int{f.s.Count(`SELECT count(*) FROM branch`), f.s.Count(`SELECT count(*) FROM change_log`), masterRows("SRP01")}
	}

	t.Run("create200Empty", func(t *testing.T) {
		res := create(f.superUser, map[string]any{"code": "SRP10", "nameTh": " สำรับ ขอนแก่น ", "nameEn": "Samrap Khon Kaen"})
		if res.Status != 200 || res.Msg != "Branch added" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var b created
		res.Into(t, &b)
		if b.Code != "SRP10" || b.NameTh != "สำรับ ขอนแก่น" || b.NameEn != "Samrap Khon Kaen" || b.TimeZone != "Asia/Bangkok" ||
			b.CopiedFrom != "" || b.Copied != nil {
			t.Fatalf("created %+v", b)
		}
		if n := masterRows("SRP10"); n != 0 {
			t.Fatalf("an empty branch has %d master rows", n)
		}
		if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'branch' AND entity_id = 'SRP10' AND action = 'create' AND changed_by = 'D0005'`); n != 1 {
			t.Fatalf("change log rows of the branch: %d", n)
		}
		var branches []params.Branch
		f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/branches", Token: f.taker}).Into(t, &branches)
		if len(branches) != 3 || branches[2].Code != "SRP10" {
			t.Fatalf("branches after adding: %+v", branches)
		}
	})

	t.Run("create200Copy", func(t *testing.T) {
		res := create(f.superUser, map[string]any{"code": "SRP11", "nameTh": "สำรับ ภูเก็ต", "timeZone": "Asia/Bangkok", "copyFrom": "SRP01"})
		if res.Status != 200 || res.Msg != "Branch added, with the master data copied" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var b created
		res.Into(t, &b)
		if b.Code != "SRP11" || b.NameEn != "" || b.CopiedFrom != "SRP01" || b.Copied["DietType"] == 0 || b.Copied["Room"] != 99 {
			t.Fatalf("created %+v", b)
		}
		if a, c := masterRows("SRP01"), masterRows("SRP11"); a == 0 || a != c {
			t.Fatalf("SRP01 %d master rows, SRP11 %d", a, c)
		}
		for _, table := range []string{"religion_restricted", "vegetarian_restricted"} {
			if a, c := f.s.Count(`SELECT count(*) FROM `+table+` WHERE branch_code = 'SRP01'`), f.s.Count(`SELECT count(*) FROM `+table+` WHERE branch_code = 'SRP11'`); a == 0 || a != c {
				t.Errorf("%s: SRP01 %d, SRP11 %d", table, a, c)
			}
		}
		if n := f.s.Count(`SELECT count(*) FROM change_log WHERE branch_code = 'SRP11' AND entity <> 'branch' AND action = 'create'`); n != masterRows("SRP11") {
			t.Errorf("change log of the copy: %d rows", n)
		}
		// A Nutritionist assigned there finds the lists.
		if _, err := f.s.DB.Exec(t.Context(), `INSERT INTO user_permission (user_id, branch_code, role_code)
			SELECT id, 'SRP11', 'BNT' FROM app_user WHERE email = 'multi@samrap.local'`); err != nil {
			t.Fatal(err)
		}
		p := f.search(t, f.s.TokenAs("multi@samrap.local", "SRP11", session.Nutritionist), "MealTime", "branch=SRP11")
		if p.Total == 0 {
			t.Fatalf("no meal times in SRP11: %+v", p)
		}
	})

	t.Run("create409Duplicate", func(t *testing.T) {
		before := snapshot()
		res := create(f.superUser, map[string]any{"code": "SRP01", "nameTh": "ซ้ำ", "copyFrom": "SRP02"})
		if res.Status != 409 || res.Fields()["code"] != "This branch code already exists" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if after := snapshot(); after != before {
			t.Fatalf("a refused branch wrote: %v → %v", before, after)
		}
	})

	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"create422NoCode", map[string]any{"nameTh": "ก"}, "code"},
		{"create422LowerCaseCode", map[string]any{"code": "srp20", "nameTh": "ก"}, "code"},
		{"create422CodeWithSpace", map[string]any{"code": "SRP 20", "nameTh": "ก"}, "code"},
		{"create422CodeTooLong", map[string]any{"code": strings.Repeat("A", 21), "nameTh": "ก"}, "code"},
		{"create422NoThaiName", map[string]any{"code": "SRP20", "nameTh": "  ", "nameEn": "Only English"}, "nameTh"},
		{"create422NameTooLong", map[string]any{"code": "SRP20", "nameTh": strings.Repeat("ก", 201)}, "nameTh"},
		{"create422UnknownTimeZone", map[string]any{"code": "SRP20", "nameTh": "ก", "timeZone": "Asia/Atlantis"}, "timeZone"},
		{"create422UnknownSource", map[string]any{"code": "SRP20", "nameTh": "ก", "copyFrom": "SRP99"}, "copyFrom"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := snapshot()
			res := create(f.superUser, c.body)
			if res.Status != 422 || res.Fields()[c.field] == "" {
				t.Fatalf("%d %s, want 422 on %s", res.Status, res.Body, c.field)
			}
			if after := snapshot(); after != before {
				t.Fatalf("a refused branch wrote: %v → %v", before, after)
			}
			if n := f.s.Count(`SELECT count(*) FROM branch WHERE code = 'SRP20'`); n != 0 {
				t.Fatal("SRP20 was stored")
			}
		})
	}

	t.Run("create403NotSuperAdmin", func(t *testing.T) {
		for _, token := range []string{f.nutri, f.taker, f.s.SignIn("branchadmin@samrap.local").Access} {
			if res := create(token, map[string]any{"code": "SRP21", "nameTh": "ก"}); res.Status != 403 {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
		}
		if res := create("", map[string]any{"code": "SRP21", "nameTh": "ก"}); res.Status != 401 {
			t.Fatalf("no token: %d", res.Status)
		}
		if n := f.s.Count(`SELECT count(*) FROM branch WHERE code = 'SRP21'`); n != 0 {
			t.Fatal("SRP21 was stored")
		}
	})

	// A field of the wrong type or unknown is a 422 naming it (issue 31: a 400 signs the
	// user out); only a body that is not JSON is malformed.
	t.Run("create422WrongShape", func(t *testing.T) {
		if res := create(f.superUser, map[string]any{"code": 12, "nameTh": "ก"}); res.Status != 422 || res.Fields()["code"] != "This value is of the wrong type" {
			t.Fatalf("numeric code: %d %s", res.Status, res.Body)
		}
		if res := create(f.superUser, map[string]any{"code": "SRP22", "nameTh": "ก", "active": false}); res.Status != 422 || res.Fields()["active"] != "This field is unknown" {
			t.Fatalf("unknown field: %d %s", res.Status, res.Body)
		}
		if n := f.s.Count(`SELECT count(*) FROM branch WHERE code IN ('12', 'SRP22')`); n != 0 {
			t.Fatal("a refused branch was stored")
		}
	})
}

// The two /parameter calls of the sign-in core (SPEC.md §7): the branches, and the roles
// that can be held in one.
func TestBranchesAndRoles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var branches []params.Branch
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/branches", Token: f.taker})
	if res.Status != 200 {
		t.Fatalf("branches: %d %s", res.Status, res.Body)
	}
	res.Into(t, &branches)
	if len(branches) != 2 || branches[0].Code != demo.Bangkok || branches[1].Code != demo.ChiangMai ||
		branches[0].NameTh != "โรงพยาบาลสำรับ กรุงเทพ" || branches[0].TimeZone != "Asia/Bangkok" {
		t.Fatalf("branches: %+v", branches)
	}

	var roles []params.Role
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/roles?branchCode=SRP01", Token: f.taker})
	if res.Status != 200 {
		t.Fatalf("roles: %d %s", res.Status, res.Body)
	}
	res.Into(t, &roles)
	var codes []string
	for _, r := range roles {
		codes = append(codes, r.Code)
	}
	if strings.Join(codes, ",") != "BCT,BOD,BSV,BNT,SAM,BAM" || roles[0].NameEn != "Controller" {
		t.Fatalf("roles: %+v", roles)
	}

	for _, c := range []struct {
		name, path, token string
		status            int
	}{
		{"roles422NoBranch", "/api/parameter/roles", f.taker, 422},
		// the roles are the same list in every branch; any signed-in user may read them
		{"roles200AnotherBranch", "/api/parameter/roles?branchCode=SRP02", f.taker, 200},
		{"roles404UnknownBranch", "/api/parameter/roles?branchCode=NOPE", f.taker, 404},
		{"roles401NoToken", "/api/parameter/roles?branchCode=SRP01", "", 401},
		{"branches401NoToken", "/api/parameter/branches", "", 401},
	} {
		t.Run(c.name, func(t *testing.T) {
			if res := f.s.Do(apitest.Request{Method: "GET", Path: c.path, Token: c.token}); res.Status != c.status {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
		})
	}
}

// A Super Admin renames, deactivates and reactivates a branch (issue 18 §9): a deactivated
// branch leaves the choices and ends the sessions working in it, its data stays; nobody
// deactivates the branch they work in.
func TestUpdateBranch(t *testing.T) {
	t.Parallel()
	s := apitest.New(t)
	sam := s.SignIn("superadmin@samrap.local").Access // SRP01
	update := func(token string, body map[string]any) apitest.Response {
		t.Helper()
		return s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateBranch", Token: token, JSON: body, Lang: "en"})
	}
	branchCodes := func(path, token string) []string {
		t.Helper()
		var list []params.BranchStatus
		res := s.Do(apitest.Request{Method: "GET", Path: path, Token: token})
		res.Into(t, &list)
		var codes []string
		for _, b := range list {
			codes = append(codes, fmt.Sprintf("%s:%v", b.Code, b.Active))
		}
		return codes
	}
	// multi@ works in SRP02 as a Branch Admin.
	multi := s.TokenAs("multi@samrap.local", "SRP02", "BAM")
	wards := s.Count(`SELECT count(*) FROM ward WHERE branch_code = 'SRP02'`)

	res := update(sam, map[string]any{"code": "SRP02", "nameTh": "สำรับ เชียงใหม่ (ปิด)", "nameEn": "Samrap Chiang Mai (closed)", "active": false})
	var got params.BranchStatus
	res.Into(t, &got)
	if res.Status != 200 || got.Active || got.NameEn != "Samrap Chiang Mai (closed)" || got.TimeZone != "Asia/Bangkok" {
		t.Fatalf("deactivate: %d %s", res.Status, res.Body)
	}
	if codes := branchCodes("/api/parameter/branches", sam); fmt.Sprint(codes) != "[SRP01:false]" { // the public list has no active field
		t.Fatalf("choices after deactivation: %v", codes)
	}
	if codes := branchCodes("/api/parameter/allBranches", sam); fmt.Sprint(codes) != "[SRP01:true SRP02:false]" {
		t.Fatalf("Super Admin's list: %v", codes)
	}
	if res := s.Do(apitest.Request{Method: "GET", Path: "/api/auth/userInfo", Token: multi}); res.Status != 401 {
		t.Fatalf("a session working in the deactivated branch: %d %s", res.Status, res.Body)
	}
	if n := s.Count(`SELECT count(*) FROM ward WHERE branch_code = 'SRP02'`); n != wards || n == 0 {
		t.Fatalf("the branch's data changed: %d wards, had %d", n, wards)
	}
	if n := s.Count(`SELECT count(*) FROM change_log WHERE entity = 'branch' AND entity_id = 'SRP02' AND action = 'update'
		AND before->>'active' = 'true' AND after->>'active' = 'false'`); n != 1 {
		t.Fatalf("change-log rows: %d", n)
	}

	// Refusals, each naming its reason; nothing written.
	for _, c := range []struct {
		name   string
		token  string
		body   map[string]any
		status int
		want   string
	}{
		{"own branch", sam, map[string]any{"code": "SRP01", "nameTh": "สำรับ กรุงเทพ", "active": false}, 409, "switch to another branch first"},
		{"unknown branch", sam, map[string]any{"code": "SRP99", "nameTh": "ไม่มี", "active": true}, 404, "Branch not found"},
		{"no active", sam, map[string]any{"code": "SRP02", "nameTh": "สำรับ"}, 422, `"active"`},
		{"no Thai name", sam, map[string]any{"code": "SRP02", "nameTh": "", "active": true}, 422, `"nameTh"`},
		{"bad time zone", sam, map[string]any{"code": "SRP02", "nameTh": "สำรับ", "timeZone": "Mars/Olympus", "active": true}, 422, `"timeZone"`},
		{"not a Super Admin", s.SignIn("branchadmin@samrap.local").Access, map[string]any{"code": "SRP01", "nameTh": "x", "active": true}, 403, ""},
	} {
		before := s.Count(`SELECT count(*) FROM change_log`)
		if res := update(c.token, c.body); res.Status != c.status || !strings.Contains(string(res.Body), c.want) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
		if s.Count(`SELECT count(*) FROM change_log`) != before {
			t.Errorf("%s: a refused change was logged", c.name)
		}
	}

	// Back again: chosen again, and multi@ signs in to both branches.
	if res := update(sam, map[string]any{"code": "SRP02", "nameTh": "สำรับ เชียงใหม่", "nameEn": "Samrap Chiang Mai", "active": true}); res.Status != 200 {
		t.Fatalf("reactivate: %d %s", res.Status, res.Body)
	}
	if codes := branchCodes("/api/parameter/branches", sam); len(codes) != 2 {
		t.Fatalf("choices after reactivation: %v", codes)
	}
	s.TokenAs("multi@samrap.local", "SRP02", "BAM")
}

// The last-edited-by of a row the demo data wrote reads as the system's, in the reader's
// language; a person's edit keeps the person's code.
func TestDemoAuthor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for lang, want := range map[string]string{"th": "ระบบ (ข้อมูลตัวอย่าง)", "en": "System (demo data)"} {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchWardType?branchCode=SRP01&criteria=WT03", Token: f.nutri, Lang: lang})
		var p page
		res.Into(t, &p)
		if res.Status != http.StatusOK || len(p.Items) != 1 || p.Items[0]["updatedBy"] != want {
			t.Fatalf("%s: %d %s", lang, res.Status, res.Body)
		}
	}
	wt := f.search(t, f.nutri, "WardType", "criteria=WT03").Items[0]
	wt["branchCode"] = "SRP01"
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/parameter/updateWardType", Token: f.nutri, JSON: wt}); res.Status != http.StatusOK {
		t.Fatalf("edit WT03: %d %s", res.Status, res.Body)
	}
	if by := f.search(t, f.nutri, "WardType", "criteria=WT03").Items[0]["updatedBy"]; by != "D0004" {
		t.Fatalf("after a person's edit: %v", by)
	}
}
