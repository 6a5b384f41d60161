package menus_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"samrap/pkg/apitest"
	"samrap/pkg/i18n"
	"samrap/pkg/imports"
	"samrap/pkg/menus"
)

// importFixture is the API with import-worker behind the local S3 → SQS stand-in.
func importFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.s.ImportWorker()
	return f
}

// upload posts the form of POST /api/upload/menuData and, when it is taken, waits for its
// job to end.
func (f *fixture) upload(t *testing.T, token, branch, typ, name string, body []byte) (apitest.Response, apitest.Job) {
	t.Helper()
	res := f.s.Upload("/api/upload/menuData", token, "en", map[string]string{"branchCode": branch, "createBy": "D0004", "type": typ},
		apitest.Part{Field: "file", Name: name, Body: body})
	if res.Status != http.StatusOK {
		return res, apitest.Job{}
	}
	var j apitest.Job
	res.Into(t, &j)
	return res, f.s.WaitJob(token, j.ID, "en")
}

// download answers GET /api/download/menuDataType.
func (f *fixture) download(token, query string) apitest.Response {
	return f.s.Do(apitest.Request{Method: "GET", Path: "/api/download/menuDataType?" + query, Token: token, Lang: "en"})
}

// failedRows answers the job's failed-rows workbook.
func (f *fixture) failedRows(t *testing.T, j apitest.Job) [][]string {
	t.Helper()
	return apitest.SheetRows(t, f.s.Fetch(j.FailedURL))
}

// wantFailed checks the failed rows (line, reason) in order.
func wantFailed(t *testing.T, rows [][]string, want [][2]string) {
	t.Helper()
	if len(rows) != len(want)+1 {
		t.Fatalf("failed rows: %q", rows)
	}
	for i, w := range want {
		r := rows[i+1]
		if r[0] != w[0] || r[len(r)-1] != w[1] {
			t.Errorf("failed row %d: %q, want %q", i+1, r, w)
		}
	}
}

func reason(col, key string) string { return col + ": " + i18n.T(i18n.EN, key) }

func (f *fixture) menuByCode(t *testing.T, code string) menus.Menu {
	t.Helper()
	var m menus.Menu
	res := f.s.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/parameter/getMenu?branchCode=SRP01&id=%d", f.id(t, "menu", code)),
		Token: f.nutri, Lang: "en"})
	if res.Status != http.StatusOK {
		t.Fatalf("getMenu %s: %d %s", code, res.Status, res.Body)
	}
	res.Into(t, &m)
	return m
}

func nutrients(m menus.Menu) string {
	out := ""
	for _, n := range m.Nutrients {
		out += fmt.Sprintf("%s=%g%s;", n.Nutrient, n.Amount, n.Unit)
	}
	return out
}

