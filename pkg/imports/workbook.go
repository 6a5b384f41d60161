package imports

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"samrap/pkg/i18n"
	"samrap/pkg/params"
)

// MaxRows is the most data rows a workbook may hold (SPEC.md §5, §9).
const MaxRows = 1000

// maxRowsAboveHeader is how many non-blank rows (titles) may stand above the header.
const maxRowsAboveHeader = 5

// Why a whole file is refused; each is a message key, kept on the job.
var (
	ErrNotExcel       = errors.New("imports.notExcel")
	ErrNoRows         = errors.New("imports.noRows")
	ErrTooManyRows    = errors.New("imports.tooManyRows")
	ErrHeadersMissing = errors.New("imports.headersMissing")
)

// Column is a column of a kind's workbook: the cell key the params engine reads and its
// headers in Thai and English. The header row writes "Thai / English"; a file whose header
// cells name the Thai, the English or the API name of a column reads the same.
type Column struct {
	Key    string
	Th, En string
}

// Header is the header cell text.
func (c Column) Header() string { return c.Th + " / " + c.En }

// Columns answers the columns of kind, in workbook order.
func Columns(k *params.Kind) []Column {
	cols := []Column{{"code", "รหัส", "Code"}}
	if !k.NoName {
		cols = append(cols, Column{"nameTh", "ชื่อภาษาไทย", "Thai name"}, Column{"nameEn", "ชื่อภาษาอังกฤษ", "English name"})
	}
	for _, f := range k.Fields {
		cols = append(cols, Column{f.JSON, f.Th, f.En})
	}
	if l := k.List; l != nil {
		cols = append(cols, Column{l.JSON, "รหัส" + l.Th + " (คั่นด้วย ,)", l.En + " codes (comma separated)"})
	}
	return append(cols,
		Column{"status", "สถานะ (ACTIVE/INACTIVE)", "Status (ACTIVE/INACTIVE)"},
		Column{"action", "การดำเนินการ (DELETE = ลบ)", "Action (DELETE to delete)"})
}

