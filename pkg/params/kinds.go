package params

import (
	"slices"
	"strings"
	"sync"
)

// FieldType is how a kind's own field is stored, sent and written in a workbook.
type FieldType int

const (
	Text    FieldType = iota // string
	Bool                     // true/false; "Y"/"N", "ใช่"/"ไม่ใช่" in a workbook
	Int                      // whole number
	Clock                    // "HH:MM", stored as time
	Color                    // "#RRGGBB"
	Ref                      // id of another kind's row in the same branch; its code in a workbook
	Decimal                  // a number of up to two decimals, at least 0, or none (null, an empty cell)
	Choice                   // one of the field's Options, as text
)

// Field is one of a kind's own columns (beyond code, names and status, which every kind has).
type Field struct {
	JSON     string // camelCase name in the API, e.g. "startTime"
	Column   string // column, e.g. "start_time"
	Type     FieldType
	Required bool
	Max      int      // longest text, in characters (0: 500)
	Pattern  string   // a regexp the text must match, when set
	Ref      string   // the referenced kind's name (Type Ref)
	Options  []string // the values a Choice takes
	Th, En   string   // workbook headers
}

// refBase is the prefix of a reference's display fields: "wardTypeId" → "wardType"
// (wardTypeCode, wardTypeNameTh, wardTypeNameEn).
func (f Field) refBase() string { return strings.TrimSuffix(f.JSON, "Id") }

// List is a kind's list of another kind's rows (the restricted ingredients of a religion).
type List struct {
	JSON        string // "restrictedIds"; the rows themselves are answered as "restricted"
	Display     string
	Table       string // "religion_restricted"
	OwnerColumn string // "religion_id"
	ItemColumn  string // "restricted_id"
	ItemKind    string // "Restricted"
	Th, En      string
}

// Kind describes one master-data list: the engine (store.go, service.go, the workbook
// format in pkg/imports) is driven by it.
type Kind struct {
	Name    string   // the suffix of SPEC.md §7: searchX, updateX, deleteX; the import/export type
	Aliases []string // other spellings answered (Therapetic)
	Table   string
	Th, En  string // the list's name, for messages ("used in …") and file names
	NoName  bool   // the kind has no name of its own (room type → food group mapping)
	NameEn  bool   // the English name is required
	Fields  []Field
	List    *List
	// Check validates across fields; it answers field → message key.
	Check func(v map[string]any) map[string]string
	// Unique is a unique constraint beyond the code's, answered as a conflict on a field.
	Unique *Unique

	// The kind's statements, built from the description on first use (Kind.sql).
	sqlOnce sync.Once
	built   *kindSQL
}

// Unique names a unique constraint of a kind's table and the field and message a conflict
// with it is answered on (one target per nutrient of a diet type).
type Unique struct {
	Constraint, Field, Key string
}

// kindSQL is every statement of a kind: its SELECT, its single-record writes and its
// set-based upsert.
type kindSQL struct {
	query                  query
	insert, update, delete stmt
	bulk                   string
}

// sql answers the kind's statements, built on the kind's first use rather than at package
// init: building all 19 kinds' took about 0.4 ms of a cold start (ARCHITECTURE.md §10,
// package init under 1 ms), and a request touches one kind. sync.Once makes the first use
// safe from concurrent requests.
func (k *Kind) sql() *kindSQL {
	k.sqlOnce.Do(func() {
		q := buildQuery(k)
		k.built = &kindSQL{query: q, insert: buildSave(k, q, false), update: buildSave(k, q, true),
			delete: buildDelete(k), bulk: buildBulkSQL(k)}
	})
	return k.built
}

// Field answers the kind's own field named json.
func (k *Kind) Field(json string) (Field, bool) {
	for _, f := range k.Fields {
		if f.JSON == json {
			return f, true
		}
	}
	return Field{}, false
}

// The fixed formats are checked by plain code rather than regular expressions, which would
// be compiled at package init (about 0.2 ms of a cold start, ARCHITECTURE.md §10). Each
// matches exactly what the expression in its comment matches (rules_test.go compares them).

