package xlsx

import (
	"bytes"
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
