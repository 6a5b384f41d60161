package imports

import (
	"slices"
	"testing"
)

func TestSplitList(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]string{
		"":                   nil,
		" , ;\n":             nil,
		"A01":                {"A01"},
		" A01 ,B02;; C03\n ": {"A01", "B02", "C03"},
		"กุ้ง\nปู, ถั่ว ลิสง": {"กุ้ง", "ปู", "ถั่ว ลิสง"},
	} {
		if got := SplitList(in); !slices.Equal(got, want) {
			t.Errorf("SplitList(%q) = %q, want %q", in, got, want)
		}
	}
}
