package hl7

import (
	"os"
	"reflect"
	"testing"
	"time"
)

// FuzzParse feeds Split, Parse, ReadEvent and ACK arbitrary bytes: none may panic, and a
// message that parses, once encoded, parses again to the same structure.
func FuzzParse(f *testing.F) {
	files, _ := os.ReadDir("testdata")
	for _, file := range files {
		f.Add(sample(f, file.Name()))
	}
	for _, s := range []string{
		"MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5.1\rPID|||1^^^^MR||\\XE0B881\\^\\.br\\\\F\\\\H\\~&&^^\r",
		"MSH#*$!%#A\rPID#!X41!#*%$\r",
		"MSH|^~\\&#|A||||||ADT^A08|x|P|2.7\rZZ1|\\P\\#\r",
		"FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&\rBTS|1\rFTS|1",
		"\x0bMSH|^~\\&|\x1c\r\x0bMSH|^~\\&|\x1c\r",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if msgs, err := Split(data); err == nil {
			for _, b := range msgs {
				if m, err := Parse(b); err == nil {
					_, _ = ReadEvent(m, time.UTC)
				}
			}
		}
		m, err := Parse(data)
		if m != nil {
			ack := ACK(m, Ack{Code: AR, ControlID: "1", Err: &Error{Segment: "PID", Reason: "x|^~\\&"}})
			if _, err := Parse(ack.Encode()); err != nil {
				t.Fatalf("the ACK does not parse: %v\n%q", err, ack.Encode())
			}
		}
		if err != nil {
			return
		}
		enc := m.Encode()
		again, err := Parse(enc)
		if err != nil {
			t.Fatalf("the encoded message does not parse: %v\n%q\n%q", err, data, enc)
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("encoded and parsed again, the message differs\n%q\n%q\n%#v\n%#v", data, enc, m, again)
		}
		if enc2 := again.Encode(); string(enc2) != string(enc) {
			t.Fatalf("encoding is not stable\n%q\n%q", enc, enc2)
		}
	})
}
