package dbtest

import (
	"slices"
	"testing"
	"time"
)

// ReportP95 reports the 95th percentile of a benchmark's timed calls as "p95-ms" (make bench
// prints it beside the mean); it sorts took.
func ReportP95(b *testing.B, took []time.Duration) {
	b.Helper()
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}
