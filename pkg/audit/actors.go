package audit

import "samrap/pkg/i18n"

// systemActors are the authors that are no person: the system itself (also a write with no
// author), the demo data loader (pkg/demo), the first administrator's set-up (pkg/auth). A
// hospital sync is started by a person and written as that person.
var systemActors = map[string][2]string{
	"":            {"ระบบ", "System"},
	"system":      {"ระบบ", "System"},
	"demo":        {"ระบบ (ข้อมูลตัวอย่าง)", "System (demo data)"},
	"first-admin": {"ระบบ (ตั้งค่าผู้ดูแลระบบคนแรก)", "System (first administrator set-up)"},
}

// SystemActor answers the label, in lang, of an author that is no person ("demo" reads
// "System (demo data)"); false for a person's employee code or e-mail. Every screen and
// report that shows who wrote a record labels such authors with it.
func SystemActor(by string, lang i18n.Lang) (string, bool) {
	n, ok := systemActors[by]
	if !ok {
		return "", false
	}
	if lang == i18n.EN {
		return n[1], true
	}
	return n[0], true
}

// ActorLabel answers who wrote a record as a person reads it: a system author's label in
// lang, else the person's code as written.
func ActorLabel(by string, lang i18n.Lang) string {
	if l, ok := SystemActor(by, lang); ok {
		return l
	}
	return by
}
