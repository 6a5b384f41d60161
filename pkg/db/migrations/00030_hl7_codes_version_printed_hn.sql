-- +goose Up
-- A count per branch that moves whenever its master-data codes a patient refers to (wards,
-- beds, diet types, therapeutic foods, allergens, restricted ingredients, religions,
-- vegetarian kinds) or its hospital connector's maps change, in the transaction that changes
-- them. The HL7 v2 feed's worker keeps a branch's maps and codes between batches and reads
-- them again only when the count it reads with a batch's messages has moved (pkg/hl7feed,
-- docs/hl7.md "Apply"; issue 30: a 1,200-bed branch's codes are about 1,300 rows).
CREATE TABLE branch_codes_version (
    branch_code text PRIMARY KEY,
    version     bigint NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION branch_codes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO branch_codes_version AS v (branch_code, version)
    SELECT DISTINCT branch_code, 1 FROM changed
    ON CONFLICT (branch_code) DO UPDATE SET version = v.version + 1;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- one statement-level trigger per table and event (a trigger with a transition table takes
-- one event)
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['ward', 'room', 'diet_type', 'therapeutic', 'allergen', 'restricted_ingredient',
        'religion', 'vegetarian', 'hospital_connector'] LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed
            FOR EACH STATEMENT EXECUTE FUNCTION branch_codes_changed()', t || '_codes_added', t);
        EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed
            FOR EACH STATEMENT EXECUTE FUNCTION branch_codes_changed()', t || '_codes_updated', t);
        EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed
            FOR EACH STATEMENT EXECUTE FUNCTION branch_codes_changed()', t || '_codes_deleted', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- A card printed before an HL7 v2 A40 merge names the prior HN (docs/hl7.md "A card printed
-- before a merge"): the order is flagged moved, as when the patient moved since the card was
-- printed (00019), so that the card is on the reprint list and the serve list marks it before
-- the round. printed_hn: the patient's HN when the card was printed (NULL: printed before this
-- migration, compared as the HN now). Not a safety review: the tray is still the patient's.
ALTER TABLE meal_order ADD COLUMN printed_hn text;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_moved_recheck(p_branches text[], p_ids bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM 1 FROM meal_order x
    WHERE (x.branch_code, x.patient_id) IN (SELECT b, i FROM unnest(p_branches, p_ids) AS k(b, i))
        AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
        AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')
    ORDER BY x.id FOR UPDATE;
    UPDATE meal_order o SET moved_at = CASE WHEN r.moved THEN now() END
    FROM (SELECT x.id, (x.printed_ward_id, x.printed_room_id, coalesce(x.printed_hn, p.hn_id))
            IS DISTINCT FROM (p.ward_id, p.room_id, p.hn_id) AS moved
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
CREATE OR REPLACE FUNCTION meal_order_printed(p_branch text, p_ids uuid[], p_ward_ids bigint[], p_room_ids bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM 1 FROM meal_order x WHERE x.branch_code = p_branch AND x.id = ANY (p_ids) ORDER BY x.id FOR UPDATE;
    UPDATE meal_order o SET printed_at = now(), printed_ward_id = k.w, printed_room_id = k.r, printed_hn = p.hn_id,
        moved_at = CASE WHEN (k.w, k.r) IS DISTINCT FROM (p.ward_id, p.room_id) THEN now() END
    FROM (SELECT u.id, nullif(u.w, 0) AS w, nullif(u.r, 0) AS r FROM unnest(p_ids, p_ward_ids, p_room_ids) AS u(id, w, r)) k,
        patient p
    WHERE o.branch_code = p_branch AND o.id = k.id AND p.branch_code = o.branch_code AND p.id = o.patient_id;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A patient's ward, bed or HN changed (an UPDATE, or the upsert's ON CONFLICT DO UPDATE).
CREATE OR REPLACE FUNCTION patient_moved_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_move_change (branch_code, patient_id)
    SELECT DISTINCT n.branch_code, n.id FROM new_rows n JOIN old_rows o ON o.branch_code = n.branch_code AND o.id = n.id
    WHERE (o.ward_id, o.room_id, o.hn_id) IS DISTINCT FROM (n.ward_id, n.room_id, n.hn_id)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION patient_moved_orders() RETURNS trigger
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

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_moved_recheck(p_branches text[], p_ids bigint[]) RETURNS void
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
CREATE OR REPLACE FUNCTION meal_order_printed(p_branch text, p_ids uuid[], p_ward_ids bigint[], p_room_ids bigint[]) RETURNS void
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

ALTER TABLE meal_order DROP COLUMN printed_hn;

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['ward', 'room', 'diet_type', 'therapeutic', 'allergen', 'restricted_ingredient',
        'religion', 'vegetarian', 'hospital_connector'] LOOP
        EXECUTE format('DROP TRIGGER %I ON %I', t || '_codes_added', t);
        EXECUTE format('DROP TRIGGER %I ON %I', t || '_codes_updated', t);
        EXECUTE format('DROP TRIGGER %I ON %I', t || '_codes_deleted', t);
    END LOOP;
END $$;
-- +goose StatementEnd
DROP FUNCTION branch_codes_changed();
DROP TABLE branch_codes_version;
