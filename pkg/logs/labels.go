package logs

import (
	"samrap/pkg/i18n"
	"samrap/pkg/params"
	"samrap/pkg/patients"
)

// A record's labels in Thai and English: its entity (what the change log's entity column
// names) and its fields (the keys of its before and after documents).
type names struct{ th, en string }

// entities name the change log's entities. Master-data kinds add theirs from pkg/params
// (the list's name and its columns' workbook headers); an area that logs a new entity adds
// a line here and, when its keys are not among commonFields, a field map in entityFields.
var entities = map[string]names{
	"patient":           {"ผู้ป่วย", "Patient"},
	"app_user":          {"บัญชีผู้ใช้", "User account"},
	"user_permission":   {"สิทธิ์ผู้ใช้ในสาขา", "User permission"},
	"menu":              {"เมนูอาหาร", "Dish"},
	"menu_set":          {"ชุดเมนู", "Menu set"},
	"cycle":             {"รอบเมนู", "Menu cycle"},
	"cycle_menu":        {"เมนูในรอบ", "Cycle menu"},
	"branch":            {"สาขา", "Branch"},
	"hospitalConnector": {"การเชื่อมต่อระบบโรงพยาบาล", "Hospital connection"},
	"meal_order":        {"รายการสั่งอาหาร", "Meal order"},
	"serve_record":      {"บันทึกการเสิร์ฟ", "Serving record"},
	"serve_setting":     {"การตั้งค่าสายรัดข้อมือ", "Wristband setting"},
	"meal_card_setting": {"การตั้งค่าบัตรอาหาร", "Meal card setting"},
	"tray_intake":       {"ปริมาณที่ผู้ป่วยรับประทาน", "What the patient ate"},
	"nutrition_seen":    {"การติดตามผู้ป่วยด้านโภชนาการ", "Nutrition worklist: seen"},
	"patient_nutrition": {"เป้าหมายสารอาหารของผู้ป่วย", "Patient's nutrition targets"},
}

// commonFields label the keys many records share, in the API's camelCase and in the
// columns' snake_case (master data logs its rows as stored).
var commonFields = map[string]names{
	"id":                {"รหัสระบบ", "ID"},
	"code":              {"รหัส", "Code"},
	"nameTh":            {"ชื่อ (ไทย)", "Name (Thai)"},
	"name_th":           {"ชื่อ (ไทย)", "Name (Thai)"},
	"nameEn":            {"ชื่อ (อังกฤษ)", "Name (English)"},
	"name_en":           {"ชื่อ (อังกฤษ)", "Name (English)"},
	"status":            {"สถานะ", "Status"},
	"active":            {"ใช้งาน", "Active"},
	"remark":            {"หมายเหตุ", "Remark"},
	"note":              {"หมายเหตุ", "Note"},
	"branchCode":        {"สาขา", "Branch"},
	"branch_code":       {"สาขา", "Branch"},
	"roleCode":          {"บทบาท", "Role"},
	"createdAt":         {"สร้างเมื่อ", "Created at"},
	"created_at":        {"สร้างเมื่อ", "Created at"},
	"createdBy":         {"สร้างโดย", "Created by"},
	"created_by":        {"สร้างโดย", "Created by"},
	"updatedAt":         {"แก้ไขล่าสุดเมื่อ", "Updated at"},
	"updated_at":        {"แก้ไขล่าสุดเมื่อ", "Updated at"},
	"updatedBy":         {"แก้ไขล่าสุดโดย", "Updated by"},
	"updated_by":        {"แก้ไขล่าสุดโดย", "Updated by"},
	"time_zone":         {"เขตเวลา", "Time zone"},
	"email":             {"อีเมล", "E-mail"},
	"employeeCode":      {"รหัสพนักงาน", "Employee code"},
	"firstNameTh":       {"ชื่อ (ไทย)", "First name (Thai)"},
	"lastNameTh":        {"นามสกุล (ไทย)", "Last name (Thai)"},
	"firstNameEn":       {"ชื่อ (อังกฤษ)", "First name (English)"},
	"lastNameEn":        {"นามสกุล (อังกฤษ)", "Last name (English)"},
	"permissions":       {"สิทธิ์ (สาขา:บทบาท)", "Permissions (branch:role)"},
	"registered":        {"ลงทะเบียนแล้ว", "Registered"},
	"passwordChangedAt": {"เปลี่ยนรหัสผ่านล่าสุด", "Last password change"},
	"role":              {"บทบาท", "Role"},
	"hnId":              {"HN", "HN"},
	"price":             {"ราคา", "Price"},
	"allergens":         {"สารก่อภูมิแพ้", "Allergens"},
	"restricted":        {"วัตถุดิบต้องห้าม", "Restricted ingredients"},
	"textures":          {"ระดับ IDDSI", "IDDSI levels"},
	"cuisineTypeId":     {"ประเภทครัว", "Cuisine type"},
	"mealComponentId":   {"ส่วนประกอบมื้ออาหาร", "Meal component"},
	"dietTypeId":        {"ประเภทอาหาร", "Diet type"},
	"therapeuticId":     {"อาหารเฉพาะโรค", "Therapeutic food"},
	"trayCategoryId":    {"หมวดอาหารในถาด", "Tray food category"},
	"mealTimeId":        {"มื้ออาหาร", "Meal time"},
}

