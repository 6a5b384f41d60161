// Package mealcard renders tray cards (meal cards) to PDF: one card per tray, in the patient's
// language, with the order's QR code drawn as vector rectangles. It knows nothing of orders
// or the database: the caller fills Card values. Layouts: A4 sheets of six cards with cut
// lines, or one card per page 80 mm wide for label and thermal printers. The Thai font (TLWG
// Loma) is embedded as a subset; Thai marks are placed by a small shaping pass (thai.go).
// docs/meal-cards.md says how it looks and how to check it.
package mealcard

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"

	"samrap/pkg/day"
	"samrap/pkg/i18n"
)

//go:embed fonts/Loma.ttf
var fontRegular []byte

//go:embed fonts/Loma-Bold.ttf
var fontBold []byte

const family = "Loma"

// Lang is the language a card is written in (SPEC.md §9, LPT01).
type Lang string

// The card languages.
const (
	TH   Lang = "TH"
	EN   Lang = "EN"
	Both Lang = "BOTH"
)

// LangOf is the card language of a patient's LANG_PREF_TYPE code (SPEC.md §9): ALL is both
// languages, TH Thai, anything else (EN, ZH, JA, …, or none) English.
func LangOf(code string) Lang {
	switch strings.ToUpper(strings.TrimSpace(code)) {
	case "ALL", "BOTH":
		return Both
	case "TH":
		return TH
	}
	return EN
}

// Layout is how cards are put on pages.
type Layout string

// The layouts.
const (
	// A4 puts four A6 cards (2 × 2, 105 × 148.5 mm each) on a portrait A4 sheet with dashed
	// cut lines.
	A4 Layout = "A4"
	// Label80 puts one card on a page 80 mm wide, as tall as the card needs (at least 60 mm),
	// for label and thermal printers.
	Label80 Layout = "LABEL80"
)

// Name is a thing's name in Thai and in English; either may be empty.
type Name struct {
	Th, En string
}

// IDDSI is a texture level of the International Dysphagia Diet Standardisation Initiative:
// foods 3–7, drinks 0–4.
type IDDSI struct {
	Drink bool
	Level int
}

// Card is what one tray card shows.
type Card struct {
	Lang Lang

	PatientName Name
	HN          string
	Ward        Name
	Bed         string // the bed's code ("W01-01"), without a label: the card writes "เตียง"/"Bed" before it
	Caregiver   bool   // the tray is for the patient's caregiver

	MealType      Name
	MealAbbr      string // two letters
	MealColor     string // '#RRGGBB', the meal type's colour band
	MealTextColor string // '#RRGGBB' on the band; empty: black or white by luminance (SPEC.md §9)
	Date          time.Time

	Dishes      []Name
	Diet        Name   // food (diet) type
	Therapeutic []Name // therapeutic (disease) foods
	IDDSI       []IDDSI

	Allergies         []Name   // allergens and restricted ingredients
	UnmappedAllergies []string // the hospital's allergy text that matched no allergen

	SpecialRequest string
	Remark         string

	QRToken string // the order's signed token (docs/orders.md); empty: no QR

	// SurveyURL is the tray's patient satisfaction link (docs/surveys.md), printed as a
	// second, smaller QR code at the card's foot, bottom left, captioned for the patient;
	// empty: none.
	SurveyURL string

	// Nutrients is what the tray gives, printed under the diet when the branch's meal card
	// setting asks for it (docs/meal-cards.md "Nutrients on the card"); nil: not printed.
	Nutrients *Nutrients
}

// Nutrients is what a tray gives, in base units: energy in kcal, protein and carbohydrate in
// g (docs/nutrition.md). A nutrient none of the tray's dishes states is nil, printed "–".
type Nutrients struct {
	Energy, Protein, Carbohydrate *float64
}

// Render writes cards as one PDF to w.
func Render(w io.Writer, cards []Card, layout Layout) error {
	return render(w, cards, layout, newQRDrawer().draw)
}

// qrFunc draws a token's QR code in the size × size square at (x, y), framed and captioned
// under it when badge is not nil. The benchmark swaps in a PNG per card to compare.
type qrFunc func(f *fpdf.Fpdf, token string, x, y, size float64, badge *Badge)

