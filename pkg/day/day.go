// Package day reads the days the API is given: a day written YYYY-MM-DD, always in the
// branches' time zone (Asia/Bangkok), and the dateFrom/dateTo range of a list or export.
package day

import (
	"errors"
	"strconv"
	"time"

	"samrap/pkg/i18n"
)

// Bangkok is the time zone of every branch's days (UTC+7, no daylight saving).
var Bangkok = time.FixedZone("Asia/Bangkok", 7*60*60)

var errDay = errors.New("day: not a YYYY-MM-DD day")

// Parse reads a day written exactly YYYY-MM-DD (no spaces, two-digit month and day, a day
// the month has) and answers its midnight in Bangkok.
func Parse(s string) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, s, Bangkok)
	if err != nil {
		return time.Time{}, errDay
	}
	return t, nil
}

// Text writes a day as the screens and meal cards show it: "26 พ.ย. 2569" (Buddhist era) in
// Thai, "26 Nov 2026" in English. A message that names a day uses it, never the YYYY-MM-DD.
func Text(t time.Time, lang i18n.Lang) string {
	if lang == i18n.EN {
		return t.Format("2 Jan 2006")
	}
	return strconv.Itoa(t.Day()) + " " + thaiMonths[t.Month()-1] + " " + strconv.Itoa(t.Year()+543)
}

var thaiMonths = [12]string{"ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."}

// Valid reports whether s is a day Parse reads.
func Valid(s string) bool {
	_, err := Parse(s)
	return err == nil
}

// Today answers the day it is at now in Bangkok, as its midnight there.
func Today(now time.Time) time.Time {
	t := now.In(Bangkok)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, Bangkok)
}

// TodayString answers Today(now) as the API writes a day: YYYY-MM-DD.
func TodayString(now time.Time) string { return Today(now).Format(time.DateOnly) }

// Range is the days from From to To, both included, each the day's midnight in Bangkok.
type Range struct{ From, To time.Time }

// End answers the midnight after the last day: the range's moments are From ≤ t < End.
func (r Range) End() time.Time { return r.To.AddDate(0, 0, 1) }

// Limit is the longest range a list reads and the message that refuses a longer one.
// A list picks one of those below; a new limit comes with its message.
type Limit struct {
	days int
	key  string
}

var (
	// Year: 366 days, both ends counted (a leap year).
	Year = Limit{366, "date.overYear"}
	// Month: 31 days, both ends counted.
	Month = Limit{31, "date.overMonth"}
)

// Span is how a list reads its range: Default days up to dateTo when dateFrom is absent
// (dateTo absent is today), and at most Max days. Default 0: both dates are required.
type Span struct {
	Default int
	Max     Limit
}

// Read reads dateFrom and dateTo ("" is absent) on the day of now and answers the range and
// the problems by field (none: empty): field.required for an absent date without a default,
// date.invalid for a field that is not a day, date.endBeforeStart and Max's message on dateTo.
func (s Span) Read(from, to string, now time.Time) (Range, map[string]string) {
	bad := map[string]string{}
	read := func(name, v string, def func() time.Time) time.Time {
		if v == "" {
			if s.Default == 0 {
				bad[name] = "field.required"
			}
			return def()
		}
		t, err := Parse(v)
		if err != nil {
			bad[name] = "date.invalid"
		}
		return t
	}
	var r Range
	r.To = read("dateTo", to, func() time.Time { return Today(now) })
	r.From = read("dateFrom", from, func() time.Time { return r.To.AddDate(0, 0, 1-s.Default) })
	if len(bad) > 0 {
		return Range{}, bad
	}
	switch {
	case r.To.Before(r.From):
		bad["dateTo"] = "date.endBeforeStart"
	case r.End().After(r.From.AddDate(0, 0, s.Max.days)):
		bad["dateTo"] = s.Max.key
	}
	if len(bad) > 0 {
		return Range{}, bad
	}
	return r, bad
}
