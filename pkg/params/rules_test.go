package params

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func TestParseCell(t *testing.T) {
	t.Parallel()
	cases := []struct {
		typ  FieldType
		in   string
		want any
		key  string
	}{
		{Bool, "Y", true, ""}, {Bool, "ใช่", true, ""}, {Bool, "no", false, ""}, {Bool, "", false, ""},
		{Bool, "maybe", nil, "params.boolInvalid"},
		{Int, "15", int64(15), ""}, {Int, "15.0", int64(15), ""}, {Int, "15.5", nil, "params.intInvalid"},
		{Int, "สิบ", nil, "params.intInvalid"}, {Int, "", nil, ""},
		{Clock, "7:05", "07:05", ""}, {Clock, "07:05:00", "07:05", ""}, {Clock, " 23:59 ", "23:59", ""},
		{Color, "ffcc00", "#ffcc00", ""}, {Color, " #ABCDEF", "#ABCDEF", ""}, // the case: Normalize
		{Text, "  ข้าวต้ม  ", "ข้าวต้ม", ""},
	}
	for _, c := range cases {
		got, key := ParseCell(Field{Type: c.typ}, c.in)
		if got != c.want || key != c.key {
			t.Errorf("ParseCell(%d, %q) = %v, %q; want %v, %q", c.typ, c.in, got, key, c.want, c.key)
		}
	}
}

// Colours are stored in upper case whichever way they came (API or workbook): the one rule.
func TestNormalize(t *testing.T) {
	t.Parallel()
	meal := kindByName("MealTime")
	in := Normalize(meal, Input{Values: map[string]any{"textColor": "#ffcc0a", "mealColor": "#ABCDEF", "abbreviation": "bf"}})
	if in.Values["textColor"] != "#FFCC0A" || in.Values["mealColor"] != "#ABCDEF" || in.Values["abbreviation"] != "bf" {
		t.Fatalf("normalized %v", in.Values)
	}
	if got := Normalize(kindByName("DietType"), Input{Values: map[string]any{"remark": "#abc"}}); got.Values["remark"] != "#abc" {
		t.Fatalf("a remark changed: %v", got.Values)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	meal := kindByName("MealTime")
	ok := map[string]any{"startTime": "06:00", "endTime": "09:00", "abbreviation": "BF", "textColor": "#000000", "mealColor": "#FFFFFF"}
	with := func(k, v string) map[string]any {
		m := map[string]any{}
		for a, b := range ok {
			m[a] = b
		}
		m[k] = v
		return m
	}
	cases := []struct {
		name   string
		kind   *Kind
		in     Input
		field  string
		key    string
		passes bool
	}{
		{"valid meal", meal, Input{Code: "MT9", NameTh: "มื้อ", Values: ok}, "", "", true},
		{"no code", meal, Input{NameTh: "มื้อ", Values: ok}, "code", "field.required", false},
		{"code of 31", meal, Input{Code: strings.Repeat("A", 31), NameTh: "มื้อ", Values: ok}, "code", "params.codeInvalid", false},
		{"no Thai name", meal, Input{Code: "A", Values: ok}, "nameTh", "params.nameThRequired", false},
		{"Thai name of 201", meal, Input{Code: "A", NameTh: strings.Repeat("ก", 201), Values: ok}, "nameTh", "params.tooLong", false},
		{"25:00", meal, Input{Code: "A", NameTh: "ก", Values: with("startTime", "25:00")}, "startTime", "params.timeInvalid", false},
		{"end before start", meal, Input{Code: "A", NameTh: "ก", Values: with("endTime", "05:00")}, "endTime", "params.endBeforeStart", false},
		{"one-letter abbreviation", meal, Input{Code: "A", NameTh: "ก", Values: with("abbreviation", "B")}, "abbreviation", "params.abbreviationInvalid", false},
		{"abbreviation with a digit", meal, Input{Code: "A", NameTh: "ก", Values: with("abbreviation", "L1")}, "abbreviation", "params.abbreviationInvalid", false},
		{"abbreviation of three", meal, Input{Code: "A", NameTh: "ก", Values: with("abbreviation", "BFX")}, "abbreviation", "params.abbreviationInvalid", false},
		{"abbreviation with a sign", meal, Input{Code: "A", NameTh: "ก", Values: with("abbreviation", "B-")}, "abbreviation", "params.abbreviationInvalid", false},
		{"Thai abbreviation", meal, Input{Code: "A", NameTh: "ก", Values: with("abbreviation", "ชา")}, "", "", true},
		{"colour name", meal, Input{Code: "A", NameTh: "ก", Values: with("mealColor", "red")}, "mealColor", "params.colorInvalid", false},
		{"mapping needs no name", kindByName("RoomMealClass"), Input{Code: "A", Values: map[string]any{"roomTypeId": int64(3)}}, "", "", true},
		{"mapping needs a room type", kindByName("RoomMealClass"), Input{Code: "A", Values: map[string]any{"roomTypeId": int64(0)}}, "roomTypeId", "field.required", false},
		{"age over 150", kindByName("WardType"), Input{Code: "A", NameTh: "ก", Values: map[string]any{"startAge": int64(0), "endAge": int64(151)}}, "endAge", "params.ageRange", false},
		{"unit required", kindByName("NutrientUnit"), Input{Code: "A", NameTh: "ก", Values: map[string]any{}}, "unit", "field.required", false},
	}
	for _, c := range cases {
		bad := Validate(c.kind, c.in)
		if c.passes != (len(bad) == 0) || (c.field != "" && bad[c.field] != c.key) {
			t.Errorf("%s: %v", c.name, bad)
		}
	}
}

// Every kind's statements are built, and every list or reference names a kind that exists.
func TestKindsAreCoherent(t *testing.T) {
	t.Parallel()
	tables := map[string]bool{}
	for _, k := range kinds {
		if tables[k.Table] {
			t.Errorf("table %s twice", k.Table)
		}
		tables[k.Table] = true
		for _, f := range k.Fields {
			if f.Type == Ref {
				if _, ok := KindOf(f.Ref); !ok || !strings.HasSuffix(f.JSON, "Id") {
					t.Errorf("%s.%s references %q", k.Name, f.JSON, f.Ref)
				}
			}
			if f.Th == "" || f.En == "" {
				t.Errorf("%s.%s has no workbook header", k.Name, f.JSON)
			}
		}
		if s := k.sql(); s.query.sql == "" || s.insert.sql == "" || s.update.sql == "" || s.delete.sql == "" || s.bulk == "" {
			t.Errorf("%s has no statements", k.Name)
		}
	}
	if k, ok := KindOf("therapetic"); !ok || k.Name != "Therapeutic" {
		t.Error("the spec's spelling Therapetic is not answered")
	}
}

// A kind's statements are built on its first use, not at package init; parallel first uses
// (concurrent requests of a cold function) build them once and all see the same ones.
func TestKindSQLBuiltOnceOnFirstUse(t *testing.T) {
	t.Parallel()
	for _, k := range kinds {
		// a fresh kind with the same description, whose statements are not built yet
		fresh := &Kind{Name: k.Name, Aliases: k.Aliases, Table: k.Table, Th: k.Th, En: k.En, NoName: k.NoName,
			NameEn: k.NameEn, Fields: k.Fields, List: k.List, Check: k.Check}
		if fresh.built != nil {
			t.Fatalf("%s: statements before first use", k.Name)
		}
		got := make([]*kindSQL, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = fresh.sql() })
		}
		wg.Wait()
		for i, s := range got {
			if s != got[0] {
				t.Errorf("%s: goroutine %d got other statements", k.Name, i)
			}
		}
		want := k.sql()
		if s := got[0]; s.query.sql != want.query.sql || s.insert.sql != want.insert.sql || s.update.sql != want.update.sql ||
			s.delete.sql != want.delete.sql || s.bulk != want.bulk {
			t.Errorf("%s: statements differ from the kind's", k.Name)
		}
	}
}