func render(w io.Writer, cards []Card, layout Layout, qr qrFunc) error {
	if len(cards) == 0 {
		return errors.New("mealcard: no cards")
	}
	var f *fpdf.Fpdf
	switch layout {
	case A4:
		f = newDoc(fpdf.SizeType{Wd: 210, Ht: 297})
	case Label80:
		f = newDoc(fpdf.SizeType{Wd: labelWidth, Ht: labelMinHeight})
	default:
		return fmt.Errorf("mealcard: unknown layout %q", layout)
	}
	clean := make([]Card, len(cards))
	for i := range cards {
		if err := cards[i].check(); err != nil {
			return fmt.Errorf("mealcard: card %d: %w", i+1, err)
		}
		clean[i] = cards[i].clean()
	}
	cards = clean
	if layout == A4 {
		renderA4(f, cards, qr)
	} else {
		renderLabels(f, cards, qr)
	}
	if err := f.Error(); err != nil {
		return fmt.Errorf("mealcard: %w", err)
	}
	var raw bytes.Buffer
	if err := f.Output(&raw); err != nil {
		return fmt.Errorf("mealcard: %w", err)
	}
	out, err := pack(raw.Bytes())
	if err != nil {
		return err
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("mealcard: %w", err)
	}
	return nil
}

func (c *Card) check() error {
	switch c.Lang {
	case TH, EN, Both:
	default:
		return fmt.Errorf("unknown language %q", c.Lang)
	}
	for _, l := range c.IDDSI {
		lo, hi := 3, 7
		if l.Drink {
			lo, hi = 0, 4
		}
		if l.Level < lo || l.Level > hi {
			return fmt.Errorf("IDDSI level %d out of range", l.Level)
		}
	}
	if c.MealColor != "" {
		if _, ok := parseHex(c.MealColor); !ok {
			return fmt.Errorf("meal colour %q is not #RRGGBB", c.MealColor)
		}
	}
	if c.MealTextColor != "" {
		if _, ok := parseHex(c.MealTextColor); !ok {
			return fmt.Errorf("meal text colour %q is not #RRGGBB", c.MealTextColor)
		}
	}
	return nil
}

func newDoc(size fpdf.SizeType) *fpdf.Fpdf {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: size})
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.SetCompression(false) // pack compresses (pack.go)
	f.SetCreator("Samrap", false)
	f.SetTitle("Meal cards", false)
	f.AddUTF8FontFromBytes(family, "", fontRegular)
	f.AddUTF8FontFromBytes(family, "B", fontBold)
	return f
}

// The A4 grid and the label's size, in millimetres.
const (
	a4Cols, a4Rows = 2, 2
	a4CardW        = 105.0
	a4CardH        = 148.5
	a4Pad          = 5.0
	a4Scale        = 1.15

	labelWidth     = 80.0
	labelMinHeight = 60.0
	labelPad       = 4.0 // 72 mm printed: the width an 80 mm thermal printer prints
)

// CardsPerPage is how many cards a page of the layout holds.
func CardsPerPage(l Layout) int {
	if l == A4 {
		return a4Cols * a4Rows
	}
	return 1
}

func renderA4(f *fpdf.Fpdf, cards []Card, qr qrFunc) {
	per := a4Cols * a4Rows
	for i := range cards {
		slot := i % per
		if slot == 0 {
			f.AddPage()
			cutLines(f)
		}
		x := float64(slot%a4Cols) * a4CardW
		y := float64(slot/a4Cols) * a4CardH
		b := box{x: x + a4Pad, y: y + a4Pad, w: a4CardW - 2*a4Pad, bottom: y + a4CardH - a4Pad}
		drawCard(f, &cards[i], b, true, a4Scale, 30, qr)
	}
}

// cutLines draws the dashed lines between the cards of an A4 sheet.
func cutLines(f *fpdf.Fpdf) {
	f.SetDrawColor(150, 150, 150)
	f.SetLineWidth(0.2)
	f.SetDashPattern([]float64{2, 1.5}, 0)
	for c := 1; c < a4Cols; c++ {
		f.Line(float64(c)*a4CardW, 0, float64(c)*a4CardW, a4Rows*a4CardH)
	}
	for r := 1; r < a4Rows; r++ {
		f.Line(0, float64(r)*a4CardH, a4Cols*a4CardW, float64(r)*a4CardH)
	}
	f.SetDashPattern(nil, 0)
}

