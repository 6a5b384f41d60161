package mealcard

import "strings"

// fpdf draws each character with the glyph the font's cmap gives it and does not apply the
// font's OpenType positioning (GPOS), so Thai marks would all sit at their default height: a
// tone mark floats high above a consonant that has no vowel over it, and marks over ป ฝ ฟ ฬ
// collide with their tall stems. The TLWG fonts (like Windows' Thai fonts) carry the moved
// forms of those marks as characters of the Private Use Area, U+F700–U+F71A, so a small pass
// over the text that swaps in the right form is all the shaping a card needs. The rules are
// the ones of the classic "Thai PUA" shapers (Pango's and libthai's legacy paths).

const (
	saraAm    = '\u0E33' // ำ: nikhahit over the previous consonant plus sara aa
	saraAa    = '\u0E32' // า
	nikhahit  = '\u0E4D' // ํ
	puaLeft   = '\uF713' // tone marks, high and shifted left (over a tall consonant with a vowel above)
	puaLowL   = '\uF705' // tone marks, low and shifted left (over a tall consonant, no vowel above)
	puaLow    = '\uF70A' // tone marks, low (no vowel above)
	puaBelowL = '\uF718' // below vowels, lowered (under ฎ ฏ)
)

// upperLeft is the left-shifted form of each upper vowel (and nikhahit, maitaikhu), used over a
// tall consonant.
var upperLeft = map[rune]rune{
	'\u0E31': '\uF710', // ั mai han-akat
	'\u0E34': '\uF701', // ิ
	'\u0E35': '\uF702', // ี
	'\u0E36': '\uF703', // ึ
	'\u0E37': '\uF704', // ื
	'\u0E47': '\uF712', // ็ maitaikhu
	'\u0E4D': '\uF711', // ํ nikhahit
}

// descless is the form of ญ and ฐ without their descender, used over a below vowel.
var descless = map[rune]rune{'\u0E0D': '\uF70F', '\u0E10': '\uF700'}

func isTall(r rune) bool {
	return r == '\u0E1B' || r == '\u0E1D' || r == '\u0E1F' || r == '\u0E2C' // ป ฝ ฟ ฬ
}

func isUpperVowel(r rune) bool { _, ok := upperLeft[r]; return ok }

// isTone is true for the four tone marks and thanthakhat (which sits where they do).
func isTone(r rune) bool { return r >= '\u0E48' && r <= '\u0E4C' }

func isBelowVowel(r rune) bool { return r >= '\u0E38' && r <= '\u0E3A' }

// isMark is true for the Thai characters that take no space of their own: they sit over or
// under the consonant before them.
func isMark(r rune) bool {
	return r == '\u0E31' || (r >= '\u0E34' && r <= '\u0E3A') || (r >= '\u0E47' && r <= '\u0E4E')
}

// shapeThai replaces the Thai marks of s with the forms that sit right in a TLWG font. Text
// without Thai marks comes back as it is.
func shapeThai(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return isMark(r) || r == saraAm }) {
		return s
	}
	in := []rune(s)
	out := make([]rune, 0, len(in)+2)
	baseAt := -1 // index in out of the consonant the marks belong to
	var base rune
	upper := false // a vowel (or nikhahit) already sits over base
	skip := false  // the sara am after a tone was written with it
	for i, r := range in {
		if skip {
			skip = false
			continue
		}
		switch {
		case isBelowVowel(r):
			if d, ok := descless[base]; ok && baseAt >= 0 {
				out[baseAt] = d
			} else if base == '\u0E0E' || base == '\u0E0F' { // ฎ ฏ keep their tail: the vowel goes lower
				r = puaBelowL + (r - '\u0E38')
			}
			out = append(out, r)
		case isUpperVowel(r):
			if isTall(base) {
				r = upperLeft[r]
			}
			upper = true
			out = append(out, r)
		case isTone(r):
			amFollows := i+1 < len(in) && in[i+1] == saraAm
			off := r - '\u0E48'
			switch {
			case isTall(base) && amFollows:
				// ป่ำ: sara am's nikhahit, shifted, goes before the tone, which rises over it.
				out = append(out, upperLeft[nikhahit], puaLeft+off, saraAa)
				skip = true
				continue
			case isTall(base) && upper:
				r = puaLeft + off
			case isTall(base):
				r = puaLowL + off
			case !upper && !amFollows:
				r = puaLow + off
			}
			out = append(out, r)
		case r == saraAm && isTall(base):
			out = append(out, upperLeft[nikhahit], saraAa)
		default:
			base, baseAt, upper = r, len(out), false
			out = append(out, r)
		}
	}
	return string(out)
}

// unshapeThai maps the presentation forms shapeThai writes back to the characters they stand
// for, so that text read back out of a PDF compares with the input (tests, and anyone who
// copies text from a card).
func unshapeThai(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= '\uF700' && r <= '\uF71A' }) {
		return s
	}
	rev := map[rune]rune{'\uF70F': '\u0E0D', '\uF700': '\u0E10'}
	for k, v := range upperLeft {
		rev[v] = k
	}
	for i := rune(0); i < 5; i++ {
		rev[puaLeft+i], rev[puaLowL+i], rev[puaLow+i] = '\u0E48'+i, '\u0E48'+i, '\u0E48'+i
	}
	for i := rune(0); i < 3; i++ {
		rev[puaBelowL+i] = '\u0E38' + i
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if v, ok := rev[r]; ok {
			r = v
		}
		// nikhahit, tone, sara aa is how a shifted sara am was written: put it back together.
		if r == nikhahit && i+2 < len(rs) && isTone(rev[rs[i+1]]) && rs[i+2] == saraAa {
			b.WriteRune(rev[rs[i+1]])
			b.WriteRune(saraAm)
			i += 2
			continue
		}
		if r == nikhahit && i+1 < len(rs) && rs[i+1] == saraAa {
			b.WriteRune(saraAm)
			i++
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isLeadingVowel is true for เ แ โ ใ ไ, written before the consonant they are read after: a
// line never ends on one.
func isLeadingVowel(r rune) bool { return r >= '\u0E40' && r <= '\u0E44' }

// isFollower is true for what never starts a line: the marks, and ะ า ำ ๅ ๆ.
func isFollower(r rune) bool {
	return isMark(r) || r == '\u0E30' || r == '\u0E32' || r == '\u0E33' || r == '\u0E45' || r == '\u0E46'
}

// clusters splits a word (no spaces) into the pieces a line may break between when the word
// is longer than the line: a consonant with its marks and following vowels, a leading vowel
// kept with what follows it. Thai has no spaces between words; without a dictionary this
// breaks inside a word, but never through a syllable's stacked marks.
func clusters(word string) []string {
	rs := []rune(word)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		if isFollower(rs[i]) || isLeadingVowel(rs[i-1]) {
			continue
		}
		parts = append(parts, string(rs[start:i]))
		start = i
	}
	return append(parts, string(rs[start:]))
}

// PlainText maps the shaped Thai forms of a card's text back to plain Thai: what a test that
// reads a card with pdftotext compares against.
func PlainText(s string) string { return unshapeThai(s) }
