// Command patients is the Lambda of the patients area: API Gateway HTTP API events in, pkg/patients's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/patients"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, patients.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
