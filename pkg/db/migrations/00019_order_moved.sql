-- +goose Up
-- Moved since the card was printed (issue 25 §3, docs/orders.md "Moved", docs/meal-cards.md
-- "Printed and moved"): a tray card names the patient's ward and bed as they were when it was
-- printed. When the patient moves afterwards — by the patient edit, the Excel import, the
-- hospital sync or psql — the card names the old place: the order is flagged moved. Not a
-- safety review (the tray is still the patient's, and safe to serve): the order stays on the
-- meal cards, and the kitchen board, the card reprint list and the serve list show the
-- patient's bed now and mark it, so that the card is printed again.
--
-- printed_at, printed_ward_id, printed_room_id: when the order's card was last rendered for
-- printing (generatePDF) and the place it named (ids, not foreign keys: a record of what was
-- printed; a bed deleted later leaves it). NULL printed_at: never printed — such an order is
-- never flagged, its card will print the place as it is then.
-- moved_at: when the patient was found elsewhere than the printed place; NULL when not moved.
ALTER TABLE meal_order ADD COLUMN printed_at timestamptz,
    ADD COLUMN printed_ward_id bigint,
    ADD COLUMN printed_room_id bigint,
    ADD COLUMN moved_at timestamptz,
    ADD COLUMN moved boolean GENERATED ALWAYS AS (moved_at IS NOT NULL) STORED,
    ADD CONSTRAINT meal_order_moved_printed CHECK (moved_at IS NULL OR printed_at IS NOT NULL);

-- +goose StatementBegin
-- Rechecks the moved flag of the live unserved orders from today (Asia/Bangkok) of the
-- patients (branches[i], ids[i]) whose card was printed: moved when the printed place is not
-- the patient's ward and bed now (moving back clears it). The orders are locked first, in id
-- order, and the flags computed in a second statement: a card being recorded as printed at
-- the same time (meal_order_printed) either commits before (and is seen here) or waits for
-- this transaction (and sees the new place).
CREATE FUNCTION meal_order_moved_recheck(p_branches text[], p_ids bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM 1 FROM meal_order x
    WHERE (x.branch_code, x.patient_id) IN (SELECT b, i FROM unnest(p_branches, p_ids) AS k(b, i))
        AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
        AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')
    ORDER BY x.id FOR UPDATE;
    UPDATE meal_order o SET moved_at = CASE WHEN r.moved THEN now() END
    FROM (SELECT x.id, (x.printed_ward_id, x.printed_room_id) IS DISTINCT FROM (p.ward_id, p.room_id) AS moved
        FROM (SELECT DISTINCT b, i FROM unnest(p_branches, p_ids) AS k(b, i)) k
            JOIN patient p ON p.branch_code = k.b AND p.id = k.i
            JOIN meal_order x ON x.branch_code = k.b AND x.patient_id = k.i
                AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
                AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL') AND x.printed_at IS NOT NULL) r
    WHERE o.id = r.id AND o.moved <> r.moved;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- Records that the cards of the orders ids[i] (of the branch) were rendered for printing
-- naming ward_ids[i] and room_ids[i] (0: none): the place as the card shows it, which is
-- the patient's as the cards were read. moved: when the patient is elsewhere now (moved
-- between the read and this record); otherwise cleared — a moved order's card printed again
-- is no longer moved. Locks the orders first (see meal_order_moved_recheck).
CREATE FUNCTION meal_order_printed(p_branch text, p_ids uuid[], p_ward_ids bigint[], p_room_ids bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM 1 FROM meal_order x WHERE x.branch_code = p_branch AND x.id = ANY (p_ids) ORDER BY x.id FOR UPDATE;
    UPDATE meal_order o SET printed_at = now(), printed_ward_id = k.w, printed_room_id = k.r,
        moved_at = CASE WHEN (k.w, k.r) IS DISTINCT FROM (p.ward_id, p.room_id) THEN now() END
    FROM (SELECT u.id, nullif(u.w, 0) AS w, nullif(u.r, 0) AS r FROM unnest(p_ids, p_ward_ids, p_room_ids) AS u(id, w, r)) k,
        patient p
    WHERE o.branch_code = p_branch AND o.id = k.id AND p.branch_code = o.branch_code AND p.id = o.patient_id;
END
$$;
-- +goose StatementEnd

-- The patients whose ward or bed changed in the transaction, rechecked once when it commits
-- (as 00016/00017 do for the food facts): the import and the sync free the beds of patients
-- about to move first (two patients swapping beds), so a patient passes through "no bed"
-- on the way; a recheck at commit sees only where the patient ends. Rows live only inside
-- their transaction.
CREATE TABLE meal_order_move_change (
    branch_code text NOT NULL,
    patient_id  bigint NOT NULL,
    PRIMARY KEY (branch_code, patient_id)
);

-- +goose StatementBegin
CREATE FUNCTION meal_order_move_change_review() RETURNS trigger
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
CREATE CONSTRAINT TRIGGER meal_order_move_change_review AFTER INSERT ON meal_order_move_change
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION meal_order_move_change_review();

-- +goose StatementBegin
-- A patient's ward or bed changed (an UPDATE, or the upsert's ON CONFLICT DO UPDATE).
CREATE FUNCTION patient_moved_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_move_change (branch_code, patient_id)
    SELECT DISTINCT n.branch_code, n.id FROM new_rows n JOIN old_rows o ON o.branch_code = n.branch_code AND o.id = n.id
    WHERE (o.ward_id, o.room_id) IS DISTINCT FROM (n.ward_id, n.room_id)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER patient_moved_orders AFTER UPDATE ON patient
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_moved_orders();

-- The cards to reprint of a date: the moved orders (few; the reports read them by date).
CREATE INDEX meal_order_moved ON meal_order (branch_code, order_date) WHERE moved_at IS NOT NULL;

-- +goose Down
DROP INDEX meal_order_moved;
DROP TRIGGER patient_moved_orders ON patient;
DROP TRIGGER meal_order_move_change_review ON meal_order_move_change;
DROP TABLE meal_order_move_change;
DROP FUNCTION patient_moved_orders(), meal_order_move_change_review(), meal_order_printed(text, uuid[], bigint[], bigint[]),
    meal_order_moved_recheck(text[], bigint[]);
ALTER TABLE meal_order DROP CONSTRAINT meal_order_moved_printed, DROP COLUMN moved, DROP COLUMN moved_at,
    DROP COLUMN printed_room_id, DROP COLUMN printed_ward_id, DROP COLUMN printed_at;
