package reports_test

import (
	"bytes"
	"context"
	"image/png"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/xuri/excelize/v2"

	"samrap/pkg/apitest"
	"samrap/pkg/day"
	"samrap/pkg/mealcard"
	"samrap/pkg/mealcard/pdftest"
	"samrap/pkg/orders"
	"samrap/pkg/reports"
	"samrap/pkg/surveys"
)

// The fixture: the demo data (today's breakfast, specific, for six patients of ward W01 and
// lunch for four, one of them needing review) plus a patient with an allergen, unmapped
// allergies, a texture need and an English card, whose specific lunch is minced, and the
// caregiver of a demo patient with a stated allergen.
type fixture struct {
	s     *apitest.Server
	ctrl  string
	today string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	s := apitest.New(t)
	f := &fixture{s: s, ctrl: s.SignIn("controller@samrap.local").Access, today: s.Clock.Now().In(day.Bangkok).Format(time.DateOnly)}
	f.exec(t, `INSERT INTO patient (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en, ward_id, room_id,
			card_language, texture_food, texture_drink, unmapped_allergies, special_request)
		SELECT 'SRP01', 'RPT-ALG', 'มานี', 'แพ้ถั่ว', 'Manee', 'Peanutfree', w.id, r.id, 'EN', 5, 2, '{MSG-SENSITIVE}', 'no ice'
		FROM ward w, room r WHERE w.branch_code = 'SRP01' AND w.code = 'W01' AND r.branch_code = 'SRP01' AND r.code = '301-2'`)
	f.exec(t, `INSERT INTO patient_allergen SELECT 'SRP01', p.id, a.id FROM patient p, allergen a
		WHERE p.branch_code = 'SRP01' AND p.hn_id = 'RPT-ALG' AND a.branch_code = 'SRP01' AND a.code = 'AL02'`)
	f.exec(t, `INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, course_type,
			description, remark, dysphagia_food_type, patient_facts)
		SELECT 'SRP01', p.id, $1::date, t.id, 'ORD', 'WAITING', 'SPECIFIC', 'โจ๊กหมูสับ minced congee', '=HYPERLINK("http://x","y")', 5,
			patient_food_facts('SRP01', p.id)
		FROM patient p, meal_time t WHERE p.branch_code = 'SRP01' AND p.hn_id = 'RPT-ALG' AND t.branch_code = 'SRP01' AND t.code = 'MT02'`, f.today)
	// the caregiver of the first demo lunch patient, allergic to peanut
	f.exec(t, `INSERT INTO meal_order (branch_code, patient_id, caregiver, caregiver_info, order_date, meal_time_id, order_type, status,
			course_type, description, patient_facts)
		SELECT o.branch_code, o.patient_id, true, jsonb_build_object('allergenIds', jsonb_build_array(a.id), 'restrictedIds', '[]'::jsonb),
			o.order_date, o.meal_time_id, 'ORD', 'WAITING', 'SPECIFIC', 'ข้าวผัด fried rice',
			jsonb_build_object('DISCHARGED', patient_food_facts(o.branch_code, o.patient_id) -> 'DISCHARGED')
		FROM meal_order o, allergen a, meal_time t WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND NOT o.needs_review
			AND t.branch_code = 'SRP01' AND t.code = 'MT02' AND o.meal_time_id = t.id AND a.branch_code = 'SRP01' AND a.code = 'AL02'
		ORDER BY o.ordered_at, o.id LIMIT 1`, f.today)
	return f
}

func (f *fixture) exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	if _, err := f.s.DB.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// trays counts the live ORD orders of today in SRP01 (that do not need review) the where
// clause lets through.
func (f *fixture) trays(t testing.TB, where string) int {
	t.Helper()
	return f.s.Count(`SELECT count(*) FROM meal_order o JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
		JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
		WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
			AND NOT o.needs_review AND `+where, f.today)
}

