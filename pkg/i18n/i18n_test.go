package i18n

import "testing"

func TestFromHeader(t *testing.T) {
	t.Parallel()
	cases := map[string]Lang{
		"":                        EN,
		"th":                      TH,
		"TH":                      TH,
		"th-TH,th;q=0.9,en;q=0.8": TH,
		"en-US,en;q=0.9":          EN,
		"fr-FR, th;q=0.5":         TH,
		"de":                      EN,
		" en ; q=1":               EN,
		"EN-gb":                   EN,
		"thai, th":                TH,
		"th_TH":                   EN,
		"x-th, en":                EN,
		"th-":                     TH,
	}
	for in, want := range cases {
		if got := FromHeader(in); got != want {
			t.Errorf("FromHeader(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{"": false, "de, fr": false, "fr;q=1, EN-US": true, "th_TH": false} {
		if _, got := Stated(in); got != want {
			t.Errorf("Stated(%q) = %v, want %v", in, got, want)
		}
	}
}

// Every request's header is read: nothing allocated (not parallel: AllocsPerRun counts the
// whole process).
func TestStatedAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Stated("fr-FR,fr;q=0.9,EN-US;q=0.8") }); n != 0 {
		t.Errorf("Stated allocates %v times, want 0", n)
	}
}

func TestEveryMessageHasBothLanguages(t *testing.T) {
	t.Parallel()
	for key, m := range messages {
		if m.th == "" || m.en == "" {
			t.Errorf("message %q lacks a language: th=%q en=%q", key, m.th, m.en)
		}
		if m.th == m.en {
			t.Errorf("message %q has the same text in Thai and English: %q", key, m.th)
		}
	}
}

func TestT(t *testing.T) {
	t.Parallel()
	if got := T(TH, "auth.badCredentials"); got != "อีเมลหรือรหัสผ่านไม่ถูกต้อง" {
		t.Errorf("thai: %q", got)
	}
	if got := T(EN, "TOO_MANY_REQUESTS", 30); got != "Too many attempts, please try again in 30 seconds" {
		t.Errorf("english with args: %q", got)
	}
	if got := T(EN, "no.such.key"); got != "no.such.key" {
		t.Errorf("unknown key: %q", got)
	}
}

func TestNamesFallBackToTheOtherLanguage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang         Lang
		th, en, want string
	}{
		{TH, "สมชาย", "Somchai", "สมชาย"},
		{EN, "สมชาย", "Somchai", "Somchai"},
		{TH, "", "John", "John"},   // known only in English: named on a Thai screen
		{TH, "  ", "John", "John"}, // blank is empty
		{EN, "สมชาย", "", "สมชาย"},
		{EN, "สมชาย", " ", "สมชาย"},
		{TH, "", "", ""},
	}
	for _, c := range cases {
		if got := Pick(c.lang, c.th, c.en); got != c.want {
			t.Errorf("Pick(%s, %q, %q) = %q, want %q", c.lang, c.th, c.en, got, c.want)
		}
	}
	if got := PersonName(TH, "", "", "John", "Smith"); got != "John Smith" {
		t.Errorf("an English-only patient in Thai: %q", got)
	}
	if got := PersonName(EN, "สมชาย", "ใจดี", "", ""); got != "สมชาย ใจดี" {
		t.Errorf("a Thai-only patient in English: %q", got)
	}
	if got := PersonName(TH, "สมชาย", "", "", ""); got != "สมชาย" {
		t.Errorf("no last name: %q", got)
	}
	if got := PersonName(EN, "", "", "", ""); got != "" {
		t.Errorf("no name: %q", got)
	}
	for _, c := range [][3]string{{"ไทย", "English", "ไทย / English"}, {"", "English", "English"}, {"ไทย", "", "ไทย"}, {"Same", "Same", "Same"}, {" ไทย ", " English ", "ไทย / English"}} {
		if got := Bilingual(c[0], c[1]); got != c[2] {
			t.Errorf("Bilingual(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
