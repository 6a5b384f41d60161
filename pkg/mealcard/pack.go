package mealcard

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"
)

// pack rewrites the uncompressed PDF fpdf writes into a smaller one (PDF 1.5):
//
//   - every stream without a filter (the pages' contents, the ToUnicode maps) is compressed
//     with one zlib writer at level 5 (packLevel), reset from stream to stream (fpdf starts a
//     new writer at its fastest level for every page: half a label's time, and a label's page
//     is too short for the fastest level to find much);
//   - the fonts' resource names (fpdf names them /F and a 40-digit hash, written again at every
//     font change of every page) become /F1, /F2, …;
//   - the objects that are not streams (a page's dictionary, the fonts' dictionaries, the
//     catalogue) go into compressed object streams, and the cross-reference table becomes a
//     compressed cross-reference stream: the 80 mm labels have one page, so one dictionary,
//     one stream and two table lines, per card.
//
// It reads only what fpdf writes: the objects listed by its cross-reference table, each
// "N 0 obj … endobj", streams with a /Length.
func pack(raw []byte) ([]byte, error) {
	objs, root, info, err := readObjects(raw)
	if err != nil {
		return nil, err
	}
	// The long resource names are those the resource dictionaries list (objects that are not
	// streams); the pages are searched for each of them, not matched against a pattern.
	short := map[string][]byte{}
	for _, o := range objs {
		if o != nil && o.data == nil {
			for _, m := range fontName().FindAll(o.dict, -1) {
				if _, seen := short[string(m)]; !seen {
					short[string(m)] = []byte("/R" + strconv.Itoa(len(short)+1))
				}
			}
		}
	}
	// rename writes b with its long names short, in one pass (b itself when it has none):
	// a name is a '/' and the name's letters, looked up whole.
	rename := func(b []byte) []byte {
		var out []byte
		last := 0
		for i := 0; ; {
			j := bytes.IndexByte(b[i:], '/')
			if j < 0 {
				break
			}
			j += i
			n := longNameLen(b[j:])
			if r, ok := short[string(b[j:j+n])]; ok && n > 0 {
				if out == nil {
					out = make([]byte, 0, len(b))
				}
				out = append(append(out, b[last:j]...), r...)
				last = j + n
			}
			i = j + max(n, 1)
		}
		if out == nil {
			return b
		}
		return append(out, b[last:]...)
	}

	var out bytes.Buffer
	out.Grow(len(raw) / 3)
	out.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	var z zipper
	type entry struct {
		kind        byte // 1: at an offset, 2: in an object stream
		off, stm, i int
	}
	entries := make([]entry, len(objs))
	var loose []int // objects that are not streams, in order
	for n, o := range objs {
		if o == nil {
			continue
		}
		if o.data == nil {
			loose = append(loose, n)
			continue
		}
		dict, data := o.dict, o.data
		if !bytes.Contains(dict, []byte("/Filter")) {
			data = z.compress(rename(data))
			l := lengthRe().FindIndex(dict)
			dict = append(append(append([]byte{}, dict[:l[0]]...), "/Filter /FlateDecode /Length "+strconv.Itoa(len(data))...), dict[l[1]:]...)
		}
		entries[n] = entry{kind: 1, off: out.Len()}
		fmt.Fprintf(&out, "%d 0 obj\n%s\nstream\n", n, dict)
		out.Write(data)
		out.WriteString("\nendstream\nendobj\n")
	}

	// The other objects, a hundred to an object stream.
	next := len(objs)
	const perStream = 100
	for start := 0; start < len(loose); start += perStream {
		group := loose[start:min(start+perStream, len(loose))]
		var head, body bytes.Buffer
		stm := next
		next++
		for i, n := range group {
			fmt.Fprintf(&head, "%d %d ", n, body.Len())
			body.Write(rename(objs[n].dict))
			body.WriteByte('\n')
			entries[n] = entry{kind: 2, stm: stm, i: i}
		}
		first := head.Len()
		head.Write(body.Bytes())
		data := z.compress(head.Bytes())
		entries = append(entries, entry{kind: 1, off: out.Len()})
		fmt.Fprintf(&out, "%d 0 obj\n<</Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d>>\nstream\n", stm, len(group), first, len(data))
		out.Write(data)
		out.WriteString("\nendstream\nendobj\n")
	}

	// The cross-reference stream: type (1 byte), offset or object stream (4), generation or
	// index (2).
	xref := next
	entries = append(entries, entry{kind: 1, off: out.Len()})
	table := make([]byte, 0, len(entries)*7)
	for n, e := range entries {
		switch {
		case n == 0:
			table = append(table, 0, 0, 0, 0, 0, 0xff, 0xff)
		case e.kind == 1:
			table = append(table, 1)
			table = binary.BigEndian.AppendUint32(table, uint32(e.off))
			table = append(table, 0, 0)
		case e.kind == 2:
			table = append(table, 2)
			table = binary.BigEndian.AppendUint32(table, uint32(e.stm))
			table = binary.BigEndian.AppendUint16(table, uint16(e.i))
		default:
			table = append(table, 0, 0, 0, 0, 0, 0, 0)
		}
	}
	data := z.compress(table)
	fmt.Fprintf(&out, "%d 0 obj\n<</Type /XRef /Size %d /W [1 4 2] /Root %d 0 R /Info %d 0 R /Filter /FlateDecode /Length %d>>\nstream\n",
		xref, len(entries), root, info, len(data))
	out.Write(data)
	fmt.Fprintf(&out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", entries[xref].off)
	if z.err != nil {
		return nil, z.err
	}
	return out.Bytes(), nil
}

// fontName is fpdf's name of a font or template resource: /F or /TPL and a SHA-1 in hex.
var fontName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/(F|TPL)[0-9a-f]{40}`) })

// longNameLen answers the length of the fontName at the start of b, 0 when there is none.
func longNameLen(b []byte) int {
	var n int
	switch {
	case bytes.HasPrefix(b, []byte("/F")):
		n = 2
	case bytes.HasPrefix(b, []byte("/TPL")):
		n = 4
	default:
		return 0
	}
	if len(b) < n+40 {
		return 0
	}
	for _, c := range b[n : n+40] {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return 0
		}
	}
	return n + 40
}

// object is an object of fpdf's output: its dictionary (or whole body) and its stream's
// bytes (nil when it has none).
type object struct {
	dict, data []byte
}

var (
	startXref = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`) })
	trailerRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/Size (\d+)\s+/Root (\d+) 0 R\s+/Info (\d+) 0 R`) })
	lengthRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/Length (\d+)`) })
)

