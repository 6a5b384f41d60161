package xlsx_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/xlsx"
	"samrap/pkg/xlsx/xlsxread"
)

type stringer struct{}

func (stringer) String() string { return "เป็นข้อความ" }

// readAll reads the first sheet back through xlsxread, the reader of the imports.
func readAll(t *testing.T, b []byte) [][]string {
	t.Helper()
	var rows [][]string
	if err := xlsxread.FirstSheet(b, ".xlsx", func(line int, cells []string) error {
		if line != len(rows)+1 {
			t.Fatalf("line %d after %d rows", line, len(rows))
		}
		rows = append(rows, cells)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return rows
}

// Every kind of cell a caller hands over reads back, through both readers, as the text a
// spreadsheet shows, and numbers are number cells.
func TestWriteCellsReadBack(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("ก", xlsx.MaxCellChars+10)
	row := []any{"ข้าวต้ม", 12, int64(-3), uint8(7), 12.5, float32(0.25), true, false, nil, stringer{}, []byte("bytes"),
		`<a href="x">&'</a>`, "line\r\nnext", "  spaced  ", "_x0041_", "_x0041_x0042_", "bell\x07\x00", "bad\xffutf8", math.NaN(), long, "last"}
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, "ทดสอบ", []xlsx.Column{{Th: "ชื่อ", En: "Name", Width: 30}, {Th: "จำนวน", En: "Count"}}, xlsx.Rows([][]any{row, {}, {"after an empty row"}})); err != nil {
		t.Fatal(err)
	}
	want := []string{"ข้าวต้ม", "12", "-3", "7", "12.5", "0.25", "1", "0", "", "เป็นข้อความ", "bytes",
		`<a href="x">&'</a>`, "line\r\nnext", "  spaced  ", "_x0041_", "_x0041_x0042_", "bell\uFFFD\uFFFD", "bad\uFFFDutf8", "NaN", long[:3*xlsx.MaxCellChars], "last"}

	rows := readAll(t, buf.Bytes())
	if len(rows) != 4 || strings.Join(rows[0], "|") != "ชื่อ / Name|จำนวน / Count" || len(rows[2]) != 0 || rows[3][0] != "after an empty row" {
		t.Fatalf("rows: %q", rows)
	}
	for i, w := range want {
		got := rows[1][i]
		if i == 6 || i == 7 { // excelize shows a boolean as TRUE / FALSE
			w = map[string]string{"1": "TRUE", "0": "FALSE"}[w]
		}
		if got != w {
			t.Errorf("cell %d: %q, want %q", i+1, short(got), short(w))
		}
	}

	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 1 || got[0] != "ทดสอบ" {
		t.Fatalf("sheets %q", got)
	}
	for i, typ := range map[int]excelize.CellType{1: excelize.CellTypeInlineString, 2: excelize.CellTypeUnset, 5: excelize.CellTypeUnset, 7: excelize.CellTypeBool, 12: excelize.CellTypeInlineString} {
		cell, _ := excelize.CoordinatesToCellName(i, 2)
		if got, err := f.GetCellType("ทดสอบ", cell); err != nil || got != typ {
			t.Errorf("%s: type %v (%v), want %v", cell, got, err, typ)
		}
	}
	for col, want := range map[string]float64{"A": 30, "B": 20} {
		if got, err := f.GetColWidth("ทดสอบ", col); err != nil || got != want {
			t.Errorf("width of %s: %v (%v), want %v", col, got, err, want)
		}
	}
}

func short(s string) string {
	if len(s) > 40 {
		return fmt.Sprintf("%s… (%d bytes)", s[:40], len(s))
	}
	return s
}

// Several sheets keep their order, names, columns and rows; the first is the one shown.
func TestWriteSheetsReadBack(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	sheets := []xlsx.Sheet{
		{Name: "summary", Columns: []xlsx.Column{{Th: "ตัวชี้วัด", En: "Figure"}, {Th: "ค่า", En: "Value"}}, Next: xlsx.Rows([][]any{{"ถาด", 3}})},
		{Name: "by_ward & <date>", Columns: []xlsx.Column{{Th: "หอ", En: "Ward"}}, Next: xlsx.Rows(nil)},
		{Name: "การเงิน Finance", Columns: []xlsx.Column{{Th: "A", En: "A"}}, Next: xlsx.Rows([][]any{{"x"}, {"y"}})},
	}
	if err := xlsx.WriteSheets(&buf, sheets); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := strings.Join(f.GetSheetList(), "|"); got != "summary|by_ward & <date>|การเงิน Finance" {
		t.Fatalf("sheets %q", got)
	}
	if f.GetActiveSheetIndex() != 0 {
		t.Errorf("active sheet %d, want the first", f.GetActiveSheetIndex())
	}
	for name, want := range map[string]string{"summary": "ตัวชี้วัด / Figure,ค่า / Value;ถาด,3", "by_ward & <date>": "หอ / Ward", "การเงิน Finance": "A;x;y"} {
		rows, err := f.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, strings.Join(r, ","))
		}
		if strings.Join(got, ";") != want {
			t.Errorf("%s: %q, want %q", name, strings.Join(got, ";"), want)
		}
	}
	if rows := readAll(t, buf.Bytes()); len(rows) != 2 || rows[1][1] != "3" {
		t.Errorf("first sheet through xlsxread: %q", rows)
	}
}

