package logs

import (
	"bytes"
	"encoding/json"

	"samrap/pkg/i18n"
)

// The coded values of the logged records, as the change log shows them (the same words as
// the screens that set them). A field's value not listed shows as itself.

var (
	activeStatus = map[string]names{"ACTIVE": {"ใช้งาน", "Active"}, "INACTIVE": {"ไม่ใช้งาน", "Inactive"}}
	roles        = map[string]names{"BCT": {"ผู้ควบคุม", "Controller"}, "BOD": {"ผู้รับคำสั่งอาหาร", "Order Taker"},
		"BSV": {"ผู้เสิร์ฟ", "Serve"}, "BNT": {"นักโภชนาการ", "Nutritionist"}, "SAM": {"ผู้ดูแลระบบสูงสุด", "Super Admin"},
		"BAM": {"ผู้ดูแลสาขา", "Branch Admin"}}
	languages = map[string]names{"TH": {"ไทย", "Thai"}, "EN": {"อังกฤษ", "English"}, "ZH": {"จีน", "Chinese"},
		"JA": {"ญี่ปุ่น", "Japanese"}, "MY": {"เมียนมา", "Burmese"}, "AR": {"อาหรับ", "Arabic"}, "OTHER": {"อื่น ๆ", "Other"}}
	// the amounts of a tray eaten (serve.Eaten; the collect screen's words, serve.json)
	eatenWords = map[string]names{"NONE": {"ไม่ได้ทาน", "None"}, "QUARTER": {"¼", "¼"}, "HALF": {"½", "½"},
		"THREE_QUARTERS": {"¾", "¾"}, "ALL": {"ทานหมด", "All"}}
)

// values are, per entity and field, the labels of its coded values.
var values = map[string]map[string]map[string]names{
	"patient": {
		"gender":          {"male": {"ชาย", "Male"}, "female": {"หญิง", "Female"}, "other": {"อื่น ๆ", "Other"}, "unknown": {"ไม่ระบุ", "Unknown"}},
		"patientLanguage": languages,
		"cardLanguage":    {"ALL": {"ไทยและอังกฤษ", "Thai and English"}, "TH": {"ไทย", "Thai"}, "EN": {"อังกฤษ", "English"}},
		"visitStatus":     {"Current": {"อยู่ระหว่างรักษา", "Current"}, "PreAdmit": {"รอรับเข้า", "Pre-admit"}, "Discharge": {"จำหน่าย", "Discharge"}},
		"hospitalStatus":  {"IN_HOSPITAL": {"อยู่ในโรงพยาบาล", "In hospital"}, "DISCHARGED": {"จำหน่ายแล้ว", "Discharged"}},
		"lastImportSource": {"edit": {"แก้ไขโดยผู้ใช้", "Edited by a person"}, "excel": {"นำเข้าจาก Excel", "Excel import"},
			"hospital": {"ระบบโรงพยาบาล", "Hospital system"}},
	},
	"meal_order": orderValues, // the screens' words, words.go
	"serve_record": {
		"action": {"SERVED": {"เสิร์ฟแล้ว", "Served"}, "REJECTED": {"ไม่ได้เสิร์ฟ", "Not served"}},
	},
	"tray_intake":     {"eaten": eatenWords},
	"user_permission": {"roleCode": roles},
	"app_user":        {"role": roles, "status": {"NOT_INVITED": {"ยังไม่ได้เชิญ", "Not invited"}, "INVITED": {"รอการยืนยัน", "Waiting for confirmation"}, "ACTIVE": {"ใช้งาน", "Active"}, "INACTIVE": {"ไม่ใช้งาน", "Inactive"}}},
	"menu":            {"status": activeStatus, "iddsiType": {"FOOD": {"อาหาร", "Food"}, "DRINK": {"เครื่องดื่ม", "Drink"}}},
	"menu_set":        {"status": activeStatus},
	"cycle":           {"status": activeStatus, "roundType": {"LOOP": {"วนตามจำนวนวัน", "Loop of days"}, "WEEKDAY": {"ตามวันในสัปดาห์", "By weekday"}}},
	"cycle_menu":      {"status": activeStatus},
}

