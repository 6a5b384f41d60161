package i18n

// menusMessages: dishes, sets and rounds (pkg/menus).
var menusMessages = map[string]msg{
	// menus
	"menus.noRound":            {"ไม่มีรอบเมนูที่ใช้งานครอบคลุมวันที่นี้", "No active menu round covers this date"},
	"menus.duplicateItem":      {"รายการนี้มีอยู่แล้วในวันและมื้อนี้", "This dish or set is already in this day and meal"},
	"menus.daysInUse":          {"ไม่สามารถลดจำนวนวันได้ เนื่องจากมีรายการอาหารในวันที่เกินจำนวนวันใหม่", "The round cannot be shortened: dishes are set on days beyond the new day count"},
	"menus.priceInvalid":       {"ราคาต้องไม่ติดลบ", "The price must not be below zero"},
	"menus.mealTimeUnknown":    {"ไม่พบประเภทมื้ออาหารนี้ในสาขานี้", "This meal type does not exist in this branch"},
	"menus.priceTooHigh":       {"ราคาต้องไม่เกิน 99,999,999.99", "The price must be 99,999,999.99 at most"},
	"menus.priceNotNumber":     {"ราคาต้องเป็นตัวเลข", "The price must be a number"},
	"menus.iddsiTypeInvalid":   {"ประเภทเนื้อสัมผัสต้องเป็น FOOD หรือ DRINK", "The texture type must be FOOD or DRINK"},
	"menus.iddsiFood":          {"ระดับ IDDSI ของอาหารต้องอยู่ระหว่าง 3 ถึง 7", "The IDDSI level of a food must be 3 to 7"},
	"menus.iddsiDrink":         {"ระดับ IDDSI ของเครื่องดื่มต้องอยู่ระหว่าง 0 ถึง 4", "The IDDSI level of a drink must be 0 to 4"},
	"menus.nutrientInvalid":    {"สารอาหารไม่ถูกต้อง (ชื่อ ปริมาณไม่ติดลบ และหน่วย)", "A nutrient is invalid (its name, an amount not below zero, and a unit)"},
	"menus.ingredientInactive": {"วัตถุดิบไม่ได้ใช้งานหรือไม่มีอยู่ในสาขานี้", "An ingredient is inactive or does not exist in this branch"},
	"menus.setEmpty":           {"กรุณาเลือกรายการอาหารอย่างน้อยหนึ่งรายการ", "Choose at least one dish"},
	"menus.dayCountInvalid":    {"จำนวนวันต้องอยู่ระหว่าง 1 ถึง 366", "The day count must be 1 to 366"},
	"menus.weekdayDays":        {"รอบตามวันในสัปดาห์มี 7 วัน", "A weekday round has 7 days"},
	"menus.roundTypeInvalid":   {"ประเภทรอบต้องเป็น LOOP หรือ WEEKDAY", "The round type must be LOOP or WEEKDAY"},
	"menus.cycleOverlap":       {"ช่วงวันที่ทับซ้อนกับรอบเมนูที่ใช้งานอยู่ %s กรุณาแก้ไขวันที่เริ่มหรือวันที่สิ้นสุด", "The dates overlap the active round %s: change the start or end date"},
	"menus.cycleOverlapField":  {"ช่วงวันที่ทับซ้อนกับรอบเมนูอื่นที่ใช้งานอยู่", "The dates overlap another active round"},
	"menus.dayBeyondRound":     {"วันที่ของรอบต้องอยู่ระหว่าง 1 ถึงจำนวนวันของรอบ", "The day must be between 1 and the round's day count"},
	"menus.oneItem":            {"กรุณาเลือกรายการอาหารหรือชุดอาหารอย่างใดอย่างหนึ่ง", "Choose either a dish or a menu set"},
	"menus.usedIn.menu_set":    {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในชุดอาหาร", "It cannot be deleted: it is used by a menu set"},
	"menus.usedIn.cycle_menu":  {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในรอบเมนูอาหาร", "It cannot be deleted: it is used by a cycle menu round"},
	"menus.unitMissing":        {"ไม่พบหน่วยสารอาหารของสาขา (kcal, g, mg)", "The branch has no nutrient unit for this (kcal, g, mg)"},
	"menus.codeUnknown":        {"ไม่พบรหัสนี้ในสาขานี้", "This code does not exist in this branch"},
	"menus.codeRepeated":       {"รหัสนี้ซ้ำกับแถวก่อนหน้าในไฟล์", "This code repeats an earlier row of the file"},
	"menus.rowRepeated":        {"รายการนี้ซ้ำกับแถวก่อนหน้าในไฟล์ (รอบ วัน มื้อ และรายการอาหารหรือชุดอาหารเดียวกัน)", "This row repeats an earlier row of the file (the same round, day, meal and dish or set)"},
}
