package demo

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// baseDishes are real Thai hospital dishes: code|Thai|English|component|kitchen|IDDSI type|
// level|price|kcal,protein g,fat g,carbohydrate g,sodium mg|allergen codes|restricted codes|
// diet types (the demo master data's DT04 stays unused: the import tests delete it). A dish marked with * also comes pureed (IDDSI 4, code +P) and minced and
// moist (IDDSI 5, code +M) for dysphagia diets.
const baseDishes = `
M001*|ข้าวต้มปลา|Rice porridge with fish|MP01|CU01|FOOD|6|45|250,14,4,38,620|||DT02
M002*|โจ๊กหมูสับ|Rice congee with minced pork|MP01|CU01|FOOD|6|40|230,11,5,34,580||RI01,RI06|DT02
M003*|ข้าวต้มไก่|Rice porridge with chicken|MP01|CU03|FOOD|6|45|240,15,4,35,560|||DT02
M004|ข้าวสวยหอมมะลิ|Steamed jasmine rice|MP01|CU01|FOOD|7|15|200,4,0.5,44,2|||DT01
M005|ข้าวกล้อง|Steamed brown rice|MP01|CU04|FOOD|7|20|215,5,1.8,45,10|||DT01
M006*|ปลานึ่งมะนาว|Steamed fish with lime and chilli|MP01|CU01|FOOD|7|95|210,28,6,8,720||RI06|DT01
M007*|ไก่ผัดขิง|Stir-fried chicken with ginger|MP01|CU03|FOOD|7|70|280,24,14,12,690||RI06|DT01
M008|กะเพราหมูสับไข่ดาว|Stir-fried minced pork with holy basil and fried egg|MP01|CU01|FOOD|7|65|520,26,28,40,980|AL04|RI01,RI05,RI06|DT01
M009*|แกงจืดเต้าหู้หมูสับ|Clear soup with tofu and minced pork|MP02|CU01|FOOD|6|45|150,12,7,8,640||RI01|DT02
M010*|ต้มจืดฟักไก่|Clear winter melon soup with chicken|MP02|CU03|FOOD|6|45|120,11,4,9,560|||DT02
M011|ต้มยำกุ้งน้ำใส|Clear tom yum soup with shrimp|MP02|CU01|FOOD|6|85|140,16,3,10,890|AL01||DT01
M012*|แกงเขียวหวานไก่|Green curry with chicken|MP01|CU01|FOOD|7|70|330,20,22,12,870|AL03||DT01
M013*|พะแนงหมู|Panang curry with pork|MP01|CU01|FOOD|7|70|360,21,25,11,820|AL02|RI01|DT01
M014*|ไข่ตุ๋น|Steamed egg custard|MP01|CU02|FOOD|5|30|110,9,7,2,380|AL04|RI05|DT02
M015*|ไข่เจียวหมูสับ|Thai omelette with minced pork|MP01|CU01|FOOD|7|40|310,17,25,3,520|AL04|RI01,RI05|DT01
M016|ผัดผักรวมมิตร|Stir-fried mixed vegetables|MP01|CU01|FOOD|7|40|130,4,8,12,540||RI06|DT01
M017*|ผัดฟักทองใส่ไข่|Stir-fried pumpkin with egg|MP01|CU01|FOOD|7|40|180,7,10,16,460|AL04|RI05,RI06|DT01
M018*|ปลาทอดราดพริก|Fried fish with chilli sauce|MP01|CU01|FOOD|7|90|380,26,20,22,910|AL05|RI06|DT01
M019*|หมูตุ๋นพะโล้|Pork and egg stewed in five-spice gravy|MP01|CU01|FOOD|7|65|390,25,24,14,950|AL04|RI01,RI05|DT01
M020*|ไก่ตุ๋นมะระ|Stewed bitter gourd with chicken|MP02|CU03|FOOD|6|55|170,18,6,8,600|||DT02
M021|ยำวุ้นเส้นกุ้ง|Glass noodle salad with shrimp|MP02|CU01|FOOD|7|65|220,14,6,28,760|AL01|RI06|DT01
M022|ส้มตำไทย|Green papaya salad|MP02|CU01|FOOD|7|45|140,5,6,18,830|AL02,AL01||DT01
M023|สลัดผักน้ำใส|Garden salad with clear dressing|MP02|CU02|FOOD|7|45|90,2,4,12,220|||DT01
M024*|ซุปฟักทอง|Pumpkin soup|MP02|CU02|FOOD|4|45|160,3,8,18,420|AL03|RI05|DT02
M025*|ซุปข้าวโพด|Sweet corn soup|MP02|CU02|FOOD|4|45|170,4,7,22,450|AL03,AL05|RI05|DT02
M026|ผัดไทยกุ้งสด|Pad Thai with fresh shrimp|MP01|CU01|FOOD|7|85|560,22,20,72,1100|AL01,AL02,AL04|RI05|DT01
M027|ข้าวผัดไก่|Chicken fried rice|MP01|CU03|FOOD|7|60|480,20,16,62,880|AL04|RI05|DT01
M028*|เกาเหลาเลือดหมู|Pork and blood soup|MP02|CU01|FOOD|6|50|190,20,9,6,790||RI01|DT01
M029*|แกงเลียงกุ้ง|Spicy mixed vegetable soup with shrimp|MP02|CU01|FOOD|6|55|130,10,3,16,690|AL01||DT02
M030*|ต้มข่าไก่|Chicken in coconut galangal soup|MP02|CU03|FOOD|6|60|290,17,22,8,760|||DT01
M031|ข้าวมันไก่|Hainanese chicken rice|MP01|CU03|FOOD|7|60|600,28,22,72,1050|||DT01
M032|ก๋วยเตี๋ยวเส้นเล็กน้ำใส|Rice noodle soup with pork|MP01|CU01|FOOD|7|50|380,18,10,52,1200||RI01|DT01
M033|สุกี้น้ำไก่|Thai sukiyaki with chicken|MP01|CU03|FOOD|7|60|350,24,9,40,1150|AL04,AL05|RI05|DT01
M034*|ปลาช่อนต้มเกี้ยมฉ่าย|Snakehead fish soup with pickled mustard greens|MP02|CU01|FOOD|6|60|150,20,4,6,980|||DT02
M035|น้ำเปล่า|Drinking water|MP03|CU02|DRINK|0|10|0,0,0,0,5|||DT01,DT03
M036|นมจืด|Plain milk|MP03|CU02|DRINK|0|15|130,8,7,10,105|AL03|RI05|DT01,DT03
M037|นมถั่วเหลือง|Soy milk|MP03|CU02|DRINK|0|15|120,7,4,14,90|||DT01,DT03
M038|น้ำฝรั่งปั่นข้น|Thickened guava juice|MP03|CU04|DRINK|2|25|110,1,0.5,26,15|||DT03
M039|น้ำเก๊กฮวย|Chrysanthemum tea|MP03|CU01|DRINK|0|15|80,0,0,20,10|||DT01,DT03
M040|ชาเขียวข้นสำหรับผู้ป่วยกลืนลำบาก|Mildly thick green tea for dysphagia|MP03|CU04|DRINK|2|20|60,0,0,15,10|||DT03
M041|อาหารปั่นผสมสูตรมาตรฐาน|Standard blenderized formula|MP03|CU04|DRINK|1|80|250,10,8,34,300|AL03|RI05|DT03
M042*|กล้วยบวชชี|Bananas in coconut milk|MP04|CU01|FOOD|6|30|220,2,11,30,60|||DT01,DT02
M043*|บัวลอยเผือก|Taro dumplings in coconut milk|MP04|CU01|FOOD|6|30|250,3,10,38,70|||DT01
M044|วุ้นกะทิ|Coconut jelly|MP04|CU01|FOOD|5|25|150,1,6,22,40|||DT01,DT02
M045|ขนมปังโฮลวีต|Whole wheat bread|MP04|CU02|FOOD|7|20|140,6,2,26,240|AL05|RI05|DT01
M046|เจลลี่ผลไม้|Fruit jelly|MP04|CU04|FOOD|4|20|70,1,0,17,20|||DT02,DT03
M047|กล้วยน้ำว้า|Namwa banana|MP05|CU01|FOOD|7|10|90,1,0.3,23,1|||DT01
M048*|มะละกอสุก|Ripe papaya|MP05|CU01|FOOD|7|15|60,0.7,0.4,15,12|||DT01,DT02
M049|แตงโม|Watermelon|MP05|CU01|FOOD|7|15|46,0.9,0.2,11,2|||DT01
M050|ส้มเขียวหวาน|Tangerine|MP05|CU01|FOOD|7|15|53,0.8,0.3,13,2|||DT01
`