// all is the body of every choice "ALL".
func (f *fixture) all(extra map[string]any) map[string]any {
	b := map[string]any{"branchCode": "SRP01", "dateOrder": f.today, "mealTimeIds": "ALL", "wardTypeIds": "ALL", "wardIds": "ALL",
		"roomIds": "ALL", "cuisineTypeIds": "ALL", "dietTypeIds": "ALL", "therapeuticIds": "ALL", "allergenIds": "ALL",
		"restrictedIds": "ALL", "foodScope": "ALL", "orderType": "ALL"}
	for k, v := range extra {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

func (f *fixture) id(t *testing.T, table, code string) int64 {
	t.Helper()
	var id int64
	if err := f.s.DB.QueryRow(context.Background(), `SELECT id FROM `+table+` WHERE branch_code = 'SRP01' AND code = $1`, code).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// report calls a report and answers its link (nil for 204) and status.
func (f *fixture) report(t *testing.T, path string, body map[string]any) (*reports.Link, apitestResponse) {
	t.Helper()
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/" + path, Token: f.ctrl, JSON: body})
	if res.Status != 200 {
		return nil, apitestResponse{res.Status, res.Fields(), res.Msg}
	}
	var l reports.Link
	res.Into(t, &l)
	return &l, apitestResponse{res.Status, nil, res.Msg}
}

type apitestResponse struct {
	status int
	fields map[string]string
	msg    string
}

func TestMealCards(t *testing.T) {
	f := newFixture(t)
	want := f.trays(t, "true")
	if want < 5 {
		t.Fatalf("the fixture has %d trays", want)
	}
	link, res := f.report(t, "generatePDF", f.all(map[string]any{"layout": "A4"}))
	if res.status != 200 || link.URL == "" || link.Count != want || link.FileName != "meal_cards_"+f.today+".pdf" {
		t.Fatalf("%d %+v", res.status, link)
	}
	// the demo lunch that needs review is listed, not printed
	if len(link.NeedsReview) != 1 || !slices.Equal(link.NeedsReview[0].ReviewReasons, []string{"DIET"}) || link.NeedsReview[0].HnID == "" {
		t.Fatalf("needs review: %+v", link.NeedsReview)
	}
	if !strings.Contains(link.URL, "/reports/SRP01/"+f.today+"/meal-cards/") {
		t.Errorf("key of %s", link.URL)
	}
	a4 := pdftest.Write(t, f.s.Fetch(link.URL), "cards-a4")
	if got := pdftest.Pages(t, a4); got != (want+3)/4 {
		t.Errorf("A4: %d pages for %d trays", got, want)
	}
	text := mealcard.PlainText(pdftest.Run(t, "pdftotext", "-enc", "UTF-8", a4, "-"))
	for _, s := range []string{"RPT-ALG", "Manee Peanutfree", "ALLERGY", "Peanut", "MSG-SENSITIVE", "Minced & Moist",
		"Caregiver", "ญาติ/ผู้ดูแล", "ข้าวต้มปลา ไม่ใส่ขิง", "แพ้อาหาร"} {
		if !strings.Contains(text, s) {
			t.Errorf("the cards do not say %q", s)
		}
	}
	if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'reports.meal-cards' AND branch_code = 'SRP01' AND (detail ->> 'trays')::int = $1`, want); n != 1 {
		t.Errorf("%d activity rows", n)
	}

	// one card per 80 mm page, each QR a token the orders area verifies, one per printed order
	link, _ = f.report(t, "generatePDF", f.all(map[string]any{"layout": "LABEL80"}))
	label := pdftest.Write(t, f.s.Fetch(link.URL), "cards-label")
	if got := pdftest.Pages(t, label); got != want {
		t.Fatalf("LABEL80: %d pages for %d trays", got, want)
	}
	key, err := orders.TokenKey(context.Background(), f.s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	surveyKey, err := surveys.TokenKey(context.Background(), f.s.Env.Keys)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdftest.Run(t, "pdftoppm", "-r", "203", "-gray", "-png", label, filepath.Join(dir, "p")) // a thermal printer's resolution
	pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	var ids []string
	for _, p := range pngs {
		// two QR codes: the order's token, and the survey link of the same order (docs/surveys.md)
		codes := decodeQR(t, p)
		if len(codes) == 2 && strings.HasPrefix(codes[1], "http://samrap.test/q/") {
			codes[0], codes[1] = codes[1], codes[0]
		}
		if len(codes) != 2 || !strings.HasPrefix(codes[0], "http://samrap.test/q/") {
			t.Fatalf("%s: QR codes %q, want the survey link and the token", p, codes)
		}
		tok, err := orders.VerifyToken(key, codes[1])
		if err != nil {
			t.Fatalf("%s: QR %q: %v", p, codes[1], err)
		}
		if tok.BranchCode != "SRP01" || tok.Date != f.today {
			t.Errorf("token %+v", tok)
		}
		survey, err := surveys.VerifyToken(surveyKey, strings.TrimPrefix(codes[0], "http://samrap.test/q/"))
		if err != nil || survey != tok.OrderID {
			t.Errorf("%s: survey link %q names %q (%v), want order %s", p, codes[0], survey, err, tok.OrderID)
		}
		ids = append(ids, tok.OrderID)
	}
	var printed []string
	rows, err := f.s.DB.Query(context.Background(), `SELECT id::text FROM meal_order WHERE branch_code = 'SRP01' AND order_date = $1::date
		AND order_type = 'ORD' AND status <> 'CANCELLED' AND NOT needs_review`, f.today)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		_ = rows.Scan(&id)
		printed = append(printed, id)
	}
	slices.Sort(ids)
	slices.Sort(printed)
	if !slices.Equal(ids, printed) {
		t.Errorf("QR orders %v, want %v", ids, printed)
	}
}

// decodeQR answers the texts of the QR codes of the page image at path, sorted.
func decodeQR(t *testing.T, path string) []string {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("%s: no QR: %v", path, err)
	}
	var out []string
	for _, r := range res {
		out = append(out, r.GetText())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// dysphagia: a specific meal of a level under 7, or a dish of a dysphagia level (directly or in a set).
const dysphagia = `(coalesce(o.dysphagia_food_type, 7) <= 6 OR EXISTS (SELECT 1 FROM meal_order_item i
	LEFT JOIN menu_set_item s ON s.branch_code = i.branch_code AND s.menu_set_id = i.menu_set_id
	JOIN menu m ON m.branch_code = i.branch_code AND m.id = coalesce(i.menu_id, s.menu_id)
	WHERE i.order_id = o.id AND (m.iddsi_type = 'FOOD' AND m.iddsi_level <= 6 OR m.iddsi_type = 'DRINK' AND m.iddsi_level >= 1)))`

func TestFilters(t *testing.T) {
	f := newFixture(t)
	lunch, w01, al02 := f.id(t, "meal_time", "MT02"), f.id(t, "ward", "W01"), f.id(t, "allergen", "AL02")
	for _, c := range []struct {
		name  string
		extra map[string]any
		where string
	}{
		{"lunch", map[string]any{"mealTimeIds": []int64{lunch}}, "t.code = 'MT02'"},
		{"ward W01, patients", map[string]any{"wardIds": []int64{w01}, "orderType": "PATIENT"}, "NOT o.caregiver AND p.ward_id = " + strconv.FormatInt(w01, 10)},
		{"caregivers", map[string]any{"orderType": "CAREGIVER"}, "o.caregiver"},
		{"dysphagia", map[string]any{"foodScope": "DYSPHAGIA"}, dysphagia},
		{"normal", map[string]any{"foodScope": "NORMAL"}, "NOT " + dysphagia},
		{"peanut", map[string]any{"allergenIds": []int64{al02}, "restrictedIds": []int64{}}, "(p.hn_id = 'RPT-ALG' OR o.caregiver)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := f.trays(t, c.where)
			link, res := f.report(t, "generatePDF", f.all(mergeMap(c.extra, map[string]any{"layout": "LABEL80"})))
			if res.status != 200 || link.Count != want || want == 0 {
				t.Fatalf("%d: %+v, want %d trays", res.status, link, want)
			}
			p := pdftest.Write(t, f.s.Fetch(link.URL), "filter")
			if got := pdftest.Pages(t, p); got != want {
				t.Errorf("%d cards, want %d", got, want)
			}
		})
	}
	// nothing matching: 204 (SPEC.md §8), for each report
	tomorrow := f.s.Clock.Now().In(day.Bangkok).AddDate(0, 0, 1).Format(time.DateOnly)
	for path, extra := range map[string]map[string]any{"generatePDF": {"layout": "A4"}, "excelCuisine": {"type": "MENU"}, "excelPatientIdentity": {}} {
		if _, res := f.report(t, path, f.all(mergeMap(extra, map[string]any{"dateOrder": tomorrow}))); res.status != 204 {
			t.Errorf("%s tomorrow: %d, want 204", path, res.status)
		}
	}
	// every choice is required
	_, res := f.report(t, "generatePDF", f.all(map[string]any{"wardIds": nil, "roomIds": []int64{}, "layout": "A5", "foodScope": ""}))
	if res.status != 422 || res.fields["wardIds"] == "" || res.fields["roomIds"] == "" || res.fields["layout"] == "" || res.fields["foodScope"] == "" {
		t.Errorf("%d %v", res.status, res.fields)
	}
	// more cards than a request renders: 422, narrow the filters
	defer func(n int) { reports.MaxCards = n }(reports.MaxCards)
	reports.MaxCards = 2
	if _, res := f.report(t, "generatePDF", f.all(map[string]any{"layout": "A4"})); res.status != 422 || !strings.Contains(res.msg, "5,000") {
		t.Errorf("too many cards: %d %q", res.status, res.msg)
	}
	reports.MaxCards = 5000
	// the Controller's only
	taker := f.s.SignIn("ordertaker@samrap.local").Access
	if r := f.s.Do(apitest.Request{Method: "POST", Path: "/api/download/generatePDF", Token: taker, JSON: f.all(map[string]any{"layout": "A4"})}); r.Status != 403 {
		t.Errorf("order taker: %d", r.Status)
	}
	// every matching order needs review: no file, the list
	f.exec(t, `UPDATE meal_order SET review_reasons = '{DIET}' WHERE branch_code = 'SRP01' AND order_date = $1::date`, f.today)
	link, res := f.report(t, "generatePDF", f.all(map[string]any{"layout": "A4"}))
	if res.status != 200 || link.URL != "" || len(link.NeedsReview) != f.s.Count(`SELECT count(*) FROM meal_order WHERE branch_code = 'SRP01'
		AND order_date = $1::date AND order_type = 'ORD' AND status <> 'CANCELLED'`, f.today) {
		t.Errorf("all held: %d %+v", res.status, link)
	}
}

func mergeMap(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func TestKitchenWorkbook(t *testing.T) {
	f := newFixture(t)
	// by menu and set: every dish of today's printable orders, counted per kitchen, meal, dish, level and ward
	link, res := f.report(t, "excelCuisine", f.all(map[string]any{"type": "MENU_SET"}))
	if res.status != 200 || link.FileName != "kitchen_report.xlsx" {
		t.Fatalf("%d %+v", res.status, link)
	}
	rows := apitest.SheetRows(t, f.s.Fetch(link.URL))
	if rows[0][0] != "ครัว / Kitchen" || rows[0][6] != "จำนวน / Count" {
		t.Errorf("header %q", rows[0])
	}
	dishes := f.s.Count(`SELECT count(*) FROM meal_order o JOIN meal_order_item i ON i.order_id = o.id
		LEFT JOIN menu_set_item s ON s.branch_code = i.branch_code AND s.menu_set_id = i.menu_set_id
		WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.order_type = 'ORD' AND o.status <> 'CANCELLED' AND NOT o.needs_review`, f.today)
	// the specific meals follow the dishes under their own heading: the default type lists every tray
	specifics := f.trays(t, "o.course_type = 'SPECIFIC'")
	sum, section := 0, 0
	for i, r := range rows[1 : len(rows)-1] {
		if strings.HasPrefix(r[0], "อาหารเฉพาะ") {
			section = i + 1
			continue
		}
		n, _ := strconv.Atoi(r[6])
		sum += n
		switch {
		case section > 0:
			if r[2] != "" || r[3] == "" || n == 0 {
				t.Errorf("specific row %q", r)
			}
		case r[0] == "" || r[1] == "" || r[3] == "" || !strings.HasPrefix(r[4], "IDDSI") || r[5] == "":
			t.Errorf("row %q", r)
		}
	}
	if total := rows[len(rows)-1]; sum != dishes+specifics || dishes == 0 || specifics == 0 || section == 0 ||
		total[0] != "รวม / Total" || total[6] != strconv.Itoa(sum) {
		t.Errorf("%d counted, want %d dishes and %d specific meals (section at %d); total %q", sum, dishes, specifics, section, rows[len(rows)-1])
	}
	// the count on screen is the trays in the file: every printable tray
	if want := f.trays(t, "true"); link.Count != want || link.NotInType != 0 {
		t.Errorf("MENU_SET: count %d, not in type %d; want %d trays", link.Count, link.NotInType, want)
	}
	// by menu: only the trays ordered dish by dish; the others counted as not in this type
	link, _ = f.report(t, "excelCuisine", f.all(map[string]any{"type": "MENU"}))
	if want, other := f.trays(t, "o.course_type = 'MENU'"), f.trays(t, "o.course_type <> 'MENU'"); link.Count != want || link.NotInType != other || other == 0 {
		t.Errorf("MENU: count %d, not in type %d; want %d and %d", link.Count, link.NotInType, want, other)
	}
	// by set, when nothing is ordered as a set: no file, and the trays of the other types said
	link, res = f.report(t, "excelCuisine", f.all(map[string]any{"type": "SET"}))
	if want := f.trays(t, "o.course_type <> 'SET'"); res.status != 200 || link.URL != "" || link.Count != 0 || link.NotInType != want {
		t.Errorf("SET: %d %+v, want %d not in type", res.status, link, want)
	}
	// specific: the demo breakfast, one line of the ward with its count
	link, _ = f.report(t, "excelCuisine", f.all(map[string]any{"type": "SPECIFIC", "mealTimeIds": []int64{f.id(t, "meal_time", "MT01")}}))
	rows = apitest.SheetRows(t, f.s.Fetch(link.URL))
	want := f.trays(t, "t.code = 'MT01' AND o.course_type = 'SPECIFIC'")
	if len(rows) != 3 || rows[1][3] != "ข้าวต้มปลา ไม่ใส่ขิง" || rows[1][6] != strconv.Itoa(want) || want == 0 {
		t.Errorf("specific: %q, want %d", rows, want)
	}
	// the type is required
	if _, res := f.report(t, "excelCuisine", f.all(nil)); res.status != 422 || res.fields["type"] == "" {
		t.Errorf("no type: %d %v", res.status, res.fields)
	}
}

func TestIdentificationWorkbook(t *testing.T) {
	f := newFixture(t)
	link, res := f.report(t, "excelPatientIdentity", f.all(nil))
	if res.status != 200 || link.FileName != "identification_report.xlsx" {
		t.Fatalf("%d %+v", res.status, link)
	}
	b := f.s.Fetch(link.URL)
	rows := apitest.SheetRows(t, b)
	if want := f.trays(t, "true"); len(rows) != want+1 {
		t.Errorf("%d rows, want %d trays and the header", len(rows), want)
	}
	var alg []string
	for _, r := range rows {
		if len(r) > 2 && r[2] == "RPT-ALG" {
			alg = r
		}
	}
	if len(alg) < 11 || alg[3] != "มานี แพ้ถั่ว / Manee Peanutfree" || !strings.Contains(alg[7], "Peanut") || !strings.Contains(alg[7], "MSG-SENSITIVE") ||
		!strings.Contains(alg[8], "Minced & Moist") || !strings.Contains(alg[6], "minced congee") || alg[1] != "301-2" {
		t.Errorf("the allergic patient's row: %q", alg)
	}
	// the remark that reads as a formula is text
	x, _ := excelize.OpenReader(bytes.NewReader(b))
	sheetName := x.GetSheetName(0)
	for i, r := range rows {
		if len(r) > 10 && strings.HasPrefix(r[10], "=") {
			cell, _ := excelize.CoordinatesToCellName(11, i+1)
			if formula, _ := x.GetCellFormula(sheetName, cell); formula != "" {
				t.Errorf("%s is a formula: %q", cell, formula)
			}
			return
		}
	}
	t.Error("no remark beginning with = found")
}

func TestKitchenBoard(t *testing.T) {
	f := newFixture(t)
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/kitchenOrders", Token: f.ctrl, JSON: f.all(map[string]any{"type": "MENU_SET"})})
	var b reports.Board
	res.Into(t, &b)
	link, _ := f.report(t, "excelCuisine", f.all(map[string]any{"type": "MENU_SET"}))
	// the workbook's lines but its specific meals' heading
	rows := slices.DeleteFunc(apitest.SheetRows(t, f.s.Fetch(link.URL)), func(r []string) bool { return strings.HasPrefix(r[0], "อาหารเฉพาะ") })
	if res.Status != 200 || len(b.Rows) != len(rows)-2 || strconv.Itoa(b.Total) != rows[len(rows)-1][6] || len(b.NeedsReview) != 1 {
		t.Fatalf("%d: %d rows, total %d; the workbook: %d lines, %q", res.Status, len(b.Rows), b.Total, len(rows), rows[len(rows)-1])
	}
	// the JSON names of docs/reports.md, which the screen reads
	var raw struct {
		Rows []map[string]any `json:"rows"`
	}
	res.Into(t, &raw)
	for _, r := range raw.Rows {
		keys := slices.Sorted(maps.Keys(r))
		if want := []string{"code", "count", "item", "kitchen", "meal", "specific", "texture", "ward"}; !slices.Equal(keys, want) {
			t.Fatalf("row keys %q, want %q", keys, want)
		}
	}
	for i, r := range b.Rows {
		if w := rows[i+1]; r.Kitchen != w[0] || r.Item != w[3] || strconv.Itoa(r.Count) != w[6] || r.Specific != (r.Code == "") {
			t.Errorf("row %d: %+v, the workbook %q", i, r, w)
		}
	}
	// tomorrow: an empty board, not 204
	tomorrow := f.s.Clock.Now().In(day.Bangkok).AddDate(0, 0, 1).Format(time.DateOnly)
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/kitchenOrders", Token: f.ctrl, JSON: f.all(map[string]any{"type": "MENU", "dateOrder": tomorrow})})
	if res.Status != 200 || !strings.Contains(string(res.Data), `"rows":[]`) {
		t.Errorf("tomorrow: %d %s", res.Status, res.Data)
	}
}

func TestFinance(t *testing.T) {
	f := newFixture(t)
	// the demo lunches (dishes or sets with their prices) and the breakfasts (specific: no price) charged
	f.exec(t, `UPDATE meal_order SET charge = true WHERE branch_code = 'SRP01' AND order_date = $1::date AND NOT caregiver`, f.today)
	var want int64
	err := f.s.DB.QueryRow(context.Background(), `SELECT coalesce(sum(coalesce(m.price, s.price)) * 100, 0)::bigint FROM meal_order o
		JOIN meal_order_item i ON i.order_id = o.id LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
		LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
		WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.charge AND o.status <> 'CANCELLED'`, f.today).Scan(&want)
	if err != nil {
		t.Fatal(err)
	}
	res := f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/finance", Token: f.ctrl,
		JSON: map[string]any{"branchCode": "SRP01", "dateFrom": f.today, "dateTo": f.today}})
	var fin reports.Finance
	res.Into(t, &fin)
	n := f.trays(t, "o.charge") + f.s.Count(`SELECT count(*) FROM meal_order WHERE branch_code = 'SRP01' AND order_date = $1::date AND charge AND needs_review`, f.today)
	if res.Status != 200 || want == 0 || fin.Total.Orders != n || fin.Total.Amount != want || len(fin.ByDay) != 1 || fin.ByDay[0].Amount != want {
		t.Fatalf("%d: total %+v, by day %+v; want %d orders, %d satang", res.Status, fin.Total, fin.ByDay, n, want)
	}
	var sum int64
	for _, w := range fin.ByWard {
		sum += w.Amount
	}
	if sum != want {
		t.Errorf("wards add to %d", sum)
	}

	// the workbook: the same orders, prices and totals, read with excelize; a specific meal whose
	// text reads as a formula is text
	f.exec(t, `UPDATE meal_order SET description = '=1+2 congee' WHERE branch_code = 'SRP01' AND order_date = $1::date
		AND patient_id = (SELECT id FROM patient WHERE branch_code = 'SRP01' AND hn_id = 'RPT-ALG')`, f.today)
	link, lres := f.report(t, "excelFinance", map[string]any{"branchCode": "SRP01", "dateFrom": f.today, "dateTo": f.today})
	if lres.status != 200 || link.FileName != "finance_report.xlsx" || link.Count != n || !strings.Contains(link.URL, "/reports/SRP01/"+f.today+"/finance/") {
		t.Fatalf("excelFinance: %d %+v", lres.status, link)
	}
	b := f.s.Fetch(link.URL)
	rows := apitest.SheetRows(t, b)
	if rows[0][0] != "วันที่ / Date" || rows[0][8] != "ราคา (บาท) / Price (baht)" {
		t.Errorf("header %q", rows[0])
	}
	sum = 0
	orders, formula := 0, ""
	for i, r := range rows[1:] {
		if len(r) == 0 {
			break
		}
		orders++
		price, err := strconv.ParseFloat(r[8], 64)
		if err != nil || r[0] != f.today || r[3] == "" {
			t.Errorf("order line %q", r)
		}
		sum += int64(price*100 + 0.5)
		if strings.HasPrefix(r[7], "=") {
			formula, _ = excelize.CoordinatesToCellName(8, i+2)
		}
	}
	if orders != n || sum != want {
		t.Errorf("workbook: %d orders, %d satang; want %d, %d", orders, sum, n, want)
	}
	last := rows[len(rows)-1]
	if last[0] != "รวมทั้งหมด / Total" || last[7] != strconv.Itoa(n) || last[8] != strconv.FormatFloat(float64(want)/100, 'f', -1, 64) {
		t.Errorf("total line %q", last)
	}
	perWard := 0
	for _, r := range rows {
		if len(r) > 1 && r[0] == "รวมตามหอผู้ป่วย / Total per ward" {
			perWard = 1
		} else if perWard > 0 && len(r) > 1 && r[0] == "" {
			perWard++
		} else if perWard > 0 {
			break
		}
	}
	if perWard-1 != len(fin.ByWard) {
		t.Errorf("%d ward totals, want %d", perWard-1, len(fin.ByWard))
	}
	x, _ := excelize.OpenReader(bytes.NewReader(b))
	if formula == "" {
		t.Error("the specific meal '=1+2 congee' is not in the workbook")
	} else if fm, _ := x.GetCellFormula(x.GetSheetName(0), formula); fm != "" {
		t.Errorf("%s is a formula: %q", formula, fm)
	}
	if c := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = 'reports.finance' AND (detail ->> 'trays')::int = $1`, n); c != 1 {
		t.Errorf("%d activity rows", c)
	}
	// nothing charged: 204
	if _, res := f.report(t, "excelFinance", map[string]any{"branchCode": "SRP01", "dateFrom": "2020-01-01", "dateTo": "2020-01-02"}); res.status != 204 {
		t.Errorf("nothing charged: %d", res.status)
	}

	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/finance", Token: f.ctrl,
		JSON: map[string]any{"branchCode": "SRP01", "dateFrom": f.today, "dateTo": "2020-01-01"}})
	if res.Status != 422 || res.Fields()["dateTo"] == "" {
		t.Errorf("dates backwards: %d %v", res.Status, res.Fields())
	}
	// 31 days at most, both ends counted; both dates are required
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/finance", Token: f.ctrl,
		JSON: map[string]any{"branchCode": "SRP01", "dateFrom": "2026-01-01", "dateTo": "2026-01-31"}})
	if res.Status != 200 {
		t.Errorf("31 days: %d %v", res.Status, res.Fields())
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/finance", Token: f.ctrl,
		JSON: map[string]any{"branchCode": "SRP01", "dateFrom": "2026-01-01", "dateTo": "2026-02-01"}})
	if res.Status != 422 || res.Fields()["dateTo"] != "The date range can be 31 days at most" {
		t.Errorf("32 days: %d %v", res.Status, res.Fields())
	}
	res = f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/finance", Token: f.ctrl,
		JSON: map[string]any{"branchCode": "SRP01", "dateTo": "2026-01-31"}})
	if res.Status != 422 || res.Fields()["dateFrom"] == "" {
		t.Errorf("no dateFrom: %d %v", res.Status, res.Fields())
	}
}