// Dishes from a workbook written by another library: adds and updates, never deletes;
// every bad row comes back with its reason and nothing of it is written; the same file
// again changes nothing; a names-only sheet keeps the other columns.
func TestImportMenus(t *testing.T) {
	t.Parallel()
	f := importFixture(t)
	ctx := context.Background()
	if _, err := f.s.DB.Exec(ctx, `UPDATE allergen SET active = false WHERE branch_code = 'SRP01' AND code = 'AL05'`); err != nil {
		t.Fatal(err)
	}
	before := f.s.Count(`SELECT count(*) FROM menu WHERE branch_code = 'SRP01'`)
	_, j := f.upload(t, f.nutri, "SRP01", "Menu", "menus.xlsx", apitest.Testdata(t, "menus.xlsx"))
	if j.Status != imports.Done || j.Added != 2 || j.Updated != 1 || j.Skipped != 13 || j.TotalRows != 16 || j.Deleted != 0 {
		t.Fatalf("job: %+v", j)
	}
	if n := f.s.Count(`SELECT count(*) FROM menu WHERE branch_code = 'SRP01'`); n != before+2 {
		t.Fatalf("dishes %d, want %d", n, before+2)
	}
	if n := f.s.Count(`SELECT count(*) FROM menu WHERE branch_code = 'SRP01' AND code ~ '^MX(0[3-9]|1)'`); n != 0 {
		t.Fatalf("%d refused dishes written", n)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'menu' AND changed_by = 'D0004'`); n != 3 {
		t.Fatalf("change log rows %d, want 3", n)
	}
	mx1 := f.menuByCode(t, "MX01")
	if mx1.NameTh != "ปลานึ่งมะนาว (ทดสอบ)" || mx1.NameEn != "Steamed fish with lime (test)" || mx1.CuisineTypeCode != "CU01" ||
		mx1.MealComponentCode != "MP01" || mx1.IddsiType != "FOOD" || mx1.IddsiLevel != 7 || mx1.Price != 55.5 ||
		codes(mx1.Allergens) != "AL01" || codes(mx1.Restricted) != "RI01" || codes(mx1.MealClasses) != "MC01" ||
		codes(mx1.DietTypes) != "DT01,DT02" || codes(mx1.Therapeutics) != "TF01" || mx1.Remark != "ไม่เผ็ด" ||
		mx1.Status != "ACTIVE" || nutrients(mx1) != "energy=320kcal;protein=12g;fat=8g;sodium=450mg;" || mx1.CreatedBy != "D0004" {
		t.Fatalf("MX01: %+v", mx1)
	}
	mx2 := f.menuByCode(t, "MX02")
	if mx2.IddsiType != "DRINK" || mx2.IddsiLevel != 0 || mx2.Price != 1250 || mx2.Status != "INACTIVE" || mx2.MealComponentCode != "MP03" ||
		len(mx2.Allergens) != 0 || len(mx2.Nutrients) != 0 {
		t.Fatalf("MX02: %+v", mx2)
	}
	m1 := f.menuByCode(t, "M001")
	if m1.NameEn != "Rice porridge with sea bass" || m1.Price != 49 || codes(m1.DietTypes) != "DT02" ||
		nutrients(m1) != "energy=250kcal;protein=14g;fat=4g;carbohydrate=38g;sodium=620mg;" || m1.UpdatedBy != "D0004" {
		t.Fatalf("M001: %+v", m1)
	}
	wantFailed(t, f.failedRows(t, j), [][2]string{
		{"7", reason("Code", "field.required")},
		{"8", reason("Code", "menus.codeRepeated")},
		{"9", reason("Allergen ingredient codes (comma separated)", "menus.codeUnknown")},
		{"10", reason("Allergen ingredient codes (comma separated)", "menus.ingredientInactive")},
		{"11", reason("IDDSI level (food 3–7, drink 0–4)", "menus.iddsiFood")},
		{"12", reason("IDDSI level (food 3–7, drink 0–4)", "menus.iddsiDrink")},
		{"13", reason("Cuisine type code", "menus.codeUnknown")},
		{"14", reason("Price", "menus.priceInvalid")},
		{"15", reason("Protein (g)", "menus.unitMissing")},
		{"16", reason("IDDSI level (food 3–7, drink 0–4)", "params.intInvalid")},
		{"17", reason("Diet type codes (comma separated)", "menus.codeUnknown")},
		{"18", reason("Thai name", "params.nameThRequired")},
		{"19", reason("Status (ACTIVE/INACTIVE)", "field.invalid")},
	})

	// the same file again: the good rows are unchanged now
	_, again := f.upload(t, f.nutri, "SRP01", "Menu", "menus.xlsx", apitest.Testdata(t, "menus.xlsx"))
	if again.Added != 0 || again.Updated != 0 || again.Unchanged != 3 || again.Skipped != 13 {
		t.Fatalf("again: %+v", again)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'menu' AND changed_by = 'D0004'`); n != 3 {
		t.Fatalf("change log rows %d after an import that changed nothing, want 3", n)
	}

	// columns left out keep what is stored; an empty cell clears its column
	m2 := f.menuByCode(t, "M002")
	_, j = f.upload(t, f.nutri, "SRP01", "Menu", "names.xlsx", apitest.Testdata(t, "menus_names.xlsx"))
	if j.Status != imports.Done || j.Updated != 2 || j.Added != 0 || j.Skipped != 1 {
		t.Fatalf("names only: %+v", j)
	}
	now := f.menuByCode(t, "M002")
	if now.NameEn != "Rice porridge with minced pork (renamed)" || now.NameTh != m2.NameTh || now.Price != m2.Price ||
		codes(now.Allergens) != codes(m2.Allergens) || nutrients(now) != nutrients(m2) || now.IddsiLevel != m2.IddsiLevel {
		t.Fatalf("a names-only update changed more: %+v, was %+v", now, m2)
	}
	// its change-log entry holds the dish as the API answers it, before and after, as the
	// entry of a dish saved on its form does (the log's screen compares values as written)
	wantLogged(t, f, now.ID, m2, now)
	if m3 := f.menuByCode(t, "M003"); m3.NameEn != "" || m3.NameTh == "" {
		t.Fatalf("M003: %+v", m3)
	}
	wantFailed(t, f.failedRows(t, j), [][2]string{{"4", reason("Thai name", "params.nameThRequired")}})
}

