package i18n

// logsMessages: the activity record and the change log (pkg/logs).
var logsMessages = map[string]msg{
	"logs.dateInvalid":    {"วันที่ต้องอยู่ในรูปแบบ ปปปป-ดด-วว", "The date must be YYYY-MM-DD"},
	"logs.endBeforeStart": {"วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม", "The end date cannot be before the start date"},
	"logs.rangeTooLong":   {"ช่วงวันที่ต้องไม่เกิน 366 วัน", "The date range can be 366 days at most"},
}
