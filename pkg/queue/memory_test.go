package queue_test

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/events"
	"samrap/pkg/blob"
	"samrap/pkg/queue"
	"samrap/pkg/queue/queuetest"
)

func TestMemoryDelivers(t *testing.T) {
	t.Parallel()
	rec := &queuetest.Recorder{}
	q := queue.NewMemory(rec.Handle, queue.MemoryConfig{Name: "import"})
	body := `{"version":1,"jobId":"j1"}`
	if err := q.Send(t.Context(), []byte(body)); err != nil {
		t.Fatal(err)
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}

	got := rec.Received()
	if len(got) != 1 {
		t.Fatalf("delivered %d times, want 1", len(got))
	}
	m := got[0]
	sum := md5.Sum([]byte(body))
	if m.Body != body || m.MessageId == "" || m.ReceiptHandle == "" || m.EventSource != "aws:sqs" ||
		!strings.HasSuffix(m.EventSourceARN, ":import") || m.Md5OfBody != hex.EncodeToString(sum[:]) ||
		m.Attributes["ApproximateReceiveCount"] != "1" || m.Attributes["SentTimestamp"] == "" {
		t.Fatalf("record not shaped as Lambda shapes it: %+v", m)
	}
	if len(q.DeadLetters()) != 0 {
		t.Fatalf("dead letters: %+v", q.DeadLetters())
	}
	if err := q.Send(t.Context(), []byte("late")); !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("send after close: err = %v, want ErrClosed", err)
	}
}

func TestMemoryRetriesReportedFailures(t *testing.T) {
	t.Parallel()
	rec := &queuetest.Recorder{}
	rec.Fail = func(receive int, m lambdaevents.SQSMessage) (bool, error) {
		return m.Body == "flaky" && receive < 3, nil
	}
	q := queue.NewMemory(rec.Handle, queue.MemoryConfig{MaxReceives: 3, Backoff: 5 * time.Millisecond})
	for _, b := range []string{"flaky", "fine"} {
		if err := q.Send(t.Context(), []byte(b)); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}

	var flaky []string
	id := ""
	fine := 0
	for _, m := range rec.Received() {
		switch m.Body {
		case "flaky":
			if id != "" && m.MessageId != id {
				t.Fatalf("redelivery has a new message id %s (first %s)", m.MessageId, id)
			}
			id = m.MessageId
			flaky = append(flaky, m.Attributes["ApproximateReceiveCount"])
		case "fine":
			fine++
		}
	}
	if strings.Join(flaky, ",") != "1,2,3" || fine != 1 {
		t.Fatalf("flaky receive counts %v (want 1,2,3), fine delivered %d times (want 1)", flaky, fine)
	}
	if len(q.DeadLetters()) != 0 {
		t.Fatalf("dead letters: %+v", q.DeadLetters())
	}
}

func TestMemoryDeadLetters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		fail    func(int, lambdaevents.SQSMessage) (bool, error)
		wantErr string
	}{
		{"reported", func(int, lambdaevents.SQSMessage) (bool, error) { return true, nil }, "batchItemFailures"},
		{"error", func(int, lambdaevents.SQSMessage) (bool, error) { return false, errors.New("database down") }, "database down"},
		{"panic", func(int, lambdaevents.SQSMessage) (bool, error) { panic("nil map") }, "panicked: nil map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := &queuetest.Recorder{}
			rec.Fail = tt.fail
			q := queue.NewMemory(rec.Handle, queue.MemoryConfig{MaxReceives: 2, Backoff: time.Millisecond})
			if err := q.Send(t.Context(), []byte("poison")); err != nil {
				t.Fatal(err)
			}
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
			if n := len(rec.Received()); n != 2 {
				t.Fatalf("delivered %d times, want 2", n)
			}
			dead := q.DeadLetters()
			if len(dead) != 1 || dead[0].Message.Body != "poison" || !strings.Contains(dead[0].Err, tt.wantErr) {
				t.Fatalf("dead letters %+v, want poison failing with %q", dead, tt.wantErr)
			}
		})
	}
}

func TestMemoryShutdownDeadline(t *testing.T) {
	t.Parallel()
	cancelled := make(chan struct{})
	started := make(chan struct{})
	q := queue.NewMemory(func(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return lambdaevents.SQSEventResponse{}, ctx.Err()
	}, queue.MemoryConfig{MaxReceives: 5})
	if err := q.Send(t.Context(), []byte("slow")); err != nil {
		t.Fatal(err)
	}
	<-started

	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if err := q.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("shutdown: err = %v, want DeadlineExceeded", err)
	}
	select {
	case <-cancelled:
	default:
		t.Fatal("the handler's context was not cancelled")
	}
	if dead := q.DeadLetters(); len(dead) != 1 || dead[0].Message.Body != "slow" {
		t.Fatalf("dead letters %+v, want the interrupted message", dead)
	}
}

