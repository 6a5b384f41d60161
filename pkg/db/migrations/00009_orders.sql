-- +goose Up
-- Meal orders (issue 14, docs/orders.md; pkg/orders): one order is one patient, or the
-- caregiver of one patient, one date and one meal type. Patients are keyed (branch_code, id)
-- like every table of a branch; the order references the patient by that key, its meal type
-- and choices by composite foreign keys to rows of the same branch.
--
-- Needs review: an order keeps, in patient_facts, the food facts of the patient it was
-- checked against (diet, allergies, texture, NPO, visit and hospital status, religion and
-- vegetarian type). Triggers on the patient and its lists recompute, for the patient's live
-- unserved orders dated from today (Asia/Bangkok), which facts differ now: review_reasons.
-- Every path that writes a patient (the edit, the Excel import, the hospital sync, psql)
-- flags its orders; a write that changes none of the facts flags nothing.

CREATE TABLE meal_order (
    id                         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    branch_code                text NOT NULL REFERENCES branch (code),
    patient_id                 bigint NOT NULL,
    caregiver                  boolean NOT NULL DEFAULT false,
    -- the caregiver's stated restrictions: {religionId, vegetarianId, allergenIds, restrictedIds}
    caregiver_info             jsonb,
    order_date                 date NOT NULL,
    meal_time_id               bigint NOT NULL,
    order_type                 text NOT NULL CHECK (order_type IN ('ORD', 'NPO', 'NML', 'DIS')),
    status                     text NOT NULL CHECK (status IN ('WAITING', 'FASTING', 'NO_MEAL', 'CANCELLED', 'SERVED')),
    food_scope                 text NOT NULL DEFAULT 'BOTH' CHECK (food_scope IN ('NORMAL', 'BOTH', 'DYSPHAGIA')),
    course_type                text CHECK (course_type IN ('MENU', 'SET', 'SPECIFIC')),
    diet_type_id               bigint,
    therapeutic_id             bigint,
    cuisine_type_id            bigint,
    description                text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
    remark                     text NOT NULL DEFAULT '' CHECK (length(remark) <= 1000),
    charge                     boolean NOT NULL DEFAULT false,
    dysphagia_food_type        smallint CHECK (dysphagia_food_type BETWEEN 3 AND 7),
    unmapped_allergies_checked boolean NOT NULL DEFAULT false,
    patient_facts              jsonb NOT NULL,
    review_reasons             text[] NOT NULL DEFAULT '{}'
        CHECK (review_reasons <@ ARRAY['DIET', 'ALLERGY', 'TEXTURE', 'NPO', 'DISCHARGED', 'RELIGION']),
    needs_review               boolean GENERATED ALWAYS AS (cardinality(review_reasons) > 0) STORED,
    ordered_by                 text NOT NULL DEFAULT '',
    ordered_at                 timestamptz NOT NULL DEFAULT now(),
    cancelled_by               text,
    cancelled_at               timestamptz,
    cancel_reason              text CHECK (cancel_reason IN ('PATIENT', 'DOCTOR', 'NUTRITIONIST')),
    cancel_remark              text NOT NULL DEFAULT '' CHECK (length(cancel_remark) <= 1000),
    reviewed_by                text,
    reviewed_at                timestamptz,
    version                    int NOT NULL DEFAULT 1,
    CONSTRAINT meal_order_branch_id_key UNIQUE (branch_code, id),
    CONSTRAINT meal_order_food CHECK (order_type = 'ORD' OR course_type IS NULL),
    CONSTRAINT meal_order_food_course CHECK (order_type <> 'ORD' OR course_type IS NOT NULL),
    CONSTRAINT meal_order_cancelled CHECK ((status = 'CANCELLED') = (cancel_reason IS NOT NULL)),
    CONSTRAINT meal_order_patient_fkey FOREIGN KEY (branch_code, patient_id) REFERENCES patient (branch_code, id),
    CONSTRAINT meal_order_meal_time_fkey FOREIGN KEY (branch_code, meal_time_id) REFERENCES meal_time (branch_code, id),
    CONSTRAINT meal_order_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id),
    CONSTRAINT meal_order_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id) REFERENCES therapeutic (branch_code, id),
    CONSTRAINT meal_order_cuisine_type_fkey FOREIGN KEY (branch_code, cuisine_type_id) REFERENCES cuisine_type (branch_code, id)
);
-- One live order per patient (or caregiver), date and meal type: two people ordering the
-- same meal at once meet here, and the second is answered 409 with the first.
CREATE UNIQUE INDEX meal_order_live ON meal_order (branch_code, patient_id, caregiver, order_date, meal_time_id)
    WHERE status <> 'CANCELLED';