func renderLabels(f *fpdf.Fpdf, cards []Card, qr qrFunc) {
	// Cards are measured on a document of their own that has no page: fpdf writes every font
	// change to the current page, so measuring on f wrote a card's font changes into the
	// previous card's page (about a fifth of a label's bytes).
	ruler := newDoc(fpdf.SizeType{Wd: labelWidth, Ht: labelMinHeight})
	for i := range cards {
		c := &cards[i]
		b := box{x: labelPad, y: labelPad, w: labelWidth - 2*labelPad, bottom: 1e6}
		h := drawCard(ruler, c, b, false, 1, 22, qr) + 2*labelPad // measure first: the page is as tall as the card
		if h < labelMinHeight {
			h = labelMinHeight
		}
		f.AddPageFormat("P", fpdf.SizeType{Wd: labelWidth, Ht: h})
		b.bottom = h - labelPad
		drawCard(f, c, b, true, 1, 22, qr)
	}
}

// box is where a card's content goes: left edge, top, width, and the line it must stop at.
type box struct {
	x, y, w, bottom float64
}

// Text sizes (points) and the line height they take (millimetres).
const (
	ptHeader  = 9.0
	ptAbbr    = 15.0
	ptName    = 12.5
	ptBody    = 8.5
	ptSmall   = 7.0
	ptChip    = 7.5
	ptAllergy = 9.5
	mmPerPt   = 25.4 / 72
)

// pen draws (or, with draw false, only measures) a card's content from top to bottom.
type pen struct {
	f     *fpdf.Fpdf
	c     *Card
	draw  bool
	scale float64 // of every text size: the A6 cards of an A4 sheet write larger than a label
	y     float64
	max   float64 // y never passes it when drawing: what does not fit ends with an ellipsis
}

// drawCard lays one card out in b and answers the height it used.
func drawCard(f *fpdf.Fpdf, c *Card, b box, draw bool, scale, qrSize float64, qr qrFunc) float64 {
	p := &pen{f: f, c: c, draw: draw, scale: scale, y: b.y, max: b.bottom}
	p.header(b.x, b.w)

	// Beside the tray's QR code (framed and captioned: the one staff scan): who the tray is
	// for, the diet and the texture.
	top := p.y
	leftW := b.w
	right := top // the QR column's bottom
	if c.QRToken != "" {
		leftW = b.w - qrSize - 2
		right = p.trayQR(b.x+b.w-qrSize, top, qrSize, qr)
	}
	p.patient(b.x, leftW)
	p.diet(b.x, leftW)
	p.iddsi(b.x, leftW)
	p.nutrients(b.x, leftW)
	if p.y < right {
		p.y = right
	}

	// Full width: the allergies, the dishes, the requests; the survey's code for the patient
	// at the foot, in the opposite corner from the tray's, smaller.
	p.allergies(b.x, b.w)
	foot := 0.0
	if c.SurveyURL != "" {
		foot = p.survey(b.x, b.w, 0, qr, false)
		p.max -= foot
	}
	notes := p.notes(b.x, b.w, false)
	p.dishes(b.x, b.w, notes)
	p.notes(b.x, b.w, true)
	if c.SurveyURL != "" {
		y := p.max // a card of fixed height: at its foot
		if !draw {
			y = p.y // measured: right after the rest
		}
		p.y = y + p.survey(b.x, b.w, y, qr, true)
	}
	return p.y - b.y
}

// trayQR draws the order's QR code in the qrSize square at (x, y), framed and captioned under
// the frame "สแกนถาด" / "Scan tray" in bold (Badge): the code staff scan at the bedside, told
// apart from the survey's at a glance. It answers the caption's bottom.
func (p *pen) trayQR(x, y, size float64, qr qrFunc) float64 {
	lines := p.byLang(lblScanTray)
	pt := ptBody * p.scale // smaller when a line is wider than the square: never broken inside a word
	p.font(true, ptBody)
	for _, line := range lines {
		if lw := p.f.GetStringWidth(line); lw > size {
			pt = min(pt, ptBody*p.scale*size/lw*0.98)
		}
	}
	lh := pt * mmPerPt * 1.5
	if p.draw {
		qr(p.f, p.c.QRToken, x, y, size, &Badge{Lines: lines, Pt: pt, LH: lh})
	}
	return y + size + 0.3 + float64(len(lines))*lh + 1
}

// surveySize is the survey QR code's side in mm on both layouts: half the A4 tray code's, 0.7
// of the label's, the smallest that reads at 203 dpi (a thermal printer's resolution).
const surveySize = 15.4

