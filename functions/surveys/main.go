// Command surveys is the Lambda of the surveys area: API Gateway HTTP API events in,
// pkg/surveys's routes (patient satisfaction: the public link, staff entry, results, export).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/platform"
	"samrap/pkg/surveys"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, surveys.Mount, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
