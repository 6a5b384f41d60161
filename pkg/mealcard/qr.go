package mealcard

import (
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
	"rsc.io/qr"
)

// qrMatrix is the QR code of s (error correction M) as rows of dark modules, without the
// quiet zone. rsc.io/qr encodes with one fixed mask rather than scoring all eight: any mask
// reads, and scoring was most of the time of a card (boombuler/barcode takes 2 ms a code).
func qrMatrix(s string) ([][]bool, error) {
	code, err := qr.Encode(s, qr.M)
	if err != nil {
		return nil, err
	}
	m := make([][]bool, code.Size)
	for y := range m {
		m[y] = make([]bool, code.Size)
		for x := range m[y] {
			m[y][x] = code.Black(x, y)
		}
	}
	return m, nil
}

// qrQuiet is the white margin (in modules) kept inside the QR's square: the rest of the
// card's white around it makes up the standard's four.
const qrQuiet = 2

// drawQR draws the QR code of token in the size × size square at (x, y) as filled
// rectangles, one per horizontal run of dark modules, in one path. The path is written in
// module units under a transformation matrix, so each run costs a few bytes of the page.
func drawQR(f *fpdf.Fpdf, token string, x, y, size float64) {
	m, err := qrMatrix(token)
	if err != nil {
		f.SetError(err)
		return
	}
	n := len(m)
	k := f.GetConversionRatio()
	_, pageH := f.GetPageSize()
	mod := size / float64(n+2*qrQuiet) * k // points per module
	ox := (x)*k + qrQuiet*mod
	oy := (pageH-y)*k - qrQuiet*mod

	var b strings.Builder
	b.Grow(n * n)
	b.WriteString("q 0 g ")
	b.WriteString(num(mod))
	b.WriteString(" 0 0 ")
	b.WriteString(num(-mod))
	b.WriteByte(' ')
	b.WriteString(num(ox))
	b.WriteByte(' ')
	b.WriteString(num(oy))
	b.WriteString(" cm\n")
	for r, row := range m {
		for c := 0; c < n; {
			if !row[c] {
				c++
				continue
			}
			start := c
			for c < n && row[c] {
				c++
			}
			b.WriteString(strconv.Itoa(start))
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(r))
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(c - start))
			b.WriteString(" 1 re\n")
		}
	}
	b.WriteString("f Q\n")
	f.RawWriteStr(b.String())
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
