package awstest

import (
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"samrap/pkg/awsenv/emulator"
)

// Config is the aws.Config of the adapters, pointed at endpoint.
func Config(t testing.TB, endpoint string) aws.Config {
	t.Helper()
	cfg, err := emulator.Load(t.Context(), endpoint, "")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// Name returns a fresh resource name (lowercase, valid for buckets and queues).
func Name(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

// NewBucket creates a bucket with a fresh name.
func NewBucket(t testing.TB, client *s3.Client) string {
	t.Helper()
	name := Name("bucket")
	if _, err := client.CreateBucket(t.Context(), &s3.CreateBucketInput{Bucket: aws.String(name)}); err != nil {
		t.Fatalf("create bucket: %v", err)
	}
	return name
}

// NewQueue creates a queue with a fresh name and the given attributes (for example
// "VisibilityTimeout": "1") and returns its URL and ARN.
func NewQueue(t testing.TB, client *sqs.Client, attrs map[string]string) (url, arn string) {
	t.Helper()
	out, err := client.CreateQueue(t.Context(), &sqs.CreateQueueInput{
		QueueName:  aws.String(Name("queue")),
		Attributes: attrs,
	})
	if err != nil {
		t.Fatalf("create queue: %v", err)
	}
	got, err := client.GetQueueAttributes(t.Context(), &sqs.GetQueueAttributesInput{
		QueueUrl:       out.QueueUrl,
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn},
	})
	if err != nil {
		t.Fatalf("queue arn: %v", err)
	}
	return *out.QueueUrl, got.Attributes[string(sqstypes.QueueAttributeNameQueueArn)]
}
