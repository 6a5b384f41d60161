package reports

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"samrap/pkg/i18n"
	"samrap/pkg/mealcard"
	"samrap/pkg/orders"
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
// one meal and one ward. Specific marks a specific meal's line (its text, no code): the
// MENU_SET type lists them after the dishes, in their own section.
type KitchenRow struct {
	Kitchen  string `json:"kitchen"`
	Meal     string `json:"meal"`
	Code     string `json:"code"`
	Item     string `json:"item"`
	Texture  string `json:"texture"`
	Ward     string `json:"ward"`
	Count    int    `json:"count"`
	Specific bool   `json:"specific"`

	kitchenCode, mealCode, wardCode string
}

// Kitchen is the kitchen tally of one type: its lines, the trays they count (a tray with at
// least one line) and the trays of the filter this type does not list (MENU_SET lists them all).
type Kitchen struct {
	Rows      []KitchenRow
	Trays     int
	NotInType int
}

// listed reports whether a kitchen type lists a tray of this course type: MENU_SET, every
// dish to cook, lists them all (the specific meals in their own section), so that the default
// type leaves nothing out; the others list only their own.
func listed(typ, courseType string) bool {
	switch typ {
	case KitchenMenuSet:
		return true
	case KitchenMenu:
		return courseType == "MENU"
	case KitchenSet:
		return courseType == "SET"
	}
	return courseType == "SPECIFIC"
}

// kitchenTally tallies the trays by kitchen (cuisine), meal type, dish (or set, or specific
// meal), IDDSI level and ward.
func kitchenTally(trays []*orders.Order, typ string, kitchens IDs) Kitchen {
	type key struct {
		kitchen, meal, code, item, texture, ward string
		specific                                 bool
	}
	counts := map[key]*KitchenRow{}
	var out Kitchen
	added := false
	add := func(t *orders.Order, kitchen *orders.Named, code, item, texture string) {
		added = true
		specific := t.Course() == orders.CourseSpecific
		k := key{label(kitchen), mealLabel(t), code, item, texture, label(t.Ward), specific}
		r := counts[k]
		if r == nil {
			r = &KitchenRow{Kitchen: k.kitchen, Meal: k.meal, Code: code, Item: item, Texture: texture, Ward: k.ward,
				Specific: specific, mealCode: t.MealType.Code}
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
		if !listed(typ, t.Course()) {
			out.NotInType++
			continue
		}
		added = false
		switch {
		case t.Course() == orders.CourseSpecific:
			texture := ""
			if t.DysphagiaFoodType != nil {
				texture = textureLabel(mealcard.IDDSI{Level: *t.DysphagiaFoodType})
			}
			add(t, t.Cuisine, "", t.Description, texture)
		case t.Course() == orders.CourseSet && typ == KitchenSet:
			for _, it := range t.Items {
				add(t, t.Cuisine, it.Code, bi(it.NameTh, it.NameEn), "")
			}
		default: // MENU or MENU_SET: the dishes
			for _, it := range t.Items {
				for _, d := range it.Dishes {
					if !kitchens.has(d.Cuisine.ID) {
						continue
					}
					add(t, &d.Cuisine, d.Code, bi(d.NameTh, d.NameEn), textureLabel(mealcard.IDDSI{Drink: d.IddsiType == "DRINK", Level: d.IddsiLevel}))
				}
			}
		}
		if added {
			out.Trays++
		}
	}
	out.Rows = make([]KitchenRow, 0, len(counts))
	for _, r := range counts {
		out.Rows = append(out.Rows, *r)
	}
	// the specific meals after the dishes (their own section), each part by kitchen, meal, item, level, ward
	slices.SortFunc(out.Rows, func(a, b KitchenRow) int {
		return cmp.Or(boolCompare(a.Specific, b.Specific), cmp.Compare(a.kitchenCode, b.kitchenCode), cmp.Compare(a.mealCode, b.mealCode),
			cmp.Compare(a.Code, b.Code), cmp.Compare(a.Item, b.Item), cmp.Compare(a.Texture, b.Texture), cmp.Compare(a.wardCode, b.wardCode))
	})
	return out
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
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

// writeKitchen writes the kitchen workbook: one line per row, the specific meals after a
// heading line when the type lists dishes too (MENU_SET), then the total.
func writeKitchen(w io.Writer, typ string, rows []KitchenRow) error {
	i, total, heading := 0, 0, typ != KitchenMenuSet
	return xlsx.Write(w, kitchenTypeNames[typ], kitchenColumns, func() ([]any, bool) {
		switch {
		case i < len(rows) && rows[i].Specific && !heading:
			heading = true
			return []any{"อาหารเฉพาะ (สั่งเป็นข้อความ) / Specific meals (ordered as text)", "", "", "", "", "", ""}, true
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
func bi(th, en string) string { return i18n.Bilingual(th, en) }
