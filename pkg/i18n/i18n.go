// Package i18n holds the server's messages in Thai and English and picks the caller's
// language from Accept-Language (English when absent, as the API contract says).
package i18n

import (
	"context"
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
	l, _ := Stated(v)
	return l
}

// Stated reads an Accept-Language value for a language the caller actually named: false
// when it names neither Thai nor English (FromHeader would fall back to English).
func Stated(v string) (Lang, bool) {
	// Read in place, allocating nothing: every request's header is read (issue 28, the edge
	// budget).
	for more := true; more; {
		var part string
		part, v, more = strings.Cut(v, ",")
		tag, _, _ := strings.Cut(part, ";")
		tag = strings.TrimSpace(tag)
		switch {
		case isTag(tag, "th"):
			return TH, true
		case isTag(tag, "en"):
			return EN, true
		}
	}
	return EN, false
}

// isTag reports whether tag is the language lang or one of its regions (lang-…), in any case.
func isTag(tag, lang string) bool {
	return strings.EqualFold(tag, lang) || len(tag) > len(lang) && tag[len(lang)] == '-' && strings.EqualFold(tag[:len(lang)], lang)
}

// ContextKey is the key of the language WithLang records. pkg/httpx's request context
// answers it too (one context for what the router notes of a request).
type ContextKey struct{}

// WithLang records in ctx the language the person behind a request reads (the language of
// the screen that sent it), for work that reaches them by another way, such as an e-mail.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, ContextKey{}, l)
}

// FromContext answers the language WithLang recorded, if any.
func FromContext(ctx context.Context) (Lang, bool) {
	l, ok := ctx.Value(ContextKey{}).(Lang)
	return l, ok
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

// Bilingual is one text in both languages, "Thai / English" (a workbook's header cell, a
// person in a bilingual workbook); the one there is when the other is empty, the Thai alone
// when the two are the same.
func Bilingual(th, en string) string {
	th, en = strings.TrimSpace(th), strings.TrimSpace(en)
	switch {
	case th == "":
		return en
	case en == "" || en == th:
		return th
	}
	return th + " / " + en
}

// Pick is a name in lang, else in the other language when that one is empty: a patient
// known only by an English name is still named on a Thai screen, and the other way round.
// Every name the server shows in one language goes through it (or PersonName).
func Pick(lang Lang, th, en string) string {
	th, en = strings.TrimSpace(th), strings.TrimSpace(en)
	if lang == EN && en != "" || th == "" {
		return en
	}
	return th
}

// PersonName is a person's "first last" in lang, else in the other language (Pick).
func PersonName(lang Lang, firstTh, lastTh, firstEn, lastEn string) string {
	return Pick(lang, strings.TrimSpace(firstTh)+" "+strings.TrimSpace(lastTh), strings.TrimSpace(firstEn)+" "+strings.TrimSpace(lastEn))
}
