package menus

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/imports"
	"samrap/pkg/session"
)

// The types of the menus' import jobs (uploads/<branch>/<type>/<job>/<file>), also the
// "type" of POST /api/upload/menuData and GET /api/download/menuDataType.
const (
	MenuImportType      = "Menu"
	CycleMenuImportType = "CycleMenu"
)

// ImportTypes are the menus' import (and export) types.
var ImportTypes = []string{MenuImportType, CycleMenuImportType}

type column struct{ key, th, en string }

func importColumns(cols []column) []imports.Column {
	out := make([]imports.Column, len(cols))
	for i, c := range cols {
		out[i] = imports.Column{Key: c.key, Th: c.th, En: c.en}
	}
	return out
}

// menuColumns are the columns of the dish workbook, in the export's order. References are
// the codes of the branch's rows; a nutrient is an amount per serving, with its unit (a
// nutrient unit's symbol or code) or in the column's unit.
var menuColumns = []column{
	{"code", "รหัส", "Code"},
	{"nameTh", "ชื่อภาษาไทย", "Thai name"},
	{"nameEn", "ชื่อภาษาอังกฤษ", "English name"},
	{"cuisineTypeCode", "รหัสประเภทครัว", "Cuisine type code"},
	{"mealComponentCode", "รหัสส่วนประกอบมื้ออาหาร", "Meal component code"},
	{"iddsiType", "ประเภทเนื้อสัมผัส (FOOD/DRINK)", "Texture type (FOOD/DRINK)"},
	{"iddsiLevel", "ระดับ IDDSI (อาหาร 3–7, เครื่องดื่ม 0–4)", "IDDSI level (food 3–7, drink 0–4)"},
	{"price", "ราคา", "Price"},
	{"allergenCodes", "รหัสวัตถุดิบก่อภูมิแพ้ (คั่นด้วย ,)", "Allergen ingredient codes (comma separated)"},
	{"restrictedCodes", "รหัสวัตถุดิบต้องห้าม (คั่นด้วย ,)", "Restricted ingredient codes (comma separated)"},
	{"mealClassCodes", "รหัสกลุ่มอาหาร (คั่นด้วย ,)", "Food group codes (comma separated)"},
	{"dietTypeCodes", "รหัสประเภทอาหาร (คั่นด้วย ,)", "Diet type codes (comma separated)"},
	{"therapeuticCodes", "รหัสอาหารเฉพาะโรค (คั่นด้วย ,)", "Therapeutic food codes (comma separated)"},
	{"energy", "พลังงาน (kcal)", "Energy (kcal)"},
	{"protein", "โปรตีน (g)", "Protein (g)"},
	{"fat", "ไขมัน (g)", "Fat (g)"},
	{"carbohydrate", "คาร์โบไฮเดรต (g)", "Carbohydrate (g)"},
	{"sodium", "โซเดียม (mg)", "Sodium (mg)"},
	{"sugar", "น้ำตาล (g)", "Sugar (g)"},
	{"fiber", "ใยอาหาร (g)", "Fiber (g)"},
	{"remark", "หมายเหตุ", "Remark"},
	{"status", "สถานะ (ACTIVE/INACTIVE)", "Status (ACTIVE/INACTIVE)"},
}

// defaultUnit is the unit of a nutrient amount written without one (the column's).
var defaultUnit = map[string]string{"energy": "kcal", "sodium": "mg"}

// cycleMenuColumns are the columns of the cycle-contents workbook. itemName is written by
// the export for people and never read.
var cycleMenuColumns = []column{
	{"cycleCode", "รหัสหรือชื่อรอบเมนู", "Round code or name"},
	{"dayNo", "วันของรอบ (รอบตามวันในสัปดาห์: จันทร์ = 1)", "Day of the round (weekday round: Monday = 1)"},
	{"mealTimeCode", "รหัสมื้ออาหาร", "Meal time code"},
	{"menuCode", "รหัสรายการอาหาร", "Dish code"},
	{"menuSetCode", "รหัสชุดอาหาร", "Menu set code"},
	{"trayCategoryCode", "รหัสหมวดอาหารในถาด", "Tray food category code"},
	{"dietTypeCode", "รหัสประเภทอาหาร", "Diet type code"},
	{"therapeuticCode", "รหัสอาหารเฉพาะโรค", "Therapeutic food code"},
	{"cuisineTypeCode", "รหัสประเภทครัว", "Cuisine type code"},
}