// isHexColor: ^#[0-9A-Fa-f]{6}$
func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// isClock: ^([01][0-9]|2[0-3]):[0-5][0-9]$
func isClock(s string) bool {
	if len(s) != 5 || s[2] != ':' {
		return false
	}
	h1, h2, m1, m2 := s[0], s[1], s[3], s[4]
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	if !digit(h2) || !digit(m2) || m1 < '0' || m1 > '5' {
		return false
	}
	return h1 == '0' || h1 == '1' || h1 == '2' && h2 <= '3'
}

// isCode: ^\S{1,30}$ — one to 30 characters (an invalid UTF-8 byte counts as one), none of
// them the white space of \s in Go's syntax ([\t\n\f\r ]).
func isCode(s string) bool {
	n := 0
	for _, r := range s {
		switch r {
		case '\t', '\n', '\f', '\r', ' ':
			return false
		}
		n++
	}
	return n >= 1 && n <= 30
}

// isBranchCode: ^[A-Z0-9_-]{2,20}$ (the branch table's check).
func isBranchCode(s string) bool {
	if len(s) < 2 || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func remark() Field {
	return Field{JSON: "remark", Column: "remark", Type: Text, Th: "หมายเหตุ", En: "Remark"}
}

// kinds is every master-data kind of SPEC.md §3 (cycle menus belong to the menus area).
// Order matters: a kind comes after the kinds it references (copying a branch follows it).
var kinds = []*Kind{
	{Name: "DietType", Table: "diet_type", Th: "ประเภทอาหาร", En: "Diet types", Fields: []Field{remark()}},
	{Name: "Therapeutic", Aliases: []string{"Therapetic"}, Table: "therapeutic", Th: "อาหารเฉพาะโรค", En: "Therapeutic foods",
		Fields: []Field{
			{JSON: "type", Column: "type", Type: Text, Max: 100, Th: "ประเภท", En: "Type"},
			{JSON: "mealPlan", Column: "meal_plan", Type: Bool, Th: "นำไปคำนวณแผนอาหาร", En: "Counts in meal plan"},
		}},
	{Name: "Allergies", Table: "allergen", Th: "สารก่อภูมิแพ้", En: "Allergens", Fields: []Field{remark()}},
	{Name: "Restricted", Table: "restricted_ingredient", Th: "วัตถุดิบต้องห้าม", En: "Restricted ingredients", Fields: []Field{remark()}},
	{Name: "CuisineType", Table: "cuisine_type", Th: "ประเภทครัว", En: "Cuisine types", Fields: []Field{remark()}},
	{Name: "MealTime", Table: "meal_time", Th: "มื้ออาหาร", En: "Meal times",
		Fields: []Field{
			{JSON: "startTime", Column: "start_time", Type: Clock, Required: true, Th: "เวลาเริ่ม", En: "Start time"},
			{JSON: "endTime", Column: "end_time", Type: Clock, Required: true, Th: "เวลาสิ้นสุด", En: "End time"},
			{JSON: "abbreviation", Column: "abbreviation", Type: Text, Required: true, Pattern: `^\p{L}{2}$`, Th: "อักษรย่อ", En: "Abbreviation"},
			{JSON: "textColor", Column: "text_color", Type: Color, Required: true, Th: "สีตัวอักษร", En: "Text colour"},
			{JSON: "mealColor", Column: "meal_color", Type: Color, Required: true, Th: "สีมื้ออาหาร", En: "Meal colour"},
		},
		Check: func(v map[string]any) map[string]string {
			s, _ := v["startTime"].(string)
			e, _ := v["endTime"].(string)
			if s != "" && e != "" && s >= e {
				return map[string]string{"endTime": "params.endBeforeStart"}
			}
			return nil
		}},
	{Name: "MealClass", Table: "meal_class", Th: "กลุ่มอาหาร", En: "Food groups",
		Fields: []Field{remark(), {JSON: "aLaCarte", Column: "a_la_carte", Type: Bool, Th: "สั่งตามสั่งได้", En: "À la carte allowed"}}},
	{Name: "NutrientUnit", Table: "nutrient_unit", Th: "หน่วยสารอาหาร", En: "Nutrient units",
		Fields: []Field{{JSON: "unit", Column: "unit", Type: Text, Required: true, Max: 30, Th: "หน่วย", En: "Unit"}}},
	{Name: "Remark", Table: "remark", Th: "หมายเหตุ", En: "Remarks"},
	{Name: "Other", Table: "other_item", Th: "อื่น ๆ", En: "Others"},
	{Name: "MealComponent", Table: "meal_component", Th: "ส่วนประกอบมื้ออาหาร", En: "Meal components"},
	{Name: "TrayCategory", Table: "tray_category", Th: "หมวดอาหารในถาด", En: "Tray food categories"},
	{Name: "Religion", Table: "religion", Th: "ศาสนา", En: "Religions",
		List: &List{JSON: "restrictedIds", Display: "restricted", Table: "religion_restricted", OwnerColumn: "religion_id",
			ItemColumn: "restricted_id", ItemKind: "Restricted", Th: "วัตถุดิบต้องห้าม", En: "Restricted ingredients"}},
	{Name: "Vegetarian", Table: "vegetarian", Th: "ประเภทมังสวิรัติ", En: "Vegetarian types",
		List: &List{JSON: "restrictedIds", Display: "restricted", Table: "vegetarian_restricted", OwnerColumn: "vegetarian_id",
			ItemColumn: "restricted_id", ItemKind: "Restricted", Th: "วัตถุดิบต้องห้าม", En: "Restricted ingredients"}},
	{Name: "WardType", Table: "ward_type", Th: "ประเภทหอผู้ป่วย", En: "Ward types",
		Fields: []Field{
			{JSON: "startAge", Column: "start_age", Type: Int, Required: true, Th: "อายุเริ่มต้น (ปี)", En: "Start age (years)"},
			{JSON: "endAge", Column: "end_age", Type: Int, Required: true, Th: "อายุสิ้นสุด (ปี)", En: "End age (years)"},
		},
		Check: func(v map[string]any) map[string]string {
			out := map[string]string{}
			s, okS := v["startAge"].(int64)
			e, okE := v["endAge"].(int64)
			if okS && (s < 0 || s > 150) {
				out["startAge"] = "params.ageRange"
			}
			if okE && (e < 0 || e > 150) {
				out["endAge"] = "params.ageRange"
			}
			if okS && okE && len(out) == 0 && s > e {
				out["endAge"] = "params.endAgeBeforeStart"
			}
			return out
		}},
	{Name: "Ward", Table: "ward", Th: "หอผู้ป่วย", En: "Wards",
		Fields: []Field{
			{JSON: "wardTypeId", Column: "ward_type_id", Type: Ref, Ref: "WardType", Required: true, Th: "รหัสประเภทหอผู้ป่วย", En: "Ward type code"},
			{JSON: "description", Column: "description", Type: Text, Th: "รายละเอียด", En: "Description"},
		}},
	{Name: "RoomType", Table: "room_type", Th: "ประเภทห้อง", En: "Room types", Fields: []Field{remark()}},
	{Name: "Room", Table: "room", Th: "ห้อง/เตียง", En: "Rooms and beds",
		Fields: []Field{
			{JSON: "wardId", Column: "ward_id", Type: Ref, Ref: "Ward", Required: true, Th: "รหัสหอผู้ป่วย", En: "Ward code"},
			{JSON: "roomTypeId", Column: "room_type_id", Type: Ref, Ref: "RoomType", Required: true, Th: "รหัสประเภทห้อง", En: "Room type code"},
		}},
	{Name: "NutrientTarget", Table: "nutrient_target", Th: "เป้าหมายสารอาหาร", En: "Nutrient targets", NoName: true,
		Unique: &Unique{Constraint: "nutrient_target_key", Field: "nutrient", Key: "params.targetDuplicate"},
		Fields: []Field{
			{JSON: "dietTypeId", Column: "diet_type_id", Type: Ref, Ref: "DietType", Th: "รหัสประเภทอาหาร", En: "Diet type code"},
			{JSON: "therapeuticId", Column: "therapeutic_id", Type: Ref, Ref: "Therapeutic", Th: "รหัสอาหารเฉพาะโรค", En: "Therapeutic food code"},
			{JSON: "nutrient", Column: "nutrient", Type: Choice, Required: true, Options: Nutrients, Th: "สารอาหาร", En: "Nutrient"},
			{JSON: "dailyMin", Column: "daily_min", Type: Decimal, Th: "ต่ำสุดต่อวัน", En: "Daily minimum"},
			{JSON: "dailyMax", Column: "daily_max", Type: Decimal, Th: "สูงสุดต่อวัน", En: "Daily maximum"},
			{JSON: "mealMin", Column: "meal_min", Type: Decimal, Th: "ต่ำสุดต่อมื้อ", En: "Per-meal minimum"},
			{JSON: "mealMax", Column: "meal_max", Type: Decimal, Th: "สูงสุดต่อมื้อ", En: "Per-meal maximum"},
		},
		Check: checkTarget},
	{Name: "RoomMealClass", Table: "room_meal_class", Th: "กลุ่มอาหารตามประเภทห้อง", En: "Room type food groups", NoName: true,
		Fields: []Field{
			{JSON: "roomTypeId", Column: "room_type_id", Type: Ref, Ref: "RoomType", Required: true, Th: "รหัสประเภทห้อง", En: "Room type code"},
			{JSON: "mealClassId", Column: "meal_class_id", Type: Ref, Ref: "MealClass", Th: "รหัสกลุ่มอาหาร", En: "Food group code"},
			{JSON: "description", Column: "description", Type: Text, Th: "รายละเอียด", En: "Description"},
		}},
}

// Nutrients are the nutrients a dish states per serving (menus.Nutrients, the same list:
// kinds_test.go) and a target ranges, in their base units: energy in kcal, sodium in mg,
// the others in g (docs/nutrition.md).
var Nutrients = []string{"energy", "protein", "fat", "carbohydrate", "sodium", "sugar", "fiber"}

// checkTarget: a target is for one diet type or one therapeutic food, bounds at least one
// range, and no minimum exceeds its maximum.
func checkTarget(v map[string]any) map[string]string {
	out := map[string]string{}
	d, _ := v["dietTypeId"].(int64)
	t, _ := v["therapeuticId"].(int64)
	if (d == 0) == (t == 0) {
		out["dietTypeId"] = "params.targetForOne"
	}
	num := func(k string) (float64, bool) { f, ok := v[k].(float64); return f, ok }
	dmin, okDmin := num("dailyMin")
	dmax, okDmax := num("dailyMax")
	mmin, okMmin := num("mealMin")
	mmax, okMmax := num("mealMax")
	if !okDmin && !okDmax && !okMmin && !okMmax {
		out["dailyMax"] = "params.targetUnbounded"
	}
	if okDmin && okDmax && dmin > dmax {
		out["dailyMax"] = "params.maxBelowMin"
	}
	if okMmin && okMmax && mmin > mmax {
		out["mealMax"] = "params.maxBelowMin"
	}
	return out
}

// Kinds answers every kind, referenced kinds first.
func Kinds() []*Kind { return slices.Clone(kinds) }

// KindOf answers the kind named by a suffix of SPEC.md §7 ("DietType", "Therapetic", …).
func KindOf(name string) (*Kind, bool) {
	for _, k := range kinds {
		if strings.EqualFold(k.Name, name) || slices.ContainsFunc(k.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return k, true
		}
	}
	return nil, false
}

func kindByName(name string) *Kind {
	k, ok := KindOf(name)
	if !ok {
		panic("params: no kind " + name)
	}
	return k
}

// usedIn names, for a table that references master data, the message key that says where
// an item is used (a delete refused by a foreign key).
func usedInKey(table string) string {
	switch table {
	case "religion_restricted":
		table = "religion"
	case "vegetarian_restricted":
		table = "vegetarian"
	case "menu_allergen", "menu_restricted", "menu_meal_class", "menu_diet_type", "menu_therapeutic", "menu_nutrient":
		table = "menu" // a dish's lists (pkg/menus)
	}
	return "params.usedIn." + table
}