// showValue answers a value of an entity's field with its coded values (a string, or each
// string of a list) in words; a serving record's mismatch reasons are the serve area's
// messages.
func showValue(entity, key string, v any, lang i18n.Lang) any {
	word := func(x any) any {
		s, ok := x.(string)
		if !ok {
			return x
		}
		if key == "deviceId" {
			return shortDevice(s)
		}
		if entity == "serve_record" && key == "reasons" {
			if i18n.Has("serve.reason" + s) {
				return i18n.T(lang, "serve.reason"+s)
			}
			return s
		}
		if n, ok := values[entity][key][s]; ok {
			return label(n.th, n.en, lang)
		}
		return s
	}
	if list, ok := v.([]any); ok {
		out := make([]any, len(list))
		for i, x := range list {
			out[i] = word(x)
			// a free-text meal's acknowledged rule {kind, nameTh, nameEn}: "Allergy: Shrimp"
			if r, ok := x.(map[string]any); ok && entity == "meal_order" && key == "freeTextRules" {
				kind, _ := r["kind"].(string)
				th, _ := r["nameTh"].(string)
				en, _ := r["nameEn"].(string)
				out[i] = i18n.T(lang, "orders.rule"+kind) + ": " + label(th, en, lang)
			}
		}
		return out
	}
	return word(v)
}

// shortDevice answers a device id (the serve screen's own, a UUID per browser) by its first
// eight characters: enough to tell a ward's few phones apart, short enough to read.
func shortDevice(id string) string {
	if r := []rune(id); len(r) > 12 {
		return string(r[:8]) + "…"
	}
	return id
}

// detailValues are, per key of an activity's detail (at any depth: a report's filter), the
// words of its coded values (the words of the screens that set them); a serving's mismatch
// "reasons" are the serve area's messages.
// "ALL" is left to the screen, which shows it in its language.
var detailValues = map[string]map[string]names{
	"cancelReason": orderValues["cancelReason"],
	"foodScope":    {"NORMAL": {"ปกติ", "Normal"}, "DYSPHAGIA": {"ผู้มีภาวะกลืนลำบาก", "Dysphagia"}},
	"orderType":    {"PATIENT": {"ผู้ป่วย", "Patient"}, "CAREGIVER": {"ญาติ/ผู้ดูแล", "Caregiver"}},
	"roleCode":     roles,
	"layout":       {"A4": {"กระดาษ A4", "A4 sheets"}, "LABEL80": {"ฉลาก 80 มม.", "80 mm labels"}},
	"kitchenType": {"MENU": {"ตามเมนู", "By menu"}, "MENU_SET": {"ตามเมนูและชุดเมนู", "By menu and set"},
		"SET": {"ตามชุดเมนู", "By set"}, "SPECIFIC": {"เฉพาะ", "Specific"}},
}

// showDetail answers an activity's detail with its coded values in words (detailValues), in
// lang; a detail holding none is answered as stored.
func showDetail(detail json.RawMessage, lang i18n.Lang) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(detail))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil || !detailWords(m, lang) {
		return detail
	}
	out, err := json.Marshal(m)
	if err != nil {
		return detail
	}
	return out
}

// detailWords puts the words of m's coded values in place of their codes, in nested objects
// too, and reports whether it changed one.
func detailWords(m map[string]any, lang i18n.Lang) bool {
	changed := false
	word := func(key string, x any) any {
		s, ok := x.(string)
		if !ok {
			return x
		}
		if key == "deviceId" && s != shortDevice(s) {
			changed = true
			return shortDevice(s)
		}
		if key == "reasons" && i18n.Has("serve.reason"+s) {
			changed = true
			return i18n.T(lang, "serve.reason"+s)
		}
		if n, ok := detailValues[key][s]; ok {
			changed = true
			return label(n.th, n.en, lang)
		}
		return x
	}
	for k, v := range m {
		switch v := v.(type) {
		case map[string]any:
			changed = detailWords(v, lang) || changed
		case []any:
			for i, x := range v {
				v[i] = word(k, x)
			}
		default:
			m[k] = word(k, v)
		}
	}
	return changed
}
