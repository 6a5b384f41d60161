package logs

import (
	"context"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"samrap/pkg/dbtest"
	"samrap/pkg/hospital"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
	"samrap/pkg/orders"
	"samrap/pkg/params"
	"samrap/pkg/patients"
	"samrap/pkg/reports"
	"samrap/pkg/serve"
	"samrap/pkg/users"
)

// jsonKeys answers the top-level keys v's type encodes to (the fields a change-log
// document of it has).
func jsonKeys(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name := strings.Split(tag, ",")[0]
		if f.Anonymous && name == "" {
			out = append(out, jsonKeys(f.Type)...)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// displayOf reports whether key is a reference's display field (cuisineTypeNameTh beside
// cuisineTypeId), shown folded into the reference.
func displayOf(key string, has func(string) bool) bool {
	for _, suffix := range displaySuffix {
		if base, ok := strings.CutSuffix(key, suffix); ok && has(base+"Id") {
			return true
		}
	}
	return false
}

// unlabelled answers the keys of entity that show as themselves (no label) in either
// language, leaving out the bookkeeping the entry shows on its own.
func unlabelled(entity string, keys []string) []string {
	var out []string
	has := func(key string) bool { return slices.Contains(keys, key) }
	for _, k := range keys {
		if bookkeeping[k] || isTechnical(entity, k) || displayOf(k, has) {
			continue
		}
		if fieldLabel(entity, k, i18n.TH) == k || fieldLabel(entity, k, i18n.EN) == k {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Every field of every record an area logs through a Go type has a Thai and English label,
// and every entity a name: a field added to one of these types without a label fails here.
func TestEveryLoggedFieldIsLabelled(t *testing.T) {
	t.Parallel()
	typed := map[string][]any{
		"patient":           {patients.Patient{}},
		"menu":              {menus.Menu{}},
		"menu_set":          {menus.MenuSet{}},
		"cycle":             {menus.Cycle{}},
		"cycle_menu":        {menus.CycleMenu{}},
		"app_user":          {users.Account{}, users.Input{}},
		"user_permission":   {users.Pair{}},
		"serve_setting":     {serve.Setting{}},
		"meal_card_setting": {reports.CardSetting{}},
		"meal_order":        {orders.Order{}},
		"hospitalConnector": {hospital.Settings{}},
	}
	for entity, vs := range typed {
		if entityLabel(entity, i18n.EN) == entity {
			t.Errorf("the entity %s has no name", entity)
		}
		for _, v := range vs {
			if missing := unlabelled(entity, jsonKeys(reflect.TypeOf(v))); len(missing) > 0 {
				t.Errorf("%s (%T): no label for %v", entity, v, missing)
			}
		}
	}

	// An order's fields are named by the screens' locale files (words.go), each by its own
	// `field.<key>` in th/orders.json and en/orders.json, never by another entity's label.
	if errOrderWords != nil {
		t.Fatal(errOrderWords)
	}
	for _, k := range jsonKeys(reflect.TypeOf(orders.Order{})) {
		if _, ok := orderFields[k]; !ok && !bookkeeping[k] && !isTechnical("meal_order", k) {
			t.Errorf("meal_order: no field.%s in web/src/locales/th/orders.json and en/orders.json", k)
		}
	}

	// Master data and branches log their rows as stored: every column of the table.
	pool := dbtest.New(t)
	tables := map[string][]string{"branch": nil}
	for _, k := range params.Kinds() {
		tables[k.Table] = nil
		if k.List != nil {
			tables[k.Table] = append(tables[k.Table], k.List.JSON)
		}
	}
	for table, extra := range tables {
		rows, err := pool.Query(context.Background(), `SELECT column_name::text FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = $1`, table)
		if err != nil {
			t.Fatal(err)
		}
		cols := extra
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				t.Fatal(err)
			}
			cols = append(cols, c)
		}
		if rows.Err() != nil || len(cols) == len(extra) {
			t.Fatalf("the columns of %s: %v %v", table, cols, rows.Err())
		}
		if entityLabel(table, i18n.EN) == table {
			t.Errorf("the entity %s has no name", table)
		}
		if missing := unlabelled(table, cols); len(missing) > 0 {
			t.Errorf("%s: no label for %v", table, missing)
		}
	}
}

// A change shows coded values in words, a reference logged with its display fields as the
// row, and leaves the technical fields out.
func TestChangeReadsAsWords(t *testing.T) {
	t.Parallel()
	before := `{"hnId": "H1", "gender": "male", "cardLanguage": "TH", "hospitalStatus": "IN_HOSPITAL", "version": 3, "age": 40}`
	after := `{"hnId": "H1", "gender": "female", "cardLanguage": "ALL", "hospitalStatus": "DISCHARGED", "version": 4, "age": 40}`
	got := map[string][2]any{}
	fields, err := diff("patient", []byte(before), []byte(after), refs{}, pageNames{}, i18n.TH)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		got[f.Label] = [2]any{f.Before, f.After}
	}
	want := map[string][2]any{"เพศ": {"ชาย", "หญิง"}, "ภาษาบนบัตรอาหาร": {"ไทย", "ไทยและอังกฤษ"},
		"สถานะผู้ป่วย": {"อยู่ในโรงพยาบาล", "จำหน่ายแล้ว"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("patient: %v, want %v", got, want)
	}
	before = `{"cuisineTypeId": 1, "cuisineTypeCode": "CU01", "cuisineTypeNameTh": "ไทย", "cuisineTypeNameEn": "Thai", "status": "ACTIVE"}`
	after = `{"cuisineTypeId": 2, "cuisineTypeCode": "CU02", "cuisineTypeNameTh": "จีน", "cuisineTypeNameEn": "Chinese", "status": "INACTIVE"}`
	fields, err = diff("menu", []byte(before), []byte(after), refs{}, pageNames{}, i18n.EN)
	if err != nil {
		t.Fatal(err)
	}
	if len(fields) != 2 || fields[0].Label != "Cuisine type" || fields[1].After != "Inactive" {
		t.Fatalf("menu: %+v", fields)
	}
	if row, _ := fields[0].After.(map[string]any); row["code"] != "CU02" || row["nameEn"] != "Chinese" {
		t.Fatalf("the cuisine type as a row: %+v", fields[0])
	}
	// a serving's device (a browser's UUID) shortened, in a change and in an activity's detail
	fields, err = diff("serve_record", nil, []byte(`{"deviceId": "3920b484-fd6c-4105-8a64-c8208040f265"}`), refs{}, pageNames{}, i18n.TH)
	if err != nil || len(fields) != 1 || fields[0].After != "3920b484…" {
		t.Fatalf("device: %+v %v", fields, err)
	}
	if d := string(showDetail([]byte(`{"deviceId": "3920b484-fd6c-4105-8a64-c8208040f265"}`), i18n.TH)); d != `{"deviceId":"3920b484…"}` {
		t.Fatalf("device in a detail: %s", d)
	}
	// an order's fields and coded values in the screens' words (web/src/locales)
	before = `{"status": "WAITING", "orderType": "ORD", "courseType": "MENU", "charge": false, "reviewReasons": null}`
	after = `{"status": "CANCELLED", "orderType": "NPO", "courseType": null, "charge": true, "reviewReasons": ["DIET", "MENU"], "cancelReason": "DOCTOR"}`
	for lang, want := range map[i18n.Lang][][3]any{
		i18n.TH: {{"เหตุผลที่ยกเลิก", nil, "แพทย์ยกเลิก"}, {"คิดค่าใช้จ่าย", false, true}, {"รูปแบบการสั่ง", "เมนู", nil},
			{"ประเภทการสั่ง", "สั่งอาหาร", "งดน้ำงดอาหาร (NPO)"}, {"เหตุที่ต้องตรวจสอบ", nil, []any{"ประเภทอาหารเปลี่ยน", "อาหารในถาดเปลี่ยน"}},
			{"สถานะ", "รอเสิร์ฟ", "ยกเลิก"}},
		i18n.EN: {{"Cancel reason", nil, "By doctor"}, {"Charged", false, true}, {"Course type", "Menu", nil},
			{"Order type", "Order food", "Fasting (NPO)"}, {"Review reasons", nil, []any{"Diet changed", "Food on the tray changed"}},
			{"Status", "Awaiting serving", "Cancelled"}},
	} {
		fields, err = diff("meal_order", []byte(before), []byte(after), refs{}, pageNames{}, lang)
		if err != nil {
			t.Fatal(err)
		}
		var got [][3]any
		for _, f := range fields {
			got = append(got, [3]any{f.Label, f.Before, f.After})
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("an order in %s: %v, want %v", lang, got, want)
		}
	}
	// a free-text meal's acknowledged rules, each by its kind and name
	rules := `{"freeTextRules": [{"kind": "ALLERGEN", "code": "AL01", "nameTh": "กุ้ง", "nameEn": "Shrimp"},
		{"kind": "TEXTURE_FOOD", "code": "IDDSI 5", "nameTh": "อาหารไม่เกิน IDDSI 5", "nameEn": "food up to IDDSI 5"}]}`
	fields, err = diff("meal_order", nil, []byte(rules), refs{}, pageNames{}, i18n.EN)
	if err != nil || len(fields) != 1 || fields[0].Label != "Food rules acknowledged for the free-text meal" ||
		!reflect.DeepEqual(fields[0].After, []any{"Allergy: Shrimp", "Food texture: food up to IDDSI 5"}) {
		t.Fatalf("free-text rules: %+v %v", fields, err)
	}
}
