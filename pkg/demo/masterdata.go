package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/imports"
	"samrap/pkg/params"
)

// masterRows are the demo master data of one branch, by kind, as workbook rows: each row is
// "column=value|column=value". Loaded through the same set-based import as a workbook.
var masterRows = []struct {
	kind string
	rows []string
}{
	{"DietType", []string{
		"code=DT01|nameTh=อาหารธรรมดา|nameEn=Regular diet",
		"code=DT02|nameTh=อาหารอ่อน|nameEn=Soft diet",
		"code=DT03|nameTh=อาหารเหลว|nameEn=Liquid diet",
		"code=DT04|nameTh=อาหารปั่นผสม|nameEn=Blenderized diet|remark=ทางสายให้อาหาร",
	}},
	{"Therapeutic", []string{
		"code=TF01|nameTh=อาหารเบาหวาน|nameEn=Diabetic diet|type=โรคเมตาบอลิก|mealPlan=Y",
		"code=TF02|nameTh=อาหารจำกัดเกลือ|nameEn=Low-sodium diet|type=โรคหัวใจและไต|mealPlan=Y",
		"code=TF03|nameTh=อาหารจำกัดโปรตีน|nameEn=Low-protein diet|type=โรคไต|mealPlan=Y",
		"code=TF04|nameTh=อาหารไขมันต่ำ|nameEn=Low-fat diet|type=โรคหัวใจ|mealPlan=N",
	}},
	{"Allergies", []string{
		"code=AL01|nameTh=กุ้ง|nameEn=Shrimp",
		"code=AL02|nameTh=ถั่วลิสง|nameEn=Peanut",
		"code=AL03|nameTh=นมวัว|nameEn=Cow's milk",
		"code=AL04|nameTh=ไข่|nameEn=Egg",
		"code=AL05|nameTh=แป้งสาลี|nameEn=Wheat",
		// the rest of the EU-14 allergen groups (HospitalSettings maps every group), with the
		// SNOMED CT substance that reaches the group by default where there is one
		"code=AL06|nameTh=ปลา|nameEn=Fish|remark=EU-14 fish; SNOMED CT 735971005",
		"code=AL07|nameTh=ถั่วเหลืองและผลิตภัณฑ์|nameEn=Soybeans|remark=EU-14 soybeans; SNOMED CT 7791007",
		"code=AL08|nameTh=ถั่วเปลือกแข็ง|nameEn=Tree nuts|remark=EU-14 tree nuts; SNOMED CT 91934008 (allergy to nut, with peanuts)",
		"code=AL09|nameTh=ขึ้นฉ่าย|nameEn=Celery|remark=EU-14 celery; SNOMED CT 256326004",
		"code=AL10|nameTh=มัสตาร์ด|nameEn=Mustard|remark=EU-14 mustard; SNOMED CT 51905005",
		"code=AL11|nameTh=เมล็ดงา|nameEn=Sesame seeds|remark=EU-14 sesame; SNOMED CT 260167008",
		"code=AL12|nameTh=ซัลไฟต์|nameEn=Sulphites|remark=EU-14 sulphites; SNOMED CT 767406000",
		"code=AL13|nameTh=ลูพิน|nameEn=Lupin|remark=EU-14 lupin; SNOMED CT 710179004",
		"code=AL14|nameTh=หอยและหมึก|nameEn=Molluscs|remark=EU-14 molluscs; SNOMED CT 770326002",
	}},
	{"Restricted", []string{
		"code=RI01|nameTh=เนื้อหมู|nameEn=Pork",
		"code=RI02|nameTh=เนื้อวัว|nameEn=Beef",
		"code=RI03|nameTh=แอลกอฮอล์|nameEn=Alcohol",
		"code=RI04|nameTh=เนื้อสัตว์ทุกชนิด|nameEn=All meat",
		"code=RI05|nameTh=ไข่และนม|nameEn=Eggs and dairy",
		"code=RI06|nameTh=กระเทียมและหัวหอม|nameEn=Garlic and onion",
	}},
	{"CuisineType", []string{
		"code=CU01|nameTh=ครัวไทย|nameEn=Thai kitchen",
		"code=CU02|nameTh=ครัวนานาชาติ|nameEn=International kitchen",
		"code=CU03|nameTh=ครัวฮาลาล|nameEn=Halal kitchen",
		"code=CU04|nameTh=ครัวอาหารเฉพาะโรค|nameEn=Therapeutic kitchen",
	}},
	{"MealTime", []string{
		"code=MT01|nameTh=มื้อเช้า|nameEn=Breakfast|startTime=06:00|endTime=09:00|abbreviation=BF|textColor=#000000|mealColor=#FFE08A",
		"code=MT02|nameTh=มื้อกลางวัน|nameEn=Lunch|startTime=11:00|endTime=13:30|abbreviation=LU|textColor=#FFFFFF|mealColor=#2E7D32",
		"code=MT03|nameTh=มื้อเย็น|nameEn=Dinner|startTime=16:30|endTime=19:00|abbreviation=DN|textColor=#FFFFFF|mealColor=#1565C0",
		"code=MT04|nameTh=อาหารว่างบ่าย|nameEn=Afternoon snack|startTime=14:00|endTime=15:00|abbreviation=SN|textColor=#000000|mealColor=#F8BBD0",
	}},
	{"MealClass", []string{
		"code=MC01|nameTh=อาหารสามัญ|nameEn=Standard|aLaCarte=N",
		"code=MC02|nameTh=อาหารพิเศษ|nameEn=Premium|aLaCarte=Y",
		"code=MC03|nameTh=อาหารวีไอพี|nameEn=VIP|aLaCarte=Y",
	}},
	{"NutrientUnit", []string{
		"code=NU01|nameTh=กิโลแคลอรี|nameEn=Kilocalorie|unit=kcal",
		"code=NU02|nameTh=กรัม|nameEn=Gram|unit=g",
		"code=NU03|nameTh=มิลลิกรัม|nameEn=Milligram|unit=mg",
	}},
	{"Remark", []string{
		"code=RM01|nameTh=ไม่ใส่ผงชูรส|nameEn=No MSG",
		"code=RM02|nameTh=หั่นชิ้นเล็ก|nameEn=Cut into small pieces",
	}},
	{"Other", []string{
		"code=OT01|nameTh=ช้อนส้อมพลาสติก|nameEn=Plastic cutlery",
		"code=OT02|nameTh=หลอดดูด|nameEn=Drinking straw",
	}},
	{"MealComponent", []string{
		"code=MP01|nameTh=อาหารจานหลัก|nameEn=Main dish",
		"code=MP02|nameTh=ซุป/สลัด|nameEn=Soup or salad",
		"code=MP03|nameTh=เครื่องดื่ม|nameEn=Drink",
		"code=MP04|nameTh=ของหวาน|nameEn=Dessert",
		"code=MP05|nameTh=ผลไม้|nameEn=Fruit",
	}},
	{"TrayCategory", []string{
		"code=TC01|nameTh=ถาดปกติ|nameEn=Standard tray",
		"code=TC02|nameTh=ถาดเด็ก|nameEn=Children's tray",
	}},
	{"Religion", []string{
		"code=RE01|nameTh=พุทธ|nameEn=Buddhism|restrictedIds=",
		"code=RE02|nameTh=อิสลาม|nameEn=Islam|restrictedIds=RI01,RI03",
		"code=RE03|nameTh=ฮินดู|nameEn=Hinduism|restrictedIds=RI02",
		"code=RE04|nameTh=คริสต์|nameEn=Christianity|restrictedIds=",
	}},
	{"Vegetarian", []string{
		"code=VG01|nameTh=มังสวิรัติ|nameEn=Vegetarian|restrictedIds=RI01,RI02,RI04",
		"code=VG02|nameTh=วีแกน|nameEn=Vegan|restrictedIds=RI01,RI02,RI04,RI05",
		"code=VG03|nameTh=อาหารเจ|nameEn=Jay (Thai vegan)|restrictedIds=RI01,RI02,RI04,RI05,RI06",
	}},
	{"WardType", []string{
		"code=WT01|nameTh=หอผู้ป่วยเด็ก|nameEn=Paediatric|startAge=0|endAge=14",
		"code=WT02|nameTh=หอผู้ป่วยผู้ใหญ่|nameEn=Adult|startAge=15|endAge=59",
		"code=WT03|nameTh=หอผู้ป่วยผู้สูงอายุ|nameEn=Elderly|startAge=60|endAge=150",
	}},
	{"Ward", []string{
		"code=W01|nameTh=หอผู้ป่วยเด็ก ชั้น 3|nameEn=Children's ward, floor 3|wardTypeId=WT01",
		"code=W02|nameTh=หอผู้ป่วยอายุรกรรม ชั้น 5|nameEn=Medical ward, floor 5|wardTypeId=WT02",
		"code=W03|nameTh=หอผู้ป่วยพิเศษ ชั้น 7|nameEn=Private ward, floor 7|wardTypeId=WT02|description=ห้องพิเศษเดี่ยว",
		"code=W04|nameTh=หอผู้ป่วยผู้สูงอายุ ชั้น 4|nameEn=Elderly ward, floor 4|wardTypeId=WT03",
		"code=W05|nameTh=หอผู้ป่วยศัลยกรรม ชั้น 6|nameEn=Surgical ward, floor 6|wardTypeId=WT02",
	}},
	{"RoomType", []string{
		"code=RT01|nameTh=ห้องรวม|nameEn=General ward room",
		"code=RT02|nameTh=ห้องพิเศษเดี่ยว|nameEn=Private room",
		"code=RT03|nameTh=ห้องวีไอพี|nameEn=VIP suite",
	}},
	{"Room", []string{
		"code=301-1|nameTh=ห้อง 301 เตียง 1|nameEn=Room 301 bed 1|wardId=W01|roomTypeId=RT01",
		"code=301-2|nameTh=ห้อง 301 เตียง 2|nameEn=Room 301 bed 2|wardId=W01|roomTypeId=RT01",
		"code=501-1|nameTh=ห้อง 501 เตียง 1|nameEn=Room 501 bed 1|wardId=W02|roomTypeId=RT01",
		"code=501-2|nameTh=ห้อง 501 เตียง 2|nameEn=Room 501 bed 2|wardId=W02|roomTypeId=RT01",
		"code=502-1|nameTh=ห้อง 502 เตียง 1|nameEn=Room 502 bed 1|wardId=W02|roomTypeId=RT01",
		"code=701|nameTh=ห้อง 701|nameEn=Room 701|wardId=W03|roomTypeId=RT02",
		"code=702|nameTh=ห้อง 702|nameEn=Room 702|wardId=W03|roomTypeId=RT03",
		"code=401-1|nameTh=ห้อง 401 เตียง 1|nameEn=Room 401 bed 1|wardId=W04|roomTypeId=RT01",
		"code=601-1|nameTh=ห้อง 601 เตียง 1|nameEn=Room 601 bed 1|wardId=W05|roomTypeId=RT01",
	}},
	{"RoomMealClass", []string{
		"code=RM-RT01|roomTypeId=RT01|mealClassId=MC01|description=ห้องรวมได้อาหารสามัญ",
		"code=RM-RT02|roomTypeId=RT02|mealClassId=MC02|description=ห้องพิเศษได้อาหารพิเศษ",
		"code=RM-RT03|roomTypeId=RT03|mealClassId=MC03",
	}},
	// The Nutritionist's targets (issue 27), in base units: kcal, g, sodium in mg. Diabetic:
	// carbohydrate 130–200 g a day and at most 60 g a meal; low-sodium: sodium at most 2,000 mg;
	// soft diet (the elderly, recovering): protein at least 60 g.
	{"NutrientTarget", []string{
		"code=NT-DT01-EN|dietTypeId=DT01|nutrient=energy|dailyMin=1600|dailyMax=2200",
		"code=NT-DT01-PR|dietTypeId=DT01|nutrient=protein|dailyMin=50",
		"code=NT-DT01-NA|dietTypeId=DT01|nutrient=sodium|dailyMax=2300",
		"code=NT-DT02-PR|dietTypeId=DT02|nutrient=protein|dailyMin=60",
		"code=NT-TF01-EN|therapeuticId=TF01|nutrient=energy|dailyMin=1400|dailyMax=1800",
		"code=NT-TF01-CH|therapeuticId=TF01|nutrient=carbohydrate|dailyMin=130|dailyMax=200|mealMax=60",
		"code=NT-TF02-NA|therapeuticId=TF02|nutrient=sodium|dailyMax=2000",
		"code=NT-TF03-PR|therapeuticId=TF03|nutrient=protein|dailyMax=40",
	}},
}