func normalize(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// headerIndex maps each header cell to a column key.
func headerIndex(k *params.Kind, header []string) (map[int]string, error) {
	names := map[string]string{}
	for _, c := range Columns(k) {
		for _, n := range []string{c.Header(), c.Th, c.En, c.Key} {
			names[normalize(n)] = c.Key
		}
	}
	idx := map[int]string{}
	hasCode := false
	for i, h := range header {
		if key, ok := names[normalize(h)]; ok {
			idx[i] = key
			hasCode = hasCode || key == "code"
		}
	}
	if !hasCode {
		return nil, ErrHeadersMissing
	}
	return idx, nil
}

// Sheet is a parsed workbook: its header row as written and its data rows.
type Sheet struct {
	Header []string
	Index  map[int]string
	Rows   []params.Row
	Raw    map[int][]string // line → cells as written, for the failed-rows workbook
}

// Parse reads the first sheet of an .xlsx workbook of kind: the first row naming the code
// column is the header (a few title rows may stand above it); blank rows are skipped; more than MaxRows data rows or none at all refuse the file.
func Parse(r io.ReaderAt, size int64, k *params.Kind) (*Sheet, error) {
	f, err := excelize.OpenReader(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, ErrNoRows
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	defer rows.Close()
	s := &Sheet{Raw: map[int][]string{}}
	line, above := 0, 0
	for rows.Next() {
		line++
		cells, err := rows.Columns()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
		}
		if blank(cells) {
			continue
		}
		if s.Index == nil {
			// The header is the first row naming the code column, among the first few
			// non-blank rows (a title may stand above it).
			idx, err := headerIndex(k, cells)
			if err != nil {
				if above++; above == maxRowsAboveHeader {
					return nil, err
				}
				continue
			}
			s.Index, s.Header = idx, cells
			continue
		}
		if len(s.Rows) == MaxRows {
			return nil, ErrTooManyRows
		}
		// Every header column has a cell, empty when the row ends before it.
		row := params.Row{Line: line, Cells: make(map[string]string, len(s.Index))}
		for _, key := range s.Index {
			row.Cells[key] = ""
		}
		for i, c := range cells {
			if key, ok := s.Index[i]; ok {
				row.Cells[key] = c
			}
		}
		s.Rows = append(s.Rows, row)
		s.Raw[line] = cells
	}
	if err := rows.Error(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	if s.Index == nil || len(s.Rows) == 0 {
		return nil, ErrNoRows
	}
	return s, nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// sheetName is a valid sheet name for a kind.
func sheetName(k *params.Kind) string {
	name := k.En
	for utf8.RuneCountInString(name) > 31 {
		_, n := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-n]
	}
	return name
}

// cellOf answers the workbook cell of a record's column.
func cellOf(k *params.Kind, rec params.Record, c Column) any {
	if f, ok := k.Field(c.Key); ok {
		switch f.Type {
		case params.Ref:
			v, _ := rec[strings.TrimSuffix(f.JSON, "Id")+"Code"].(string)
			return v
		case params.Bool:
			if rec[f.JSON] == true {
				return "Y"
			}
			return "N"
		}
		return rec[f.JSON]
	}
	if l := k.List; l != nil && c.Key == l.JSON {
		items, _ := rec[l.Display].([]any)
		codes := make([]string, 0, len(items))
		for _, it := range items {
			if m, ok := it.(map[string]any); ok {
				codes = append(codes, fmt.Sprint(m["code"]))
			}
		}
		return strings.Join(codes, ",")
	}
	if c.Key == "action" {
		return ""
	}
	return rec[c.Key]
}

// Export writes recs of kind as a workbook that imports back unchanged, with the streaming
// writer.
func Export(w io.Writer, k *params.Kind, recs []params.Record) error {
	f := excelize.NewFile()
	defer f.Close()
	name := sheetName(k)
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	cols := Columns(k)
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = c.Header()
	}
	if err := sw.SetColWidth(1, len(cols), 22); err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	if err := sw.SetRow("A1", header); err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	row := make([]any, len(cols))
	for i, rec := range recs {
		for j, c := range cols {
			row[j] = cellOf(k, rec, c)
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return fmt.Errorf("imports.export: %w", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("imports.export: %w", err)
	}
	return nil
}

// FailedRows writes the rows that were skipped, as written, with the row number and the
// reason in lang.
func FailedRows(w io.Writer, k *params.Kind, s *Sheet, failed []params.RowError, lang i18n.Lang) error {
	f := excelize.NewFile()
	defer f.Close()
	name := sheetName(k)
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return fmt.Errorf("imports.failedRows: %w", err)
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("imports.failedRows: %w", err)
	}
	header := []any{i18n.T(lang, "imports.line")}
	for _, h := range s.Header {
		header = append(header, h)
	}
	header = append(header, i18n.T(lang, "imports.reason"))
	if err := sw.SetRow("A1", header); err != nil {
		return fmt.Errorf("imports.failedRows: %w", err)
	}
	headerOf := map[string]string{}
	for _, c := range Columns(k) {
		headerOf[c.Key] = c.Th
		if lang == i18n.EN {
			headerOf[c.Key] = c.En
		}
	}
	// One line per row, its reasons joined.
	var lines []int
	reasons := map[int][]string{}
	for _, e := range failed {
		if _, ok := reasons[e.Line]; !ok {
			lines = append(lines, e.Line)
		}
		msg := i18n.T(lang, e.Key)
		if h := headerOf[e.Field]; h != "" {
			msg = h + ": " + msg
		}
		reasons[e.Line] = append(reasons[e.Line], msg)
	}
	for i, line := range lines {
		row := []any{line}
		raw := s.Raw[line]
		for j := range s.Header {
			v := ""
			if j < len(raw) {
				v = raw[j]
			}
			row = append(row, v)
		}
		row = append(row, strings.Join(reasons[line], "; "))
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return fmt.Errorf("imports.failedRows: %w", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("imports.failedRows: %w", err)
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("imports.failedRows: %w", err)
	}
	return nil
}
