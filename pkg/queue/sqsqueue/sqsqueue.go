// Package sqsqueue is the queue.Sender of AWS (SQS) and the Poller that stands in for the
// Lambda event source mapping when functions/local runs against an emulator. It is the only
// package that links the SQS client; a function imports it (through Wire in its main) only
// when its catalogue entry uses a queue (ARCHITECTURE.md §10).
package sqsqueue

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"samrap/pkg/awsenv"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
)

// Wire sends to the catalogue's queues through SQS (QUEUE_URL_<NAME>). Pass it to
// platform.ServeHTTPLambda or ServeSQSLambda.
func Wire(env *platform.Env) error {
	c, err := awsenv.Config(env.Config)
	if err != nil {
		return fmt.Errorf("sqsqueue.wire: %w", err)
	}
	client := sqs.NewFromConfig(c)
	env.NewQueue = func(url string) queue.Sender { return New(client, url) }
	return nil
}

// Sender sends to an SQS queue.
type Sender struct {
	client *sqs.Client
	url    string
}

var (
	_ queue.Sender     = (*Sender)(nil)
	_ queue.FIFOSender = (*Sender)(nil)
)

// New returns a Sender for the queue at queueURL.
func New(client *sqs.Client, queueURL string) *Sender {
	return &Sender{client: client, url: queueURL}
}

// Send sends body as one message.
func (s *Sender) Send(ctx context.Context, body []byte) error {
	_, err := s.client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.url), MessageBody: aws.String(string(body))})
	if err != nil {
		return fmt.Errorf("queue.send: %w", unreachable(ctx, err))
	}
	return nil
}

// unreachable marks err queue.ErrUnavailable when SQS was not reached (awsenv.Unreachable).
func unreachable(ctx context.Context, err error) error {
	if awsenv.Unreachable(ctx, err) {
		return fmt.Errorf("%w: %w", queue.ErrUnavailable, err)
	}
	return err
}

// SendFIFO sends body to a FIFO queue in group, deduplicated by dedup (SQS allows 128
// characters of letters, digits and punctuation in each: callers pass hashes or codes).
func (s *Sender) SendFIFO(ctx context.Context, body []byte, group, dedup string) error {
	_, err := s.client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.url), MessageBody: aws.String(string(body)),
		MessageGroupId: aws.String(group), MessageDeduplicationId: aws.String(dedup)})
	if err != nil {
		return fmt.Errorf("queue.sendFIFO: %w", unreachable(ctx, err))
	}
	return nil
}

// SendFIFOBatch sends msgs to a FIFO queue ten to a request (SendMessageBatch; SQS keeps
// the order of a request's messages of one group), and answers each one's error: a request
// that fails is every one of its messages' error, an entry SQS refuses its own.
func (s *Sender) SendFIFOBatch(ctx context.Context, msgs []queue.FIFOMessage) []error {
	errs := make([]error, len(msgs))
	for from := 0; from < len(msgs); from += 10 {
		part := msgs[from:min(from+10, len(msgs))]
		entries := make([]types.SendMessageBatchRequestEntry, len(part))
		for i, m := range part {
			entries[i] = types.SendMessageBatchRequestEntry{Id: aws.String(strconv.Itoa(from + i)), MessageBody: aws.String(string(m.Body)),
				MessageGroupId: aws.String(m.Group), MessageDeduplicationId: aws.String(m.Dedup)}
		}
		out, err := s.client.SendMessageBatch(ctx, &sqs.SendMessageBatchInput{QueueUrl: aws.String(s.url), Entries: entries})
		if err != nil {
			err = fmt.Errorf("queue.sendFIFOBatch: %w", unreachable(ctx, err))
			for i := range part {
				errs[from+i] = err
			}
			continue
		}
		for _, f := range out.Failed {
			if i, err := strconv.Atoi(aws.ToString(f.Id)); err == nil && i >= from && i < from+len(part) {
				errs[i] = fmt.Errorf("queue.sendFIFOBatch: %s: %s", aws.ToString(f.Code), aws.ToString(f.Message))
			}
		}
	}
	return errs
}

// PollerConfig tunes a Poller. Zero values take the defaults.
type PollerConfig struct {
	MaxMessages int32         // batch size, 1 to 10; default 10
	WaitTime    time.Duration // long poll, at most 20s; default 20s
	Log         *slog.Logger  // default: discarded
}

// Poller stands in for the Lambda event source mapping when the app runs locally against
// an emulator: it long-polls the queue, hands each batch to the handler as an SQS event,
// deletes the messages that did not fail and leaves the failed ones to come back when
// their visibility timeout ends (and, with a redrive policy, to reach the dead-letter
// queue).
type Poller struct {
	client  *sqs.Client
	url     string
	handler queue.Handler
	cfg     PollerConfig
}

