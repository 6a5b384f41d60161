package reports

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"samrap/pkg/mealcard"
	"samrap/pkg/xlsx"
)

// The kitchen workbook's types (SPEC.md §9, docs/reports.md).
const (
	KitchenMenu     = "MENU"     // dishes ordered one by one
	KitchenMenuSet  = "MENU_SET" // every dish to cook: ordered ones and the dishes of ordered sets
	KitchenSet      = "SET"      // the sets ordered
	KitchenSpecific = "SPECIFIC" // specific meals (free text)
)

// KitchenRow is one line of the kitchen workbook: how many of one thing a kitchen makes for
// one meal and one ward.
type KitchenRow struct {
	Kitchen, Meal, Code, Item, Texture, Ward string
	kitchenCode, mealCode, wardCode          string
	Count                                    int
}

// kitchenRows tallies the trays by kitchen (cuisine), meal type, dish (or set, or specific
// meal), IDDSI level and ward.
func kitchenRows(trays []*Tray, typ string, kitchens IDs) []KitchenRow {
	type key struct{ kitchen, meal, code, item, texture, ward string }
	counts := map[key]*KitchenRow{}
	add := func(t *Tray, kitchen *Named, code, item, texture string) {
		k := key{kitchen.label(), t.MealType.label(), code, item, texture, t.Ward.label()}
		r := counts[k]
		if r == nil {
			r = &KitchenRow{Kitchen: k.kitchen, Meal: k.meal, Code: code, Item: item, Texture: texture, Ward: k.ward,
				mealCode: t.MealType.Code}
			if kitchen != nil {
				r.kitchenCode = kitchen.Code
			}
			if t.Ward != nil {
				r.wardCode = t.Ward.Code
			}
			counts[k] = r
		}
		r.Count++
	}
	for _, t := range trays {
		switch {
		case t.CourseType == "SPECIFIC" && typ == KitchenSpecific:
			texture := ""
			if t.DysphagiaFoodType != nil {
				texture = textureLabel(mealcard.IDDSI{Level: *t.DysphagiaFoodType})
			}
			add(t, t.Cuisine, "", t.Description, texture)
		case t.CourseType == "SET" && typ == KitchenSet:
			for _, it := range t.Items {
				add(t, t.Cuisine, it.Code, bi(it.NameTh, it.NameEn), "")
			}
		case t.CourseType == "MENU" && (typ == KitchenMenu || typ == KitchenMenuSet),
			t.CourseType == "SET" && typ == KitchenMenuSet:
			for _, it := range t.Items {
				for _, d := range it.Dishes {
					if !kitchens.has(d.Cuisine.ID) {
						continue
					}
					add(t, &d.Cuisine, d.Code, bi(d.NameTh, d.NameEn), textureLabel(mealcard.IDDSI{Drink: d.IddsiType == "DRINK", Level: d.IddsiLevel}))
				}
			}
		}
	}
	out := make([]KitchenRow, 0, len(counts))
	for _, r := range counts {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b KitchenRow) int {
		return cmp.Or(cmp.Compare(a.kitchenCode, b.kitchenCode), cmp.Compare(a.mealCode, b.mealCode), cmp.Compare(a.Code, b.Code),
			cmp.Compare(a.Item, b.Item), cmp.Compare(a.Texture, b.Texture), cmp.Compare(a.wardCode, b.wardCode))
	})
	return out
}

func textureLabel(l mealcard.IDDSI) string {
	n := l.Name()
	kind := "IDDSI"
	if l.Drink {
		kind = "IDDSI Drink"
	}
	return fmt.Sprintf("%s %d · %s", kind, l.Level, bi(n.Th, n.En))
}

// kitchenColumns are the kitchen workbook's columns.
var kitchenColumns = []xlsx.Column{
	{Th: "ครัว", En: "Kitchen", Width: 24}, {Th: "มื้ออาหาร", En: "Meal type", Width: 20},
	{Th: "รหัส", En: "Code", Width: 14}, {Th: "รายการอาหาร", En: "Dish / set / meal", Width: 40},
	{Th: "ระดับ IDDSI", En: "IDDSI level", Width: 36}, {Th: "หอผู้ป่วย", En: "Ward", Width: 24},
	{Th: "จำนวน", En: "Count", Width: 10},
}

// kitchenTypeNames name the workbook's sheet.
var kitchenTypeNames = map[string]string{KitchenMenu: "ตามเมนู By menu", KitchenMenuSet: "เมนูและชุด Menu and set",
	KitchenSet: "ตามชุด By set", KitchenSpecific: "เฉพาะ Specific"}

// writeKitchen writes the kitchen workbook: one line per row, then the total.
func writeKitchen(w io.Writer, typ string, rows []KitchenRow) error {
	i, total := 0, 0
	return xlsx.Write(w, kitchenTypeNames[typ], kitchenColumns, func() ([]any, bool) {
		switch {
		case i < len(rows):
			r := rows[i]
			i++
			total += r.Count
			return []any{r.Kitchen, r.Meal, r.Code, r.Item, r.Texture, r.Ward, r.Count}, true
		case i == len(rows):
			i++
			return []any{"รวม / Total", "", "", "", "", "", total}, true
		}
		return nil, false
	})
}

// bi is "ไทย / English", either alone when the other is empty.
func bi(th, en string) string {
	switch {
	case th == "":
		return en
	case en == "" || en == th:
		return th
	}
	return th + " / " + en
}
