package xlsx

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestWriteReadsBack(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	cols := []Column{{Th: "รหัสพนักงาน", En: "Employee code"}, {Th: "อีเมล", En: "E-mail"}, {Th: "Note", En: "Note"}}
	err := Write(&buf, "ผู้ใช้", cols, Rows([][]any{{"D0001", "a@b.c", "ไทย"}, {"D0002", "d@e.f", 12}}))
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("ผู้ใช้")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][0] != "รหัสพนักงาน / Employee code" || rows[0][2] != "Note" || rows[1][2] != "ไทย" || rows[2][2] != "12" {
		t.Fatalf("rows: %q", rows)
	}
}

// A text that begins with =, +, -, @ (or a tab or carriage return) is written as text in a
// text-formatted, quote-prefixed cell: no formula, the value read back unchanged.
func TestWriteFormulaLikeTextIsText(t *testing.T) {
	t.Parallel()
	evil := []string{"=1+1", "+SUM(1,2)", "-2+3", "@SUM(A1:A2)", "=HYPERLINK(\"http://x\",\"y\")", "\t=1", "\r=1"}
	row := []any{}
	for _, s := range evil {
		row = append(row, s)
	}
	row = append(row, "plain", 12, "a=b")
	var buf bytes.Buffer
	if err := Write(&buf, "S", []Column{{Th: "=th", En: "en"}}, Rows([][]any{row})); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range append([]string{"=th / en"}, evil...) {
		cell, _ := excelize.CoordinatesToCellName(i, 2)
		if i == 0 {
			cell = "A1"
		}
		formula, err := f.GetCellFormula("S", cell)
		if err != nil || formula != "" {
			t.Errorf("%s: formula %q (%v)", cell, formula, err)
		}
		got, _ := f.GetCellValue("S", cell, excelize.Options{RawCellValue: true})
		if got != want {
			t.Errorf("%s: %q, want %q", cell, got, want)
		}
		typ, _ := f.GetCellType("S", cell)
		if typ != excelize.CellTypeInlineString {
			t.Errorf("%s: type %v, want an inline string", cell, typ)
		}
		style, _ := f.GetCellStyle("S", cell)
		if xf := f.Styles.CellXfs.Xf[style]; xf.QuotePrefix == nil || !*xf.QuotePrefix || xf.NumFmtID == nil || *xf.NumFmtID != 49 {
			t.Errorf("%s: style %d is not quote-prefixed text", cell, style)
		}
	}
	// plain cells keep the default style
	for _, cell := range []string{"H2", "I2", "J2"} {
		if style, _ := f.GetCellStyle("S", cell); style != 0 {
			t.Errorf("%s: style %d, want the default", cell, style)
		}
	}
	if !bytes.Contains(unzip(t, buf.Bytes(), "xl/styles.xml"), []byte(`quotePrefix="true"`)) {
		t.Error("styles.xml has no quotePrefix")
	}
}

func unzip(t *testing.T, b []byte, name string) []byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := z.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