// demoSets: code|Thai|English|tray|diet type|dish codes.
const demoSets = `
SET01|ชุดอาหารธรรมดา ก|Regular set A|TC01|DT01|M004,M006,M009,M047,M035
SET02|ชุดอาหารธรรมดา ข|Regular set B|TC01|DT01|M004,M007,M010,M049,M039
SET03|ชุดอาหารอ่อน ก|Soft set A|TC01|DT02|M001,M014,M042,M048
SET04|ชุดอาหารอ่อน ข|Soft set B|TC01|DT02|M003,M020,M044,M037
SET05|ชุดอาหารบดละเอียด|Pureed set|TC01|DT02|M001P,M009P,M024,M046
SET06|ชุดอาหารสับละเอียดชุ่มน้ำ|Minced and moist set|TC01|DT02|M002M,M010M,M014M,M038
SET07|ชุดอาหารเหลว|Liquid set|TC01|DT03|M024,M025,M036,M040
SET08|ชุดอาหารเด็ก|Children's set|TC02|DT01|M027,M010,M044,M036
SET09|ชุดอาหารฮาลาล|Halal set|TC01|DT01|M031,M030,M050,M039
SET10|ชุดอาหารปั่นผสม|Blenderized formula set|TC01|DT03|M041,M035
SET11|ชุดอาหารมังสวิรัติ|Vegetarian set|TC01|DT01|M005,M023,M042,M047,M035
`