// byLang is a label as lines in the card's language: both stacked on a card in both.
func (p *pen) byLang(n Name) []string {
	switch p.c.Lang {
	case TH:
		return []string{n.Th}
	case EN:
		return []string{n.En}
	}
	return []string{n.Th, n.En}
}

// survey draws (write true) the survey link's QR code at the card's foot from y: a thin rule,
// the code at the left, and beside it its caption for the patient in the card's language, a
// line a language. It answers the height it takes (write false: only that).
func (p *pen) survey(x, w, y float64, qr qrFunc, write bool) float64 {
	const gap = 1.5
	lines := p.byLang(lblSurvey)
	h := gap + max(surveySize, float64(len(lines))*p.lh(ptSmall))
	if !write {
		return h
	}
	if p.draw {
		p.f.SetDrawColor(160, 160, 160)
		p.f.Line(x, y+gap/2, x+w, y+gap/2)
		qr(p.f, p.c.SurveyURL, x, y+gap, surveySize, nil)
		p.f.SetTextColor(0, 0, 0)
	}
	saved, limit := p.y, p.max
	p.y, p.max = y+gap+(surveySize-float64(len(lines))*p.lh(ptSmall))/2, y+h
	p.font(true, ptSmall)
	for _, l := range lines {
		p.para(x+surveySize+2, w-surveySize-2, ptSmall, l, p.max)
	}
	p.y, p.max = saved, limit
	return h
}

// pick is a name in the card's language: Thai, English, or both ("ไทย / English").
// (either alone when the other is empty: i18n.Pick, i18n.Bilingual).
func (p *pen) pick(n Name) string {
	switch p.c.Lang {
	case TH:
		return i18n.Pick(i18n.TH, n.Th, n.En)
	case EN:
		return i18n.Pick(i18n.EN, n.Th, n.En)
	}
	return i18n.Bilingual(n.Th, n.En)
}

func (p *pen) font(bold bool, pt float64) {
	style := ""
	if bold {
		style = "B"
	}
	p.f.SetFont(family, style, pt*p.scale)
}

// lh is the height of a line of text of pt points, in millimetres.
func (p *pen) lh(pt float64) float64 { return pt * p.scale * mmPerPt * 1.5 }

func (p *pen) text(x, top float64, pt float64, s string) {
	if p.draw {
		p.f.Text(x, top+pt*p.scale*mmPerPt*1.1, shapeThai(s))
	}
}

// para writes s wrapped to width w at x, in the current font: as many lines as fit above
// limit (the last one cut with an ellipsis when some do not).
func (p *pen) para(x, w, pt float64, s string, limit float64) {
	lh := p.lh(pt)
	lines := p.wrap(s, w)
	if p.draw {
		fit := int((limit - p.y + 0.01) / lh)
		if fit < 0 {
			fit = 0
		}
		if fit < len(lines) {
			lines = lines[:fit]
			if fit > 0 {
				lines[fit-1] = p.ellipsis(lines[fit-1], w)
			}
		}
	}
	for _, l := range lines {
		p.text(x, p.y, pt, l)
		p.y += lh
	}
}

func (p *pen) ellipsis(s string, w float64) string {
	rs := []rune(s)
	for len(rs) > 0 && p.f.GetStringWidth(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
		for len(rs) > 0 && isFollower(rs[len(rs)-1]) { // never strand a mark
			rs = rs[:len(rs)-1]
		}
	}
	return strings.TrimRight(string(rs), " ") + "…"
}

