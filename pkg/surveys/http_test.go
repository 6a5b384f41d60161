package surveys_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/awstest"
	"samrap/pkg/day"
	"samrap/pkg/surveys"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

type fixture struct {
	s      *apitest.Server
	key    []byte
	today  string
	lunch  map[string][]string // branch → today's demo lunch orders the demo has not answered
	lunchs map[string]int64    // branch → the lunch meal type's id
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := apitest.New(t)
	key, err := surveys.TokenKey(context.Background(), s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{s: s, key: key, today: s.Clock.Now().In(day.Bangkok).Format(time.DateOnly),
		lunch: map[string][]string{}, lunchs: map[string]int64{}}
	for _, b := range []string{"SRP01", "SRP02"} {
		rows, err := s.DB.Query(context.Background(), `SELECT o.id::text, t.id FROM meal_order o
			JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
			WHERE o.branch_code = $1 AND t.code = 'MT02' AND o.status <> 'CANCELLED' AND o.order_date = $2::date
				AND NOT EXISTS (SELECT 1 FROM survey_answer a WHERE a.order_id = o.id) ORDER BY o.id`, b, f.today)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			var mt int64
			if err := rows.Scan(&id, &mt); err != nil {
				t.Fatal(err)
			}
			f.lunch[b], f.lunchs[b] = append(f.lunch[b], id), mt
		}
		rows.Close()
		if len(f.lunch[b]) < 3 {
			t.Fatalf("demo lunches of %s: %v", b, f.lunch[b])
		}
	}
	return f
}

