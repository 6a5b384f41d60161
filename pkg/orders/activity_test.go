package orders_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"samrap/pkg/audit"
	"samrap/pkg/day"
)

// activity is what a test calling the service directly records: the actor and the action in
// SRP01 (a route passes its caller's, audit.Of).
func activity(by, action string) audit.Activity {
	return audit.Activity{BranchCode: "SRP01", Actor: by, Action: action}
}

// entries answers the number of activity entries of action.
func (f *fixture) entries(action string) int {
	return f.s.Count(`SELECT count(*) FROM activity_log WHERE action = $1`, action)
}

// roundBody is a submitRound body: lunch today of the plain dish for each patient.
func (f *fixture) roundBody(key string, hns ...string) map[string]any {
	rows := []map[string]any{}
	for _, hn := range hns {
		rows = append(rows, map[string]any{"hnId": hn, "orderType": "ORD", "courseType": "MENU",
			"items": []map[string]any{{"menuId": f.dishes["T-PLAIN"]}}})
	}
	return map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeId": f.lunchID, "idempotencyKey": key,
		"rows": rows}
}

// manyBody is a submitOrderMany body: lunch today of the plain dish for the patients.
func (f *fixture) manyBody(key string, hns ...string) map[string]any {
	body := clone(f.draft("", "T-PLAIN"), "hnIds", hns, "idempotencyKey", key)
	delete(body, "hnId")
	return body
}

