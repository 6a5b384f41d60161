package nutrition_test

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/nutrition"
)

// What the patient ate: the served trays' amounts × the fraction eaten (an item's own, else
// the tray's), per day, against the targets' minimums.
func TestIntake(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// breakfast: rice (300 kcal, 6 g protein) half eaten, the curry (478.0 kcal, 25 g) all;
	// lunch: the set, returned untouched; dinner: rice, served, not collected
	breakfast := f.order(t, "MT01", false, "T-RICE", "T-CURRY")
	lunch := f.order(t, "MT02", true)
	dinner := f.order(t, "MT03", false, "T-RICE")
	if _, err := f.s.DB.Exec(ctx, `UPDATE meal_order SET status = 'SERVED' WHERE id = ANY($1::uuid[])`,
		[]string{breakfast, lunch, dinner}); err != nil {
		t.Fatal(err)
	}
	// with the trays' figures, as a collection keeps them (migration 00031)
	if _, err := f.s.DB.Exec(ctx, `INSERT INTO tray_intake (branch_code, order_id, quarters, item_quarters, scanned, recorded_by, gave, eaten)
		SELECT 'SRP01', x.id, x.q, x.items, true, 'D0003', tray_gave('SRP01', x.id), tray_eaten(tray_gave('SRP01', x.id), x.q, x.items)
		FROM (VALUES ($1::uuid, 2::smallint, '{"2": 4}'::jsonb), ($2::uuid, 0::smallint, '{}'::jsonb)) x (id, q, items)`, breakfast, lunch); err != nil {
		t.Fatal(err)
	}
	date, _ := day.Parse(f.date)
	prev := date.AddDate(0, 0, -1).Format(time.DateOnly)
	get := func(token, query string) (nutrition.Intake, apitest.Response) {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/intake?" + query, Token: token, Lang: "en"})
		var out nutrition.Intake
		if res.Status == http.StatusOK {
			res.Into(t, &out)
		}
		return out, res
	}
	in, res := get(f.nutri, "hnId=T-NUT1&dateFrom="+prev+"&dateTo="+f.date)
	if res.Status != http.StatusOK || len(in.Days) != 2 || in.DateFrom != prev || in.DateTo != f.date {
		t.Fatalf("intake: %d %s", res.Status, res.Body)
	}
	if d := in.Days[0]; d.Date != prev || d.Trays != 0 || d.Collected != 0 || len(d.Eaten) != 0 || len(d.Percent) != 0 ||
		d.StateCode != nutrition.DayNoTrays {
		t.Fatalf("a day without trays: %+v", d)
	}
	d := in.Days[1]
	if d.Trays != 3 || d.Collected != 2 || d.Eaten["energy"] != 628 || d.Eaten["protein"] != 28 {
		t.Fatalf("the day: %+v", d)
	}
	// the demo targets: energy 1,600–1,800 kcal, protein at least 50 g
	if d.Percent["energy"] != 39 || d.Percent["protein"] != 56 || len(in.Targets) != 2 ||
		val(target(in.Targets, "energy").DailyMin) != 1600 || val(target(in.Targets, "protein").DailyMin) != 50 {
		t.Fatalf("against the targets: %+v %+v", d.Percent, in.Targets)
	}
	// the day's state as Go decides it, sent for the screen to say (energy 39% is under half)
	if d.StateCode != nutrition.DayLow {
		t.Fatalf("state: %q", d.StateCode)
	}

	// the export: a row a day, each nutrient eaten, the shares, the state in words; a figure not
	// known is an empty cell; nothing served in the range: 204
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/nutritionIntake?hnId=T-NUT1&dateFrom=" + prev + "&dateTo=" + f.date,
		Token: f.nutri, Lang: "en"})
	var link struct{ URL string }
	res.Into(t, &link)
	if res.Status != http.StatusOK || link.URL == "" || res.Msg != "The intake file is ready to download" {
		t.Fatalf("export: %d %s", res.Status, res.Body)
	}
	rows := apitest.SheetRows(t, f.s.Fetch(link.URL))
	cell := func(r, c int) string {
		if c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}
	if len(rows) != 3 || cell(0, 0) != "วันที่ / Date" || cell(0, 3) != "พลังงานที่รับประทาน (kcal) / Energy eaten (kcal)" ||
		cell(0, 11) != "โปรตีน (% ของค่าต่ำสุด) / Protein (% of the minimum)" {
		t.Fatalf("workbook: %q", rows)
	}
	if cell(1, 0) != prev || cell(1, 1) != "0" || cell(1, 3) != "" || cell(1, 10) != "" || cell(1, 12) != "No tray served" {
		t.Fatalf("a day without trays: %q", rows[1])
	}
	if cell(2, 0) != f.date || cell(2, 1) != "3" || cell(2, 2) != "2" || cell(2, 3) != "628" || cell(2, 4) != "28" ||
		cell(2, 10) != "39" || cell(2, 11) != "56" || cell(2, 12) != "Under half the target" {
		t.Fatalf("the day: %q", rows[2])
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'nutrition.exportIntake' AND detail ->> 'hnId' = 'T-NUT1'`); n != 1 {
		t.Fatalf("%d export entries", n)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/nutritionIntake?hnId=T-NUT1&dateFrom=" + prev + "&dateTo=" + prev,
		Token: f.nutri}); res.Status != http.StatusNoContent {
		t.Fatalf("nothing served: %d %s", res.Status, res.Body)
	}
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/nutritionIntake?hnId=T-NUT1", Token: f.s.SignIn("serve@samrap.local").Access}); res.Status != http.StatusForbidden {
		t.Fatalf("serve exports: %d", res.Status)
	}

	// the Controller and Order Taker read it too; the Serve role does not
	if _, res := get(f.taker, "hnId=T-NUT1"); res.Status != http.StatusOK {
		t.Fatalf("order taker: %d", res.Status)
	}
	serve := f.s.SignIn("serve@samrap.local").Access
	if _, res := get(serve, "hnId=T-NUT1"); res.Status != http.StatusForbidden {
		t.Fatalf("serve: %d", res.Status)
	}
	// another branch's patient: 404; another branch named: 403
	if _, err := f.s.DB.Exec(ctx, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th)
		VALUES ('SRP02', 'T-THEIRS', 'ทดสอบ', 'สาขาอื่น')`); err != nil {
		t.Fatal(err)
	}
	if _, res := get(f.nutri, "hnId=T-THEIRS"); res.Status != http.StatusNotFound {
		t.Fatalf("another branch's HN: %d %s", res.Status, res.Body)
	}
	if _, res := get(f.nutri, "hnId=T-NUT1&branchCode=SRP02"); res.Status != http.StatusForbidden {
		t.Fatalf("another branch: %d", res.Status)
	}
	// the range: the end not before the start, 31 days at most
	if _, res := get(f.nutri, "hnId=T-NUT1&dateFrom="+f.date+"&dateTo="+prev); res.Status != http.StatusUnprocessableEntity ||
		res.Fields()["dateTo"] == "" {
		t.Fatalf("end before start: %d %s", res.Status, res.Body)
	}
	if _, res := get(f.nutri, "hnId=T-NUT1&dateFrom=2026-01-01&dateTo=2026-03-01"); res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("two months: %d %s", res.Status, res.Body)
	}
	// the default: the 14 days up to today, from the admission when later
	in, _ = get(f.nutri, "hnId=T-NUT1")
	if len(in.Days) != 14 || in.DateTo != day.TodayString(f.s.Clock.Now()) {
		t.Fatalf("default days: %s..%s, %d", in.DateFrom, in.DateTo, len(in.Days))
	}
	today := day.Today(f.s.Clock.Now())
	if _, err := f.s.DB.Exec(ctx, `UPDATE patient SET admit_date = $1::date WHERE branch_code = 'SRP01' AND hn_id = 'T-NUT1'`,
		today.AddDate(0, 0, -2).Format(time.DateOnly)); err != nil {
		t.Fatal(err)
	}
	if in, _ = get(f.nutri, "hnId=T-NUT1"); len(in.Days) != 3 || in.Days[2].Date != day.TodayString(f.s.Clock.Now()) {
		t.Fatalf("from the admission: %s..%s", in.DateFrom, in.DateTo)
	}
}

