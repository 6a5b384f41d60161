package awstest_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"samrap/events"
	"samrap/pkg/awstest"
	"samrap/pkg/queue/sqsqueue"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

// delivery is one object a worker was handed.
type delivery struct {
	bucket, key string
	size        int64
	receive     string // ApproximateReceiveCount
}

// importWorker is shaped as import-worker is: it reads S3 notifications, ignores test
// events, and reports a message it cannot handle (here: the first delivery of failOnce).
type importWorker struct {
	failOnce string

	mu         sync.Mutex
	got        []delivery
	testEvents int
	failed     bool
}

func (w *importWorker) handle(ctx context.Context, ev lambdaevents.SQSEvent) (lambdaevents.SQSEventResponse, error) {
	var resp lambdaevents.SQSEventResponse
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, m := range ev.Records {
		objs, err := events.S3Objects(m)
		if err != nil {
			resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			continue
		}
		if len(objs) == 0 {
			w.testEvents++
			continue
		}
		for _, o := range objs {
			w.got = append(w.got, delivery{o.Bucket, o.Key, o.Size, m.Attributes["ApproximateReceiveCount"]})
			if o.Key == w.failOnce && !w.failed {
				w.failed = true
				resp.BatchItemFailures = append(resp.BatchItemFailures, lambdaevents.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			}
		}
	}
	return resp, nil
}

func (w *importWorker) deliveries() []delivery {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.got)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// The upload chain in AWS mode: an object put through s3blob.Store under uploads/ reaches the
// worker through the bucket notification, the queue and the Poller, with its key decoded.
func TestUploadReachesWorker(t *testing.T) {
	cfg := awstest.Config(t, moto.Endpoint(t))
	s3c := awstest.S3(cfg)
	sqsc := sqs.NewFromConfig(cfg)

	bucket := awstest.NewBucket(t, cfg)
	queueURL, queueARN := awstest.NewQueue(t, sqsc, map[string]string{"VisibilityTimeout": "1"})
	_, err := s3c.PutBucketNotificationConfiguration(t.Context(), &s3.PutBucketNotificationConfigurationInput{
		Bucket: aws.String(bucket),
		NotificationConfiguration: &s3types.NotificationConfiguration{
			QueueConfigurations: []s3types.QueueConfiguration{{
				QueueArn: aws.String(queueARN),
				Events:   []s3types.Event{s3types.EventS3ObjectCreated},
				Filter: &s3types.NotificationConfigurationFilter{Key: &s3types.S3KeyFilter{
					FilterRules: []s3types.FilterRule{{Name: s3types.FilterRuleNamePrefix, Value: aws.String("uploads/")}},
				}},
			}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}

	const (
		dietTypes = "uploads/SRP01/DietType/อาหาร list.xlsx"
		wards     = "uploads/SRP02/Ward/หอผู้ป่วย 1+2.xlsx"
	)
	worker := &importWorker{failOnce: wards}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() {
		stopped <- sqsqueue.NewPoller(sqsc, queueURL, worker.handle, sqsqueue.PollerConfig{WaitTime: time.Second}).Run(ctx)
	}()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("poller: %v", err)
		}
	}()

	store := awstest.Store(t, cfg, bucket)
	for key, body := range map[string]string{dietTypes: "PK diet types", "reports/SRP01/r.pdf": "%PDF"} {
		if err := store.Put(t.Context(), key, strings.NewReader(body), ""); err != nil {
			t.Fatal(err)
		}
	}

	// Exactly once: wait for it, then for longer than the visibility timeout.
	waitFor(t, "the upload to reach the worker", func() bool { return len(worker.deliveries()) > 0 })
	time.Sleep(2500 * time.Millisecond)
	want := []delivery{{bucket, dietTypes, int64(len("PK diet types")), "1"}}
	if got := worker.deliveries(); !slices.Equal(got, want) {
		t.Fatalf("worker got %+v, want %+v", got, want)
	}
	t.Logf("s3:TestEvent messages ignored: %d", worker.testEvents)

	// A message the worker reports as failed comes back.
	if err := store.Put(t.Context(), wards, strings.NewReader("PK wards"), ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failed upload to come back", func() bool { return len(worker.deliveries()) >= 3 })
	time.Sleep(1500 * time.Millisecond)
	got := worker.deliveries()[1:]
	want = []delivery{{bucket, wards, 8, "1"}, {bucket, wards, 8, "2"}}
	if !slices.Equal(got, want) {
		t.Fatalf("worker got %+v, want %+v", got, want)
	}

	// Everything handled was deleted, test event included.
	attrs, err := sqsc.GetQueueAttributes(t.Context(), &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(queueURL),
		AttributeNames: []sqstypes.QueueAttributeName{
			sqstypes.QueueAttributeNameApproximateNumberOfMessages,
			sqstypes.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range attrs.Attributes {
		if n, _ := strconv.Atoi(v); n != 0 {
			t.Errorf("%s = %d, want 0", name, n)
		}
	}
}
