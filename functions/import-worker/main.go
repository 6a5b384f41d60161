// Command import-worker is the Lambda that runs Excel imports: SQS events (S3
// notifications of uploads/) in, pkg/imports's worker with the importers pkg/files
// registers.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/blob/s3blob"
	"samrap/pkg/files"
	"samrap/pkg/mail/ses"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeSQSLambda(context.Background(), os.Getenv, files.ImportWorker, s3blob.Wire, ses.Wire); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
