package i18n

// reportsMessages: meal cards and kitchen reports (pkg/reports, docs/reports.md).
var reportsMessages = map[string]msg{
	"reports.cardSettingSaved": {"บันทึกการตั้งค่าบัตรอาหารแล้ว", "Meal card setting saved"},
	"reports.ready":            {"สร้างรายงานเรียบร้อยแล้ว", "The report is ready"},
	"reports.readyHeld":        {"สร้างรายงานแล้ว มีรายการที่ต้องตรวจสอบก่อนจึงไม่ได้พิมพ์", "The report is ready; the orders that need review are left out"},
	"reports.allNeedReview":    {"ทุกรายการที่ตรงกับเงื่อนไขต้องตรวจสอบก่อน จึงยังไม่มีรายงาน", "Every matching order needs review first: there is no report yet"},
	"reports.noneOfType":       {"ไม่มีรายการในประเภทรายงานนี้ ประเภท \"ตามเมนูและชุดเมนู (รวมอาหารเฉพาะ)\" มีครบทุกถาด", "Nothing of this report type: the type \"By menu and set (with specific meals)\" lists every tray"},
	"reports.tooManyCards":     {"การ์ดอาหารเกิน 5,000 ใบในครั้งเดียว กรุณาเลือกเงื่อนไขให้แคบลง (เช่น มื้ออาหารหรือหอผู้ป่วย)", "More than 5,000 meal cards at once: narrow the filters (a meal type or a ward, for example)"},
}
