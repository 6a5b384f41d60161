// Package audit writes the change log (who changed which record, before and after) and the
// activity log (sign-ins, exports, imports). Writers take the caller's transaction so that a
// record and its log row are committed together or not at all.
package audit

import (
	"context"
	"encoding/json"
	"fmt"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
)

// The statements are in pkg/db/dbsqlc/audit.sql.
var queries = dbsqlc.New()

// Change is one write of a business record.
type Change struct {
	BranchCode string
	Entity     string // table or kind, e.g. "diet_type"
	EntityID   string
	Action     string // create, update, delete
	Before     any    // nil for create
	After      any    // nil for delete
	By         string // employee code or e-mail of the actor
}

// WriteChange records c.
func WriteChange(ctx context.Context, q db.DBTX, c Change) error {
	before, err := jsonOrNil(c.Before)
	if err != nil {
		return fmt.Errorf("audit.change: %w", err)
	}
	after, err := jsonOrNil(c.After)
	if err != nil {
		return fmt.Errorf("audit.change: %w", err)
	}
	err = queries.AuditInsertChange(ctx, q, dbsqlc.AuditInsertChangeParams{BranchCode: c.BranchCode, Entity: c.Entity,
		EntityID: c.EntityID, Action: c.Action, Before: before, After: after, ChangedBy: c.By})
	if err != nil {
		return fmt.Errorf("audit.change: %w", err)
	}
	return nil
}

// Activity is something a person did.
type Activity struct {
	BranchCode string
	UserID     int64 // 0 when unknown (a failed sign-in for an unknown e-mail)
	Actor      string
	Action     string // e.g. "auth.signIn", "auth.signInFailed", "auth.signOut"
	Detail     map[string]any
	Address    string
}

// WriteActivity records a.
func WriteActivity(ctx context.Context, q db.DBTX, a Activity) error {
	detail := a.Detail
	if detail == nil {
		detail = map[string]any{}
	}
	detailJSON, err := json.Marshal(detail)
	if err != nil {
		return fmt.Errorf("audit.activity: %w", err)
	}
	var uid *int64
	if a.UserID != 0 {
		uid = &a.UserID
	}
	err = queries.AuditInsertActivity(ctx, q, dbsqlc.AuditInsertActivityParams{BranchCode: a.BranchCode, UserID: uid,
		Actor: a.Actor, Action: a.Action, Detail: string(detailJSON), Address: a.Address})
	if err != nil {
		return fmt.Errorf("audit.activity: %w", err)
	}
	return nil
}

// jsonOrNil encodes v as JSON text, or SQL NULL for nil.
func jsonOrNil(v any) (*string, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	s := string(b)
	return &s, nil
}
