package serve_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/orders"
)

// The fixture: the demo data, test dishes on every day's lunch (MT02) of the demo weekday
// round, and test patients of SRP01 ward W01 with the facts each test needs. Orders are made
// through the orders API as the Order Taker; trays are verified and served as the Serve user.
type fixture struct {
	s               *apitest.Server
	taker, server   string
	today, tomorrow string
	lunchID         int64
	dishes          map[string]int64
	key             []byte
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	s := apitest.New(t)
	f := &fixture{s: s, taker: s.SignIn("ordertaker@samrap.local").Access, server: s.SignIn("serve@samrap.local").Access,
		dishes: map[string]int64{}}
	now := s.Clock.Now().In(day.Bangkok)
	f.today, f.tomorrow = now.Format(time.DateOnly), now.AddDate(0, 0, 1).Format(time.DateOnly)
	if err := s.Env.DB.QueryRow(context.Background(), `SELECT id FROM meal_time WHERE branch_code = 'SRP01' AND code = 'MT02'`).Scan(&f.lunchID); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct {
		code, component string
		level           int
		allergens       []string
	}{
		{"T-PEANUT", "MP01", 7, []string{"AL02"}},
		{"T-PLAIN", "MP01", 7, nil},
	} {
		var id int64
		err := s.Env.DB.QueryRow(context.Background(), `WITH m AS (
				INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level)
				SELECT 'SRP01', $1, 'ทดสอบ ' || $1, 'Test ' || $1, c.id, p.id, 'FOOD', $3
				FROM cuisine_type c, meal_component p WHERE c.branch_code = 'SRP01' AND c.code = 'CU01'
					AND p.branch_code = 'SRP01' AND p.code = $2 RETURNING id),
			a AS (INSERT INTO menu_allergen SELECT 'SRP01', m.id, x.id FROM m, allergen x WHERE x.branch_code = 'SRP01' AND x.code = ANY($4)),
			c AS (INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
				SELECT 'SRP01', y.id, y.day_count, d, t.id, m.id FROM m, cycle y, meal_time t, generate_series(1, 7) d
				WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code = 'MT02')
			SELECT id FROM m`, d.code, d.component, d.level, d.allergens).Scan(&id)
		if err != nil {
			t.Fatalf("dish %s: %v", d.code, err)
		}
		f.dishes[d.code] = id
	}
	key, err := orders.TokenKey(context.Background(), s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	f.key = key
	return f
}

// patient adds a current patient of ward W01 with the allergen codes.
func (f *fixture) patient(t testing.TB, hn string, allergens ...string) {
	t.Helper()
	ctx := context.Background()
	_, err := f.s.Env.DB.Exec(ctx, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id)
		SELECT 'SRP01', $1, 'ทดสอบ', $1, 'Test', $1, w.id FROM ward w WHERE w.branch_code = 'SRP01' AND w.code = 'W01'`, hn)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.s.Env.DB.Exec(ctx, `INSERT INTO patient_allergen SELECT 'SRP01', p.id, a.id FROM patient p, allergen a
		WHERE p.branch_code = 'SRP01' AND p.hn_id = $1 AND a.branch_code = 'SRP01' AND a.code = ANY($2)`, hn, allergens)
	if err != nil {
		t.Fatal(err)
	}
}

// set changes the patient's row (SQL: column = value), as an edit or a hospital sync would.
func (f *fixture) set(t testing.TB, hn, set string) {
	t.Helper()
	if _, err := f.s.Env.DB.Exec(context.Background(), `UPDATE patient SET `+set+` WHERE branch_code = 'SRP01' AND hn_id = $1`, hn); err != nil {
		t.Fatal(err)
	}
}

// order orders lunch on date of the dish (with the alternative note) and answers the order
// id and its card token.
func (f *fixture) order(t testing.TB, hn, date, dish, note string) (string, string) {
	t.Helper()
	return f.s.Order(t, f.taker, "en", map[string]any{"branchCode": "SRP01", "hnId": hn, "dates": []string{date},
		"mealTimeIds": []int64{f.lunchID}, "orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU",
		"items": []map[string]any{{"menuId": f.dishes[dish], "alternativeNote": note}}})
}

type verdict struct {
	Match   bool `json:"match"`
	Reasons []struct {
		Code          string   `json:"code"`
		Message       string   `json:"message"`
		Detail        string   `json:"detail"`
		ReviewReasons []string `json:"reviewReasons"`
	} `json:"reasons"`
	OrderID string `json:"orderId"`
	Patient struct {
		HnID string `json:"hnId"`
	} `json:"patient"`
}

func (v verdict) codes() []string {
	var out []string
	for _, r := range v.Reasons {
		out = append(out, r.Code)
	}
	return out
}

func (f *fixture) verify(t testing.TB, token, wristband, lang string) (verdict, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.server, Lang: lang,
		JSON: map[string]any{"branchCode": "SRP01", "token": token, "wristband": wristband}})
	if res.Status != http.StatusOK {
		t.Fatalf("verify: %d %s", res.Status, res.Body)
	}
	var v verdict
	res.Into(t, &v)
	return v, res
}

// expect verifies and wants exactly the reasons given (none: a match).
func (f *fixture) expect(t testing.TB, token, wristband string, reasons ...string) verdict {
	t.Helper()
	v, res := f.verify(t, token, wristband, "en")
	if v.Match != (len(reasons) == 0) || !slices.Equal(v.codes(), reasons) {
		t.Fatalf("verify %s: want %v, got match=%v %v (%s)", wristband, reasons, v.Match, v.codes(), res.Body)
	}
	want := "Patient and food match"
	if len(reasons) > 0 {
		want = "Patient and food do not match"
	}
	if res.Msg != want {
		t.Fatalf("msg %q, want %q", res.Msg, want)
	}
	return v
}

func newRequestID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func (f *fixture) update(token, wristband, action, reason, requestID string) apitest.Response {
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/update", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": token, "wristband": wristband, "action": action,
			"rejectReason": reason, "deviceId": "device-1", "requestId": requestID}})
}

func TestVerifyReasons(t *testing.T) {
	f := newFixture(t)
	for _, hn := range []string{"S-OK", "S-NPO", "S-DIS", "S-ALG", "S-TEX", "S-REV", "S-CAN"} {
		f.patient(t, hn)
	}
	f.patient(t, "S-NOTE", "AL02")

	_, okTok := f.order(t, "S-OK", f.today, "T-PLAIN", "")
	v := f.expect(t, okTok, "S-OK")
	if v.Patient.HnID != "S-OK" || v.OrderID == "" {
		t.Fatalf("verdict names %+v", v)
	}
	f.expect(t, okTok, "  S-OK\r\n") // a wedge scanner's trailing Enter

	t.Run("forged and garbled", func(t *testing.T) {
		raw := []byte(okTok)
		raw[10] ^= 1
		f.expect(t, string(raw), "S-OK", "FORGED")
		f.expect(t, "not a token", "S-OK", "FORGED")
		f.expect(t, okTok[:len(okTok)-2], "S-OK", "FORGED")
	})
	t.Run("wrong patient", func(t *testing.T) {
		f.expect(t, okTok, "S-NPO", "WRONG_PATIENT")
	})
	t.Run("another branch", func(t *testing.T) {
		tok, err := orders.SignToken(f.key, "0d8c1c44-7f3e-4a55-9a43-2f5b4c7e8a11", "SRP02", f.today, 1, "S-OK")
		if err != nil {
			t.Fatal(err)
		}
		f.expect(t, tok, "S-OK", "OTHER_BRANCH")
	})
	t.Run("another date", func(t *testing.T) {
		_, tok := f.order(t, "S-OK", f.tomorrow, "T-PLAIN", "")
		f.expect(t, tok, "S-OK", "OTHER_DATE")
	})
	t.Run("no such order", func(t *testing.T) {
		tok, _ := orders.SignToken(f.key, "0d8c1c44-7f3e-4a55-9a43-2f5b4c7e8a11", "SRP01", f.today, f.lunchID, "S-OK")
		f.expect(t, tok, "S-OK", "ORDER_NOT_FOUND")
	})
	t.Run("cancelled", func(t *testing.T) {
		id, tok := f.order(t, "S-CAN", f.today, "T-PLAIN", "")
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/cancel", Token: f.taker,
			JSON: map[string]any{"branchCode": "SRP01", "orderId": id, "cancelReason": "PATIENT"}})
		if res.Status != http.StatusOK {
			t.Fatalf("cancel: %s", res.Body)
		}
		f.expect(t, tok, "S-CAN", "CANCELLED")
	})
	t.Run("NPO now", func(t *testing.T) {
		_, tok := f.order(t, "S-NPO", f.today, "T-PLAIN", "")
		f.expect(t, tok, "S-NPO")
		f.set(t, "S-NPO", fmt.Sprintf("npo_from = '%sT00:00:00+07:00'", f.today))
		v := f.expect(t, tok, "S-NPO", "NPO", "NEEDS_REVIEW")
		// the detail names the day as the screens do, never YYYY-MM-DD
		today, _ := day.Parse(f.today)
		if d := v.Reasons[0].Detail; !strings.HasSuffix(d, " on "+today.Format("2 Jan 2006")) {
			t.Fatalf("NPO detail: %q", d)
		}
	})
	t.Run("discharged", func(t *testing.T) {
		_, tok := f.order(t, "S-DIS", f.today, "T-PLAIN", "")
		f.set(t, "S-DIS", "visit_status = 'Discharge'")
		f.expect(t, tok, "S-DIS", "DISCHARGED", "NEEDS_REVIEW")
	})
	t.Run("allergy gained", func(t *testing.T) {
		_, tok := f.order(t, "S-ALG", f.today, "T-PEANUT", "")
		f.expect(t, tok, "S-ALG")
		_, err := f.s.Env.DB.Exec(context.Background(), `INSERT INTO patient_allergen SELECT 'SRP01', p.id, a.id
			FROM patient p, allergen a WHERE p.branch_code = 'SRP01' AND p.hn_id = 'S-ALG' AND a.branch_code = 'SRP01' AND a.code = 'AL02'`)
		if err != nil {
			t.Fatal(err)
		}
		f.expect(t, tok, "S-ALG", "ALLERGY", "NEEDS_REVIEW")
	})
	t.Run("allergy with an accepted note, then a new conflict", func(t *testing.T) {
		_, tok := f.order(t, "S-NOTE", f.today, "T-PEANUT", "peanut-free sauce, kitchen told")
		f.expect(t, tok, "S-NOTE") // the note was the recorded decision for that conflict
		// the recipe changes: the dish now holds pork, which the patient must not eat
		_, err := f.s.Env.DB.Exec(context.Background(), `WITH r AS (INSERT INTO patient_restricted SELECT 'SRP01', p.id, x.id
				FROM patient p, restricted_ingredient x WHERE p.branch_code = 'SRP01' AND p.hn_id = 'S-NOTE' AND x.branch_code = 'SRP01' AND x.code = 'RI01')
			INSERT INTO menu_restricted SELECT 'SRP01', $1, x.id FROM restricted_ingredient x WHERE x.branch_code = 'SRP01' AND x.code = 'RI01'`,
			f.dishes["T-PEANUT"])
		if err != nil {
			t.Fatal(err)
		}
		// the pork conflict is not the one the note accepted (the patient's change also flags review)
		f.expect(t, tok, "S-NOTE", "ALLERGY", "NEEDS_REVIEW")
	})
	t.Run("texture", func(t *testing.T) {
		_, tok := f.order(t, "S-TEX", f.today, "T-PLAIN", "")
		f.set(t, "S-TEX", "texture_food = 5")
		f.expect(t, tok, "S-TEX", "TEXTURE", "NEEDS_REVIEW")
	})
	t.Run("needs review", func(t *testing.T) {
		_, tok := f.order(t, "S-REV", f.today, "T-PLAIN", "")
		f.set(t, "S-REV", "diet_type_id = (SELECT id FROM diet_type WHERE branch_code = 'SRP01' ORDER BY code DESC LIMIT 1)")
		v := f.expect(t, tok, "S-REV", "NEEDS_REVIEW")
		// the review reasons as codes, for the screen to label (docs/serve.md), not a detail of codes
		if r := v.Reasons[0]; !slices.Equal(r.ReviewReasons, []string{"DIET"}) || r.Detail != "" {
			t.Fatalf("review reasons: %+v", r)
		}
	})
	t.Run("Thai messages", func(t *testing.T) {
		v, res := f.verify(t, okTok, "S-NPO", "th")
		if res.Msg != "ผู้ป่วยและอาหารไม่ตรงกัน" || v.Reasons[0].Message != "บัตรอาหารไม่ใช่ของผู้ป่วยรายนี้" {
			t.Fatalf("thai: %s", res.Body)
		}
	})
}

func TestWristbandSetting(t *testing.T) {
	f := newFixture(t)
	f.patient(t, "S-W1")
	_, tok := f.order(t, "S-W1", f.today, "T-PLAIN", "")
	admin := f.s.SignIn("branchadmin@samrap.local").Access
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/getSetting", Token: f.server})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Data), `"pattern":"{hn}"`) || !strings.Contains(string(res.Data), `"version":0`) {
		t.Fatalf("default setting: %s", res.Body)
	}
	save := func(token string, body map[string]any) apitest.Response {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/updateSetting", Token: token, Lang: "en", JSON: body})
	}
	if res := save(f.server, map[string]any{"symbologies": []string{"QR"}, "pattern": "HN:{hn}"}); res.Status != http.StatusForbidden {
		t.Fatalf("serve user saves: %d", res.Status)
	}
	for _, bad := range []map[string]any{
		{"symbologies": []string{"EAN13"}, "pattern": "{hn}"},
		{"symbologies": []string{}, "pattern": "{hn}"},
		{"symbologies": []string{"QR"}, "pattern": "HN:"},
		{"symbologies": []string{"QR"}, "pattern": "{hn}{hn}"},
	} {
		if res := save(admin, bad); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%v: %d %s", bad, res.Status, res.Body)
		}
	}
	if res := save(admin, map[string]any{"symbologies": []string{"qr"}, "pattern": "HN:{hn}"}); res.Status != http.StatusOK {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'serve_setting' AND entity_id = 'SRP01'`); n != 1 {
		t.Fatalf("%d change rows", n)
	}
	f.expect(t, tok, "HN:S-W1")
	f.expect(t, tok, "hn:S-W1")
	f.expect(t, tok, "S-W1", "BAD_WRISTBAND")
	f.expect(t, tok, "HN:S-OTHER", "WRONG_PATIENT")
	// a camera read of a symbology the branch does not use
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.server, Lang: "en",
		JSON: map[string]any{"token": tok, "wristband": "HN:S-W1", "symbology": "CODE128"}})
	var v verdict
	res.Into(t, &v)
	if v.Match || !slices.Equal(v.codes(), []string{"BAD_WRISTBAND"}) {
		t.Fatalf("code128 read: %s", res.Body)
	}
}