// The bed line of a card in each language: the label once per language, the bed (its code)
// once — a demo bed is named "เตียง W01-01" / "Bed W01-01", which once printed
// "เตียง / Bed เตียง W01-01".
func TestMealCardBedLine(t *testing.T) {
	f := newFixture(t)
	lunch := f.id(t, "meal_time", "MT02")
	var hn, bed string
	var room int64
	err := f.s.DB.QueryRow(context.Background(), `SELECT p.hn_id, r.code, r.id FROM meal_order o JOIN patient p ON p.id = o.patient_id
		JOIN room r ON r.id = p.room_id WHERE o.branch_code = 'SRP01' AND o.order_date = $1::date AND o.meal_time_id = $2
		AND NOT o.caregiver AND NOT o.needs_review AND o.order_type = 'ORD' AND r.name_th LIKE 'เตียง %' ORDER BY p.hn_id LIMIT 1`,
		f.today, lunch).Scan(&hn, &bed, &room)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang       string
		want, nots []string
	}{
		{"TH", []string{"เตียง " + bed}, []string{"Bed", "เตียง เตียง"}},
		{"EN", []string{"Bed " + bed}, []string{"เตียง", "Bed Bed"}},
		{"ALL", []string{"เตียง / Bed " + bed}, []string{"เตียง / Bed เตียง", "Bed Bed"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			f.exec(t, `UPDATE patient SET card_language = $1 WHERE branch_code = 'SRP01' AND hn_id = $2`, c.lang, hn)
			link, res := f.report(t, "generatePDF", f.all(map[string]any{"layout": "LABEL80", "mealTimeIds": []int64{lunch},
				"roomIds": []int64{room}, "orderType": "PATIENT"}))
			if res.status != 200 || link.Count != 1 {
				t.Fatalf("%d %+v", res.status, link)
			}
			text := mealcard.PlainText(pdftest.Run(t, "pdftotext", "-enc", "UTF-8", pdftest.Write(t, f.s.Fetch(link.URL), "bed-"+c.lang), "-"))
			text = strings.ReplaceAll(text, "\u00a0", " ")
			for _, s := range c.want {
				if strings.Count(text, s) != 1 {
					t.Errorf("%q appears %d times in\n%s", s, strings.Count(text, s), text)
				}
			}
			if n := strings.Count(text, bed); n != 1 {
				t.Errorf("the bed %q appears %d times in\n%s", bed, n, text)
			}
			for _, s := range c.nots {
				if strings.Contains(text, s) {
					t.Errorf("%q in\n%s", s, text)
				}
			}
		})
	}
}

