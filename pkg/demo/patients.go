package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/imports"
	"samrap/pkg/params"
	"samrap/pkg/patients"
)

// demoWards are the beds added for the demo patients: W01-01, W01-02, … in each ward (the
// codes sort after the first demo rooms). W05 is the ward of 30 a meal round is tried on
// (issue 25 §2): its patients come after the first 66, so the others keep their HNs.
var demoWards = []struct {
	code, roomType string
	beds           int
}{{"W01", "RT01", 10}, {"W02", "RT01", 20}, {"W03", "RT02", 10}, {"W04", "RT01", 20}, {"W05", "RT01", 30}}

// demoCount is how many demo patients a branch has: 60 in the beds of W01–W04, two
// pre-admitted, four discharged, then 30 in W05's beds.
const demoCount = 96

var (
	thaiFirst = []struct{ th, en, gender string }{
		{"สมชาย", "Somchai", "male"}, {"สมศรี", "Somsri", "female"}, {"ประยุทธ", "Prayut", "male"}, {"มาลี", "Malee", "female"},
		{"วิชัย", "Wichai", "male"}, {"กาญจนา", "Kanchana", "female"}, {"สุรชัย", "Surachai", "male"}, {"นงลักษณ์", "Nongluck", "female"},
		{"อนันต์", "Anan", "male"}, {"พรทิพย์", "Pornthip", "female"}, {"ธีรพงษ์", "Teerapong", "male"}, {"รัตนา", "Rattana", "female"},
		{"บุญมี", "Boonmee", "male"}, {"จันทร์เพ็ญ", "Chanpen", "female"}, {"เกรียงไกร", "Kriangkrai", "male"}, {"ศิริพร", "Siriporn", "female"},
		{"ณัฐวุฒิ", "Nattawut", "male"}, {"ปิยะนุช", "Piyanuch", "female"}, {"ชาญวิทย์", "Chanwit", "male"}, {"อรุณี", "Arunee", "female"},
	}
	thaiLast = []struct{ th, en string }{
		{"ใจดี", "Jaidee"}, {"ศรีสุข", "Srisuk"}, {"วงศ์สวัสดิ์", "Wongsawat"}, {"แก้วมณี", "Kaewmanee"}, {"บุญประเสริฐ", "Boonprasert"},
		{"ทองคำ", "Thongkham"}, {"สุขสวัสดิ์", "Suksawat"}, {"พึ่งบุญ", "Phuengboon"}, {"รักษ์ไทย", "Rakthai"}, {"มั่นคง", "Mankong"},
		{"เจริญผล", "Charoenphon"}, {"อินทร์แก้ว", "Inkaew"}, {"ปัญญาดี", "Panyadee"},
	}
	foreigners = []struct{ first, last, gender, nationality, lang string }{
		{"John", "Smith", "male", "British", "EN"}, {"Emily", "Johnson", "female", "American", "EN"},
		{"Hiroshi", "Tanaka", "male", "Japanese", "JA"}, {"Li", "Wei", "female", "Chinese", "ZH"},
		{"Aung", "Kyaw", "male", "Myanmar", "MY"},
	}
	diagnoses = []string{"ปอดอักเสบ", "เบาหวานชนิดที่ 2", "ความดันโลหิตสูง", "หลังผ่าตัดไส้ติ่ง", "ไข้เลือดออก",
		"หัวใจล้มเหลว", "ไตวายเรื้อรัง", "กระดูกสะโพกหัก", "โรคหลอดเลือดสมอง", "ติดเชื้อทางเดินปัสสาวะ"}
)

