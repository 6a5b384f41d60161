package logs

import (
	"strings"

	"samrap/web/src/locales"
)

// An order's fields are named, and their coded values worded, with the screens' words
// (web/src/locales/{th,en}/orders.json), so that a field added to the order is worded once,
// in the two locale files:
//   - `field.<key>`: the field's name (the change log's label; the details drawer's);
//   - `<key>.<code>`: a coded field's values, the section named after the field that the
//     order form and the details already read (`status`, `orderType`, `foodScope`,
//     `courseType`, `cancelReason`);
//   - review reasons, which every screen shows alike, are common.json's `reviewReason`.
//
// A key with no `field.` name has no words: its values show as themselves.
var orderFields, orderValues, errOrderWords = orderWords()

// sharedValues are the coded fields of the order worded by another locale file: field →
// area and section.
var sharedValues = map[string][2]string{"reviewReasons": {"common", "reviewReason"}}

// orderWords reads the order's labels and value words from the locale files.
func orderWords() (map[string]names, map[string]map[string]names, error) {
	th, en, err := bothWords("orders")
	if err != nil {
		return nil, nil, err
	}
	fields := map[string]names{}
	vals := map[string]map[string]names{}
	// the words of section sec: its direct strings by code (a nested section is no code)
	section := func(th, en map[string]string, sec string) map[string]names {
		out := map[string]names{}
		for k, t := range th {
			code, ok := strings.CutPrefix(k, sec+".")
			if ok && !strings.Contains(code, ".") && en[k] != "" {
				out[code] = names{t, en[k]}
			}
		}
		return out
	}
	for key, n := range section(th, en, "field") {
		fields[key] = n
		if w := section(th, en, key); len(w) > 0 {
			vals[key] = w
		}
	}
	for key, at := range sharedValues {
		th, en, err := bothWords(at[0])
		if err != nil {
			return nil, nil, err
		}
		vals[key] = section(th, en, at[1])
	}
	return fields, vals, nil
}

// bothWords answers a locale file's Thai and English strings.
func bothWords(area string) (th, en map[string]string, err error) {
	if th, err = locales.Words("th", area); err != nil {
		return nil, nil, err
	}
	if en, err = locales.Words("en", area); err != nil {
		return nil, nil, err
	}
	return th, en, nil
}
