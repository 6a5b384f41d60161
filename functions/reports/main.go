// Command reports is the Lambda of the reports area: API Gateway HTTP API events in,
// pkg/reports's routes (meal cards, the kitchen and identification workbooks).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/platform"
	"samrap/pkg/reports"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, reports.Mount, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
