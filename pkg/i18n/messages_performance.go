package i18n

// performanceMessages: the work performance figures and workbook (pkg/performance).
var performanceMessages = map[string]msg{
	"performance.ready": {"สร้างไฟล์ผลการปฏิบัติงานแล้ว", "The work performance workbook is ready"},
}
