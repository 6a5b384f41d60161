// Package xlsx writes the spreadsheets Samrap hands out: one sheet (or a few), a header row with Thai
// and English names, then the rows, streamed into the zip as they come so that memory stays
// flat however many rows there are. A text that a spreadsheet would read as a formula (it
// begins with =, +, -, @, a tab or a carriage return) is written as text: an inline string
// in a text-formatted cell marked quotePrefix, so that neither opening the file nor editing
// the cell evaluates it (formula injection).
//
// It is a writer of its own over archive/zip: the functions that only write workbooks
// (reports, logs, surveys, performance, nutrition, users) link no workbook reader (excelize
// and what it brings were about 1.9 MiB of each gzipped bootstrap and ~5,500 allocations of
// package init; issue 28, docs/benchmarks.md). Reading is pkg/xlsx/xlsxread, for the
// functions that import.
package xlsx

import (
	"archive/zip"
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"samrap/pkg/i18n"
)

// ContentType is the media type of an .xlsx file.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Limits of what a spreadsheet holds (Excel's own).
const (
	MaxCellChars = 32767 // UTF-16 units in a cell; a longer text is cut
	MaxSheetName = 31    // UTF-16 units in a sheet name
	MaxWidth     = 255   // a column's width, in characters
)

// Column is a column of a sheet.
type Column struct {
	Th, En string
	Width  float64 // 0 means 20
}

// Header is the column's header cell: "ไทย / English".
func (c Column) Header() string { return i18n.Bilingual(c.Th, c.En) }

// Write writes a workbook of one sheet named sheet to w: the headers of cols, then each row
// next gives until it answers false. A cell is a string, a bool, an integer or a float
// (a number cell), nil (an empty cell) or anything else, written as fmt.Sprint writes it.
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
	if len(sheets) == 0 {
		return errors.New("xlsx: a workbook needs a sheet")
	}
	seen := map[string]bool{}
	for _, sh := range sheets {
		if err := checkSheetName(sh.Name); err != nil {
			return err
		}
		if k := strings.ToLower(sh.Name); seen[k] {
			return fmt.Errorf("xlsx: sheet name %q twice", sh.Name)
		} else {
			seen[k] = true
		}
		for _, c := range sh.Columns {
			if c.Width < 0 || c.Width > MaxWidth {
				return fmt.Errorf("xlsx: column %q: width %g is not within 0-%d", c.Header(), c.Width, MaxWidth)
			}
		}
	}
	z := zip.NewWriter(w)
	if err := writeParts(z, sheets); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	for i, sh := range sheets {
		part, err := z.Create("xl/worksheets/sheet" + strconv.Itoa(i+1) + ".xml")
		if err != nil {
			return fmt.Errorf("xlsx: %w", err)
		}
		if err := writeSheet(part, sh, i == 0); err != nil {
			return fmt.Errorf("xlsx: sheet %q: %w", sh.Name, err)
		}
	}
	if err := z.Close(); err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	return nil
}

// checkSheetName refuses what Excel refuses: an empty name, one over 31 characters, one
// with any of : \ / ? * [ ], or one beginning or ending with an apostrophe.
func checkSheetName(name string) error {
	switch {
	case name == "":
		return errors.New("xlsx: a sheet needs a name")
	case len(utf16.Encode([]rune(name))) > MaxSheetName:
		return fmt.Errorf("xlsx: sheet name %q is over %d characters", name, MaxSheetName)
	case strings.ContainsAny(name, `:\/?*[]`), name[0] == '\'', name[len(name)-1] == '\'', !utf8.ValidString(name):
		return fmt.Errorf("xlsx: sheet name %q is not one Excel takes", name)
	}
	return nil
}

