package i18n

// hl7FeedMessages: the HL7 v2 feed (its key in pkg/patientsync, the feed in pkg/hl7feed).
// The hl7Feed.* reasons are kept with each message (hl7_message.error_key) for the screens.
var hl7FeedMessages = map[string]msg{
	"hl7Feed.keyRotated":    {"สร้างกุญแจรับข้อมูล HL7 ใหม่แล้ว กรุณาคัดลอกเก็บไว้ตอนนี้ ระบบจะไม่แสดงกุญแจนี้อีก และกุญแจเดิมใช้ไม่ได้แล้ว", "A new HL7 feed key was made: copy it now, it will not be shown again, and the previous key no longer works"},
	"hl7Feed.badKey":        {"กุญแจรับข้อมูล HL7 ไม่ถูกต้องสำหรับสาขานี้", "The HL7 feed key is not this branch's"},
	"hl7Feed.unreadable":    {"อ่านข้อความ HL7 นี้ไม่ได้", "This HL7 message cannot be read"},
	"hl7Feed.invalid":       {"ข้อความ HL7 นี้ขาดข้อมูลที่จำเป็นหรือมีข้อมูลผิดรูปแบบ", "This HL7 message lacks a required field or has one in the wrong format"},
	"hl7Feed.notOurs":       {"ข้อความ HL7 นี้ส่งถึงหน่วยงานอื่น ไม่ใช่สาขานี้", "This HL7 message is addressed to another facility, not this branch"},
	"hl7Feed.notQueued":     {"รับข้อความ HL7 แล้วแต่เข้าคิวไม่ได้ ผู้ส่งจะส่งใหม่อีกครั้ง", "The HL7 message was received but could not be queued: the sender will send it again"},
	"hl7Feed.duplicate":     {"ได้รับข้อความ HL7 เลขที่นี้แล้ว จึงไม่นำไปใช้ซ้ำ", "An HL7 message with this control ID was received before: it is not applied twice"},
	"hl7Feed.stale":         {"ข้อความ HL7 นี้เก่ากว่าข้อความล่าสุดของผู้ป่วยที่ใช้แล้ว จึงไม่นำไปแทนข้อมูลที่ใหม่กว่า", "This HL7 message is older than the last one applied for the patient: it does not replace newer data"},
	"hl7Feed.notApplied":    {"ข้อความ HL7 ชนิดนี้ไม่ได้ใช้ในระบบสั่งอาหาร จึงเก็บไว้โดยไม่นำไปใช้", "Samrap does not use this kind of HL7 message: it is kept, not applied"},
	"hl7Feed.mergeNothing":  {"ไม่พบผู้ป่วย HN เดิมที่ต้องรวม (MRG-1) ในสาขานี้ จึงไม่มีอะไรต้องรวม", "No patient of this branch has the merged HN (MRG-1): there was nothing to merge"},
	"hl7Feed.notInpatient":  {"ผู้ป่วยรายนี้ยังไม่ได้รับไว้เป็นผู้ป่วยใน จึงไม่ได้เพิ่มเข้าระบบ", "This patient is not admitted as an inpatient, so was not added"},
	"hl7Feed.replayed":      {"ส่งข้อความ HL7 เข้าคิวอีกครั้งแล้ว", "The HL7 message is queued again"},
	"hl7Feed.notReplayable": {"ไม่พบข้อความ HL7 ที่รับแล้วแต่ใช้ไม่สำเร็จรายการนี้ในสาขา", "No HL7 message of the branch that was accepted and failed has this id"},
}
