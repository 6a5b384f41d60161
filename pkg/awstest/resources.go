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
	"samrap/pkg/blob/s3blob"
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

// S3 is the SDK's S3 client on cfg, path-style as an emulator needs: for setting up and
// looking into buckets in tests. The functions' adapter is s3blob, which links no S3 client.
func S3(cfg aws.Config) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true })
}

// Store is the s3blob.Store of bucket on cfg (an emulator).
func Store(t testing.TB, cfg aws.Config, bucket string) *s3blob.Store {
	t.Helper()
	c, err := s3blob.NewClient(cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	return s3blob.New(c, bucket)
}

// NewBucket creates a bucket with a fresh name on cfg (an emulator).
func NewBucket(t testing.TB, cfg aws.Config) string {
	t.Helper()
	name := Name("bucket")
	if _, err := S3(cfg).CreateBucket(t.Context(), &s3.CreateBucketInput{Bucket: aws.String(name)}); err != nil {
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