func TestUpdate(t *testing.T) {
	f := newFixture(t)
	f.patient(t, "S-U1")
	f.patient(t, "S-U2")
	id, tok := f.order(t, "S-U1", f.today, "T-PLAIN", "")

	// a tray that does not match can only be rejected, with a reason
	if res := f.update(tok, "S-U2", "SERVED", "", newRequestID()); res.Status != http.StatusConflict || res.Code != "NO_MATCH" ||
		!strings.Contains(string(res.Data), "WRONG_PATIENT") {
		t.Fatalf("served a wrong patient: %d %s", res.Status, res.Body)
	}
	if res := f.update(tok, "S-U2", "REJECTED", " ", newRequestID()); res.Status != http.StatusUnprocessableEntity ||
		res.Fields()["rejectReason"] == "" {
		t.Fatalf("reject without reason: %d %s", res.Status, res.Body)
	}
	if res := f.update(tok, "S-U2", "REJECTED", "wrong bed", newRequestID()); res.Status != http.StatusOK {
		t.Fatalf("reject: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM serve_record WHERE order_id = $1 AND action = 'REJECTED' AND NOT matched
		AND reasons = '{WRONG_PATIENT}' AND reject_reason = 'wrong bed' AND device_id = 'device-1' AND served_by = 'D0003'`, id); n != 1 {
		t.Fatalf("%d reject records", n)
	}
	if res := f.update("garbage", "S-U1", "SERVED", "", newRequestID()); res.Status != http.StatusUnprocessableEntity || res.Code != "FORGED" {
		t.Fatalf("forged: %d %s", res.Status, res.Body)
	}

	// served once, whatever the number of times the confirmation is sent
	req := newRequestID()
	first := f.update(tok, "S-U1", "SERVED", "", req)
	if first.Status != http.StatusOK || first.Msg != "Serving recorded" {
		t.Fatalf("serve: %d %s", first.Status, first.Body)
	}
	again := f.update(tok, "S-U1", "SERVED", "", req)
	var a, b struct {
		Record   json.RawMessage `json:"record"`
		Replayed bool            `json:"replayed"`
	}
	first.Into(t, &a)
	again.Into(t, &b)
	if again.Status != http.StatusOK || !b.Replayed || string(a.Record) != string(b.Record) {
		t.Fatalf("replay: %d %s", again.Status, again.Body)
	}
	// servedAt as the API has always written a moment: PostgreSQL's JSON form, in UTC (orders.Time)
	var rec struct{ ServedAt string }
	if err := json.Unmarshal(a.Record, &rec); err != nil || !strings.HasSuffix(rec.ServedAt, "+00:00") ||
		f.s.Count(`SELECT count(*) FROM serve_record WHERE request_id = $1 AND served_at = $2::timestamptz`, req, rec.ServedAt) != 1 {
		t.Fatalf("servedAt: %s (%v)", a.Record, err)
	}
	if n := f.s.Count(`SELECT count(*) FROM serve_record WHERE order_id = $1 AND action = 'SERVED'`, id); n != 1 {
		t.Fatalf("%d served records", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND status = 'SERVED'`, id); n != 1 {
		t.Fatal("order not served")
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity_id = $1 AND entity IN ('serve_record', 'meal_order')
		AND changed_by = 'D0003'`, id); n != 3 {
		t.Fatalf("%d change rows (reject, serve record, order status)", n)
	}
	// another confirmation of the served tray
	if res := f.update(tok, "S-U1", "SERVED", "", newRequestID()); res.Status != http.StatusConflict ||
		!strings.Contains(string(res.Data), "ALREADY_SERVED") {
		t.Fatalf("served twice: %d %s", res.Status, res.Body)
	}
	// the request id of this confirmation used for a rejection
	if res := f.update(tok, "S-U1", "REJECTED", "x", req); res.Status != http.StatusConflict {
		t.Fatalf("request id reused: %d %s", res.Status, res.Body)
	}

	// the order list shows it served; the serve list too
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/takerOrder/search?criteria=S-U1&status=SERVED", Token: f.taker})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Data), `"status": "SERVED"`) && !strings.Contains(string(res.Data), `"status":"SERVED"`) {
		t.Fatalf("order list: %s", res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/searchServe?criteria=S-U&status=SERVED", Token: f.server})
	var page struct {
		Items []struct {
			OrderID     string `json:"orderId"`
			ServeStatus string `json:"serveStatus"`
			LastRecord  struct {
				ServedBy string `json:"servedBy"`
				DeviceID string `json:"deviceId"`
			} `json:"lastRecord"`
		} `json:"items"`
		Total     int               `json:"total"`
		MealTypes []json.RawMessage `json:"mealTypes"`
	}
	res.Into(t, &page)
	if page.Total != 1 || page.Items[0].OrderID != id || page.Items[0].ServeStatus != "SERVED" ||
		page.Items[0].LastRecord.DeviceID != "device-1" || len(page.MealTypes) == 0 {
		t.Fatalf("serve list: %s", res.Body)
	}

	// a served order can still be cancelled by the order taker (docs/orders.md)
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/getDataServe?hn=S-U1&dateOrder=" + f.today + "&branchCode=SRP01", Token: f.server})
	var data struct {
		Orders  []struct{ OrderID, Status string } `json:"orders"`
		Records []json.RawMessage                  `json:"records"`
		Patient struct{ HnID string }              `json:"patient"`
	}
	res.Into(t, &data)
	// the records in the order they were made, each as update answered it
	if len(data.Orders) != 1 || data.Orders[0].Status != "SERVED" || len(data.Records) != 2 ||
		string(data.Records[1]) != string(a.Record) || data.Patient.HnID != "S-U1" {
		t.Fatalf("getDataServe: %s", res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/getDataServe?hn=NOPE", Token: f.server}); res.Status != http.StatusNotFound {
		t.Fatalf("unknown hn: %d", res.Status)
	}
}

func TestSearchAndGuards(t *testing.T) {
	f := newFixture(t)
	// the demo's trays: today's live ORD orders of SRP01 (four patients: four breakfasts, four lunches)
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/searchServe?page=1&size=50", Token: f.server})
	var page struct {
		Items []struct {
			ServeStatus string `json:"serveStatus"`
			NeedsReview bool   `json:"needsReview"`
			MealType    struct{ ID int64 }
		} `json:"items"`
		Total int `json:"total"`
	}
	res.Into(t, &page)
	if res.Status != http.StatusOK || page.Total != 8 || page.Items[0].ServeStatus != "WAITING" {
		t.Fatalf("trays: %d %s", page.Total, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/serve/searchServe?mealType=%d&status=WAITING&ward=All", f.lunchID), Token: f.server})
	res.Into(t, &page)
	if page.Total != 4 { // the demo's lunches
		t.Fatalf("lunch trays: %s", res.Body)
	}
	for ward, want := range map[string]int{"W01": 8, "W02": 0} {
		var id int64
		if err := f.s.Env.DB.QueryRow(context.Background(), `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = $1`, ward).Scan(&id); err != nil {
			t.Fatal(err)
		}
		res = f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/serve/searchServe?ward=%d", id), Token: f.server})
		res.Into(t, &page)
		if page.Total != want {
			t.Fatalf("ward %s: %d trays, want %d", ward, page.Total, want)
		}
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/searchServe?status=NOPE", Token: f.server}); res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("bad status: %d", res.Status)
	}
	// roles: the Order Taker does not serve; another branch is refused
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.taker, JSON: map[string]any{"token": "x"}}); res.Status != http.StatusForbidden {
		t.Fatalf("order taker verifies: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/searchServe?branchCode=SRP02", Token: f.server}); res.Status != http.StatusForbidden {
		t.Fatalf("another branch: %d", res.Status)
	}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/update", Token: f.server,
		JSON: map[string]any{"branchCode": "SRP02", "token": "x", "action": "SERVED", "requestId": newRequestID()}}); res.Status != http.StatusForbidden {
		t.Fatalf("another branch's body: %d", res.Status)
	}
}

// Every verification that answers no match is recorded (serve_mismatch, docs/performance.md):
// its reasons, the order when the card is a true card of the branch, who, the device. It is
// also an entry of the activity record (serve.mismatch, docs/logs.md) with the card's patient,
// day and meal, the order, the reasons, the device and the wristband scanned. A match records
// neither.
func TestVerifyRecordsMismatches(t *testing.T) {
	f := newFixture(t)
	f.patient(t, "S-MM1")
	f.patient(t, "S-MM2")
	id, tok := f.order(t, "S-MM1", f.today, "T-PLAIN", "")
	f.expect(t, tok, "S-MM1")
	if n := f.s.Count(`SELECT count(*) FROM serve_mismatch`) + f.s.Count(`SELECT count(*) FROM activity_log WHERE action LIKE 'serve.%'`); n != 0 {
		t.Fatalf("a match recorded %d mismatches or activities", n)
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": tok, "wristband": "S-MM2", "deviceId": "tablet-7"}})
	if res.Status != http.StatusOK {
		t.Fatalf("verify: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM serve_mismatch WHERE branch_code = 'SRP01' AND order_id = $1
		AND reasons = '{WRONG_PATIENT}' AND device_id = 'tablet-7' AND scanned_by = 'D0003'`, id); n != 1 {
		t.Fatalf("%d wrong-patient mismatches recorded", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.mismatch' AND branch_code = 'SRP01'
		AND actor = 'D0003' AND detail->>'orderId' = $1 AND detail->'reasons' = '["WRONG_PATIENT"]'
		AND detail->>'deviceId' = 'tablet-7' AND detail->>'wristband' = 'S-MM2' AND detail->'hnIds' = '["S-MM1"]'
		AND (detail->>'count')::int = 1 AND detail->'mealTypes'->0->>'code' = 'MT02'`, id); n != 1 {
		t.Fatalf("%d wrong-patient activity entries", n)
	}
	f.expect(t, "garbage", "S-MM1", "FORGED")
	if n := f.s.Count(`SELECT count(*) FROM serve_mismatch WHERE order_id IS NULL AND reasons = '{FORGED}'`); n != 1 {
		t.Fatalf("%d forged mismatches recorded", n)
	}
	// a forged card names no order: the entry has the reasons and the scan only
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.mismatch' AND detail->'reasons' = '["FORGED"]'
		AND NOT detail ? 'orderId' AND NOT detail ? 'hnIds' AND detail->>'wristband' = 'S-MM1'`); n != 1 {
		t.Fatalf("%d forged activity entries", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action LIKE 'serve.%'`); n != 2 {
		t.Fatalf("%d serve activity entries, want the two mismatches", n)
	}
}