// weekdayMenu is the active weekday round: per day (Monday first), breakfast, lunch and
// dinner, each a list of dish or set codes. Every lunch also offers the pureed, the minced
// and moist, the halal and the vegetarian sets (lunchChoices), as a hospital's lunch has a
// choice for each texture, religion and vegetarian patient.
var weekdayMenu = [7][3]string{
	{"M001,M046", "SET01," + lunchChoices, "M004,M012,M011,M049"},
	{"M002,M048", "SET02," + lunchChoices, "M004,M013,M023,M050"},
	{"M003,M044", "M027,M010,M047," + lunchChoices, "SET09"},
	{"SET03", "M004,M018,M034,M042," + lunchChoices, "M004,M007,M028,M048"},
	{"M014,M045,M036", "M032,M043," + lunchChoices, "M004,M019,M009,M049"},
	{"M001,M037", "M026,M022,M050," + lunchChoices, "SET02"},
	{"SET04", "M031,M030," + lunchChoices, "M004,M006,M021,M047"},
}

// lunchChoices are the sets every lunch offers besides its own: pureed (IDDSI 4), minced and
// moist (IDDSI 5), halal, vegetarian.
const lunchChoices = "SET05,SET06,SET09,SET11"

// demoDish is one line of baseDishes.
type demoDish struct {
	code, th, en, component, cuisine, texture string
	level                                     int
	price                                     string
	nutrients                                 []string
	allergens, restricted, diets              []string
}