func (f *fixture) token(t *testing.T, orderID string) string {
	t.Helper()
	tok, err := surveys.Token(f.key, orderID)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func answers(scores ...int) map[string]any {
	keys := []string{"taste", "temperature", "portion", "onTime", "overall"}
	out := map[string]any{}
	for i, k := range keys {
		out[k] = scores[i]
	}
	return out
}

func (f *fixture) answer(t *testing.T, tok, from string, body any) apitest.Response {
	t.Helper()
	return f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/public/" + tok, From: from, Lang: "en", JSON: body})
}

func TestTokenRoundTrip(t *testing.T) {
	key := []byte("k")
	id := "0b0f6d2e-8a44-4c1b-9b0e-7f6f1d2c3a4b"
	tok, err := surveys.Token(key, id)
	if err != nil || len(tok) != 35 {
		t.Fatalf("%q %v", tok, err)
	}
	if got, err := surveys.VerifyToken(key, tok); err != nil || got != id {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := surveys.VerifyToken([]byte("other"), tok); err == nil {
		t.Error("a token of another key verifies")
	}
	bad := []byte(tok)
	bad[20] ^= 1
	if _, err := surveys.VerifyToken(key, string(bad)); err == nil {
		t.Error("an altered token verifies")
	}
}

// The card's link: the page without personal data, one answer per order, and every refusal.
func TestPublicSurvey(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	order := f.lunch["SRP01"][0]
	tok := f.token(t, order)
	var hn, first, last, ward string
	if err := f.s.DB.QueryRow(ctx, `SELECT p.hn_id, p.first_name_th, p.last_name_th, w.name_th FROM meal_order o
		JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
		JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id WHERE o.id = $1`, order).Scan(&hn, &first, &last, &ward); err != nil {
		t.Fatal(err)
	}

	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + tok, From: "198.51.100.1"})
	if res.Status != 200 {
		t.Fatalf("GET: %d %s", res.Status, res.Body)
	}
	var page surveys.Public
	res.Into(t, &page)
	if page.Date != f.today || page.MealType.NameTh == "" || page.Answered || len(page.Questions) != 5 ||
		page.Questions[0].Key != "taste" || page.Questions[0].Th == "" || page.Questions[0].En != "Taste" {
		t.Errorf("page %+v", page)
	}
	for _, personal := range []string{hn, first, last, ward} {
		if strings.Contains(string(res.Body), personal) {
			t.Errorf("the public page shows %q: %s", personal, res.Body)
		}
	}

	// bad bodies: 422 naming each field, nothing recorded
	res = f.answer(t, tok, "198.51.100.1", map[string]any{"answers": map[string]any{"taste": 6, "temperature": 0, "portion": 3, "onTime": 4},
		"comment": strings.Repeat("ก", 501), "lang": "fr"})
	if res.Status != 422 {
		t.Fatalf("bad body: %d %s", res.Status, res.Body)
	}
	fields := res.Fields()
	for _, k := range []string{"answers.taste", "answers.temperature", "answers.overall", "comment", "lang"} {
		if fields[k] == "" {
			t.Errorf("no error for %s: %v", k, fields)
		}
	}
	if fields["answers.portion"] != "" {
		t.Errorf("portion refused: %v", fields)
	}
	if n := f.s.Count(`SELECT count(*) FROM survey_answer WHERE order_id = $1`, order); n != 0 {
		t.Fatalf("%d answers after a bad body", n)
	}

	// the answer, once
	res = f.answer(t, tok, "198.51.100.1", map[string]any{"answers": answers(5, 4, 3, 4, 5), "comment": "อร่อย", "lang": "th"})
	if res.Status != 200 {
		t.Fatalf("POST: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM survey_answer WHERE order_id = $1 AND source = 'QR' AND entered_by = ''
		AND taste = 5 AND temperature = 4 AND portion = 3 AND on_time = 4 AND overall = 5 AND comment = 'อร่อย' AND lang = 'th'`, order); n != 1 {
		t.Errorf("recorded: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'surveys.answered' AND branch_code = 'SRP01'
		AND detail ->> 'orderId' = $1 AND detail ->> 'source' = 'QR' AND address = '198.51.100.1'`, order); n != 1 {
		t.Errorf("activity: %d", n)
	}
	res = f.answer(t, tok, "198.51.100.1", map[string]any{"answers": answers(1, 1, 1, 1, 1)})
	if res.Status != 409 || res.Code != "SURVEY_ANSWERED" {
		t.Errorf("second answer: %d %s", res.Status, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + tok, From: "198.51.100.1"})
	res.Into(t, &page)
	if !page.Answered {
		t.Error("the page does not say answered")
	}
	// answers are kept as given: the database refuses to change or delete one
	if _, err := f.s.DB.Exec(ctx, `UPDATE survey_answer SET taste = 1 WHERE order_id = $1`, order); err == nil {
		t.Error("an answer was updated")
	}
	if _, err := f.s.DB.Exec(ctx, `DELETE FROM survey_answer WHERE order_id = $1`, order); err == nil {
		t.Error("an answer was deleted")
	}

	// forged, malformed, unknown: 404
	forged := []byte(f.token(t, f.lunch["SRP01"][1]))
	forged[len(forged)-1] ^= 1 // a lenient base64 reader would ignore this change
	unknown, _ := surveys.Token(f.key, "00000000-0000-4000-8000-000000000001")
	for _, bad := range []string{string(forged), "abc", unknown} {
		res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + bad, From: "198.51.100.2"})
		if res.Status != 404 || res.Code != "SURVEY_NOT_FOUND" {
			t.Errorf("GET %q: %d %s", bad, res.Status, res.Body)
		}
		res = f.answer(t, bad, "198.51.100.2", map[string]any{"answers": answers(5, 5, 5, 5, 5)})
		if res.Status != 404 {
			t.Errorf("POST %q: %d %s", bad, res.Status, res.Body)
		}
	}

	// a cancelled order: 404
	cancelled := f.lunch["SRP01"][1]
	if _, err := f.s.DB.Exec(ctx, `UPDATE meal_order SET status = 'CANCELLED', cancel_reason = 'PATIENT' WHERE id = $1`, cancelled); err != nil {
		t.Fatal(err)
	}
	res = f.answer(t, f.token(t, cancelled), "198.51.100.2", map[string]any{"answers": answers(5, 5, 5, 5, 5)})
	if res.Status != 404 || res.Code != "SURVEY_NOT_FOUND" {
		t.Errorf("cancelled: %d %s", res.Status, res.Body)
	}

	// open until the end of the day after the tray's date (Asia/Bangkok), then 410
	open := f.lunch["SRP01"][2]
	d, _ := day.Parse(f.today)
	f.s.Clock.Advance(d.AddDate(0, 0, 2).Add(-time.Second).Sub(f.s.Clock.Now()))
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + f.token(t, open), From: "198.51.100.3"})
	if res.Status != 200 {
		t.Errorf("the last second of the day after: %d %s", res.Status, res.Body)
	}
	f.s.Clock.Advance(time.Second)
	res = f.answer(t, f.token(t, open), "198.51.100.3", map[string]any{"answers": answers(5, 5, 5, 5, 5)})
	if res.Status != 410 || res.Code != "SURVEY_EXPIRED" {
		t.Errorf("expired: %d %s", res.Status, res.Body)
	}
}

