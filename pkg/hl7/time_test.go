package hl7

import (
	"testing"
	"time"
)

func TestParseTime(t *testing.T) {
	t.Parallel()
	utc := func(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
		return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
	}
	for _, tc := range []struct {
		in   string
		want time.Time // in UTC; the zero time for an error
	}{
		{"2024", at7("2024-01-01 00:00:00").UTC()},
		{"202402", at7("2024-02-01 00:00:00").UTC()},
		{"20240229", at7("2024-02-29 00:00:00").UTC()},
		{"2024022913", at7("2024-02-29 13:00:00").UTC()},
		{"202402291305", at7("2024-02-29 13:05:00").UTC()},
		{"20240229130559", at7("2024-02-29 13:05:59").UTC()},
		{"20240229130559.5", at7("2024-02-29 13:05:59").Add(500 * time.Millisecond).UTC()},
		{"20240229130559.1234", at7("2024-02-29 13:05:59").Add(123400 * time.Microsecond).UTC()},
		{"20240229130559+0000", utc(2024, 2, 29, 13, 5, 59, 0)},
		{"20240229130559-0500", utc(2024, 2, 29, 18, 5, 59, 0)},
		{"202402291305+0530", utc(2024, 2, 29, 7, 35, 0, 0)},
		{"20240229+0700", utc(2024, 2, 28, 17, 0, 0, 0)},
		{"20240229130559.25+0700", utc(2024, 2, 29, 6, 5, 59, 250000000)},
		{"", time.Time{}},
		{"202", time.Time{}},
		{"2024021", time.Time{}},
		{"20230229", time.Time{}}, // not a leap year
		{"20241301", time.Time{}},
		{"20240100", time.Time{}},
		{"2024010124", time.Time{}},
		{"202401011260", time.Time{}},
		{"20240101120060", time.Time{}},
		{"2024-01-01", time.Time{}},
		{"20240101T1200", time.Time{}},
		{"202401011200.5", time.Time{}}, // fractions only after seconds
		{"20240101120000.", time.Time{}},
		{"20240101120000+07", time.Time{}},
		{"20240101120000+1500", time.Time{}},
		{"20240101120000+07a0", time.Time{}},
		{"20240101120000Z", time.Time{}},
		{" 20240101", time.Time{}},
	} {
		got, err := ParseTime(tc.in, bangkok)
		if tc.want.IsZero() {
			if err == nil {
				t.Errorf("ParseTime(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) || got.Location() != bangkok {
			t.Errorf("ParseTime(%q) = %v, %v; want %v in Bangkok", tc.in, got, err, tc.want)
		}
	}
	// Without a zone, UTC.
	if got, err := ParseTime("20240101", nil); err != nil || !got.Equal(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("nil zone: %v %v", got, err)
	}
}

func TestFormatTime(t *testing.T) {
	t.Parallel()
	in := at7("2024-01-15 08:30:12")
	s := formatTime(in)
	if s != "20240115083012+0700" {
		t.Errorf("formatTime = %q", s)
	}
	if back, err := ParseTime(s, time.UTC); err != nil || !back.Equal(in) {
		t.Errorf("read back %v %v", back, err)
	}
}
