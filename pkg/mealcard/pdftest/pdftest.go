// Package pdftest opens the PDFs under test with poppler's tools (pdfinfo, pdffonts,
// pdftotext, pdftoppm): scripts/ensure-deps.sh installs poppler-utils. Without them a test
// skips, except in CI (CI set), where it fails: a missing tool must not pass for a working
// renderer.
package pdftest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// Tool answers the path of the poppler tool name.
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing: bash scripts/ensure-deps.sh installs poppler-utils", name)
		}
		t.Skipf("%s is missing (apt-get install poppler-utils, or bash scripts/ensure-deps.sh)", name)
	}
	return p
}

// Run runs the poppler tool name and answers what it printed.
func Run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(Tool(t, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// Write writes the PDF b to name.pdf (under MEALCARD_OUT when set, to look at afterwards)
// and answers its path.
func Write(t testing.TB, b []byte, name string) string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b[:min(16, len(b))])
	}
	dir := os.Getenv("MEALCARD_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Pages answers the page count pdfinfo reads in the PDF at path.
func Pages(t testing.TB, path string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindStringSubmatch(Run(t, "pdfinfo", path))
	if m == nil {
		t.Fatalf("pdfinfo shows no page count for %s", path)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
