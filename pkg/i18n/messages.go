package i18n

type msg struct{ th, en string }

// messages is every server message: one table per area (messages_<area>.go), joined once.
// Keys are stable and unique across tables; tests check that every key the code uses
// exists, in both languages. A new area adds its file and one name below.
var messages = join(coreMessages, authMessages, usersMessages, paramsMessages, menusMessages, patientsMessages, filesMessages, ordersMessages, serveMessages, reportsMessages, surveysMessages, performanceMessages, hl7FeedMessages, nutritionMessages)

// join merges the areas' tables; a key two areas define is a programming error.
func join(tables ...map[string]msg) map[string]msg {
	out := map[string]msg{}
	for _, t := range tables {
		for k, v := range t {
			if _, dup := out[k]; dup {
				panic("i18n: message " + k + " is defined twice")
			}
			out[k] = v
		}
	}
	return out
}

// coreMessages: the envelope and field messages every area uses.
var coreMessages = map[string]msg{
	// envelope
	"SUCCESS":            {"สำเร็จ", "Success"},
	"BAD_REQUEST":        {"คำขอไม่ถูกต้อง", "Bad request"},
	"UNAUTHORIZED":       {"กรุณาเข้าสู่ระบบใหม่อีกครั้ง", "Please sign in again"},
	"FORBIDDEN":          {"คุณไม่มีสิทธิ์ใช้งานส่วนนี้", "You do not have access to this"},
	"NOT_FOUND":          {"ไม่พบข้อมูล", "Not found"},
	"CONFLICT":           {"ข้อมูลขัดแย้งกับข้อมูลที่มีอยู่", "This conflicts with existing data"},
	"VALIDATION":         {"ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ", "Some fields are invalid, please check"},
	"TOO_LARGE":          {"ข้อมูลที่ส่งมีขนาดใหญ่เกินไป", "The request is too large"},
	"TOO_MANY_REQUESTS":  {"ทำรายการบ่อยเกินไป กรุณาลองใหม่ในอีก %d วินาที", "Too many attempts, please try again in %d seconds"},
	"INTERNAL":           {"เกิดข้อผิดพลาดบางอย่าง กรุณาลองใหม่", "Something went wrong, please try again"},
	"db.unavailable":     {"ระบบฐานข้อมูลไม่พร้อมชั่วขณะ กรุณาลองใหม่อีกครั้ง", "The database is briefly unavailable, please try again"},
	"request.timedOut":   {"คำขอใช้เวลานานเกินไป กรุณาลองใหม่อีกครั้ง", "The request took too long, please try again"},
	"METHOD_NOT_ALLOWED": {"ไม่รองรับวิธีการเรียกนี้", "This method is not allowed"},
	// field messages
	"field.required":         {"กรุณากรอกข้อมูล", "This field is required"},
	"field.invalid":          {"รูปแบบไม่ถูกต้อง", "The format is invalid"},
	"field.emailRequired":    {"กรุณากรอกอีเมล", "Please enter your e-mail"},
	"field.emailInvalid":     {"รูปแบบอีเมลไม่ถูกต้อง", "The e-mail format is invalid"},
	"field.passwordRequired": {"กรุณากรอกรหัสผ่าน", "Please enter your password"},
	"field.textInvalid":      {"มีอักขระที่ไม่อนุญาต", "This contains characters that are not allowed"},
	"field.tooLong":          {"ข้อความยาวเกินไป", "This is too long"},
	"field.outOfRange":       {"ค่าอยู่นอกช่วงที่รับได้", "This value is out of range"},
	// a JSON body's field that does not fit the call (pkg/httpx DecodeJSON)
	"field.unknown":     {"ไม่รู้จักช่องข้อมูลนี้", "This field is unknown"},
	"field.wrongType":   {"ชนิดของข้อมูลไม่ถูกต้อง", "This value is of the wrong type"},
	"field.wholeNumber": {"ต้องเป็นจำนวนเต็ม", "This must be a whole number"},
	"field.dateTime":    {"วันและเวลาต้องอยู่ในรูปแบบ 2026-01-31T08:00:00+07:00", "The date and time must be like 2026-01-31T08:00:00+07:00"},
	// days and date ranges (pkg/day)
	"date.invalid":        {"วันที่ต้องอยู่ในรูปแบบ ปปปป-ดด-วว", "The date must be YYYY-MM-DD"},
	"date.endBeforeStart": {"วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม", "The end date cannot be before the start date"},
	"date.overYear":       {"ช่วงวันที่ต้องไม่เกิน 366 วัน", "The date range can be 366 days at most"},
	"date.overMonth":      {"ช่วงวันที่ต้องไม่เกิน 31 วัน", "The date range can be 31 days at most"},
	// general answers
	"saved":   {"บันทึกเรียบร้อยแล้ว", "Saved"},
	"deleted": {"ลบเรียบร้อยแล้ว", "Deleted"},
}
