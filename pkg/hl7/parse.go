package hl7

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Split cuts a received body into its messages, each returned as its segments ended by \r.
// It accepts one message or several; segments ended by \r, \n or \r\n, with blank lines and
// a trailing terminator; MLLP frames around each message; and batch files, whose FHS, BHS,
// BTS and FTS segments are dropped after checking the counts BTS-1 and FTS-1 when given
// (a count that does not match is an error: the file was cut short).
// Split does not read the messages: Parse does, one at a time, so that one bad message in a
// batch does not stop the others.
func Split(data []byte) ([][]byte, error) {
	var (
		msgs    [][]byte
		cur     []byte // the message being collected
		inBatch int    // messages since the last BHS
		batches int
	)
	flush := func() {
		if cur != nil {
			msgs = append(msgs, cur)
			cur = nil
		}
	}
	for _, line := range lines(data) {
		switch {
		case isSegment(line, "MSH"):
			flush()
			inBatch++
			cur = append(append(cur, line...), '\r')
		case isSegment(line, "FHS"):
			flush()
		case isSegment(line, "BHS"):
			flush()
			inBatch, batches = 0, batches+1
		case isSegment(line, "BTS"), isSegment(line, "FTS"):
			flush()
			name := string(line[:3])
			want := inBatch
			if name == "FTS" {
				want = batches
				if batches == 0 { // a file of messages without BHS counts its messages
					want = len(msgs)
				}
			}
			if n := countField(line); n != "" {
				if got, err := strconv.Atoi(n); err != nil || got != want {
					return nil, &Error{Segment: name, Sequence: 1, Field: 1, Code: CodeSegmentSequence,
						Reason: "the count does not match the " + strconv.Itoa(want) + " received"}
				}
			}
		case cur == nil:
			return nil, &Error{Code: CodeSegmentSequence, Reason: "a segment outside a message (before any MSH)"}
		default:
			cur = append(append(cur, line...), '\r')
		}
	}
	flush()
	if len(msgs) == 0 {
		return nil, &Error{Segment: "MSH", Code: CodeSegmentSequence, Reason: "no MSH segment: not an HL7 v2 message"}
	}
	return msgs, nil
}

// lines returns the non-blank lines of data. CR, LF and the MLLP framing bytes all end a
// line: over TCP a message travels as 0x0b message 0x1c 0x0d, and some engines keep the frame
// when they post or write files. Neither byte may appear in HL7 text.
func lines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n\x0b\x1c")
		line := data
		if i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(bytes.TrimSpace(line)) > 0 {
			out = append(out, line)
		}
	}
	return out
}

// isSegment reports whether line is a segment named name: the name, then a separator or
// nothing.
func isSegment(line []byte, name string) bool {
	return len(line) >= 3 && string(line[:3]) == name && (len(line) == 3 || !isAlnum(line[3]))
}