var itemNameColumn = column{"itemName", "ชื่อรายการ (ไม่นำเข้า)", "Item name (not imported)"}

// MenuColumns and CycleMenuColumns are the columns the imports read.
func MenuColumns() []imports.Column      { return importColumns(menuColumns) }
func CycleMenuColumns() []imports.Column { return importColumns(cycleMenuColumns) }

// Importers registers the menus' imports with the import pipeline: dishes and cycle
// contents, a Nutritionist's .xlsx; they add and update, never delete.
func Importers(s *Service) []imports.Importer {
	roles, exts := []string{session.Nutritionist}, []string{".xlsx"}
	return []imports.Importer{
		{Type: MenuImportType, Roles: roles, Exts: exts, Columns: MenuColumns(),
			Load: func(ctx context.Context, tx pgx.Tx, job imports.Job, rows []imports.Row) (imports.Result, error) {
				return s.ImportMenus(ctx, tx, job.BranchCode, job.CreatedBy, rows)
			}},
		{Type: CycleMenuImportType, Roles: roles, Exts: exts, Columns: CycleMenuColumns(),
			Load: func(ctx context.Context, tx pgx.Tx, job imports.Job, rows []imports.Row) (imports.Result, error) {
				return s.ImportCycleMenus(ctx, tx, job.BranchCode, job.CreatedBy, rows)
			}},
	}
}

// ---- reading cells ----

// Status words accepted in a workbook (as master data's).
var statusWords = map[string]string{StatusActive: StatusActive, "ใช้งาน": StatusActive, "Y": StatusActive,
	StatusInactive: StatusInactive, "ไม่ใช้งาน": StatusInactive, "N": StatusInactive}

// ref is a row of the branch a workbook names by code.
type ref struct {
	id     int64
	active bool
}

// refCodes are the branch's rows by kind (MenusCodes' kinds) and code.
type refCodes map[string]map[string]ref

func loadRefCodes(ctx context.Context, tx pgx.Tx, branch string) (refCodes, error) {
	rows, err := queries.MenusCodes(ctx, tx, branch)
	if err != nil {
		return nil, fmt.Errorf("codes: %w", err)
	}
	out := refCodes{}
	for _, r := range rows {
		if out[r.Kind] == nil {
			out[r.Kind] = map[string]ref{}
		}
		if _, seen := out[r.Kind][r.Code]; !seen { // a unit symbol two units share: the first
			out[r.Kind][r.Code] = ref{id: r.ID, active: r.Active}
		}
	}
	return out, nil
}

// rowError is a refused row's column and reason.
type rowError struct{ field, key string }

func refuse(field, key string) *rowError { return &rowError{field, key} }

// cells reads a row's cells: present reports whether the header names the column.
type cells map[string]string

func (c cells) get(key string) (string, bool) {
	v, ok := c[key]
	return strings.TrimSpace(v), ok
}

// code answers the id of the row of kind named by the cell of key ("" answers 0).
func (c cells) code(refs refCodes, key, kind string) (int64, *rowError) {
	v, _ := c.get(key)
	if v == "" {
		return 0, nil
	}
	r, ok := refs[kind][v]
	if !ok {
		return 0, refuse(key, "menus.codeUnknown")
	}
	return r.id, nil
}

