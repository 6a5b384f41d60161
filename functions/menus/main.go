// Command menus is the Lambda of the menus area: API Gateway HTTP API events in, pkg/menus's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/menus"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, menus.Mount); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