// readObjects reads fpdf's objects by its cross-reference table: objs[n] is object n (nil
// for a free one).
func readObjects(raw []byte) (objs []*object, root, info int, err error) {
	bad := func(what string) ([]*object, int, int, error) {
		return nil, 0, 0, errors.New("mealcard: pack: " + what)
	}
	m := startXref().FindSubmatch(raw)
	if m == nil {
		return bad("no startxref")
	}
	at, _ := strconv.Atoi(string(m[1]))
	if at >= len(raw) || !bytes.HasPrefix(raw[at:], []byte("xref\n0 ")) {
		return bad("no xref table")
	}
	t := trailerRe().FindSubmatch(raw[at:])
	if t == nil {
		return bad("no trailer")
	}
	size, _ := strconv.Atoi(string(t[1]))
	root, _ = strconv.Atoi(string(t[2]))
	info, _ = strconv.Atoi(string(t[3]))
	lines := raw[at+len("xref\n0 "):]
	lines = lines[bytes.IndexByte(lines, '\n')+1:]
	if len(lines) < size*20 {
		return bad("short xref table")
	}
	objs = make([]*object, size)
	for n := 1; n < size; n++ {
		line := lines[n*20 : n*20+20]
		if line[17] != 'n' {
			continue
		}
		off, _ := strconv.Atoi(string(line[:10]))
		head := []byte(strconv.Itoa(n) + " 0 obj\n")
		if off >= len(raw) || !bytes.HasPrefix(raw[off:], head) {
			return bad(fmt.Sprintf("object %d is not at %d", n, off))
		}
		rest := raw[off+len(head):]
		end := bytes.Index(rest, []byte("endobj"))
		st := bytes.Index(rest, []byte("stream\n"))
		if end < 0 {
			return bad(fmt.Sprintf("object %d has no end", n))
		}
		if st < 0 || st > end {
			objs[n] = &object{dict: bytes.TrimSpace(rest[:end])}
			continue
		}
		dict := bytes.TrimSpace(rest[:st])
		l := lengthRe().FindSubmatch(dict)
		if l == nil {
			return bad(fmt.Sprintf("stream %d has no length", n))
		}
		ln, _ := strconv.Atoi(string(l[1]))
		if st+len("stream\n")+ln > len(rest) {
			return bad(fmt.Sprintf("stream %d is cut", n))
		}
		objs[n] = &object{dict: dict, data: rest[st+len("stream\n") : st+len("stream\n")+ln]}
	}
	return objs, root, info, nil
}

// packLevel is the zlib level of every stream. Level 5 searches a quarter of the default's
// match chains: 1,000 cards take about 7 % less processor time (labels, whose thousand short
// pages are compressed one by one, the most), for the same bytes on labels and 0.9 % more on
// A4 sheets (976 B a card against 968; issue 28, docs/meal-cards.md). Level 4 writes labels
// of 1,558 B a card, over the 1.5 kB budget.
const packLevel = 5

// zipper compresses with one zlib writer, reset for each stream.
type zipper struct {
	w   *zlib.Writer
	buf bytes.Buffer
	err error
}

func (z *zipper) compress(b []byte) []byte {
	z.buf.Reset()
	if z.w == nil {
		w, err := zlib.NewWriterLevel(&z.buf, packLevel)
		if err != nil {
			z.err = err
			return nil
		}
		z.w = w
	} else {
		z.w.Reset(&z.buf)
	}
	if _, err := z.w.Write(b); err != nil && z.err == nil {
		z.err = err
	}
	if err := z.w.Close(); err != nil && z.err == nil {
		z.err = err
	}
	return bytes.Clone(z.buf.Bytes())
}