// TestDayState: a day's state, the one rule the screen's table and the export say and the
// worklist's low day follows.
func TestDayState(t *testing.T) {
	for _, c := range []struct {
		d    nutrition.IntakeDay
		want string
	}{
		{nutrition.IntakeDay{Trays: 0}, nutrition.DayNoTrays},
		{nutrition.IntakeDay{Trays: 3, Collected: 0, Percent: map[string]float64{"energy": 10}}, nutrition.DayNotCollected},
		{nutrition.IntakeDay{Trays: 3, Collected: 3, Percent: map[string]float64{"energy": 80, "protein": 49}}, nutrition.DayLow},
		{nutrition.IntakeDay{Trays: 3, Collected: 3, Percent: map[string]float64{"energy": 50, "protein": 50}}, nutrition.DayOK},
		// no minimum: nothing to be under
		{nutrition.IntakeDay{Trays: 3, Collected: 3, Percent: map[string]float64{}}, nutrition.DayOK},
	} {
		if got := c.d.State(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.d, got, c.want)
		}
	}
}

// TestIntakeKeptAtCollection: what a patient ate is a record. A tray collected through the
// serve screen keeps what its dishes gave then (migration 00031); a dish corrected afterwards
// changes the day's planned figures (a forecast, live) but not the intake recorded, and a
// correction of the collection after the edit weighs the figures kept, not the dish's new ones.
func TestIntakeKeptAtCollection(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// breakfast: rice (300 kcal, 6 g protein) and the curry (478.0 kcal, 25 g), half eaten
	id := f.order(t, "MT01", false, "T-RICE", "T-CURRY")
	if _, err := f.s.DB.Exec(ctx, `UPDATE meal_order SET status = 'SERVED' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	serve := f.s.SignIn("serve@samrap.local").Access
	collect := func(eaten string) {
		t.Helper()
		res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/serve/collect", Token: serve,
			JSON: map[string]any{"branchCode": "SRP01", "orderId": id, "eaten": eaten, "deviceId": "t"}})
		if res.Status != http.StatusOK {
			t.Fatalf("collect %s: %d %s", eaten, res.Status, res.Body)
		}
	}
	eaten := func() nutrition.IntakeDay {
		t.Helper()
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/intake?hnId=T-NUT1&dateFrom=" + f.date + "&dateTo=" + f.date,
			Token: f.nutri, Lang: "en"})
		var in nutrition.Intake
		res.Into(t, &in)
		if res.Status != http.StatusOK || len(in.Days) != 1 {
			t.Fatalf("intake: %d %s", res.Status, res.Body)
		}
		return in.Days[0]
	}
	collect("HALF")
	if d := eaten(); d.Collected != 1 || d.Eaten["energy"] != 389 || d.Eaten["protein"] != 15.5 {
		t.Fatalf("recorded: %+v", d)
	}
	// the rice corrected: 900 kcal and 30 g protein a serving now
	if _, err := f.s.DB.Exec(ctx, `UPDATE menu_nutrient SET amount = CASE nutrient WHEN 'energy' THEN 900 ELSE 30 END
		WHERE branch_code = 'SRP01' AND menu_id = $1 AND nutrient IN ('energy', 'protein')`, f.dishes["T-RICE"]); err != nil {
		t.Fatal(err)
	}
	// the plan follows the dish (1,378 kcal)…
	s := nutrition.NewService(f.s.DB, f.s.Clock.Now)
	if d, err := s.Day(ctx, "SRP01", "T-NUT1", f.date); err != nil || d.Totals["energy"] != 1378 {
		t.Fatalf("the day's plan: %+v %v", d.Totals, err)
	}
	// …what was eaten does not, in the intake, its export and the worklist's figures alike
	if d := eaten(); d.Eaten["energy"] != 389 || d.Eaten["protein"] != 15.5 || d.Percent["energy"] != 24 {
		t.Fatalf("after the dish's edit: %+v", d)
	}
	// a correction today (all of it) weighs what the tray gave when it was collected
	collect("ALL")
	if d := eaten(); d.Eaten["energy"] != 778 || d.Eaten["protein"] != 31 {
		t.Fatalf("corrected after the dish's edit: %+v", d)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'tray_intake' AND entity_id = $1 AND action = 'update'`, id); n != 1 {
		t.Fatalf("%d corrections logged", n)
	}
}

