package db

import "testing"

func TestSearchArgs(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]string{"": "%%", "abc": "%abc%", ` 1_0% \ `: `% 1\_0\% \\ %`} {
		if got := LikePattern(s); got != want {
			t.Errorf("LikePattern(%q) = %q, want %q", s, got, want)
		}
	}
	if p := Contains(" \t\n"); p != nil {
		t.Errorf("Contains(blank) = %q, want nil", *p)
	}
	if p := Contains(" 5%_x "); p == nil || *p != `%5\%\_x%` {
		t.Errorf("Contains(\" 5%%_x \") = %v, want %%5\\%%\\_x%%", p)
	}
	if OptID(0) != nil {
		t.Error("OptID(0) is not nil")
	}
	if p := OptID(7); p == nil || *p != 7 {
		t.Errorf("OptID(7) = %v", p)
	}
}
