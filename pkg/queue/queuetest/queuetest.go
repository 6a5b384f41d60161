// Package queuetest holds what the queue tests share: a worker that records the messages it
// is given and fails as it is told.
package queuetest

import (
	"context"
	"sync"

	lambdaevents "github.com/aws/aws-lambda-go/events"
)

// Recorder is a worker (Handle) that remembers the messages it was given. Fail, when set, is
// asked for each message with the number of times it has been received, and answers whether
// to report the message failed, or an error that fails the whole batch.
type Recorder struct {
	Fail func(receive int, m lambdaevents.SQSMessage) (report bool, err error)

	mu  sync.Mutex
	got []lambdaevents.SQSMessage
}

// Handle is the worker: it records ev's messages and answers as Fail says.
func (r *Recorder) Handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
	var resp lambdaevents.SQSEventResponse
	for _, m := range ev.Records {
		r.mu.Lock()
		r.got = append(r.got, m)
		n := 0
		for _, g := range r.got {
			if g.MessageId == m.MessageId {
				n++
			}
		}
		r.mu.Unlock()
		if r.Fail == nil {
			continue
		}
		report, err := r.Fail(n, m)
		if err != nil {
			return resp, err
		}
		if report {
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
		}
	}
	return resp, nil
}

// Received answers the messages received so far, in order, each receive of a message again.
func (r *Recorder) Received() []lambdaevents.SQSMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]lambdaevents.SQSMessage(nil), r.got...)
}
