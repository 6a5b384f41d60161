package serve_test

import (
	"context"
	"net/http"
	"testing"

	"samrap/pkg/apitest"
)

// Issue 31 §3: a serving or a rejection is one activity entry, the same requestId sent again
// (which answers the first record and writes nothing) adds none, and a refused confirmation
// writes none. The action is read as update reads it: " rejected " is a rejection.
func TestOneActivityEntryPerServing(t *testing.T) {
	f := newFixture(t)
	f.patient(t, "S-A1")
	f.patient(t, "S-A2")
	_, served := f.order(t, "S-A1", f.today, "T-PLAIN", "")
	_, rejected := f.order(t, "S-A2", f.today, "T-PLAIN", "")
	entries := func(action string) int {
		return f.s.Count(`SELECT count(*) FROM activity_log WHERE action = $1`, action)
	}
	for _, c := range []struct {
		token, wristband, action, reason string
	}{
		{served, "S-A1", "SERVED", ""},
		{rejected, "S-A1", " rejected ", "wrong bed"},
	} {
		req := newRequestID()
		for i := range 2 {
			res := f.update(c.token, c.wristband, c.action, c.reason, req)
			var out struct{ Replayed bool }
			if res.Status == http.StatusOK {
				res.Into(t, &out)
			}
			if res.Status != http.StatusOK || out.Replayed != (i == 1) {
				t.Fatalf("%q, time %d: %d %s", c.action, i+1, res.Status, res.Body)
			}
		}
	}
	// a refused confirmation: the rejected tray served to the wrong patient (409 NO_MATCH)
	if res := f.update(rejected, "S-A1", "SERVED", "", newRequestID()); res.Status != http.StatusConflict {
		t.Fatalf("served to the wrong patient: %d %s", res.Status, res.Body)
	}
	if s, r := entries("serve.served"), entries("serve.rejected"); s != 1 || r != 1 {
		t.Fatalf("entries: %d serve.served, %d serve.rejected, want one each", s, r)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.rejected' AND actor = 'D0003'
		AND detail->>'rejectReason' = 'wrong bed' AND detail->'reasons' = '["WRONG_PATIENT"]' AND detail->'hnIds' = '["S-A2"]'`); n != 1 {
		t.Fatalf("%d rejection entries with their detail", n)
	}
}

// Issue 31 §3: a serving's and a no-match's activity entries are written in the transaction
// of what they record, so neither is kept alone. The test makes the entry's insert fail for
// real: a CHECK constraint in this test's own database (apitest gives each test a copy)
// refuses every serve.* entry — PostgreSQL refuses the row, nothing is mocked; NOT VALID
// leaves the entries already there unchecked. A confirmation then answers 500 with the tray
// still waiting and no serve record, and a verification that does not match answers 500
// with no serve_mismatch row; with the constraint dropped, the confirmation sent again with
// its requestId serves the tray once, with one entry. Before, the route wrote the entries
// after the service had committed: the serving and the mismatch stood without them.
func TestServingActivityIsInTheTransaction(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.patient(t, "S-R1")
	f.patient(t, "S-R2")
	id, tok := f.order(t, "S-R1", f.today, "T-PLAIN", "")
	if _, err := f.s.DB.Exec(ctx, `ALTER TABLE activity_log ADD CONSTRAINT test_refuse_serve
		CHECK (action NOT LIKE 'serve.%') NOT VALID`); err != nil {
		t.Fatal(err)
	}
	req := newRequestID()
	if res := f.update(tok, "S-R1", "SERVED", "", req); res.Status != http.StatusInternalServerError {
		t.Fatalf("served with its entry refused: %d %s", res.Status, res.Body)
	}
	if f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND status = 'WAITING'`, id) != 1 ||
		f.s.Count(`SELECT count(*) FROM serve_record WHERE device_id <> 'demo'`) != 0 || f.s.Count(`SELECT count(*) FROM change_log
		WHERE entity_id = $1 AND (entity = 'serve_record' OR action = 'update')`, id) != 0 {
		t.Fatal("the tray was served without its entry")
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": tok, "wristband": "S-R2"}})
	if res.Status != http.StatusInternalServerError {
		t.Fatalf("a no-match with its entry refused: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM serve_mismatch`); n != 0 {
		t.Fatalf("%d mismatches kept without their entry", n)
	}

	if _, err := f.s.DB.Exec(ctx, `ALTER TABLE activity_log DROP CONSTRAINT test_refuse_serve`); err != nil {
		t.Fatal(err)
	}
	res = f.update(tok, "S-R1", "SERVED", "", req)
	var out struct{ Replayed bool }
	if res.Status == http.StatusOK {
		res.Into(t, &out)
	}
	if res.Status != http.StatusOK || out.Replayed {
		t.Fatalf("sent again: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM serve_record WHERE order_id = $1`, id) +
		f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'serve.served' AND detail->>'orderId' = $1`, id); n != 2 {
		t.Fatalf("sent again: %d records and entries, want one of each", n)
	}
}
