-- +goose Up
-- The deferred review triggers of 00016/00017 (dishes, sets, patients) and 00019 (moves) fire
-- once per row their transaction noted, and only the first firing has work: it empties the
-- table and rechecks everything at once. Every later firing still ran its DELETE, which reads
-- the whole table, full of the rows the first one deleted: a transaction that noted n rows
-- paid n scans of n dead rows at commit (1,000 imported dishes: 60–340 ms of their commit on
-- a loaded 2-core machine, issue 28). A firing now first looks its own row up by its
-- key (the primary key's index, one entry): once a firing has emptied the table, the row is
-- gone and the others return at once. A row noted again after that (a later statement, with
-- the constraint set IMMEDIATE) is found and rechecked as before.

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_food_change_review() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    b text[];
    m bigint[];
    s bigint[];
    p bigint[];
BEGIN
    -- an earlier firing of this commit has rechecked this row with the rest
    PERFORM FROM meal_order_food_change c WHERE c.branch_code = NEW.branch_code AND c.menu_id = NEW.menu_id
        AND c.menu_set_id = NEW.menu_set_id AND c.patient_id = NEW.patient_id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
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
CREATE OR REPLACE FUNCTION meal_order_move_change_review() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    b text[];
    p bigint[];
BEGIN
    -- an earlier firing of this commit has rechecked this row with the rest
    PERFORM FROM meal_order_move_change c WHERE c.branch_code = NEW.branch_code AND c.patient_id = NEW.patient_id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    -- this transaction's rows (another's are not visible before it commits, and it empties
    -- its own before)
    WITH q AS (DELETE FROM meal_order_move_change RETURNING branch_code, patient_id)
    SELECT array_agg(q.branch_code), array_agg(q.patient_id) INTO b, p FROM q;
    IF b IS NOT NULL THEN
        PERFORM meal_order_moved_recheck(b, p);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
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
CREATE OR REPLACE FUNCTION meal_order_move_change_review() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    b text[];
    p bigint[];
BEGIN
    -- this transaction's rows (another's are not visible before it commits, and it empties
    -- its own before)
    WITH q AS (DELETE FROM meal_order_move_change RETURNING branch_code, patient_id)
    SELECT array_agg(q.branch_code), array_agg(q.patient_id) INTO b, p FROM q;
    IF b IS NOT NULL THEN
        PERFORM meal_order_moved_recheck(b, p);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