// TestIntakeFiguresMigrated: a tray collected before migration 00031 gets its figures once, in
// the migration, from the dishes as they are then (an item eaten apart weighed by its own
// fraction), and keeps them when a dish is edited afterwards.
func TestIntakeFiguresMigrated(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.order(t, "MT01", false, "T-RICE", "T-CURRY")
	sqlDB := stdlib.OpenDBFromPool(f.s.DB.Pool)
	defer sqlDB.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, os.DirFS("../db/migrations"))
	if err != nil {
		t.Fatal(err)
	}
	// back to the database before 00031 (its Down drops the figures), a tray collected there:
	// half the tray, the curry (position 2) all of it
	for v, err := p.GetDBVersion(ctx); v >= 31; v, err = p.GetDBVersion(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Down(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.s.DB.Exec(ctx, `UPDATE meal_order SET status = 'SERVED' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.DB.Exec(ctx, `INSERT INTO tray_intake (branch_code, order_id, quarters, item_quarters, scanned, recorded_by)
		VALUES ('SRP01', $1, 2, '{"2": 4}', true, 'D0003')`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	var gave, eaten float64
	if err := f.s.DB.QueryRow(ctx, `SELECT (gave -> '1' ->> 'energy')::float8, round((eaten ->> 'energy')::numeric, 1)::float8
		FROM tray_intake WHERE order_id = $1`, id).Scan(&gave, &eaten); err != nil || gave != 300 || eaten != 628 {
		t.Fatalf("migrated: the rice gave %v kcal, %v kcal eaten, %v", gave, eaten, err)
	}
	if _, err := f.s.DB.Exec(ctx, `UPDATE menu_nutrient SET amount = 900 WHERE branch_code = 'SRP01' AND menu_id = $1
		AND nutrient = 'energy'`, f.dishes["T-RICE"]); err != nil {
		t.Fatal(err)
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/nutrition/intake?hnId=T-NUT1&dateFrom=" + f.date + "&dateTo=" + f.date,
		Token: f.nutri, Lang: "en"})
	var in nutrition.Intake
	res.Into(t, &in)
	if res.Status != http.StatusOK || len(in.Days) != 1 || in.Days[0].Eaten["energy"] != 628 || in.Days[0].Eaten["protein"] != 28 {
		t.Fatalf("intake after the dish's edit: %d %s", res.Status, res.Body)
	}
}
