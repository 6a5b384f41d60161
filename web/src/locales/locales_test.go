package locales

import (
	"io/fs"
	"testing"
)

// Every locale file the server embeds reads, and a nested string is found under its dotted key.
func TestWords(t *testing.T) {
	for _, lang := range []string{"th", "en"} {
		names, err := fs.Glob(files, lang+"/*.json")
		if err != nil || len(names) != 2 {
			t.Fatalf("%s: %v %v", lang, names, err)
		}
		for _, name := range names {
			area := name[len(lang)+1 : len(name)-len(".json")]
			if w, err := Words(lang, area); err != nil || len(w) == 0 {
				t.Errorf("%s: %d words, %v", name, len(w), err)
			}
		}
	}
	if w, _ := Words("en", "orders"); w["status.WAITING"] != "Awaiting serving" || w["iddsi.FOOD.7"] != "Regular" {
		t.Errorf("orders: %q %q", w["status.WAITING"], w["iddsi.FOOD.7"])
	}
	if _, err := Words("en", "nothing"); err == nil {
		t.Error("a file that is not there: no error")
	}
}
