// Package hl7 reads HL7 v2 messages in their pipe-delimited form (ER7) as hospital interface
// engines send them, maps ADT and diet-order messages to an Event, and builds the ACK that
// answers a message.
//
//	msgs, err := hl7.Split(body)          // a message, several, or a FHS/BHS batch file
//	m, err := hl7.Parse(msgs[0])          // one message
//	ev, err := hl7.ReadEvent(m, day.Bangkok)
//	ack := hl7.ACK(m, hl7.Ack{Code: hl7.AA, ControlID: id, Time: now}).Encode()
//
// Numbering follows HL7: segments are named ("PID"), fields, components and subcomponents
// are numbered from 1 (PID-3.4.1 is m.Segment("PID") → Field(3).Rep(0).Component(4).Sub(1)),
// and repetitions are a list indexed from 0. In MSH (and FHS, BHS), field 1 is the field
// separator itself and field 2 the encoding characters, so MSH-3 is the first field after
// the encoding characters, as the standard counts it.
//
// Values are unescaped when read and escaped again by Encode; the package knows nothing of
// Samrap's codes, database or HTTP.
package hl7

// Delimiters are a message's separators, from MSH-1 and MSH-2.
type Delimiters struct {
	Field        byte
	Component    byte
	Repetition   byte
	Escape       byte
	Subcomponent byte
	Truncation   byte // HL7 v2.7's fifth encoding character; 0 when MSH-2 has four
}

// DefaultDelimiters are |^~\& (what almost every sender uses).
var DefaultDelimiters = Delimiters{'|', '^', '~', '\\', '&', 0}

// encoding returns MSH-2 as written: component, repetition, escape, subcomponent [truncation].
func (d Delimiters) encoding() string {
	b := []byte{d.Component, d.Repetition, d.Escape, d.Subcomponent}
	if d.Truncation != 0 {
		b = append(b, d.Truncation)
	}
	return string(b)
}

// Message is one HL7 v2 message: its delimiters and its segments in order, MSH first.
type Message struct {
	Delims   Delimiters
	segments []Segment
}

// All returns every segment in order.
func (m *Message) All() []Segment { return m.segments }

// Segment returns the first segment named name ("PID") and whether there is one. A missing
// segment is a zero Segment, whose fields are all empty.
func (m *Message) Segment(name string) (Segment, bool) {
	for _, s := range m.segments {
		if s.Name == name {
			return s, true
		}
	}
	return Segment{}, false
}

// Segments returns every segment named name, in order.
func (m *Message) Segments(name string) []Segment {
	var out []Segment
	for _, s := range m.segments {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// Segment is one segment: its name and its fields.
type Segment struct {
	Name   string
	seq    int     // occurrence of Name in the message, from 1
	fields []Field // fields[0] is field 1
}

// Seq is the segment's occurrence among the message's segments of the same name, from 1
// (the second AL1 is 2): the "segment sequence" an ERR segment names.
func (s Segment) Seq() int { return s.seq }

// Len is the number of fields the segment has (trailing empty fields included).
func (s Segment) Len() int { return len(s.fields) }

// Field returns field n, numbered from 1 as HL7 does (in MSH, field 1 is the field
// separator). A field the segment does not have is empty.
func (s Segment) Field(n int) Field {
	if n < 1 || n > len(s.fields) {
		return nil
	}
	return s.fields[n-1]
}

// Value is the first value of field n: Field(n).Value().
func (s Segment) Value(n int) string { return s.Field(n).Value() }

// Err returns an Error located at field n of this segment (0: the whole segment).
func (s Segment) Err(n, code int, reason string) *Error {
	return &Error{Segment: s.Name, Sequence: s.seq, Field: n, Code: code, Reason: reason}
}

// Field is a field's repetitions; an empty field has none.
type Field []Rep

// Rep returns repetition i, counted from 0; a repetition the field does not have is empty.
func (f Field) Rep(i int) Rep {
	if i < 0 || i >= len(f) {
		return nil
	}
	return f[i]
}

// Value is the field's first value: the first subcomponent of the first component of the
// first repetition.
func (f Field) Value() string { return f.Rep(0).Comp(1) }

// Rep is one repetition of a field: its components.
type Rep []Component

// Component returns component n, numbered from 1.
func (r Rep) Component(n int) Component {
	if n < 1 || n > len(r) {
		return nil
	}
	return r[n-1]
}

// Comp is the value of component n (numbered from 1): its first subcomponent.
func (r Rep) Comp(n int) string { return r.Component(n).Sub(1) }

// Component is one component: its subcomponents, unescaped.
type Component []string

// Sub returns subcomponent n, numbered from 1; "" when there is none.
func (c Component) Sub(n int) string {
	if n < 1 || n > len(c) {
		return ""
	}
	return c[n-1]
}
