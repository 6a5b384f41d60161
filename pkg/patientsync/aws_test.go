package patientsync_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"samrap/pkg/awsenv/emulator"
	"samrap/pkg/awstest"
	"samrap/pkg/patientsync"
	"samrap/pkg/queue/sqsqueue"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// The cloud path on moto_server: importData sends the message to the SQS queue, the Poller
// (standing in for the event source mapping) hands it to the patient-sync worker, which
// syncs the branch from the demo hospital.
func TestSyncThroughSQS(t *testing.T) {
	t.Parallel()
	cfg := awstest.Config(t, moto.Endpoint(t))
	name := awstest.Name("patient-sync")
	urls, err := emulator.Provision(t.Context(), cfg, emulator.Resources{Queues: []string{name}})
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	client := sqs.NewFromConfig(cfg)
	f.s.Env.SetQueue(patientsync.Queue, sqsqueue.New(client, urls[name]))
	w := patientsync.NewWorker(f.s.DB, f.s.Clock.Now, f.s.Env.Log, f.s.Env.Secret)
	w.Options.Loopback = true // the test hospital is on this machine
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() {
		stopped <- sqsqueue.NewPoller(client, urls[name], w.Handle, sqsqueue.PollerConfig{WaitTime: time.Second}).Run(ctx)
	}()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("poller: %v", err)
		}
	}()
	j := f.sync(t, "en")
	if j.Status != patientsync.Done || j.Report.Counts["admitted"] != 1 || j.Report.Counts["discharged"] != 2 {
		t.Fatalf("sync through SQS: %+v", j)
	}
	if n := f.s.Count(`SELECT count(*) FROM change_log WHERE entity = 'patient' AND after->>'lastImportSource' = 'hospital'`); n < 8 {
		t.Errorf("%d changes recorded", n)
	}
}
