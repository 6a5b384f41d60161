package params

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// Issue 11 §5: the web's master-data kind descriptions (web/src/features/master-data/
// kinds.ts) agree with Go's (kinds.go): the same kinds, each with the same own fields in
// the same order, of the same type, required or not, with the same text limits, references
// and lists. The web file is read as text: a change on either side that the other lacks
// fails here.
func TestWebKindsAgreeWithGo(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/features/master-data/kinds.ts")
	if err != nil {
		t.Fatal(err)
	}
	ts := string(src)
	consts := map[string]string{}
	for _, m := range regexp.MustCompile(`const (\w+): FieldSpec = (\{[^}]*\});`).FindAllStringSubmatch(ts, -1) {
		consts[m[1]] = m[2]
	}
	start := strings.Index(ts, "export const KINDS")
	end := strings.Index(ts[start:], "\n};")
	if start < 0 || end < 0 {
		t.Fatal("kinds.ts: no KINDS table")
	}
	attr := func(obj, name string) string {
		m := regexp.MustCompile(`\b` + name + `: '?([\w]+)'?`).FindStringSubmatch(obj)
		if m == nil {
			return ""
		}
		return m[1]
	}
	web := map[string][]string{}
	kindRe := regexp.MustCompile(`(?s)(\w+): \{\s*type: '(\w+)',(.*?)fields: \[(.*?)\],?\s*\}`)
	for _, m := range kindRe.FindAllStringSubmatch(ts[start:start+end], -1) {
		if m[1] != m[2] {
			t.Errorf("kinds.ts: %s has type %s", m[1], m[2])
		}
		desc := []string{fmt.Sprintf("noName=%v", strings.Contains(m[3], "noName: true"))}
		for _, item := range regexp.MustCompile(`\{[^}]*\}|\b[a-z]\w*\b`).FindAllString(m[4], -1) {
			if !strings.HasPrefix(item, "{") {
				c, ok := consts[item]
				if !ok {
					t.Errorf("kinds.ts: %s: unknown field constant %s", m[1], item)
				}
				item = c
			}
			typ, required := attr(item, "type"), attr(item, "required") == "true"
			switch typ {
			case "abbreviation", "time", "color":
				required = true
			}
			max := attr(item, "max")
			if typ != "text" && typ != "abbreviation" {
				max = ""
			}
			desc = append(desc, fmt.Sprintf("%s:%s required=%v max=%s ref=%s base=%s display=%s", attr(item, "name"), typ,
				required, max, attr(item, "ref"), attr(item, "base"), attr(item, "display")))
		}
		web[m[1]] = desc
	}

	goTypes := map[FieldType]string{Text: "text", Bool: "bool", Int: "int", Clock: "time", Color: "color", Ref: "ref",
		Decimal: "decimal", Choice: "choice"}
	for _, k := range kinds {
		desc := []string{fmt.Sprintf("noName=%v", k.NoName)}
		for _, f := range k.Fields {
			typ, max, ref, base := goTypes[f.Type], "", "", ""
			if f.Type == Text {
				max = fmt.Sprint(f.Max)
				if f.Max == 0 {
					max = "500"
				}
				if f.Pattern != "" {
					typ, max = "abbreviation", ""
				}
			}
			if f.Type == Ref {
				ref, base = f.Ref, f.refBase()
			}
			desc = append(desc, fmt.Sprintf("%s:%s required=%v max=%s ref=%s base=%s display=", f.JSON, typ, f.Required, max, ref, base))
		}
		if l := k.List; l != nil {
			desc = append(desc, fmt.Sprintf("%s:list required=false max= ref=%s base= display=%s", l.JSON, l.ItemKind, l.Display))
		}
		w, ok := web[k.Name]
		if !ok {
			t.Errorf("kinds.ts lacks %s", k.Name)
			continue
		}
		delete(web, k.Name)
		if got, want := strings.Join(w, "\n  "), strings.Join(desc, "\n  "); got != want {
			t.Errorf("%s differs:\nweb:\n  %s\ngo:\n  %s", k.Name, got, want)
		}
	}
	for name := range web {
		t.Errorf("kinds.ts has %s, which Go does not serve", name)
	}
}