// wrap breaks s into lines no wider than w: at spaces, and inside a word too long for a line
// between its clusters (thai.go).
func (p *pen) wrap(s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		if word == "" {
			continue
		}
		cand := word
		if line != "" {
			cand = line + " " + word
		}
		if p.f.GetStringWidth(cand) <= w {
			line = cand
			continue
		}
		if line != "" {
			lines = append(lines, line)
			line = ""
		}
		if p.f.GetStringWidth(word) <= w {
			line = word
			continue
		}
		for _, c := range clusters(word) {
			if line != "" && p.f.GetStringWidth(line+c) > w {
				lines = append(lines, line)
				line = ""
			}
			line += c
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// header is the meal type's colour band: abbreviation, meal name, date.
func (p *pen) header(x, w float64) {
	h := 10 * p.scale
	c := p.c
	bg := [3]int{230, 230, 230}
	if rgb, ok := parseHex(c.MealColor); ok {
		bg = rgb
	}
	fg := [3]int{0, 0, 0}
	if rgb, ok := parseHex(c.MealTextColor); ok {
		fg = rgb
	} else if 0.299*float64(bg[0])+0.587*float64(bg[1])+0.114*float64(bg[2]) <= 170 {
		fg = [3]int{255, 255, 255}
	}
	if p.draw {
		p.f.SetFillColor(bg[0], bg[1], bg[2])
		p.f.SetDrawColor(0, 0, 0)
		p.f.SetLineWidth(0.2)
		p.f.Rect(x, p.y, w, h, "FD")
		p.f.SetFillColor(0, 0, 0) // black again: fpdf wraps every text in "q … Q" while the fill is not the text colour
		p.f.SetTextColor(fg[0], fg[1], fg[2])
	}
	p.font(true, ptAbbr)
	abbr := strings.TrimSpace(c.MealAbbr)
	p.text(x+1.5, p.y+(h-p.lh(ptAbbr))/2, ptAbbr, abbr)
	tx := x + 1.5
	if abbr != "" {
		tx += p.f.GetStringWidth(abbr) + 2
	}

	// The date at the right: both calendars stacked for a card in both languages.
	p.font(false, ptSmall)
	dates := []string{day.Text(c.Date, i18n.TH)}
	if c.Lang == EN {
		dates[0] = day.Text(c.Date, i18n.EN)
	}
	if c.Lang == Both {
		dates = append(dates, day.Text(c.Date, i18n.EN))
	}
	if c.Date.IsZero() {
		dates = nil
	}
	dw := 0.0
	for i, d := range dates {
		dw = max(dw, p.f.GetStringWidth(d))
		top := p.y + (h-float64(len(dates))*p.lh(ptSmall))/2 + float64(i)*p.lh(ptSmall)
		p.text(x+w-1.5-p.f.GetStringWidth(d), top, ptSmall, d)
	}

	p.font(true, ptHeader)
	meal := p.pick(c.MealType)
	room := x + w - 1.5 - dw - 2 - tx
	if p.f.GetStringWidth(meal) > room {
		meal = p.ellipsis(meal, room)
	}
	p.text(tx, p.y+(h-p.lh(ptHeader))/2, ptHeader, meal)
	if p.draw {
		p.f.SetTextColor(0, 0, 0)
	}
	p.y += h + 1.5
}

// patient is the caregiver mark, the name, HN, ward and bed.
func (p *pen) patient(x, w float64) {
	c := p.c
	if c.Caregiver {
		p.font(true, ptBody)
		s := p.pick(lblCaregiver)
		bw := p.f.GetStringWidth(s) + 3
		if p.draw {
			p.f.SetFillColor(0, 0, 0)
			p.f.Rect(x, p.y, bw, p.lh(ptBody), "F")
			p.f.SetFillColor(0, 0, 0) // black again: fpdf wraps every text in "q … Q" while the fill is not the text colour
			p.f.SetTextColor(255, 255, 255)
		}
		p.text(x+1.5, p.y, ptBody, s)
		if p.draw {
			p.f.SetTextColor(0, 0, 0)
		}
		p.y += p.lh(ptBody) + 0.8
	}
	p.font(true, ptName)
	if c.Lang == Both && c.PatientName.Th != "" && c.PatientName.En != "" && c.PatientName.Th != c.PatientName.En {
		p.para(x, w, ptName, c.PatientName.Th, p.max)
		p.font(false, ptBody)
		p.para(x, w, ptBody, c.PatientName.En, p.max)
	} else {
		p.para(x, w, ptName, p.pick(c.PatientName), p.max)
	}
	p.font(true, ptBody+1)
	p.para(x, w, ptBody+1, "HN "+c.HN, p.max)
	p.font(false, ptBody)
	p.place(x, w)
}

// strandedNumber is a space before a number that ends a phrase ("floor 3", "ชั้น 3").
var strandedNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` (\d{1,3})(\s|$)`) })