-- The order list of a date; the review triggers find a patient's orders from today.
CREATE INDEX meal_order_date ON meal_order (branch_code, order_date, meal_time_id);
CREATE INDEX meal_order_patient ON meal_order (branch_code, patient_id, order_date);
CREATE INDEX meal_order_meal_time ON meal_order (branch_code, meal_time_id);
CREATE INDEX meal_order_diet_type ON meal_order (branch_code, diet_type_id) WHERE diet_type_id IS NOT NULL;
CREATE INDEX meal_order_therapeutic ON meal_order (branch_code, therapeutic_id) WHERE therapeutic_id IS NOT NULL;
CREATE INDEX meal_order_cuisine_type ON meal_order (branch_code, cuisine_type_id) WHERE cuisine_type_id IS NOT NULL;

-- The dishes or set of an order, each with the conflicts it was accepted with and the note
-- that let them through.
CREATE TABLE meal_order_item (
    branch_code      text NOT NULL,
    order_id         uuid NOT NULL,
    position         int NOT NULL,
    menu_id          bigint,
    menu_set_id      bigint,
    alternative_note text NOT NULL DEFAULT '' CHECK (length(alternative_note) <= 500),
    conflicts        jsonb NOT NULL DEFAULT '[]',
    PRIMARY KEY (order_id, position),
    CONSTRAINT meal_order_item_one CHECK (num_nonnulls(menu_id, menu_set_id) = 1),
    CONSTRAINT meal_order_item_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT meal_order_item_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id),
    CONSTRAINT meal_order_item_menu_set_fkey FOREIGN KEY (branch_code, menu_set_id) REFERENCES menu_set (branch_code, id)
);
CREATE INDEX meal_order_item_menu ON meal_order_item (branch_code, menu_id) WHERE menu_id IS NOT NULL;
CREATE INDEX meal_order_item_menu_set ON meal_order_item (branch_code, menu_set_id) WHERE menu_set_id IS NOT NULL;

-- The "other" items (cutlery, extras) and the standard remarks of an order.
CREATE TABLE meal_order_other (
    branch_code   text NOT NULL,
    order_id      uuid NOT NULL,
    other_item_id bigint NOT NULL,
    PRIMARY KEY (order_id, other_item_id),
    CONSTRAINT meal_order_other_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT meal_order_other_item_fkey FOREIGN KEY (branch_code, other_item_id) REFERENCES other_item (branch_code, id)
);
CREATE INDEX meal_order_other_item ON meal_order_other (branch_code, other_item_id);

CREATE TABLE meal_order_remark (
    branch_code text NOT NULL,
    order_id    uuid NOT NULL,
    remark_id   bigint NOT NULL,
    PRIMARY KEY (order_id, remark_id),
    CONSTRAINT meal_order_remark_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT meal_order_remark_remark_fkey FOREIGN KEY (branch_code, remark_id) REFERENCES remark (branch_code, id)
);
CREATE INDEX meal_order_remark_remark ON meal_order_remark (branch_code, remark_id);

-- A submit's idempotency key: the first answer, given again to the same caller sending the
-- same key (a double click, a retried request). Housekeeping drops keys after 24 hours.
CREATE TABLE order_idempotency (
    caller      text NOT NULL,
    key         text NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
    branch_code text NOT NULL REFERENCES branch (code),
    answer      jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (caller, key)
);
CREATE INDEX order_idempotency_created ON order_idempotency (created_at);