func demoDishes() ([]demoDish, error) {
	var out []demoDish
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ",")
	}
	for _, line := range strings.Split(strings.TrimSpace(baseDishes), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 12 {
			return nil, fmt.Errorf("demo: dish line %q", line)
		}
		level, err := strconv.Atoi(f[6])
		if err != nil {
			return nil, fmt.Errorf("demo: dish line %q: %w", line, err)
		}
		code, both := strings.CutSuffix(f[0], "*")
		d := demoDish{code: code, th: f[1], en: f[2], component: f[3], cuisine: f[4], texture: f[5], level: level, price: f[7],
			nutrients: split(f[8]), allergens: split(f[9]), restricted: split(f[10]), diets: split(f[11])}
		out = append(out, d)
		if both {
			pureed, minced := d, d
			pureed.code, pureed.th, pureed.en, pureed.level = code+"P", d.th+" (บดละเอียด)", d.en+" (pureed)", 4
			minced.code, minced.th, minced.en, minced.level = code+"M", d.th+" (สับละเอียดชุ่มน้ำ)", d.en+" (minced and moist)", 5
			pureed.diets, minced.diets = []string{"DT02"}, []string{"DT02"}
			out = append(out, pureed, minced)
		}
	}
	return out, nil
}

// loadMenus loads the demo dishes, sets and rounds of a branch that has no dish: an active
// weekday round over this year and the next, and an inactive 10-day loop over last year.
func loadMenus(ctx context.Context, tx pgx.Tx, branch string) error {
	var has bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM menu WHERE branch_code = $1)`, branch).Scan(&has); err != nil || has {
		return err
	}
	dishes, err := demoDishes()
	if err != nil {
		return err
	}
	units := []string{"NU01", "NU02", "NU02", "NU02", "NU03"}
	names := []string{"energy", "protein", "fat", "carbohydrate", "sodium"}
	for _, d := range dishes {
		_, err := tx.Exec(ctx, `WITH m AS (
				INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level,
					price, created_by, updated_by)
				SELECT $1, $2, $3, $4, c.id, p.id, $7, $8, $9::numeric, 'demo', 'demo'
				FROM cuisine_type c, meal_component p
				WHERE c.branch_code = $1 AND c.code = $5 AND p.branch_code = $1 AND p.code = $6
				RETURNING id),
			a AS (INSERT INTO menu_allergen SELECT $1, m.id, t.id FROM m, allergen t WHERE t.branch_code = $1 AND t.code = ANY($10)),
			r AS (INSERT INTO menu_restricted SELECT $1, m.id, t.id FROM m, restricted_ingredient t WHERE t.branch_code = $1 AND t.code = ANY($11)),
			d AS (INSERT INTO menu_diet_type SELECT $1, m.id, t.id FROM m, diet_type t WHERE t.branch_code = $1 AND t.code = ANY($12)),
			g AS (INSERT INTO menu_meal_class SELECT $1, m.id, t.id FROM m, meal_class t WHERE t.branch_code = $1 AND t.code = 'MC01')
			INSERT INTO menu_nutrient (branch_code, menu_id, nutrient, amount, nutrient_unit_id)
			SELECT $1, m.id, n.nutrient, n.amount::numeric, u.id
			FROM m, ROWS FROM (unnest($13::text[]), unnest($14::text[]), unnest($15::text[])) AS n(nutrient, amount, unit)
				JOIN nutrient_unit u ON u.branch_code = $1 AND u.code = n.unit`,
			branch, d.code, d.th, d.en, d.cuisine, d.component, d.texture, d.level, d.price,
			d.allergens, d.restricted, d.diets, names, d.nutrients, units)
		if err != nil {
			return fmt.Errorf("demo: dish %s: %w", d.code, err)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(demoSets), "\n") {
		f := strings.Split(line, "|")
		_, err := tx.Exec(ctx, `WITH s AS (
				INSERT INTO menu_set (branch_code, code, name_th, name_en, tray_category_id, diet_type_id, price, created_by, updated_by)
				SELECT $1, $2, $3, $4, t.id, d.id,
					(SELECT sum(price) FROM menu WHERE branch_code = $1 AND code = ANY($7)) * 0.9, 'demo', 'demo'
				FROM tray_category t, diet_type d WHERE t.branch_code = $1 AND t.code = $5 AND d.branch_code = $1 AND d.code = $6
				RETURNING id)
			INSERT INTO menu_set_item (branch_code, menu_set_id, menu_id, position)
			SELECT $1, s.id, m.id, x.n FROM s, unnest($7::text[]) WITH ORDINALITY AS x(code, n)
				JOIN menu m ON m.branch_code = $1 AND m.code = x.code`,
			branch, f[0], f[1], f[2], f[3], f[4], strings.Split(f[5], ","))
		if err != nil {
			return fmt.Errorf("demo: set %s: %w", f[0], err)
		}
	}
	var weekID, loopID int64
	err = tx.QueryRow(ctx, `INSERT INTO cycle (branch_code, code, name_th, name_en, round_type, day_count, start_date, end_date, remark,
			created_by, updated_by)
		VALUES ($1, 'CY-WEEK', 'รอบเมนูตามวันในสัปดาห์', 'Weekly menu round', 'WEEKDAY', 7,
			date_trunc('year', now())::date, (date_trunc('year', now()) + interval '2 years - 1 day')::date,
			'รอบหลักของโรงพยาบาล', 'demo', 'demo') RETURNING id`, branch).Scan(&weekID)
	if err != nil {
		return fmt.Errorf("demo: weekday round: %w", err)
	}
	err = tx.QueryRow(ctx, `INSERT INTO cycle (branch_code, code, name_th, name_en, round_type, day_count, start_date, end_date, active,
			created_by, updated_by)
		VALUES ($1, 'CY-LOOP10', 'รอบเมนูหมุนเวียน 10 วัน', '10-day rotating round', 'LOOP', 10,
			(date_trunc('year', now()) - interval '1 year')::date, (date_trunc('year', now()) - interval '1 day')::date,
			false, 'demo', 'demo') RETURNING id`, branch).Scan(&loopID)
	if err != nil {
		return fmt.Errorf("demo: loop round: %w", err)
	}
	meals := []string{"MT01", "MT02", "MT03"}
	put := func(cycle int64, day int, meal, codes string) error {
		_, err := tx.Exec(ctx, `INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id, menu_set_id,
				created_by, updated_by)
			SELECT $1, c.id, c.day_count, $3, t.id, m.id, s.id, 'demo', 'demo'
			FROM cycle c, meal_time t, unnest($5::text[]) AS x(code)
				LEFT JOIN menu m ON m.branch_code = $1 AND m.code = x.code
				LEFT JOIN menu_set s ON s.branch_code = $1 AND s.code = x.code
			WHERE c.branch_code = $1 AND c.id = $2 AND t.branch_code = $1 AND t.code = $4`,
			branch, cycle, day, meal, strings.Split(codes, ","))
		return err
	}
	for day, byMeal := range weekdayMenu {
		for i, codes := range byMeal {
			if err := put(weekID, day+1, meals[i], codes); err != nil {
				return fmt.Errorf("demo: weekday round day %d: %w", day+1, err)
			}
		}
	}
	mains := []string{"M006", "M007", "M012", "M013", "M018", "M019", "M015", "M017", "M016", "M008"}
	soups := []string{"M009", "M010", "M020", "M028", "M029", "M030", "M034", "M011", "M024", "M025"}
	for day := 1; day <= 10; day++ {
		if err := put(loopID, day, "MT02", "M004,"+mains[day-1]+","+soups[day-1]); err != nil {
			return fmt.Errorf("demo: loop round day %d: %w", day, err)
		}
		if err := put(loopID, day, "MT03", "M001,"+soups[(day+4)%10]); err != nil {
			return fmt.Errorf("demo: loop round day %d: %w", day, err)
		}
	}
	return nil
}
