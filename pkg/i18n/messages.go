package i18n

type msg struct{ th, en string }

// messages is the one table of server messages. Keys are stable; tests check that every
// key has both languages.
var messages = map[string]msg{
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
	"METHOD_NOT_ALLOWED": {"ไม่รองรับวิธีการเรียกนี้", "This method is not allowed"},

	// field messages
	"field.required":         {"กรุณากรอกข้อมูล", "This field is required"},
	"field.invalid":          {"รูปแบบไม่ถูกต้อง", "The format is invalid"},
	"field.emailRequired":    {"กรุณากรอกอีเมล", "Please enter your e-mail"},
	"field.emailInvalid":     {"รูปแบบอีเมลไม่ถูกต้อง", "The e-mail format is invalid"},
	"field.passwordRequired": {"กรุณากรอกรหัสผ่าน", "Please enter your password"},

	// auth
	"auth.badCredentials":  {"อีเมลหรือรหัสผ่านไม่ถูกต้อง", "E-mail or password is incorrect"},
	"auth.inactiveAccount": {"บัญชีของคุณยังไม่เปิดใช้งานหรือไม่มีสิทธิ์ใช้งาน กรุณาติดต่อผู้ดูแลระบบ", "Your account is inactive or has no roles. Please contact an administrator"},
	"auth.tokenInvalid":    {"เซสชันไม่ถูกต้องหรือหมดอายุ กรุณาเข้าสู่ระบบใหม่", "Your session is invalid or has expired. Please sign in again"},
	"auth.refreshInvalid":  {"เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่", "Your session has expired. Please sign in again"},
	"auth.sessionCap":      {"หมดเวลาการใช้งาน กรุณาเข้าสู่ระบบใหม่", "Your session time is over. Please sign in again"},
	"auth.pairNotHeld":     {"คุณไม่มีสิทธิ์ในสาขาและบทบาทนี้", "You do not hold this branch and role"},
	"auth.noPair":          {"กรุณาเลือกสาขาและบทบาทก่อน", "Please choose a branch and role first"},
	"auth.wrongBranch":     {"คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้", "You do not have access to this branch"},
	"auth.signedOut":       {"ออกจากระบบแล้ว", "Signed out"},

	// passwords (SPEC.md §5)
	"password.required":        {"กรุณากรอกรหัสผ่าน", "Please enter the password"},
	"password.confirmRequired": {"กรุณายืนยันรหัสผ่าน", "Please enter the confirmation"},
	"password.mismatch":        {"รหัสผ่านไม่ตรงกัน", "Passwords do not match"},
	"password.minLength":       {"รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร", "The password must have at least 8 characters"},
	"password.maxLength":       {"รหัสผ่านยาวเกินไป (ไม่เกิน 128 ตัวอักษร)", "The password is too long (at most 128 characters)"},
	"password.complexity":      {"รหัสผ่านต้องมีตัวพิมพ์ใหญ่ ตัวพิมพ์เล็ก ตัวเลข และอักขระพิเศษ", "The password must include upper case, lower case, a digit and a special character"},
	"password.containsName":    {"รหัสผ่านต้องไม่มีชื่อหรือนามสกุลของคุณ", "The password must not contain your first or last name"},
	"password.sameAsOld":       {"รหัสผ่านใหม่ซ้ำกับรหัสผ่านเดิม", "The new password is the same as the old password"},
	"password.currentRequired": {"กรุณากรอกรหัสผ่านปัจจุบัน", "Please enter your current password"},
	"password.wrongCurrent":    {"รหัสผ่านปัจจุบันไม่ถูกต้อง", "The current password is wrong"},
	"password.changed":         {"เปลี่ยนรหัสผ่านเรียบร้อยแล้ว", "Your password has been changed"},

	// two factors
	"mfa.challengeInvalid":  {"ขั้นตอนยืนยันตัวตนหมดอายุ กรุณาเข้าสู่ระบบใหม่", "The verification step has expired. Please sign in again"},
	"mfa.codeInvalid":       {"รหัสไม่ถูกต้องหรือหมดอายุ", "The code is invalid or has expired"},
	"mfa.methodUnavailable": {"วิธียืนยันตัวตนนี้ไม่พร้อมใช้งานสำหรับบัญชีนี้", "This verification method is not set up for this account"},
	"mfa.codeSent":          {"ส่งรหัสไปที่อีเมลของคุณแล้ว", "A code has been sent to your e-mail"},
	"mfa.notSetUp":          {"ยังไม่ได้ตั้งค่าแอปยืนยันตัวตน", "No authenticator app is being set up"},
	"mfa.alreadyOn":         {"เปิดการยืนยันตัวตนสองขั้นตอนอยู่แล้ว", "Two-factor verification is already on"},
	"mfa.alreadyOff":        {"ปิดการยืนยันตัวตนสองขั้นตอนอยู่แล้ว", "Two-factor verification is already off"},
	"mfa.enabled":           {"เปิดการยืนยันตัวตนสองขั้นตอนแล้ว", "Two-factor verification is on"},
	"mfa.disabled":          {"ปิดการยืนยันตัวตนสองขั้นตอนแล้ว", "Two-factor verification is off"},

	// links and e-mail
	"link.expired":          {"ลิงก์หมดอายุหรือถูกใช้งานไปแล้ว กรุณาขอลิงก์ใหม่", "This link has expired or has already been used. Please ask for a new link"},
	"link.resent":           {"หากบัญชียังรอการยืนยัน ระบบได้ส่งลิงก์ใหม่ไปที่อีเมลแล้ว", "If the account is still waiting for confirmation, a new link has been e-mailed"},
	"reset.sent":            {"หากอีเมลนี้มีอยู่ในระบบ เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปแล้ว", "If this e-mail is in the system, a link to set a new password has been sent"},
	"register.done":         {"ลงทะเบียนเรียบร้อยแล้ว", "Registration is complete"},
	"invite.sent":           {"ส่งคำเชิญแล้ว", "The invitation has been sent"},
	"invite.notInvitable":   {"บัญชีนี้ลงทะเบียนแล้ว ไม่สามารถเชิญซ้ำได้", "This account is already registered and cannot be invited again"},
	"user.notFound":         {"ไม่พบผู้ใช้", "User not found"},
	"mail.failed":           {"ส่งอีเมลไม่สำเร็จ กรุณาลองใหม่อีกครั้ง", "The e-mail could not be sent. Please try again"},
	"account.languageSaved": {"บันทึกภาษาแล้ว", "Language saved"},

	"mail.otp.subject":    {"รหัสยืนยันการเข้าสู่ระบบ สำรับ", "Your Samrap sign-in code"},
	"mail.otp.text":       {"รหัสยืนยันของคุณคือ %s\n\nรหัสนี้ใช้ได้ %d นาที หากคุณไม่ได้พยายามเข้าสู่ระบบ กรุณาแจ้งผู้ดูแลระบบ", "Your verification code is %s\n\nIt is valid for %d minutes. If you did not try to sign in, please tell your administrator."},
	"mail.invite.subject": {"คำเชิญเข้าใช้งานระบบสำรับ", "Your invitation to Samrap"},
	"mail.invite.text":    {"เรียน คุณ%s\n\nคุณได้รับเชิญให้ใช้งานระบบสั่งอาหารผู้ป่วยสำรับ กรุณาตั้งรหัสผ่านที่ลิงก์นี้:\n%s\n\nลิงก์ใช้ได้ %d ชั่วโมงและใช้ได้ครั้งเดียว", "Dear %s,\n\nYou have been invited to Samrap, the patient meal-ordering system. Set your password at this link:\n%s\n\nThe link works once, for %d hours."},
	"mail.reset.subject":  {"ตั้งรหัสผ่านใหม่ สำรับ", "Set a new Samrap password"},
	"mail.reset.text":     {"เรียน คุณ%s\n\nตั้งรหัสผ่านใหม่ได้ที่ลิงก์นี้:\n%s\n\nลิงก์ใช้ได้ %d นาทีและใช้ได้ครั้งเดียว หากคุณไม่ได้ขอ ไม่ต้องทำอะไร", "Dear %s,\n\nSet a new password at this link:\n%s\n\nThe link works once, for %d minutes. If you did not ask for it, do nothing."},

	"firstAdmin.exists": {"มีผู้ดูแลระบบสูงสุดอยู่แล้ว", "A Super Admin already exists"},

	// users
	"saved":                       {"บันทึกเรียบร้อยแล้ว", "Saved"},
	"deleted":                     {"ลบเรียบร้อยแล้ว", "Deleted"},
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
	"users.roleNotAssignable":     {"ผู้ดูแลสาขาไม่สามารถมอบสิทธิ์ผู้ดูแลระบบสูงสุดได้", "A Branch Admin cannot give the Super Admin role"},

	// params
	"params.branchNotFound":         {"ไม่พบสาขา", "Branch not found"},
	"params.saved":                  {"บันทึกข้อมูลสำเร็จ", "Saved"},
	"params.deleted":                {"ลบข้อมูลสำเร็จ", "Deleted"},
	"params.copied":                 {"คัดลอกข้อมูลหลักไปยังสาขาใหม่แล้ว", "Master data copied to the new branch"},
	"params.duplicateCode":          {"รหัสนี้มีอยู่แล้วในสาขานี้", "This code already exists in this branch"},
	"params.duplicateInFile":        {"รหัสนี้ซ้ำกับแถวก่อนหน้าในไฟล์", "This code repeats an earlier row of the file"},
	"params.ageOverlap":             {"ช่วงอายุซ้อนทับกับประเภทหอผู้ป่วยอื่น", "The age range overlaps another ward type"},
	"params.ageRange":               {"อายุต้องอยู่ระหว่าง 0 ถึง 150 ปี", "Age must be between 0 and 150 years"},
	"params.endAgeBeforeStart":      {"อายุสิ้นสุดต้องไม่น้อยกว่าอายุเริ่มต้น", "The end age must not be below the start age"},
	"params.inUse":                  {"ไม่สามารถลบได้ เนื่องจากข้อมูลนี้ถูกใช้งานอยู่", "It cannot be deleted: it is in use"},
	"params.usedIn.ward":            {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในหอผู้ป่วย", "It cannot be deleted: it is used by a ward"},
	"params.usedIn.room":            {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในห้อง/เตียง", "It cannot be deleted: it is used by a room or bed"},
	"params.usedIn.room_meal_class": {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในกลุ่มอาหารตามประเภทห้อง", "It cannot be deleted: it is used by a room type food group"},
	"params.usedIn.religion":        {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในวัตถุดิบต้องห้ามของศาสนา", "It cannot be deleted: it is restricted by a religion"},
	"params.usedIn.vegetarian":      {"ไม่สามารถลบได้ เนื่องจากถูกใช้งานอยู่ในวัตถุดิบต้องห้ามของประเภทมังสวิรัติ", "It cannot be deleted: it is restricted by a vegetarian type"},
	"params.targetHasData":          {"สาขาปลายทางมีข้อมูลหลักอยู่แล้ว", "The target branch already has master data"},
	"params.codeInvalid":            {"รหัสต้องมี 1–30 ตัวอักษรและไม่มีช่องว่าง", "The code must be 1–30 characters without spaces"},
	"params.nameThRequired":         {"กรุณากรอกชื่อภาษาไทย", "Please enter the Thai name"},
	"params.nameEnRequired":         {"กรุณากรอกชื่อภาษาอังกฤษ", "Please enter the English name"},
	"params.tooLong":                {"ข้อความยาวเกินกำหนด", "The text is too long"},
	"params.abbreviationInvalid":    {"อักษรย่อต้องมี 2 ตัวอักษร", "The abbreviation must be two characters"},
	"params.timeInvalid":            {"เวลาต้องอยู่ในรูปแบบ ชช:นน (00:00–23:59)", "The time must be HH:MM (00:00–23:59)"},
	"params.endBeforeStart":         {"เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่ม", "The end time must be after the start time"},
	"params.colorInvalid":           {"สีต้องเป็นรหัสฐานสิบหก เช่น #FFAA00", "The colour must be a hex code such as #FFAA00"},
	"params.refNotFound":            {"ไม่พบรหัสที่อ้างถึงในสาขานี้", "The referenced code does not exist in this branch"},
	"params.boolInvalid":            {"กรุณาระบุ Y หรือ N", "Please enter Y or N"},
	"params.intInvalid":             {"กรุณาระบุเป็นตัวเลขจำนวนเต็ม", "Please enter a whole number"},
	"params.actionInvalid":          {"การดำเนินการต้องว่างไว้หรือเป็น DELETE", "The action must be empty or DELETE"},
	"params.rowRefused":             {"ไม่สามารถบันทึกแถวนี้ได้", "This row could not be saved"},
	"params.unknownKey":             {"ไม่รู้จักรหัสพารามิเตอร์", "Unknown parameter key"},

	// files
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
	"imports.notExcel":       {"ไฟล์ไม่ใช่ไฟล์ Excel (.xlsx) ที่ถูกต้อง", "The file is not a valid Excel (.xlsx) workbook"},
	"imports.headersMissing": {"ไม่พบหัวคอลัมน์ที่จำเป็น (รหัส)", "The required column headers (code) are missing"},
	"imports.reason":         {"เหตุผล", "Reason"},
	"imports.line":           {"แถวที่", "Row"},
	"imports.failed":         {"นำเข้าไม่สำเร็จ", "The import failed"},
}
