package logs

import "samrap/pkg/i18n"

// Action is one kind of entry of the activity record: the code an area writes through
// audit.WriteActivity and its label in Thai and English.
type Action struct {
	Action string // the code, e.g. "auth.signIn"
	Th, En string
}

// actions is the one list of activity codes and their labels: an area that records a new
// activity adds its line here (the screen's action filter lists them in this order). A
// code not listed shows as itself.
var actions = []Action{
	{Action: "auth.signIn", Th: "เข้าสู่ระบบ", En: "Signed in"},
	{Action: "auth.signInFailed", Th: "เข้าสู่ระบบไม่สำเร็จ", En: "Sign-in failed"},
	{Action: "auth.signInBurst", Th: "มีการลองรหัสผ่านผิดจำนวนมาก (แจ้งผู้ดูแลระบบแล้ว)", En: "Many wrong passwords tried (administrators told)"},
	{Action: "auth.codeRefused", Th: "รหัสยืนยันไม่ถูกต้อง", En: "Verification code refused"},
	{Action: "auth.selectRole", Th: "เลือก/สลับสาขาและบทบาท", En: "Chose or switched branch and role"},
	{Action: "auth.signOut", Th: "ออกจากระบบ", En: "Signed out"},
	{Action: "auth.passwordChanged", Th: "เปลี่ยนรหัสผ่าน", En: "Changed the password"},
	{Action: "auth.mfaEnabled", Th: "เปิดการยืนยันตัวตนด้วยแอป", En: "Turned on the authenticator app"},
	{Action: "auth.mfaDisabled", Th: "ปิดการยืนยันตัวตนด้วยแอป", En: "Turned off the authenticator app"},
	{Action: "auth.liftDelay", Th: "ปลดการหน่วงเวลาเข้าสู่ระบบ", En: "Lifted a sign-in delay"},
	{Action: "users.create", Th: "สร้างบัญชีผู้ใช้", En: "Created a user account"},
	{Action: "users.update", Th: "แก้ไขบัญชีผู้ใช้", En: "Updated a user account"},
	{Action: "users.delete", Th: "ลบบัญชีผู้ใช้", En: "Deleted user accounts"},
	{Action: "users.invite", Th: "ส่งคำเชิญผู้ใช้", En: "Invited a user"},
	{Action: "users.inviteByStatus", Th: "ส่งคำเชิญผู้ใช้ตามสถานะ", En: "Invited users by status"},
	{Action: "users.assign", Th: "กำหนดสิทธิ์ผู้ใช้ในสาขา", En: "Assigned users to a branch role"},
	{Action: "users.unassign", Th: "ยกเลิกสิทธิ์ผู้ใช้ในสาขา", En: "Unassigned users from a branch role"},
	{Action: "users.export", Th: "ส่งออกรายงานสิทธิ์ผู้ใช้", En: "Exported the user permission report"},
	{Action: "imports.done", Th: "นำเข้าไฟล์ Excel", En: "Imported an Excel file"},
	{Action: "patientSync.done", Th: "ดึงข้อมูลผู้ป่วยจากโรงพยาบาล", En: "Synced patients from the hospital"},
	{Action: "hl7Feed.keyRotated", Th: "สร้างกุญแจรับข้อมูล HL7 ใหม่", En: "Rotated a branch's HL7 feed key"},
	{Action: "patients.exportChanges", Th: "ส่งออกประวัติการเปลี่ยนแปลงข้อมูลผู้ป่วย", En: "Exported the patient change record"},
	{Action: "files.export", Th: "ส่งออกข้อมูลหลัก/เมนู", En: "Exported master data or menus"},
	{Action: "logs.export", Th: "ส่งออกบันทึกกิจกรรม", En: "Exported the activity record"},
	{Action: "orders.submit", Th: "สั่งอาหาร", En: "Ordered food"},
	{Action: "orders.submitMany", Th: "สั่งอาหารหลายผู้ป่วย", En: "Ordered food for several patients"},
	{Action: "orders.submitRound", Th: "สั่งอาหารทั้งหอผู้ป่วย (รอบมื้อ)", En: "Ordered a ward's meal round"},
	{Action: "orders.copy", Th: "คัดลอกรายการสั่งอาหารของหอผู้ป่วย", En: "Copied a ward's orders"},
	{Action: "orders.cancel", Th: "ยกเลิกรายการสั่งอาหาร", En: "Cancelled an order"},
	{Action: "orders.confirmReview", Th: "ยืนยันการตรวจสอบรายการสั่งอาหาร", En: "Confirmed an order's review"},
	{Action: "serve.served", Th: "ยืนยันการเสิร์ฟอาหาร", En: "Served a tray"},
	{Action: "serve.rejected", Th: "ปฏิเสธการเสิร์ฟอาหาร", En: "Rejected a tray"},
	{Action: "serve.collected", Th: "บันทึกปริมาณที่ผู้ป่วยรับประทาน (เก็บถาด)", En: "Recorded what a patient ate (tray collected)"},
	{Action: "serve.mismatch", Th: "สแกนแล้วผู้ป่วยและอาหารไม่ตรงกัน", En: "Scanned a tray that did not match"},
	{Action: "nutrition.seen", Th: "บันทึกว่าพบผู้ป่วยในรายชื่อที่ต้องติดตามด้านโภชนาการ", En: "Saw a patient of the nutrition worklist"},
	{Action: "nutrition.exportWorklist", Th: "ส่งออกรายชื่อผู้ป่วยที่ต้องติดตามด้านโภชนาการ", En: "Exported the nutrition worklist"},
	{Action: "nutrition.exportIntake", Th: "ส่งออกปริมาณที่ผู้ป่วยรับประทาน", En: "Exported a patient's intake"},
	{Action: "reports.meal-cards", Th: "พิมพ์การ์ดอาหาร", En: "Printed meal cards"},
	{Action: "reports.kitchen", Th: "ส่งออกรายงานสั่งอาหารสำหรับครัว", En: "Exported the kitchen order workbook"},
	{Action: "reports.identification", Th: "ส่งออกรายงานยืนยันตัวตนผู้ป่วย", En: "Exported the identification workbook"},
	{Action: "reports.finance", Th: "ส่งออกรายงานการเงิน", En: "Exported the finance workbook"},
	{Action: "surveys.answered", Th: "ตอบแบบประเมินความพึงพอใจ", En: "Answered a satisfaction survey"},
	{Action: "surveys.export", Th: "ส่งออกผลประเมินความพึงพอใจ", En: "Exported the satisfaction survey results"},
	{Action: "performance.export", Th: "ส่งออกรายงานผลการปฏิบัติงาน", En: "Exported the work performance workbook"},
}

// actionLabel answers the label of code in lang, the code itself when it is not listed.
func actionLabel(code string, lang i18n.Lang) string {
	for _, a := range actions {
		if a.Action == code {
			return label(a.Th, a.En, lang)
		}
	}
	return code
}

// label is a name in lang, else in the other language (i18n.Pick).
func label(th, en string, lang i18n.Lang) string { return i18n.Pick(lang, th, en) }

// ActionCodes answers the listed codes (for tests).
func ActionCodes() []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = a.Action
	}
	return out
}
