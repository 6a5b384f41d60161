package hl7

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func sample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t testing.TB, data []byte) *Message {
	t.Helper()
	m, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return m
}

func TestMSHNumbering(t *testing.T) {
	t.Parallel()
	m := mustParse(t, sample(t, "adt-a01-mirth.hl7"))
	msh, ok := m.Segment("MSH")
	if !ok {
		t.Fatal("no MSH")
	}
	for n, want := range map[int]string{
		1: "|", 2: `^~\&`, 3: "HOSxP", 4: "SRP-HOSP", 5: "SAMRAP", 6: "SRP01", 7: "20240115083012+0700",
		8: "", 9: "ADT", 10: "MSG00001", 11: "P", 12: "2.5.1", 18: "UNICODE UTF-8", 19: "",
	} {
		if got := msh.Value(n); got != want {
			t.Errorf("MSH-%d = %q, want %q", n, got, want)
		}
	}
	if got := msh.Field(9).Rep(0).Comp(2); got != "A01" {
		t.Errorf("MSH-9.2 = %q", got)
	}
	if got := msh.Field(9).Rep(0).Comp(3); got != "ADT_A01" {
		t.Errorf("MSH-9.3 = %q", got)
	}
	if m.Delims != DefaultDelimiters {
		t.Errorf("delimiters %+v", m.Delims)
	}
	// Other segments count from the first field after the name.
	pid, _ := m.Segment("PID")
	if got := pid.Value(1); got != "1" {
		t.Errorf("PID-1 = %q", got)
	}
	hn := pid.Field(3).Rep(1)
	if hn.Comp(1) != "640012345" || hn.Comp(5) != "MR" || hn.Component(4).Sub(2) != "2.16.764.1.1" || hn.Component(4).Sub(3) != "ISO" {
		t.Errorf("PID-3 second repetition = %q", hn)
	}
	if got := pid.Field(5).Rep(0).Comp(2); got != "สมชาย" {
		t.Errorf("PID-5.2 = %q", got)
	}
	// Out of range is empty, never a panic.
	if pid.Field(0) != nil || pid.Field(99) != nil || pid.Field(3).Rep(9) != nil || pid.Field(3).Rep(-1) != nil ||
		pid.Field(3).Rep(0).Comp(0) != "" || pid.Field(3).Rep(0).Comp(42) != "" || pid.Field(3).Rep(0).Component(4).Sub(9) != "" {
		t.Error("out of range accessors are not empty")
	}
	if got := len(m.Segments("AL1")); got != 3 {
		t.Errorf("AL1 segments = %d", got)
	}
	if al1 := m.Segments("AL1")[2]; al1.Seq() != 3 || al1.Value(1) != "3" {
		t.Errorf("third AL1: seq %d, AL1-1 %q", al1.Seq(), al1.Value(1))
	}
	if _, ok := m.Segment("ZPI"); !ok {
		t.Error("Z-segment dropped")
	}
	if _, ok := m.Segment("OBX"); ok {
		t.Error("found a segment that is not there")
	}
}

func TestOtherDelimiters(t *testing.T) {
	t.Parallel()
	// Field #, component *, repetition $, escape !, subcomponent %.
	m := mustParse(t, []byte("MSH#*$!%#APP#FAC#####ADT*A01#1#P#2.5.1\rPID#1##A*B%C*D$E!F!!S!x#"))
	if m.Delims != (Delimiters{'#', '*', '$', '!', '%', 0}) {
		t.Fatalf("delimiters %+v", m.Delims)
	}
	msh, _ := m.Segment("MSH")
	if msh.Value(1) != "#" || msh.Value(2) != "*$!%" || msh.Value(3) != "APP" || msh.Field(9).Rep(0).Comp(2) != "A01" {
		t.Errorf("MSH read as %q %q %q %q", msh.Value(1), msh.Value(2), msh.Value(3), msh.Value(9))
	}
	pid, _ := m.Segment("PID")
	f := pid.Field(3)
	if len(f) != 2 || f.Rep(0).Comp(1) != "A" || f.Rep(0).Component(2).Sub(2) != "C" || f.Rep(0).Comp(3) != "D" || f.Rep(1).Comp(1) != "E#*x" {
		t.Errorf("PID-3 = %q", f)
	}
	if pid.Len() != 4 || pid.Field(4) != nil {
		t.Errorf("PID has %d fields, want 4 with an empty last", pid.Len())
	}
}

