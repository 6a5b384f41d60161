package emulator_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"samrap/pkg/awsenv/emulator"
	"samrap/pkg/awstest"
	"samrap/pkg/queue/sqsqueue"
)

var moto awstest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	moto.Close()
	os.Exit(code)
}

func TestProvision(t *testing.T) {
	endpoint := moto.Endpoint(t)
	cfg := awstest.Config(t, endpoint)
	e := emulator.Resources{
		Buckets: []string{"samrap-local-uploads", "samrap-local-files"},
		Queues:  []string{"samrap-local-import", "samrap-local-patient-sync", "samrap-local-hl7-feed"},
		FIFO:    []string{"samrap-local-hl7-feed"},
		Notify:  []emulator.Notification{{Bucket: "samrap-local-uploads", Prefix: "uploads/", Queue: "samrap-local-import"}},
		Senders: []string{"Samrap <noreply@samrap.local>"},
	}

	first, err := emulator.Provision(t.Context(), cfg, e)
	if err != nil {
		t.Fatal(err)
	}
	e.MaxReceives = 5 // a restart with another setting updates the queue
	again, err := emulator.Provision(t.Context(), cfg, e)
	if err != nil {
		t.Fatalf("second run: %v", err)
	}
	for _, q := range e.Queues {
		name := q
		if slices.Contains(e.FIFO, q) {
			name += ".fifo"
		}
		if first[q] == "" || first[q] != again[q] || !strings.HasSuffix(first[q], "/"+name) {
			t.Fatalf("queue %s: urls %q then %q", q, first[q], again[q])
		}
	}

	ctx := t.Context()
	s3c := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true })
	for _, b := range e.Buckets {
		if _, err := s3c.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(b)}); err != nil {
			t.Fatalf("bucket %s: %v", b, err)
		}
	}
	n, err := s3c.GetBucketNotificationConfiguration(ctx, &s3.GetBucketNotificationConfigurationInput{Bucket: aws.String("samrap-local-uploads")})
	if err != nil {
		t.Fatal(err)
	}
	if len(n.QueueConfigurations) != 1 || !strings.HasSuffix(aws.ToString(n.QueueConfigurations[0].QueueArn), ":samrap-local-import") {
		t.Fatalf("notification %+v", n.QueueConfigurations)
	}

	sqsc := sqs.NewFromConfig(cfg)
	attrs, err := sqsc.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(again["samrap-local-import"]),
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameRedrivePolicy},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := attrs.Attributes["RedrivePolicy"]; !strings.Contains(p, "samrap-local-import-dlq") || !strings.Contains(p, "5") {
		t.Fatalf("redrive policy %q, want the dlq after 5 receives", p)
	}

	// the FIFO queue: a FIFO dead-letter queue, and a deduplication id sent twice delivers once
	attrs, err = sqsc.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(again["samrap-local-hl7-feed"]),
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameFifoQueue, sqstypes.QueueAttributeNameRedrivePolicy},
	})
	if err != nil {
		t.Fatal(err)
	}
	if attrs.Attributes["FifoQueue"] != "true" || !strings.Contains(attrs.Attributes["RedrivePolicy"], "samrap-local-hl7-feed-dlq.fifo") {
		t.Fatalf("the FIFO queue: %v", attrs.Attributes)
	}
	fifo := sqsqueue.New(sqsc, again["samrap-local-hl7-feed"])
	for range 2 {
		if err := fifo.SendFIFO(ctx, []byte("m"), "SRP01-p", "d1"); err != nil {
			t.Fatal(err)
		}
	}
	got, err := sqsc.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(again["samrap-local-hl7-feed"]), MaxNumberOfMessages: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Messages) != 1 {
		t.Fatalf("%d messages from a deduplicated pair", len(got.Messages))
	}

	ses := sesv2.NewFromConfig(cfg)
	if _, err := ses.GetEmailIdentity(ctx, &sesv2.GetEmailIdentityInput{EmailIdentity: aws.String("noreply@samrap.local")}); err != nil {
		t.Fatalf("sender: %v", err)
	}

	_, err = emulator.Provision(ctx, cfg, emulator.Resources{Notify: []emulator.Notification{{Bucket: "b", Prefix: "p/", Queue: "unknown"}}})
	if err == nil {
		t.Fatal("notification to an unlisted queue accepted")
	}
}
