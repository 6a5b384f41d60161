package i18n

// usersMessages: accounts and branch access (pkg/users).
var usersMessages = map[string]msg{
	"users.duplicateEmail":        {"อีเมลนี้ถูกใช้งานแล้ว", "This e-mail is already used"},
	"users.duplicateEmployeeCode": {"รหัสพนักงานนี้ถูกใช้งานแล้ว", "This employee code is already used"},
	"users.employeeCodeRequired":  {"กรุณากรอกรหัสพนักงาน", "Please enter the employee code"},
	"users.firstNameRequired":     {"กรุณากรอกชื่อ", "Please enter the first name"},
	"users.lastNameRequired":      {"กรุณากรอกนามสกุล", "Please enter the last name"},
	"users.lastSuperAdmin":        {"ต้องมีผู้ดูแลระบบสูงสุดที่ใช้งานอยู่อย่างน้อยหนึ่งคน", "At least one active Super Admin must remain"},
	"users.ownAdminPair":          {"ไม่สามารถลบสิทธิ์ผู้ดูแลหรือบัญชีของตนเองได้", "You cannot remove your own admin role or account"},
	"users.unknownPair":           {"สาขาหรือบทบาทไม่ถูกต้อง", "Unknown branch or role"},
	"users.statusChange":          {"เปลี่ยนสถานะได้เฉพาะระหว่างใช้งานและไม่ใช้งาน หลังจากผู้ใช้ลงทะเบียนแล้ว", "Status can change only between active and inactive, after the user has registered"},
	"users.unsupportedFormat":     {"ไม่รองรับรูปแบบไฟล์นี้ กรุณาใช้ไฟล์ .xlsx หรือ .xls", "This file format is not supported; please use an .xlsx or .xls file"},
	"users.roleNotAssignable":     {"ผู้ดูแลสาขาไม่สามารถมอบหรือถอนสิทธิ์ผู้ดูแลระบบสูงสุดหรือผู้ดูแลสาขาได้ ผู้ดูแลระบบสูงสุดเป็นผู้กำหนดในหน้าบัญชีผู้ใช้", "A Branch Admin cannot give or remove the Super Admin or Branch Admin role: a Super Admin sets them on the account form"},
	"users.ownPairs":              {"ไม่สามารถเปลี่ยนสิทธิ์ของตนเองได้", "You cannot change your own roles"},
}
