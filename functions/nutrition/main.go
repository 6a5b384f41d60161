// Command nutrition is the Lambda of the nutrition area: API Gateway HTTP API events in, pkg/nutrition's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/nutrition"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, nutrition.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
