// Command patient-sync is the Lambda that syncs a branch's patients from its hospital: SQS
// events (events.PatientSyncRequested) in, pkg/patientsync's worker.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/patientsync"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeSQSLambda(context.Background(), os.Getenv, patientsync.Handler); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