// wantLogged checks the last change-log entry of dish id: before and after are the API's
// documents of the dish, field by field and number by number as written.
func wantLogged(t *testing.T, f *fixture, id int64, before, after menus.Menu) {
	t.Helper()
	var logBefore, logAfter []byte
	err := f.s.DB.QueryRow(context.Background(), `SELECT before::text, after::text FROM change_log
		WHERE entity = 'menu' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, fmt.Sprint(id)).Scan(&logBefore, &logAfter)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		logged []byte
		want   menus.Menu
	}{{"before", logBefore, before}, {"after", logAfter, after}} {
		want, err := json.Marshal(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := asWritten(t, c.logged), asWritten(t, want); !reflect.DeepEqual(got, w) {
			t.Errorf("change log %s:\n%v\nwant\n%v", c.name, got, w)
		}
	}
}

// asWritten decodes a document keeping its numbers as written (40 and 40.00 differ).
func asWritten(t *testing.T, doc []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%v: %s", err, doc)
	}
	return v
}

// Cycle contents from a workbook written by another library.
func TestImportCycleMenus(t *testing.T) {
	t.Parallel()
	f := importFixture(t)
	contents := `SELECT count(*) FROM cycle_menu WHERE branch_code = 'SRP01'`
	before := f.s.Count(contents)
	_, j := f.upload(t, f.nutri, "SRP01", "CycleMenu", "cycle.xlsx", apitest.Testdata(t, "cycle_menus.xlsx"))
	if j.Status != imports.Done || j.Added != 2 || j.Updated != 1 || j.Unchanged != 1 || j.Skipped != 10 || j.TotalRows != 14 {
		t.Fatalf("job: %+v", j)
	}
	if n := f.s.Count(contents); n != before+2 {
		t.Fatalf("contents %d, want %d", n, before+2)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'cycle_menu' AND changed_by = 'D0004'`); n != 3 {
		t.Fatalf("change log rows %d, want 3", n)
	}
	one := func(q string) int { return f.s.Count(q) }
	if one(`SELECT count(*) FROM cycle_menu cm JOIN cycle c ON c.branch_code = cm.branch_code AND c.id = cm.cycle_id
		JOIN meal_time t ON t.branch_code = cm.branch_code AND t.id = cm.meal_time_id
		JOIN menu m ON m.branch_code = cm.branch_code AND m.id = cm.menu_id
		JOIN tray_category tc ON tc.branch_code = cm.branch_code AND tc.id = cm.tray_category_id
		JOIN diet_type d ON d.branch_code = cm.branch_code AND d.id = cm.diet_type_id
		WHERE cm.branch_code = 'SRP01' AND c.code = 'CY-LOOP10' AND cm.day_no = 3 AND t.code = 'MT01' AND m.code = 'M001'
			AND tc.code = 'TC01' AND d.code = 'DT02' AND cm.therapeutic_id IS NULL AND cm.cuisine_type_id IS NULL`) != 1 {
		t.Fatal("the added dish content is not as written")
	}
	if one(`SELECT count(*) FROM cycle_menu cm JOIN cycle c ON c.branch_code = cm.branch_code AND c.id = cm.cycle_id
		JOIN meal_time t ON t.branch_code = cm.branch_code AND t.id = cm.meal_time_id
		JOIN menu_set s ON s.branch_code = cm.branch_code AND s.id = cm.menu_set_id
		JOIN therapeutic tf ON tf.branch_code = cm.branch_code AND tf.id = cm.therapeutic_id
		WHERE cm.branch_code = 'SRP01' AND c.code = 'CY-WEEK' AND cm.day_no = 7 AND t.code = 'MT04' AND s.code = 'SET02'
			AND tf.code = 'TF01' AND cm.updated_by = 'D0004'`) != 1 {
		t.Fatal("the added set content (round by its Thai name) is not as written")
	}
	if one(`SELECT count(*) FROM cycle_menu cm JOIN cycle c ON c.branch_code = cm.branch_code AND c.id = cm.cycle_id
		JOIN menu m ON m.branch_code = cm.branch_code AND m.id = cm.menu_id
		JOIN tray_category tc ON tc.branch_code = cm.branch_code AND tc.id = cm.tray_category_id
		JOIN cuisine_type ct ON ct.branch_code = cm.branch_code AND ct.id = cm.cuisine_type_id
		WHERE cm.branch_code = 'SRP01' AND c.code = 'CY-LOOP10' AND cm.day_no = 1 AND m.code = 'M004'
			AND tc.code = 'TC02' AND ct.code = 'CU01' AND cm.updated_by = 'D0004'`) != 1 {
		t.Fatal("the updated content is not as written")
	}
	wantFailed(t, f.failedRows(t, j), [][2]string{
		{"7", reason("Day of the round (weekday round: Monday = 1)", "menus.dayBeyondRound")},
		{"8", reason("Day of the round (weekday round: Monday = 1)", "menus.dayBeyondRound")},
		{"9", reason("Round code or name", "menus.codeUnknown")},
		{"10", reason("Dish code", "menus.codeUnknown")},
		{"11", reason("Dish code", "menus.oneItem")},
		{"12", reason("Dish code", "menus.oneItem")},
		{"13", reason("Dish code", "menus.rowRepeated")},
		{"14", reason("Meal time code", "menus.codeUnknown")},
		{"15", reason("Day of the round (weekday round: Monday = 1)", "params.intInvalid")},
		{"16", reason("Tray food category code", "menus.codeUnknown")},
	})

	// the same file again: the good rows are unchanged now
	_, again := f.upload(t, f.nutri, "SRP01", "CycleMenu", "cycle.xlsx", apitest.Testdata(t, "cycle_menus.xlsx"))
	if again.Added != 0 || again.Updated != 0 || again.Unchanged != 4 || again.Skipped != 10 || f.s.Count(contents) != before+2 {
		t.Fatalf("again: %+v", again)
	}
}