// Columns past Z are named as a spreadsheet names them.
func TestWriteManyColumns(t *testing.T) {
	t.Parallel()
	row := make([]any, 750)
	cols := make([]xlsx.Column, 750)
	for i := range row {
		row[i] = i + 1
		cols[i] = xlsx.Column{Th: "c", En: "c", Width: 5}
	}
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, "wide", cols, xlsx.Rows([][]any{row})); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for cell, want := range map[string]string{"Z2": "26", "AA2": "27", "AZ2": "52", "ZZ2": "702", "AAA2": "703", "ABV2": "750"} {
		if got, _ := f.GetCellValue("wide", cell); got != want {
			t.Errorf("%s: %q, want %q", cell, got, want)
		}
	}
}

// A workbook Excel would refuse is not written.
func TestWriteRefuses(t *testing.T) {
	t.Parallel()
	col := []xlsx.Column{{Th: "a", En: "a"}}
	for name, sheets := range map[string][]xlsx.Sheet{
		"no sheet":        nil,
		"empty name":      {{Name: "", Columns: col, Next: xlsx.Rows(nil)}},
		"long name":       {{Name: strings.Repeat("ก", 32), Columns: col, Next: xlsx.Rows(nil)}},
		"slash":           {{Name: "a/b", Columns: col, Next: xlsx.Rows(nil)}},
		"bracket":         {{Name: "a[1]", Columns: col, Next: xlsx.Rows(nil)}},
		"apostrophe":      {{Name: "'a", Columns: col, Next: xlsx.Rows(nil)}},
		"same name twice": {{Name: "Sheet", Columns: col, Next: xlsx.Rows(nil)}, {Name: "sheet", Columns: col, Next: xlsx.Rows(nil)}},
		"column too wide": {{Name: "s", Columns: []xlsx.Column{{Th: "a", Width: 256}}, Next: xlsx.Rows(nil)}},
		"negative width":  {{Name: "s", Columns: []xlsx.Column{{Th: "a", Width: -1}}, Next: xlsx.Rows(nil)}},
	} {
		if err := xlsx.WriteSheets(&bytes.Buffer{}, sheets); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	if err := xlsx.Write(&bytes.Buffer{}, strings.Repeat("ก", 31), col, xlsx.Rows(nil)); err != nil {
		t.Errorf("a name of 31 characters: %v", err)
	}
}

// 10,000 rows of 20 cells (the reports budget of ARCHITECTURE.md §10 is < 200 ms).
func BenchmarkWrite10000x20(b *testing.B) {
	cols := make([]xlsx.Column, 20)
	for i := range cols {
		cols[i] = xlsx.Column{Th: "คอลัมน์", En: "Column"}
	}
	row := make([]any, 20)
	for i := range row {
		if i%2 == 0 {
			row[i] = "ข้าวต้มปลา"
		} else {
			row[i] = i * 1000
		}
	}
	for b.Loop() {
		n := 0
		var buf bytes.Buffer
		if err := xlsx.Write(&buf, "bench", cols, func() ([]any, bool) { n++; return row, n <= 10000 }); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(buf.Len()))
	}
}
