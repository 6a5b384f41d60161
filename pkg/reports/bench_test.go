package reports

import (
	"fmt"
	"io"
	"testing"

	"github.com/xuri/excelize/v2"
)

// kitchenRows10000 is a kitchen workbook of 10,000 lines: 4 kitchens × 5 meals × 50 dishes
// × 10 wards.
func kitchenRows10000() []KitchenRow {
	rows := make([]KitchenRow, 0, 10000)
	for k := range 4 {
		for m := range 5 {
			for d := range 50 {
				for w := range 10 {
					rows = append(rows, KitchenRow{Kitchen: fmt.Sprintf("ครัวไทย %d / Thai kitchen %d", k, k),
						Meal: fmt.Sprintf("มื้อ %d / Meal %d", m, m), Code: fmt.Sprintf("M%04d", d),
						Item: fmt.Sprintf("ข้าวผัดกุ้ง %d / Shrimp fried rice %d", d, d), Texture: "IDDSI 7 · อาหารธรรมดา / Regular",
						Ward: fmt.Sprintf("หอผู้ป่วย %d / Ward %d", w, w), Count: d + w + 1})
				}
			}
		}
	}
	return rows
}

// BenchmarkKitchenWorkbook10000 writes the kitchen workbook of 10,000 lines (budget 200 ms,
// issue 15), through pkg/xlsx's streaming writer with the formula guard.
func BenchmarkKitchenWorkbook10000(b *testing.B) {
	rows := kitchenRows10000()
	b.ReportAllocs()
	for b.Loop() {
		if err := writeKitchen(io.Discard, KitchenMenuSet, rows); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKitchenWorkbook10000Cells is the baseline: the same workbook written cell by cell
// with excelize's SetCellValue (no streaming).
func BenchmarkKitchenWorkbook10000Cells(b *testing.B) {
	rows := kitchenRows10000()
	b.ReportAllocs()
	for b.Loop() {
		f := excelize.NewFile()
		for i, c := range kitchenColumns {
			cell, _ := excelize.CoordinatesToCellName(i+1, 1)
			_ = f.SetCellValue("Sheet1", cell, c.Header())
		}
		for r, row := range rows {
			for i, v := range []any{row.Kitchen, row.Meal, row.Code, row.Item, row.Texture, row.Ward, row.Count} {
				cell, _ := excelize.CoordinatesToCellName(i+1, r+2)
				_ = f.SetCellValue("Sheet1", cell, v)
			}
		}
		if _, err := f.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
		_ = f.Close()
	}
}
