package patientsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/hospital"
)

// connector is a branch's stored connector: its settings and, for a local run only, the
// credentials a secretArn would name in the cloud.
type connector struct {
	Settings         hospital.Settings
	LocalCredentials *hospital.Credentials
}

// loadConnector reads the branch's connector; db.ErrNotFound when it has none.
func loadConnector(ctx context.Context, q db.DBTX, branch string) (connector, error) {
	r, err := queries.SyncSettings(ctx, q, branch)
	if errors.Is(err, pgx.ErrNoRows) {
		return connector{}, fmt.Errorf("hospital settings of %s: %w", branch, db.ErrNotFound)
	}
	if err != nil {
		return connector{}, fmt.Errorf("hospital settings of %s: %w", branch, err)
	}
	var c connector
	if err := json.Unmarshal(r.Settings, &c.Settings); err != nil {
		return connector{}, fmt.Errorf("hospital settings of %s: %w", branch, err)
	}
	if len(r.LocalCredentials) > 0 {
		creds, err := hospital.ParseCredentials(r.LocalCredentials)
		if err != nil {
			return connector{}, fmt.Errorf("hospital credentials of %s: %w", branch, err)
		}
		c.LocalCredentials = &creds
	}
	return c, nil
}

func saveSettings(ctx context.Context, q db.DBTX, branch, by string, s hospital.Settings) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("hospital settings: %w", err)
	}
	if err := queries.SyncSaveSettings(ctx, q, dbsqlc.SyncSaveSettingsParams{Branch: branch, Settings: string(b), By: by}); err != nil {
		return fmt.Errorf("save hospital settings of %s: %w", branch, err)
	}
	return nil
}

// SetDefaultSettings gives the branch these settings unless it has some (the local demo
// hospital, functions/local).
func SetDefaultSettings(ctx context.Context, q db.DBTX, branch string, s hospital.Settings) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("hospital settings: %w", err)
	}
	if err := queries.SyncSettingsDefault(ctx, q, dbsqlc.SyncSettingsDefaultParams{Branch: branch, Settings: string(b)}); err != nil {
		return fmt.Errorf("default hospital settings of %s: %w", branch, err)
	}
	return nil
}