// technical are the fields that say nothing to a reader: a record's version counter, an
// age worked out on reading, the entry's own key under another name (an order's id, a
// serving record's), a request's id against repeats.
// An order's meal time is logged twice, as its id and as the meal type itself (shown).
var technical = map[string]bool{
	"version": true, "age": true, "updateBy": true, "orderId": true, "recordId": true, "requestId": true,
	"meal_order.mealTimeId": true,
}

// isTechnical reports whether the change log leaves an entity's field out.
func isTechnical(entity, key string) bool { return technical[key] || technical[entity+"."+key] }

// entityFields label the keys of one entity where they differ from commonFields.
var entityFields = map[string]map[string]names{
	"patient": {
		"lastImportAt":     {"นำเข้าข้อมูลล่าสุดเมื่อ", "Last imported at"},
		"lastImportSource": {"แหล่งข้อมูลล่าสุด", "Last source"},
	},
	"menu": {
		"mealClasses":  {"กลุ่มอาหาร", "Food groups"},
		"dietTypes":    {"ประเภทอาหาร", "Diet types"},
		"therapeutics": {"อาหารเฉพาะโรค", "Therapeutic foods"},
		"nutrients":    {"สารอาหาร", "Nutrients"},
		"iddsiType":    {"ประเภท IDDSI", "IDDSI type"},
		"iddsiLevel":   {"ระดับ IDDSI", "IDDSI level"},
	},
	"menu_set": {
		"items": {"รายการในชุด", "Items"},
		"menus": {"เมนู", "Dishes"},
	},
	"cycle": {
		"dayCount":  {"จำนวนวัน", "Days"},
		"startDate": {"วันเริ่ม", "Start date"},
		"endDate":   {"วันสิ้นสุด", "End date"},
		"roundType": {"รูปแบบรอบ", "Round type"},
		"items":     {"จำนวนเมนูในรอบ", "Menus in the cycle"},
	},
	"cycle_menu": {
		"cycleId":   {"รอบเมนู", "Menu cycle"},
		"dayNo":     {"วันที่ในรอบ", "Day of the cycle"},
		"menuId":    {"เมนูอาหาร", "Dish"},
		"menuSetId": {"ชุดเมนู", "Menu set"},
		"mealColor": {"สีมื้ออาหาร", "Meal colour"},
		"textColor": {"สีตัวอักษร", "Text colour"},
	},
	"meal_order": orderFields, // the screens' words, words.go
	"serve_record": {
		"action":       {"ผลการเสิร์ฟ", "Serving result"},
		"matched":      {"ผู้ป่วยและอาหารตรงกัน", "Patient and food matched"},
		"reasons":      {"เหตุที่ไม่ตรงกัน", "Mismatch reasons"},
		"rejectReason": {"เหตุผลที่ปฏิเสธ", "Rejection reason"},
		"servedBy":     {"บันทึกโดย", "Recorded by"},
		"servedAt":     {"บันทึกเมื่อ", "Recorded at"},
		"deviceId":     {"อุปกรณ์", "Device"},
	},
	"nutrition_seen": {
		"reasons": {"เหตุผลที่อยู่ในรายชื่อ", "Reasons listed"},
	},
	"tray_intake": {
		"eaten":      {"ปริมาณที่รับประทาน", "Amount eaten"},
		"items":      {"ปริมาณที่รับประทานรายเมนู", "Amount eaten per dish"},
		"scanned":    {"สแกนบัตรอาหาร", "Meal card scanned"},
		"deviceId":   {"อุปกรณ์", "Device"},
		"recordedBy": {"บันทึกโดย", "Recorded by"},
		"recordedAt": {"บันทึกเมื่อ", "Recorded at"},
		"version":    {"ครั้งที่บันทึก", "Record version"},
	},
	"patient_nutrition": {
		"weightKg": {"น้ำหนัก (กก.)", "Weight (kg)"},
		"targets":  {"เป้าหมายของผู้ป่วยเอง", "The patient's own targets"},
	},
	"meal_card_setting": {
		"showNutrients": {"พิมพ์พลังงาน โปรตีน คาร์โบไฮเดรตบนบัตรอาหาร", "Print energy, protein and carbohydrate on meal cards"},
	},
	"serve_setting": {
		"symbologies": {"ชนิดบาร์โค้ดบนสายรัดข้อมือ", "Wristband barcode types"},
		"pattern":     {"รูปแบบ HN บนสายรัดข้อมือ", "Wristband HN pattern"},
	},
	"hospitalConnector": {
		"kind":           {"ประเภทการเชื่อมต่อ", "Connection type"},
		"baseUrl":        {"ที่อยู่ระบบ (URL)", "Base URL"},
		"tokenUrl":       {"ที่อยู่ขอโทเคน (URL)", "Token URL"},
		"clientId":       {"รหัสไคลเอนต์", "Client ID"},
		"secretArn":      {"ที่เก็บรหัสลับ", "Secret (ARN)"},
		"scope":          {"ขอบเขตสิทธิ์ (scope)", "Scope"},
		"hnSystem":       {"ระบบรหัส HN", "HN system"},
		"pageSize":       {"จำนวนรายการต่อหน้า", "Page size"},
		"retries":        {"จำนวนครั้งที่ลองใหม่", "Retries"},
		"timeoutSeconds": {"หมดเวลา (วินาที)", "Timeout (seconds)"},
		"maps":           {"การจับคู่รหัส", "Code mappings"},
		"privateNetwork": {"เชื่อมต่อผ่านเครือข่ายส่วนตัว", "Reached over a private network"},
	},
}

