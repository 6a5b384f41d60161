// Command nutrition is the Lambda of the nutrition area: API Gateway HTTP API events in,
// pkg/nutrition's routes (the worklist's and the intake's workbooks go to the files bucket).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/nutrition"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, nutrition.Mount, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
