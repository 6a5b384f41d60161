package audit_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"samrap/pkg/audit"
)

func TestValues(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{"": "null", "null": "null", ` { "a" : [1, 2] } `: `{"a":[1,2]}`, `"x y"`: `"x y"`} {
		if got := string(audit.Compact(json.RawMessage(raw))); got != want {
			t.Errorf("Compact(%q) = %s, want %s", raw, got, want)
		}
	}
	for raw, want := range map[string]any{"": nil, "null": nil, `"x"`: "x", "2": 2.0, `{"a":[true]}`: map[string]any{"a": []any{true}}} {
		if got := audit.Decode(json.RawMessage(raw)); !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%q) = %#v, want %#v", raw, got, want)
		}
	}
}