// The plain checks of the fixed formats match exactly what the regular expressions they
// replace matched.
func TestFormatChecksMatchTheirExpressions(t *testing.T) {
	t.Parallel()
	checks := []struct {
		re    *regexp.Regexp
		check func(string) bool
	}{
		{regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`), isHexColor},
		{regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`), isClock},
		{regexp.MustCompile(`^\S{1,30}$`), isCode},
	}
	inputs := []string{"", "#", "#00ff00", "#00FF0", "#00FF00\n", "#00FG00", "00FF00", "##00FF00", "#aBcDeF",
		"00:00", "23:59", "24:00", "19:60", "9:05", "09:5", "09:05\n", " 09:05", "2a:00", "20:5x", "０９:05",
		"X1", "SRP01", "a b", "a\tb", "a\vb", "a\u00a0b", "\u00a0", "รหัส", strings.Repeat("k", 30), strings.Repeat("k", 31),
		strings.Repeat("ก", 30), strings.Repeat("ก", 31), "\xff", strings.Repeat("\xff", 30), strings.Repeat("\xff", 31),
		"a\rb", "a\fb", "a\nb", "\n", "code\n"}
	alphabet := []rune("0123456789:#aAfFgG \t\n\v\f\r\u00a0กx")
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]rune, rnd.IntN(9))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, c := range checks {
		for _, in := range inputs {
			if got, want := c.check(in), c.re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, the expression says %v", c.re, in, got, want)
			}
		}
	}
}
