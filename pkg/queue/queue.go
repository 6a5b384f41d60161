// Package queue carries messages to workers. A worker is a Handler, the signature of a
// Lambda function fed by an SQS event source mapping, so the same worker runs in Lambda,
// behind the in-process Memory queue (local default) and behind sqsqueue.Poller (locally,
// against an AWS emulator). The SQS sender and the Poller are in package queue/sqsqueue.
package queue

import (
	"context"
	"crypto/md5"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/events"
	"samrap/pkg/errs"
)

// Handler handles a batch of messages. It reports the messages it could not handle in
// BatchItemFailures (they are delivered again); an error fails the whole batch.
type Handler func(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error)

// Sender puts a message on a queue.
type Sender interface {
	Send(ctx context.Context, body []byte) error
}

// FIFOSender puts a message on a FIFO queue (SQS FIFO, or Memory): the messages of one
// group are delivered in the order sent, one at a time; a message whose deduplication id
// was sent within the last five minutes is accepted and not delivered again.
type FIFOSender interface {
	SendFIFO(ctx context.Context, body []byte, group, dedup string) error
	// SendFIFOBatch sends msgs as SendFIFO sends them one after another, in fewer requests
	// (SQS: ten a request), and answers each one's error (nil: sent).
	SendFIFOBatch(ctx context.Context, msgs []FIFOMessage) []error
}

// FIFOMessage is a message of SendFIFOBatch: its body, group and deduplication id.
type FIFOMessage struct {
	Body         []byte
	Group, Dedup string
}

// ErrClosed is returned by Send on a queue that is shutting down.
var ErrClosed = errors.New("queue: closed")

// ErrUnavailable wraps a send that did not reach the queue (SQS or its emulator down, the
// network failing, a 5xx through every retry: awsenv.Unreachable): the work was not queued,
// and the same request can be sent again later. The API answers it 503 UNAVAILABLE
// "queue.unavailable"; db.Lost does not take the broken connection under it for the
// database's.
var ErrUnavailable = errs.New(errs.Unavailable, "queue.unavailable")

// S3Notifier returns a function that sends to s the notification S3 sends to a queue when
// an object is put in bucket. Registered on the local blob store with
// (*blob.Disk).OnPut("uploads/", ...), it stands in for the bucket notification S3 → SQS.
func S3Notifier(s Sender, bucket string) func(ctx context.Context, key string, size int64) error {
	return func(ctx context.Context, key string, size int64) error {
		body, err := events.NewS3ObjectCreated(bucket, key, size, time.Now())
		if err != nil {
			return fmt.Errorf("queue.s3Notifier: %w", err)
		}
		if err := s.Send(ctx, body); err != nil {
			return fmt.Errorf("queue.s3Notifier: %w", err)
		}
		return nil
	}
}

// Call runs h, turning a panic into an error as the Lambda runtime turns it into a failed
// invocation. Memory and sqsqueue.Poller, the stand-ins of the event source mapping, call
// handlers through it.
func Call(ctx context.Context, h Handler, ev lambdaevents.SQSEvent) (resp lambdaevents.SQSEventResponse, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("handler panicked: %v", r)
		}
	}()
	return h(ctx, ev)
}

// FailedIDs returns the message ids a handler reported, and whether every one of them is
// in the batch. Lambda treats a report naming an unknown (or empty) id as a failure of the
// whole batch; so do the local stand-ins.
func FailedIDs(resp lambdaevents.SQSEventResponse, batch []lambdaevents.SQSMessage) (map[string]bool, bool) {
	in := make(map[string]bool, len(batch))
	for _, m := range batch {
		in[m.MessageId] = true
	}
	failed := make(map[string]bool, len(resp.BatchItemFailures))
	for _, f := range resp.BatchItemFailures {
		if !in[f.ItemIdentifier] {
			return nil, false
		}
		failed[f.ItemIdentifier] = true
	}
	return failed, true
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // variant
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func md5Hex(body []byte) string {
	sum := md5.Sum(body)
	return hex.EncodeToString(sum[:])
}