// demoPatients are the rows of one branch's demo patients, as the patient import reads
// them: 60 current patients in the beds of W01–W04, two pre-admitted, four discharged, and 30
// current patients in W05 (the same mix of rules: allergies, one unmapped, NPO before
// surgery, religion, vegetarian, texture for the elderly). Dates count from today (NPO
// tomorrow morning).
func demoPatients(branch string, now time.Time) []imports.Row {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	day := func(d int) string { return today.AddDate(0, 0, d).Format("2006-01-02") }
	var beds []struct{ ward, room string }
	for _, w := range demoWards {
		for i := 1; i <= w.beds; i++ {
			beds = append(beds, struct{ ward, room string }{w.code, fmt.Sprintf("%s-%02d", w.code, i)})
		}
	}
	var rows []imports.Row
	for n := 0; n < demoCount; n++ {
		c := map[string]string{"hnId": fmt.Sprintf("%s-HN%05d", branch, 10001+n)}
		f, l := thaiFirst[n%len(thaiFirst)], thaiLast[(n*7)%len(thaiLast)]
		c["firstNameTh"], c["lastNameTh"], c["firstNameEn"], c["lastNameEn"] = f.th, l.th, f.en, l.en
		c["gender"], c["nationality"], c["patientLanguage"], c["religionCode"] = f.gender, "ไทย", "TH", "RE01"
		if n%13 == 5 {
			x := foreigners[(n/13)%len(foreigners)]
			c["firstNameTh"], c["lastNameTh"], c["firstNameEn"], c["lastNameEn"] = "", "", x.first, x.last
			c["gender"], c["nationality"], c["patientLanguage"], c["cardLanguage"], c["religionCode"] = x.gender, x.nationality, x.lang, "EN", "RE04"
		}
		if n%11 == 3 {
			c["religionCode"] = "RE02" // Islam: no pork, no alcohol
		}
		if n%17 == 8 {
			c["vegetarianCode"] = "VG03"
		}
		age := 20 + (n*7)%60
		switch {
		case n < 60 || n >= 66:
			b := beds[bedOf(n)]
			c["wardCode"], c["roomCode"] = b.ward, b.room
			switch b.ward {
			case "W01":
				age = 2 + n%12
			case "W04":
				age = 62 + (n*3)%30
			}
			c["visitStatus"], c["admitDate"], c["plannedDischargeDate"] = "Current", day(-1-n%9), day(1+n%6)
		case n < 62:
			c["wardCode"], c["roomCode"] = "W02", []string{"501-2", "702"}[n-60]
			if n == 61 {
				c["wardCode"] = "W03"
			}
			c["visitStatus"], c["admitDate"], c["plannedDischargeDate"] = "PreAdmit", day(1), day(4)
		default:
			c["visitStatus"], c["hospitalStatus"], c["admitDate"], c["plannedDischargeDate"] = "Discharge", "DISCHARGED", day(-10), day(-1)
		}
		c["birthday"] = today.AddDate(-age, -(n % 12), -(n % 27)).Format("2006-01-02")
		c["diagnosis"] = diagnoses[n%len(diagnoses)]
		c["dietTypeCode"] = []string{"DT01", "DT01", "DT02", "DT01", "DT03", "DT01", "DT02", "DT01"}[n%8] // not DT04: the import tests delete it
		switch n % 10 {
		case 1, 6:
			c["therapeuticCodes"] = "TF01"
		case 2:
			c["therapeuticCodes"] = "TF02,TF04"
		case 7:
			c["therapeuticCodes"] = "TF03"
		}
		switch n % 7 {
		case 2:
			c["allergies"] = "AL01"
		case 4:
			c["allergies"] = "AL02, AL03"
		}
		if n%19 == 9 {
			c["allergies"] = "AL04, ถั่วเหลือง" // soy: no Allergies row, kept unmapped
		}
		if n%9 == 4 && (n < 60 || n >= 66) {
			c["npoFrom"], c["npoTo"] = day(1)+" 00:00", day(1)+" 10:00"
			c["remark"] = "งดน้ำงดอาหารก่อนผ่าตัด"
		}
		if age >= 62 && n%3 == 0 {
			c["textureFood"], c["textureDrink"] = []string{"4", "5", "6"}[n%3], "2"
		}
		if n%8 == 3 {
			c["specialRequest"] = "ไม่เผ็ด"
		}
		c["medicalOrderStart"] = day(-1-n%9) + " 08:00"
		rows = append(rows, imports.Row{Line: n + 1, Cells: c})
	}
	return rows
}

// bedOf answers the index in the demo beds of current patient n (W05's patients come after
// the pre-admitted and discharged ones).
func bedOf(n int) int {
	if n >= 66 {
		return n - 6
	}
	return n
}

// loadPatients loads the demo beds and patients of a branch that has no patient (a later
// start keeps what people changed locally).
func loadPatients(ctx context.Context, tx pgx.Tx, now time.Time) error {
	rooms, _ := params.KindOf("Room")
	s := patients.NewService(nil, func() time.Time { return now })
	for _, branch := range []string{Bangkok, ChiangMai} {
		var has bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM patient WHERE branch_code = $1)`, branch).Scan(&has); err != nil {
			return fmt.Errorf("demo: patients: %w", err)
		}
		if has {
			continue
		}
		var beds []imports.Row
		for _, w := range demoWards {
			for i := 1; i <= w.beds; i++ {
				code := fmt.Sprintf("%s-%02d", w.code, i)
				beds = append(beds, imports.Row{Line: len(beds) + 1, Cells: map[string]string{"code": code,
					"nameTh": "เตียง " + code, "nameEn": "Bed " + code, "wardId": w.code, "roomTypeId": w.roomType}})
			}
		}
		res, err := params.NewService(nil, nil).ImportRows(ctx, tx, rooms, branch, "demo", beds)
		if err != nil {
			return fmt.Errorf("demo: beds: %w", err)
		}
		if len(res.Failed) > 0 {
			return fmt.Errorf("demo: beds refused: %+v", res.Failed)
		}
		pres, err := s.ImportRows(ctx, tx, branch, "demo", demoPatients(branch, now))
		if err != nil {
			return fmt.Errorf("demo: patients: %w", err)
		}
		if len(pres.Failed) > 0 {
			return fmt.Errorf("demo: patients refused: %+v", pres.Failed)
		}
	}
	return nil
}
