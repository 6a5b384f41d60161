// Command auth is the Lambda of the auth area: API Gateway HTTP API events in, pkg/auth's routes.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/auth"
	"samrap/pkg/mail/ses"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, auth.Mount, ses.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
