package mealcard

import (
	"fmt"
	"time"
)

// The sentence the brief asks to check by eye: tone marks over a bare consonant (น้ำ ข้าว ต้ม
// ไม่ ใส่), over a below vowel (กุ้ง ผู้), over a tall consonant (ป่วย), and sara am after a tone.
const thaiCheck = "น้ำ ผู้ป่วย กุ้ง ข้าวต้มปลา ไม่ใส่ถั่ว"

// sampleCards are the cards the tests render: every language, a caregiver, a drink level,
// unmapped allergies, a long dish list, no QR.
func sampleCards() []Card {
	day := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	lunch := Name{"มื้อกลางวัน", "Lunch"}
	base := Card{
		Lang:        TH,
		PatientName: Name{"สมชาย ใจดี", "Somchai Jaidee"},
		HN:          "6500123",
		Ward:        Name{"อายุรกรรมชาย 1", "Male Medical 1"},
		Bed:         "12",
		MealType:    lunch,
		MealAbbr:    "LU",
		MealColor:   "#F6C342",
		Date:        day,
		Dishes: []Name{
			{"ข้าวต้มปลา", "Rice soup with fish"},
			{"ผัดผักรวม ไม่ใส่ถั่ว", "Stir-fried vegetables, no peanuts"},
			{"น้ำเปล่า", "Water"},
		},
		Diet:              Name{"อาหารอ่อน", "Soft diet"},
		Therapeutic:       []Name{{"อาหารเบาหวาน", "Diabetic"}, {"อาหารจำกัดเกลือ", "Low salt"}},
		IDDSI:             []IDDSI{{Level: 5}},
		Allergies:         []Name{{"กุ้ง", "Shrimp"}, {"ถั่วลิสง", "Peanut"}},
		UnmappedAllergies: []string{"แพ้ผงชูรส"},
		SpecialRequest:    thaiCheck,
		Remark:            "ผู้ป่วยเคี้ยวลำบาก ป้อนช้า ๆ",
		QRToken:           "ord_7Qm2Vf9xKp3LwZr8Nt4Yb6Hs1Jd5Gc0Ae2Uf7Ki9Ol3Pm8Qn4Rs6Tt1Uv5Ww0",
	}
	en := base
	en.Lang = EN
	en.PatientName = Name{"สมหญิง รักษ์ดี", "Somying Rakdee"}
	en.HN = "6500456"
	en.MealType = Name{"มื้อเช้า", "Breakfast"}
	en.MealAbbr = "BF"
	en.MealColor = "#1E5AA8"
	en.IDDSI = []IDDSI{{Level: 4}, {Drink: true, Level: 2}}
	en.Allergies = nil
	en.UnmappedAllergies = nil
	en.SpecialRequest = ""
	en.Remark = "Feed slowly"
	en.QRToken = "ord_Zx81Kq0Lm4Np6Rt2Vw9Yb3Cd5Ef7Gh1Ij8Kl0Mn2Op4Qr6St9Uv3Wx5Yz7Ab1"

	both := base
	both.Lang = Both
	both.PatientName = Name{"ประเสริฐ ฟ้าใส", "Prasert Fahsai"}
	both.HN = "6500789"
	both.Ward = Name{"ศัลยกรรมหญิง", "Female Surgical"}
	both.Bed = "3A"
	both.MealType = Name{"มื้อเย็น", "Dinner"}
	both.MealAbbr = "DN"
	both.MealColor = "#7B2D8E"
	both.IDDSI = []IDDSI{{Level: 7}}
	both.Dishes = append(both.Dishes, Name{"แกงจืดเต้าหู้หมูสับ", "Clear soup with tofu and minced pork"},
		Name{"ผลไม้รวม", "Mixed fruit"}, Name{"ขนมปังปิ้งทาเนยน้ำผึ้ง", "Toast with butter and honey"})

	carer := base
	carer.Caregiver = true
	carer.PatientName = Name{"ฐานิดา ปู่ฟ้า", "Thanida Pufa"}
	carer.HN = "6500999"
	carer.IDDSI = nil
	carer.Therapeutic = nil
	carer.Allergies = []Name{{"นมวัว", "Cow's milk"}}
	carer.UnmappedAllergies = nil
	carer.QRToken = ""

	return []Card{base, en, both, carer}
}

// manyCards is n cards for the benchmarks and page counts, each with its own HN and token.
func manyCards(n int) []Card {
	s := sampleCards()
	out := make([]Card, n)
	for i := range out {
		c := s[i%len(s)]
		c.HN = fmt.Sprintf("65%05d", i)
		if c.QRToken != "" {
			c.QRToken = fmt.Sprintf("ord_%06d_Zx81Kq0Lm4Np6Rt2Vw9Yb3Cd5Ef7Gh1Ij8Kl0Mn2Op4Qr6St9Uv", i)
		}
		out[i] = c
	}
	return out
}
