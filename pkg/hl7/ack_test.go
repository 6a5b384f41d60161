package hl7

import (
	"strings"
	"testing"
)

func TestACKAccepted(t *testing.T) {
	t.Parallel()
	in := mustParse(t, sample(t, "adt-a01-mirth.hl7"))
	out := ACK(in, Ack{Code: AA, ControlID: "SAMRAP-000001", Time: at7("2024-01-15 08:30:13")})
	enc := string(out.Encode())
	want := `MSH|^~\&|SAMRAP|SRP01|HOSxP|SRP-HOSP|20240115083013+0700||ACK^A01^ACK|SAMRAP-000001|P|2.5.1||||||UNICODE UTF-8` + "\r" +
		"MSA|AA|MSG00001\r"
	if enc != want {
		t.Errorf("ACK\n got  %q\n want %q", enc, want)
	}
	// Round trip: the ACK parses, and reads as an ACK of the message.
	back := mustParse(t, []byte(enc))
	msh, _ := back.Segment("MSH")
	msa, _ := back.Segment("MSA")
	if msh.Value(9) != "ACK" || msh.Field(9).Rep(0).Comp(2) != "A01" || msh.Value(10) != "SAMRAP-000001" ||
		msa.Value(1) != "AA" || msa.Value(2) != "MSG00001" {
		t.Errorf("read back MSH-9 %q MSH-10 %q MSA %q", msh.Field(9), msh.Value(10), msa.Field(1))
	}
	if _, ok := back.Segment("ERR"); ok {
		t.Error("an ERR segment in an AA")
	}
	ev, err := ReadEvent(back, bangkok)
	if err != nil || ev.Kind != KindUnknown || ev.MessageControlID != "SAMRAP-000001" {
		t.Errorf("the ACK as an event: %+v, %v", ev, err)
	}
}

func TestACKError(t *testing.T) {
	t.Parallel()
	// Other delimiters, and a reason holding every one of them: all escaped.
	body := "MSH#*$!%#HIS*H1#HOSP#SAMRAP#SRP01#20240115083012##ADT*A08*ADT_A01#M-77#T#2.4\rPID#1##123\r"
	in := mustParse(t, []byte(body))
	e := &Error{Segment: "PID", Sequence: 1, Field: 3, Code: CodeRequiredField, Reason: "no identifier typed MR (#*$!% | ^ ~ \\ &)"}
	out := ACK(in, Ack{Code: AE, ControlID: "A2", Time: at7("2024-01-15 08:30:13"), Err: e})
	enc := string(out.Encode())
	if !strings.HasPrefix(enc, "MSH#*$!%#SAMRAP#SRP01#HIS*H1#HOSP#20240115083013+0700##ACK*A08*ACK#A2#T#2.4\r") {
		t.Errorf("MSH: %q", enc)
	}
	if !strings.Contains(enc, "\rERR##PID*1*3#101*Required field missing*HL70357#E####no identifier typed MR (!F!!S!!R!!E!!T! | ^ ~ \\ &)\r") {
		t.Errorf("ERR: %q", enc)
	}
	back := mustParse(t, []byte(enc))
	msa, _ := back.Segment("MSA")
	if msa.Value(1) != "AE" || msa.Value(2) != "M-77" || msa.Value(3) != e.Reason {
		t.Errorf("MSA read back %q %q %q", msa.Value(1), msa.Value(2), msa.Value(3))
	}
	errSeg, _ := back.Segment("ERR")
	loc := errSeg.Field(2).Rep(0)
	if loc.Comp(1) != "PID" || loc.Comp(2) != "1" || loc.Comp(3) != "3" || errSeg.Value(3) != "101" ||
		errSeg.Value(4) != "E" || errSeg.Value(8) != e.Reason {
		t.Errorf("ERR read back %q", errSeg.fields)
	}
}

func TestACKReject(t *testing.T) {
	t.Parallel()
	// The MSH was read, a later segment was not: the AR answers the sender's control ID.
	in, err := Parse([]byte("MSH|^~\\&|HIS|H|SAMRAP|SRP01|20240115||ADT^A01|M-9|P|2.5.1\rpid|1\r"))
	e, ok := err.(*Error)
	if !ok || in == nil {
		t.Fatalf("Parse: %v, message %v", err, in)
	}
	enc := string(ACK(in, Ack{Code: AR, ControlID: "A3", Time: at7("2024-01-15 08:30:13"), Text: "cannot read the message", Err: e}).Encode())
	back := mustParse(t, []byte(enc))
	msa, _ := back.Segment("MSA")
	errSeg, _ := back.Segment("ERR")
	if msa.Value(1) != "AR" || msa.Value(2) != "M-9" || msa.Value(3) != "cannot read the message" ||
		errSeg.Field(2).Rep(0).Comp(1) != "pid" || len(errSeg.Field(2).Rep(0)) != 2 || errSeg.Value(3) != "100" {
		t.Errorf("AR: %q", enc)
	}

	// Nothing could be read: default delimiters, no MSA-2, the error without a location.
	_, err = Parse([]byte("not hl7 at all"))
	e, _ = err.(*Error)
	enc = string(ACK(nil, Ack{Code: AR, ControlID: "A4", Time: at7("2024-01-15 08:30:13"), Err: e}).Encode())
	want := "MSH|^~\\&|||||20240115083013+0700||ACK|A4|P|2.5.1\rMSA|AR||" + e.Reason + "\rERR||" +
		"|100^Segment sequence error^HL70357|E||||" + e.Reason + "\r"
	if enc != want {
		t.Errorf("ACK of nothing\n got  %q\n want %q", enc, want)
	}
	mustParse(t, []byte(enc))
}
