package i18n

// surveysMessages: patient satisfaction surveys (pkg/surveys, docs/surveys.md), the
// questions' labels included (the public page and the card read them from here).
var surveysMessages = map[string]msg{
	"surveys.notFound":      {"ไม่พบแบบประเมินนี้ กรุณาตรวจสอบลิงก์จากบัตรอาหาร", "This survey was not found; please check the link on the meal card"},
	"surveys.expired":       {"แบบประเมินนี้หมดเวลาตอบแล้ว", "This survey is closed"},
	"surveys.answered":      {"ถาดนี้ได้รับการประเมินแล้ว", "This tray has already been rated"},
	"surveys.thanks":        {"ขอบคุณสำหรับการประเมิน", "Thank you for your feedback"},
	"surveys.saved":         {"บันทึกแบบประเมินแล้ว", "Survey saved"},
	"surveys.exportReady":   {"ไฟล์พร้อมดาวน์โหลด", "The file is ready to download"},
	"surveys.answerRange":   {"กรุณาเลือกคะแนน 1 ถึง 5", "Please choose a score from 1 to 5"},
	"surveys.q.taste":       {"รสชาติอาหาร", "Taste"},
	"surveys.q.temperature": {"อุณหภูมิอาหาร (ร้อน/เย็นเหมาะสม)", "Temperature (hot or cold as it should be)"},
	"surveys.q.portion":     {"ปริมาณอาหาร", "Portion size"},
	"surveys.q.onTime":      {"ความตรงต่อเวลา", "Served on time"},
	"surveys.q.overall":     {"ความพึงพอใจโดยรวม", "Overall satisfaction"},
	"surveys.comment":       {"ความคิดเห็นเพิ่มเติม", "Comment"},
}
