package mealcard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
	"rsc.io/qr/coding"
)

// qrMatrix is the QR code of s (error correction M) as rows of dark modules, without the
// quiet zone. rsc.io/qr encodes with one fixed mask rather than scoring all eight: any mask
// reads, and scoring was most of the time of a card (boombuler/barcode takes 2 ms a code).
func qrMatrix(s string) ([][]bool, error) { return qrPlans{}.matrix(s) }

// qrPlans are rsc.io/qr's plans (a version's module roles, at level M and mask 0) by version.
// qr.Encode builds the plan of its version again for every code, about a tenth of a code's
// time; a document's codes share a few versions, so its drawer keeps them (issue 28).
type qrPlans map[coding.Version]*coding.Plan

// matrix is qrMatrix with the plans kept in ps. It encodes as qr.Encode does (the smallest
// of numeric, alphanumeric and byte data, then the smallest version that holds it, mask 0):
// TestQRPlansEncodeAsLibrary compares the two.
func (ps qrPlans) matrix(s string) ([][]bool, error) {
	var enc coding.Encoding
	switch {
	case coding.Num(s).Check() == nil:
		enc = coding.Num(s)
	case coding.Alpha(s).Check() == nil:
		enc = coding.Alpha(s)
	default:
		enc = coding.String(s)
	}
	v := coding.Version(coding.MinVersion)
	for ; enc.Bits(v) > v.DataBytes(coding.M)*8; v++ {
		if v == coding.MaxVersion {
			return nil, errors.New("mealcard: text too long to encode as QR")
		}
	}
	p, ok := ps[v]
	if !ok {
		var err error
		if p, err = coding.NewPlan(v, coding.M, 0); err != nil {
			return nil, fmt.Errorf("mealcard: qr plan: %w", err)
		}
		ps[v] = p
	}
	code, err := p.Encode(enc)
	if err != nil {
		return nil, fmt.Errorf("mealcard: qr: %w", err)
	}
	m := rows(code.Size)
	for y := range m {
		for x := range m[y] {
			m[y][x] = code.Black(x, y)
		}
	}
	return m, nil
}

// qrQuiet is the white margin (in modules) kept inside the QR's square: the rest of the
// card's white around it makes up the standard's four.
const qrQuiet = 2

// Badge frames a QR code and captions it under the frame (the tray's code: "สแกนถาด" /
// "Scan tray"): the caption's lines, in bold, their size in points and line height in mm.
type Badge struct {
	Lines  []string
	Pt, LH float64
}

// badgeQuiet is a framed code's margin in modules: a one-module frame at the square's edge,
// then white, so that the frame keeps qrQuiet modules and more away from the code.
const badgeQuiet = qrQuiet + 2

// qrDrawer draws QR codes as filled rectangles. The modules codes of a size share (the finder
// and timing patterns, splitFixed) are drawn once per document, as a form
// (fpdf's template, an XObject) each card's code places under its own matrix: about a quarter of
// a code's rectangles, which an 80 mm label, its own page and stream, paid again every card.
// A badge (its frame and caption) is drawn in the same form: it costs a card nothing.
type qrDrawer struct {
	fixed map[string]fpdf.Template // by the shared modules (splitFixed), the size and the badge
	plans qrPlans
}

func newQRDrawer() *qrDrawer { return &qrDrawer{fixed: map[string]fpdf.Template{}, plans: qrPlans{}} }

