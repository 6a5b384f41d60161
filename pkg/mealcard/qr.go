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
	for _, r := range qrRects(m) {
		b.WriteString(strconv.Itoa(r.x))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(r.y))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(r.w))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(r.h))
		b.WriteString(" re\n")
	}
	b.WriteString("f Q\n")
	f.RawWriteStr(b.String())
}

type rect struct{ x, y, w, h int }

// qrRects covers the dark modules of m with rectangles: each horizontal run of a row, grown
// down over the rows below that have the same run (the finder patterns' sides, columns of the
// timing pattern), so a code takes about a fifth fewer rectangles than one per run.
func qrRects(m [][]bool) []rect {
	var done []rect
	open := map[[2]int]int{} // (x, w) of a run → index in done of the rectangle it extends
	for y, row := range m {
		next := make(map[[2]int]int, len(open))
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			key := [2]int{start, x - start}
			if i, ok := open[key]; ok {
				done[i].h++
				next[key] = i
				continue
			}
			next[key] = len(done)
			done = append(done, rect{start, y, x - start, 1})
		}
		open = next
	}
	return done
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
