package hl7

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

var errTime = errors.New("hl7: not an HL7 date/time (YYYY[MM[DD[HH[MM[SS[.S]]]]]][+/-ZZZZ])")

// ParseTime reads an HL7 date/time (the DTM type, and the first component of a TS):
// YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]. The parts left out are the start of the
// period written ("2024" is 1 January 2024 at midnight). A time written without an offset
// is in zone (the hospital's; UTC when nil); one written with an offset is that instant,
// returned in zone too.
func ParseTime(s string, zone *time.Location) (time.Time, error) {
	if zone == nil {
		zone = time.UTC
	}
	body, offset := s, ""
	if i := strings.IndexAny(s, "+-"); i >= 0 {
		body, offset = s[:i], s[i:]
	}
	body, frac, hasFrac := strings.Cut(body, ".")
	if hasFrac && (len(body) != 14 || len(frac) < 1 || len(frac) > 9 || !digits(frac)) {
		return time.Time{}, errTime
	}
	switch len(body) {
	case 4, 6, 8, 10, 12, 14:
	default:
		return time.Time{}, errTime
	}
	if !digits(body) {
		return time.Time{}, errTime
	}
	part := func(i, def int) int {
		if len(body) < i+2 {
			return def
		}
		n, _ := strconv.Atoi(body[i : i+2])
		return n
	}
	year, _ := strconv.Atoi(body[:4])
	month, day, hour, min, sec := part(4, 1), part(6, 1), part(8, 0), part(10, 0), part(12, 0)
	if month < 1 || month > 12 || day < 1 || hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, errTime
	}
	ns := 0
	if hasFrac {
		ns, _ = strconv.Atoi((frac + "000000000")[:9])
	}
	written := zone
	if offset != "" {
		if len(offset) != 5 || !digits(offset[1:]) {
			return time.Time{}, errTime
		}
		h, _ := strconv.Atoi(offset[1:3])
		m, _ := strconv.Atoi(offset[3:])
		if h > 14 || m > 59 {
			return time.Time{}, errTime
		}
		secs := h*3600 + m*60
		if offset[0] == '-' {
			secs = -secs
		}
		written = time.FixedZone("", secs)
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, ns, written)
	if t.Day() != day { // 30 February
		return time.Time{}, errTime
	}
	return t.In(zone), nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// formatTime writes t as an HL7 DTM to the second with its offset: 20240115083000+0700.
func formatTime(t time.Time) string { return t.Format("20060102150405-0700") }
