package events_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"

	"samrap/events"
	"samrap/events/samples"
)

const thaiKey = "uploads/SRP01/DietType/อาหาร list.xlsx"

func sqsEvent(t *testing.T, name string) lambdaevents.SQSEvent {
	t.Helper()
	b, err := samples.Load(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ev lambdaevents.SQSEvent
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	if len(ev.Records) != 1 {
		t.Fatalf("%s: %d records, want 1", name, len(ev.Records))
	}
	return ev
}

func TestS3ObjectsPut(t *testing.T) {
	ev := sqsEvent(t, samples.SQSS3Put)
	objs, err := events.S3Objects(ev.Records[0])
	if err != nil {
		t.Fatal(err)
	}
	want := events.S3Object{
		Bucket:    "samrap-dev-uploads",
		Key:       thaiKey,
		Size:      8734,
		ETag:      "d41d8cd98f00b204e9800998ecf8427e",
		EventName: "ObjectCreated:Put",
		EventTime: time.Date(2026, 11, 22, 2, 10, 14, 512e6, time.UTC),
	}
	if len(objs) != 1 || !objs[0].EventTime.Equal(want.EventTime) {
		t.Fatalf("got %+v, want [%+v]", objs, want)
	}
	objs[0].EventTime = want.EventTime
	if objs[0] != want {
		t.Fatalf("got %+v, want %+v", objs[0], want)
	}
}

func TestS3ObjectsTestEventIsIgnored(t *testing.T) {
	ev := sqsEvent(t, samples.SQSS3TestEvent)
	objs, err := events.S3Objects(ev.Records[0])
	if err != nil || len(objs) != 0 {
		t.Fatalf("got %v, %v; want no objects and no error", objs, err)
	}
}

func TestS3ObjectsShapes(t *testing.T) {
	put := sqsEvent(t, samples.SQSS3Put).Records[0].Body
	sns, err := json.Marshal(map[string]string{
		"Type":     "Notification",
		"TopicArn": "arn:aws:sns:ap-southeast-1:123456789012:uploads",
		"Subject":  "Amazon S3 Notification",
		"Message":  put,
	})
	if err != nil {
		t.Fatal(err)
	}
	// moto writes the time without a zone and encodes "/" as %2F (Python's quote_plus).
	moto := `{"Records":[{"eventVersion":"2.1","eventSource":"aws:s3","awsRegion":"us-east-1",` +
		`"eventTime":"2026-11-22T02:10:14.512000","eventName":"ObjectCreated:Put",` +
		`"s3":{"bucket":{"name":"b"},"object":{"key":"uploads%2FSRP01%2FDietType%2F%E0%B8%AD%E0%B8%B2%E0%B8%AB%E0%B8%B2%E0%B8%A3+list.xlsx","size":3}}}]}`

	tests := []struct {
		name    string
		body    string
		wantKey string
		wantErr error // set when an error is expected
	}{
		{"sns wrapped", string(sns), thaiKey, nil},
		{"moto", moto, thaiKey, nil},
		{"plus sign in key", `{"Records":[{"eventSource":"aws:s3","s3":{"object":{"key":"a%2Bb+c.xlsx"}}}]}`, "a+b c.xlsx", nil},
		{"import message", `{"version":1,"jobId":"j"}`, "", events.ErrNotS3},
		{"not json", `hello`, "", events.ErrNotS3},
		{"other source", `{"Records":[{"eventSource":"aws:dynamodb"}]}`, "", events.ErrNotS3},
		{"bad escape", `{"Records":[{"eventSource":"aws:s3","s3":{"object":{"key":"a%ZZ"}}}]}`, "", errors.New("any")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs, err := events.S3Objects(lambdaevents.SQSMessage{MessageId: "m1", Body: tt.body})
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("got %+v, want an error", objs)
				}
				if errors.Is(tt.wantErr, events.ErrNotS3) && !errors.Is(err, events.ErrNotS3) {
					t.Fatalf("err = %v, want ErrNotS3", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(objs) != 1 || objs[0].Key != tt.wantKey {
				t.Fatalf("got %+v, want key %q", objs, tt.wantKey)
			}
		})
	}
}

func TestNewS3ObjectCreated(t *testing.T) {
	at := time.Date(2026, 11, 22, 9, 0, 0, 0, time.FixedZone("ICT", 7*3600))
	body, err := events.NewS3ObjectCreated("local", thaiKey, 42, at)
	if err != nil {
		t.Fatal(err)
	}
	// Encoded as S3 encodes it: the same bytes as the recorded sample's key.
	if !strings.Contains(string(body), `"key":"uploads/SRP01/DietType/%E0%B8%AD%E0%B8%B2%E0%B8%AB%E0%B8%B2%E0%B8%A3+list.xlsx"`) {
		t.Fatalf("key not encoded as S3 does: %s", body)
	}
	objs, err := events.S3Objects(lambdaevents.SQSMessage{Body: string(body)})
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 1 {
		t.Fatalf("got %d objects, want 1", len(objs))
	}
	o := objs[0]
	if o.Bucket != "local" || o.Key != thaiKey || o.Size != 42 || o.EventName != "ObjectCreated:Put" || !o.EventTime.Equal(at) {
		t.Fatalf("got %+v", o)
	}
}