// Export → import is a no-op for both types, also after dishes with every kind of cell were
// imported; the template is the header row; an empty list answers 204.
func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	f := importFixture(t)
	if _, j := f.upload(t, f.nutri, "SRP01", "Menu", "menus.xlsx", apitest.Testdata(t, "menus.xlsx")); j.Added != 3 {
		t.Fatalf("fixture import: %+v", j)
	}
	// a dish keeps an ingredient deactivated after it was added (exported, it imports back)
	if n := f.s.Count(`WITH u AS (UPDATE allergen SET active = false WHERE branch_code = 'SRP01' AND code = 'AL05' RETURNING id)
		SELECT count(*) FROM menu_allergen x JOIN u ON x.allergen_id = u.id WHERE x.branch_code = 'SRP01'`); n == 0 {
		t.Fatal("no dish has AL05")
	}
	logRows := `SELECT count(*) FROM change_log WHERE branch_code = 'SRP01'`
	for _, c := range []struct {
		typ, table string
		cols       int
	}{{"Menu", "menu", len(menus.MenuColumns())}, {"CycleMenu", "cycle_menu", len(menus.CycleMenuColumns()) + 1}} {
		res := f.s.Download(f.download(f.nutri, "branchCode=SRP01&type="+c.typ))
		rows := apitest.SheetRows(t, res.Body)
		stored := f.s.Count(`SELECT count(*) FROM ` + c.table + ` WHERE branch_code = 'SRP01'`)
		if len(rows) != stored+1 || len(rows[0]) != c.cols {
			t.Fatalf("export %s: %d rows of %d columns, want %d of %d", c.typ, len(rows), len(rows[0]), stored+1, c.cols)
		}
		logged := f.s.Count(logRows)
		_, j := f.upload(t, f.nutri, "SRP01", c.typ, "export.xlsx", res.Body)
		if j.Status != imports.Done || j.Unchanged != stored || j.Added+j.Updated+j.Skipped != 0 {
			t.Fatalf("export %s imported back: %+v (%s)", c.typ, j, j.Error)
		}
		if n := f.s.Count(logRows); n != logged {
			t.Fatalf("export %s imported back wrote %d change-log rows", c.typ, n-logged)
		}

		tpl := f.s.Download(f.download(f.nutri, "branchCode=SRP01&template=true&type="+c.typ))
		if rows := apitest.SheetRows(t, tpl.Body); tpl.FileName != c.typ+"_SRP01_template.xlsx" || len(rows) != 1 || len(rows[0]) != c.cols {
			t.Fatalf("template %s: %s %q", c.typ, tpl.FileName, rows)
		}
	}
	if _, err := f.s.DB.Exec(context.Background(), `DELETE FROM cycle_menu WHERE branch_code = 'SRP01'`); err != nil {
		t.Fatal(err)
	}
	if res := f.download(f.nutri, "branchCode=SRP01&type=CycleMenu"); res.Status != http.StatusNoContent {
		t.Fatalf("export of no contents: %d", res.Status)
	}
}