// codes answers the ids of the rows of kind the cell of key lists. An ingredient must be
// active, unless the dish has it already (has): a stored dish exported and imported back
// is unchanged, even after one of its ingredients was deactivated.
func (c cells) codes(refs refCodes, key, kind string, ingredient bool, has []int64) ([]int64, *rowError) {
	v, _ := c.get(key)
	ids := []int64{}
	for _, code := range imports.SplitList(v) {
		r, ok := refs[kind][code]
		if !ok {
			return nil, refuse(key, "menus.codeUnknown")
		}
		if ingredient && !r.active && !slices.Contains(has, r.id) {
			return nil, refuse(key, "menus.ingredientInactive")
		}
		ids = append(ids, r.id)
	}
	return unique(ids), nil
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// number reads a number as people write it (thousands separators allowed).
func number(v string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.ReplaceAll(v, ",", ""), 64)
	return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
}

// nutrient reads "250", "250 kcal" or "250 NU01": the amount and the unit (a nutrient
// unit's symbol or code; none: the column's unit).
func nutrient(refs refCodes, name, v string) (NutrientInput, *rowError) {
	amount, unit := v, defaultUnit[name]
	if unit == "" {
		unit = "g"
	}
	if i := strings.IndexFunc(v, func(r rune) bool { return r == ' ' || r > '9' && r != ',' && r != '.' }); i > 0 {
		amount, unit = strings.TrimSpace(v[:i]), strings.TrimSpace(v[i:])
	}
	n, ok := number(amount)
	if !ok || n < 0 || n > MaxPrice {
		return NutrientInput{}, refuse(name, "menus.nutrientInvalid")
	}
	u, ok := refs["unitCode"][unit]
	if !ok {
		if u, ok = refs["unit"][unit]; !ok {
			return NutrientInput{}, refuse(name, "menus.unitMissing")
		}
	}
	return NutrientInput{Nutrient: name, Amount: round2(n), UnitID: u.id}, nil
}

// ---- dishes ----

// inputOf answers the input that saves m as it is.
func inputOf(m Menu) MenuInput {
	level := m.IddsiLevel
	ids := func(refs []Ref) []int64 {
		out := make([]int64, len(refs))
		for i, r := range refs {
			out[i] = r.ID
		}
		return out
	}
	in := MenuInput{ID: m.ID, Code: m.Code, NameTh: m.NameTh, NameEn: m.NameEn, CuisineTypeID: m.CuisineTypeID,
		MealComponentID: m.MealComponentID, IddsiType: m.IddsiType, IddsiLevel: &level, Price: m.Price, Remark: m.Remark,
		Status: m.Status, AllergenIDs: ids(m.Allergens), RestrictedIDs: ids(m.Restricted), MealClassIDs: ids(m.MealClasses),
		DietTypeIDs: ids(m.DietTypes), TherapeuticIDs: ids(m.Therapeutics), Nutrients: []NutrientInput{}}
	for _, n := range m.Nutrients {
		in.Nutrients = append(in.Nutrients, NutrientInput{Nutrient: n.Nutrient, Amount: n.Amount, UnitID: n.UnitID})
	}
	return in
}

// comparable answers in as stored: lists sorted, the status resolved, no id.
func (in MenuInput) comparable() MenuInput {
	out := in
	out.ID, out.BranchCode = 0, ""
	if out.Status == "" {
		out.Status = StatusActive
	}
	for _, l := range []*[]int64{&out.AllergenIDs, &out.RestrictedIDs, &out.MealClassIDs, &out.DietTypeIDs, &out.TherapeuticIDs} {
		*l = slices.Sorted(slices.Values(*l))
		if *l == nil {
			*l = []int64{}
		}
	}
	out.Nutrients = slices.Clone(out.Nutrients)
	if out.Nutrients == nil {
		out.Nutrients = []NutrientInput{}
	}
	slices.SortFunc(out.Nutrients, func(a, b NutrientInput) int {
		return slices.Index(Nutrients, a.Nutrient) - slices.Index(Nutrients, b.Nutrient)
	})
	return out
}

// menuFieldColumns maps the fields of a dish's validation to the workbook's columns.
var menuFieldColumns = map[string]string{"cuisineTypeId": "cuisineTypeCode", "mealComponentId": "mealComponentCode",
	"allergenIds": "allergenCodes", "restrictedIds": "restrictedCodes", "mealClassIds": "mealClassCodes",
	"dietTypeIds": "dietTypeCodes", "therapeuticIds": "therapeuticCodes", "nutrients": "energy"}

