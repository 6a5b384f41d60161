// Command hl7-feed-worker is the Lambda that applies the HL7 v2 feed's messages: SQS FIFO
// events (events.HL7Received) in, pkg/hl7feed's worker; each message's text kept in S3 (hl7/).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/hl7feed"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeSQSLambda(context.Background(), os.Getenv, hl7feed.Handler, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
