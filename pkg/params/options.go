package params

import "samrap/pkg/i18n"

// Option is a text/value pair of a fixed list (GET /parameter/byKeys, getLanguageOptions):
// text in the caller's language, both names beside it.
type Option struct {
	Value  string `json:"value"`
	Text   string `json:"text"`
	NameTh string `json:"nameTh"`
	NameEn string `json:"nameEn"`
}

// optionLists are the fixed lists of SPEC.md §3–4 asked by key. They are the same in every
// branch and change only with the code that reads them, so they live here, not in a table.
var optionLists = map[string][]Option{
	// A patient's hospital status (the patient edit form).
	"STATUS_PATIENT": {
		{Value: "IN_HOSPITAL", NameTh: "อยู่ในโรงพยาบาล", NameEn: "In hospital"},
		{Value: "DISCHARGED", NameTh: "จำหน่ายแล้ว", NameEn: "Discharged"},
	},
	// The kinds of language preference: the meal card's language, and the patient's language.
	"LANG_PREF_TYPE": {
		{Value: "LPT01", NameTh: "ภาษาบนบัตรอาหาร", NameEn: "Meal card language"},
		{Value: "LPT02", NameTh: "ภาษาของผู้ป่วย", NameEn: "Patient language"},
	},
	// Visit statuses (SPEC.md §4).
	"VISIT_STATUS": {
		{Value: "Current", NameTh: "กำลังรักษา", NameEn: "Current"},
		{Value: "PreAdmit", NameTh: "ก่อนรับเข้า", NameEn: "Pre-admit"},
		{Value: "Discharge", NameTh: "จำหน่าย", NameEn: "Discharge"},
	},
}

// languageOptions are the languages of each LANG_PREF_TYPE (getLanguageOptions?type=).
var languageOptions = map[string][]Option{
	"LPT01": {
		{Value: "ALL", NameTh: "ทั้งหมด (ไทยและอังกฤษ)", NameEn: "All (Thai and English)"},
		{Value: "TH", NameTh: "ภาษาไทย", NameEn: "Thai only"},
		{Value: "EN", NameTh: "ภาษาอังกฤษ", NameEn: "English only"},
	},
	"LPT02": {
		{Value: "TH", NameTh: "ไทย", NameEn: "Thai"},
		{Value: "EN", NameTh: "อังกฤษ", NameEn: "English"},
		{Value: "ZH", NameTh: "จีน", NameEn: "Chinese"},
		{Value: "JA", NameTh: "ญี่ปุ่น", NameEn: "Japanese"},
		{Value: "MY", NameTh: "พม่า", NameEn: "Burmese"},
		{Value: "AR", NameTh: "อาหรับ", NameEn: "Arabic"},
		{Value: "OTHER", NameTh: "อื่น ๆ", NameEn: "Other"},
	},
}

func localize(list []Option, lang i18n.Lang) []Option {
	out := make([]Option, len(list))
	for i, o := range list {
		o.Text = o.NameTh
		if lang == i18n.EN {
			o.Text = o.NameEn
		}
		out[i] = o
	}
	return out
}