// firstInvalid answers the first invalid field of f in the order of cols, as a column.
func firstInvalid(cols []column, f map[string]string, columnOf map[string]string) *rowError {
	byColumn := map[string]string{}
	for field, key := range f {
		if c, ok := columnOf[field]; ok {
			field = c
		}
		byColumn[field] = key
	}
	for _, c := range cols {
		if key, ok := byColumn[c.key]; ok {
			return refuse(c.key, key)
		}
	}
	for field, key := range byColumn {
		return refuse(field, key)
	}
	return nil
}

// readMenu reads a dish row over the stored dish of its code (or the defaults of a new one):
// a column the workbook leaves out keeps the stored value.
func readMenu(c cells, stored map[string]Menu, refs refCodes) (MenuInput, *rowError) {
	code, _ := c.get("code")
	if code == "" {
		return MenuInput{}, refuse("code", "field.required")
	}
	in := MenuInput{Code: code}
	if m, ok := stored[code]; ok {
		in = inputOf(m)
	}
	for _, t := range []struct {
		key string
		to  *string
	}{{"nameTh", &in.NameTh}, {"nameEn", &in.NameEn}, {"remark", &in.Remark}, {"iddsiType", &in.IddsiType}} {
		if v, ok := c.get(t.key); ok {
			*t.to = v
		}
	}
	var err *rowError
	for _, r := range []struct {
		key, kind string
		to        *int64
	}{{"cuisineTypeCode", "cuisine", &in.CuisineTypeID}, {"mealComponentCode", "component", &in.MealComponentID}} {
		if _, ok := c.get(r.key); ok {
			if *r.to, err = c.code(refs, r.key, r.kind); err != nil {
				return in, err
			}
		}
	}
	if v, ok := c.get("iddsiLevel"); ok {
		in.IddsiLevel = nil
		if v != "" {
			n, convErr := strconv.Atoi(v)
			if convErr != nil {
				return in, refuse("iddsiLevel", "params.intInvalid")
			}
			in.IddsiLevel = &n
		}
	}
	if v, ok := c.get("price"); ok {
		in.Price = 0
		if v != "" {
			p, ok := number(v)
			if !ok { // "abc" is not "below zero"; a number out of range gets its own message from validate
				return in, refuse("price", "menus.priceNotNumber")
			}
			in.Price = round2(p)
		}
	}
	for _, l := range []struct {
		key, kind  string
		ingredient bool
		to         *[]int64
	}{{"allergenCodes", "allergen", true, &in.AllergenIDs}, {"restrictedCodes", "restricted", true, &in.RestrictedIDs},
		{"mealClassCodes", "mealClass", false, &in.MealClassIDs}, {"dietTypeCodes", "dietType", false, &in.DietTypeIDs},
		{"therapeuticCodes", "therapeutic", false, &in.TherapeuticIDs}} {
		if _, ok := c.get(l.key); ok {
			if *l.to, err = c.codes(refs, l.key, l.kind, l.ingredient, *l.to); err != nil {
				return in, err
			}
		}
	}
	for _, name := range Nutrients {
		v, ok := c.get(name)
		if !ok {
			continue
		}
		in.Nutrients = slices.DeleteFunc(slices.Clone(in.Nutrients), func(n NutrientInput) bool { return n.Nutrient == name })
		if v != "" {
			n, err := nutrient(refs, name, v)
			if err != nil {
				return in, err
			}
			in.Nutrients = append(in.Nutrients, n)
		}
	}
	if v, ok := c.get("status"); ok && v != "" {
		s, known := statusWords[strings.ToUpper(v)]
		if !known {
			return in, refuse("status", "field.invalid")
		}
		in.Status = s
	}
	in.normalize()
	if f := in.validate(); len(f) > 0 {
		return in, firstInvalid(menuColumns, f, menuFieldColumns)
	}
	return in, nil
}

