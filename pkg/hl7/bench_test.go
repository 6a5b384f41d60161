package hl7

import "testing"

// BenchmarkParseAndRead parses the Mirth admission (12 segments, three allergies) and reads
// its event: the feed's work per message before it is queued.
func BenchmarkParseAndRead(b *testing.B) {
	data := sample(b, "adt-a01-mirth.hl7")
	b.ReportAllocs()
	for b.Loop() {
		m, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ReadEvent(m, bangkok); err != nil {
			b.Fatal(err)
		}
	}
}