// NewPoller returns a poller of the queue at queueURL. It does no I/O until Run.
func NewPoller(client *sqs.Client, queueURL string, h queue.Handler, cfg PollerConfig) *Poller {
	if cfg.MaxMessages <= 0 || cfg.MaxMessages > 10 {
		cfg.MaxMessages = 10
	}
	if cfg.WaitTime <= 0 || cfg.WaitTime > 20*time.Second {
		cfg.WaitTime = 20 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Poller{client: client, url: queueURL, handler: h, cfg: cfg}
}

// Run polls until ctx ends, then returns nil. It returns an error only when the queue
// cannot be found at the start; later failures to receive are logged and retried.
func (p *Poller) Run(ctx context.Context) error {
	attrs, err := p.client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(p.url),
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameQueueArn},
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("queue.poll: %s: %w", p.url, err)
	}
	arn := attrs.Attributes[string(types.QueueAttributeNameQueueArn)]
	region := p.client.Options().Region

	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(p.url),
			MaxNumberOfMessages:         p.cfg.MaxMessages,
			WaitTimeSeconds:             int32(p.cfg.WaitTime / time.Second),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
			MessageAttributeNames:       []string{"All"},
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			p.cfg.Log.Error("queue: receive", "queue", p.url, "err", err)
			sleep(ctx, time.Second)
			continue
		}
		if len(out.Messages) > 0 {
			p.handle(ctx, toEvent(out.Messages, arn, region))
		}
	}
	return nil
}

// handle runs the handler on one batch and deletes the messages it handled.
func (p *Poller) handle(ctx context.Context, ev lambdaevents.SQSEvent) {
	resp, err := queue.Call(ctx, p.handler, ev)
	if err != nil {
		p.cfg.Log.Warn("queue: batch failed", "queue", p.url, "messages", len(ev.Records), "err", err)
		return
	}
	failed, ok := queue.FailedIDs(resp, ev.Records)
	if !ok {
		p.cfg.Log.Warn("queue: batchItemFailures names a message not in the batch; the batch failed", "queue", p.url, "failures", resp.BatchItemFailures)
		return
	}

	var done []types.DeleteMessageBatchRequestEntry
	for i, m := range ev.Records {
		if !failed[m.MessageId] {
			done = append(done, types.DeleteMessageBatchRequestEntry{
				Id:            aws.String(strconv.Itoa(i)),
				ReceiptHandle: aws.String(m.ReceiptHandle),
			})
		}
	}
	if len(done) == 0 {
		return
	}
	// Work that finished is acknowledged even when the poller is being stopped.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	out, err := p.client.DeleteMessageBatch(dctx, &sqs.DeleteMessageBatchInput{QueueUrl: aws.String(p.url), Entries: done})
	if err != nil {
		p.cfg.Log.Error("queue: delete", "queue", p.url, "err", err)
		return
	}
	for _, f := range out.Failed {
		p.cfg.Log.Error("queue: delete", "queue", p.url, "entry", aws.ToString(f.Id), "err", aws.ToString(f.Message))
	}
}

// toEvent shapes a batch as the Lambda event source mapping does.
func toEvent(msgs []types.Message, arn, region string) lambdaevents.SQSEvent {
	ev := lambdaevents.SQSEvent{Records: make([]lambdaevents.SQSMessage, 0, len(msgs))}
	for _, m := range msgs {
		attrs := make(map[string]lambdaevents.SQSMessageAttribute, len(m.MessageAttributes))
		for k, v := range m.MessageAttributes {
			attrs[k] = lambdaevents.SQSMessageAttribute{
				StringValue:      v.StringValue,
				BinaryValue:      v.BinaryValue,
				StringListValues: v.StringListValues,
				BinaryListValues: v.BinaryListValues,
				DataType:         aws.ToString(v.DataType),
			}
		}
		ev.Records = append(ev.Records, lambdaevents.SQSMessage{
			MessageId:              aws.ToString(m.MessageId),
			ReceiptHandle:          aws.ToString(m.ReceiptHandle),
			Body:                   aws.ToString(m.Body),
			Md5OfBody:              aws.ToString(m.MD5OfBody),
			Md5OfMessageAttributes: aws.ToString(m.MD5OfMessageAttributes),
			Attributes:             m.Attributes,
			MessageAttributes:      attrs,
			EventSource:            "aws:sqs",
			EventSourceARN:         arn,
			AWSRegion:              region,
		})
	}
	return ev
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
