package day

import (
	"maps"
	"testing"
	"time"

	"samrap/pkg/i18n"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"2026-02-30", " 2026-01-01", "2026-01-01 ", "2026-1-1", "2026-13-01", "2026-00-10",
		"2026-01-00", "26-01-01", "2026/01/01", "01-01-2026", "2026-01-01T00:00:00Z", "+2026-01-01", "", "today", "2025-02-29"} {
		if d, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", s, d)
		}
		if Valid(s) {
			t.Errorf("Valid(%q) = true", s)
		}
	}
	for s, want := range map[string]time.Time{
		"2026-01-01": time.Date(2026, 1, 1, 0, 0, 0, 0, Bangkok),
		"2028-02-29": time.Date(2028, 2, 29, 0, 0, 0, 0, Bangkok),
		"2026-12-31": time.Date(2026, 12, 31, 0, 0, 0, 0, Bangkok),
	} {
		d, err := Parse(s)
		if err != nil || !d.Equal(want) || d.Location() != Bangkok {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, d, err, want)
		}
	}
}

func TestToday(t *testing.T) {
	t.Parallel()
	for now, want := range map[time.Time]string{
		time.Date(2026, 3, 1, 16, 59, 59, 0, time.UTC): "2026-03-01", // 23:59:59 in Bangkok
		time.Date(2026, 3, 1, 17, 0, 0, 0, time.UTC):   "2026-03-02", // midnight in Bangkok
		time.Date(2026, 3, 2, 0, 30, 0, 0, Bangkok):    "2026-03-02",
	} {
		d := Today(now)
		if got := d.Format(time.DateOnly); got != want || d.Location() != Bangkok || d.Hour() != 0 {
			t.Errorf("Today(%v) = %v, want %s at midnight in Bangkok", now, d, want)
		}
		if got := TodayString(now); got != want {
			t.Errorf("TodayString(%v) = %s, want %s", now, got, want)
		}
	}
}

func TestSpanRead(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC) // 2026-03-02 01:00 in Bangkok
	week := Span{Default: 7, Max: Year}
	month := Span{Default: 31, Max: Month}
	for _, c := range []struct {
		name     string
		span     Span
		from, to string
		want     [2]string
		bad      map[string]string
	}{
		{"defaults: the last 7 days up to today in Bangkok", week, "", "", [2]string{"2026-02-24", "2026-03-02"}, nil},
		{"default start: Default days up to dateTo", week, "", "2026-01-10", [2]string{"2026-01-04", "2026-01-10"}, nil},
		{"default end: today", week, "2026-02-01", "", [2]string{"2026-02-01", "2026-03-02"}, nil},
		{"one day", week, "2026-02-01", "2026-02-01", [2]string{"2026-02-01", "2026-02-01"}, nil},
		{"366 days over a leap day", week, "2027-03-01", "2028-02-29", [2]string{"2027-03-01", "2028-02-29"}, nil},
		{"367 days", week, "2027-03-01", "2028-03-01", [2]string{}, map[string]string{"dateTo": "date.overYear"}},
		{"31 days", month, "2026-01-01", "2026-01-31", [2]string{"2026-01-01", "2026-01-31"}, nil},
		{"32 days", month, "2026-01-01", "2026-02-01", [2]string{}, map[string]string{"dateTo": "date.overMonth"}},
		{"end before start", week, "2026-02-02", "2026-02-01", [2]string{}, map[string]string{"dateTo": "date.endBeforeStart"}},
		{"bad start", week, "2026-02-30", "2026-03-01", [2]string{}, map[string]string{"dateFrom": "date.invalid"}},
		{"bad end", week, "2026-02-01", "2026-3-1", [2]string{}, map[string]string{"dateTo": "date.invalid"}},
		{"bad end, start absent", week, "", " 2026-03-01", [2]string{}, map[string]string{"dateTo": "date.invalid"}},
		{"both bad", week, "x", "y", [2]string{}, map[string]string{"dateFrom": "date.invalid", "dateTo": "date.invalid"}},
		{"no default: both required", Span{Max: Month}, "", "", [2]string{}, map[string]string{"dateFrom": "field.required", "dateTo": "field.required"}},
		{"no default: the start required", Span{Max: Month}, "", "2026-01-01", [2]string{}, map[string]string{"dateFrom": "field.required"}},
		{"no default, both given", Span{Max: Month}, "2026-01-01", "2026-01-01", [2]string{"2026-01-01", "2026-01-01"}, nil},
		{"spaces are not absent", week, " ", "", [2]string{}, map[string]string{"dateFrom": "date.invalid"}},
	} {
		r, bad := c.span.Read(c.from, c.to, now)
		if !maps.Equal(bad, c.bad) {
			t.Errorf("%s: problems %v, want %v", c.name, bad, c.bad)
			continue
		}
		if c.bad != nil {
			continue
		}
		got := [2]string{r.From.Format(time.DateOnly), r.To.Format(time.DateOnly)}
		if got != c.want || r.From.Location() != Bangkok || r.To.Location() != Bangkok || r.From.Hour() != 0 {
			t.Errorf("%s: %v, want %v at midnight in Bangkok", c.name, r, c.want)
		}
		if !r.End().Equal(r.To.Add(24 * time.Hour)) {
			t.Errorf("%s: End %v", c.name, r.End())
		}
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		day  time.Time
		lang i18n.Lang
		want string
	}{
		{time.Date(2026, 11, 26, 0, 0, 0, 0, Bangkok), i18n.TH, "26 พ.ย. 2569"},
		{time.Date(2026, 11, 26, 0, 0, 0, 0, Bangkok), i18n.EN, "26 Nov 2026"},
		{time.Date(2027, 1, 5, 0, 0, 0, 0, Bangkok), i18n.TH, "5 ม.ค. 2570"},
		{time.Date(2027, 1, 5, 0, 0, 0, 0, Bangkok), i18n.EN, "5 Jan 2027"},
	} {
		if got := Text(c.day, c.lang); got != c.want {
			t.Errorf("Text(%v, %s) = %q, want %q", c.day, c.lang, got, c.want)
		}
	}
}
