// Package patientsync is the hospital sync of a branch's patients (issue 12; SPEC.md §4):
// the API that starts one and follows it (/data-patient/*), the patient-sync worker that
// pulls the census through the branch's connector (pkg/hospital), diffs it with Samrap's
// patients and applies the change set through patients.Service.Apply, and each branch's
// connector settings. docs/patient-sync.md tells the whole of it.
package patientsync

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"samrap/events"
	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/errs"
	"samrap/pkg/hospital"
	"samrap/pkg/httpx"
	"samrap/pkg/imports"
	"samrap/pkg/patients"
	"samrap/pkg/queue"
)

// Queue is the queue patient-sync consumes.
const Queue = "patient-sync"

var (
	errNotConfigured = errs.New(errs.NotFound, "patientSync.notConfigured")
	errNoBranch      = errs.New(errs.NotFound, "patientSync.branchNotFound")
)

// Service starts syncs and keeps the connector settings.
type Service struct {
	db     *db.Pool
	queue  queue.Sender // the patient-sync queue
	worker *Worker      // connects to a branch's hospital to test its settings
}

// NewService builds the service: pool for the jobs and settings, q the patient-sync queue
// a started sync is sent to, w the worker whose connector tests a branch's settings.
func NewService(pool *db.Pool, q queue.Sender, w *Worker) *Service {
	return &Service{db: pool, queue: q, worker: w}
}

// Start queues a sync of branch and sends its message, or answers the sync already queued
// or running (started false).
func (s *Service) Start(ctx context.Context, branch, by string) (Job, bool, error) {
	j, created, err := createJob(ctx, s.db, imports.NewJobID(), branch, by)
	if err != nil {
		return Job{}, false, fmt.Errorf("patientSync.start: %w", err)
	}
	if !created {
		return j, false, nil
	}
	body, err := events.EncodePatientSyncRequested(events.PatientSyncRequested{JobID: j.ID, BranchCode: branch, CreatedBy: by})
	if err == nil {
		err = s.queue.Send(ctx, body)
	}
	if err != nil {
		_ = failJob(ctx, s.db, j.ID, "patientSync.failed")
		return Job{}, false, fmt.Errorf("patientSync.start: %w", err)
	}
	return j, true, nil
}

// Latest answers the branch's latest sync; ok false when it has none.
func (s *Service) Latest(ctx context.Context, branch string) (Job, bool, error) {
	j, err := latestJob(ctx, s.db, branch)
	if errors.Is(err, db.ErrNotFound) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, fmt.Errorf("patientSync.latest: %w", err)
	}
	return j, true, nil
}

// Jobs answers a page of the branch's syncs, newest first, and how many there are.
func (s *Service) Jobs(ctx context.Context, branch string, p httpx.PageParams) ([]Job, int, error) {
	out, total, err := jobs(ctx, s.db, branch, p)
	if err != nil {
		return nil, 0, fmt.Errorf("patientSync.jobs: %w", err)
	}
	return out, total, nil
}

// Settings answers a branch's connector settings, and the EU-14 allergen groups they give
// no allergen of the branch (missingGroups).
func (s *Service) Settings(ctx context.Context, branch string) (hospital.Settings, []string, error) {
	c, err := loadConnector(ctx, s.db, branch)
	if errors.Is(err, db.ErrNotFound) {
		return hospital.Settings{}, nil, errNotConfigured
	}
	if err != nil {
		return hospital.Settings{}, nil, fmt.Errorf("patientSync.settings: %w", err)
	}
	codes, err := s.worker.Patients.LoadCodes(ctx, s.db, branch)
	if err != nil {
		return hospital.Settings{}, nil, fmt.Errorf("patientSync.settings: %w", err)
	}
	return c.Settings, missingGroups(c.Settings.Maps, codes), nil
}

// missingGroups are the EU-14 groups the maps give no allergen of the branch: no entry, or
// one naming a code the branch's master data lacks. The part of an allergy in such a group
// is kept as an unmapped allergy text (hospital.Maps.Apply, fit), for a person.
func missingGroups(m hospital.Maps, c patients.Codes) []string {
	out := []string{}
	for _, g := range hospital.AllergenGroups {
		code, ok := m.Allergens[g]
		if _, known := c.ID("allergen", code); !ok || !known {
			out = append(out, g)
		}
	}
	return out
}

// SaveSettings validates and stores a branch's connector settings, with the change log.
func (s *Service) SaveSettings(ctx context.Context, branch, by string, set hospital.Settings) error {
	if err := set.Validate(); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM branch WHERE code = $1)`, branch).Scan(&exists); err != nil {
			return fmt.Errorf("patientSync.saveSettings: %w", err)
		}
		if !exists {
			return errNoBranch
		}
		before, err := loadConnector(ctx, tx, branch)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		c := audit.Change{BranchCode: branch, Entity: "hospitalConnector", EntityID: branch, Action: "create", After: set, By: by}
		if err == nil {
			c.Action, c.Before = "update", before.Settings
		}
		if err := saveSettings(ctx, tx, branch, by, set); err != nil {
			return err
		}
		return audit.WriteChanges(ctx, tx, []audit.Change{c})
	})
}

// Probe is what a test of the connection found: ok, or why not (an i18n key).
type Probe struct {
	hospital.ProbeResult
	ErrorKey string
}

// Test fetches one page of the census with the settings given (or the branch's stored
// ones) and the branch's credentials, and says what it found. Settings that are not valid
// are refused (422); a hospital that refuses or fails is an answer, not an error.
func (s *Service) Test(ctx context.Context, branch string, set *hospital.Settings) (Probe, error) {
	if set != nil {
		if err := set.Validate(); err != nil {
			return Probe{}, err
		}
	}
	conn, _, err := s.worker.connect(ctx, branch, set)
	var f *failure
	if errors.As(err, &f) && f.key == "patientSync.notConfigured" {
		return Probe{}, errNotConfigured
	}
	if errors.As(err, &f) {
		return Probe{ErrorKey: f.key}, nil
	}
	if err != nil {
		return Probe{}, fmt.Errorf("patientSync.test: %w", err)
	}
	res, err := conn.Probe(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return Probe{}, ctx.Err()
		}
		errors.As(hospitalFailure(err), &f)
		return Probe{ErrorKey: f.key}, nil
	}
	return Probe{ProbeResult: res}, nil
}
