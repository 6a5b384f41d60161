package reports

import (
	"io"
	"strings"

	"samrap/pkg/orders"
	"samrap/pkg/xlsx"
)

// identityColumns are the identification workbook's columns: the list the tray line checks
// each tray against (per ward and bed, the two identifiers, meal, dishes, allergies, texture).
var identityColumns = []xlsx.Column{
	{Th: "หอผู้ป่วย", En: "Ward", Width: 22}, {Th: "เตียง", En: "Bed", Width: 14},
	{Th: "HN", En: "HN", Width: 14}, {Th: "ชื่อ-นามสกุล", En: "Name", Width: 34},
	{Th: "ญาติ/ผู้ดูแล", En: "Caregiver", Width: 12}, {Th: "มื้ออาหาร", En: "Meal type", Width: 20},
	{Th: "รายการอาหาร", En: "Dishes", Width: 48}, {Th: "แพ้อาหาร/ข้อห้าม", En: "Allergies / restrictions", Width: 36},
	{Th: "ลักษณะอาหาร (IDDSI)", En: "Texture (IDDSI)", Width: 36}, {Th: "ประเภทอาหาร", En: "Diet", Width: 22},
	{Th: "หมายเหตุ", En: "Remark", Width: 30},
}

// identityRow is a tray's line.
func identityRow(t *orders.Order) []any {
	var dishes, textures []string
	if t.Course() == orders.CourseSpecific {
		dishes = append(dishes, t.Description)
	}
	for _, it := range t.Items {
		name := bi(it.NameTh, it.NameEn)
		if it.MenuSetID != nil {
			var in []string
			for _, d := range it.Dishes {
				in = append(in, bi(d.NameTh, d.NameEn))
			}
			name += " (" + strings.Join(in, ", ") + ")"
		}
		dishes = append(dishes, name)
	}
	for _, l := range texturesOf(t) {
		textures = append(textures, textureLabel(l))
	}
	caregiver := ""
	if t.Caregiver {
		caregiver = "ญาติ/ผู้ดูแล / Caregiver"
	}
	room := ""
	if t.Room != nil {
		room = t.Room.Code
	}
	return []any{label(t.Ward), room, t.HnID, t.Name(), caregiver, mealLabel(t), strings.Join(dishes, "; "),
		strings.Join(allergyNames(t), ", "), strings.Join(textures, ", "), label(t.Diet), t.Remark}
}

// writeIdentity writes the identification workbook, one line per tray in ward, bed, HN and
// meal order (the trays' order).
func writeIdentity(w io.Writer, trays []*orders.Order) error {
	i := 0
	return xlsx.Write(w, "ระบุตัวตน Identification", identityColumns, func() ([]any, bool) {
		if i >= len(trays) {
			return nil, false
		}
		i++
		return identityRow(trays[i-1]), true
	})
}