-- +goose StatementBegin
-- The food facts of a patient an order is checked against, by review reason. Lists are
-- sorted, so that equal facts are equal documents.
CREATE FUNCTION patient_food_facts(p_branch text, p_id bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
        'DIET', jsonb_build_array(p.diet_type_id, ARRAY(SELECT l.therapeutic_id FROM patient_therapeutic l
            WHERE l.branch_code = p.branch_code AND l.patient_id = p.id ORDER BY 1)),
        'ALLERGY', jsonb_build_array(
            ARRAY(SELECT l.allergen_id FROM patient_allergen l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id ORDER BY 1),
            ARRAY(SELECT l.restricted_id FROM patient_restricted l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id ORDER BY 1),
            ARRAY(SELECT x FROM unnest(p.unmapped_allergies) x ORDER BY 1)),
        'TEXTURE', jsonb_build_array(p.texture_food, p.texture_drink),
        -- as epoch seconds: a time's text depends on the session's time zone
        'NPO', jsonb_build_array(extract(epoch FROM p.npo_from), extract(epoch FROM p.npo_to)),
        'DISCHARGED', jsonb_build_array(p.visit_status, p.hospital_status),
        'RELIGION', jsonb_build_array(p.religion_id, p.vegetarian_id))
    FROM patient p WHERE p.branch_code = p_branch AND p.id = p_id
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- Recomputes review_reasons of the live unserved orders, dated from today in Asia/Bangkok,
-- of the patients (branches[i], ids[i]): the keys of the facts the order keeps that differ
-- from the patient's facts now. Orders whose reasons are unchanged are not written.
CREATE FUNCTION meal_order_review(p_branches text[], p_ids bigint[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
    UPDATE meal_order o SET review_reasons = r.reasons
    FROM (SELECT x.id, ARRAY(SELECT e.key FROM jsonb_each(x.patient_facts) e
                WHERE e.value IS DISTINCT FROM f.facts -> e.key ORDER BY 1) AS reasons
        FROM (SELECT DISTINCT b, i FROM unnest(p_branches, p_ids) AS k(b, i)) k
            JOIN meal_order x ON x.branch_code = k.b AND x.patient_id = k.i
                AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
                AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')
            CROSS JOIN LATERAL (SELECT patient_food_facts(x.branch_code, x.patient_id) AS facts) f) r
    WHERE o.id = r.id AND o.review_reasons IS DISTINCT FROM r.reasons
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION patient_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM meal_order_review(array_agg(c.branch_code), array_agg(c.id)) FROM changed c;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION patient_link_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM meal_order_review(array_agg(c.branch_code), array_agg(c.patient_id)) FROM changed c;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER patient_review_orders AFTER UPDATE ON patient
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_review_orders();
CREATE TRIGGER patient_therapeutic_review_ins AFTER INSERT ON patient_therapeutic
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();
CREATE TRIGGER patient_therapeutic_review_del AFTER DELETE ON patient_therapeutic
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();
CREATE TRIGGER patient_allergen_review_ins AFTER INSERT ON patient_allergen
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();
CREATE TRIGGER patient_allergen_review_del AFTER DELETE ON patient_allergen
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();
CREATE TRIGGER patient_restricted_review_ins AFTER INSERT ON patient_restricted
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();
CREATE TRIGGER patient_restricted_review_del AFTER DELETE ON patient_restricted
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_link_review_orders();

-- The order change record reads a branch's order changes by time.
CREATE INDEX change_log_meal_order ON change_log (branch_code, entity_id, changed_at) WHERE entity = 'meal_order';

-- +goose Down
DROP INDEX change_log_meal_order;
DROP TRIGGER patient_restricted_review_del ON patient_restricted;
DROP TRIGGER patient_restricted_review_ins ON patient_restricted;
DROP TRIGGER patient_allergen_review_del ON patient_allergen;
DROP TRIGGER patient_allergen_review_ins ON patient_allergen;
DROP TRIGGER patient_therapeutic_review_del ON patient_therapeutic;
DROP TRIGGER patient_therapeutic_review_ins ON patient_therapeutic;
DROP TRIGGER patient_review_orders ON patient;
DROP FUNCTION patient_link_review_orders(), patient_review_orders(), meal_order_review(text[], bigint[]),
    patient_food_facts(text, bigint);
DROP TABLE order_idempotency, meal_order_remark, meal_order_other, meal_order_item, meal_order;
