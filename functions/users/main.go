// Command users is the Lambda of the users area: staff accounts, invitations and branch
// access (the /auth/* calls of user management).
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/mail/ses"
	"samrap/pkg/platform"
	"samrap/pkg/users"
)

func main() {
	if err := platform.ServeHTTPLambda(context.Background(), os.Getenv, users.Mount, ses.Wire, s3blob.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
