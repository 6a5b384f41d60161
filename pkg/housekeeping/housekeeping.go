// Package housekeeping removes what has expired: throttle keys, refresh tokens and sessions
// past any use, spent e-mailed links, old second-factor challenges and meal-order
// idempotency keys after a day, the HL7 v2 feed's messages after HL7Keep; and it fails the import and sync jobs that no worker is on
// any more (JobLease). It runs on a
// schedule (the "housekeeping" function in AWS, a ticker in functions/local), in bounded
// batches so that no run holds locks for long, and it is idempotent: a second run at the
// same moment finds nothing left to do. Uploads and generated files expire by the buckets'
// lifecycle rules (infra), not here.
package housekeeping

import (
	"context"
	"fmt"
	"time"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/platform"
)

// How long each kind of row is kept after it stops mattering.
const (
	// ThrottleKeep: a throttle key whose window started this long ago and whose lock is over
	// counts nothing any more (the longest window is an hour).
	ThrottleKeep = 24 * time.Hour
	// RefreshKeep: refresh tokens of sign-ins older than this cannot refresh (the longest
	// session cap is 24 hours), so reuse detection no longer needs them.
	RefreshKeep = 48 * time.Hour
	// SessionKeep: sign-in sessions (who, from where) kept for investigations.
	SessionKeep = 90 * 24 * time.Hour
	// LinkKeep: invitation and reset links after they were used, revoked or expired.
	LinkKeep = 30 * 24 * time.Hour
	// ChallengeKeep: second-factor challenges after they expired (the per-account code limits
	// look back an hour).
	ChallengeKeep = 24 * time.Hour
	// OrderKeyKeep: a meal order's idempotency key answers a retried submit for a day.
	OrderKeyKeep = 24 * time.Hour
	// JobLease: an import or sync still queued or running this long after it was asked for
	// has no worker any more (a worker Lambda runs two minutes, its message is tried a few
	// times, then dead-lettered; a killed local server takes its jobs with it): it is failed
	// with a message that says so (issue 31), as a branch's next sync already did for its own.
	JobLease = time.Hour
	// JobHeartbeat: a running hospital sync's worker says it is alive this often, and
	// JobSilence after its last word it is taken for dead (its server was killed) and failed,
	// so that the branch may sync again within minutes rather than after JobLease.
	JobHeartbeat = 15 * time.Second
	JobSilence   = 2 * time.Minute
	// HL7Keep: the HL7 v2 feed's messages (personal data: rows with their outcome, the text
	// of those never applied) are kept this long to trace what changed a patient; the applied
	// ones' text in S3 as long (infra HL7_RETENTION_DAYS, the uploads bucket's hl7/ rule).
	HL7Keep = 180 * 24 * time.Hour
)

// Batch is the most rows one statement deletes; MaxBatches bounds one run per kind, so a
// large backlog is worked off over several runs.
const (
	Batch      = 1000
	MaxBatches = 100
)

// Report counts the rows a run removed, per kind.
type Report struct {
	Throttles, RefreshTokens, Sessions, Links, Challenges, OrderKeys, HL7Messages int64
	// jobs failed, not removed
	ExpiredImports, ExpiredSyncs int64
}

var queries = dbsqlc.New()

// Run removes what expired before now.
func Run(ctx context.Context, q db.DBTX, now time.Time) (Report, error) {
	var r Report
	steps := []struct {
		name  string
		count *int64
		purge func() (int64, error)
	}{
		{"throttles", &r.Throttles, func() (int64, error) {
			return queries.PurgeThrottles(ctx, q, dbsqlc.PurgeThrottlesParams{Before: now.Add(-ThrottleKeep), Now: &now, Batch: Batch})
		}},
		{"refresh tokens", &r.RefreshTokens, func() (int64, error) {
			return queries.PurgeRefreshTokens(ctx, q, dbsqlc.PurgeRefreshTokensParams{Before: now.Add(-RefreshKeep), Batch: Batch})
		}},
		{"sessions", &r.Sessions, func() (int64, error) {
			return queries.PurgeSessions(ctx, q, dbsqlc.PurgeSessionsParams{Before: now.Add(-SessionKeep), Batch: Batch})
		}},
		{"links", &r.Links, func() (int64, error) {
			return queries.PurgeLinks(ctx, q, dbsqlc.PurgeLinksParams{Before: now.Add(-LinkKeep), Batch: Batch})
		}},
		{"challenges", &r.Challenges, func() (int64, error) {
			return queries.PurgeChallenges(ctx, q, dbsqlc.PurgeChallengesParams{Before: now.Add(-ChallengeKeep), Batch: Batch})
		}},
		{"order keys", &r.OrderKeys, func() (int64, error) {
			return queries.PurgeOrderKeys(ctx, q, dbsqlc.PurgeOrderKeysParams{Before: now.Add(-OrderKeyKeep), Batch: Batch})
		}},
		{"hl7Messages", &r.HL7Messages, func() (int64, error) {
			return queries.PurgeHL7Messages(ctx, q, dbsqlc.PurgeHL7MessagesParams{Before: now.Add(-HL7Keep), Batch: Batch})
		}},
		{"imports", &r.ExpiredImports, func() (int64, error) {
			return queries.ExpireImportJobs(ctx, q, dbsqlc.ExpireImportJobsParams{Now: &now, Before: now.Add(-JobLease), Batch: Batch})
		}},
		{"syncs", &r.ExpiredSyncs, func() (int64, error) { return ExpireSyncs(ctx, q, nil, now) }},
	}
	for _, s := range steps {
		for range MaxBatches {
			n, err := s.purge()
			if err != nil {
				return r, fmt.Errorf("housekeeping.%s: %w", s.name, err)
			}
			*s.count += n
			if n < Batch {
				break
			}
		}
	}
	return r, nil
}

// Job is the scheduled function's body: one run, logged.
func Job(env *platform.Env) func(context.Context) error {
	pool, now, log := env.DB, env.Now, env.Log
	return func(ctx context.Context) error {
		r, err := Run(ctx, pool, now())
		if err != nil {
			return err
		}
		log.InfoContext(ctx, "housekeeping done", "throttles", r.Throttles, "refreshTokens", r.RefreshTokens,
			"sessions", r.Sessions, "links", r.Links, "challenges", r.Challenges, "orderKeys", r.OrderKeys,
			"expiredImports", r.ExpiredImports, "expiredSyncs", r.ExpiredSyncs)
		return nil
	}
}

// ExpireSyncs fails the hospital syncs no worker is on (queued for JobLease, or running and
// silent for JobSilence) of one branch, or of every branch when branch is nil, Batch at most.
func ExpireSyncs(ctx context.Context, q db.DBTX, branch *string, now time.Time) (int64, error) {
	silent := now.Add(-JobSilence)
	return queries.ExpireSyncJobs(ctx, q, dbsqlc.ExpireSyncJobsParams{
		Now: &now, Branch: branch, QueuedBefore: now.Add(-JobLease), SilentSince: &silent, Batch: Batch,
	})
}
