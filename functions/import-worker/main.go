// Command import-worker is the Lambda that loads uploaded master-data workbooks: SQS events
// (S3 notifications of uploads/) in, pkg/imports's worker.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/imports"
	"samrap/pkg/mail/ses"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeSQSLambda(context.Background(), os.Getenv, imports.Handler, s3blob.Wire, ses.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