// The local stand-in for S3 → SQS: a put under uploads/ on the disk store reaches the
// import worker as an S3 notification, and only such puts do.
func TestDiskUploadNotifiesWorker(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var keys []string
	worker := func(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
		var resp lambdaevents.SQSEventResponse
		for _, m := range ev.Records {
			objs, err := events.S3Objects(m)
			if err != nil {
				resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
				continue
			}
			mu.Lock()
			for _, o := range objs {
				keys = append(keys, o.Bucket+"|"+o.Key)
			}
			mu.Unlock()
		}
		return resp, nil
	}
	q := queue.NewMemory(worker, queue.MemoryConfig{Name: "import"})
	disk, err := blob.NewDisk(t.TempDir(), []byte("0123456789abcdef"), "http://localhost:8080")
	if err != nil {
		t.Fatal(err)
	}
	disk.OnPut("uploads/", queue.S3Notifier(q, "local-uploads"))

	for _, key := range []string{"uploads/SRP01/DietType/อาหาร list.xlsx", "reports/SRP01/r.pdf"} {
		if err := disk.Put(t.Context(), key, strings.NewReader("x"), ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 1 || keys[0] != "local-uploads|uploads/SRP01/DietType/อาหาร list.xlsx" {
		t.Fatalf("worker saw %v", keys)
	}
	if len(q.DeadLetters()) != 0 {
		t.Fatalf("dead letters: %+v", q.DeadLetters())
	}

	// Once the queue is closed, an upload reports that its notification was lost.
	err = disk.Put(t.Context(), "uploads/late.xlsx", strings.NewReader("x"), "")
	if !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("put after close: err = %v, want ErrClosed", err)
	}
}

// A FIFO group is delivered in order, one message at a time, a failed message holding the
// ones after it; another group does not wait for it; a repeated deduplication id is dropped.
func TestMemoryFIFO(t *testing.T) {
	t.Parallel()
	rec := &queuetest.Recorder{}
	var mu sync.Mutex
	busy := map[string]bool{}
	rec.Fail = func(receive int, m lambdaevents.SQSMessage) (bool, error) {
		g := m.Attributes["MessageGroupId"]
		mu.Lock()
		if busy[g] {
			mu.Unlock()
			t.Errorf("group %s delivered two messages at once", g)
			return false, nil
		}
		busy[g] = true
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		busy[g] = false
		mu.Unlock()
		return m.Body == "a1" && receive < 2, nil // a1 fails once
	}
	q := queue.NewMemory(rec.Handle, queue.MemoryConfig{Backoff: 5 * time.Millisecond, Concurrency: 4})
	for _, s := range []struct{ body, group, dedup string }{
		{"a1", "a", "1"}, {"b1", "b", "2"}, {"a2", "a", "3"}, {"a2 again", "a", "3"}, {"a3", "a", "4"}, {"b2", "b", "5"},
	} {
		if err := q.SendFIFO(t.Context(), []byte(s.body), s.group, s.dedup); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.SendFIFO(t.Context(), []byte("x"), "", "6"); err == nil {
		t.Fatal("a FIFO message without a group was accepted")
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	var a, b []string
	for _, m := range rec.Received() {
		if m.Attributes["MessageGroupId"] == "a" {
			a = append(a, m.Body)
		} else {
			b = append(b, m.Body)
		}
	}
	if strings.Join(a, ",") != "a1,a1,a2,a3" || strings.Join(b, ",") != "b1,b2" {
		t.Fatalf("group a got %v (want a1 twice, then a2, a3), group b %v", a, b)
	}
}

// A FIFO queue with a batch size hands the handler the waiting messages of several groups
// at once, each group's in the order sent; the messages a batch reports failed come back
// together, in order, after the backoff, before the group's later ones.
func TestMemoryFIFOBatches(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var batches [][]string
	release := make(chan struct{})
	h := func(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
		var resp lambdaevents.SQSEventResponse
		var bodies []string
		for _, m := range ev.Records {
			bodies = append(bodies, m.Body+"#"+m.Attributes["ApproximateReceiveCount"])
		}
		mu.Lock()
		batches = append(batches, bodies)
		first := len(batches) == 1
		mu.Unlock()
		if first {
			<-release // the others wait behind the first, and come together
		}
		for _, m := range ev.Records {
			if (m.Body == "a2" || m.Body == "a3") && m.Attributes["ApproximateReceiveCount"] == "1" {
				resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			}
		}
		return resp, nil
	}
	q := queue.NewMemory(h, queue.MemoryConfig{Backoff: 5 * time.Millisecond, BatchSize: 10})
	send := func(body, group string) {
		t.Helper()
		if err := q.SendFIFO(t.Context(), []byte(body), group, body); err != nil {
			t.Fatal(err)
		}
	}
	send("x", "x")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		n := len(batches)
		mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first message was not delivered")
		}
	}
	for _, s := range [][2]string{{"a1", "a"}, {"b1", "b"}, {"a2", "a"}, {"b2", "b"}, {"a3", "a"}} {
		send(s[0], s[1])
	}
	close(release)
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(batches)
	if got != "[[x#1] [a1#1 a2#1 a3#1 b1#1 b2#1] [a2#2 a3#2]]" {
		t.Fatalf("batches %s", got)
	}
}
