package sqsqueue_test

import (
	"testing"

	"samrap/pkg/config"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

func TestWire(t *testing.T) {
	env := &platform.Env{Config: config.Config{AWSRegion: "ap-southeast-1", AWSAccessKeyID: "ASIAEXAMPLE",
		AWSSecretAccessKey: "secret"}, Adapters: &platform.Adapters{}}
	if err := sqsqueue.Wire(env); err != nil {
		t.Fatal(err)
	}
	if env.NewQueue == nil {
		t.Fatal("NewQueue not set")
	}
	if s, ok := env.NewQueue("https://sqs.ap-southeast-1.amazonaws.com/123456789012/q").(*sqsqueue.Sender); !ok || s == nil {
		t.Fatalf("NewQueue answers %T, want *sqsqueue.Sender", s)
	}
}
