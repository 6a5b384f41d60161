package i18n

// serveMessages: serving by scan (pkg/serve, docs/serve.md).
var serveMessages = map[string]msg{
	"serve.match":                  {"ผู้ป่วยและอาหารตรงกัน", "Patient and food match"},
	"serve.noMatch":                {"ผู้ป่วยและอาหารไม่ตรงกัน", "Patient and food do not match"},
	"serve.served":                 {"บันทึกการเสิร์ฟแล้ว", "Serving recorded"},
	"serve.rejected":               {"บันทึกการไม่เสิร์ฟแล้ว", "Rejection recorded"},
	"serve.settingSaved":           {"บันทึกการตั้งค่าสายรัดข้อมือแล้ว", "Wristband setting saved"},
	"serve.patternInvalid":         {"รูปแบบต้องมี {hn} หนึ่งครั้ง และยาวไม่เกิน 60 ตัวอักษร", "The pattern must hold {hn} once and be at most 60 characters"},
	"serve.rejectReasonRequired":   {"กรุณาระบุเหตุผลที่ไม่เสิร์ฟ", "Please give the reason the tray is not served"},
	"serve.requestReused":          {"รหัสคำขอนี้ถูกใช้กับถาดอื่นแล้ว", "This request id was used for another tray"},
	"serve.reasonFORGED":           {"รหัสบนบัตรอาหารไม่ถูกต้องหรือถูกปลอมแปลง", "The meal card's code is not valid or was altered"},
	"serve.reasonOTHER_BRANCH":     {"บัตรอาหารนี้เป็นของสาขาอื่น", "This meal card belongs to another branch"},
	"serve.reasonBAD_WRISTBAND":    {"รูปแบบสายรัดข้อมือไม่ถูกต้อง", "The wristband's content is not in this branch's format"},
	"serve.reasonWRONG_PATIENT":    {"บัตรอาหารไม่ใช่ของผู้ป่วยรายนี้", "This meal card is for another patient"},
	"serve.reasonHN_CHANGED":       {"HN ของผู้ป่วยเปลี่ยนหลังพิมพ์บัตรอาหารนี้ (โรงพยาบาลรวมประวัติผู้ป่วย): บัตรกับสายรัดข้อมือไม่ตรงกัน", "The patient's HN changed after this meal card was printed (the hospital merged two records): the card and the wristband do not agree"},
	"serve.reasonOTHER_DATE":       {"บัตรอาหารไม่ใช่ของวันนี้", "This meal card is not for today"},
	"serve.reasonORDER_NOT_FOUND":  {"ไม่พบรายการสั่งอาหารของบัตรนี้", "The order of this meal card no longer exists"},
	"serve.reasonCANCELLED":        {"รายการสั่งอาหารนี้ถูกยกเลิกแล้ว", "This order is cancelled"},
	"serve.reasonNO_FOOD":          {"รายการนี้ไม่มีอาหาร (งดอาหาร/ไม่รับประทานอาหาร)", "This order carries no food (fasting or no meal)"},
	"serve.reasonALREADY_SERVED":   {"ถาดนี้เสิร์ฟไปแล้ว", "This tray is already served"},
	"serve.reasonNPO":              {"ขณะนี้ผู้ป่วยงดน้ำงดอาหาร (NPO)", "The patient is now nil by mouth (NPO)"},
	"serve.reasonDISCHARGED":       {"ผู้ป่วยจำหน่ายแล้วหรือไม่ได้อยู่ในสถานะรักษาตัว", "The patient is discharged or not a current patient"},
	"serve.reasonALLERGY":          {"อาหารมีส่วนผสมที่ผู้ป่วยแพ้หรือห้ามรับประทาน", "The food contains what the patient is allergic to or must not eat"},
	"serve.reasonTEXTURE":          {"ความหยาบของอาหารเกินระดับ IDDSI ของผู้ป่วย", "The texture is above the patient's IDDSI level"},
	"serve.reasonUNMAPPED_ALLERGY": {"ผู้ป่วยมีประวัติแพ้ที่ยังไม่ได้ตรวจสอบ", "The patient has allergies not checked"},
	"serve.reasonNEEDS_REVIEW":     {"รายการสั่งอาหารต้องตรวจสอบใหม่ (ข้อมูลผู้ป่วยหรืออาหารในถาดเปลี่ยน)", "The order needs review (the patient's diet or the food on the tray changed)"},
}
