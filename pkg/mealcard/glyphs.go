package mealcard

import (
	"strings"
	"sync"

	"golang.org/x/image/font/sfnt"
)

// fpdf fails on a character outside the Basic Multilingual Plane (an emoji typed into a
// remark panics it while writing the font) and draws an empty box for one the font lacks. So
// every text of a card is cleaned first: what the font has stays, spaces and control
// characters become one space, joiners and variation selectors go, anything else becomes "?".

// covered answers whether Loma has a glyph for each character of the BMP, read once from the
// font's cmap.
var covered = sync.OnceValue(func() []bool {
	has := make([]bool, 0x10000)
	f, err := sfnt.Parse(fontRegular)
	if err != nil {
		return has // unreadable font: Render fails later on it anyway
	}
	var buf sfnt.Buffer
	for r := rune(0x20); r < 0x10000; r++ {
		if g, err := f.GlyphIndex(&buf, r); err == nil && g != 0 {
			has[r] = true
		}
	}
	return has
})

func cleanText(s string) string {
	has := covered()
	clean := true
	for _, r := range s {
		if r >= 0x10000 || !has[r] {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x10000 && has[r]:
			b.WriteRune(r)
		case r < 0x20 || (r >= 0x7F && r < 0xA0) || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		case r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF || (r >= 0xFE00 && r <= 0xFE0F):
			// zero-width: nothing to print
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

func (n Name) clean() Name { return Name{cleanText(n.Th), cleanText(n.En)} }

func cleanNames(ns []Name) []Name {
	out := make([]Name, len(ns))
	for i, n := range ns {
		out[i] = n.clean()
	}
	return out
}

// clean is the card with every text cleaned for the font.
func (c Card) clean() Card {
	c.PatientName = c.PatientName.clean()
	c.HN = cleanText(c.HN)
	c.Ward = c.Ward.clean()
	c.Bed = cleanText(c.Bed)
	c.MealType = c.MealType.clean()
	c.MealAbbr = cleanText(c.MealAbbr)
	c.Dishes = cleanNames(c.Dishes)
	c.Diet = c.Diet.clean()
	c.Therapeutic = cleanNames(c.Therapeutic)
	c.Allergies = cleanNames(c.Allergies)
	unmapped := make([]string, len(c.UnmappedAllergies))
	for i, s := range c.UnmappedAllergies {
		unmapped[i] = cleanText(s)
	}
	c.UnmappedAllergies = unmapped
	c.SpecialRequest = cleanText(c.SpecialRequest)
	c.Remark = cleanText(c.Remark)
	return c
}
