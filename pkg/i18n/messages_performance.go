package i18n

// performanceMessages: the work performance figures and workbook (pkg/performance).
var performanceMessages = map[string]msg{
	"performance.dateInvalid":    {"วันที่ต้องอยู่ในรูปแบบ ปปปป-ดด-วว", "The date must be YYYY-MM-DD"},
	"performance.endBeforeStart": {"วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม", "The end date cannot be before the start date"},
	"performance.rangeTooLong":   {"ช่วงวันที่ต้องไม่เกิน 366 วัน", "The date range can be 366 days at most"},
	"performance.ready":          {"สร้างไฟล์ผลการปฏิบัติงานแล้ว", "The work performance workbook is ready"},
}
