package hl7

import (
	"strconv"
	"time"
)

// Acknowledgment codes (MSA-1, original mode).
const (
	AA = "AA" // accepted: the message is durably queued
	AE = "AE" // error: read, but cannot be used (a required field missing, a bad date)
	AR = "AR" // reject: not readable, not a message we take, or not ours
)

// Ack is what an acknowledgment says.
type Ack struct {
	Code      string    // AA, AE or AR
	ControlID string    // the ACK's own MSH-10, unique per ACK sent
	Time      time.Time // MSH-7, written with its offset
	Text      string    // MSA-3; for AE/AR without one, Err's reason
	Err       *Error    // for AE/AR: the ERR segment's location and code
}

// ACK builds the acknowledgment of received: an MSH with the sending and receiving
// application and facility swapped, MSH-9 ACK^<trigger>^ACK, MSH-10 a.ControlID, MSH-11,
// MSH-12 and MSH-18 copied; MSA-1 a.Code, MSA-2 the received MSH-10, MSA-3 the text; and for
// AE or AR, an ERR segment naming segment^sequence^field (ERR-2), the table 0357 code
// (ERR-3), severity E (ERR-4) and the reason (ERR-8). It uses the received message's
// delimiters; received may be nil when nothing could be read (then |^~\& and no MSA-2).
// Values are escaped when the ACK is encoded.
func ACK(received *Message, a Ack) *Message {
	var in Segment
	d := DefaultDelimiters
	if received != nil {
		in, _ = received.Segment("MSH")
		d = received.Delims
	}
	text := a.Text
	if text == "" && a.Err != nil && a.Code != AA {
		text = a.Err.Reason
	}
	msgType := Field{{{"ACK"}}}
	if trigger := in.Field(9).Rep(0).Comp(2); trigger != "" {
		msgType = Field{{{"ACK"}, {trigger}, {"ACK"}}}
	}
	processing := in.Field(11)
	if processing == nil {
		processing = value("P")
	}
	version := in.Field(12)
	if version == nil {
		version = value("2.5.1")
	}
	msh := Segment{Name: "MSH", seq: 1, fields: []Field{
		value(string(d.Field)), value(d.encoding()),
		in.Field(5), in.Field(6), in.Field(3), in.Field(4), // MSH-3..6: sender and receiver swapped
		value(formatTime(a.Time)), nil, msgType, value(a.ControlID), processing, version,
	}}
	if cs := in.Field(18); cs != nil {
		msh.fields = append(msh.fields, nil, nil, nil, nil, nil, cs) // MSH-13..17 empty, MSH-18
	}
	msa := Segment{Name: "MSA", seq: 1, fields: []Field{value(a.Code), value(in.Field(10).Value())}}
	if text != "" {
		msa.fields = append(msa.fields, value(text))
	}
	ack := &Message{Delims: d, segments: []Segment{msh, msa}}
	if a.Err != nil && a.Code != AA {
		e := a.Err
		var loc Rep
		if e.Segment != "" {
			loc = Rep{{e.Segment}, {num(e.Sequence)}, {num(e.Field)}}
			for len(loc) > 1 && loc[len(loc)-1][0] == "" {
				loc = loc[:len(loc)-1]
			}
		}
		err := Segment{Name: "ERR", seq: 1, fields: []Field{
			nil,
			fieldOf(loc),
			{{{strconv.Itoa(e.Code)}, {codeText(e.Code)}, {"HL70357"}}},
			value("E"),
			nil, nil, nil,
			value(e.Reason),
		}}
		ack.segments = append(ack.segments, err)
	}
	return ack
}

// value is a field holding one value; an empty value is an empty field.
func value(s string) Field {
	if s == "" {
		return nil
	}
	return Field{{{s}}}
}

func fieldOf(r Rep) Field {
	if r == nil {
		return nil
	}
	return Field{r}
}

// num writes a positive number; 0 (unknown) is left empty.
func num(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}
