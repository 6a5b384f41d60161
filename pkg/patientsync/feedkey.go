package patientsync

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/errs"
)

// The HL7 v2 feed key of a branch (docs/hl7.md): the hospital's interface engine sends it
// with every message posted to POST /api/hl7/<branch>. Only its SHA-256 is stored; the key
// is answered once, when the Super Admin rotates it.

// FeedKeyPrefix starts every feed key, so that one found in a log or a config file is
// known for what it is.
const FeedKeyPrefix = "samrap_hl7_"

// MaxFacility is the longest receiving facility (MSH-6.1) a feed may name.
const MaxFacility = 180

// NewFeedKey answers a new random key (32 bytes) and its hash.
func NewFeedKey() (key string, hash []byte) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	key = FeedKeyPrefix + base64.RawURLEncoding.EncodeToString(b)
	return key, HashFeedKey(key)
}

// HashFeedKey is what is stored of a key: its SHA-256 (the key is random, not a password).
func HashFeedKey(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// Feed is a branch's HL7 v2 feed as the Super Admin sees it: never the key, only when it
// was rotated and by whom; Key is set only in the answer of a rotation.
type Feed struct {
	Code      string     `json:"code"`
	Path      string     `json:"path"`     // where the hospital posts: /api/hl7/<code>
	Facility  string     `json:"facility"` // MSH-6.1 its messages may name besides the code
	Key       string     `json:"feedKey,omitempty"`
	RotatedAt *time.Time `json:"rotatedAt"`
	RotatedBy string     `json:"rotatedBy"`
}

// FeedPath is the feed endpoint of a branch.
func FeedPath(branch string) string { return "/api/hl7/" + branch }

// FeedOf answers the branch's feed (RotatedAt nil: no key yet).
func (s *Service) FeedOf(ctx context.Context, branch string) (Feed, error) {
	f := Feed{Code: branch, Path: FeedPath(branch)}
	r, err := queries.FeedOf(ctx, s.db, branch)
	if errors.Is(err, pgx.ErrNoRows) {
		return f, nil
	}
	if err != nil {
		return Feed{}, fmt.Errorf("patientSync.feedOf: %w", err)
	}
	f.Facility, f.RotatedAt, f.RotatedBy = r.Facility, &r.RotatedAt, r.RotatedBy
	return f, nil
}

// RotateFeedKey gives the branch a new feed key (the old one stops working at once) and
// the receiving facility its messages may name, with an activity row; it answers the key,
// which is not kept.
func (s *Service) RotateFeedKey(ctx context.Context, branch, facility string, by audit.Activity) (Feed, error) {
	facility = strings.TrimSpace(facility)
	if len([]rune(facility)) > MaxFacility {
		return Feed{}, errs.Fields(map[string]string{"facility": "field.tooLong"})
	}
	key, hash := NewFeedKey()
	f := Feed{Code: branch, Path: FeedPath(branch), Facility: facility, Key: key, RotatedBy: by.Actor}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM branch WHERE code = $1)`, branch).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return errNoBranch
		}
		at, err := queries.FeedRotateKey(ctx, tx, dbsqlc.FeedRotateKeyParams{Branch: branch, KeyHash: hash, Facility: facility, By: by.Actor})
		if err != nil {
			return err
		}
		f.RotatedAt = &at
		by.BranchCode, by.Action, by.Detail = branch, "hl7Feed.keyRotated", map[string]any{"code": branch, "facility": facility}
		return audit.WriteActivity(ctx, tx, by)
	})
	if err != nil {
		if _, ok := errs.As(err); ok {
			return Feed{}, err
		}
		return Feed{}, fmt.Errorf("patientSync.rotateFeedKey: %w", err)
	}
	return f, nil
}
