package main

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"time"

	"samrap/functions"
	"samrap/pkg/platform"
)

// startJobs runs every scheduled function of the registry in this process, standing in for
// EventBridge: once at start (before it returns), then at its rate. A cron(...) expression runs hourly here. The
// returned function stops them and waits for a run in progress.
func startJobs(ctx context.Context, env *platform.Env) (stop func(), err error) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, f := range functions.Jobs() {
		every, err := interval(f.Schedule)
		if err != nil {
			cancel()
			return nil, fmt.Errorf("functions/local: %s: %w", f.Name, err)
		}
		run := func() {
			if err := f.Job(env)(ctx); err != nil && ctx.Err() == nil {
				env.Log.Error("scheduled function failed", "function", f.Name, "err", err)
			}
		}
		run() // the first run before the server answers: what expired while it was down
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					run()
				}
			}
		}()
	}
	return func() { cancel(); wg.Wait() }, nil
}

var rateExpr = regexp.MustCompile(`^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$`)

// interval answers how often a schedule expression runs locally.
func interval(schedule string) (time.Duration, error) {
	if m := rateExpr.FindStringSubmatch(schedule); m != nil {
		n, _ := strconv.Atoi(m[1])
		unit := map[byte]time.Duration{'m': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour}[m[2][0]]
		if n < 1 {
			return 0, fmt.Errorf("schedule %q: the rate must be at least 1", schedule)
		}
		return time.Duration(n) * unit, nil
	}
	if regexp.MustCompile(`^cron\(.+\)$`).MatchString(schedule) {
		return time.Hour, nil
	}
	return 0, fmt.Errorf("schedule %q is neither rate(...) nor cron(...)", schedule)
}
