package nutrition

import (
	"io"
	"strings"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
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
