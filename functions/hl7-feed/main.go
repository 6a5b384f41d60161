// Command hl7-feed is the Lambda of the HL7 v2 feed: API Gateway HTTP API events in (POST
// /api/hl7/<branch> from the hospital's interface engine), pkg/hl7feed's route, sending to
// the hl7-feed FIFO queue.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/hl7feed"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, hl7feed.Mount, sqsqueue.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
