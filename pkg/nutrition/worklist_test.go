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
	"samrap/pkg/nutrition"
)

// The worklist: under half the energy or protein minimum two days in a row, three meals in a
// row refused or returned untouched, nil by mouth over 48 hours; seen with a note; exported.
func TestWorklist(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := f.s.DB.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	date, _ := day.Parse(f.date)
	prev := date.AddDate(0, 0, -1).Format(time.DateOnly)
	for _, hn := range []string{"T-NUT2", "T-NUT3", "T-NUT4"} {
		exec(`INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id)
			SELECT 'SRP01', $1, 'ทดสอบ', $1, 'Test', $1, w.id FROM ward w WHERE w.branch_code = 'SRP01' AND w.code = 'W01'`, hn)
	}
	order := func(hn, date, meal string) string {
		id, _ := f.s.Order(t, f.taker, "en", map[string]any{"branchCode": "SRP01", "hnId": hn, "dates": []string{date},
			"mealTimeIds": []int64{f.meals[meal]}, "orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU",
			"items": []map[string]any{{"menuId": f.dishes["T-RICE"]}}})
		return id
	}
	collect := func(id string, quarters int) {
		exec(`UPDATE meal_order SET status = 'SERVED' WHERE id = $1`, id)
		// with the tray's figures, as a collection keeps them (migration 00031)
		exec(`INSERT INTO tray_intake (branch_code, order_id, quarters, scanned, recorded_by, gave, eaten)
			SELECT 'SRP01', $1, $2, true, 'D0003', g, tray_eaten(g, $2, '{}') FROM tray_gave('SRP01', $1) g`, id, quarters)
	}
	// T-NUT1 (1,600 kcal, 50 g at least) eats a bowl of rice a day: 300 kcal (19%), 6 g (12%)
	collect(order("T-NUT1", prev, "MT01"), 4)
	collect(order("T-NUT1", f.date, "MT01"), 4)
	// T-NUT2: breakfast eaten, then lunch untouched, dinner untouched, and tomorrow's breakfast
	// refused at the bedside (its own tray, matched, not served)
	collect(order("T-NUT2", prev, "MT01"), 2)
	collect(order("T-NUT2", prev, "MT02"), 0)
	collect(order("T-NUT2", prev, "MT03"), 0)
	refused := order("T-NUT2", f.date, "MT01")
	exec(`INSERT INTO serve_record (branch_code, order_id, action, matched, reasons, reject_reason, wristband, device_id, request_id, served_by)
		VALUES ('SRP01', $1, 'REJECTED', true, '{}', 'ไม่ทาน', 'T-NUT2', 'd', gen_random_uuid(), 'D0003')`, refused)
	// T-NUT3 nil by mouth for 50 hours, T-NUT4 for 10
	now := f.s.Clock.Now()
	exec(`UPDATE patient SET npo_from = $1 WHERE branch_code = 'SRP01' AND hn_id = 'T-NUT3'`, now.Add(-50*time.Hour))
	exec(`UPDATE patient SET npo_from = $1 WHERE branch_code = 'SRP01' AND hn_id = 'T-NUT4'`, now.Add(-10*time.Hour))

	type list struct {
		Items []nutrition.WorkItem
	}
	get := func(token, lang string) (list, apitest.Response) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/worklist?dateOrder=" + f.date, Token: token, Lang: lang})
		var out list
		if res.Status == http.StatusOK {
			res.Into(t, &out)
		}
		return out, res
	}
	reasons := func(l list) map[string]string {
		out := map[string]string{}
		for _, it := range l.Items {
			if strings.HasPrefix(it.HnID, "T-") {
				var codes []string
				for _, r := range it.Reasons {
					codes = append(codes, r.Code)
				}
				out[it.HnID] = strings.Join(codes, ",")
			}
		}
		return out
	}
	l, res := get(f.nutri, "en")
	if res.Status != http.StatusOK {
		t.Fatalf("worklist: %d %s", res.Status, res.Body)
	}
	got := reasons(l)
	if len(got) != 3 || got["T-NUT1"] != "LOW_INTAKE" || got["T-NUT2"] != "REFUSED" || got["T-NUT3"] != "NPO_48H" {
		t.Fatalf("worklist: %v", got)
	}
	for _, it := range l.Items {
		if it.HnID == "T-NUT1" && !strings.Contains(it.Reasons[0].Message, "energy 19%, protein 12%") {
			t.Fatalf("the reason's figures: %q", it.Reasons[0].Message)
		}
		if it.HnID == "T-NUT3" && it.Reasons[0].Message != "Nil by mouth (NPO) for 50 hours (over 48 hours)" {
			t.Fatalf("NPO: %q", it.Reasons[0].Message)
		}
	}
	if l, _ := get(f.nutri, "th"); !strings.Contains(l.Items[0].Reasons[0].Message, "ติด") {
		t.Fatalf("Thai: %+v", l.Items[0].Reasons)
	}

	// one ward (?ward, an id or All): T-NUT3 moves to W02
	exec(`UPDATE patient p SET ward_id = w.id FROM ward w WHERE p.branch_code = 'SRP01' AND p.hn_id = 'T-NUT3'
		AND w.branch_code = 'SRP01' AND w.code = 'W02'`)
	var w02 int64
	if err := f.s.DB.QueryRow(ctx, `SELECT id FROM ward WHERE branch_code = 'SRP01' AND code = 'W02'`).Scan(&w02); err != nil {
		t.Fatal(err)
	}
	inWard := func(ward string) (map[string]string, apitest.Response) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/worklist?dateOrder=" + f.date + "&ward=" + ward, Token: f.nutri, Lang: "en"})
		var out list
		if res.Status == http.StatusOK {
			res.Into(t, &out)
			for _, it := range out.Items {
				if it.WardCode != "" && ward != "All" && (ward == strconv.FormatInt(w02, 10)) != (it.WardCode == "W02") {
					t.Fatalf("ward %s lists %s of %s", ward, it.HnID, it.WardCode)
				}
			}
		}
		return reasons(out), res
	}
	if got, res := inWard(strconv.FormatInt(f.wardID, 10)); res.Status != http.StatusOK || len(got) != 2 || got["T-NUT1"] == "" || got["T-NUT2"] == "" {
		t.Fatalf("ward W01: %d %v", res.Status, got)
	}
	if got, _ := inWard(strconv.FormatInt(w02, 10)); len(got) != 1 || got["T-NUT3"] != "NPO_48H" {
		t.Fatalf("ward W02: %v", got)
	}
	if got, _ := inWard("All"); len(got) != 3 {
		t.Fatalf("every ward: %v", got)
	}
	if _, res := inWard("W01"); res.Status != http.StatusBadRequest {
		t.Fatalf("a ward not an id: %d %s", res.Status, res.Body)
	}
	// the export of one ward: its patients only
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/nutritionWorklist?dateOrder=" + f.date + "&ward=" + strconv.FormatInt(w02, 10),
		Token: f.nutri, Lang: "en"})
	var wardLink struct{ URL string }
	res.Into(t, &wardLink)
	if res.Status != http.StatusOK || wardLink.URL == "" {
		t.Fatalf("export of a ward: %d %s", res.Status, res.Body)
	}
	var hns []string
	for _, r := range apitest.SheetRows(t, f.s.Fetch(wardLink.URL))[1:] {
		if strings.HasPrefix(r[2], "T-") {
			hns = append(hns, r[2])
		}
	}
	if strings.Join(hns, ",") != "T-NUT3" {
		t.Fatalf("export of ward W02: %v", hns)
	}

	// seen, with a note: kept with the reasons, logged, shown on the list
	seen := func(body map[string]any) apitest.Response {
		body["branchCode"], body["dateOrder"] = "SRP01", f.date
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/nutrition/worklistSeen", Token: f.nutri, Lang: "en", JSON: body})
	}
	if res := seen(map[string]any{"hnId": "T-NUT1", "note": strings.Repeat("x", 1001)}); res.Status != http.StatusUnprocessableEntity ||
		res.Fields()["note"] == "" {
		t.Fatalf("a long note: %d %s", res.Status, res.Body)
	}
	exec(`INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th) VALUES ('SRP02', 'T-THEIRS', 'ทดสอบ', 'สาขาอื่น')`)
	if res := seen(map[string]any{"hnId": "T-THEIRS", "note": "x"}); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's patient: %d %s", res.Status, res.Body)
	}
	if res := seen(map[string]any{"hnId": "T-NUT1", "note": "เพิ่มอาหารเสริม"}); res.Status != http.StatusOK || res.Msg != "Marked seen" {
		t.Fatalf("seen: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'nutrition_seen' AND entity_id = 'T-NUT1'
		AND after->>'note' = 'เพิ่มอาหารเสริม'`) + f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'nutrition.seen'`); n != 2 {
		t.Fatalf("%d change and activity rows, want one each", n)
	}
	// the change log names the patient
	bam := f.s.SignIn("branchadmin@samrap.local").Access
	logs := f.s.Do(apitest.Request{Method: "GET", Path: "/api/logs/changes?entity=nutrition_seen&entityId=T-NUT1", Token: bam, Lang: "en"})
	var changes struct {
		Items []struct {
			EntityLabel string
			Record      *struct{ Code, Name string }
		}
	}
	logs.Into(t, &changes)
	if len(changes.Items) != 1 || changes.Items[0].EntityLabel != "Nutrition worklist: seen" || changes.Items[0].Record == nil ||
		changes.Items[0].Record.Code != "T-NUT1" {
		t.Fatalf("change log: %s", logs.Body)
	}
	l, _ = get(f.nutri, "en")
	for _, it := range l.Items {
		if it.HnID == "T-NUT1" && (it.LastSeen == nil || it.LastSeen.Note != "เพิ่มอาหารเสริม" || it.LastSeen.SeenBy == "" ||
			strings.Join(it.LastSeen.Reasons, ",") != "LOW_INTAKE") {
			t.Fatalf("last seen: %+v", it.LastSeen)
		}
	}

	// the export: one row per patient, its reasons in words
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/nutritionWorklist?dateOrder=" + f.date, Token: f.nutri, Lang: "en"})
	var link struct{ URL string }
	res.Into(t, &link)
	if res.Status != http.StatusOK || link.URL == "" {
		t.Fatalf("export: %d %s", res.Status, res.Body)
	}
	rows := apitest.SheetRows(t, f.s.Fetch(link.URL))
	found := false
	for _, r := range rows[1:] {
		if r[2] == "T-NUT3" && strings.Contains(r[4], "Nil by mouth") {
			found = true
		}
	}
	if !found || rows[0][0] != "หอผู้ป่วย / Ward" {
		t.Fatalf("workbook: %v", rows)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'nutrition.exportWorklist'`); n != 2 {
		t.Fatalf("%d export entries", n)
	}

	// the Nutritionist's only; another branch named: 403
	for _, who := range []string{"controller@samrap.local", "ordertaker@samrap.local", "serve@samrap.local"} {
		if _, res := get(f.s.SignIn(who).Access, "en"); res.Status != http.StatusForbidden {
			t.Fatalf("%s: %d", who, res.Status)
		}
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/worklist?branchCode=SRP02", Token: f.nutri}); res.Status != http.StatusForbidden {
		t.Fatalf("another branch: %d", res.Status)
	}
}
