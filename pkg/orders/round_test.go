package orders_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"samrap/pkg/day"
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
		var p struct{ HnID string }
		if err := json.Unmarshal(r.Patient, &p); err != nil {
			t.Fatal(err)
		}
		rows[p.HnID] = r
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
		if strings.Contains(string(r.Patient), `"T-RD-OK"`) && !r.Ordered {
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
