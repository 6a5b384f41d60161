package hl7

import (
	"strings"
	"unicode/utf8"
)

// Encode writes the message in ER7 with its own delimiters, each segment ended by \r (no
// MLLP frame). Values are escaped, so that Parse reads back the same message.
func (m *Message) Encode() []byte {
	var b strings.Builder
	d := m.Delims
	for _, s := range m.segments {
		b.WriteString(s.Name)
		fields := s.fields
		if s.Name == "MSH" {
			b.WriteByte(d.Field)
			b.WriteString(d.encoding())
			fields = fields[min(2, len(fields)):]
		}
		for _, f := range fields {
			b.WriteByte(d.Field)
			d.writeField(&b, f)
		}
		b.WriteByte('\r')
	}
	return []byte(b.String())
}

func (d Delimiters) writeField(b *strings.Builder, f Field) {
	for i, r := range f {
		if i > 0 {
			b.WriteByte(d.Repetition)
		}
		for j, c := range r {
			if j > 0 {
				b.WriteByte(d.Component)
			}
			for k, s := range c {
				if k > 0 {
					b.WriteByte(d.Subcomponent)
				}
				d.escape(b, s)
			}
		}
	}
}

// escape writes a value with its separators and escape character escaped, a newline as
// \.br\, other control characters and bytes that are not UTF-8 as \Xhh\.
func (d Delimiters) escape(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		c := s[i]
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, c < ' ' && c != '\t' && c != '\n':
			const digits = "0123456789ABCDEF"
			b.WriteByte(d.Escape)
			b.Write([]byte{'X', digits[c>>4], digits[c&15]})
			b.WriteByte(d.Escape)
		case c == '\n':
			d.seq(b, ".br")
		case c == d.Escape:
			d.seq(b, "E")
		case c == d.Field:
			d.seq(b, "F")
		case c == d.Component:
			d.seq(b, "S")
		case c == d.Subcomponent:
			d.seq(b, "T")
		case c == d.Repetition:
			d.seq(b, "R")
		case c == d.Truncation && c != 0:
			d.seq(b, "P")
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
}

func (d Delimiters) seq(b *strings.Builder, name string) {
	b.WriteByte(d.Escape)
	b.WriteString(name)
	b.WriteByte(d.Escape)
}
