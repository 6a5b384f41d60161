package mealcard

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// writeSample renders cards to a file in dir (MEALCARD_OUT keeps it there for a look).
func writeSample(t *testing.T, cards []Card, layout Layout) string {
	t.Helper()
	dir := os.Getenv("MEALCARD_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	var buf bytes.Buffer
	if err := Render(&buf, cards, layout); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "cards-"+string(layout)+".pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRenderSample(t *testing.T) {
	writeSample(t, sampleCards(), A4)
	writeSample(t, sampleCards(), Label80)
}