// Who may upload and download, and what.
func TestImportRefusals(t *testing.T) {
	t.Parallel()
	f := importFixture(t)
	body := apitest.Testdata(t, "menus.xlsx")
	for _, c := range []struct {
		name, token, branch, typ, file string
		body                           []byte
		status                         int
	}{
		{"order taker", f.taker, "SRP01", "Menu", "menus.xlsx", body, http.StatusForbidden},
		{"another branch", f.nutri, "SRP02", "Menu", "menus.xlsx", body, http.StatusForbidden},
		{"unknown type", f.nutri, "SRP01", "Dish", "menus.xlsx", body, http.StatusUnprocessableEntity},
		{"no type", f.nutri, "SRP01", "", "menus.xlsx", body, http.StatusUnprocessableEntity},
		{"csv", f.nutri, "SRP01", "CycleMenu", "menus.csv", []byte("Code\nX1\n"), http.StatusUnprocessableEntity},
	} {
		if res, _ := f.upload(t, c.token, c.branch, c.typ, c.file, c.body); res.Status != c.status {
			t.Errorf("%s: %d, want %d (%s)", c.name, res.Status, c.status, res.Body)
		}
	}
	if _, j := f.upload(t, f.nutri, "SRP01", "Menu", "fake.xlsx", []byte("Code,Name\nX1,ก\n")); j.Status != imports.Failed {
		t.Fatalf("a text file named .xlsx: %+v", j)
	}
	// SRP02's Nutritionist imports into SRP02 only
	if _, j := f.upload(t, f.nutri2, "SRP02", "CycleMenu", "cycle.xlsx", apitest.Testdata(t, "cycle_menus.xlsx")); j.Status != imports.Done || j.Added != 2 {
		t.Fatalf("SRP02: %+v", j)
	}
	if n := f.s.Count(`SELECT count(*) FROM cycle_menu WHERE branch_code = 'SRP01' AND updated_by <> 'demo'`); n != 0 {
		t.Fatalf("SRP02's import wrote %d SRP01 contents", n)
	}
	for _, c := range []struct {
		name, token, query string
		status             int
	}{
		{"order taker", f.taker, "branchCode=SRP01&type=Menu", http.StatusForbidden},
		{"another branch", f.nutri, "branchCode=SRP02&type=Menu", http.StatusForbidden},
		{"unknown type", f.nutri, "branchCode=SRP01&type=Dish", http.StatusUnprocessableEntity},
		{"no branch", f.nutri, "type=Menu", http.StatusUnprocessableEntity},
	} {
		if res := f.download(c.token, c.query); res.Status != c.status {
			t.Errorf("download, %s: %d, want %d", c.name, res.Status, c.status)
		}
	}
}
