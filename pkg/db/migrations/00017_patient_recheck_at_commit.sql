-- +goose Up
-- The patient changes recheck orders once, when the transaction commits, like the food
-- changes of 00016 (docs/orders.md "Needs review"): a save replaces a patient's therapeutic
-- foods, allergies and restricted ingredients by delete then insert, and 00009's recheck
-- after each statement flagged, then cleared, the orders of a patient whose save changed
-- none of their facts, stamping review_flagged_at (00015) each time. The patient triggers
-- now note the patient in meal_order_food_change (the food facts of a patient changed),
-- and its deferred trigger rechecks the patients' orders with the dishes' and sets'.
ALTER TABLE meal_order_food_change ADD COLUMN patient_id bigint NOT NULL DEFAULT 0,
    DROP CONSTRAINT meal_order_food_change_pkey,
    ADD PRIMARY KEY (branch_code, menu_id, menu_set_id, patient_id);

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_food_change_review() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    b text[];
    m bigint[];
    s bigint[];
    p bigint[];
BEGIN
    -- this transaction's rows (another's are not visible before it commits, and it empties
    -- its own before)
    WITH q AS (DELETE FROM meal_order_food_change RETURNING branch_code, menu_id, menu_set_id, patient_id)
    SELECT array_agg(q.branch_code), array_agg(nullif(q.menu_id, 0)), array_agg(nullif(q.menu_set_id, 0)),
        array_agg(nullif(q.patient_id, 0)) INTO b, m, s, p FROM q;
    IF b IS NOT NULL THEN
        PERFORM meal_order_review(b, p);
        PERFORM meal_order_food_review(b, m, s);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A patient changed (any column: meal_order_review recomputes, and writes only the orders
-- whose reasons change).
CREATE OR REPLACE FUNCTION patient_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, patient_id) SELECT DISTINCT c.branch_code, c.id FROM changed c
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A patient's therapeutic foods, allergies or restricted ingredients changed.
CREATE OR REPLACE FUNCTION patient_link_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, patient_id) SELECT DISTINCT c.branch_code, c.patient_id FROM changed c
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION patient_link_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM meal_order_review(array_agg(c.branch_code), array_agg(c.patient_id)) FROM changed c;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION patient_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM meal_order_review(array_agg(c.branch_code), array_agg(c.id)) FROM changed c;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_food_change_review() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    b text[];
    m bigint[];
    s bigint[];
BEGIN
    -- this transaction's rows (another's are not visible before it commits, and it empties
    -- its own before)
    WITH q AS (DELETE FROM meal_order_food_change RETURNING branch_code, menu_id, menu_set_id)
    SELECT array_agg(q.branch_code), array_agg(nullif(q.menu_id, 0)), array_agg(nullif(q.menu_set_id, 0)) INTO b, m, s FROM q;
    IF b IS NOT NULL THEN
        PERFORM meal_order_food_review(b, m, s);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
ALTER TABLE meal_order_food_change DROP CONSTRAINT meal_order_food_change_pkey,
    ADD PRIMARY KEY (branch_code, menu_id, menu_set_id);
ALTER TABLE meal_order_food_change DROP COLUMN patient_id;
