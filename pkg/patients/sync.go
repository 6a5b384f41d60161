package patients

import (
	"context"
	"fmt"

	"samrap/pkg/db"
)

// What the hospital sync (pkg/patientsync) reads before it calls Apply: the stored patients
// and the branch's master-data codes, in its transaction.

// ByHn answers the branch's patients with these HNs (any visit status), by HN.
func (s *Service) ByHn(ctx context.Context, q db.DBTX, branch string, hns []string) (map[string]Patient, error) {
	out, err := patientsByHn(ctx, q, branch, hns)
	if err != nil {
		return nil, fmt.Errorf("patients.byHn: %w", err)
	}
	return out, nil
}

// Codes are the ids of a branch's master-data rows a patient refers to, by kind ("ward",
// "room", "dietType", "therapeutic", "allergen", "restricted") and code.
type Codes struct{ refs refCodes }

// ID answers the row of kind with code.
func (c Codes) ID(kind, code string) (int64, bool) {
	r, ok := c.refs[kind][code]
	return r.id, ok
}

// WardOf answers the ward of a bed (a "room" row).
func (c Codes) WardOf(roomCode string) (int64, bool) {
	r, ok := c.refs["room"][roomCode]
	return r.wardID, ok
}

// LoadCodes reads the branch's master-data codes.
func (s *Service) LoadCodes(ctx context.Context, q db.DBTX, branch string) (Codes, error) {
	refs, err := loadRefCodes(ctx, q, branch)
	if err != nil {
		return Codes{}, fmt.Errorf("patients.loadCodes: %w", err)
	}
	return Codes{refs: refs}, nil
}