// place writes the ward and the bed: "ward · bed" on one line when it fits; otherwise lines
// break between the ward and the bed, and between the ward's Thai and English names on a
// card in both, rather than inside a name (QA 2026-11-26 #18: "…Children's ward, floor" /
// "3 · เตียง / Bed W01-01"); a number stays with the word before it.
func (p *pen) place(x, w float64) {
	c := p.c
	var units []string
	th, en := strings.TrimSpace(c.Ward.Th), strings.TrimSpace(c.Ward.En)
	if c.Lang == Both && th != "" && en != "" && th != en {
		units = []string{th + " /", en}
	} else if s := p.pick(c.Ward); s != "" {
		units = []string{s}
	}
	for i, u := range units {
		units[i] = strandedNumber().ReplaceAllString(u, "\u00a0$1$2")
	}
	var lines []string
	line := ""
	add := func(s, sep string) {
		if line != "" && p.f.GetStringWidth(line+sep+s) <= w {
			line += sep + s
			return
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = s
	}
	for _, u := range units {
		add(u, " ")
	}
	if c.Bed != "" {
		add(p.pick(lblBed)+"\u00a0"+c.Bed, " · ") // the label kept with the bed
	}
	if line != "" {
		lines = append(lines, line)
	}
	for _, l := range lines {
		p.para(x, w, ptBody, l, p.max)
	}
}

// diet is the food type and the therapeutic foods.
func (p *pen) diet(x, w float64) {
	c := p.c
	p.font(false, ptBody)
	if s := p.pick(c.Diet); s != "" {
		p.para(x, w, ptBody, p.pick(lblDiet)+": "+s, p.max)
	}
	var ther []string
	for _, t := range c.Therapeutic {
		if s := p.pick(t); s != "" {
			ther = append(ther, s)
		}
	}
	if len(ther) > 0 {
		p.para(x, w, ptBody, p.pick(lblTherapeutic)+": "+strings.Join(ther, ", "), p.max)
	}
}

// iddsi draws each texture level as a chip on the level's colour with its name.
func (p *pen) iddsi(x, w float64) {
	p.font(true, ptChip)
	lh := p.lh(ptChip)
	for _, l := range p.c.IDDSI {
		col := iddsiColors[l.Level]
		name := iddsiNames[iddsiKey{l.Drink, l.Level}]
		s := fmt.Sprintf("IDDSI %d · %s", l.Level, p.pick(name))
		if l.Drink {
			s = p.pick(lblDrink) + " " + s
		}
		if p.f.GetStringWidth(s)+3 > w {
			s = p.ellipsis(s, w-3)
		}
		if p.draw && p.y+lh <= p.max {
			p.f.SetFillColor(col.bg[0], col.bg[1], col.bg[2])
			p.f.SetDrawColor(90, 90, 90)
			p.f.SetLineWidth(0.2)
			p.f.Rect(x, p.y+0.2, p.f.GetStringWidth(s)+3, lh-0.4, "FD")
			p.f.SetFillColor(0, 0, 0) // black again: fpdf wraps every text in "q … Q" while the fill is not the text colour
			p.f.SetTextColor(col.fg[0], col.fg[1], col.fg[2])
			p.text(x+1.5, p.y, ptChip, s)
			p.f.SetTextColor(0, 0, 0)
		}
		p.y += lh + 0.5
	}
}

// nutrients writes what the tray gives, one line a language: "พลังงาน 520 kcal · โปรตีน 24 g ·
// คาร์โบไฮเดรต 68 g" (wrapped between the figures when the column is narrow).
func (p *pen) nutrients(x, w float64) {
	n := p.c.Nutrients
	if n == nil {
		return
	}
	p.font(false, ptSmall)
	for i, lang := range p.langs() {
		parts := []string{
			lblEnergy.in(lang) + "\u00a0" + amount(n.Energy, 0) + "\u00a0kcal",
			lblProtein.in(lang) + "\u00a0" + amount(n.Protein, 1) + "\u00a0g",
			lblCarbohydrate.in(lang) + "\u00a0" + amount(n.Carbohydrate, 1) + "\u00a0g",
		}
		if i == 0 {
			p.y += 0.5
		}
		p.para(x, w, ptSmall, strings.Join(parts, "\u00a0· "), p.max)
	}
}

// langs are the card's languages, Thai first.
func (p *pen) langs() []i18n.Lang {
	switch p.c.Lang {
	case TH:
		return []i18n.Lang{i18n.TH}
	case EN:
		return []i18n.Lang{i18n.EN}
	}
	return []i18n.Lang{i18n.TH, i18n.EN}
}

// in is the name in one language (the other when it has none).
func (n Name) in(lang i18n.Lang) string { return i18n.Pick(lang, n.Th, n.En) }

// amount is a figure rounded to decimals places, without trailing zeros ("24.5", "30"); "–"
// for none.
func amount(v *float64, decimals int) string {
	if v == nil {
		return "–"
	}
	return strconv.FormatFloat(math.Round(*v*math.Pow10(decimals))/math.Pow10(decimals), 'f', -1, 64)
}

// allergies is the box that cannot be missed: a thick red border, the allergens in bold. A
// card with none says so in a thin grey box, so that an empty box is never a question.
func (p *pen) allergies(x, w float64) {
	c := p.c
	var items []string
	for _, a := range c.Allergies {
		if s := p.pick(a); s != "" {
			items = append(items, s)
		}
	}
	for _, a := range c.UnmappedAllergies {
		if s := strings.TrimSpace(a); s != "" {
			items = append(items, s)
		}
	}
	p.y += 0.5
	if len(items) == 0 {
		p.font(false, ptSmall)
		lh := p.lh(ptSmall)
		if p.draw {
			p.f.SetDrawColor(160, 160, 160)
			p.f.SetLineWidth(0.2)
			p.f.Rect(x, p.y, w, lh+1, "D")
			p.f.SetTextColor(90, 90, 90)
		}
		p.text(x+1.5, p.y+0.5, ptSmall, p.pick(lblNoAllergy))
		if p.draw {
			p.f.SetTextColor(0, 0, 0)
		}
		p.y += lh + 2
		return
	}
	const border, inset = 0.9, 2.0
	p.font(true, ptAllergy)
	lh := p.lh(ptAllergy)
	title := p.pick(lblAllergy) + ":"
	lines := p.wrap(title+" "+strings.Join(items, ", "), w-2*inset)
	h := float64(len(lines))*lh + 1.5
	if p.draw {
		p.f.SetFillColor(255, 235, 235)
		p.f.SetDrawColor(210, 0, 0)
		p.f.SetLineWidth(border)
		p.f.Rect(x+border/2, p.y+border/2, w-border, h+border, "FD")
		p.f.SetFillColor(0, 0, 0) // black again: fpdf wraps every text in "q … Q" while the fill is not the text colour
		p.f.SetLineWidth(0.2)
		// The title in red, the allergens in black, all bold: the first line starts with the title.
		y := p.y + border/2 + 0.75
		for i, l := range lines {
			lx := x + inset
			if i == 0 && strings.HasPrefix(l, title) {
				p.f.SetTextColor(200, 0, 0)
				p.text(lx, y, ptAllergy, title)
				lx += p.f.GetStringWidth(title + " ")
				l = strings.TrimPrefix(strings.TrimPrefix(l, title), " ")
			}
			p.f.SetTextColor(0, 0, 0)
			p.text(lx, y, ptAllergy, l)
			y += lh
		}
	}
	p.y += h + border + 1.5
}

// notes writes the special request and the remark, or (draw false) answers the height they
// take, so that the dishes above them stop in time.
func (p *pen) notes(x, w float64, write bool) float64 {
	c := p.c
	var lines []string
	if s := strings.TrimSpace(c.SpecialRequest); s != "" {
		lines = append(lines, p.pick(lblSpecial)+": "+s)
	}
	if s := strings.TrimSpace(c.Remark); s != "" {
		lines = append(lines, p.pick(lblRemark)+": "+s)
	}
	p.font(true, ptBody)
	if !write {
		h := 0.0
		for _, l := range lines {
			h += float64(len(p.wrap(l, w))) * p.lh(ptBody)
		}
		if h > 0 {
			h += 1
		}
		return h
	}
	if len(lines) > 0 {
		p.y += 1
	}
	for _, l := range lines {
		p.para(x, w, ptBody, l, p.max)
	}
	return 0
}

// dishes lists the tray's dishes, leaving room for the notes below them.
func (p *pen) dishes(x, w, notes float64) {
	if len(p.c.Dishes) == 0 {
		return
	}
	limit := p.max - notes
	p.font(false, ptSmall)
	if p.draw {
		p.f.SetTextColor(90, 90, 90)
	}
	p.para(x, w, ptSmall, p.pick(lblDishes), limit)
	if p.draw {
		p.f.SetTextColor(0, 0, 0)
	}
	p.font(false, ptBody)
	for i, d := range p.c.Dishes {
		s := p.pick(d)
		if s == "" {
			continue
		}
		lh := p.lh(ptBody)
		need := float64(len(p.wrap(s, w-3))) * lh
		if i < len(p.c.Dishes)-1 {
			need += lh // a line kept for the count below, should the next dish not fit
		}
		if p.draw && p.y+need > limit+0.01 {
			// No room for this dish whole: say how many are not shown rather than cut one.
			p.font(true, ptBody)
			p.para(x, w, ptBody, fmt.Sprintf("+%d %s", len(p.c.Dishes)-i, p.pick(lblMore)), limit)
			return
		}
		p.text(x, p.y, ptBody, "•")
		p.para(x+3, w-3, ptBody, s, limit)
	}
}

func parseHex(s string) ([3]int, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) != 6 {
		return [3]int{}, false
	}
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return [3]int{}, false
	}
	return [3]int{int(n >> 16 & 255), int(n >> 8 & 255), int(n & 255)}, true
}

