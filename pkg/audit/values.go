package audit

import (
	"bytes"
	"encoding/json"
)

// Reading the change log: a field's value in a before or after document.

// Compact answers a field's value without white space, "null" for a field the document leaves
// out (or for no document): two values are the same when their Compact bytes are.
func Compact(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return []byte("null")
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
}

// Decode answers a field's value as encoding/json reads it into an any, nil for a field the
// document leaves out.
func Decode(raw json.RawMessage) any {
	var v any
	_ = json.Unmarshal(raw, &v)
	return v
}
