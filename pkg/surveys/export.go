package surveys

import (
	"context"
	"io"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
	"samrap/pkg/session"
	"samrap/pkg/xlsx"
)

// ExportName is the export's file name.
const ExportName = "patient_satisfaction.xlsx"

var exportColumns = []xlsx.Column{
	{Th: "วันเวลาที่ตอบ", En: "Answered at", Width: 20},
	{Th: "วันที่ของถาด", En: "Tray date", Width: 12},
	{Th: "สาขา", En: "Branch", Width: 10},
	{Th: "หอผู้ป่วย", En: "Ward", Width: 24},
	{Th: "มื้ออาหาร", En: "Meal type", Width: 16},
	{Th: "ช่องทาง", En: "Source", Width: 14},
	{Th: "รสชาติ", En: "Taste", Width: 10},
	{Th: "อุณหภูมิ", En: "Temperature", Width: 12},
	{Th: "ปริมาณ", En: "Portion", Width: 10},
	{Th: "ตรงเวลา", En: "On time", Width: 10},
	{Th: "โดยรวม", En: "Overall", Width: 10},
	{Th: "ความคิดเห็น", En: "Comment", Width: 50},
}

func sourceLabel(src string) string {
	if src == SourceStaff {
		return i18n.Bilingual("เจ้าหน้าที่บันทึก", "Staff")
	}
	return i18n.Bilingual("QR บนบัตรอาหาร", "Card QR")
}

// Export writes the answers f selects (newest first, at most maxAnswers) as an .xlsx
// workbook, the times in Asia/Bangkok. It answers false when there are none.
func (s *Service) Export(ctx context.Context, w io.Writer, sc session.Scope, f Filter, lang i18n.Lang) (bool, error) {
	rows, err := s.answers(ctx, sc, f)
	if err != nil || len(rows) == 0 {
		return false, err
	}
	out := make([][]any, 0, len(rows))
	for i := range rows {
		r := toRow(&rows[i], lang)
		out = append(out, []any{r.AnsweredAt.In(day.Bangkok).Format("2006-01-02 15:04:05"), r.Date, r.BranchCode, r.Ward,
			label(r.MealType.NameTh, r.MealType.NameEn, lang), sourceLabel(r.Source), r.Answers.Taste, r.Answers.Temperature,
			r.Answers.Portion, r.Answers.OnTime, r.Answers.Overall, r.Comment})
	}
	return true, xlsx.Write(w, "Patient satisfaction", exportColumns, xlsx.Rows(out))
}
