// Command serve is the Lambda of the serve area (serving by scan): API Gateway HTTP API events in, pkg/serve's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/platform"
	"samrap/pkg/serve"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, serve.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
