// Command hl7demo writes a day of the demo hospital's HL7 v2 feed of a demo branch (ADT
// A03/A01 and OMD^O03 diet orders, ER7 with \r, one message after another) to stdout: the
// messages functions/local's POST /dev/hl7/<branch> sends, as a file for scripts/hl7-post.sh
// (docs/hl7.md, "Locally").
//
//	go run ./scripts/hl7demo -branch SRP01 > day.hl7
//	go run ./scripts/hl7demo -branch SRP01 -batch > day.hl7   # as one FHS/BHS batch file
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"samrap/pkg/day"
	"samrap/pkg/demo"
	"samrap/pkg/hl7feed"
)

func main() {
	branch := flag.String("branch", demo.Bangkok, "the demo branch: "+strings.Join(demo.Branches(), ", "))
	batch := flag.Bool("batch", false, "wrap the messages in a FHS/BHS batch file")
	flag.Parse()
	if !slices.Contains(demo.Branches(), *branch) {
		fmt.Fprintf(os.Stderr, "hl7demo: %q is not a demo branch (%s)\n", *branch, strings.Join(demo.Branches(), ", "))
		os.Exit(2)
	}
	now := time.Now().In(day.Bangkok)
	out := &hl7feed.Sender{Facility: *branch, Prefix: "DEMO" + now.Format("150405")}
	msgs := out.Day(demo.HospitalCensus(*branch, now), demo.HospitalDischarged(*branch, now), now)
	text := strings.Join(msgs, "")
	if *batch {
		text = hl7feed.Batch(msgs)
	}
	if _, err := os.Stdout.WriteString(text); err != nil {
		fmt.Fprintln(os.Stderr, "hl7demo:", err)
		os.Exit(1)
	}
}
