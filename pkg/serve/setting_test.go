package serve_test

import (
	"testing"

	"samrap/pkg/serve"
)

// What a wristband holds under a branch's pattern: the HN between the prefix and suffix
// (compared without case), whitespace around ignored, and nothing that is not an HN.
func TestWristbandHN(t *testing.T) {
	for _, c := range []struct {
		pattern, content, hn string
		ok                   bool
	}{
		{"{hn}", "HN0001", "HN0001", true},
		{"", " HN0001\r\n", "HN0001", true},
		{"{hn}", "HN 0001", "", false},
		{"{hn}", "", "", false},
		{"HN:{hn}", "HN:HN0001", "HN0001", true},
		{"HN:{hn}", "hn:HN0001", "HN0001", true},
		{"HN:{hn}", "HN0001", "", false},
		{"HN:{hn}", "HN:", "", false},
		{"{hn}|SRP", "HN0001|SRP", "HN0001", true},
		{"{hn}|SRP", "HN0001|CNX", "", false},
		{"[{hn}]", "[", "", false},
	} {
		hn, ok := serve.Setting{Pattern: c.pattern}.HN(c.content)
		if hn != c.hn && c.ok || ok != c.ok {
			t.Errorf("%q in %q: %q %v, want %q %v", c.content, c.pattern, hn, ok, c.hn, c.ok)
		}
	}
}