// ImportMenus adds the rows' new dishes and updates the stored ones of branch (by code)
// within tx, with their change-log rows, in a few set-based statements. A row is refused
// with its reason when its code is missing or repeats an earlier row, a code names no row
// of the branch, an ingredient is inactive, or a value breaks the rules of updateMenu.
// Rows equal to what is stored are left alone (unchanged).
func (s *Service) ImportMenus(ctx context.Context, tx pgx.Tx, branch, by string, rows []imports.Row) (imports.Result, error) {
	var res imports.Result
	codes := make([]string, 0, len(rows))
	for _, r := range rows {
		if code, _ := cells(r.Cells).get("code"); code != "" {
			codes = append(codes, code)
		}
	}
	docs, err := queries.MenusByCodes(ctx, tx, dbsqlc.MenusByCodesParams{Branch: branch, Codes: codes})
	if err != nil {
		return res, fmt.Errorf("menus.importMenu: %w", err)
	}
	all, err := decodeAll[Menu]("import dishes", docs)
	if err != nil {
		return res, err
	}
	stored := make(map[string]Menu, len(all))
	for _, m := range all {
		stored[m.Code] = m
	}
	refs, err := loadRefCodes(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("menus.importMenu: %w", err)
	}
	seen := map[string]bool{}
	var changed []MenuInput
	for _, r := range rows {
		in, bad := readMenu(r.Cells, stored, refs)
		if bad == nil && seen[in.Code] {
			bad = refuse("code", "menus.codeRepeated")
		}
		if in.Code != "" {
			seen[in.Code] = true
		}
		if bad != nil {
			res.Failed = append(res.Failed, imports.RowError{Line: r.Line, Field: bad.field, Key: bad.key})
			continue
		}
		m, ok := stored[in.Code]
		switch {
		case ok && reflect.DeepEqual(inputOf(m).comparable(), in.comparable()):
			res.Unchanged++
			continue
		case ok:
			res.Updated++
		default:
			res.Added++
		}
		changed = append(changed, in)
	}
	if err := writeMenus(ctx, tx, branch, by, changed, stored); err != nil {
		return imports.Result{}, fmt.Errorf("menus.importMenu: %w", err)
	}
	return res, nil
}