// A print is recorded with its filter as the user chose it, each chosen row by its names
// beside its id, as they were when printed: the activity record reads "Ward 1A", not 7, and
// still does after the ward is renamed. Every report kind records it the same way, the meal
// cards with their layout, the kitchen workbook with its type.
func TestPrintsRecordTheirFilterByName(t *testing.T) {
	f := newFixture(t)
	lunch, w01 := f.id(t, "meal_time", "MT02"), f.id(t, "ward", "W01")
	var wardTh, wardEn string
	if err := f.s.DB.QueryRow(context.Background(), `SELECT name_th, name_en FROM ward WHERE id = $1`, w01).Scan(&wardTh, &wardEn); err != nil {
		t.Fatal(err)
	}
	choice := map[string]any{"mealTimeIds": []int64{lunch}, "wardIds": []int64{w01, 999999}, "orderType": "PATIENT"}
	for path, extra := range map[string]map[string]any{"generatePDF": {"layout": "A4"}, "excelCuisine": {"type": "SPECIFIC"},
		"excelPatientIdentity": {}} {
		if _, res := f.report(t, path, f.all(mergeMap(extra, choice))); res.status != 200 {
			t.Fatalf("%s: %d %v", path, res.status, res.fields)
		}
	}
	f.exec(t, `UPDATE ward SET name_th = 'เปลี่ยนชื่อ', name_en = 'Renamed' WHERE id = $1`, w01)
	for _, kind := range []string{"meal-cards", "kitchen", "identification"} {
		if n := f.s.Count(`SELECT count(*) FROM activity_log WHERE action = $1 AND detail->'filter'->'wardIds' = jsonb_build_array(
				jsonb_build_object('id', $2::bigint, 'code', 'W01', 'nameTh', $3::text, 'nameEn', $4::text), 999999)
			AND detail->'filter'->'mealTimeIds'->0->>'code' = 'MT02' AND detail->'filter'->>'roomIds' = 'ALL'
			AND detail->'filter'->>'orderType' = 'PATIENT' AND coalesce(detail->'filter'->>'layout', detail->'filter'->>'kitchenType', '') = $5`,
			"reports."+kind, w01, wardTh, wardEn, map[string]string{"meal-cards": "A4", "kitchen": "SPECIFIC"}[kind]); n != 1 {
			var got string
			_ = f.s.DB.QueryRow(context.Background(), `SELECT detail::text FROM activity_log WHERE action = $1`, "reports."+kind).Scan(&got)
			t.Errorf("%s recorded %s", kind, got)
		}
	}
	// the Branch Admin reads the print's ward by the name it had, its order type in words
	bam := f.s.SignIn("branchadmin@samrap.local").Access
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/logs/activities?action=reports.meal-cards", Token: bam, Lang: "en"})
	var page struct {
		Items []struct {
			Detail struct {
				Filter struct {
					WardIDs   []any  `json:"wardIds"`
					OrderType string `json:"orderType"`
					Layout    string `json:"layout"`
				} `json:"filter"`
			} `json:"detail"`
		} `json:"items"`
	}
	res.Into(t, &page)
	if len(page.Items) != 1 || len(page.Items[0].Detail.Filter.WardIDs) != 2 || page.Items[0].Detail.Filter.OrderType != "Patient" ||
		page.Items[0].Detail.Filter.Layout != "A4 sheets" {
		t.Fatalf("the print as read: %s", res.Body)
	}
	if w, _ := page.Items[0].Detail.Filter.WardIDs[0].(map[string]any); w["nameEn"] != wardEn {
		t.Errorf("the ward as read: %v", page.Items[0].Detail.Filter.WardIDs)
	}
}

