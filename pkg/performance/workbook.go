package performance

import (
	"io"

	"samrap/pkg/i18n"
	"samrap/pkg/xlsx"
)

// countColumns are the columns of a tray count, after the group's own.
var countColumns = []xlsx.Column{
	{Th: "ถาดทั้งหมด", En: "Trays", Width: 12},
	{Th: "เสิร์ฟตรงเวลา", En: "Served on time", Width: 16},
	{Th: "เสิร์ฟล่าช้า", En: "Served late", Width: 14},
	{Th: "ไม่ได้เสิร์ฟ", En: "Not served", Width: 14},
	{Th: "ยังไม่ถึงเวลาสิ้นสุด", En: "Not due yet", Width: 16},
	{Th: "ตรงเวลา (%)", En: "On time (%)", Width: 14},
	{Th: "เก็บถาดแล้ว", En: "Trays collected", Width: 14},
	{Th: "เก็บถาด (% ของที่เสิร์ฟ)", En: "Collected (% of served)", Width: 18},
}

func countCells(c Counts) []any {
	orNone := func(p *float64) any {
		if p == nil {
			return ""
		}
		return *p
	}
	return []any{c.Trays, c.OnTime, c.Late, c.NotServed, c.Pending, orNone(c.OnTimePct), c.Collected, orNone(c.CollectedPct)}
}

func cols(own ...xlsx.Column) []xlsx.Column { return append(own, countColumns...) }

func personName(p Person) string { return i18n.Bilingual(p.NameTh, p.NameEn) }

// Write writes the figures as a workbook: one sheet per figure, headers in Thai and English
// (xlsx guards text that would read as a formula: a rejection reason is typed by staff).
func Write(w io.Writer, f Figures) error {
	var meal, ward, date, mism, rej, takers, servers [][]any
	for _, g := range f.ByMeal {
		meal = append(meal, append([]any{g.Code, g.NameTh, g.NameEn, g.StartTime + "–" + g.EndTime}, countCells(g.Counts)...))
	}
	for _, g := range f.ByWard {
		ward = append(ward, append([]any{g.Code, g.NameTh, g.NameEn}, countCells(g.Counts)...))
	}
	for _, g := range f.ByDate {
		date = append(date, append([]any{g.Date}, countCells(g.Counts)...))
	}
	for _, r := range f.Mismatches.ByReason {
		mism = append(mism, []any{r.Reason, r.Label, r.Count})
	}
	for _, r := range f.Rejections.ByReason {
		rej = append(rej, []any{r.Reason, r.Count})
	}
	for _, p := range f.OrderTakers {
		takers = append(takers, []any{p.Person, personName(p), p.Count, p.Other})
	}
	for _, p := range f.Servers {
		servers = append(servers, []any{p.Person, personName(p), p.Count, p.Other})
	}
	rv := f.Review
	summary := [][]any{
		{"วันที่เริ่ม / From", f.DateFrom}, {"วันที่สิ้นสุด / To", f.DateTo}, {"ใบสั่งอาหาร / Orders", f.Orders},
		{"ถาดทั้งหมด / Trays", f.Total.Trays}, {"เสิร์ฟตรงเวลา / Served on time", f.Total.OnTime},
		{"เสิร์ฟล่าช้า / Served late", f.Total.Late}, {"ไม่ได้เสิร์ฟ / Not served", f.Total.NotServed},
		{"ยังไม่ถึงเวลาสิ้นสุด / Not due yet", f.Total.Pending}, {"ตรงเวลา (%) / On time (%)", countCells(f.Total)[5]},
		{"เก็บถาดแล้ว / Trays collected", f.Total.Collected}, {"เก็บถาด (% ของที่เสิร์ฟ) / Collected (% of served)", countCells(f.Total)[7]},
		{"สแกนไม่ตรงกัน / Scan mismatches", f.Mismatches.Scans}, {"ถาดที่ปฏิเสธ / Trays rejected", f.Rejections.Trays},
		{"ต้องตรวจสอบ / Needed review", rv.Flagged}, {"ตรวจสอบแล้ว / Reviewed", rv.Reviewed},
		{"รอตรวจสอบ มัธยฐาน (นาที) / Review wait median (min)", rv.MedianMinutes},
		{"รอตรวจสอบ P90 (นาที) / Review wait p90 (min)", rv.P90Minutes},
		{"รอตรวจสอบ สูงสุด (นาที) / Review wait max (min)", rv.MaxMinutes},
		{"ยังรอตรวจสอบ / Still waiting", rv.Waiting},
		{"รอนานที่สุดขณะนี้ (นาที) / Longest wait now (min)", rv.OldestWaitingMinutes},
	}
	person := func(count, other xlsx.Column) []xlsx.Column {
		return []xlsx.Column{{Th: "รหัสพนักงาน", En: "Employee code", Width: 16}, {Th: "ชื่อ", En: "Name", Width: 36}, count, other}
	}
	return xlsx.WriteSheets(w, []xlsx.Sheet{
		{Name: "summary", Columns: []xlsx.Column{{Th: "ตัวชี้วัด", En: "Figure", Width: 48}, {Th: "ค่า", En: "Value", Width: 16}}, Next: xlsx.Rows(summary)},
		{Name: "by_meal", Columns: cols(xlsx.Column{Th: "รหัสมื้อ", En: "Meal code", Width: 12}, xlsx.Column{Th: "มื้ออาหาร", En: "Meal type"},
			xlsx.Column{Th: "มื้ออาหาร (อังกฤษ)", En: "Meal type (English)"}, xlsx.Column{Th: "ช่วงเวลา", En: "Time window", Width: 14}), Next: xlsx.Rows(meal)},
		{Name: "by_ward", Columns: cols(xlsx.Column{Th: "รหัสหอผู้ป่วย", En: "Ward code", Width: 14}, xlsx.Column{Th: "หอผู้ป่วย", En: "Ward"},
			xlsx.Column{Th: "หอผู้ป่วย (อังกฤษ)", En: "Ward (English)"}), Next: xlsx.Rows(ward)},
		{Name: "by_date", Columns: cols(xlsx.Column{Th: "วันที่", En: "Date", Width: 14}), Next: xlsx.Rows(date)},
		{Name: "mismatches", Columns: []xlsx.Column{{Th: "รหัสเหตุผล", En: "Reason code"}, {Th: "เหตุผล", En: "Reason", Width: 48},
			{Th: "จำนวนครั้ง", En: "Times", Width: 12}}, Next: xlsx.Rows(mism)},
		{Name: "rejections", Columns: []xlsx.Column{{Th: "เหตุผลที่ปฏิเสธ", En: "Rejection reason", Width: 48},
			{Th: "จำนวนครั้ง", En: "Times", Width: 12}}, Next: xlsx.Rows(rej)},
		{Name: "order_takers", Columns: person(xlsx.Column{Th: "ใบสั่งอาหาร", En: "Orders", Width: 12},
			xlsx.Column{Th: "ยกเลิก", En: "Cancelled", Width: 12}), Next: xlsx.Rows(takers)},
		{Name: "servers", Columns: person(xlsx.Column{Th: "เสิร์ฟแล้ว", En: "Served", Width: 12},
			xlsx.Column{Th: "ปฏิเสธ", En: "Rejected", Width: 12}), Next: xlsx.Rows(servers)},
	})
}
