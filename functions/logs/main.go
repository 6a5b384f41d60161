// Command logs is the Lambda of the logs area: API Gateway HTTP API events in, pkg/logs's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/logs"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, logs.Mount, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