// loadMasterData loads the demo master data of a branch that has none (a later start keeps
// what people changed locally).
func loadMasterData(ctx context.Context, tx pgx.Tx) error {
	s := params.NewService(nil, nil)
	for _, branch := range []string{Bangkok, ChiangMai} {
		var has bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM diet_type WHERE branch_code = $1)`, branch).Scan(&has); err != nil {
			return fmt.Errorf("demo: master data: %w", err)
		}
		var hasTargets bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM nutrient_target WHERE branch_code = $1)`, branch).Scan(&hasTargets); err != nil {
			return fmt.Errorf("demo: targets: %w", err)
		}
		for _, set := range masterRows {
			// a local database from before the targets (migration 00025) gets them alone
			if has && (set.kind != "NutrientTarget" || hasTargets) {
				continue
			}
			k, ok := params.KindOf(set.kind)
			if !ok {
				return fmt.Errorf("demo: no kind %s", set.kind)
			}
			rows := make([]imports.Row, len(set.rows))
			for i, line := range set.rows {
				cells := map[string]string{}
				for _, part := range strings.Split(line, "|") {
					name, value, _ := strings.Cut(part, "=")
					cells[name] = value
				}
				rows[i] = imports.Row{Line: i + 1, Cells: cells}
			}
			res, err := s.ImportRows(ctx, tx, k, branch, "demo", rows)
			if err != nil {
				return fmt.Errorf("demo: %s: %w", set.kind, err)
			}
			if len(res.Failed) > 0 && !has { // targets added to a local database keep what fits it
				return fmt.Errorf("demo: %s: rows refused: %+v", set.kind, res.Failed)
			}
		}
	}
	for _, branch := range []string{Bangkok, ChiangMai} {
		if err := loadMenus(ctx, tx, branch); err != nil {
			return err
		}
	}
	return nil
}
