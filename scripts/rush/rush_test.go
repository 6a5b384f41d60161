package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"samrap/pkg/dbtest"
	"samrap/pkg/mealcard/pdftest"
)

// TestShortRush plays the short rush — one ward of 30, three order takers, two serve phones,
// a kitchen board, three diet changes — once with each fault: every database connection of
// the app terminated every second; one write answer in six lost after the server answered
// (the client sends it again); the database unreachable for 3 s (make rush: 10 s). Each fails
// on any violation of the invariants (issue 31 §2, §3). The kill and emulator faults are not
// played here (each adds 20–40 s on this machine: make rush plays them; docs/rush.md). It needs PostgreSQL
// (TEST_DATABASE_URL, as every test) and poppler's pdftoppm, as the reports tests do.
func TestShortRush(t *testing.T) {
	if testing.Short() {
		t.Skip("the rushes take about 40 s")
	}
	pdftest.Tool(t, "pdftoppm") // the cards are read off the PDF: skips without poppler, fails in CI
	t.Cleanup(removeBuild)
	for _, fault := range []string{"terminate", "lost", "unreachable"} {
		t.Run(fault, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			var out strings.Builder
			o := short()
			o.setFault(fault, true)
			o.outage = 3 * time.Second
			o.dsn = dbtest.URL(t, "postgres") // TEST_DATABASE_URL, as every test
			violations, err := run(ctx, o, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
			if len(violations) > 0 {
				t.Fatalf("%d violations:\n%s", len(violations), strings.Join(violations, "\n"))
			}
		})
	}
}
