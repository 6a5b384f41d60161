package sqsqueue_test

import (
	"context"
	"sync"

	lambdaevents "github.com/aws/aws-lambda-go/events"
)

// recorder is a worker that remembers what it was given and fails as told (the same as in
// package queue's tests).
type recorder struct {
	mu   sync.Mutex
	got  []lambdaevents.SQSMessage
	fail func(receive int, m lambdaevents.SQSMessage) (report bool, err error)
}

func newRecorder() *recorder {
	return &recorder{}
}

func (r *recorder) handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
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
		if r.fail == nil {
			continue
		}
		report, err := r.fail(n, m)
		if err != nil {
			return resp, err
		}
		if report {
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
		}
	}
	return resp, nil
}

func (r *recorder) received() []lambdaevents.SQSMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]lambdaevents.SQSMessage(nil), r.got...)
}