// trays adds n patients to SRP01's first ward, each with today's lunch, and answers the
// orders: a ward's worth of patients behind one guest Wi-Fi.
func (f *fixture) trays(t *testing.T, n int) []string {
	t.Helper()
	rows, err := f.s.DB.Query(context.Background(), `WITH p AS (
			INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id)
			SELECT 'SRP01', 'WIFI-' || i, 'ทดสอบ', 'ไวไฟ' || i, 'Test', 'Wifi ' || i, w.id
			FROM generate_series(1, $1::int) i, ward w WHERE w.branch_code = 'SRP01' AND w.code = 'W01'
			RETURNING id)
		INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, course_type, patient_facts)
		SELECT 'SRP01', p.id, $2::date, $3, 'ORD', 'WAITING', 'MENU', '{}' FROM p
		RETURNING id::text`, n, f.today, f.lunchs["SRP01"])
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil || len(out) != n {
		t.Fatalf("%d trays: %v", len(out), err)
	}
	return out
}

// madeUp answers the i-th made-up token: the shape of a real one (35 characters of
// base64url), a seal that is not ours.
func madeUp(i int) string {
	sum := sha256.Sum256([]byte(fmt.Sprint("guess ", i)))
	return base64.RawURLEncoding.EncodeToString(sum[:26])
}

// The patients of a hospital share its guest Wi-Fi's public address: every one of them opens
// and answers the survey of their own tray, and nobody is held back by the others (issue 31).
func TestPublicLimitSharedAddress(t *testing.T) {
	f := newFixture(t)
	const wifi = "203.0.113.9"
	for i, order := range f.trays(t, 40) {
		tok := f.token(t, order)
		for range 2 { // the page opened twice, as a phone reloads it
			if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + tok, From: wifi}); res.Status != 200 {
				t.Fatalf("patient %d's page: %d %s", i+1, res.Status, res.Body)
			}
		}
		if res := f.answer(t, tok, wifi, map[string]any{"answers": answers(5, 4, 5, 4, 5)}); res.Status != 200 {
			t.Fatalf("patient %d's answer: %d %s", i+1, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM survey_answer a JOIN patient p ON p.branch_code = a.branch_code
		JOIN meal_order o ON o.id = a.order_id AND o.patient_id = p.id WHERE p.hn_id LIKE 'WIFI-%'`); n != 40 {
		t.Fatalf("answers recorded: %d", n)
	}
}

// Made-up tokens are guesses, limited per address: 404 until the limit, then 429 with
// Retry-After, counted in the database; a real link from the same address still opens and
// is answered, another address's guesses are not held back, and the limit lapses (issue 31).
func TestPublicLimitGuesses(t *testing.T) {
	f := newFixture(t)
	const from = "203.0.113.20"
	forged := []byte(f.token(t, f.lunch["SRP01"][1]))
	forged[len(forged)-2] ^= 1
	guesses := []string{string(forged), "abc"}
	for i := len(guesses); i < surveys.GuessLimit.Requests; i++ {
		guesses = append(guesses, madeUp(i))
	}
	for i, g := range guesses {
		var res apitest.Response
		if i%2 == 0 {
			res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + g, From: from})
		} else {
			res = f.answer(t, g, from, map[string]any{"answers": answers(5, 5, 5, 5, 5)})
		}
		if res.Status != 404 || res.Code != "SURVEY_NOT_FOUND" {
			t.Fatalf("guess %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + madeUp(1000), From: from})
	if res.Status != 429 || res.Code != "RATE_LIMITED" || res.Header.Get("Retry-After") == "" {
		t.Fatalf("past the limit: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res := f.answer(t, madeUp(1001), from, map[string]any{"answers": answers(5, 5, 5, 5, 5)}); res.Status != 429 {
		t.Fatalf("POST past the limit: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM auth_throttle WHERE key = 'survey-guess:' || $1 AND locked_until IS NOT NULL`, from); n != 1 {
		t.Errorf("throttle rows: %d", n)
	}

	// a patient on the same address, with the card's link
	tok := f.token(t, f.lunch["SRP01"][0])
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + tok, From: from}); res.Status != 200 {
		t.Fatalf("a real link from the guessing address: %d %s", res.Status, res.Body)
	}
	if res := f.answer(t, tok, from, map[string]any{"answers": answers(4, 4, 4, 4, 4)}); res.Status != 200 {
		t.Fatalf("its answer: %d %s", res.Status, res.Body)
	}

	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + madeUp(1002), From: "203.0.113.21"}); res.Status != 404 {
		t.Errorf("another address's guess: %d", res.Status)
	}
	f.s.Clock.Advance(surveys.GuessLimit.Window + time.Second)
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + madeUp(1003), From: from}); res.Status != 404 {
		t.Errorf("after the window: %d", res.Status)
	}
}