// draw draws the QR code of token in the size × size square at (x, y), framed and captioned
// under it when badge is not nil: the shared patterns' form, then the rest as rectangles, one
// per horizontal run of dark modules grown down over identical runs, in one path written in
// module units under a transformation matrix, so each run costs a few bytes of the page.
func (q *qrDrawer) draw(f *fpdf.Fpdf, token string, x, y, size float64, badge *Badge) {
	m, err := q.plans.matrix(token)
	if err != nil {
		f.SetError(err)
		return
	}
	n := len(m)
	quiet := qrQuiet
	if badge != nil {
		quiet = badgeQuiet
	}
	side := n + 2*quiet           // the square, in modules
	modMM := size / float64(side) // a module, in mm
	capH := 0.0                   // the caption under the square, in modules
	fixed, rest := splitFixed(m)
	var id strings.Builder
	for _, row := range fixed {
		for _, dark := range row {
			if dark {
				id.WriteByte('1')
			} else {
				id.WriteByte('0')
			}
		}
		id.WriteByte('/')
	}
	if badge != nil {
		capH = (0.3 + float64(len(badge.Lines))*badge.LH) / modMM
		fmt.Fprintf(&id, "%s|%g|%g|%g", strings.Join(badge.Lines, "\n"), badge.Pt, badge.LH, size)
	}
	tpl, ok := q.fixed[id.String()]
	if !ok {
		tpl = f.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: float64(side), Ht: float64(side) + capH}, func(t *fpdf.Tpl) {
			t.SetFillColor(0, 0, 0)
			for _, r := range qrRects(fixed) {
				t.Rect(float64(r.x+quiet), float64(r.y+quiet), float64(r.w), float64(r.h), "F")
			}
			if badge == nil {
				return
			}
			e := float64(side)
			t.Rect(0, 0, e, 1, "F")
			t.Rect(0, e-1, e, 1, "F")
			t.Rect(0, 1, 1, e-2, "F")
			t.Rect(e-1, 1, 1, e-2, "F")
			t.SetTextColor(0, 0, 0)
			t.SetFont(family, "B", badge.Pt/modMM)
			ty := e + 0.3/modMM
			for _, line := range badge.Lines {
				t.Text((e-t.GetStringWidth(line))/2, ty+badge.Pt*mmPerPt*1.1/modMM, shapeThai(line))
				ty += badge.LH / modMM
			}
		})
		q.fixed[id.String()] = tpl
	}
	f.UseTemplateScaled(tpl, fpdf.PointType{X: x, Y: y}, fpdf.SizeType{Wd: size, Ht: size + capH*modMM})

	k := f.GetConversionRatio()
	_, pageH := f.GetPageSize()
	mod := modMM * k // points per module
	ox := x*k + float64(quiet)*mod
	oy := (pageH-y)*k - float64(quiet)*mod

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
	for _, r := range qrRects(rest) {
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

// splitFixed splits a code's dark modules into those of the patterns codes of its size share
// (the finder patterns in three corners, the timing lines of row and column 6, the alignment
// pattern of the corner opposite the first finder, the format information beside the finders
// — the same for every code with rsc.io/qr's one mask and level M — and the dark module) and
// the rest. The forms are kept by the shared part's modules, so a code whose part differs has a
// form of its own: never a wrong module.
func splitFixed(m [][]bool) (fixed, rest [][]bool) {
	n := len(m)
	isFixed := func(x, y int) bool {
		box := func(x0, y0, w, h int) bool { return x >= x0 && x < x0+w && y >= y0 && y < y0+h }
		return box(0, 0, 9, 9) || box(n-8, 0, 8, 9) || box(0, n-8, 9, 8) || // finders, separators, format information
			(y == 6 && x >= 8 && x < n-8) || (x == 6 && y >= 8 && y < n-8) || // timing
			(n >= 25 && box(n-9, n-9, 5, 5)) // the alignment pattern every version from 2 has
	}
	fixed, rest = rows(n), rows(n)
	for y := range m {
		for x := range m[y] {
			if isFixed(x, y) {
				fixed[y][x] = m[y][x]
			} else {
				rest[y][x] = m[y][x]
			}
		}
	}
	return fixed, rest
}

// rows answers an n × n matrix of light modules, its rows cut from one slice (one allocation
// for a code, not one per row).
func rows(n int) [][]bool {
	cells := make([]bool, n*n)
	m := make([][]bool, n)
	for y := range m {
		m[y] = cells[y*n : (y+1)*n : (y+1)*n]
	}
	return m
}

type rect struct{ x, y, w, h int }

// qrRects covers the dark modules of m with rectangles: each horizontal run of a row, grown
// down over the rows below that have the same run (the finder patterns' sides, columns of the
// timing pattern), so a code takes about a fifth fewer rectangles than one per run.
func qrRects(m [][]bool) []rect {
	done := make([]rect, 0, len(m)*len(m)/5) // about what a code takes: grown once at most
	// The runs of the row above, by the column they start at (a row's runs never share one):
	// the index in done of the rectangle each extends, and its width (0: no run starts there).
	// Two slices swapped from row to row, not a map per row (a fifth of a label's QR time).
	type run struct{ w, i int }
	open, next := make([]run, len(m)), make([]run, len(m))
	for y, row := range m {
		clear(next)
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			if o := open[start]; o.w == x-start {
				done[o.i].h++
				next[start] = o
				continue
			}
			next[start] = run{w: x - start, i: len(done)}
			done = append(done, rect{start, y, x - start, 1})
		}
		open, next = next, open
	}
	return done
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