func TestUnescape(t *testing.T) {
	t.Parallel()
	d := DefaultDelimiters
	v27 := DefaultDelimiters
	v27.Truncation = '#'
	for _, tc := range []struct {
		d       Delimiters
		in, out string
	}{
		{d, `plain`, `plain`},
		{d, `a\F\b\S\c\T\d\R\e\E\f`, `a|b^c&d~e\f`},
		{d, `line one\.br\line two`, "line one\nline two"},
		{d, `\.BR\`, "\n"},
		{d, `\X0D0A\`, "\r\n"},
		{d, `\Xe0b881\`, "ก"},
		{d, `\X0\`, `\X0\`},   // odd hex: kept
		{d, `\XZZ\`, `\XZZ\`}, // not hex: kept
		{d, `\H\bold\N\`, `\H\bold\N\`},
		{d, `\.sp2\`, `\.sp2\`},
		{d, `\C2842\`, `\C2842\`}, // a character set switch: kept
		{d, `C:\temp`, `C:\temp`}, // a lone escape character: kept
		{d, `\\`, `\\`},
		{d, `\P\`, `\P\`}, // no truncation character in a four-character MSH-2
		{v27, `\P\`, `#`},
		{d, `\F\\S\`, `|^`},
	} {
		if got := tc.d.unescape(tc.in); got != tc.out {
			t.Errorf("unescape(%q) = %q, want %q", tc.in, got, tc.out)
		}
	}
}

func TestEscapeRoundTrip(t *testing.T) {
	t.Parallel()
	v27 := DefaultDelimiters
	v27.Truncation = '#'
	for _, v := range []string{
		"", "plain", `a|b^c&d~e\f`, "x\ny\rz\x00\x0b\x1c\tw", "\xff\xfe bad UTF-8", "ไทย #5",
		`\H\ kept \N\`, `\X41\`, `\.br\`, `\`,
	} {
		for _, d := range []Delimiters{DefaultDelimiters, v27} {
			var b strings.Builder
			d.escape(&b, v)
			enc := b.String()
			if strings.ContainsAny(enc, "|^&~\r\n\x0b\x1c") || (d.Truncation != 0 && strings.Contains(enc, "#")) {
				t.Errorf("escape(%q) = %q holds a separator", v, enc)
			}
			if got := d.unescape(enc); got != v {
				t.Errorf("unescape(escape(%q)) = %q (via %q)", v, got, enc)
			}
		}
	}
}

func TestTerminatorsAndFraming(t *testing.T) {
	t.Parallel()
	segs := []string{`MSH|^~\&|A|B|C|D|20240101||ADT^A08|X1|P|2.5.1`, "PID|||1^^^^MR||ใจดี^สมชาย", "ZZZ|1"}
	want := mustParse(t, []byte(strings.Join(segs, "\r")))
	for name, body := range map[string]string{
		"LF":             strings.Join(segs, "\n"),
		"CRLF":           strings.Join(segs, "\r\n"),
		"trailing CR":    strings.Join(segs, "\r") + "\r",
		"trailing CRLF":  strings.Join(segs, "\r\n") + "\r\n\r\n",
		"blank lines":    "\n\n" + strings.Join(segs, "\r\n\r\n") + "\n  \n",
		"MLLP":           "\x0b" + strings.Join(segs, "\r") + "\r\x1c\r",
		"MLLP no CR end": "\x0b" + strings.Join(segs, "\r") + "\x1c",
		"mixed":          segs[0] + "\r" + segs[1] + "\n" + segs[2] + "\r\n",
	} {
		got, err := Parse([]byte(body))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: parsed differently", name)
		}
	}
}

func TestSamplesParse(t *testing.T) {
	t.Parallel()
	files, _ := os.ReadDir("testdata")
	for _, f := range files {
		if f.Name() == "batch-fhs.hl7" {
			continue
		}
		m, err := Parse(sample(t, f.Name()))
		if err != nil {
			t.Errorf("%s: %v", f.Name(), err)
			continue
		}
		if m.All()[0].Name != "MSH" {
			t.Errorf("%s: first segment %s", f.Name(), m.All()[0].Name)
		}
	}
}

func TestMLLPAndTruncationCharacter(t *testing.T) {
	t.Parallel()
	m := mustParse(t, sample(t, "mllp-a04.hl7"))
	if m.Delims.Truncation != '#' {
		t.Errorf("truncation character %q", m.Delims.Truncation)
	}
	msh, _ := m.Segment("MSH")
	if msh.Value(2) != `^~\&#` || msh.Value(3) != "HOSxP" || msh.Value(12) != "2.7" {
		t.Errorf("MSH-2 %q, MSH-3 %q, MSH-12 %q", msh.Value(2), msh.Value(3), msh.Value(12))
	}
	if got := len(m.All()); got != 4 {
		t.Errorf("%d segments, want 4", got)
	}
}

func TestSplitBatch(t *testing.T) {
	t.Parallel()
	msgs, err := Split(sample(t, "batch-fhs.hl7"))
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 {
		t.Fatalf("%d messages, want 3", len(msgs))
	}
	for i, want := range []string{"B0001-1", "B0001-2", "B0001-3"} {
		m := mustParse(t, msgs[i])
		msh, _ := m.Segment("MSH")
		if msh.Value(10) != want || len(m.All()) != 4 {
			t.Errorf("message %d: MSH-10 %q, %d segments", i, msh.Value(10), len(m.All()))
		}
	}
	// Messages one after another, without a batch envelope, MLLP framed.
	one := string(sample(t, "mllp-a04.hl7"))
	if msgs, err := Split([]byte(one + one)); err != nil || len(msgs) != 2 {
		t.Errorf("two framed messages: %d, %v", len(msgs), err)
	}
	// A file without BHS: FTS-1 counts its messages.
	if msgs, err := Split([]byte("FHS|^~\\&\r" + one + one + "FTS|2\r")); err != nil || len(msgs) != 2 {
		t.Errorf("a file without BHS: %d, %v", len(msgs), err)
	}
	// A single message wrapped in a batch parses on its own.
	wrapped := "FHS|^~\\&\rBHS|^~\\&\r" + string(sample(t, "adt-a03-cloverleaf.hl7")) + "BTS|1\rFTS|1\r"
	if _, err := Parse([]byte(wrapped)); err != nil {
		t.Errorf("a batch of one: %v", err)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	const msh = "MSH|^~\\&|A|B|C|D|20240101||ADT^A01|X1|P|2.5.1\r"
	batch := string(sample(t, "batch-fhs.hl7"))
	for _, tc := range []struct {
		name   string
		body   string
		want   Error
		hasMsg bool // the MSH comes back with the error, for the AR
	}{
		{"empty", "", Error{Segment: "MSH", Code: 100}, false},
		{"no MSH", "PID|1||123\r", Error{Code: 100}, false},
		{"segment before MSH", "PID|1\r" + msh, Error{Code: 100}, false},
		{"MSH alone", "MSH\r", Error{Segment: "MSH", Sequence: 1, Field: 1, Code: 101}, false},
		{"letter as field separator", "MSHX^~\\&\r", Error{Code: 100}, false},
		{"three encoding characters", "MSH|^~\\|A\r", Error{Segment: "MSH", Sequence: 1, Field: 2, Code: 102}, false},
		{"six encoding characters", "MSH|^~\\&#!|A\r", Error{Segment: "MSH", Sequence: 1, Field: 2, Code: 102}, false},
		{"repeated separator", "MSH|^^\\&|A\r", Error{Segment: "MSH", Sequence: 1, Field: 2, Code: 102}, false},
		{"bad segment name", msh + "pid|1\r", Error{Segment: "pid", Sequence: 1, Code: 100}, true},
		{"long segment name", msh + "PIDX|1\r", Error{Segment: "PIDX", Sequence: 1, Code: 100}, true},
		{"a line of text", msh + "Somchai Jaidee, bed 5\r", Error{Sequence: 1, Code: 100}, true},
		{"not UTF-8", msh + "PID|1||123||\xde\xc1\xca\xd2\xc2\r", Error{Segment: "PID", Sequence: 1, Field: 5, Code: 102}, true},
		{"two messages", msh + msh, Error{Segment: "MSH", Sequence: 2, Code: 100}, true},
		{"batch count", strings.Replace(batch, "BTS|3", "BTS|4", 1), Error{Segment: "BTS", Sequence: 1, Field: 1, Code: 100}, false},
		{"file count", strings.Replace(batch, "FTS|1", "FTS|2", 1), Error{Segment: "FTS", Sequence: 1, Field: 1, Code: 100}, false},
	} {
		m, err := Parse([]byte(tc.body))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want an *Error", tc.name, err)
			continue
		}
		if e.Segment != tc.want.Segment || e.Sequence != tc.want.Sequence || e.Field != tc.want.Field || e.Code != tc.want.Code || e.Reason == "" {
			t.Errorf("%s: %+v, want %+v", tc.name, *e, tc.want)
		}
		if (m != nil) != tc.hasMsg {
			t.Errorf("%s: message returned %v, want %v", tc.name, m != nil, tc.hasMsg)
		}
		if m != nil {
			if mh, _ := m.Segment("MSH"); mh.Value(10) != "X1" {
				t.Errorf("%s: the returned message has MSH-10 %q", tc.name, mh.Value(10))
			}
		}
	}
}

func TestErrorText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{Segment: "PID", Sequence: 1, Field: 3, Reason: "no patient identifier typed MR"}, "hl7: PID-3: no patient identifier typed MR"},
		{Error{Segment: "AL1", Sequence: 2, Field: 3, Reason: "x"}, "hl7: AL1(2)-3: x"},
		{Error{Segment: "MRG", Reason: "y"}, "hl7: MRG: y"},
		{Error{Reason: "z"}, "hl7: message: z"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}
