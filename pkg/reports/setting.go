package reports

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/audit"
	"samrap/pkg/db"
	"samrap/pkg/db/dbsqlc"
	"samrap/pkg/httpx"
	"samrap/pkg/mealcard"
	"samrap/pkg/menus"
)

// CardSetting is a branch's meal card setting (migration 00028; docs/meal-cards.md "Nutrients
// on the card"): whether each card prints what its tray gives.
type CardSetting struct {
	BranchCode    string     `json:"branchCode"`
	ShowNutrients bool       `json:"showNutrients"`
	Version       int        `json:"version"`
	UpdatedBy     string     `json:"updatedBy"`
	UpdatedAt     *time.Time `json:"updatedAt"`
}

func cardSettingOf(r dbsqlc.MealCardSettingRow) CardSetting {
	return CardSetting{BranchCode: r.BranchCode, ShowNutrients: r.ShowNutrients, Version: int(r.Version),
		UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt}
}

// cardSetting answers the branch's meal card setting (the defaults when it has none).
func cardSetting(ctx context.Context, q db.DBTX, branch string) (CardSetting, error) {
	r, err := queries.MealCardSetting(ctx, q, branch)
	if err != nil {
		return CardSetting{}, fmt.Errorf("reports.cardSetting: %w", db.NotFound("branch "+branch, err))
	}
	return cardSettingOf(r), nil
}

// CardSettingInput is the body of updateCardSetting.
type CardSettingInput struct {
	BranchCode    string `json:"branchCode"`
	ShowNutrients bool   `json:"showNutrients"`
}

// saveCardSetting saves the branch's meal card setting with its change-log row.
func saveCardSetting(ctx context.Context, pool *db.Pool, branch, by string, in CardSettingInput) (CardSetting, error) {
	var out CardSetting
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		before, err := queries.MealCardSetting(ctx, tx, branch)
		if err != nil {
			return db.NotFound("branch "+branch, err)
		}
		if err := queries.MealCardSettingSave(ctx, tx, dbsqlc.MealCardSettingSaveParams{Branch: branch,
			ShowNutrients: in.ShowNutrients, By: by}); err != nil {
			return err
		}
		after, err := queries.MealCardSetting(ctx, tx, branch)
		if err != nil {
			return err
		}
		out = cardSettingOf(after)
		return audit.WriteChange(ctx, tx, audit.Change{BranchCode: branch, Entity: "meal_card_setting", EntityID: branch,
			Action: "update", Before: cardSettingOf(before), After: out, By: by})
	})
	if err != nil {
		return CardSetting{}, fmt.Errorf("reports.saveCardSetting: %w", err)
	}
	return out, nil
}

func (h handlers) getCardSetting(w http.ResponseWriter, r *http.Request) error {
	out, err := cardSetting(r.Context(), h.db, httpx.Branch(r))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, out)
}

func (h handlers) saveCardSetting(w http.ResponseWriter, r *http.Request) error {
	var in CardSettingInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	out, err := saveCardSetting(r.Context(), h.db, httpx.Branch(r), httpx.Actor(r), in)
	if err != nil {
		return err
	}
	return httpx.OKMsg(w, r, "reports.cardSettingSaved", out)
}

// cardNutrients is what the tray gives as its card prints it: the order's nutrients (docs/
// nutrition.md), a nutrient none of its dishes states left as none.
func cardNutrients(n menus.Amounts) *mealcard.Nutrients {
	get := func(k string) *float64 {
		if v, ok := n[k]; ok {
			return &v
		}
		return nil
	}
	return &mealcard.Nutrients{Energy: get("energy"), Protein: get("protein"), Carbohydrate: get("carbohydrate")}
}
