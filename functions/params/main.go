// Command params is the Lambda of the params area: API Gateway HTTP API events in, pkg/params's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/params"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, params.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
