package performance_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/download"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/awstest"
	"samrap/pkg/orders"
	"samrap/pkg/performance"
	"samrap/pkg/platform"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

type fixture struct {
	s                     *apitest.Server
	taker, server, admin  string
	super                 string
	today, tomorrow       string
	lunchID, wardID, dish int64
	key                   []byte
}

// newFixture: the demo data plus a ward of its own (W-PERF, SRP01) whose patients no other
// test orders for, and a lunch dish on every day of the branch's cycle.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := apitest.New(t)
	f := &fixture{s: s, taker: s.SignIn("ordertaker@samrap.local").Access, server: s.SignIn("serve@samrap.local").Access,
		admin: s.SignIn("branchadmin@samrap.local").Access, super: s.SignIn("superadmin@samrap.local").Access}
	now := s.Clock.Now().In(day.Bangkok)
	f.today, f.tomorrow = now.Format(time.DateOnly), now.AddDate(0, 0, 1).Format(time.DateOnly)
	ctx := context.Background()
	q := func(dst *int64, sql string) {
		t.Helper()
		if err := s.DB.QueryRow(ctx, sql).Scan(dst); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	q(&f.lunchID, `SELECT id FROM meal_time WHERE branch_code = 'SRP01' AND code = 'MT02'`)
	q(&f.wardID, `INSERT INTO ward (branch_code, code, name_th, name_en, ward_type_id)
		SELECT 'SRP01', 'W-PERF', 'หอทดสอบ', 'Perf ward', ward_type_id FROM ward WHERE branch_code = 'SRP01' AND code = 'W01' RETURNING id`)
	q(&f.dish, `WITH m AS (
			INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level)
			SELECT 'SRP01', 'T-PERF', 'ทดสอบ', 'Test dish', c.id, p.id, 'FOOD', 7
			FROM cuisine_type c, meal_component p WHERE c.branch_code = 'SRP01' AND c.code = 'CU01'
				AND p.branch_code = 'SRP01' AND p.code = 'MP01' RETURNING id),
		c AS (INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id)
			SELECT 'SRP01', y.id, y.day_count, d, t.id, m.id FROM m, cycle y, meal_time t, generate_series(1, 7) d
			WHERE y.branch_code = 'SRP01' AND y.code = 'CY-WEEK' AND t.branch_code = 'SRP01' AND t.code = 'MT02')
		SELECT id FROM m`)
	key, err := orders.TokenKey(ctx, s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	f.key = key
	return f
}

func (f *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.s.DB.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// patient adds a current patient of W-PERF.
func (f *fixture) patient(t *testing.T, hn string) {
	t.Helper()
	f.exec(t, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id)
		VALUES ('SRP01', $1, 'ทดสอบ', $1, 'Test', $1, $2)`, hn, f.wardID)
}

// order orders lunch on date for the patient through the API and answers the order id and
// its card token.
func (f *fixture) order(t *testing.T, hn, date string) (string, string) {
	t.Helper()
	return f.s.Order(t, f.taker, "en", map[string]any{"branchCode": "SRP01", "hnId": hn, "dates": []string{date},
		"mealTimeIds": []int64{f.lunchID}, "orderType": "ORD", "foodScope": "BOTH", "courseType": "MENU",
		"items": []map[string]any{{"menuId": f.dish}}})
}

func requestID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func (f *fixture) serve(t *testing.T, token, hn, action, reason string) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/update", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": token, "wristband": hn, "action": action,
			"rejectReason": reason, "deviceId": "tab-1", "requestId": requestID()}})
	if res.Status != http.StatusOK {
		t.Fatalf("%s %s: %d %s", action, hn, res.Status, res.Body)
	}
}

func (f *fixture) figures(t *testing.T, token, query string) performance.Figures {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/workPerformance?" + query, Token: token, Lang: "en"})
	if res.Status != http.StatusOK {
		t.Fatalf("figures %s: %d %s", query, res.Status, res.Body)
	}
	var out performance.Figures
	res.Into(t, &out)
	return out
}

func TestWorkPerformance(t *testing.T) {
	f := newFixture(t)
	for _, hn := range []string{"PF-1", "PF-2", "PF-3", "PF-4", "PF-5"} {
		f.patient(t, hn)
	}
	id1, tok1 := f.order(t, "PF-1", f.today)
	id2, tok2 := f.order(t, "PF-2", f.today)
	_, tok3 := f.order(t, "PF-3", f.today)

	// a scan of PF-1's card against PF-2's wristband: a mismatch, recorded by the real verify
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/verify", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": tok1, "wristband": "PF-2", "deviceId": "tab-1"}})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "WRONG_PATIENT") {
		t.Fatalf("verify: %d %s", res.Status, res.Body)
	}
	// PF-1 served 10 minutes before lunch ends (13:30), PF-2 30 minutes after, PF-3 rejected
	f.serve(t, tok1, "PF-1", "SERVED", "")
	f.serve(t, tok2, "PF-2", "SERVED", "")
	f.serve(t, tok3, "PF-3", "REJECTED", "too cold")
	midnight, _ := day.Parse(f.today)
	deadline := midnight.Add(13*time.Hour + 30*time.Minute)
	f.exec(t, `UPDATE serve_record SET served_at = $2 WHERE order_id = $1`, id1, deadline.Add(-10*time.Minute))
	f.exec(t, `UPDATE serve_record SET served_at = $2 WHERE order_id = $1`, id2, deadline.Add(30*time.Minute))

	// review: PF-4's and PF-5's orders of tomorrow are flagged by a change of the patient (the
	// review triggers); PF-4's is reviewed, PF-5's still waits
	id4, _ := f.order(t, "PF-4", f.tomorrow)
	id5, _ := f.order(t, "PF-5", f.tomorrow)
	f.exec(t, `UPDATE patient SET religion_id = (SELECT min(id) FROM religion WHERE branch_code = 'SRP01') WHERE branch_code = 'SRP01' AND hn_id IN ('PF-4', 'PF-5')`)
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id IN ($1, $2) AND needs_review AND review_flagged_at IS NOT NULL`, id4, id5); n != 2 {
		t.Fatalf("%d orders flagged with a time", n)
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/takerOrder/confirmReview", Token: f.taker, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "orderId": id4}})
	if res.Status != http.StatusOK {
		t.Fatalf("review: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM meal_order WHERE id = $1 AND NOT needs_review AND reviewed_at >= review_flagged_at`, id4); n != 1 {
		t.Fatal("the review did not keep the flag time")
	}
	// a known wait: flagged 20 minutes before the review
	f.exec(t, `UPDATE meal_order SET review_flagged_at = reviewed_at - interval '20 minutes' WHERE id = $1`, id4)
	f.exec(t, `UPDATE meal_order SET review_flagged_at = $2 WHERE id = $1`, id5, f.s.Clock.Now().Add(-45*time.Minute))

	// PF-1's tray comes back half eaten (issue 27 §3): 1 of the 2 served trays collected
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collect", Token: f.server, Lang: "en",
		JSON: map[string]any{"branchCode": "SRP01", "token": tok1, "eaten": "HALF", "deviceId": "tab-1"}})
	if res.Status != http.StatusOK {
		t.Fatalf("collect: %d %s", res.Status, res.Body)
	}

	q := fmt.Sprintf("dateFrom=%s&dateTo=%s&wardIds=%d", f.today, f.tomorrow, f.wardID)
	fig := f.figures(t, f.admin, q)
	if c := fig.Total; c.Collected != 1 || c.CollectedPct == nil || *c.CollectedPct != 50 {
		t.Fatalf("collected %d (%v %%), want 1 of 2 served", c.Collected, c.CollectedPct)
	}
	if d := fig.ByDate; len(d) != 2 || d[0].Collected != 1 || *d[0].CollectedPct != 50 || d[1].CollectedPct != nil ||
		fig.ByWard[0].Collected != 1 || fig.ByMeal[0].Collected != 1 {
		t.Fatalf("collected by date, ward, meal: %+v %+v %+v", fig.ByDate, fig.ByWard, fig.ByMeal)
	}
	var wantNotServed, wantPending int64 = 1, 0
	if !f.s.Clock.Now().After(deadline) {
		wantNotServed, wantPending = 0, 1
	}
	tot := fig.Total
	if tot.Trays != 5 || tot.OnTime != 1 || tot.Late != 1 || tot.NotServed != wantNotServed || tot.Pending != wantPending+2 {
		t.Fatalf("total %+v", tot)
	}
	if len(fig.ByWard) != 1 || fig.ByWard[0].Code != "W-PERF" || fig.ByWard[0].BranchCode != "SRP01" || len(fig.ByMeal) != 1 || fig.ByMeal[0].Code != "MT02" ||
		fig.ByMeal[0].MealColor != "#2E7D32" || fig.ByMeal[0].EndTime != "13:30" {
		t.Fatalf("groups %+v %+v", fig.ByWard, fig.ByMeal)
	}
	if len(fig.ByDate) != 2 || fig.ByDate[0].Date != f.today || fig.ByDate[0].OnTime != 1 || fig.ByDate[1].Pending != 2 {
		t.Fatalf("by date %+v", fig.ByDate)
	}
	wantPct := 50.0
	if wantNotServed == 1 {
		wantPct = 33.3
	}
	if p := fig.ByDate[0].OnTimePct; p == nil || *p != wantPct {
		t.Fatalf("on time %% %v, want %v", p, wantPct)
	}
	if fig.Mismatches.Scans != 1 || len(fig.Mismatches.ByReason) != 1 || fig.Mismatches.ByReason[0].Reason != "WRONG_PATIENT" ||
		fig.Mismatches.ByReason[0].Label == "WRONG_PATIENT" {
		t.Fatalf("mismatches %+v", fig.Mismatches)
	}
	if fig.Rejections.Trays != 1 || len(fig.Rejections.ByReason) != 1 || fig.Rejections.ByReason[0].Reason != "too cold" {
		t.Fatalf("rejections %+v", fig.Rejections)
	}
	rv := fig.Review
	if rv.Flagged != 2 || rv.Reviewed != 1 || rv.MedianMinutes != 20 || rv.MaxMinutes != 20 || rv.Waiting != 1 || rv.OldestWaitingMinutes != 45 {
		t.Fatalf("review %+v", rv)
	}
	if len(fig.OrderTakers) != 1 || fig.OrderTakers[0].Count != 5 || fig.OrderTakers[0].NameTh == "" {
		t.Fatalf("order takers %+v", fig.OrderTakers)
	}
	if len(fig.Servers) != 1 || fig.Servers[0].Person != "D0003" || fig.Servers[0].Count != 2 || fig.Servers[0].Other != 1 {
		t.Fatalf("servers %+v", fig.Servers)
	}
	if !slices.ContainsFunc(fig.Choices.Wards, func(c performance.Choice) bool { return c.Code == "W-PERF" }) ||
		!slices.ContainsFunc(fig.Choices.MealTypes, func(c performance.Choice) bool { return c.Code == "MT02" && c.BranchCode == "SRP01" }) ||
		slices.ContainsFunc(fig.Choices.Wards, func(c performance.Choice) bool { return c.BranchCode != "SRP01" }) {
		t.Fatalf("choices %+v", fig.Choices)
	}
	// the meal type filter: another meal has none of these trays
	if other := f.figures(t, f.admin, q+"&mealTimeIds=999999"); other.Total.Trays != 0 || other.Mismatches.Scans != 0 || other.Orders != 0 {
		t.Fatalf("another meal: %+v", other)
	}

	t.Run("branch scope", func(t *testing.T) {
		// a mismatch in Chiang Mai (SRP02)
		f.exec(t, `INSERT INTO serve_mismatch (branch_code, reasons, scanned_by) VALUES ('SRP02', '{FORGED}', 'X')`)
		today := fmt.Sprintf("dateFrom=%s&dateTo=%s", f.today, f.today)
		bam := f.figures(t, f.admin, today)
		if bam.Mismatches.Scans != 1 {
			t.Errorf("branch admin: %d mismatches, want SRP01's 1", bam.Mismatches.Scans)
		}
		if got := f.figures(t, f.admin, today+"&entryBranch=SRP02"); got.Mismatches.Scans != 1 {
			t.Errorf("branch admin with entryBranch: %d mismatches", got.Mismatches.Scans)
		}
		if got := f.figures(t, f.super, today); got.Mismatches.Scans != 2 {
			t.Errorf("super admin: %d mismatches, want 2", got.Mismatches.Scans)
		}
		if got := f.figures(t, f.super, today+"&entryBranch=SRP02"); got.Mismatches.Scans != 1 || got.Mismatches.ByReason[0].Reason != "FORGED" {
			t.Errorf("super admin, SRP02: %+v", got.Mismatches)
		}
		if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/workPerformance", Token: f.taker}); res.Status != http.StatusForbidden {
			t.Errorf("order taker: %d", res.Status)
		}
	})

	// every ward of the scope: by branch, then by code, patients without a ward last in their branch
	t.Run("ward order", func(t *testing.T) {
		f.exec(t, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en)
			VALUES ('SRP01', 'PF-NW', 'ทดสอบ', 'PF-NW', 'Test', 'PF-NW')`)
		f.order(t, "PF-NW", f.today)
		got := f.figures(t, f.super, fmt.Sprintf("dateFrom=%s&dateTo=%s", f.today, f.tomorrow))
		branches, noWard := map[string]bool{}, false
		for i, w := range got.ByWard {
			branches[w.BranchCode] = true
			noWard = noWard || w.BranchCode == "SRP01" && w.Code == ""
			if i == 0 {
				continue
			}
			p := got.ByWard[i-1]
			if p.BranchCode > w.BranchCode || p.BranchCode == w.BranchCode && (p.Code == "" || w.Code != "" && p.Code >= w.Code) {
				t.Errorf("ward %s %q after %s %q", w.BranchCode, w.Code, p.BranchCode, p.Code)
			}
		}
		if len(branches) < 2 || !noWard || !slices.ContainsFunc(got.ByWard, func(w performance.WardGroup) bool { return w.Code == "W-PERF" }) {
			t.Fatalf("wards %+v", got.ByWard)
		}
	})

	t.Run("bad filters", func(t *testing.T) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/workPerformance?dateFrom=2026-02-10&dateTo=2026-02-01&wardIds=x",
			Token: f.admin, Lang: "en"})
		if res.Status != http.StatusUnprocessableEntity || res.Fields()["dateTo"] == "" || res.Fields()["wardIds"] == "" {
			t.Errorf("%d %s", res.Status, res.Body)
		}
	})

	t.Run("export", func(t *testing.T) {
		cfg := awstest.Config(t, moto.Endpoint(t))
		bucket := awstest.NewBucket(t, cfg)
		store := awstest.Store(t, cfg, bucket)
		f.s.Rewire(func(env *platform.Env) { env.Files = store })
		body := map[string]any{"dateFrom": f.today, "dateTo": f.tomorrow, "wardIds": []int64{f.wardID}}
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/workPerformance", Token: f.admin, Lang: "en", JSON: body})
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var link download.Link
		res.Into(t, &link)
		u, err := url.Parse(link.URL)
		if err != nil || !strings.HasPrefix(u.Path, "/"+bucket+"/reports/SRP01/"+f.today+"/performance/") {
			t.Fatalf("link %s", link.URL)
		}
		got, err := http.Get(link.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer got.Body.Close()
		b, _ := io.ReadAll(got.Body)
		x, err := excelize.OpenReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if names := x.GetSheetList(); !slices.Equal(names, []string{"summary", "by_meal", "by_ward", "by_date", "mismatches",
			"rejections", "order_takers", "servers"}) {
			t.Fatalf("sheets %v", names)
		}
		rows, _ := x.GetRows("by_ward")
		if len(rows) != 2 || rows[0][0] != "รหัสหอผู้ป่วย / Ward code" || rows[1][0] != "W-PERF" || rows[1][4] != "1" ||
			rows[0][10] != "เก็บถาด (% ของที่เสิร์ฟ) / Collected (% of served)" || rows[1][9] != "1" || rows[1][10] != "50" {
			t.Errorf("by_ward %q", rows)
		}
		rows, _ = x.GetRows("mismatches")
		if len(rows) != 2 || rows[1][0] != "WRONG_PATIENT" || rows[1][2] != "1" {
			t.Errorf("mismatches %q", rows)
		}
		if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'performance.export' AND branch_code = 'SRP01'`); n != 1 {
			t.Errorf("%d export activities", n)
		}
		// empty lists are every ward and meal type
		res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/workPerformance", Token: f.admin,
			JSON: map[string]any{"dateFrom": f.today, "dateTo": f.tomorrow, "wardIds": []int64{}, "mealTimeIds": []int64{}}})
		if res.Status != http.StatusOK {
			t.Errorf("empty lists: %d %s", res.Status, res.Body)
		}
		// a range without orders: nothing to export
		res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/workPerformance", Token: f.admin,
			JSON: map[string]any{"dateFrom": "2001-01-01", "dateTo": "2001-01-02"}})
		if res.Status != http.StatusNoContent {
			t.Errorf("empty range: %d %s", res.Status, res.Body)
		}
	})
}
