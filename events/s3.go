package events

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
)

// ErrNotS3 is returned for an SQS message whose body is not an S3 notification.
var ErrNotS3 = errors.New("not an s3 notification")

// S3Object is one object named by an S3 notification.
type S3Object struct {
	Bucket    string
	Key       string // URL-decoded: the key as it was put
	Size      int64
	ETag      string
	EventName string // e.g. "ObjectCreated:Put"
	EventTime time.Time
}

// s3Body is every shape an S3 notification takes in an SQS body: the event itself
// (Records), the test event S3 sends when a notification is configured (Event), or the
// event wrapped by SNS (Type "Notification", Message holding the event as a string).
type s3Body struct {
	Records []s3Record `json:"Records"`
	Event   string     `json:"Event"`
	Type    string     `json:"Type"`
	Message string     `json:"Message"`
}

// s3Record is the part of a notification record S3Objects reads. It is not
// lambdaevents.S3EventRecord, whose time.Time refuses the zone-less eventTime that some
// emulators (moto) write.
type s3Record struct {
	EventSource string `json:"eventSource"`
	EventTime   string `json:"eventTime"`
	EventName   string `json:"eventName"`
	S3          struct {
		Bucket struct {
			Name string `json:"name"`
		} `json:"bucket"`
		Object struct {
			Key  string `json:"key"`
			Size int64  `json:"size"`
			ETag string `json:"eTag"`
		} `json:"object"`
	} `json:"s3"`
}

// S3Objects returns the objects an S3 notification delivered through SQS names, with their
// keys URL-decoded ("+" is a space, "%E0%B8%AD" is "อ"). The s3:TestEvent S3 sends when a
// bucket notification is configured names no object: S3Objects returns none and no error.
// A notification that S3 sent through SNS to the queue is unwrapped.
func S3Objects(msg lambdaevents.SQSMessage) ([]S3Object, error) {
	objs, err := s3Objects(msg.Body, true)
	if err != nil {
		return nil, fmt.Errorf("events.s3Objects: message %s: %w", msg.MessageId, err)
	}
	return objs, nil
}

func s3Objects(body string, unwrap bool) ([]S3Object, error) {
	var b s3Body
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotS3, err)
	}
	switch {
	case b.Event == "s3:TestEvent":
		return nil, nil
	case b.Type == "Notification" && b.Message != "" && unwrap:
		return s3Objects(b.Message, false)
	case b.Records == nil:
		return nil, ErrNotS3
	}

	objs := make([]S3Object, 0, len(b.Records))
	for i, r := range b.Records {
		if r.EventSource != "aws:s3" {
			return nil, fmt.Errorf("record %d: event source %q: %w", i, r.EventSource, ErrNotS3)
		}
		key, err := url.QueryUnescape(r.S3.Object.Key)
		if err != nil {
			return nil, fmt.Errorf("record %d: key %q: %w", i, r.S3.Object.Key, err)
		}
		at, err := parseEventTime(r.EventTime)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", i, err)
		}
		objs = append(objs, S3Object{
			Bucket:    r.S3.Bucket.Name,
			Key:       key,
			Size:      r.S3.Object.Size,
			ETag:      r.S3.Object.ETag,
			EventName: r.EventName,
			EventTime: at,
		})
	}
	return objs, nil
}

// parseEventTime reads RFC 3339 (AWS) or the same without a zone, taken as UTC (moto).
func parseEventTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	t, err := time.Parse("2006-01-02T15:04:05.999999999", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("event time %q: %w", s, err)
	}
	return t, nil
}

// NewS3ObjectCreated returns the body of the notification S3 sends to a queue when an
// object is put: one "ObjectCreated:Put" record with the key URL-encoded as S3 encodes it.
// The local blob store uses it to stand in for S3 → SQS.
func NewS3ObjectCreated(bucket, key string, size int64, at time.Time) ([]byte, error) {
	rec := lambdaevents.S3EventRecord{
		EventVersion: "2.1",
		EventSource:  "aws:s3",
		AWSRegion:    "local",
		EventTime:    at.UTC(),
		EventName:    "ObjectCreated:Put",
		S3: lambdaevents.S3Entity{
			SchemaVersion:   "1.0",
			ConfigurationID: "local-uploads",
			Bucket: lambdaevents.S3Bucket{
				Name: bucket,
				Arn:  "arn:aws:s3:::" + bucket,
			},
			Object: lambdaevents.S3Object{Key: EncodeS3Key(key), Size: size},
		},
	}
	b, err := json.Marshal(lambdaevents.S3Event{Records: []lambdaevents.S3EventRecord{rec}})
	if err != nil {
		return nil, fmt.Errorf("events.newS3ObjectCreated: %w", err)
	}
	return b, nil
}

// EncodeS3Key encodes a key the way S3 writes it in a notification: each path segment
// form-encoded (a space is "+"), the slashes kept.
func EncodeS3Key(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.QueryEscape(p)
	}
	return strings.Join(parts, "/")
}
