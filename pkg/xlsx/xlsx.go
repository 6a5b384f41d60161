// Package xlsx writes the spreadsheets Samrap hands out: one sheet (or a few), a header row with Thai
// and English names, then the rows, through excelize's streaming writer so that memory stays
// flat however many rows there are. A text that a spreadsheet would read as a formula (it
// begins with =, +, -, @, a tab or a carriage return) is written as text: an inline string
// in a text-formatted cell marked quotePrefix, so that neither opening the file nor editing
// the cell evaluates it (formula injection).
package xlsx

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/i18n"
)

// ContentType is the media type of an .xlsx file.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Column is a column of a sheet.
type Column struct {
	Th, En string
	Width  float64 // 0 means 20
}

// Header is the column's header cell: "ไทย / English".
func (c Column) Header() string { return i18n.Bilingual(c.Th, c.En) }

// Write writes a workbook of one sheet named sheet to w: the headers of cols, then each row
// next gives until it answers false.
func Write(w io.Writer, sheet string, cols []Column, next func() ([]any, bool)) error {
	return WriteSheets(w, []Sheet{{Name: sheet, Columns: cols, Next: next}})
}

// Sheet is one sheet of a workbook of several: its name, its columns and its rows.
type Sheet struct {
	Name    string
	Columns []Column
	Next    func() ([]any, bool)
}

// WriteSheets writes a workbook of the sheets, in order, each as Write writes its one.
func WriteSheets(w io.Writer, sheets []Sheet) error {
	f := excelize.NewFile()
	defer f.Close()
	text, err := textStyle(f)
	if err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	for i, sh := range sheets {
		if i == 0 {
			err = f.SetSheetName("Sheet1", sh.Name)
		} else {
			_, err = f.NewSheet(sh.Name)
		}
		if err != nil {
			return fmt.Errorf("xlsx: %w", err)
		}
		if err := writeSheet(f, text, sh); err != nil {
			return err
		}
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	return nil
}

func writeSheet(f *excelize.File, text int, sh Sheet) error {
	cols, next := sh.Columns, sh.Next
	sw, err := f.NewStreamWriter(sh.Name)
	if err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		width := c.Width
		if width == 0 {
			width = 20
		}
		if err := sw.SetColWidth(i+1, i+1, width); err != nil {
			return fmt.Errorf("xlsx: %w", err)
		}
		header[i] = guard(c.Header(), text)
	}
	if err := sw.SetRow("A1", header); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	for r := 2; ; r++ {
		row, ok := next()
		if !ok {
			break
		}
		cell, _ := excelize.CoordinatesToCellName(1, r)
		for i, v := range row {
			row[i] = guard(v, text)
		}
		if err := sw.SetRow(cell, row); err != nil {
			return fmt.Errorf("xlsx: %w", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	return nil
}

// Rows adapts a slice to Write's next.
func Rows(rows [][]any) func() ([]any, bool) {
	i := 0
	return func() ([]any, bool) {
		if i >= len(rows) {
			return nil, false
		}
		i++
		return rows[i-1], true
	}
}

// IsFormulaLike says whether a spreadsheet would read s as a formula when typed in a cell.
func IsFormulaLike(s string) bool {
	return s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0]))
}

// guard answers v, or, for a text a spreadsheet would read as a formula, the text in a cell
// of the text style.
func guard(v any, text int) any {
	if s, ok := v.(string); ok && IsFormulaLike(s) {
		return excelize.Cell{StyleID: text, Value: s}
	}
	return v
}

// textStyle adds the style of guarded cells: number format 49 ("@", text) and quotePrefix,
// which excelize's Style does not expose, set on the cell format it created.
func textStyle(f *excelize.File) (int, error) {
	id, err := f.NewStyle(&excelize.Style{NumFmt: 49})
	if err != nil {
		return 0, err
	}
	quote := true
	f.Styles.CellXfs.Xf[id].QuotePrefix = &quote
	return id, nil
}
