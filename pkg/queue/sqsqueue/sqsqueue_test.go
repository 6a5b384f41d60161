package sqsqueue_test

import (
	"context"
	"errors"
	"net"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"samrap/pkg/awstest"
	"samrap/pkg/db"
	"samrap/pkg/queue"
	"samrap/pkg/queue/queuetest"
	"samrap/pkg/queue/sqsqueue"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// newSQS returns a client and a fresh queue whose failed messages come back after 1s.
func newSQS(t *testing.T) (*sqs.Client, string) {
	t.Helper()
	client := sqs.NewFromConfig(awstest.Config(t, moto.Endpoint(t)))
	url, _ := awstest.NewQueue(t, client, map[string]string{"VisibilityTimeout": "1"})
	return client, url
}

// runPoller runs p until the test ends and checks that it stops cleanly.
func runPoller(t *testing.T, p *sqsqueue.Poller) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("poller: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("poller did not stop within 5s of its context ending")
		}
	})
}

// waitFor polls cond until it holds or 10s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// inQueue counts the messages still in the queue, visible or in flight.
func inQueue(t *testing.T, client *sqs.Client, url string) int {
	t.Helper()
	out, err := client.GetQueueAttributes(t.Context(), &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(url),
		AttributeNames: []types.QueueAttributeName{
			types.QueueAttributeNameApproximateNumberOfMessages,
			types.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range out.Attributes {
		i, _ := strconv.Atoi(v)
		n += i
	}
	return n
}

func bodies(msgs []lambdaevents.SQSMessage) []string {
	var b []string
	for _, m := range msgs {
		b = append(b, m.Body)
	}
	slices.Sort(b)
	return b
}

func TestSQSSendAndPoll(t *testing.T) {
	t.Parallel()
	client, url := newSQS(t)
	sender := sqsqueue.New(client, url)
	for _, b := range []string{"a", "flaky", "c"} {
		if err := sender.Send(t.Context(), []byte(b)); err != nil {
			t.Fatal(err)
		}
	}

	rec := &queuetest.Recorder{}
	rec.Fail = func(receive int, m lambdaevents.SQSMessage) (bool, error) {
		return m.Body == "flaky" && receive == 1, nil
	}
	runPoller(t, sqsqueue.NewPoller(client, url, rec.Handle, sqsqueue.PollerConfig{WaitTime: time.Second}))

	waitFor(t, "the flaky message to come back", func() bool { return len(rec.Received()) >= 4 })
	waitFor(t, "the queue to empty", func() bool { return inQueue(t, client, url) == 0 })
	time.Sleep(1500 * time.Millisecond) // longer than the visibility timeout: nothing else comes back

	got := rec.Received()
	if b := bodies(got); !slices.Equal(b, []string{"a", "c", "flaky", "flaky"}) {
		t.Fatalf("delivered %v, want a, c once and flaky twice", b)
	}
	for _, m := range got {
		if m.EventSource != "aws:sqs" || m.MessageId == "" || m.ReceiptHandle == "" || m.Md5OfBody == "" || m.EventSourceARN == "" || m.AWSRegion == "" {
			t.Fatalf("record not shaped as Lambda shapes it: %+v", m)
		}
		if m.Body != "flaky" && m.Attributes["ApproximateReceiveCount"] != "1" {
			t.Fatalf("%s: ApproximateReceiveCount %q, want 1", m.Body, m.Attributes["ApproximateReceiveCount"])
		}
	}
	var counts []string
	for _, m := range got {
		if m.Body == "flaky" {
			counts = append(counts, m.Attributes["ApproximateReceiveCount"])
		}
	}
	if !slices.Equal(counts, []string{"1", "2"}) {
		t.Fatalf("flaky receive counts %v, want [1 2]", counts)
	}
}

func TestSQSPollerBatchError(t *testing.T) {
	t.Parallel()
	client, url := newSQS(t)
	if err := sqsqueue.New(client, url).Send(t.Context(), []byte("x")); err != nil {
		t.Fatal(err)
	}
	rec := &queuetest.Recorder{}
	rec.Fail = func(receive int, m lambdaevents.SQSMessage) (bool, error) {
		if receive == 1 {
			return false, errors.New("database down")
		}
		return false, nil
	}
	runPoller(t, sqsqueue.NewPoller(client, url, rec.Handle, sqsqueue.PollerConfig{WaitTime: time.Second}))

	waitFor(t, "the failed batch to come back", func() bool { return len(rec.Received()) >= 2 })
	waitFor(t, "the queue to empty", func() bool { return inQueue(t, client, url) == 0 })
	if got := rec.Received(); len(got) != 2 || got[1].Attributes["ApproximateReceiveCount"] != "2" {
		t.Fatalf("delivered %+v, want x twice", got)
	}
}

func TestSQSPollerMissingQueue(t *testing.T) {
	t.Parallel()
	client := sqs.NewFromConfig(awstest.Config(t, moto.Endpoint(t)))
	url := moto.Endpoint(t) + "/123456789012/" + awstest.Name("missing")
	p := sqsqueue.NewPoller(client, url, (&queuetest.Recorder{}).Handle, sqsqueue.PollerConfig{WaitTime: time.Second})
	if err := p.Run(t.Context()); err == nil {
		t.Fatal("Run on a missing queue returned nil")
	}
	if err := sqsqueue.New(client, url).Send(t.Context(), []byte("x")); err == nil {
		t.Fatal("send to a missing queue succeeded")
	}
}

// SQS not reached at all (nothing listens: the emulator stopped) is queue.ErrUnavailable for a
// send, which the API answers 503 UNAVAILABLE and db.Lost does not take for a lost database;
// SQS refusing (a missing queue) is not.
func TestSQSUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there any more: each connection is refused
	ctx := t.Context()
	s := sqsqueue.New(sqs.NewFromConfig(awstest.Config(t, down)), down+"/123456789012/samrap-sync")
	err = s.Send(ctx, []byte("{}"))
	if !errors.Is(err, queue.ErrUnavailable) || db.Lost(err) {
		t.Errorf("send: %v (lost: %v), want ErrUnavailable and not a lost database", err, db.Lost(err))
	}
	if err := s.SendFIFO(ctx, []byte("{}"), "g", "d"); !errors.Is(err, queue.ErrUnavailable) {
		t.Errorf("sendFIFO: %v, want ErrUnavailable", err)
	}
	errs := s.SendFIFOBatch(ctx, []queue.FIFOMessage{{Body: []byte("{}"), Group: "g", Dedup: "d1"}, {Body: []byte("{}"), Group: "g", Dedup: "d2"}})
	if len(errs) != 2 || !errors.Is(errs[0], queue.ErrUnavailable) || !errors.Is(errs[1], queue.ErrUnavailable) {
		t.Errorf("sendFIFOBatch: %v, want ErrUnavailable for each message", errs)
	}
	endpoint := moto.Endpoint(t)
	missing := sqsqueue.New(sqs.NewFromConfig(awstest.Config(t, endpoint)), endpoint+"/123456789012/"+awstest.Name("noqueue"))
	if err := missing.Send(ctx, []byte("{}")); err == nil || errors.Is(err, queue.ErrUnavailable) {
		t.Errorf("send to a missing queue: %v, want an error other than ErrUnavailable", err)
	}
}

// SendFIFOBatch sends ten to a request, each group's messages in the order given, a
// deduplication id sent twice delivered once.
func TestSQSSendFIFOBatch(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := sqs.NewFromConfig(awstest.Config(t, moto.Endpoint(t)))
	q, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(awstest.Name("fifo") + ".fifo"),
		Attributes: map[string]string{"FifoQueue": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []queue.FIFOMessage
	for i := range 23 {
		group := []string{"a", "b"}[i%2]
		msgs = append(msgs, queue.FIFOMessage{Body: []byte(group + strconv.Itoa(i)), Group: group, Dedup: "d" + strconv.Itoa(i)})
	}
	msgs[22].Dedup = msgs[20].Dedup // the same message again: accepted, delivered once
	for i, err := range sqsqueue.New(client, *q.QueueUrl).SendFIFOBatch(ctx, msgs) {
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	got := map[string][]string{}
	for n := 0; n < 22; {
		out, err := client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: q.QueueUrl, MaxNumberOfMessages: 10,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameMessageGroupId}})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Messages) == 0 {
			t.Fatalf("%d messages received, want 22", n)
		}
		for _, m := range out.Messages {
			g := m.Attributes[string(types.MessageSystemAttributeNameMessageGroupId)]
			got[g] = append(got[g], aws.ToString(m.Body))
			if _, err := client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: q.QueueUrl, ReceiptHandle: m.ReceiptHandle}); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	var wantA, wantB []string
	for i := range 22 {
		if i%2 == 0 {
			wantA = append(wantA, "a"+strconv.Itoa(i))
		} else {
			wantB = append(wantB, "b"+strconv.Itoa(i))
		}
	}
	if !slices.Equal(got["a"], wantA) || !slices.Equal(got["b"], wantB) {
		t.Errorf("received a %v, b %v; want each group in the order sent, the repeated one once", got["a"], got["b"])
	}
}
