package blob_test

import (
	"testing"

	"samrap/pkg/blob"
)

func TestContentDisposition(t *testing.T) {
	tests := []struct{ name, want string }{
		{"report.xlsx", `attachment; filename="report.xlsx"; filename*=UTF-8''report.xlsx`},
		{"อาหาร list.xlsx", `attachment; filename="_____ list.xlsx"; filename*=UTF-8''%E0%B8%AD%E0%B8%B2%E0%B8%AB%E0%B8%B2%E0%B8%A3%20list.xlsx`},
		{"a\"b\r\nc.pdf", `attachment; filename="a_bc.pdf"; filename*=UTF-8''a%22bc.pdf`},
		{"", "attachment"},
	}
	for _, tt := range tests {
		if got := blob.ContentDisposition(tt.name); got != tt.want {
			t.Errorf("ContentDisposition(%q) = %s, want %s", tt.name, got, tt.want)
		}
	}
}