// The package's parts other than the sheets. Style 1 is the guarded text's: number format
// 49 ("@", text) and quotePrefix.
const (
	xmlHeader    = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
	nsMain       = `http://schemas.openxmlformats.org/spreadsheetml/2006/main`
	nsRel        = `http://schemas.openxmlformats.org/officeDocument/2006/relationships`
	nsPkgRel     = `http://schemas.openxmlformats.org/package/2006/relationships`
	rootRels     = xmlHeader + `<Relationships xmlns="` + nsPkgRel + `"><Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	stylesPart   = xmlHeader + `<styleSheet xmlns="` + nsMain + `"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="true"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
	textStyle    = 1
	sheetContent = `application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml`
)

// writeParts writes the content types, the relationships, the workbook (its sheets' names)
// and the styles.
func writeParts(z *zip.Writer, sheets []Sheet) error {
	var types, book, rels strings.Builder
	types.WriteString(xmlHeader + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`)
	book.WriteString(xmlHeader + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><bookViews><workbookView/></bookViews><sheets>`)
	rels.WriteString(xmlHeader + `<Relationships xmlns="` + nsPkgRel + `">`)
	for i, sh := range sheets {
		n := strconv.Itoa(i + 1)
		types.WriteString(`<Override PartName="/xl/worksheets/sheet` + n + `.xml" ContentType="` + sheetContent + `"/>`)
		book.WriteString(`<sheet name="`)
		escape(&book, sh.Name, true)
		book.WriteString(`" sheetId="` + n + `" r:id="rId` + n + `"/>`)
		rels.WriteString(`<Relationship Id="rId` + n + `" Type="` + nsRel + `/worksheet" Target="worksheets/sheet` + n + `.xml"/>`)
	}
	types.WriteString(`</Types>`)
	book.WriteString(`</sheets></workbook>`)
	rels.WriteString(`<Relationship Id="rId` + strconv.Itoa(len(sheets)+1) + `" Type="` + nsRel + `/styles" Target="styles.xml"/></Relationships>`)
	for _, p := range []struct{ name, body string }{
		{"[Content_Types].xml", types.String()},
		{"_rels/.rels", rootRels},
		{"xl/workbook.xml", book.String()},
		{"xl/_rels/workbook.xml.rels", rels.String()},
		{"xl/styles.xml", stylesPart},
	} {
		f, err := z.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, p.body); err != nil {
			return err
		}
	}
	return nil
}

// writeSheet streams one worksheet: the column widths, the header row, then the rows.
func writeSheet(part io.Writer, sh Sheet, selected bool) error {
	b := bufio.NewWriterSize(part, 32<<10)
	b.WriteString(xmlHeader + `<worksheet xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><sheetViews><sheetView`)
	if selected {
		b.WriteString(` tabSelected="1"`)
	}
	b.WriteString(` workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>`)
	if len(sh.Columns) > 0 {
		b.WriteString(`<cols>`)
		for i, c := range sh.Columns {
			width := c.Width
			if width == 0 {
				width = 20
			}
			n := strconv.Itoa(i + 1)
			b.WriteString(`<col min="` + n + `" max="` + n + `" width="` + strconv.FormatFloat(width, 'f', -1, 64) + `" customWidth="1"/>`)
		}
		b.WriteString(`</cols>`)
	}
	b.WriteString(`<sheetData>`)
	header := make([]any, len(sh.Columns))
	for i, c := range sh.Columns {
		header[i] = c.Header()
	}
	row := header
	for r := 1; ; r++ {
		if r > 1 {
			var ok bool
			if row, ok = sh.Next(); !ok {
				break
			}
		}
		if err := writeRow(b, r, row); err != nil {
			return err
		}
	}
	b.WriteString(`</sheetData></worksheet>`)
	return b.Flush()
}

