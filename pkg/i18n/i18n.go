// Package i18n holds the server's messages in Thai and English and picks the caller's
// language from Accept-Language (English when absent, as the API contract says).
package i18n

import (
	"fmt"
	"strings"
)

// Lang is a supported language.
type Lang string

const (
	TH Lang = "th"
	EN Lang = "en"
)

// FromHeader reads an Accept-Language value such as "th", "th-TH,th;q=0.9,en;q=0.8".
// The first supported language wins; anything else is English.
func FromHeader(v string) Lang {
	for _, part := range strings.Split(v, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case tag == "th" || strings.HasPrefix(tag, "th-"):
			return TH
		case tag == "en" || strings.HasPrefix(tag, "en-"):
			return EN
		}
	}
	return EN
}

// T answers the message for key in lang, formatted with args. An unknown key answers the
// key itself so that a missing translation is visible, never a crash.
func T(lang Lang, key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	s := m.en
	if lang == TH {
		s = m.th
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// Has reports whether key is a known message.
func Has(key string) bool {
	_, ok := messages[key]
	return ok
}
