package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"samrap/functions"
	"samrap/pkg/awsenv"
	"samrap/pkg/awsenv/emulator"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
	"samrap/pkg/queue/sqsqueue"
)

// startWorkers runs every sqs function of the registry in this process: behind an
// in-process queue by default, or behind a Poller on the emulator's SQS queue when
// AWS_ENDPOINT_URL is set (the local stand-in for the Lambda event source mapping). Uploads
// under a function's s3Notifications prefix reach its queue as S3 notifications. The
// returned function stops them.
func startWorkers(ctx context.Context, env *platform.Env) (stop func(), err error) {
	sqsFuncs := functions.Workers()

	if env.Config.AWSEndpointURL == "" {
		var memories []*queue.Memory
		for _, f := range sqsFuncs {
			cfg := queue.MemoryConfig{Name: f.Queue, Log: env.Log}
			if f.FIFO {
				// as the event source mapping hands a FIFO queue's worker batches of up to ten
				// (infra QueueWorker), two at once (of other groups)
				cfg.BatchSize, cfg.Concurrency = 10, 2
			}
			m := queue.NewMemory(f.Worker(env), cfg)
			memories = append(memories, m)
			env.SetQueue(f.Queue, m)
			if f.S3Notifications != "" {
				env.Disk.OnPut(f.S3Notifications, queue.S3Notifier(m, env.Config.UploadsBucket))
			}
		}
		return func() {
			for _, m := range memories {
				_ = m.Close()
			}
		}, nil
	}

	// Against an emulator: create what a deploy would have created, then poll.
	e := emulator.Resources{Buckets: []string{env.Config.UploadsBucket, env.Config.FilesBucket}, Senders: []string{env.Config.MailFrom}}
	for _, f := range sqsFuncs {
		e.Queues = append(e.Queues, f.Queue)
		if f.FIFO {
			e.FIFO = append(e.FIFO, f.Queue)
		}
		if f.S3Notifications != "" {
			e.Notify = append(e.Notify, emulator.Notification{Bucket: env.Config.UploadsBucket, Prefix: f.S3Notifications, Queue: f.Queue})
		}
	}
	awsCfg, err := awsenv.Config(env.Config)
	if err != nil {
		return nil, err
	}
	urls, err := emulator.Provision(ctx, awsCfg, e)
	if err != nil {
		return nil, fmt.Errorf("functions/local: provision the emulator: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	client := sqs.NewFromConfig(awsCfg)
	for _, f := range sqsFuncs {
		env.SetQueue(f.Queue, sqsqueue.New(client, urls[f.Queue]))
		p := sqsqueue.NewPoller(client, urls[f.Queue], f.Worker(env), sqsqueue.PollerConfig{Log: env.Log})
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Run(ctx); err != nil && ctx.Err() == nil {
				env.Log.Error("poller stopped", "queue", f.Queue, "err", err)
			}
		}()
	}
	return func() { cancel(); wg.Wait() }, nil
}
