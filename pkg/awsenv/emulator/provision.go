package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Resources lists what the local server needs on an AWS emulator, where no CDK deploy
// created it. In AWS, infra creates them and Provision is never called.
type Resources struct {
	Buckets []string
	Queues  []string // each gets a "<name>-dlq" dead-letter queue after MaxReceives
	// FIFO are the queues of Queues that are FIFO queues (named "<name>.fifo", as SQS
	// wants, with a FIFO dead-letter queue).
	FIFO    []string
	Notify  []Notification // S3 → SQS on object creation
	Senders []string       // addresses SES may send from ("Samrap <noreply@x>" is fine)
	// MaxReceives is the redrive policy's maxReceiveCount; 3 when 0.
	MaxReceives int
}

// Notification sends the ObjectCreated events of keys under Prefix in Bucket to Queue.
type Notification struct {
	Bucket, Prefix, Queue string
}

// Provision creates what e lists, leaving what exists, and returns the URL of each queue
// by name. It is safe to run at every start.
func Provision(ctx context.Context, cfg aws.Config, e Resources) (map[string]string, error) {
	// Path-style, as s3blob.NewClient builds it for an emulator.
	s3c := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true })
	sqsc := sqs.NewFromConfig(cfg)
	if e.MaxReceives <= 0 {
		e.MaxReceives = 3
	}

	for _, b := range e.Buckets {
		in := &s3.CreateBucketInput{Bucket: aws.String(b)}
		if cfg.Region != "" && cfg.Region != "us-east-1" {
			// Outside us-east-1, S3 wants the bucket's region named.
			in.CreateBucketConfiguration = &s3types.CreateBucketConfiguration{
				LocationConstraint: s3types.BucketLocationConstraint(cfg.Region)}
		}
		_, err := s3c.CreateBucket(ctx, in)
		var owned *s3types.BucketAlreadyOwnedByYou
		var exists *s3types.BucketAlreadyExists
		if err != nil && !errors.As(err, &owned) && !errors.As(err, &exists) {
			return nil, fmt.Errorf("emulator.provision: bucket %s: %w", b, err)
		}
	}

	urls := make(map[string]string, len(e.Queues))
	arns := make(map[string]string, len(e.Queues))
	for _, q := range e.Queues {
		name, dlq, attrs := q, q+"-dlq", map[string]string{}
		var dlqAttrs map[string]string
		if slices.Contains(e.FIFO, q) {
			name, dlq, attrs["FifoQueue"], dlqAttrs = q+".fifo", q+"-dlq.fifo", "true", map[string]string{"FifoQueue": "true"}
		}
		_, dlqARN, err := createQueue(ctx, sqsc, dlq, dlqAttrs)
		if err != nil {
			return nil, fmt.Errorf("emulator.provision: %w", err)
		}
		redrive, err := json.Marshal(map[string]any{"deadLetterTargetArn": dlqARN, "maxReceiveCount": e.MaxReceives})
		if err != nil {
			return nil, fmt.Errorf("emulator.provision: %w", err)
		}
		attrs["RedrivePolicy"] = string(redrive)
		url, arn, err := createQueue(ctx, sqsc, name, attrs)
		if err != nil {
			return nil, fmt.Errorf("emulator.provision: %w", err)
		}
		urls[q], arns[q] = url, arn
	}

	byBucket := map[string][]s3types.QueueConfiguration{}
	for _, n := range e.Notify {
		arn, ok := arns[n.Queue]
		if !ok {
			return nil, fmt.Errorf("emulator.provision: notification of %s: queue %s is not in Queues", n.Bucket, n.Queue)
		}
		byBucket[n.Bucket] = append(byBucket[n.Bucket], s3types.QueueConfiguration{
			Id:       aws.String(n.Queue + "-" + n.Prefix),
			QueueArn: aws.String(arn),
			Events:   []s3types.Event{s3types.EventS3ObjectCreated},
			Filter: &s3types.NotificationConfigurationFilter{Key: &s3types.S3KeyFilter{
				FilterRules: []s3types.FilterRule{{Name: s3types.FilterRuleNamePrefix, Value: aws.String(n.Prefix)}},
			}},
		})
	}
	for b, qcs := range byBucket {
		_, err := s3c.PutBucketNotificationConfiguration(ctx, &s3.PutBucketNotificationConfigurationInput{
			Bucket:                    aws.String(b),
			NotificationConfiguration: &s3types.NotificationConfiguration{QueueConfigurations: qcs},
		})
		if err != nil {
			return nil, fmt.Errorf("emulator.provision: notification of %s: %w", b, err)
		}
	}

	if len(e.Senders) > 0 {
		ses := sesv2.NewFromConfig(cfg)
		for _, from := range e.Senders {
			a, err := mail.ParseAddress(from)
			if err != nil {
				return nil, fmt.Errorf("emulator.provision: sender %q: %w", from, err)
			}
			s := a.Address
			if _, err := ses.GetEmailIdentity(ctx, &sesv2.GetEmailIdentityInput{EmailIdentity: aws.String(s)}); err == nil {
				continue
			}
			if _, err := ses.CreateEmailIdentity(ctx, &sesv2.CreateEmailIdentityInput{EmailIdentity: aws.String(s)}); err != nil {
				return nil, fmt.Errorf("emulator.provision: sender %s: %w", s, err)
			}
		}
	}
	return urls, nil
}

// createQueue creates the queue, or sets attrs on the one that exists, and returns its URL
// and ARN.
func createQueue(ctx context.Context, c *sqs.Client, name string, attrs map[string]string) (string, string, error) {
	var url *string
	out, err := c.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
	var exists *sqstypes.QueueNameExists
	switch {
	case errors.As(err, &exists): // same name, other attributes
		got, err := c.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{QueueName: aws.String(name)})
		if err != nil {
			return "", "", fmt.Errorf("queue %s: %w", name, err)
		}
		url = got.QueueUrl
		if _, err := c.SetQueueAttributes(ctx, &sqs.SetQueueAttributesInput{QueueUrl: url, Attributes: attrs}); err != nil {
			return "", "", fmt.Errorf("queue %s: %w", name, err)
		}
	case err != nil:
		return "", "", fmt.Errorf("queue %s: %w", name, err)
	default:
		url = out.QueueUrl
	}
	got, err := c.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       url,
		AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn},
	})
	if err != nil {
		return "", "", fmt.Errorf("queue %s: %w", name, err)
	}
	return aws.ToString(url), got.Attributes[string(sqstypes.QueueAttributeNameQueueArn)], nil
}