// Issue 31 §3: every successful write of orders is one activity entry, and a request repeated
// with its idempotency key (which answers the first answer and writes nothing) adds none; a
// refused one writes none.
func TestOneActivityEntryPerAction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, hn := range []string{"T-A1", "T-A2", "T-A3", "T-A4", "T-AL"} {
		f.patient(t, hn, "", nil, nil)
	}
	midnight, _ := day.Parse(f.today)
	tomorrow := midnight.AddDate(0, 0, 1).Format(time.DateOnly)
	calls := []struct {
		action, call string
		body         map[string]any
	}{
		{"orders.submit", "submitOrder", clone(f.draft("T-A1", "T-PLAIN"), "idempotencyKey", "act-submit")},
		{"orders.submitMany", "submitOrderMany", f.manyBody("act-many", "T-A2", "T-A3")},
		{"orders.submitRound", "submitRound", f.roundBody("act-round", "T-A4")},
		{"orders.copy", "copyOrders", map[string]any{"branchCode": "SRP01", "wardId": f.id(t, "ward", "W01"),
			"fromDate": f.today, "toDate": tomorrow, "mealTimeIds": []int64{f.lunchID}, "idempotencyKey": "act-copy"}},
	}
	for _, c := range calls {
		first := f.post(f.taker, c.call, c.body)
		again := f.post(f.taker, c.call, c.body)
		if first.Status != http.StatusOK || string(again.Data) != string(first.Data) {
			t.Fatalf("%s: %d %s, then %s", c.call, first.Status, first.Body, again.Body)
		}
		if n := f.entries(c.action); n != 1 {
			t.Fatalf("%s and its replay: %d entries of %s, want 1", c.call, n, c.action)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id LIKE 'T-A_' AND o.order_date = $1`, tomorrow); n != 4 {
		t.Fatalf("copied %d orders, want 4", n)
	}
	// refused (a 409 ALREADY_ORDERED, a 422 of a check): no entry
	f.submit(t, f.draft("T-A1", "T-PLAIN"), http.StatusConflict)
	f.submit(t, clone(f.draft("T-AL", "T-PLAIN"), "dates", []string{"yesterday"}), http.StatusUnprocessableEntity)
	if n := f.entries("orders.submit"); n != 1 {
		t.Fatalf("refused submits wrote %d entries", n-1)
	}

	var id string
	if err := f.s.DB.QueryRow(context.Background(), `SELECT o.id FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id = 'T-A1' AND o.order_date = $1`, f.today).Scan(&id); err != nil {
		t.Fatal(err)
	}
	// confirmReview of a flagged order, then cancel; cancelling again is a 409, and so is
	// reviewing a cancelled order: no entry for either
	if _, err := f.s.DB.Exec(context.Background(), `UPDATE meal_order SET review_reasons = '{DIET}' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	review := map[string]any{"branchCode": "SRP01", "orderId": id}
	cancel := map[string]any{"branchCode": "SRP01", "orderId": id, "cancelReason": "PATIENT"}
	for _, c := range []struct {
		call   string
		body   map[string]any
		status int
	}{
		{"confirmReview", review, http.StatusOK}, {"cancel", cancel, http.StatusOK},
		{"cancel", cancel, http.StatusConflict}, {"confirmReview", review, http.StatusConflict},
	} {
		if res := f.post(f.taker, c.call, c.body); res.Status != c.status {
			t.Fatalf("%s: %d %s, want %d", c.call, res.Status, res.Body, c.status)
		}
	}
	if r, c := f.entries("orders.confirmReview"), f.entries("orders.cancel"); r != 1 || c != 1 {
		t.Fatalf("entries: %d confirmReview, %d cancel, want one each", r, c)
	}
}

// Issue 31 §3: the activity entry is written in the transaction of the write it records, so
// a write is never kept without its entry. The test makes the entry's insert fail for real:
// a CHECK constraint in this test's own database (apitest gives each test a copy) refuses
// every orders.* entry — PostgreSQL refuses the row, nothing is mocked; NOT VALID leaves the
// entries already there unchecked. Each call then answers 500 and its orders, cancel or
// review are rolled back with the entry; with the constraint dropped, a submit retried with
// the same idempotency key writes its order and one entry (the failed one kept no answer).
// Before, the handler wrote the entry after the commit: the orders stood without it.
func TestActivityIsInTheWritesTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	for _, hn := range []string{"T-R1", "T-R2", "T-R3", "T-R4"} {
		f.patient(t, hn, "", nil, nil)
	}
	_, os := f.submit(t, f.draft("T-R1", "T-PLAIN"), http.StatusOK)
	id := os[0].OrderID
	if _, err := f.s.DB.Exec(ctx, `UPDATE meal_order SET review_reasons = '{DIET}' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	before := f.s.Count(`SELECT count(*) FROM change_log`)
	if _, err := f.s.DB.Exec(ctx, `ALTER TABLE activity_log ADD CONSTRAINT test_refuse_orders
		CHECK (action NOT LIKE 'orders.%') NOT VALID`); err != nil {
		t.Fatal(err)
	}
	midnight, _ := day.Parse(f.today)
	tomorrow := midnight.AddDate(0, 0, 1).Format(time.DateOnly)
	submit := clone(f.draft("T-R3", "T-PLAIN"), "idempotencyKey", "refused-submit")
	for _, c := range []struct {
		call string
		body map[string]any
	}{
		{"submitOrder", submit},
		{"submitOrderMany", f.manyBody("refused-many", "T-R3", "T-R4")},
		{"submitRound", f.roundBody("refused-round", "T-R3", "T-R4")},
		{"copyOrders", map[string]any{"branchCode": "SRP01", "wardId": f.id(t, "ward", "W01"), "fromDate": f.today,
			"toDate": tomorrow, "mealTimeIds": []int64{f.lunchID}}},
		{"confirmReview", map[string]any{"branchCode": "SRP01", "orderId": id}},
		{"cancel", map[string]any{"branchCode": "SRP01", "orderId": id, "cancelReason": "PATIENT"}},
	} {
		if res := f.post(f.taker, c.call, c.body); res.Status != http.StatusInternalServerError {
			t.Fatalf("%s with its entry refused: %d %s", c.call, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id
		WHERE p.hn_id IN ('T-R3', 'T-R4') OR p.hn_id LIKE 'T-R_' AND o.order_date = $1`, tomorrow); n != 0 {
		t.Fatalf("%d orders kept without their entry", n)
	}
	if o := f.order(t, id); o.Status != "WAITING" || !o.NeedsReview {
		t.Fatalf("the order was cancelled or reviewed without its entry: %+v", o)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log`); n != before {
		t.Fatalf("%d change-log entries kept without their activity entry", n-before)
	}

	if _, err := f.s.DB.Exec(ctx, `ALTER TABLE activity_log DROP CONSTRAINT test_refuse_orders`); err != nil {
		t.Fatal(err)
	}
	entries := f.entries("orders.submit")
	f.submit(t, submit, http.StatusOK)
	if n := f.s.Count(`SELECT count(*) FROM meal_order o JOIN patient p ON p.id = o.patient_id WHERE p.hn_id = 'T-R3'`); n != 1 {
		t.Fatalf("the retry wrote %d orders", n)
	}
	if n := f.entries("orders.submit"); n != entries+1 {
		t.Fatalf("the retry wrote %d entries", n-entries)
	}
}
