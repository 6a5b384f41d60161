// Package locales gives the server the screens' words: the locale files beside it,
// `{th,en}/<area>.json`, which the web loads through i18next. The change log names an
// order's fields and its coded values with them (pkg/logs), so that a word is written once,
// where the screens have it. A Go file among the web's sources: vite, tsc and eslint read
// only what they are pointed at (.ts, .tsx, .json), and Go's embed reaches no file outside
// its package's folder.
package locales

import (
	"embed"
	"encoding/json"
	"fmt"
)

// Only the files the server reads (the order's words and the review reasons of common):
// every function that links pkg/logs carries them.
//
//go:embed th/orders.json th/common.json en/orders.json en/common.json
var files embed.FS

// Words answers the strings of one locale file (lang "th" or "en", area "orders") under
// their dotted keys, as the web's t() names them: {"status": {"WAITING": "…"}} is
// "status.WAITING".
func Words(lang, area string) (map[string]string, error) {
	b, err := files.ReadFile(lang + "/" + area + ".json")
	if err != nil {
		return nil, fmt.Errorf("locales: %w", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("locales: %s/%s.json: %w", lang, area, err)
	}
	out := map[string]string{}
	flatten("", doc, out)
	return out, nil
}

func flatten(prefix string, doc map[string]any, out map[string]string) {
	for k, v := range doc {
		switch v := v.(type) {
		case string:
			out[prefix+k] = v
		case map[string]any:
			flatten(prefix+k+".", v, out)
		}
	}
}
