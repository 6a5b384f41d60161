// Package xlsx writes the spreadsheets Samrap hands out: one sheet, a header row with Thai
// and English names, then the rows, through excelize's streaming writer so that memory stays
// flat however many rows there are.
package xlsx

import (
	"fmt"
	"io"

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
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	sw, err := f.NewStreamWriter(sheet)
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
		header[i] = c.Header()
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
		if err := sw.SetRow(cell, row); err != nil {
			return fmt.Errorf("xlsx: %w", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	if _, err := f.WriteTo(w); err != nil {
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