// One link hammered, from however many addresses, is limited on its own: 429 with
// Retry-After past the limit while other links from the same addresses still answer; the
// database keeps the order's id, never the link itself; the limit lapses (issue 31).
func TestPublicLimitPerToken(t *testing.T) {
	f := newFixture(t)
	order := f.lunch["SRP01"][0]
	path := "/api/survey/public/" + f.token(t, order)
	addr := func(i int) string { return fmt.Sprintf("198.18.%d.%d", i/250, i%250+1) }
	for i := 0; i < surveys.TokenLimit.Requests; i++ {
		if res := f.s.Do(apitest.Request{Method: "GET", Path: path, From: addr(i)}); res.Status != 200 {
			t.Fatalf("request %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	next := surveys.TokenLimit.Requests
	res := f.s.Do(apitest.Request{Method: "GET", Path: path, From: addr(next)})
	if res.Status != 429 || res.Code != "RATE_LIMITED" || res.Header.Get("Retry-After") == "" {
		t.Fatalf("past the limit: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res := f.answer(t, f.token(t, order), addr(next+1), map[string]any{"answers": answers(5, 5, 5, 5, 5)}); res.Status != 429 {
		t.Fatalf("POST past the limit: %d %s", res.Status, res.Body)
	}
	other := f.token(t, f.lunch["SRP01"][1])
	if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/public/" + other, From: addr(next)}); res.Status != 200 {
		t.Fatalf("another link from the same address: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM auth_throttle WHERE key = 'survey-token:' || $1 AND locked_until IS NOT NULL`, order); n != 1 {
		t.Errorf("throttle rows: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM auth_throttle WHERE key LIKE '%' || $1 || '%'`, f.token(t, order)); n != 0 {
		t.Errorf("the link is kept in the throttle table: %d", n)
	}
	f.s.Clock.Advance(surveys.TokenLimit.Window + time.Second)
	if res := f.s.Do(apitest.Request{Method: "GET", Path: path, From: addr(0)}); res.Status != 200 {
		t.Errorf("after the window: %d", res.Status)
	}
}

// Issue 31 §4: the public answer is read only from a body sent as JSON. A page of another
// site can post text/plain, or a body with no type, without a CORS preflight; that is a
// malformed request and nothing is recorded. The app's own post (application/json) is taken.
func TestPublicSurveyTakesOnlyJSON(t *testing.T) {
	f := newFixture(t)
	order := f.lunch["SRP01"][1]
	path := "/api/survey/public/" + f.token(t, order)
	body := `{"answers":{"taste":5,"temperature":5,"portion":5,"onTime":5,"overall":5}}`
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "", "application/x-www-form-urlencoded"} {
		req := apitest.Request{Method: "POST", Path: path, From: "198.51.100.20", Body: strings.NewReader(body)}
		if ct != "" {
			req.Header = map[string]string{"Content-Type": ct}
		}
		if res := f.s.Do(req); res.Status != http.StatusBadRequest || res.Code != "BAD_REQUEST" {
			t.Errorf("%q: %d %s", ct, res.Status, res.Body)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM survey_answer WHERE order_id = $1`, order); n != 0 {
		t.Fatalf("%d answers from bodies not sent as JSON", n)
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: path, From: "198.51.100.20", Body: strings.NewReader(body),
		Header: map[string]string{"Content-Type": "application/json; charset=UTF-8"}})
	if res.Status != http.StatusOK {
		t.Fatalf("application/json: %d %s", res.Status, res.Body)
	}
}

type trayRow struct {
	OrderID   string `json:"orderId"`
	HnID      string `json:"hnId"`
	Name      string `json:"name"`
	Ward      string `json:"ward"`
	Answered  bool   `json:"answered"`
	SurveyURL string `json:"surveyUrl"`
	MealType  struct {
		ID int64 `json:"id"`
	} `json:"mealType"`
}

// Serve and Controller list the branch's trays and enter a survey for a patient.
// TestTrayNamesFallBack: a patient known only by an English name is named on the Thai screen,
// one known only by a Thai name on the English one (issue 25 §3); the ward likewise.
func TestTrayNamesFallBack(t *testing.T) {
	f := newFixture(t)
	serve := f.s.SignIn("serve@samrap.local").Access
	ctx := context.Background()
	hn := func(order string) string {
		var h string
		if err := f.s.DB.QueryRow(ctx, `SELECT p.hn_id FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id WHERE o.id = $1`, order).Scan(&h); err != nil {
			t.Fatal(err)
		}
		return h
	}
	enOnly, thOnly := hn(f.lunch["SRP01"][0]), hn(f.lunch["SRP01"][1])
	if _, err := f.s.DB.Exec(ctx, `UPDATE patient SET first_name_th = '', last_name_th = '', first_name_en = 'John', last_name_en = 'Smith' WHERE branch_code = 'SRP01' AND hn_id = $1`, enOnly); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.DB.Exec(ctx, `UPDATE patient SET first_name_th = 'สมหญิง', last_name_th = 'ใจงาม', first_name_en = '', last_name_en = '' WHERE branch_code = 'SRP01' AND hn_id = $1`, thOnly); err != nil {
		t.Fatal(err)
	}
	names := func(lang string) map[string]string {
		res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/survey/trays?date=%s&mealTimeId=%d", f.today, f.lunchs["SRP01"]), Token: serve, Lang: lang})
		if res.Status != 200 {
			t.Fatalf("trays (%s): %d %s", lang, res.Status, res.Body)
		}
		var trays []trayRow
		res.Into(t, &trays)
		out := map[string]string{}
		for _, tr := range trays {
			out[tr.HnID] = tr.Name
		}
		return out
	}
	th, en := names("th"), names("en")
	if th[enOnly] != "John Smith" || en[enOnly] != "John Smith" {
		t.Errorf("English-only patient: th %q, en %q", th[enOnly], en[enOnly])
	}
	if th[thOnly] != "สมหญิง ใจงาม" || en[thOnly] != "สมหญิง ใจงาม" {
		t.Errorf("Thai-only patient: th %q, en %q", th[thOnly], en[thOnly])
	}
}

func TestStaffEntry(t *testing.T) {
	f := newFixture(t)
	serve := f.s.SignIn("serve@samrap.local").Access
	ctrl := f.s.SignIn("controller@samrap.local").Access
	order := f.lunch["SRP01"][0]

	res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/survey/trays?date=%s&mealTimeId=%d", f.today, f.lunchs["SRP01"]), Token: serve})
	if res.Status != 200 {
		t.Fatalf("trays: %d %s", res.Status, res.Body)
	}
	var trays []trayRow
	res.Into(t, &trays)
	if len(trays) != len(f.lunch["SRP01"])+1 { // and the lunch the demo answered
		t.Fatalf("%d trays, want %d: %s", len(trays), len(f.lunch["SRP01"])+1, res.Body)
	}
	var mine trayRow
	answered := 0
	for _, tr := range trays {
		if tr.MealType.ID != f.lunchs["SRP01"] || tr.HnID == "" || tr.Name == "" {
			t.Errorf("tray %+v", tr)
		}
		if tr.Answered {
			answered++
		}
		if tr.OrderID == order {
			mine = tr
		}
	}
	if answered != 1 {
		t.Errorf("%d trays answered, want the demo's one", answered)
	}
	// the link is the card's: it opens this tray's public page
	tok, ok := strings.CutPrefix(mine.SurveyURL, "http://samrap.test/q/")
	if got, err := surveys.VerifyToken(f.key, tok); !ok || err != nil || got != order {
		t.Errorf("surveyUrl %q names %q (%v)", mine.SurveyURL, got, err)
	}
	// q finds by HN
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/trays?q=" + mine.HnID, Token: ctrl})
	res.Into(t, &trays)
	if len(trays) == 0 || trays[0].HnID != mine.HnID {
		t.Errorf("q=%s: %s", mine.HnID, res.Body)
	}

	body := map[string]any{"orderId": order, "answers": answers(2, 3, 4, 5, 3), "comment": "เย็นไปหน่อย"}
	if res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/patientSatisfaction", Token: serve, JSON: body}); res.Status != 200 {
		t.Fatalf("entry: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM survey_answer WHERE order_id = $1 AND source = 'STAFF' AND entered_by = 'D0003' AND taste = 2`, order); n != 1 {
		t.Errorf("recorded: %d", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'surveys.answered' AND actor = 'D0003' AND detail ->> 'source' = 'STAFF'`); n != 1 {
		t.Errorf("activity: %d", n)
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/patientSatisfaction", Token: ctrl, JSON: body})
	if res.Status != 409 || res.Code != "SURVEY_ANSWERED" {
		t.Errorf("twice: %d %s", res.Status, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/trays?date=" + f.today, Token: serve})
	res.Into(t, &trays)
	for _, tr := range trays {
		if tr.OrderID == order && !tr.Answered {
			t.Error("the tray is not shown answered")
		}
	}
	// another branch's order, an unknown id, a bad body
	for _, id := range []string{f.lunch["SRP02"][0], "00000000-0000-4000-8000-000000000001", "x"} {
		res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/patientSatisfaction", Token: ctrl,
			JSON: map[string]any{"orderId": id, "answers": answers(5, 5, 5, 5, 5)}})
		if res.Status != 404 {
			t.Errorf("order %s: %d %s", id, res.Status, res.Body)
		}
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/patientSatisfaction", Token: ctrl,
		JSON: map[string]any{"orderId": f.lunch["SRP01"][1], "answers": map[string]any{"taste": 9}}})
	if res.Status != 422 || res.Fields()["answers.taste"] == "" || res.Fields()["answers.overall"] == "" {
		t.Errorf("bad body: %d %s", res.Status, res.Body)
	}
	res = f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/trays?date=2026-13-01", Token: ctrl})
	if res.Status != 422 {
		t.Errorf("bad date: %d", res.Status)
	}
	// other roles
	for _, email := range []string{"ordertaker@samrap.local", "nutritionist@samrap.local", "branchadmin@samrap.local"} {
		tok := f.s.SignIn(email).Access
		if res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/trays", Token: tok}); res.Status != 403 {
			t.Errorf("%s trays: %d", email, res.Status)
		}
		if res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/survey/patientSatisfaction", Token: tok, JSON: body}); res.Status != 403 {
			t.Errorf("%s entry: %d", email, res.Status)
		}
	}
}

type results struct {
	Count    int                 `json:"count"`
	Averages map[string]*float64 `json:"averages"`
	ByWard   []struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	} `json:"byWard"`
	ByMealType []struct {
		MealTimeID int64  `json:"mealTimeId"`
		BranchCode string `json:"branchCode"`
		Count      int    `json:"count"`
	} `json:"byMealType"`
	ByDish []struct {
		MenuID int64  `json:"menuId"`
		NameEn string `json:"nameEn"`
		Count  int    `json:"count"`
	} `json:"byDish"`
	ByDate []struct {
		Date  string `json:"date"`
		Count int    `json:"count"`
	} `json:"byDate"`
	Rows struct {
		Items []struct {
			ID       int64          `json:"id"`
			Date     string         `json:"date"`
			Ward     string         `json:"ward"`
			Source   string         `json:"source"`
			Answers  map[string]int `json:"answers"`
			Comment  string         `json:"comment"`
			MealType struct {
				NameEn string `json:"nameEn"`
			} `json:"mealType"`
		} `json:"items"`
		Total int `json:"total"`
	} `json:"rows"`
}

func (f *fixture) results(t *testing.T, token, query string) (results, apitest.Response) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/survey/patientSatisfaction?" + query, Token: token, Lang: "en"})
	var out results
	if res.Status == 200 {
		res.Into(t, &out)
	}
	return out, res
}

// answerLunches answers the lunches of both branches (SRP01: 5,4,3 overall; SRP02: 1),
// besides the demo's answer of each branch's fourth lunch (5,5,4,4,5).
func (f *fixture) answerLunches(t *testing.T) {
	t.Helper()
	for i, sc := range [][]int{{5, 5, 5, 5, 5}, {4, 4, 4, 4, 4}, {3, 2, 1, 2, 3}} {
		res := f.answer(t, f.token(t, f.lunch["SRP01"][i]), "198.51.100.50", map[string]any{"answers": answers(sc...), "comment": "=1+1"})
		if res.Status != 200 {
			t.Fatalf("answer: %d %s", res.Status, res.Body)
		}
	}
	if res := f.answer(t, f.token(t, f.lunch["SRP02"][0]), "198.51.100.50", map[string]any{"answers": answers(1, 1, 1, 1, 1)}); res.Status != 200 {
		t.Fatalf("answer SRP02: %d %s", res.Status, res.Body)
	}
}

// Results: a Branch Admin reads its branch, a Super Admin every branch or one; the filters
// and the aggregates.
func TestResultsScopeAndFilters(t *testing.T) {
	f := newFixture(t)
	f.answerLunches(t)
	bam := f.s.SignIn("branchadmin@samrap.local").Access
	sam := f.s.SignIn("superadmin@samrap.local").Access
	lunch1, lunch2 := fmt.Sprint(f.lunchs["SRP01"]), fmt.Sprint(f.lunchs["SRP02"])

	r, res := f.results(t, bam, "mealTimeIds="+lunch1)
	if res.Status != 200 {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if r.Count != 4 || r.Rows.Total != 4 || len(r.Rows.Items) != 4 || *r.Averages["taste"] != 4.25 || *r.Averages["temperature"] != 4 ||
		*r.Averages["portion"] != 3.5 || *r.Averages["overall"] != 4.25 {
		t.Errorf("SRP01 lunch: %+v", r)
	}
	if len(r.ByMealType) != 1 || r.ByMealType[0].Count != 4 || len(r.ByDate) != 1 || r.ByDate[0].Date != f.today || r.ByDate[0].Count != 4 {
		t.Errorf("groups: %+v %+v", r.ByMealType, r.ByDate)
	}
	if len(r.ByWard) != 1 || r.ByWard[0].Count != 4 || r.ByWard[0].Name == "" {
		t.Errorf("by ward: %+v", r.ByWard)
	}
	if len(r.ByDish) == 0 || r.ByDish[0].Count != 4 {
		t.Errorf("by dish: %+v", r.ByDish)
	}
	row := r.Rows.Items[0] // newest first: the last answer
	if row.Source != "QR" || row.Date != f.today || row.Comment != "=1+1" || row.MealType.NameEn == "" || row.Answers["taste"] != 3 {
		t.Errorf("row %+v", row)
	}
	// the Branch Admin never sees SRP02's answer, even asking for it
	if r, _ := f.results(t, bam, "entryBranch=SRP02&mealTimeIds="+lunch1+","+lunch2); r.Count != 4 {
		t.Errorf("BAM with entryBranch=SRP02: %d", r.Count)
	}
	// the Super Admin sees both, or one
	if r, _ := f.results(t, sam, "mealTimeIds="+lunch1+","+lunch2); r.Count != 6 || len(r.ByMealType) != 2 ||
		r.ByMealType[0].BranchCode != "SRP01" || r.ByMealType[1].BranchCode != "SRP02" {
		t.Errorf("SAM all, each meal type with its branch (QA #9): %+v", r)
	}
	if r, _ := f.results(t, sam, "entryBranch=SRP02&mealTimeIds="+lunch2); r.Count != 2 || *r.Averages["overall"] != 3 {
		t.Errorf("SAM SRP02: %+v", r)
	}
	// the demo's breakfast answers are there without the meal filter
	if r, _ := f.results(t, bam, ""); r.Count != 8 {
		t.Errorf("all meals: %d", r.Count)
	}
	// a dish filter, a ward filter, a date range without answers, paging
	if r, _ := f.results(t, bam, fmt.Sprintf("mealTimeIds=%s&menuIds=%d", lunch1, r.ByDish[0].MenuID)); r.Count != 4 {
		t.Errorf("by menu: %d", r.Count)
	}
	if r, _ := f.results(t, bam, "mealTimeIds="+lunch1+"&menuIds=999999"); r.Count != 0 || r.Averages["taste"] != nil || len(r.Rows.Items) != 0 {
		t.Errorf("unknown menu: %+v", r)
	}
	if r, _ := f.results(t, bam, "wardIds=999999"); r.Count != 0 {
		t.Errorf("unknown ward: %d", r.Count)
	}
	if r, _ := f.results(t, bam, "dateFrom=2020-01-01&dateTo=2020-01-31"); r.Count != 0 {
		t.Errorf("2020: %d", r.Count)
	}
	if r, _ := f.results(t, bam, "mealTimeIds="+lunch1+"&page=2&size=3"); r.Rows.Total != 4 || len(r.Rows.Items) != 1 {
		t.Errorf("page 2: %+v", r.Rows)
	}
	for _, q := range []string{"dateFrom=2026-02-30", "dateFrom=2026-05-02&dateTo=2026-05-01", "wardIds=a", "dateFrom=2020-01-01&dateTo=2026-01-01"} {
		if _, res := f.results(t, bam, q); res.Status != 422 {
			t.Errorf("%s: %d", q, res.Status)
		}
	}
	for _, email := range []string{"serve@samrap.local", "controller@samrap.local"} {
		if _, res := f.results(t, f.s.SignIn(email).Access, ""); res.Status != 403 {
			t.Errorf("%s: %d", email, res.Status)
		}
	}
}

type link struct {
	URL       string    `json:"url"`
	FileName  string    `json:"fileName"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// The export: a workbook in the files bucket (moto_server S3) under reports/<branch>/,
// answered as a signed link; Thai/English headers, formulas kept as text; 204 when empty.
func TestExportInS3(t *testing.T) {
	f := newFixture(t)
	f.answerLunches(t)
	client := newS3(t, f)
	bam := f.s.SignIn("branchadmin@samrap.local").Access
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/patientSatisfaction", Token: bam,
		JSON: map[string]any{"mealTimeIds": []int64{f.lunchs["SRP01"]}}})
	if res.Status != 200 {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	var l link
	res.Into(t, &l)
	if l.FileName != "patient_satisfaction.xlsx" || !strings.Contains(l.URL, "/reports/SRP01/"+f.today+"/patient-satisfaction/") ||
		l.ExpiresAt.Sub(f.s.Clock.Now()) != 5*time.Minute {
		t.Errorf("link %+v", l)
	}
	got, err := http.Get(l.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(got.Body)
	x, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("GET the link: %d %v", got.StatusCode, err)
	}
	rows, err := x.GetRows(x.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || rows[0][0] != "วันเวลาที่ตอบ / Answered at" || rows[0][11] != "ความคิดเห็น / Comment" {
		t.Fatalf("rows %v", rows)
	}
	for i := 1; i < 4; i++ { // the three answered here, newest first, then the demo's
		if rows[i][2] != "SRP01" || rows[i][11] != "=1+1" {
			t.Errorf("row %v", rows[i])
		}
		if fm, _ := x.GetCellFormula(x.GetSheetName(0), fmt.Sprintf("L%d", i+1)); fm != "" {
			t.Errorf("comment written as a formula: %q", fm)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'surveys.export' AND actor = 'D0006' AND branch_code = 'SRP01'`); n != 1 {
		t.Errorf("activity: %d", n)
	}
	// nothing matches: 204
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/patientSatisfaction", Token: bam,
		JSON: map[string]any{"dateFrom": "2020-01-01", "dateTo": "2020-01-02"}})
	if res.Status != 204 {
		t.Errorf("empty: %d %s", res.Status, res.Body)
	}
	_ = client
}
