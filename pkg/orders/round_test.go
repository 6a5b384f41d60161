package orders_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/orders"
)

// The meal round (issue 25 §2): every patient of a ward for one meal, each with a choice the
// server checked — yesterday's when still allowed, else an allowed item of the day, NPO for a
// fasting patient, nothing for a discharged one — submitted in one request, each patient on
// its own.
func TestMealRound(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	midnight, _ := day.Parse(f.today)
	tomorrow := midnight.AddDate(0, 0, 1)
	date := tomorrow.Format(time.DateOnly)
	f.patient(t, "T-RD-OK", "", nil, nil)
	f.patient(t, "T-RD-AL", "", []string{"AL02"}, nil)
	f.patient(t, "T-RD-YD", "", nil, nil)
	f.patient(t, "T-RD-TEX", "texture_food = 4, texture_drink = 2", nil, nil)
	f.patient(t, "T-RD-NPO", fmt.Sprintf("npo_from = '%s'", tomorrow.Add(10*time.Hour).Format(time.RFC3339)), nil, nil)
	f.patient(t, "T-RD-DIS", "hospital_status = 'DISCHARGED'", nil, nil)
	f.patient(t, "T-RD-DONE", "", nil, nil)
	// yesterday (today, for tomorrow's round): T-RD-YD had the plain dish; T-RD-DONE is ordered
	f.submit(t, f.draft("T-RD-YD", "T-PLAIN"), 200)
	f.submit(t, clone(f.draft("T-RD-DONE", "T-PLAIN"), "dates", []string{date}), 200)

	ward := f.id(t, "ward", "W01")
	res := f.get(f.taker, fmt.Sprintf("mealRound?wardId=%d&dateOrder=%s&mealTimeId=%d", ward, date, f.lunchID))
	var round orders.Round
	res.Into(t, &round)
	if res.Status != 200 || !round.Covered || len(round.Items) == 0 || round.MealType.ID != f.lunchID {
		t.Fatalf("mealRound: %d %.300s", res.Status, res.Body)
	}
	rows := map[string]orders.RoundRow{}
	for _, r := range round.Rows {
		rows[r.Patient.HnID] = r
	}
	has := func(c *orders.RoundChoice, code string) bool {
		return c != nil && len(c.Items) == 1 && c.Items[0].MenuID == f.dishes[code]
	}
	if r := rows["T-RD-YD"]; r.Source != orders.FromYesterday || !has(r.Suggestion, "T-PLAIN") || len(r.Problems) != 0 {
		t.Errorf("yesterday's dish: %+v", r)
	}
	if r := rows["T-RD-OK"]; r.Source != orders.FromMenu || r.Suggestion == nil || len(r.Problems) != 0 {
		t.Errorf("no rule: %+v", r)
	}
	// the allergic patient: the peanut dish and the set holding it conflict, and are not suggested
	al := rows["T-RD-AL"]
	if al.Suggestion == nil || len(al.Problems) != 0 || has(al.Suggestion, "T-PEANUT") ||
		len(al.Suggestion.Items) == 1 && al.Suggestion.Items[0].MenuSetID == f.sets["T-SET"] {
		t.Errorf("allergic: %+v", al)
	}
	if cs := al.Conflicts[fmt.Sprintf("m%d", f.dishes["T-PEANUT"])]; len(cs) != 1 || cs[0].Code != "AL02" {
		t.Errorf("allergic conflicts: %+v", al.Conflicts)
	}
	if cs := al.Conflicts[fmt.Sprintf("s%d", f.sets["T-SET"])]; len(cs) != 1 {
		t.Errorf("the set's conflicts: %+v", al.Conflicts)
	}
	// a texture patient gets a dysphagia item within the level
	if r := rows["T-RD-TEX"]; r.Suggestion == nil || len(r.Problems) != 0 {
		t.Errorf("texture: %+v", r)
	}
	if r := rows["T-RD-NPO"]; r.Source != orders.FromNPO || r.Suggestion == nil || r.Suggestion.OrderType != "NPO" {
		t.Errorf("NPO: %+v", r)
	}
	if r := rows["T-RD-DIS"]; r.Source != orders.FromNone || r.Suggestion != nil {
		t.Errorf("discharged: %+v", r)
	}
	if r := rows["T-RD-DONE"]; !r.Ordered || r.Suggestion != nil {
		t.Errorf("already ordered: %+v", r)
	}

	// the round as suggested, plus a free text without acknowledgement for the allergic patient:
	// one request, each patient on its own
	var picks []map[string]any
	for _, hn := range []string{"T-RD-OK", "T-RD-YD", "T-RD-TEX", "T-RD-NPO"} {
		s := rows[hn].Suggestion
		picks = append(picks, map[string]any{"hnId": hn, "orderType": s.OrderType, "courseType": s.CourseType, "items": s.Items})
	}
	picks = append(picks, map[string]any{"hnId": "T-RD-AL", "orderType": "ORD", "courseType": "SPECIFIC", "description": "ข้าวต้ม"})
	body := map[string]any{"branchCode": "SRP01", "dateOrder": date, "mealTimeId": f.lunchID, "idempotencyKey": "round-1", "rows": picks}
	res = f.post(f.taker, "checkerRound", body)
	var checked struct {
		Results []struct {
			HnID     string
			Problems []problem
		}
	}
	res.Into(t, &checked)
	why := map[string]string{}
	for _, r := range checked.Results {
		why[r.HnID] = codes(r.Problems)
	}
	if res.Status != 200 || len(checked.Results) != 5 || why["T-RD-AL"] != "FREE_TEXT" || why["T-RD-OK"] != "" || why["T-RD-NPO"] != "" {
		t.Fatalf("checkerRound: %d %s", res.Status, res.Body)
	}
	res = f.post(f.taker, "submitRound", body)
	var out struct {
		Ordered []struct{ HnID string }
		Refused []struct {
			HnID     string
			Problems []problem
		}
	}
	res.Into(t, &out)
	if res.Status != 200 || len(out.Ordered) != 4 || len(out.Refused) != 1 || out.Refused[0].HnID != "T-RD-AL" ||
		codes(out.Refused[0].Problems) != "FREE_TEXT" {
		t.Fatalf("submitRound: %d %s", res.Status, res.Body)
	}
	// the same key: the same answer, nothing more written
	again := f.post(f.taker, "submitRound", body)
	if string(again.Data) != string(res.Data) || f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id LIKE 'T-RD-%' AND o.order_date = '`+date+`'`) != 5 {
		t.Fatalf("replay: %s", again.Body)
	}
	// now the round shows them ordered
	res = f.get(f.taker, fmt.Sprintf("mealRound?wardId=%d&dateOrder=%s&mealTimeId=%d", ward, date, f.lunchID))
	res.Into(t, &round)
	for _, r := range round.Rows {
		if r.Patient.HnID == "T-RD-OK" && !r.Ordered {
			t.Fatalf("ordered after the round: %+v", r)
		}
	}
	// bad input: a clear 422, nothing written
	if res := f.post(f.taker, "submitRound", map[string]any{"branchCode": "SRP01", "dateOrder": "x", "rows": []any{}}); res.Status != 422 {
		t.Fatalf("bad round: %d %s", res.Status, res.Body)
	}
	if res := f.get(f.taker, fmt.Sprintf("mealRound?mealTimeId=%d", f.lunchID)); res.Status != 422 {
		t.Fatalf("no ward: %d %s", res.Status, res.Body)
	}
	if res := f.get(f.taker, "mealRound?wardId=abc&mealTimeId=1"); res.Status != 400 {
		t.Fatalf("a malformed ward: %d %s", res.Status, res.Body)
	}
}

// A round is written set-based (issue 25 §2): a patient whose meal is ordered already, one a
// rule refuses, one unknown and a row of the wrong shape are refused with their codes, the
// rest are written — one order and one change-log entry each, one activity entry for the
// round — and the answer lists the picks in their order, the wrongly shaped after.
func TestRoundWritesTheAcceptedOnes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, hn := range []string{"T-RW-1", "T-RW-2", "T-RW-3", "T-RW-DONE"} {
		f.patient(t, hn, "", nil, nil)
	}
	f.patient(t, "T-RW-AL", "", []string{"AL02"}, nil)
	_, done := f.submit(t, f.draft("T-RW-DONE", "T-SOUP"), 200)
	pick := func(hn, code string) map[string]any {
		return map[string]any{"hnId": hn, "orderType": "ORD", "courseType": "MENU",
			"items": []map[string]any{{"menuId": f.dishes[code], "alternativeNote": ""}}}
	}
	rows := []any{pick("T-RW-1", "T-PLAIN"), pick("T-RW-DONE", "T-PLAIN"), pick("T-RW-2", "T-PLAIN"),
		pick("T-RW-AL", "T-PEANUT"), pick("T-RW-NONE", "T-PLAIN"),
		map[string]any{"hnId": "T-RW-BAD", "orderType": "XYZ"}, pick("T-RW-3", "T-PEANUT")}
	changes := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_order'`)
	res := f.post(f.taker, "submitRound", map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeId": f.lunchID,
		"idempotencyKey": "round-set", "rows": rows})
	var out struct {
		Ordered []struct {
			HnID   string
			Orders []order
		}
		Refused []struct {
			HnID     string
			Problems []problem
			Existing []order
		}
	}
	res.Into(t, &out)
	if res.Status != 200 || len(out.Ordered) != 3 || len(out.Refused) != 4 {
		t.Fatalf("submitRound: %d %s", res.Status, res.Body)
	}
	var ids []string
	for i, want := range []string{"T-RW-1", "T-RW-2", "T-RW-3"} {
		o := out.Ordered[i]
		if o.HnID != want || len(o.Orders) != 1 || o.Orders[0].HnID != want || o.Orders[0].Status != "WAITING" ||
			len(o.Orders[0].Items) != 1 || o.Orders[0].Items[0].MenuID == nil {
			t.Fatalf("ordered %d: %+v", i, o)
		}
		ids = append(ids, o.Orders[0].OrderID)
	}
	for i, want := range []struct{ hn, code string }{{"T-RW-DONE", "ALREADY_ORDERED"}, {"T-RW-AL", "CONFLICT"},
		{"T-RW-NONE", "NOT_FOUND"}, {"T-RW-BAD", "VALIDATION"}} {
		if r := out.Refused[i]; r.HnID != want.hn || codes(r.Problems) != want.code {
			t.Fatalf("refused %d: %+v, want %v", i, r, want)
		}
	}
	if r := out.Refused[0]; r.Problems[0].Field != "hnId" || r.Problems[0].Message == "" ||
		len(r.Existing) != 1 || r.Existing[0].OrderID != done[0].OrderID {
		t.Fatalf("already ordered: %+v", r)
	}
	if r := out.Refused[1]; r.Problems[0].MenuID != f.dishes["T-PEANUT"] || len(r.Problems[0].Conflicts) != 1 || len(r.Existing) != 0 {
		t.Fatalf("conflict: %+v", r)
	}
	// written: the fine ones only, one change each; the order already there is untouched
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id LIKE 'T-RW-%' AND o.order_date = $1`, f.today); n != 4 {
		t.Fatalf("orders: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order_item i JOIN meal_order o ON o.id = i.order_id
		WHERE o.id = ANY ($1::uuid[])`, ids); n != 3 {
		t.Fatalf("items: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_order'`); n != changes+3 {
		t.Fatalf("change log: %d entries, want %d", n, changes+3)
	}
	if n := f.s.Count(`SELECT count(DISTINCT entity_id) FROM change_log WHERE entity = 'meal_order' AND action = 'create'
		AND entity_id = ANY ($1::text[]) AND after ->> 'status' = 'WAITING'`, ids); n != 3 {
		t.Fatalf("change log of the written orders: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'orders.submitRound'
		AND (detail ->> 'count')::int = 3 AND detail -> 'refusedHnIds' = '["T-RW-DONE", "T-RW-AL", "T-RW-NONE", "T-RW-BAD"]'`); n != 1 {
		t.Fatalf("activity: %d", n)
	}
	// the same key: the same answer, nothing more written
	again := f.post(f.taker, "submitRound", map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeId": f.lunchID,
		"idempotencyKey": "round-set", "rows": rows})
	if string(again.Data) != string(res.Data) || f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_order'`) != changes+3 {
		t.Fatalf("replay: %s", again.Body)
	}
}

// A round answers what ordering each patient on its own answers (submitOrderMany, a
// savepoint per patient): the same orders, kept with the same facts, and the same refusals,
// field for field.
func TestRoundAnswersAsEachPatientOnItsOwn(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	s := orders.NewService(f.s.Env.DB, f.s.Clock.Now, nil)
	outcome := func(prefix string, submit func(hns []string) (orders.Outcome, error)) string {
		for _, n := range []string{"1", "2", "DONE"} {
			f.patient(t, prefix+n, "", nil, nil)
		}
		f.patient(t, prefix+"AL", "", []string{"AL02"}, nil)                 // the peanut accepted with a note
		f.patient(t, prefix+"TEX", "texture_food = 4", nil, nil)             // the dish too hard: TEXTURE
		f.patient(t, prefix+"UN", "unmapped_allergies = '{kiwi}'", nil, nil) // not confirmed: UNMAPPED_ALLERGY
		f.submit(t, f.draft(prefix+"DONE", "T-SOUP"), 200)
		hns := []string{prefix + "1", prefix + "2", prefix + "AL", prefix + "DONE", prefix + "NONE", prefix + "TEX", prefix + "UN"}
		out, err := submit(hns)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		// what differs by nature: the ids, the times, the HNs' prefix
		text := strings.ReplaceAll(string(raw), prefix, "T-X-")
		return regexp.MustCompile(`"(orderId|orderedAt)":"[^"]*"`).ReplaceAllString(text, `"$1":""`)
	}
	items := []orders.Item{{MenuID: f.dishes["T-PEANUT"], AlternativeNote: " no peanut "}, {MenuID: f.dishes["T-THICK"]}}
	many := outcome("T-EA-", func(hns []string) (orders.Outcome, error) {
		return s.SubmitMany(ctx, i18n.EN, "SRP01", "same", orders.Draft{HnIDs: hns, Dates: []string{f.today},
			MealTimeIDs: []int64{f.lunchID}, OrderType: "ORD", CourseType: "MENU", Items: items}, activity("same", "orders.submitMany"))
	})
	round := outcome("T-RN-", func(hns []string) (orders.Outcome, error) {
		in := orders.RoundInput{DateOrder: f.today, MealTimeID: f.lunchID}
		for _, hn := range hns {
			in.Rows = append(in.Rows, orders.RoundPick{HnID: hn, OrderType: "ORD", CourseType: "MENU", Items: items})
		}
		return s.SubmitRound(ctx, i18n.EN, "SRP01", "same", in, activity("same", "orders.submitRound"))
	})
	if many != round {
		t.Fatalf("submitOrderMany answered\n%s\nthe round\n%s", many, round)
	}
	for _, want := range []string{`"hnId":"T-X-AL","orders"`, `"kind":"ALLERGEN"`, `"ALREADY_ORDERED"`, `"TEXTURE"`,
		`"UNMAPPED_ALLERGY"`, `"NOT_FOUND"`} {
		if !strings.Contains(round, want) {
			t.Fatalf("the round has no %s: %s", want, round)
		}
	}
	// the facts each order keeps (for needs-review) are those a submit keeps
	if n := f.s.Count(`SELECT count(*) FROM meal_order a JOIN patient pa ON pa.id = a.patient_id,
			meal_order b JOIN patient pb ON pb.id = b.patient_id
		WHERE replace(pa.hn_id, 'T-EA-', '') = replace(pb.hn_id, 'T-RN-', '') AND pa.hn_id LIKE 'T-EA-%' AND pb.hn_id LIKE 'T-RN-%'
			AND a.order_date = b.order_date AND a.meal_time_id = b.meal_time_id AND a.status <> 'CANCELLED' AND b.status <> 'CANCELLED'
			AND a.patient_facts = b.patient_facts AND a.tray_facts = b.tray_facts AND a.review_reasons = b.review_reasons
			AND (a.tray_facts <> '{}' OR pa.hn_id <> 'T-EA-AL')`); n != 4 {
		t.Fatalf("orders kept with the same facts: %d, want 4", n)
	}
}
