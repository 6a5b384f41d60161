-- +goose Up
-- The branch's meal card setting (issue 27 §5, docs/meal-cards.md "Nutrients on the card"):
-- whether each tray card prints what the tray gives (energy, protein, carbohydrate). A branch
-- with no row prints none. Kept by Super Admin and Branch Admin, every change in the change
-- log (entity meal_card_setting, key the branch), as the wristband setting (serve_setting).
CREATE TABLE meal_card_setting (
    branch_code    text PRIMARY KEY REFERENCES branch (code),
    show_nutrients boolean NOT NULL DEFAULT false,
    updated_by     text NOT NULL DEFAULT '',
    updated_at     timestamptz NOT NULL DEFAULT now(),
    version        int NOT NULL DEFAULT 1
);

-- +goose Down
DROP TABLE meal_card_setting;
