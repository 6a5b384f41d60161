package i18n

// nutritionMessages: a patient's targets and what a tray and a day give (pkg/nutrition).
var nutritionMessages = map[string]msg{
	"nutrition.saved":            {"บันทึกเป้าหมายสารอาหารของผู้ป่วยแล้ว", "The patient's nutrition targets are saved"},
	"nutrition.weightRange":      {"น้ำหนักต้องมากกว่า 0 และไม่เกิน 400 กิโลกรัม", "The weight must be above 0 and at most 400 kg"},
	"nutrition.weightRequired":   {"กรุณาระบุน้ำหนักผู้ป่วยก่อนตั้งเป้าหมายต่อกิโลกรัม", "Enter the patient's weight to set a target per kilogram"},
	"nutrition.nutrientInvalid":  {"ไม่รู้จักสารอาหารนี้", "Unknown nutrient"},
	"nutrition.nutrientTwice":    {"สารอาหารนี้มีเป้าหมายซ้ำ", "This nutrient has two targets"},
	"nutrition.perKgNutrient":    {"ตั้งเป้าหมายต่อกิโลกรัมได้เฉพาะพลังงานและโปรตีน", "Only energy and protein take a target per kilogram"},
	"nutrition.perKgMeal":        {"เป้าหมายต่อกิโลกรัมเป็นค่าต่อวันเท่านั้น ไม่มีค่าต่อมื้อ", "A target per kilogram is a day's range, with no per-meal range"},
	"nutrition.unbounded":        {"กรุณาระบุค่าต่ำสุดหรือสูงสุดอย่างน้อยหนึ่งค่า", "Enter at least one minimum or maximum"},
	"nutrition.amountRange":      {"ตัวเลขต้องไม่ติดลบและน้อยกว่า 100,000,000", "The number must be at least 0 and below 100,000,000"},
	"nutrition.maxBelowMin":      {"ค่าสูงสุดต้องไม่น้อยกว่าค่าต่ำสุด", "The maximum must not be below the minimum"},
	"nutrition.tooManyItems":     {"เลือกได้ไม่เกิน 10 รายการ", "At most 10 items"},
	"nutrition.cycleNotFound":    {"ไม่พบรอบเมนูนี้", "Menu round not found"},
	"nutrition.reasonLOW_INTAKE": {"รับประทานต่ำกว่าครึ่งของเป้าหมายสองวันติดกัน: %s (%s) และ %s (%s)", "Under half the target two days in a row: %s (%s) and %s (%s)"},
	"nutrition.reasonREFUSED":    {"ปฏิเสธหรือคืนถาดโดยไม่ได้ทานสามมื้อติดกัน", "Refused or returned untouched three meals in a row"},
	"nutrition.reasonNPO_48H":    {"งดน้ำงดอาหาร (NPO) มาแล้ว %d ชั่วโมง (เกิน 48 ชั่วโมง)", "Nil by mouth (NPO) for %d hours (over 48 hours)"},
	"nutrition.nutrient.energy":  {"พลังงาน", "energy"},
	"nutrition.nutrient.protein": {"โปรตีน", "protein"},
	"nutrition.seen":             {"บันทึกว่าพบผู้ป่วยแล้ว", "Marked seen"},
	"nutrition.worklistReady":    {"ไฟล์รายชื่อผู้ป่วยที่ต้องติดตามพร้อมดาวน์โหลด", "The worklist file is ready to download"},
	"nutrition.intakeReady":      {"ไฟล์ปริมาณที่ผู้ป่วยรับประทานพร้อมดาวน์โหลด", "The intake file is ready to download"},
	"nutrition.itemInvalid":      {"แต่ละรายการต้องเป็นเมนูหรือชุดเมนูอย่างใดอย่างหนึ่ง", "Each item must be either a dish or a menu set"},
}
