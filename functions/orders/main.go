// Command orders is the Lambda of the orders area (meal ordering): API Gateway HTTP API events in, pkg/orders's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/orders"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, orders.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
