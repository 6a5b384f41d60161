package menus_test

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"samrap/pkg/apitest"
	"samrap/pkg/menus"
)

// content puts a dish on a day of a round for a meal type.
func (f *fixture) content(t *testing.T, cycle int64, day int, meal int64, dish int64) {
	t.Helper()
	res := f.post(f.nutri, "updateCycleMenu", map[string]any{"branchCode": "SRP01", "cycleId": cycle, "dayNo": day, "mealTimeId": meal, "menuId": dish})
	if res.Status != http.StatusOK {
		t.Fatalf("content day %d: %d %s", day, res.Status, res.Body)
	}
}

func TestMenuOfDay(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lunch, dinner := f.id(t, "meal_time", "MT02"), f.id(t, "meal_time", "MT03")
	// A 10-day loop from 2023-12-28 to 2024-03-31, then a weekday round from 2024-04-01 to
	// 2025-01-31: a dish per day named by its day.
	loop := f.mustCycle(t, "T-LOOP", "LOOP", 10, "2023-12-28", "2024-03-31", "ACTIVE")
	week := f.mustCycle(t, "T-WEEK", "WEEKDAY", 7, "2024-04-01", "2025-01-31", "ACTIVE")
	dishes := map[string]menus.Menu{}
	for day := 1; day <= 10; day++ {
		code := "L" + string(rune('0'+day%10))
		dishes[code] = f.saveMenu(t, f.dish(t, code, []string{"AL01"}, nil))
		f.content(t, loop.ID, day, lunch, dishes[code].ID)
	}
	for day := 1; day <= 7; day++ {
		code := "W" + string(rune('0'+day))
		dishes[code] = f.saveMenu(t, f.dish(t, code, nil, []string{"RI01"}))
		f.content(t, week.ID, day, lunch, dishes[code].ID)
	}
	// a set on Monday lunch too
	set := f.post(f.nutri, "updateMenuSet", map[string]any{"branchCode": "SRP01", "code": "T-SET", "nameTh": "ชุด",
		"menuIds": []int64{dishes["L1"].ID, dishes["W1"].ID}})
	var ms menus.MenuSet
	set.Into(t, &ms)
	if res := f.post(f.nutri, "updateCycleMenu", map[string]any{"branchCode": "SRP01", "cycleId": week.ID, "dayNo": 1, "mealTimeId": lunch,
		"menuSetId": ms.ID}); res.Status != http.StatusOK {
		t.Fatalf("set content: %d %s", res.Status, res.Body)
	}

	s := menus.NewService(f.s.DB)
	cases := []struct {
		date  string
		cycle string
		day   int
		dish  string
	}{
		{"2023-12-27", "", 0, ""},          // before any round
		{"2023-12-28", "T-LOOP", 1, "L1"},  // the loop's first day
		{"2023-12-31", "T-LOOP", 4, "L4"},  // year end
		{"2024-01-01", "T-LOOP", 5, "L5"},  // new year
		{"2024-01-06", "T-LOOP", 10, "L0"}, // the loop's tenth day
		{"2024-01-07", "T-LOOP", 1, "L1"},  // and round again
		{"2024-01-31", "T-LOOP", 5, "L5"},  // month end: 34 days in
		{"2024-02-28", "T-LOOP", 3, "L3"},  // 62 days in
		{"2024-02-29", "T-LOOP", 4, "L4"},  // leap day
		{"2024-03-01", "T-LOOP", 5, "L5"},  // after the leap day
		{"2024-03-31", "T-LOOP", 5, "L5"},  // the loop's last date (94 days in)
		{"2024-04-01", "T-WEEK", 1, "W1"},  // a Monday, the weekday round's first date
		{"2024-12-29", "T-WEEK", 7, "W7"},  // a Sunday
		{"2024-12-31", "T-WEEK", 2, "W2"},  // year end, a Tuesday
		{"2025-01-01", "T-WEEK", 3, "W3"},  // new year, a Wednesday
		{"2025-01-31", "T-WEEK", 5, "W5"},  // the last date, a Friday
		{"2025-02-01", "", 0, ""},          // after every round
	}
	for _, c := range cases {
		date, _ := time.Parse(time.DateOnly, c.date)
		d, err := s.MenuOfDay(context.Background(), "SRP01", date, lunch)
		if err != nil {
			t.Fatal(err)
		}
		if c.cycle == "" {
			if d.Covered || d.Cycle != nil || len(d.Items) != 0 {
				t.Errorf("%s: %+v, want no round", c.date, d)
			}
			continue
		}
		dish := dishOf(d)
		if !d.Covered || d.Cycle.Code != c.cycle || d.DayNo != c.day || dish == nil || dish.Code != c.dish {
			t.Errorf("%s: %+v, want %s day %d %s", c.date, d, c.cycle, c.day, c.dish)
			continue
		}
		want := "AL01"
		if c.cycle == "T-WEEK" {
			want = ""
			if codes(dish.Restricted) != "RI01" {
				t.Errorf("%s: restricted %+v", c.date, dish.Restricted)
			}
		}
		if codes(dish.Allergens) != want || dish.IddsiLevel != 6 {
			t.Errorf("%s: derived %+v", c.date, dish)
		}
	}
	// Monday: the dish and the set, the set with its dishes' allergens and textures
	monday, _ := time.Parse(time.DateOnly, "2024-04-08")
	d, err := s.MenuOfDay(context.Background(), "SRP01", monday, lunch)
	if err != nil {
		t.Fatal(err)
	}
	// items come by the dish or set code: T-SET, then W1
	if len(d.Items) != 2 || d.Items[0].MenuSet == nil || codes(d.Items[0].MenuSet.Allergens) != "AL01" ||
		codes(d.Items[0].MenuSet.Restricted) != "RI01" || len(d.Items[0].MenuSet.Textures) != 1 || d.Items[1].Menu.Code != "W1" {
		t.Fatalf("monday: %+v", d)
	}
	// a covered date with nothing for the meal: covered, no items
	if d, _ := s.MenuOfDay(context.Background(), "SRP01", monday, dinner); !d.Covered || len(d.Items) != 0 {
		t.Fatalf("dinner: %+v", d)
	}
	// an inactive dish is not served
	f.saveMenu(t, clone(f.dish(t, "W1", nil, []string{"RI01"}), "id", dishes["W1"].ID, "status", "INACTIVE"))
	if d, _ := s.MenuOfDay(context.Background(), "SRP01", monday, lunch); len(d.Items) != 1 || d.Items[0].MenuSet == nil {
		t.Fatalf("inactive dish served: %+v", d)
	}
	// another branch has no round on that date (asked with its own lunch: SRP01's is no meal
	// type of SRP02's, a 422)
	var lunch2 int64
	if err := f.s.DB.QueryRow(context.Background(), `SELECT id FROM meal_time WHERE branch_code = 'SRP02' AND code = 'MT02'`).Scan(&lunch2); err != nil {
		t.Fatal(err)
	}
	if d, err := s.MenuOfDay(context.Background(), "SRP02", monday, lunch2); err != nil || d.Covered {
		t.Fatalf("SRP02 covered: %+v %v", d, err)
	}
	if _, err := s.MenuOfDay(context.Background(), "SRP02", monday, lunch); err == nil {
		t.Fatal("SRP02 read SRP01's lunch")
	}

	// over HTTP, for every role that orders or serves
	for _, tok := range []string{f.taker, f.nutri} {
		res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/menuOfDay?branchCode=SRP01&date=2024-02-29&mealTimeId=" + itoa(lunch), Token: tok})
		var got menus.DayMenu
		res.Into(t, &got)
		if res.Status != http.StatusOK || got.DayNo != 4 || got.Items[0].Menu.Code != "L4" || got.Items[0].Content.MealTimeCode != "MT02" {
			t.Fatalf("menuOfDay: %d %s", res.Status, res.Body)
		}
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/menuOfDay?branchCode=SRP01&date=2039-06-01&mealTimeId=" + itoa(lunch), Token: f.taker, Lang: "en"})
	if res.Status != http.StatusOK || res.Msg != "No active menu round covers this date" || string(res.Data) == "" {
		t.Fatalf("no round: %d %s", res.Status, res.Body)
	}
}

// dishOf answers the first dish of a day's menu.
func dishOf(d menus.DayMenu) *menus.Menu {
	for _, it := range d.Items {
		if it.Menu != nil {
			return it.Menu
		}
	}
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Two rounds whose dates overlap, activated at the same moment: the exclusion constraint
// lets exactly one through, the other is refused naming the first.
func TestConcurrentActivation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.mustCycle(t, "T-A", "LOOP", 5, "2041-01-01", "2041-06-30", "INACTIVE")
	b := f.mustCycle(t, "T-B", "WEEKDAY", 7, "2041-06-01", "", "INACTIVE")
	activate := func(c menus.Cycle) apitest.Response {
		body := map[string]any{"branchCode": "SRP01", "id": c.ID, "code": c.Code, "nameTh": c.NameTh, "roundType": c.RoundType,
			"dayCount": c.DayCount, "startDate": c.StartDate, "status": "ACTIVE"}
		if c.EndDate != nil {
			body["endDate"] = *c.EndDate
		}
		return f.post(f.nutri, "updateCycle", body)
	}

	// Interleaved for certain: a transaction activates A and holds it; B's activation
	// waits on it (seen in pg_stat_activity); A commits; B is refused, naming A.
	ctx := context.Background()
	tx, err := f.s.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `UPDATE cycle SET active = true WHERE branch_code = 'SRP01' AND id = $1`, a.ID); err != nil {
		t.Fatal(err)
	}
	done := make(chan apitest.Response)
	go func() { done <- activate(b) }()
	for {
		var waiting bool
		if err := f.s.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND query LIKE '%UPDATE cycle SET%')`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		select {
		case res := <-done:
			t.Fatalf("B's activation did not wait for A's: %d %s", res.Status, res.Body)
		default:
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	res := <-done
	if res.Status != http.StatusConflict || res.Code != "CYCLE_OVERLAP" {
		t.Fatalf("B after A: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM cycle WHERE branch_code = 'SRP01' AND active AND code LIKE 'T-%'`); n != 1 {
		t.Fatalf("active rounds %d", n)
	}

	// Through the API at once, from both sides: one of the two wins.
	if _, err := f.s.DB.Exec(ctx, `UPDATE cycle SET active = false WHERE branch_code = 'SRP01' AND code LIKE 'T-%'`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([]apitest.Response, 2)
	start := make(chan struct{})
	for i, c := range []menus.Cycle{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = activate(c)
		}()
	}
	close(start)
	wg.Wait()
	ok, conflict := 0, 0
	for _, r := range results {
		switch r.Status {
		case http.StatusOK:
			ok++
		case http.StatusConflict:
			conflict++
		}
	}
	if ok != 1 || conflict != 1 {
		t.Fatalf("two activations at once: %d %s / %d %s", results[0].Status, results[0].Body, results[1].Status, results[1].Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM cycle WHERE branch_code = 'SRP01' AND active AND code LIKE 'T-%'`); n != 1 {
		t.Fatalf("active rounds %d", n)
	}
}

// The demo data: about 80 dishes per branch (with pureed and minced-and-moist versions),
// 11 sets, an active weekday round covering today and an inactive 10-day loop before it.
func TestDemoMenus(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, branch := range []string{"SRP01", "SRP02"} {
		if n := f.s.Count(`SELECT count(*) FROM menu WHERE branch_code = $1`, branch); n < 80 {
			t.Fatalf("%s dishes: %d", branch, n)
		}
		if n := f.s.Count(`SELECT count(*) FROM menu WHERE branch_code = $1 AND iddsi_level IN (4, 5) AND (code LIKE '%P' OR code LIKE '%M')`, branch); n < 20 {
			t.Fatalf("%s dysphagia versions: %d", branch, n)
		}
		if n := f.s.Count(`SELECT count(*) FROM menu_set WHERE branch_code = $1`, branch); n != 11 {
			t.Fatalf("%s sets: %d", branch, n)
		}
		if n := f.s.Count(`SELECT count(*) FROM cycle WHERE branch_code = $1 AND active AND round_type = 'WEEKDAY'`, branch); n != 1 {
			t.Fatalf("%s active weekday rounds: %d", branch, n)
		}
		if n := f.s.Count(`SELECT count(*) FROM cycle WHERE branch_code = $1 AND NOT active AND round_type = 'LOOP' AND day_count = 10`, branch); n != 1 {
			t.Fatalf("%s inactive loop rounds: %d", branch, n)
		}
	}
	var lunch int64
	if err := f.s.DB.QueryRow(context.Background(), `SELECT id FROM meal_time WHERE branch_code = 'SRP02' AND code = 'MT03'`).Scan(&lunch); err != nil {
		t.Fatal(err)
	}
	d, err := menus.NewService(f.s.DB).MenuOfDay(context.Background(), "SRP02", time.Now(), lunch)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Covered || d.Cycle.Code != "CY-WEEK" || len(d.Items) == 0 || d.DayNo != int(time.Now().Weekday()+6)%7+1 {
		t.Fatalf("today's dinner: %+v", d)
	}
	// the inactive loop may be activated: it does not overlap the weekday round
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/parameter/searchCycle?criteria=CY-LOOP10", Token: f.nutri})
	var page struct{ Items []menus.Cycle }
	res.Into(t, &page)
	c := page.Items[0]
	if res := f.post(f.nutri, "updateCycle", map[string]any{"branchCode": "SRP01", "id": c.ID, "code": c.Code, "nameTh": c.NameTh,
		"roundType": c.RoundType, "dayCount": c.DayCount, "startDate": c.StartDate, "endDate": *c.EndDate, "status": "ACTIVE"}); res.Status != http.StatusOK {
		t.Fatalf("activate the demo loop: %d %s", res.Status, res.Body)
	}
}