// writeMenus upserts validated dishes (by code), replaces their lists and writes their
// change-log rows: at most five statements whatever their number.
func writeMenus(ctx context.Context, tx pgx.Tx, branch, by string, ins []MenuInput, stored map[string]Menu) error {
	if len(ins) == 0 {
		return nil
	}
	p := dbsqlc.MenusImportUpsertParams{Branch: branch, By: by}
	for _, in := range ins {
		active, _ := status(in.Status, true)
		p.Codes, p.NamesTh, p.NamesEn = append(p.Codes, in.Code), append(p.NamesTh, in.NameTh), append(p.NamesEn, in.NameEn)
		p.CuisineTypeIds, p.MealComponentIds = append(p.CuisineTypeIds, in.CuisineTypeID), append(p.MealComponentIds, in.MealComponentID)
		p.IddsiTypes, p.IddsiLevels = append(p.IddsiTypes, in.IddsiType), append(p.IddsiLevels, int16(*in.IddsiLevel))
		p.Prices, p.Remarks, p.Actives = append(p.Prices, in.Price), append(p.Remarks, in.Remark), append(p.Actives, active)
	}
	rows, err := queries.MenusImportUpsert(ctx, tx, p)
	if err != nil {
		return fmt.Errorf("upsert: %w", writeErr(err))
	}
	idOf := make(map[string]int64, len(rows))
	ids, updated := make([]int64, 0, len(rows)), []int64{}
	for _, r := range rows {
		idOf[r.Code] = r.ID
		ids = append(ids, r.ID)
		if _, ok := stored[r.Code]; ok {
			updated = append(updated, r.ID)
		}
	}
	if len(updated) > 0 {
		if err := queries.MenusImportDeleteLinks(ctx, tx, dbsqlc.MenusImportDeleteLinksParams{Branch: branch, MenuIds: updated}); err != nil {
			return fmt.Errorf("delete lists: %w", err)
		}
	}
	lp := dbsqlc.MenusImportInsertLinksParams{Branch: branch}
	pairs := func(menuIDs, refIDs *[]int64, id int64, of []int64) {
		for _, r := range of {
			*menuIDs, *refIDs = append(*menuIDs, id), append(*refIDs, r)
		}
	}
	for _, in := range ins {
		id := idOf[in.Code]
		pairs(&lp.AllergenMenuIds, &lp.AllergenIds, id, in.AllergenIDs)
		pairs(&lp.RestrictedMenuIds, &lp.RestrictedIds, id, in.RestrictedIDs)
		pairs(&lp.MealClassMenuIds, &lp.MealClassIds, id, in.MealClassIDs)
		pairs(&lp.DietTypeMenuIds, &lp.DietTypeIds, id, in.DietTypeIDs)
		pairs(&lp.TherapeuticMenuIds, &lp.TherapeuticIds, id, in.TherapeuticIDs)
		for _, n := range in.Nutrients {
			lp.NutrientMenuIds, lp.Nutrients = append(lp.NutrientMenuIds, id), append(lp.Nutrients, n.Nutrient)
			lp.Amounts, lp.UnitIds = append(lp.Amounts, n.Amount), append(lp.UnitIds, n.UnitID)
		}
	}
	for _, l := range []*[]int64{&lp.AllergenMenuIds, &lp.AllergenIds, &lp.RestrictedMenuIds, &lp.RestrictedIds,
		&lp.MealClassMenuIds, &lp.MealClassIds, &lp.DietTypeMenuIds, &lp.DietTypeIds, &lp.TherapeuticMenuIds,
		&lp.TherapeuticIds, &lp.NutrientMenuIds, &lp.UnitIds} {
		if *l == nil {
			*l = []int64{}
		}
	}
	if lp.Nutrients == nil {
		lp.Nutrients, lp.Amounts = []string{}, []float64{}
	}
	if err := queries.MenusImportInsertLinks(ctx, tx, lp); err != nil {
		return fmt.Errorf("lists: %w", err)
	}
	docs, err := queries.MenusByIDs(ctx, tx, dbsqlc.MenusByIDsParams{Branch: branch, Ids: ids})
	if err != nil {
		return fmt.Errorf("read back: %w", err)
	}
	after, err := decodeAll[Menu]("read back", docs)
	if err != nil {
		return err
	}
	changes := make([]audit.Change, 0, len(after))
	for _, m := range after {
		c := audit.Change{BranchCode: branch, Entity: "menu", EntityID: fmt.Sprint(m.ID), Action: "create", After: m, By: by}
		if old, ok := stored[m.Code]; ok {
			c.Action, c.Before = "update", old
		}
		changes = append(changes, c)
	}
	return audit.WriteChanges(ctx, tx, changes)
}

// ---- cycle contents ----

// contentKey is what identifies a content: its round, day, meal type and dish or set.
type contentKey struct {
	cycle     int64
	day       int
	mealTime  int64
	menu, set int64
}

func keyOf(c CycleMenu) contentKey {
	k := contentKey{cycle: c.CycleID, day: c.DayNo, mealTime: c.MealTimeID}
	if c.MenuID != nil {
		k.menu = *c.MenuID
	}
	if c.MenuSetID != nil {
		k.set = *c.MenuSetID
	}
	return k
}

// content is a row of the contents workbook read: its key and what it is cooked for (0:
// none).
type content struct {
	key                                  contentKey
	tray, dietType, therapeutic, cuisine int64
}