// countField returns field 1 of a BTS or FTS line, whose separator follows the name.
func countField(line []byte) string {
	if len(line) < 4 {
		return ""
	}
	f := line[4:]
	if i := bytes.IndexByte(f, line[3]); i >= 0 {
		f = f[:i]
	}
	return string(f)
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// Parse reads one message (Split's rules apply: MLLP frame, terminators, a batch holding a
// single message). Every segment is kept, Z-segments and unknown ones included; fields are
// split into repetitions, components and subcomponents and unescaped.
//
// Parse fails with an *Error when there is no MSH, when MSH-1/MSH-2 are not usable
// separators, when a segment has no valid name, when a field is not UTF-8, or when data
// holds more than one message. When the MSH could be read, the message is returned with the
// error, holding the segments read so far, so that an AR can answer the sender's MSH-10.
func Parse(data []byte) (*Message, error) {
	msgs, err := Split(data)
	if err != nil {
		return nil, err
	}
	m, err := parse(msgs[0])
	if err == nil && len(msgs) > 1 {
		err = &Error{Segment: "MSH", Sequence: 2, Code: CodeSegmentSequence, Reason: "a second message: split the batch first"}
	}
	return m, err
}

func parse(data []byte) (*Message, error) {
	ls := lines(data)
	msh := ls[0] // Split starts every message with its MSH
	if len(msh) < 4 {
		return nil, &Error{Segment: "MSH", Sequence: 1, Field: 1, Code: CodeRequiredField, Reason: "no field separator"}
	}
	d, err := delimiters(msh)
	if err != nil {
		return nil, err
	}
	m := &Message{Delims: d}
	seen := map[string]int{}
	for _, line := range ls {
		s := string(line)
		name, rest, found := strings.Cut(s, string(d.Field))
		seen[name]++
		seg := Segment{Name: name, seq: seen[name]}
		if !validName(name) {
			if len(name) > 8 || strings.IndexFunc(name, func(r rune) bool { return r <= ' ' || r >= 0x7f }) >= 0 {
				seg.Name = "" // a line of text, not a name: not quoted
			}
			return partial(m), seg.Err(0, CodeSegmentSequence, "not a segment name")
		}
		var raw []string
		if found {
			raw = strings.Split(rest, string(d.Field))
		}
		if name == "MSH" {
			// MSH-1 is the separator, MSH-2 the encoding characters: neither is split.
			seg.fields = append(seg.fields, Field{{{string(d.Field)}}}, Field{{{raw[0]}}})
			raw = raw[1:]
		}
		for _, f := range raw {
			if !utf8.ValidString(f) {
				return partial(m), seg.Err(len(seg.fields)+1, CodeDataType, "not UTF-8 text")
			}
			seg.fields = append(seg.fields, d.field(f))
		}
		m.segments = append(m.segments, seg)
	}
	return m, nil
}

// partial is the message returned with an error: nil unless its MSH was read.
func partial(m *Message) *Message {
	if len(m.segments) == 0 {
		return nil
	}
	return m
}

// validName reports whether name is a segment ID: an upper-case letter and two upper-case
// letters or digits (Z-segments included).
func validName(name string) bool {
	if len(name) != 3 || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	for i := 1; i < 3; i++ {
		if c := name[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// delimiters reads MSH-1 and MSH-2: four encoding characters, or five (v2.7's truncation
// character). Every separator is a distinct printable ASCII character that is not a letter
// or a digit.
func delimiters(msh []byte) (Delimiters, error) {
	fail := func(field int, reason string) (Delimiters, error) {
		return Delimiters{}, &Error{Segment: "MSH", Sequence: 1, Field: field, Code: CodeDataType, Reason: reason}
	}
	f := msh[3]
	enc := msh[4:]
	if i := bytes.IndexByte(enc, f); i >= 0 {
		enc = enc[:i]
	}
	if !usable(f) {
		return fail(1, "not a usable field separator")
	}
	if len(enc) != 4 && len(enc) != 5 {
		return fail(2, "the encoding characters are not four or five characters")
	}
	seen := []byte{f}
	for _, c := range enc {
		if !usable(c) || bytes.IndexByte(seen, c) >= 0 {
			return fail(2, "the encoding characters are not distinct separators")
		}
		seen = append(seen, c)
	}
	d := Delimiters{Field: f, Component: enc[0], Repetition: enc[1], Escape: enc[2], Subcomponent: enc[3]}
	if len(enc) == 5 {
		d.Truncation = enc[4]
	}
	return d, nil
}

func usable(c byte) bool { return c > ' ' && c < 0x7f && !isAlnum(c) }

// field splits one field into repetitions, components and subcomponents, and unescapes them.
// An empty field has no repetition.
func (d Delimiters) field(s string) Field {
	if s == "" {
		return nil
	}
	var f Field
	for _, rs := range strings.Split(s, string(d.Repetition)) {
		var r Rep
		for _, cs := range strings.Split(rs, string(d.Component)) {
			var c Component
			for _, ss := range strings.Split(cs, string(d.Subcomponent)) {
				c = append(c, d.unescape(ss))
			}
			r = append(r, c)
		}
		f = append(f, r)
	}
	return f
}

// unescape replaces the escape sequences of a value: \F\ \S\ \T\ \R\ \E\ (and \P\ when the
// message has a truncation character) with the separator they stand for, \Xhh…\ with its
// bytes and \.br\ with a newline. Any other sequence (formatting such as \H\, \.sp\, a
// character set switch) and a lone escape character are kept as they are.
func (d Delimiters) unescape(s string) string {
	esc := string(d.Escape)
	if !strings.Contains(s, esc) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, d.Escape)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i+1:], d.Escape)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		seq := s[i+1 : i+1+j]
		s = s[i+2+j:]
		switch {
		case seq == "F":
			b.WriteByte(d.Field)
		case seq == "S":
			b.WriteByte(d.Component)
		case seq == "T":
			b.WriteByte(d.Subcomponent)
		case seq == "R":
			b.WriteByte(d.Repetition)
		case seq == "E":
			b.WriteByte(d.Escape)
		case seq == "P" && d.Truncation != 0:
			b.WriteByte(d.Truncation)
		case strings.EqualFold(seq, ".br"):
			b.WriteByte('\n')
		default:
			if x, ok := hexBytes(seq); ok {
				b.Write(x)
			} else {
				b.WriteString(esc + seq + esc)
			}
		}
	}
}

// hexBytes reads the body of a \Xhh…\ sequence.
func hexBytes(seq string) ([]byte, bool) {
	if len(seq) < 3 || seq[0] != 'X' || len(seq)%2 == 0 {
		return nil, false
	}
	x, err := hex.DecodeString(seq[1:])
	return x, err == nil
}
