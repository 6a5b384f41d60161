// Command files is the Lambda of the files area: API Gateway HTTP API events in, pkg/files's
// routes (uploads for import, downloads).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/files"
	"samrap/pkg/platform"
	"samrap/pkg/queue/sqsqueue"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, files.Mount, s3blob.Wire, sqsqueue.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