func init() {
	// Master data: each kind's table is its entity; its own columns and its list are its
	// fields (the kind's workbook headers).
	for _, k := range params.Kinds() {
		entities[k.Table] = names{k.Th, k.En}
		fields := map[string]names{}
		for _, f := range k.Fields {
			th, en := f.Th, f.En
			if f.Type == params.Ref {
				th, en = refLabel(th, en)
			}
			fields[f.Column] = names{th, en}
		}
		if k.List != nil {
			fields[k.List.JSON] = names{k.List.Th, k.List.En}
		}
		entityFields[k.Table] = fields
	}
}

// entityLabel answers the entity's name, the entity itself when unknown.
func entityLabel(entity string, lang i18n.Lang) string {
	if n, ok := entities[entity]; ok {
		return label(n.th, n.en, lang)
	}
	return entity
}

// fieldLabel answers the label of an entity's field, the key itself when unknown.
func fieldLabel(entity, key string, lang i18n.Lang) string {
	if entity == "patient" {
		if th, en, ok := patients.FieldLabel(key); ok {
			return label(th, en, lang)
		}
	}
	if n, ok := entityFields[entity][key]; ok {
		return label(n.th, n.en, lang)
	}
	if n, ok := commonFields[key]; ok {
		return label(n.th, n.en, lang)
	}
	return key
}

// entityOrder answers the entities in a stable order: the records first, then master data
// in the order of pkg/params.
func entityOrder() []string {
	out := []string{"patient", "meal_order", "serve_record", "tray_intake", "nutrition_seen", "menu", "menu_set", "cycle", "cycle_menu", "app_user", "user_permission",
		"branch", "hospitalConnector", "serve_setting", "meal_card_setting"}
	for _, k := range params.Kinds() {
		out = append(out, k.Table)
	}
	return out
}
