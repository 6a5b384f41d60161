// Package audit writes the change log (who changed which record, before and after) and the
// activity log (sign-ins, exports, imports). Writers take the caller's transaction so that a
// record and its log row are committed together or not at all.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
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

// Changes is the one statement that writes change-log rows; every area writes its log
// through it. Each field is the SQL expression of a column, evaluated for each row of From:
// a store that writes a record in one statement uses it as the body of a CTE
// (`log AS (` + Changes{…, From: "w"}.SQL() + `)`), so that the record and its log row are
// one statement; WriteChanges runs it over parameters. Before and After are jsonb (NULL
// for a create's before and a delete's after).
type Changes struct {
	Branch, Entity, EntityID, Action, Before, After, By string
	From                                                string // the rows logged; "" for one row of expressions
}

// SQL answers the INSERT … SELECT.
func (c Changes) SQL() string {
	sql := "INSERT INTO change_log (branch_code, entity, entity_id, action, before, after, changed_by) SELECT " +
		strings.Join([]string{c.Branch, c.Entity, c.EntityID, c.Action, c.Before, c.After, c.By}, ", ")
	if c.From != "" {
		sql += " FROM " + c.From
	}
	return sql
}

// Literal answers s as an SQL string literal, for the fixed parts of a Changes (the entity,
// the action).
func Literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// changesOfParams writes one row per element of seven arrays. The JSON documents are sent
// as text and cast here: a []byte argument would be sent as bytea by the pool's exec mode.
var changesOfParams = Changes{Branch: "c.b", Entity: "c.e", EntityID: "c.i", Action: "c.a",
	Before: "c.before::jsonb", After: "c.after::jsonb", By: "c.by",
	From: "ROWS FROM (unnest($1::text[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), " +
		"unnest($5::text[]), unnest($6::text[]), unnest($7::text[])) AS c(b, e, i, a, before, after, by)"}.SQL()

// WriteChange records c.
func WriteChange(ctx context.Context, q db.DBTX, c Change) error {
	return WriteChanges(ctx, q, []Change{c})
}

// WriteChanges records every change in one statement.
func WriteChanges(ctx context.Context, q db.DBTX, cs []Change) error {
	if len(cs) == 0 {
		return nil
	}
	n := len(cs)
	branch, entity, id, action, by := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	before, after := make([]*string, n), make([]*string, n)
	for i, c := range cs {
		var err error
		if before[i], err = jsonOrNil(c.Before); err != nil {
			return fmt.Errorf("audit.change: %w", err)
		}
		if after[i], err = jsonOrNil(c.After); err != nil {
			return fmt.Errorf("audit.change: %w", err)
		}
		branch[i], entity[i], id[i], action[i], by[i] = c.BranchCode, c.Entity, c.EntityID, c.Action, c.By
	}
	if _, err := q.Exec(ctx, changesOfParams, branch, entity, id, action, before, after, by); err != nil {
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
	Address    string // the client's; "" takes the request's (WriteActivity)
}

// Of answers the activity of the caller of r (an authenticated route): action in the
// caller's current branch, with the detail and the caller's address.
func Of(r *http.Request, action string, detail map[string]any) Activity {
	a := Activity{BranchCode: httpx.Branch(r), Actor: httpx.Actor(r), Action: action, Detail: detail,
		Address: httpx.ClientAddress(r)}
	if c := httpx.Claims(r); c != nil {
		a.UserID = c.UserID
	}
	return a
}

// WriteActivity records a. An entry written in answer to a request without an address
// gets the request's (httpx.AddressOf): the areas' services take the context, not the
// request, and each leaving it out left entries nobody could trace (issue 31).
func WriteActivity(ctx context.Context, q db.DBTX, a Activity) error {
	if a.Address == "" {
		a.Address = httpx.AddressOf(ctx)
	}
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
