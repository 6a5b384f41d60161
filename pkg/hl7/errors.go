package hl7

import "strconv"

// Error is a message that cannot be read or used, located where HL7's ERR segment locates
// it (ERR-2: segment^sequence^field) and coded from HL7 table 0357 (ERR-3). Parse and Split
// answer errors a sender should get back as AR; ReadEvent's are AE. Reasons never quote the
// message's values: they name patients.
type Error struct {
	Segment  string // segment ID ("PID"); empty when no segment could be named
	Sequence int    // occurrence of the segment in the message, from 1; 0 when unknown
	Field    int    // field number, from 1; 0 for the whole segment
	Code     int    // HL7 table 0357: one of the Code* constants
	Reason   string // in English, for the sender and the feed screen
}

// HL7 table 0357, message error condition codes.
const (
	CodeSegmentSequence  = 100 // a segment missing, misplaced or not readable
	CodeRequiredField    = 101
	CodeDataType         = 102 // a value not of its type (a date that is not a date)
	CodeTableValue       = 103
	CodeUnsupportedType  = 200 // message type
	CodeUnsupportedEvent = 201 // trigger event
	CodeInternal         = 207 // application internal error
)

// codeText is table 0357's text for a code, for ERR-3.2.
func codeText(code int) string {
	switch code {
	case CodeSegmentSequence:
		return "Segment sequence error"
	case CodeRequiredField:
		return "Required field missing"
	case CodeDataType:
		return "Data type error"
	case CodeTableValue:
		return "Table value not found"
	case CodeUnsupportedType:
		return "Unsupported message type"
	case CodeUnsupportedEvent:
		return "Unsupported event code"
	default:
		return "Application internal error"
	}
}

// Location is where the error is, written as HL7 documentation does: "PID-3", "AL1(2)-3".
func (e *Error) Location() string {
	s := e.Segment
	if s == "" {
		s = "message"
	}
	if e.Sequence > 1 {
		s += "(" + strconv.Itoa(e.Sequence) + ")"
	}
	if e.Field > 0 {
		s += "-" + strconv.Itoa(e.Field)
	}
	return s
}

func (e *Error) Error() string { return "hl7: " + e.Location() + ": " + e.Reason }
