-- +goose Up
-- What the patient ate (issue 27 §3, docs/nutrition.md "What the patient ate"): when a served
-- tray comes back, the Serve user records how much of it was eaten, in quarters (0 none, 1 ¼,
-- 2 ½, 3 ¾, 4 all), for the whole tray and, where the server wants, per item of the order
-- (item_quarters: the item's position → quarters; an item not named takes the tray's). One
-- record per order: a correction replaces it (version + 1), the change log keeping the one
-- before (entity tray_intake, key the order id).
CREATE TABLE tray_intake (
    branch_code   text NOT NULL,
    order_id      uuid NOT NULL,
    quarters      smallint NOT NULL CHECK (quarters BETWEEN 0 AND 4),
    item_quarters jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(item_quarters) = 'object'),
    scanned       boolean NOT NULL, -- the card scanned, or recorded from the list of trays not collected
    device_id     text NOT NULL DEFAULT '' CHECK (length(device_id) <= 100),
    recorded_by   text NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    version       integer NOT NULL DEFAULT 1,
    PRIMARY KEY (order_id),
    CONSTRAINT tray_intake_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id) ON DELETE CASCADE
);
CREATE INDEX tray_intake_branch ON tray_intake (branch_code, recorded_at);

-- What an order's items give, per item (its position): an intake weighs each item by its own
-- fraction eaten. order_item_nutrient (migration 00025) becomes this view without the
-- position: one definition of what an item gives.
CREATE VIEW order_position_nutrient AS
SELECT i.branch_code, i.order_id, i.position, d.nutrient, d.amount
FROM meal_order_item i
    LEFT JOIN menu_set_item si ON i.menu_set_id IS NOT NULL AND si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id
    JOIN dish_nutrient d ON d.branch_code = i.branch_code AND d.menu_id = coalesce(i.menu_id, si.menu_id)
WHERE d.amount IS NOT NULL;

CREATE OR REPLACE VIEW order_item_nutrient AS
SELECT x.branch_code, x.order_id, x.nutrient, x.amount FROM order_position_nutrient x;

-- +goose Down
CREATE OR REPLACE VIEW order_item_nutrient AS
SELECT i.branch_code, i.order_id, d.nutrient, d.amount
FROM meal_order_item i
    LEFT JOIN menu_set_item si ON i.menu_set_id IS NOT NULL AND si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id
    JOIN dish_nutrient d ON d.branch_code = i.branch_code AND d.menu_id = coalesce(i.menu_id, si.menu_id)
WHERE d.amount IS NOT NULL;
DROP VIEW order_position_nutrient;
DROP TABLE tray_intake;
