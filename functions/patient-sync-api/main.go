// Command patient-sync-api is the Lambda of the hospital sync's API: API Gateway HTTP API
// events in, pkg/patientsync's routes (/data-patient/*), sending to the patient-sync queue.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, patientsync.Mount, sqsqueue.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
