// Command housekeeping is the scheduled Lambda that removes what has expired (pkg/housekeeping):
// throttle keys, refresh tokens, old sessions, spent links and challenges.
package main

import (
	"context"
	"fmt"
	"os"

	"samrap/pkg/housekeeping"
	"samrap/pkg/platform"
)

func main() {
	if err := platform.ServeScheduleLambda(context.Background(), os.Getenv, housekeeping.Job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
