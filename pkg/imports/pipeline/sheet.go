package pipeline

import (
	"errors"
	"fmt"
	"io"
	"path"
	"samrap/pkg/imports"
	"strings"

	"samrap/pkg/i18n"
	"samrap/pkg/xlsx"
	"samrap/pkg/xlsx/xlsxread"
)

// MaxRows is the most data rows a workbook may hold (SPEC.md §5, §9).
const MaxRows = 1000

// maxRowsAboveHeader is how many non-blank rows (titles) may stand above the header.
const maxRowsAboveHeader = 5

// Why a whole file is refused; each is a message key, kept on the job.
var (
	ErrNotExcel       = errors.New("imports.notExcel")
	ErrTooLarge       = errors.New("imports.tooLarge")
	ErrSmallXLS       = errors.New("imports.smallXls")
	ErrNoRows         = errors.New("imports.noRows")
	ErrTooManyRows    = errors.New("imports.tooManyRows")
	ErrHeadersMissing = errors.New("imports.headersMissing")
)

// refusals are the errors that end a job as failed, with their key as its reason.
var refusals = []error{ErrNotExcel, ErrTooLarge, ErrSmallXLS, ErrNoRows, ErrTooManyRows, ErrHeadersMissing}

// Sheet is a workbook read by an importer's columns: its header row as written, its data
// rows, and each data row's cells as written (for the failed-rows workbook).
type Sheet struct {
	Header []string
	Rows   []imports.Row
	Raw    map[int][]string // line → cells as written
}

func normalize(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// headerIndex maps the header cells that name a column to its key; ok is false when no
// cell names the first column.
func headerIndex(cols []imports.Column, header []string) (idx map[int]string, ok bool) {
	names := map[string]string{}
	for _, c := range cols {
		for _, n := range []string{c.Header(), c.Th, c.En, c.Key} {
			names[normalize(n)] = c.Key
		}
	}
	idx = map[int]string{}
	for i, h := range header {
		if key, found := names[normalize(h)]; found {
			idx[i] = key
			ok = ok || key == cols[0].Key
		}
	}
	return idx, ok
}

// ReadSheet reads the first sheet of data (a workbook of the extension of name) by cols:
// the first row naming cols[0] is the header (a few title rows may stand above it); blank
// rows are skipped and not counted; more than MaxRows data rows or none at all refuse the
// file. A file that is not a workbook, or too large once decompressed, is refused before
// it is read.
func ReadSheet(data []byte, name string, cols []imports.Column) (*Sheet, error) {
	s := &Sheet{Raw: map[int][]string{}}
	var index map[int]string
	above := 0
	err := xlsxread.FirstSheet(data, strings.ToLower(path.Ext(name)), func(line int, cells []string) error {
		if blank(cells) {
			return nil
		}
		if index == nil {
			idx, ok := headerIndex(cols, cells)
			if !ok {
				if above++; above == maxRowsAboveHeader {
					return ErrHeadersMissing
				}
				return nil
			}
			index, s.Header = idx, cells
			return nil
		}
		if len(s.Rows) == MaxRows {
			return ErrTooManyRows
		}
		row := imports.Row{Line: line, Cells: make(map[string]string, len(index))}
		for _, key := range index {
			row.Cells[key] = ""
		}
		for i, c := range cells {
			if key, ok := index[i]; ok {
				row.Cells[key] = c
			}
		}
		s.Rows = append(s.Rows, row)
		s.Raw[line] = cells
		return nil
	})
	switch {
	case errors.Is(err, xlsxread.ErrTooLarge):
		return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
	case errors.Is(err, xlsxread.ErrSmallXLS):
		return nil, fmt.Errorf("%w: %v", ErrSmallXLS, err)
	case errors.Is(err, xlsxread.ErrNotWorkbook):
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	case err != nil:
		return nil, err
	case index == nil && above > 0:
		return nil, ErrHeadersMissing
	case len(s.Rows) == 0:
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

// WriteFailed writes the refused rows as written, one line each, after their row number
// and before their reasons in lang (each naming its column), under the header as written:
// corrected, the workbook imports again (the row and reason columns name no column).
func WriteFailed(w io.Writer, sheetName string, cols []imports.Column, s *Sheet, failed []imports.RowError, lang i18n.Lang) error {
	bilingual := func(key string) xlsx.Column {
		return xlsx.Column{Th: i18n.T(i18n.TH, key), En: i18n.T(i18n.EN, key), Width: 10}
	}
	header := []xlsx.Column{bilingual("imports.line")}
	for _, h := range s.Header {
		header = append(header, xlsx.Column{Th: h})
	}
	reason := bilingual("imports.reason")
	reason.Width = 50
	header = append(header, reason)

	headerOf := map[string]string{}
	for _, c := range cols {
		headerOf[c.Key] = c.Th
		if lang == i18n.EN {
			headerOf[c.Key] = c.En
		}
	}
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
	rows := make([][]any, len(lines))
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
		rows[i] = append(row, strings.Join(reasons[line], "; "))
	}
	if err := xlsx.Write(w, sheetName, header, xlsx.Rows(rows)); err != nil {
		return fmt.Errorf("imports.writeFailed: %w", err)
	}
	return nil
}