// The card's own words.
var (
	lblCaregiver    = Name{"ญาติ/ผู้ดูแล", "Caregiver"}
	lblBed          = Name{"เตียง", "Bed"}
	lblDiet         = Name{"อาหาร", "Diet"}
	lblTherapeutic  = Name{"อาหารเฉพาะโรค", "Therapeutic"}
	lblDrink        = Name{"เครื่องดื่ม", "Drink"}
	lblAllergy      = Name{"แพ้อาหาร", "ALLERGY"}
	lblNoAllergy    = Name{"ไม่มีประวัติแพ้อาหาร", "No known allergies"}
	lblDishes       = Name{"รายการอาหาร", "Menu"}
	lblMore         = Name{"รายการ (ไม่พอที่แสดง)", "more (no room to show)"}
	lblSpecial      = Name{"คำขอพิเศษ", "Special request"}
	lblRemark       = Name{"หมายเหตุ", "Remark"}
	lblScanTray     = Name{"สแกนถาด", "Scan tray"}
	lblSurvey       = Name{"ประเมินความพึงพอใจ (สำหรับผู้ป่วย)", "Rate your meal (for the patient)"}
	lblEnergy       = Name{"พลังงาน", "Energy"}
	lblProtein      = Name{"โปรตีน", "Protein"}
	lblCarbohydrate = Name{"คาร์โบไฮเดรต", "Carbohydrate"}
)

