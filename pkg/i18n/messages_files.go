package i18n

// filesMessages: uploads, downloads and imports (pkg/files, pkg/imports).
var filesMessages = map[string]msg{
	// files
	"files.unavailable":       {"ระบบจัดเก็บไฟล์ขัดข้องชั่วคราว ยังไม่ได้บันทึกสิ่งใด กรุณาลองใหม่อีกครั้งในอีกสักครู่", "The file store is unavailable for the moment; nothing was saved. Please try again in a moment"},
	"queue.unavailable":       {"ระบบคิวงานขัดข้องชั่วคราว ยังไม่ได้เริ่มงานใด กรุณาลองใหม่อีกครั้งในอีกสักครู่", "The work queue is unavailable for the moment; nothing was started. Please try again in a moment"},
	"files.fileRequired":      {"กรุณาเลือกไฟล์", "Please choose a file"},
	"files.oneFile":           {"นำเข้าได้ครั้งละหนึ่งไฟล์เท่านั้น", "Please upload one file at a time"},
	"files.unsupportedFormat": {"ไม่รองรับรูปแบบไฟล์นี้ กรุณาใช้ไฟล์ .xlsx", "This file format is not supported; please use an .xlsx file"},
	"files.emptyFile":         {"ไฟล์ว่างเปล่า", "The file is empty"},
	"files.tooLarge":          {"ไฟล์มีขนาดใหญ่เกินไป (ไม่เกิน 5 MB)", "The file is too large (5 MB at most)"},
	"files.typeUnknown":       {"ไม่รู้จักประเภทข้อมูลหลักนี้", "Unknown master data type"},
	"files.queued":            {"ได้รับไฟล์แล้ว กำลังนำเข้าข้อมูล", "File received; the import is queued"},
	// imports
	"imports.tooManyRows":    {"ไฟล์มีข้อมูลเกิน 1,000 แถว", "The file has more than 1,000 rows"},
	"imports.noRows":         {"ไฟล์ไม่มีข้อมูล", "The file has no data rows"},
	"imports.notExcel":       {"ไฟล์ไม่ใช่ไฟล์ Excel ที่ถูกต้อง", "The file is not a valid Excel workbook"},
	"imports.headersMissing": {"ไม่พบแถวหัวคอลัมน์ที่จำเป็น กรุณาใช้หัวคอลัมน์ตามแม่แบบ", "The header row is missing: keep the column headers of the template"},
	"imports.tooLarge":       {"ไฟล์มีขนาดใหญ่เกินไปเมื่อคลายการบีบอัด (เกิน 20 MB) กรุณาลบรูปภาพหรือชีตอื่นที่ไม่ใช้ออกแล้วอัปโหลดใหม่", "The workbook is too large once decompressed (over 20 MB): remove pictures and other sheets it does not need, then upload it again"},
	"imports.smallXls":       {"อ่านไฟล์ .xls ขนาดเล็กนี้ไม่ได้ กรุณาเปิดใน Excel แล้วบันทึกเป็น .xlsx (Excel Workbook) จากนั้นอัปโหลดใหม่", "This small .xls file cannot be read: open it in Excel, save it as .xlsx (Excel Workbook), then upload it again"},
	"imports.reason":         {"เหตุผล", "Reason"},
	"imports.line":           {"แถวที่", "Row"},
	"imports.failed":         {"นำเข้าไม่สำเร็จ", "The import failed"},
	"imports.expired":        {"การนำเข้าครั้งนี้หยุดทำงานไปโดยไม่เสร็จ กรุณาอัปโหลดไฟล์ใหม่อีกครั้ง", "This import stopped without finishing: please upload the file again"},
}
