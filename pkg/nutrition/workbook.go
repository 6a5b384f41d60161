package nutrition

import (
	"io"
	"strings"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/menus"
	"samrap/pkg/xlsx"
)

// worklistColumns are the worklist workbook's columns (headers "ไทย / English").
var worklistColumns = []xlsx.Column{
	{Th: "หอผู้ป่วย", En: "Ward", Width: 24}, {Th: "เตียง", En: "Bed", Width: 12}, {Th: "HN", En: "HN", Width: 16},
	{Th: "ชื่อ-นามสกุล", En: "Name", Width: 32}, {Th: "เหตุผล", En: "Reasons", Width: 70},
	{Th: "พบล่าสุดโดย", En: "Last seen by", Width: 16}, {Th: "พบล่าสุดเมื่อ", En: "Last seen at", Width: 20},
	{Th: "บันทึก", En: "Note", Width: 40},
}

// writeWorklist writes the worklist as a workbook of one sheet, its texts in lang.
func writeWorklist(w io.Writer, lang i18n.Lang, items []WorkItem) error {
	rows := make([][]any, len(items))
	for i, it := range items {
		reasons := make([]string, len(it.Reasons))
		for j, r := range it.Reasons {
			reasons[j] = r.Message
		}
		by, at, note := "", "", ""
		if it.LastSeen != nil {
			by, note = it.LastSeen.SeenBy, it.LastSeen.Note
			at = it.LastSeen.SeenAt.In(day.Bangkok).Format(time.DateTime)
		}
		rows[i] = []any{i18n.Pick(lang, it.WardNameTh, it.WardNameEn), it.RoomCode, it.HnID,
			i18n.Pick(lang, strings.TrimSpace(it.FirstNameTh+" "+it.LastNameTh), strings.TrimSpace(it.FirstNameEn+" "+it.LastNameEn)),
			strings.Join(reasons, "\n"), by, at, note}
	}
	return xlsx.Write(w, "worklist", worklistColumns, xlsx.Rows(rows))
}

// dayStates name a day's state (IntakeDay.State) in the workbook, as the patient's intake
// table does.
var dayStates = map[string]xlsx.Column{
	DayNoTrays: {Th: "ไม่มีถาดที่เสิร์ฟ", En: "No tray served"}, DayNotCollected: {Th: "ยังไม่ได้เก็บถาด", En: "Not collected"},
	DayLow: {Th: "ต่ำกว่าครึ่งของเป้าหมาย", En: "Under half the target"}, DayOK: {Th: "รับประทานได้", En: "Eating"},
}

// nutrientNames name the nutrients in the intake workbook's headers.
var nutrientNames = map[string]xlsx.Column{
	"energy": {Th: "พลังงาน", En: "Energy"}, "protein": {Th: "โปรตีน", En: "Protein"}, "fat": {Th: "ไขมัน", En: "Fat"},
	"carbohydrate": {Th: "คาร์โบไฮเดรต", En: "Carbohydrate"}, "sodium": {Th: "โซเดียม", En: "Sodium"},
	"sugar": {Th: "น้ำตาล", En: "Sugar"}, "fiber": {Th: "ใยอาหาร", En: "Fibre"},
}

// intakeColumns are the intake workbook's columns: the day, its trays, each nutrient eaten in
// its base unit, the shares of the energy and protein minimums, and the state in words.
func intakeColumns() []xlsx.Column {
	cols := []xlsx.Column{{Th: "วันที่", En: "Date", Width: 12}, {Th: "ถาดที่เสิร์ฟ", En: "Trays served", Width: 12},
		{Th: "ถาดที่เก็บแล้ว", En: "Trays collected", Width: 14}}
	for _, n := range menus.Nutrients {
		name, unit := nutrientNames[n], menus.BaseUnit(n)
		cols = append(cols, xlsx.Column{Th: name.Th + "ที่รับประทาน (" + unit + ")", En: name.En + " eaten (" + unit + ")", Width: 16})
	}
	for _, n := range intakeNutrients {
		name := nutrientNames[n]
		cols = append(cols, xlsx.Column{Th: name.Th + " (% ของค่าต่ำสุด)", En: name.En + " (% of the minimum)", Width: 16})
	}
	return append(cols, xlsx.Column{Th: "สถานะ", En: "State", Width: 24})
}

// writeIntake writes a patient's intake as a workbook of one sheet, a row a day, its texts in
// lang: a figure not known (nothing collected, no minimum) is an empty cell, never 0.
func writeIntake(w io.Writer, lang i18n.Lang, in Intake) error {
	rows := make([][]any, len(in.Days))
	for i, d := range in.Days {
		row := []any{d.Date, d.Trays, d.Collected}
		for _, n := range menus.Nutrients {
			if v, ok := d.Eaten[n]; ok && d.Collected > 0 {
				row = append(row, v)
			} else {
				row = append(row, nil)
			}
		}
		for _, n := range intakeNutrients {
			if v, ok := d.Percent[n]; ok {
				row = append(row, v)
			} else {
				row = append(row, nil)
			}
		}
		st := dayStates[d.State()]
		rows[i] = append(row, i18n.Pick(lang, st.Th, st.En))
	}
	return xlsx.Write(w, "intake", intakeColumns(), xlsx.Rows(rows))
}