// The IDDSI framework's colour of each level (the web's, web/src/features/menus/iddsi.ts) and
// the text colour that reads on it.
var iddsiColors = map[int]struct{ bg, fg [3]int }{
	0: {[3]int{0xFF, 0xFF, 0xFF}, [3]int{0, 0, 0}},
	1: {[3]int{0xA7, 0xA8, 0xAA}, [3]int{0, 0, 0}},
	2: {[3]int{0xF4, 0xA6, 0xC7}, [3]int{0, 0, 0}},
	3: {[3]int{0xFF, 0xD2, 0x00}, [3]int{0, 0, 0}},
	4: {[3]int{0x6C, 0xC2, 0x4A}, [3]int{0, 0, 0}},
	5: {[3]int{0xF6, 0x8D, 0x2E}, [3]int{0, 0, 0}},
	6: {[3]int{0x00, 0x72, 0xCE}, [3]int{0xFF, 0xFF, 0xFF}},
	7: {[3]int{0x00, 0x00, 0x00}, [3]int{0xFF, 0xFF, 0xFF}},
}

type iddsiKey struct {
	drink bool
	level int
}

// The official IDDSI names (the web's Thai ones, web/src/locales/th/menus.json). Levels 3
// and 4 are named apart for foods and drinks.
var iddsiNames = map[iddsiKey]Name{
	{false, 3}: {"อาหารเหลว", "Liquidised"},
	{false, 4}: {"อาหารบดละเอียด", "Pureed"},
	{false, 5}: {"อาหารสับละเอียดและชุ่มน้ำ", "Minced & Moist"},
	{false, 6}: {"อาหารอ่อนชิ้นเล็ก", "Soft & Bite-Sized"},
	{false, 7}: {"อาหารธรรมดา", "Regular"},
	{true, 0}:  {"ของเหลวใส", "Thin"},
	{true, 1}:  {"ข้นเล็กน้อย", "Slightly Thick"},
	{true, 2}:  {"ข้นน้อย", "Mildly Thick"},
	{true, 3}:  {"ข้นปานกลาง", "Moderately Thick"},
	{true, 4}:  {"ข้นมาก", "Extremely Thick"},
}

// Name is the level's official name (the reports' workbooks name textures with it).
func (l IDDSI) Name() Name { return iddsiNames[iddsiKey{l.Drink, l.Level}] }