// writeRow writes row r (1-based) of cells.
func writeRow(b *bufio.Writer, r int, cells []any) error {
	rn := strconv.Itoa(r)
	b.WriteString(`<row r="` + rn + `">`)
	var num [32]byte
	for i, v := range cells {
		if v == nil {
			continue
		}
		b.WriteString(`<c r="`)
		b.WriteString(columnName(i + 1))
		b.WriteString(rn)
		b.WriteByte('"')
		switch v := v.(type) {
		case string:
			text(b, v)
		case []byte:
			text(b, string(v))
		case bool:
			if v {
				b.WriteString(` t="b"><v>1</v></c>`)
			} else {
				b.WriteString(` t="b"><v>0</v></c>`)
			}
		case int, int8, int16, int32, int64:
			number(b, strconv.AppendInt(num[:0], reflect.ValueOf(v).Int(), 10))
		case uint, uint8, uint16, uint32, uint64:
			number(b, strconv.AppendUint(num[:0], reflect.ValueOf(v).Uint(), 10))
		case float32:
			float(b, float64(v), 32)
		case float64:
			float(b, v, 64)
		default:
			text(b, fmt.Sprint(v))
		}
	}
	_, err := b.WriteString(`</row>`)
	return err
}

func number(b *bufio.Writer, digits []byte) {
	b.WriteString(`><v>`)
	b.Write(digits)
	b.WriteString(`</v></c>`)
}

// float writes a number cell, or the text of a NaN or an infinity (no number cell holds one).
func float(b *bufio.Writer, v float64, bits int) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		text(b, strconv.FormatFloat(v, 'g', -1, bits))
		return
	}
	var num [32]byte
	number(b, strconv.AppendFloat(num[:0], v, 'f', -1, bits))
}

// text writes an inline string cell (after the reference): one a spreadsheet would read as
// a formula in the guarded text style.
func text(b *bufio.Writer, s string) {
	if IsFormulaLike(s) {
		b.WriteString(` s="` + strconv.Itoa(textStyle) + `"`)
	}
	s = cut(s)
	b.WriteString(` t="inlineStr"><is><t`)
	if s != "" && (isSpace(s[0]) || isSpace(s[len(s)-1])) {
		b.WriteString(` xml:space="preserve"`)
	}
	b.WriteByte('>')
	escape(b, s, false)
	b.WriteString(`</t></is></c>`)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// cut shortens s to the MaxCellChars UTF-16 units a cell holds.
func cut(s string) string {
	if len(s) <= MaxCellChars {
		return s // a UTF-16 unit takes at least a byte
	}
	units := 0
	for i, r := range s {
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > MaxCellChars {
			return s[:i]
		}
		units += n
	}
	return s
}

// escape writes s as XML character data (or an attribute value): the markup characters as
// entities, a carriage return as &#xD; (a reader would read it as a line feed), and what
// XML 1.0 cannot hold (control characters, invalid UTF-8, U+FFFE, U+FFFF) as U+FFFD. A
// literal _xHHHH_, which a spreadsheet reads as the character HHHH, has its underscore
// written _x005F_ so that it reads back as written.
func escape(w io.StringWriter, s string, attr bool) {
	last := 0
	flush := func(i int, with string) {
		w.WriteString(s[last:i])
		w.WriteString(with)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var with string
		switch {
		case r == '&':
			with = "&amp;"
		case r == '<':
			with = "&lt;"
		case r == '>':
			with = "&gt;"
		case r == '"' && attr:
			with = "&quot;"
		case r == '\r':
			with = "&#xD;"
		case (r == '\n' || r == '\t') && attr:
			with = "&#x" + strconv.FormatInt(int64(r), 16) + ";"
		case r == '_' && escapedChar(s[i:]):
			with = "_x005F_"
		case r == utf8.RuneError && size == 1, r < 0x20 && r != '\t' && r != '\n', r == 0xFFFE, r == 0xFFFF:
			with = "\uFFFD"
		default:
			i += size
			continue
		}
		flush(i, with)
		i += size
		last = i
	}
	w.WriteString(s[last:])
}

// escapedChar says whether s begins with _xHHHH_ (four hexadecimal digits).
func escapedChar(s string) bool {
	if len(s) < 7 || s[1] != 'x' || s[6] != '_' {
		return false
	}
	for _, c := range []byte(s[2:6]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// columnName is the letters of column n (1 is A, 27 is AA).
func columnName(n int) string {
	var b [8]byte
	i := len(b)
	for n > 0 {
		n--
		i--
		b[i] = byte('A' + n%26)
		n /= 26
	}
	return string(b[i:])
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
