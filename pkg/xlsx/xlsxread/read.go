// Package xlsxread reads the first sheet of an uploaded workbook (.xlsx through excelize, Excel
// 97-2003 .xls through extrame/xls), within limits that refuse a spreadsheet bomb. Only the
// functions that import spreadsheets link it (files, import-worker, users); writing a
// workbook is pkg/xlsx, which links no reader.
package xlsxread

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/extrame/xls"
	"github.com/xuri/excelize/v2"
)

// Limits of a workbook read. An .xlsx is a zip: a file of a few MB can hold parts of many
// GB (a "spreadsheet bomb"), and the reader keeps every part but the sheet in memory. A
// workbook over these limits is refused before it is read.
const (
	MaxUnzipped = 20 << 20 // all the parts of an .xlsx, decompressed
	MaxParts    = 1000     // entries of the .xlsx zip
)

// Why a workbook cannot be read.
var (
	ErrNotWorkbook = errors.New("xlsx: not a workbook")
	ErrTooLarge    = errors.New("xlsx: workbook too large once decompressed")
	// ErrSmallXLS is an .xls whose workbook stream is under 4 KiB: such a stream lives in
	// the OLE2 mini-stream, which the .xls reader cannot read.
	ErrSmallXLS = errors.New("xlsx: .xls workbook stream in the mini-stream")
)

// FirstSheet calls each with the cells of the first sheet's rows, in order, with their
// line (1 for the sheet's first row); an error of each stops the read and is answered. ext
// is the file's extension: ".xls" reads Excel 97-2003, anything else .xlsx. A file that is
// not such a workbook is ErrNotWorkbook; one over the limits, ErrTooLarge.
func FirstSheet(data []byte, ext string, each func(line int, cells []string) error) error {
	if ext == ".xls" {
		return readXLS(data, each)
	}
	if err := checkZip(data); err != nil {
		return err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnzipped, UnzipXMLSizeLimit: MaxUnzipped})
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWorkbook, err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWorkbook, err)
	}
	defer rows.Close()
	for line := 1; rows.Next(); line++ {
		cells, err := rows.Columns()
		if err != nil {
			return fmt.Errorf("%w: %v", ErrNotWorkbook, err)
		}
		if err := each(line, cells); err != nil {
			return err
		}
	}
	if err := rows.Error(); err != nil {
		return fmt.Errorf("%w: %v", ErrNotWorkbook, err)
	}
	return nil
}

// checkZip refuses an archive whose entries are too many or whose parts, as its central
// directory declares them, are too large; then it decompresses every part, counting, since
// the declared sizes can lie (archive/zip also refuses a part longer than declared).
func checkZip(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWorkbook, err)
	}
	if len(zr.File) > MaxParts {
		return fmt.Errorf("%w: %d parts", ErrTooLarge, len(zr.File))
	}
	var declared uint64
	for _, f := range zr.File {
		declared += f.UncompressedSize64
		if f.UncompressedSize64 > MaxUnzipped || declared > MaxUnzipped {
			return fmt.Errorf("%w: %s declares %d bytes", ErrTooLarge, f.Name, f.UncompressedSize64)
		}
	}
	var read int64
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrNotWorkbook, f.Name, err)
		}
		n, err := io.Copy(io.Discard, io.LimitReader(rc, MaxUnzipped-read+1))
		_ = rc.Close()
		if read += n; read > MaxUnzipped {
			return fmt.Errorf("%w: %s decompresses past the limit", ErrTooLarge, f.Name)
		}
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrNotWorkbook, f.Name, err)
		}
	}
	return nil
}

// readXLS reads the first sheet of an Excel 97-2003 workbook, after checkOLE.
func readXLS(data []byte, each func(line int, cells []string) error) (err error) {
	if err := checkOLE(data); err != nil {
		return err
	}
	var rows [][]string
	// The .xls reader panics on some malformed files: a broken file is a refused file.
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%w: %v", ErrNotWorkbook, p)
			}
		}()
		wb, oerr := xls.OpenReader(bytes.NewReader(data), "utf-8")
		if oerr != nil || wb == nil || wb.NumSheets() == 0 {
			err = fmt.Errorf("%w: %v", ErrNotWorkbook, oerr)
			return
		}
		sh := wb.GetSheet(0)
		if sh == nil {
			err = ErrNotWorkbook
			return
		}
		if sh.MaxRow == 0 {
			return // a header at most: no data rows
		}
		// ReadAllCells reads sheet after sheet until it has n rows: asking for the first
		// sheet's rows reads that sheet alone.
		rows = wb.ReadAllCells(int(sh.MaxRow) + 1)
	}()
	if err != nil {
		return err
	}
	for i, cells := range rows {
		if err := each(i+1, cells); err != nil {
			return err
		}
	}
	return nil
}
