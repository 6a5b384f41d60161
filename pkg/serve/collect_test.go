package serve_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/orders"
)

// collect records what was eaten of a tray as the Serve user.
func (f *fixture) collect(t testing.TB, body map[string]any) apitest.Response {
	t.Helper()
	body["branchCode"] = "SRP01"
	if _, ok := body["deviceId"]; !ok {
		body["deviceId"] = "phone-1"
	}
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collect", Token: f.server, Lang: "en", JSON: body})
}

type collected struct {
	Order  struct{ OrderID string }
	Intake struct {
		Eaten string
		Items []struct {
			Position int
			Eaten    string
		}
		Scanned    bool
		DeviceID   string
		RecordedBy string
		Version    int
	}
	Corrected, Unchanged bool
}

// served orders the patient's lunch today and serves it: the order id and its card token.
func (f *fixture) served(t testing.TB, hn string) (string, string) {
	t.Helper()
	f.patient(t, hn)
	id, tok := f.order(t, hn, f.today, "T-PLAIN", "")
	if res := f.update(tok, hn, "SERVED", "", newRequestID()); res.Status != http.StatusOK {
		t.Fatalf("serve %s: %d %s", hn, res.Status, res.Body)
	}
	return id, tok
}

func TestCollect(t *testing.T) {
	f := newFixture(t)
	id, tok := f.served(t, "S-C1")

	// a tray not served cannot be collected
	f.patient(t, "S-C2")
	waiting, waitingTok := f.order(t, "S-C2", f.today, "T-PLAIN", "")
	if res := f.collect(t, map[string]any{"token": waitingTok, "eaten": "ALL"}); res.Status != http.StatusUnprocessableEntity ||
		res.Code != "NOT_SERVED" || res.Msg != "This tray was not served, so it cannot be collected" {
		t.Fatalf("a waiting tray collected: %d %s", res.Status, res.Body)
	}

	// the amounts: one of five, any case; items by a position of the order, once each
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"an amount not offered", map[string]any{"token": tok, "eaten": "THIRD"}, "eaten"},
		{"no amount", map[string]any{"token": tok}, "eaten"},
		{"an item's amount", map[string]any{"token": tok, "eaten": "ALL", "items": []map[string]any{{"position": 1, "eaten": "LOTS"}}}, "items"},
		{"an item twice", map[string]any{"token": tok, "eaten": "ALL", "items": []map[string]any{{"position": 1, "eaten": "HALF"}, {"position": 1, "eaten": "ALL"}}}, "items"},
		{"an item not on the tray", map[string]any{"token": tok, "eaten": "ALL", "items": []map[string]any{{"position": 9, "eaten": "HALF"}}}, "items"},
		{"neither card nor order", map[string]any{"eaten": "ALL"}, "token"},
		{"both card and order", map[string]any{"token": tok, "orderId": id, "eaten": "ALL"}, "token"},
		{"an order id that is none", map[string]any{"orderId": "42", "eaten": "ALL"}, "orderId"},
	} {
		res := f.collect(t, c.body)
		if res.Status != http.StatusUnprocessableEntity || res.Fields()[c.field] == "" {
			t.Fatalf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if res := f.collect(t, map[string]any{"token": tok, "eaten": "third"}); res.Fields()["eaten"] != "The amount eaten must be none, ¼, ½, ¾ or all" {
		t.Fatalf("the amount's message: %s", res.Body)
	}
	if res := f.collect(t, map[string]any{"token": "garbage", "eaten": "ALL"}); res.Status != http.StatusUnprocessableEntity || res.Code != "FORGED" {
		t.Fatalf("forged: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM tray_intake WHERE device_id <> 'demo'`); n != 0 {
		t.Fatalf("%d intakes kept by refused calls", n)
	}

	// recorded: who, when, the device, scanned; a create in the change log, an activity entry
	res := f.collect(t, map[string]any{"token": tok, "eaten": "half"})
	var c collected
	if res.Status != http.StatusOK || res.Msg != "Intake recorded" {
		t.Fatalf("collect: %d %s", res.Status, res.Body)
	}
	res.Into(t, &c)
	if c.Order.OrderID != id || c.Intake.Eaten != "HALF" || !c.Intake.Scanned || c.Intake.DeviceID != "phone-1" ||
		c.Intake.RecordedBy != "D0003" || c.Intake.Version != 1 || c.Corrected {
		t.Fatalf("collected: %+v", c)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'tray_intake' AND entity_id = $1 AND action = 'create'
		AND after->>'eaten' = 'HALF'`, id); n != 1 {
		t.Fatalf("%d change rows of the record", n)
	}

	// the same again writes nothing; a correction (from the list, per dish) is logged with
	// its record before
	res = f.collect(t, map[string]any{"token": tok, "eaten": "HALF"})
	res.Into(t, &c)
	if !c.Unchanged || f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'tray_intake'`) != 1 {
		t.Fatalf("the same again: %s", res.Body)
	}
	res = f.collect(t, map[string]any{"orderId": id, "eaten": "QUARTER", "items": []map[string]any{{"position": 1, "eaten": "NONE"}},
		"deviceId": "tablet-2"})
	c = collected{}
	res.Into(t, &c)
	if res.Msg != "Intake corrected" || !c.Corrected || c.Intake.Eaten != "QUARTER" || c.Intake.Scanned || c.Intake.Version != 2 ||
		len(c.Intake.Items) != 1 || c.Intake.Items[0].Eaten != "NONE" || c.Intake.DeviceID != "tablet-2" {
		t.Fatalf("correction: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'tray_intake' AND entity_id = $1 AND action = 'update'
		AND before->>'eaten' = 'HALF' AND after->>'eaten' = 'QUARTER'`, id); n != 1 {
		t.Fatalf("%d correction rows", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.collected' AND detail->>'orderId' = $1`, id); n != 2 {
		t.Fatalf("%d activity entries, want the record and its correction", n)
	}

	// the change log shows the record in words
	bam := f.s.SignIn("branchadmin@samrap.local").Access
	logs := f.s.Do(apitest.Request{Method: "GET", Path: "/api/logs/changes?entity=tray_intake&entityId=" + id, Token: bam, Lang: "en"})
	var page struct {
		Items []struct {
			EntityLabel string
			Record      *struct{ Code string }
			Fields      []struct{ Label, Before, After any }
		}
	}
	logs.Into(t, &page)
	if len(page.Items) != 2 || page.Items[0].EntityLabel != "What the patient ate" || page.Items[0].Record == nil ||
		page.Items[0].Record.Code != "S-C1" {
		t.Fatalf("change log: %s", logs.Body)
	}
	_ = waiting
}

func TestCollectTrayAndUncollected(t *testing.T) {
	f := newFixture(t)
	id, tok := f.served(t, "S-L1")
	other, _ := f.served(t, "S-L2")
	f.patient(t, "S-L3")
	f.order(t, "S-L3", f.today, "T-PLAIN", "") // waiting: not in the list

	// the collect step reads the tray by its card: no intake yet
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collectTray", Token: f.server,
		JSON: map[string]any{"branchCode": "SRP01", "token": tok}})
	var tr struct {
		Order  orders.Order
		Intake json.RawMessage
	}
	res.Into(t, &tr)
	if res.Status != http.StatusOK || tr.Order.OrderID != id || string(tr.Intake) != "null" || len(tr.Order.Items) != 1 {
		t.Fatalf("collectTray: %d %s", res.Status, res.Body)
	}

	list := func() []string {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/serve/uncollected?mealType=" + jsonInt(f.lunchID), Token: f.server})
		var out struct {
			Items     []orders.Order
			MealTypes []orders.MealTypeRef
		}
		res.Into(t, &out)
		if len(out.MealTypes) == 0 {
			t.Fatalf("no meal types for the filter: %s", res.Body)
		}
		var ids []string
		for _, o := range out.Items {
			ids = append(ids, o.OrderID)
		}
		return ids
	}
	if got := list(); len(got) != 2 || !contains(got, id) || !contains(got, other) {
		t.Fatalf("uncollected: %v", got)
	}
	if res := f.collect(t, map[string]any{"orderId": other, "eaten": "NONE"}); res.Status != http.StatusOK {
		t.Fatalf("collect from the list: %d %s", res.Status, res.Body)
	}
	if got := list(); len(got) != 1 || got[0] != id {
		t.Fatalf("uncollected after one: %v", got)
	}
}

func TestCollectGuards(t *testing.T) {
	f := newFixture(t)
	id, tok := f.served(t, "S-G1")
	ctx := context.Background()

	// another branch's order, served: 404 by its id and by its card
	var theirs string
	if err := f.s.DB.QueryRow(ctx, `UPDATE meal_order SET status = 'SERVED' WHERE id = (SELECT id FROM meal_order
		WHERE branch_code = 'SRP02' AND order_type = 'ORD' LIMIT 1) RETURNING id`).Scan(&theirs); err != nil {
		t.Fatal(err)
	}
	if res := f.collect(t, map[string]any{"orderId": theirs, "eaten": "ALL"}); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's order: %d %s", res.Status, res.Body)
	}
	theirTok, err := orders.SignToken(f.key, theirs, "SRP02", f.today, 1, "X")
	if err != nil {
		t.Fatal(err)
	}
	if res := f.collect(t, map[string]any{"token": theirTok, "eaten": "ALL"}); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's card: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collectTray", Token: f.server,
		JSON: map[string]any{"branchCode": "SRP01", "orderId": theirs}}); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's tray read: %d %s", res.Status, res.Body)
	}
	// another branch named: 403; other roles: 403
	if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collect", Token: f.server,
		JSON: map[string]any{"branchCode": "SRP02", "orderId": theirs, "eaten": "ALL"}}); res.Status != http.StatusForbidden {
		t.Fatalf("another branch named: %d %s", res.Status, res.Body)
	}
	for _, who := range []string{"ordertaker@samrap.local", "nutritionist@samrap.local", "controller@samrap.local"} {
		tk := f.s.SignIn(who).Access
		for _, r := range []apitest.Request{
			{Method: "POST", Path: "/api/serve/collect", JSON: map[string]any{"branchCode": "SRP01", "token": tok, "eaten": "ALL"}},
			{Method: "POST", Path: "/api/serve/collectTray", JSON: map[string]any{"branchCode": "SRP01", "orderId": id}},
			{Method: "GET", Path: "/api/serve/uncollected"},
		} {
			r.Token = tk
			if res := f.s.Do(r); res.Status != http.StatusForbidden {
				t.Fatalf("%s %s: %d", who, r.Path, res.Status)
			}
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM tray_intake WHERE device_id <> 'demo'`); n != 0 {
		t.Fatalf("%d intakes kept by refused calls", n)
	}
}

// An intake is never kept without its activity entry (issue 31): with the entry refused, the
// call fails and nothing stays.
func TestIntakeActivityIsInTheTransaction(t *testing.T) {
	f := newFixture(t)
	_, tok := f.served(t, "S-T1")
	if _, err := f.s.DB.Exec(context.Background(), `ALTER TABLE activity_log ADD CONSTRAINT test_refuse_collect
		CHECK (action <> 'serve.collected') NOT VALID`); err != nil {
		t.Fatal(err)
	}
	if res := f.collect(t, map[string]any{"token": tok, "eaten": "ALL"}); res.Status != http.StatusInternalServerError {
		t.Fatalf("collected with its entry refused: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM tray_intake WHERE device_id <> 'demo'`) + f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'tray_intake'`); n != 0 {
		t.Fatalf("%d rows kept without their entry", n)
	}
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