func idOrZero(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func contentOf(c CycleMenu) content {
	return content{key: keyOf(c), tray: idOrZero(c.TrayCategoryID), dietType: idOrZero(c.DietTypeID),
		therapeutic: idOrZero(c.TherapeuticID), cuisine: idOrZero(c.CuisineTypeID)}
}

// round is a round a contents workbook names.
type round struct {
	id       int64
	dayCount int
}

// rounds answers the branch's rounds by code, and by Thai or English name where no other
// round has that name.
func rounds(ctx context.Context, tx pgx.Tx, branch string) (map[string]round, error) {
	rows, err := queries.CyclesAllBrief(ctx, tx, branch)
	if err != nil {
		return nil, fmt.Errorf("rounds: %w", err)
	}
	byName, names := map[string]round{}, map[string]int{}
	for _, r := range rows {
		for _, n := range []string{r.NameTh, r.NameEn} {
			if n = strings.TrimSpace(n); n != "" {
				names[n]++
				byName[n] = round{id: r.ID, dayCount: int(r.DayCount)}
			}
		}
	}
	out := map[string]round{}
	for n, r := range byName {
		if names[n] == 1 {
			out[n] = r
		}
	}
	for _, r := range rows {
		out[r.Code] = round{id: r.ID, dayCount: int(r.DayCount)}
	}
	return out, nil
}

// readContent reads a contents row; the tray category, food type, disease food and kitchen
// columns the workbook leaves out keep the stored values of the content the row names.
func readContent(c cells, stored map[contentKey]CycleMenu, cycles map[string]round, refs refCodes) (content, *rowError) {
	var out content
	v, _ := c.get("cycleCode")
	if v == "" {
		return out, refuse("cycleCode", "field.required")
	}
	r, ok := cycles[v]
	if !ok {
		return out, refuse("cycleCode", "menus.codeUnknown")
	}
	out.key.cycle = r.id
	v, _ = c.get("dayNo")
	day, err := strconv.Atoi(v)
	switch {
	case v == "":
		return out, refuse("dayNo", "field.required")
	case err != nil:
		return out, refuse("dayNo", "params.intInvalid")
	case day < 1 || day > r.dayCount:
		return out, refuse("dayNo", "menus.dayBeyondRound")
	}
	out.key.day = day
	if v, _ = c.get("mealTimeCode"); v == "" {
		return out, refuse("mealTimeCode", "field.required")
	}
	var bad *rowError
	if out.key.mealTime, bad = c.code(refs, "mealTimeCode", "mealTime"); bad != nil {
		return out, bad
	}
	if out.key.menu, bad = c.code(refs, "menuCode", "menu"); bad != nil {
		return out, bad
	}
	if out.key.set, bad = c.code(refs, "menuSetCode", "menuSet"); bad != nil {
		return out, bad
	}
	if (out.key.menu == 0) == (out.key.set == 0) {
		return out, refuse("menuCode", "menus.oneItem")
	}
	if s, ok := stored[out.key]; ok {
		k := out.key
		out = contentOf(s)
		out.key = k
	}
	for _, o := range []struct {
		key, kind string
		to        *int64
	}{{"trayCategoryCode", "tray", &out.tray}, {"dietTypeCode", "dietType", &out.dietType},
		{"therapeuticCode", "therapeutic", &out.therapeutic}, {"cuisineTypeCode", "cuisine", &out.cuisine}} {
		if _, present := c.get(o.key); present {
			if *o.to, bad = c.code(refs, o.key, o.kind); bad != nil {
				return out, bad
			}
		}
	}
	return out, nil
}

// ImportCycleMenus adds the rows' contents to the branch's rounds and updates what stored
// ones are cooked for, within tx, with their change-log rows, in a few set-based
// statements. A content is its round (by code, or by a name no other round has), day, meal
// type and dish or set. A row is refused with its reason when a code or the round is
// unknown, its day is not in the round, it names both or neither of a dish and a set, or
// it repeats an earlier row. Rows equal to what is stored are left alone (unchanged).
func (s *Service) ImportCycleMenus(ctx context.Context, tx pgx.Tx, branch, by string, rows []imports.Row) (imports.Result, error) {
	var res imports.Result
	docs, err := queries.CycleMenusAll(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("menus.importCycleMenu: %w", err)
	}
	all, err := decodeAll[CycleMenu]("import contents", docs)
	if err != nil {
		return res, err
	}
	stored := make(map[contentKey]CycleMenu, len(all))
	for _, c := range all {
		stored[keyOf(c)] = c
	}
	cycles, err := rounds(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("menus.importCycleMenu: %w", err)
	}
	refs, err := loadRefCodes(ctx, tx, branch)
	if err != nil {
		return res, fmt.Errorf("menus.importCycleMenu: %w", err)
	}
	seen := map[contentKey]bool{}
	var added, updated []content
	for _, r := range rows {
		c, bad := readContent(r.Cells, stored, cycles, refs)
		if bad == nil && seen[c.key] {
			bad = refuse("menuCode", "menus.rowRepeated")
		}
		if bad != nil {
			res.Failed = append(res.Failed, imports.RowError{Line: r.Line, Field: bad.field, Key: bad.key})
			continue
		}
		seen[c.key] = true
		old, ok := stored[c.key]
		switch {
		case ok && contentOf(old) == c:
			res.Unchanged++
		case ok:
			res.Updated++
			updated = append(updated, c)
		default:
			res.Added++
			added = append(added, c)
		}
	}
	if err := writeContents(ctx, tx, branch, by, added, updated, stored); err != nil {
		return imports.Result{}, fmt.Errorf("menus.importCycleMenu: %w", err)
	}
	return res, nil
}

// writeContents inserts the added contents, updates the others and writes their change-log
// rows: four statements whatever their number.
func writeContents(ctx context.Context, tx pgx.Tx, branch, by string, added, updated []content, stored map[contentKey]CycleMenu) error {
	var ids []int64
	if len(added) > 0 {
		p := dbsqlc.CycleMenusImportInsertParams{Branch: branch, By: by}
		for _, c := range added {
			p.CycleIds, p.DayNos, p.MealTimeIds = append(p.CycleIds, c.key.cycle), append(p.DayNos, int32(c.key.day)), append(p.MealTimeIds, c.key.mealTime)
			p.MenuIds, p.MenuSetIds = append(p.MenuIds, c.key.menu), append(p.MenuSetIds, c.key.set)
			p.TrayCategoryIds, p.DietTypeIds = append(p.TrayCategoryIds, c.tray), append(p.DietTypeIds, c.dietType)
			p.TherapeuticIds, p.CuisineTypeIds = append(p.TherapeuticIds, c.therapeutic), append(p.CuisineTypeIds, c.cuisine)
		}
		newIDs, err := queries.CycleMenusImportInsert(ctx, tx, p)
		if err != nil {
			return fmt.Errorf("insert: %w", writeErr(err))
		}
		ids = append(ids, newIDs...)
	}
	if len(updated) > 0 {
		p := dbsqlc.CycleMenusImportUpdateParams{Branch: branch, By: by}
		for _, c := range updated {
			id := stored[c.key].ID
			ids, p.Ids = append(ids, id), append(p.Ids, id)
			p.TrayCategoryIds, p.DietTypeIds = append(p.TrayCategoryIds, c.tray), append(p.DietTypeIds, c.dietType)
			p.TherapeuticIds, p.CuisineTypeIds = append(p.TherapeuticIds, c.therapeutic), append(p.CuisineTypeIds, c.cuisine)
		}
		if err := queries.CycleMenusImportUpdate(ctx, tx, p); err != nil {
			return fmt.Errorf("update: %w", writeErr(err))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	docs, err := queries.CycleMenusByIDs(ctx, tx, dbsqlc.CycleMenusByIDsParams{Branch: branch, Ids: ids})
	if err != nil {
		return fmt.Errorf("read back: %w", err)
	}
	after, err := decodeAll[CycleMenu]("read back", docs)
	if err != nil {
		return err
	}
	changes := make([]audit.Change, 0, len(after))
	for _, c := range after {
		ch := audit.Change{BranchCode: branch, Entity: "cycle_menu", EntityID: fmt.Sprint(c.ID), Action: "create", After: c, By: by}
		if old, ok := stored[keyOf(c)]; ok {
			ch.Action, ch.Before = "update", old
		}
		changes = append(changes, ch)
	}
	return audit.WriteChanges(ctx, tx, changes)
}
