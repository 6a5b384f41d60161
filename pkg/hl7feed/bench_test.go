package hl7feed_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkReceive: one ADT message posted to the feed and acknowledged (kept and queued),
// the worker applying them behind; reported beside it, the time from the first post to the
// last message applied, per message (issue 30: an ACK within 50 ms, applied within 100 ms).
//
//	go test -run '^$' -bench Receive -benchtime 200x ./pkg/hl7feed/
func BenchmarkReceive(b *testing.B) {
	f := newFeed(b)
	now := f.s.Clock.Now()
	msgs := make([]string, b.N)
	for i := range msgs {
		p := newcomer(fmt.Sprintf("BENCH-%06d", i), now)
		msgs[i] = f.out.ADT("A01", p, now)
	}
	start := time.Now()
	b.ResetTimer()
	for i := range b.N {
		f.post(b, msgs[i])
	}
	b.StopTimer()
	f.wait(b)
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms-applied/msg")
	f.reportApplied(b)
}

// BenchmarkReceiveBatches: the same messages posted a hundred to a post (as a batch file or
// an interface engine's replay sends them), the worker applying them behind; per message.
//
//	go test -run '^$' -bench ReceiveBatches -benchtime 2000x ./pkg/hl7feed/
func BenchmarkReceiveBatches(b *testing.B) {
	f := newFeed(b)
	now := f.s.Clock.Now()
	msgs := make([]string, b.N)
	for i := range msgs {
		p := newcomer(fmt.Sprintf("BENCH-%06d", i), now)
		msgs[i] = f.out.ADT("A01", p, now)
	}
	start := time.Now()
	b.ResetTimer()
	for i := 0; i < b.N; i += 100 {
		f.post(b, strings.Join(msgs[i:min(i+100, b.N)], ""))
	}
	b.StopTimer()
	f.wait(b)
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms-applied/msg")
	f.reportApplied(b)
}

// reportApplied reports the median and 95th percentile of the times from a message's queueing
// to the commit of the batch that applied it (issue 30: applied within 100 ms of being queued).
// Posted faster than the worker applies (a hundred to a post), they measure the queue's backlog.
func (f feed) reportApplied(b *testing.B) {
	f.applied.mu.Lock()
	took := slices.Clone(f.applied.took)
	f.applied.mu.Unlock()
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-queued-to-applied-ms")
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-queued-to-applied-ms")
}