// The branch's meal card setting (issue 27 §5): off by default; the Branch Admin turns it on
// (logged) and every card prints what its tray gives — the order's nutrients as the orders
// answer them — in the card's language, on both layouts; off again, none.
func TestMealCardNutrients(t *testing.T) {
	f := newFixture(t)
	admin := f.s.SignIn("branchadmin@samrap.local").Access
	res := f.s.Do(apitest.Request{Method: "GET", Path: "/api/report/getCardSetting", Token: admin})
	if res.Status != 200 || !strings.Contains(string(res.Data), `"showNutrients":false`) || !strings.Contains(string(res.Data), `"version":0`) {
		t.Fatalf("default setting: %d %s", res.Status, res.Body)
	}
	save := func(token string, on bool) apitest.Response {
		return f.s.Do(apitest.Request{Method: "POST", Path: "/api/report/updateCardSetting", Token: token, Lang: "en",
			JSON: map[string]any{"branchCode": "SRP01", "showNutrients": on}})
	}
	if res := save(f.ctrl, true); res.Status != 403 {
		t.Fatalf("the Controller saves: %d", res.Status)
	}
	// one printed tray with dishes: its energy, protein and carbohydrate as the order answers them
	var hn, lang string
	var energy, protein, carb float64
	if err := f.s.DB.QueryRow(context.Background(), `SELECT hn_id, card_language, (nutrients ->> 'energy')::float8,
			(nutrients ->> 'protein')::float8, (nutrients ->> 'carbohydrate')::float8
		FROM order_detail WHERE branch_code = 'SRP01' AND order_date = $1::date AND order_type = 'ORD' AND status <> 'CANCELLED'
			AND NOT needs_review AND NOT caregiver AND nutrients ?& ARRAY['energy', 'protein', 'carbohydrate']
		ORDER BY hn_id LIMIT 1`, f.today).Scan(&hn, &lang, &energy, &protein, &carb); err != nil {
		t.Fatalf("a tray with nutrients: %v", err)
	}
	num := func(v float64, dec int) string {
		p := math.Pow10(dec)
		return strconv.FormatFloat(math.Round(v*p)/p, 'f', -1, 64)
	}
	label := "พลังงาน"
	if mealcard.LangOf(lang) == mealcard.EN {
		label = "Energy"
	}
	line := label + " " + num(energy, 0) + " kcal"
	flat := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ") }
	cards := func(layout string) string {
		link, res := f.report(t, "generatePDF", f.all(map[string]any{"layout": layout}))
		if res.status != 200 {
			t.Fatalf("%s: %d", layout, res.status)
		}
		return flat(mealcard.PlainText(pdftest.Run(t, "pdftotext", "-enc", "UTF-8", pdftest.Write(t, f.s.Fetch(link.URL), "nutrients-"+layout), "-")))
	}
	for _, layout := range []string{"A4", "LABEL80"} {
		if s := cards(layout); strings.Contains(s, "kcal") {
			t.Errorf("%s: nutrients printed with the setting off", layout)
		}
	}
	if res := save(admin, true); res.Status != 200 || res.Msg != "Meal card setting saved" || !strings.Contains(string(res.Data), `"showNutrients":true`) {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'meal_card_setting' AND entity_id = 'SRP01'
		AND (before ->> 'showNutrients')::boolean = false AND (after ->> 'showNutrients')::boolean = true`); n != 1 {
		t.Fatalf("%d change rows", n)
	}
	for _, layout := range []string{"A4", "LABEL80"} {
		s := cards(layout)
		if !strings.Contains(s, line) {
			t.Errorf("%s: no %q (HN %s) in\n%s", layout, line, hn, s)
		}
		if !strings.Contains(s, " "+num(protein, 1)+" g") || !strings.Contains(s, " "+num(carb, 1)+" g") {
			t.Errorf("%s: no protein %v g or carbohydrate %v g in\n%s", layout, protein, carb, s)
		}
	}
	if res := save(admin, false); res.Status != 200 {
		t.Fatalf("off: %d", res.Status)
	}
	if s := cards("LABEL80"); strings.Contains(s, "kcal") {
		t.Errorf("nutrients printed after the setting was turned off")
	}
}
