-- +goose Up
-- Needs review when the FOOD changes (docs/orders.md "Needs review", reason MENU): 00009
-- flags an order when its patient's facts change; this flags it when the facts of its tray
-- that concern its patient (or its caregiver's stated restrictions) change — a dish gains or
-- loses an allergen or restricted ingredient the person has, a religion's or vegetarian
-- type's restricted ingredients change, a dish's texture changes for a person with a texture
-- rule, a set's dishes change — by the menus screens, the menus or master-data imports or
-- psql. The Go check (pkg/orders) stays the one rule of what may be ordered; the database
-- only keeps, in tray_facts, what of the tray the check ran against, and sets MENU while the
-- tray's facts now differ from those (a change undone before review clears it). Statement
-- triggers on the food tables note the dishes and sets changed; the orders holding them are
-- rechecked once, when the transaction commits (meal_order_food_change).

ALTER TABLE meal_order DROP CONSTRAINT meal_order_review_reasons_check,
    ADD CONSTRAINT meal_order_review_reasons_check
        CHECK (review_reasons <@ ARRAY['DIET', 'ALLERGY', 'TEXTURE', 'NPO', 'DISCHARGED', 'RELIGION', 'MENU']),
    ADD COLUMN tray_facts jsonb NOT NULL DEFAULT '{}';

-- +goose StatementBegin
-- The facts of a tray (the dishes menu_ids and the dishes of the sets set_ids) that concern
-- the person an order feeds: the patient as patient_facts keeps them (patient_food_facts'
-- ALLERGY, RELIGION, TEXTURE), or a caregiver's stated restrictions (caregiver_info). Each
-- list holds [dish, ingredient] pairs (the tray's allergens the person has, restricted
-- ingredients the person has, and those of the person's religion and vegetarian type), and
-- TEXTURE [dish, type, level] of the foods (drinks) when the person has a food (drink)
-- texture. Sorted, so that equal facts are equal documents; empty lists are left out, so
-- that a tray nothing of which concerns the person has '{}' (the column's default).
CREATE FUNCTION meal_order_tray_facts(p_branch text, p_caregiver boolean, p_caregiver_info jsonb,
    p_patient_facts jsonb, p_menu_ids bigint[], p_set_ids bigint[]) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    WITH who AS (
        SELECT ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.a) = 'array' THEN l.a ELSE '[]' END))::bigint[] AS allergens,
            ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.r) = 'array' THEN l.r ELSE '[]' END))::bigint[] AS restricted,
            (CASE WHEN p_caregiver THEN p_caregiver_info ->> 'religionId' ELSE p_patient_facts #>> '{RELIGION,0}' END)::bigint AS religion_id,
            (CASE WHEN p_caregiver THEN p_caregiver_info ->> 'vegetarianId' ELSE p_patient_facts #>> '{RELIGION,1}' END)::bigint AS vegetarian_id,
            (CASE WHEN p_caregiver THEN NULL ELSE p_patient_facts #>> '{TEXTURE,0}' END)::int AS texture_food,
            (CASE WHEN p_caregiver THEN NULL ELSE p_patient_facts #>> '{TEXTURE,1}' END)::int AS texture_drink
        FROM (SELECT CASE WHEN p_caregiver THEN p_caregiver_info -> 'allergenIds' ELSE p_patient_facts #> '{ALLERGY,0}' END AS a,
            CASE WHEN p_caregiver THEN p_caregiver_info -> 'restrictedIds' ELSE p_patient_facts #> '{ALLERGY,1}' END AS r) l),
    dish AS (
        SELECT x.id FROM unnest(p_menu_ids) AS x(id)
        UNION
        SELECT i.menu_id FROM menu_set_item i WHERE i.branch_code = p_branch AND i.menu_set_id = ANY (p_set_ids))
    SELECT coalesce(jsonb_object_agg(e.key, e.value) FILTER (WHERE e.value <> '[]'), '{}') FROM jsonb_each((SELECT jsonb_build_object(
        'ALLERGEN', to_jsonb(ARRAY(SELECT ARRAY[a.menu_id, a.allergen_id] FROM menu_allergen a, who
            WHERE a.branch_code = p_branch AND a.menu_id IN (SELECT id FROM dish) AND a.allergen_id = ANY (who.allergens) ORDER BY 1)),
        'RESTRICTED', to_jsonb(ARRAY(SELECT ARRAY[r.menu_id, r.restricted_id] FROM menu_restricted r, who
            WHERE r.branch_code = p_branch AND r.menu_id IN (SELECT id FROM dish) AND r.restricted_id = ANY (who.restricted) ORDER BY 1)),
        'RELIGION', to_jsonb(ARRAY(SELECT ARRAY[r.menu_id, r.restricted_id] FROM menu_restricted r, who, religion_restricted g
            WHERE r.branch_code = p_branch AND r.menu_id IN (SELECT id FROM dish) AND g.branch_code = p_branch
                AND g.religion_id = who.religion_id AND g.restricted_id = r.restricted_id ORDER BY 1)),
        'VEGETARIAN', to_jsonb(ARRAY(SELECT ARRAY[r.menu_id, r.restricted_id] FROM menu_restricted r, who, vegetarian_restricted g
            WHERE r.branch_code = p_branch AND r.menu_id IN (SELECT id FROM dish) AND g.branch_code = p_branch
                AND g.vegetarian_id = who.vegetarian_id AND g.restricted_id = r.restricted_id ORDER BY 1)),
        'TEXTURE', to_jsonb(ARRAY(SELECT jsonb_build_array(m.id, m.iddsi_type, m.iddsi_level) FROM menu m, who
            WHERE m.branch_code = p_branch AND m.id IN (SELECT id FROM dish)
                AND CASE WHEN m.iddsi_type = 'DRINK' THEN who.texture_drink IS NOT NULL ELSE who.texture_food IS NOT NULL END
            ORDER BY m.id)))
    FROM who)) e
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The tray facts of a stored order, from its items.
CREATE FUNCTION meal_order_tray_facts_of(o meal_order) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT meal_order_tray_facts(o.branch_code, o.caregiver, o.caregiver_info, o.patient_facts,
        ARRAY(SELECT i.menu_id FROM meal_order_item i WHERE i.order_id = o.id AND i.menu_id IS NOT NULL),
        ARRAY(SELECT i.menu_set_id FROM meal_order_item i WHERE i.order_id = o.id AND i.menu_set_id IS NOT NULL))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- Why an order needs review now: the keys of its patient facts that differ from the
-- patient's now, and MENU when its tray's facts differ from those it was checked with.
CREATE FUNCTION meal_order_reasons(o meal_order) RETURNS text[]
LANGUAGE sql STABLE AS $$
    SELECT ARRAY(SELECT r FROM (
            SELECT e.key AS r FROM jsonb_each(o.patient_facts) e, (SELECT patient_food_facts(o.branch_code, o.patient_id) AS facts) f
            WHERE e.value IS DISTINCT FROM f.facts -> e.key
            UNION ALL
            SELECT 'MENU' WHERE meal_order_tray_facts_of(o) IS DISTINCT FROM o.tray_facts) x
        ORDER BY 1)
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- Recomputes review_reasons of the orders ids that are live, unserved and dated from today
-- (Asia/Bangkok); orders whose reasons are unchanged are not written. The orders are locked
-- first (in id order): a review in progress holds its order, so it finishes — keeping the
-- facts it checked — before the reasons are computed, by a new statement that sees them.
CREATE FUNCTION meal_order_recheck(p_ids uuid[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM 1 FROM meal_order x
    WHERE x.id = ANY (p_ids) AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
        AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')
    ORDER BY x.id FOR UPDATE;
    UPDATE meal_order o SET review_reasons = r.reasons
    FROM (SELECT x.id, meal_order_reasons(x) AS reasons FROM meal_order x
        WHERE x.id = ANY (p_ids) AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
            AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')) r
    WHERE o.id = r.id AND o.review_reasons IS DISTINCT FROM r.reasons;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- 00009's patient review, now through meal_order_reasons (so that a patient's change keeps
-- an order's MENU reason, and the other way round).
CREATE OR REPLACE FUNCTION meal_order_review(p_branches text[], p_ids bigint[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
    SELECT meal_order_recheck(ARRAY(SELECT x.id
        FROM (SELECT DISTINCT b, i FROM unnest(p_branches, p_ids) AS k(b, i)) k
            JOIN meal_order x ON x.branch_code = k.b AND x.patient_id = k.i
                AND x.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
                AND x.status IN ('WAITING', 'FASTING', 'NO_MEAL')))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- Rechecks the live orders from today (found by date: few, whatever the history) whose tray holds one of the dishes (branches[i],
-- menu_ids[i]) — directly or in a set — or one of the sets (branches[i], set_ids[i]).
CREATE FUNCTION meal_order_food_review(p_branches text[], p_menu_ids bigint[], p_set_ids bigint[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
    WITH d AS (SELECT DISTINCT b, m FROM unnest(p_branches, p_menu_ids) AS k(b, m) WHERE m IS NOT NULL),
    s AS (SELECT DISTINCT b, s FROM unnest(p_branches, p_set_ids) AS k(b, s) WHERE s IS NOT NULL
        UNION
        SELECT i.branch_code, i.menu_set_id FROM menu_set_item i JOIN d ON i.branch_code = d.b AND i.menu_id = d.m)
    SELECT meal_order_recheck(ARRAY(SELECT o.id FROM meal_order o
        WHERE o.branch_code IN (SELECT b FROM d UNION SELECT b FROM s)
            AND o.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
            AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL')
            AND EXISTS (SELECT 1 FROM meal_order_item i WHERE i.order_id = o.id
                AND ((i.branch_code, i.menu_id) IN (SELECT b, m FROM d) OR (i.branch_code, i.menu_set_id) IN (SELECT b, s FROM s)))))
$$;
-- +goose StatementEnd

-- The dishes and sets whose food changed in the transaction, rechecked once when it commits:
-- a save replaces a dish's (or a set's) lists in two statements, delete then insert, and a
-- recheck after each would flag, then clear, an order the save does not change (and stamp
-- its review_flagged_at). The statement triggers below note what changed here; the deferred
-- trigger rechecks it all at the first firing (later firings find the table empty). Rows
-- live only inside their transaction.
CREATE TABLE meal_order_food_change (
    branch_code text NOT NULL,
    menu_id     bigint NOT NULL DEFAULT 0,
    menu_set_id bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (branch_code, menu_id, menu_set_id)
);

-- +goose StatementBegin
CREATE FUNCTION meal_order_food_change_review() RETURNS trigger
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
CREATE CONSTRAINT TRIGGER meal_order_food_change_review AFTER INSERT ON meal_order_food_change
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION meal_order_food_change_review();

-- +goose StatementBegin
-- A dish's texture changed.
CREATE FUNCTION menu_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, menu_id)
    SELECT DISTINCT n.branch_code, n.id FROM new_rows n JOIN old_rows o ON o.branch_code = n.branch_code AND o.id = n.id
    WHERE (o.iddsi_type, o.iddsi_level) IS DISTINCT FROM (n.iddsi_type, n.iddsi_level)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A dish's ingredients changed (menu_allergen, menu_restricted).
CREATE FUNCTION menu_link_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, menu_id) SELECT DISTINCT c.branch_code, c.menu_id FROM changed c
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A set's dishes changed.
CREATE FUNCTION menu_set_item_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, menu_set_id) SELECT DISTINCT c.branch_code, c.menu_set_id FROM changed c
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- A religion's or vegetarian type's restricted ingredients changed: the orders from today
-- that hold a dish with one of those ingredients.
CREATE FUNCTION rule_restricted_review_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO meal_order_food_change (branch_code, menu_id)
    SELECT DISTINCT r.branch_code, r.menu_id FROM menu_restricted r
        JOIN (SELECT DISTINCT branch_code, restricted_id FROM changed) c
            ON r.branch_code = c.branch_code AND r.restricted_id = c.restricted_id
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER menu_review_orders AFTER UPDATE ON menu
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_review_orders();
CREATE TRIGGER menu_allergen_review_ins AFTER INSERT ON menu_allergen
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_allergen_review_del AFTER DELETE ON menu_allergen
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_allergen_review_upd AFTER UPDATE ON menu_allergen
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_restricted_review_ins AFTER INSERT ON menu_restricted
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_restricted_review_del AFTER DELETE ON menu_restricted
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_restricted_review_upd AFTER UPDATE ON menu_restricted
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_link_review_orders();
CREATE TRIGGER menu_set_item_review_ins AFTER INSERT ON menu_set_item
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_set_item_review_orders();
CREATE TRIGGER menu_set_item_review_del AFTER DELETE ON menu_set_item
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_set_item_review_orders();
CREATE TRIGGER menu_set_item_review_upd AFTER UPDATE ON menu_set_item
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION menu_set_item_review_orders();
CREATE TRIGGER religion_restricted_review_ins AFTER INSERT ON religion_restricted
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rule_restricted_review_orders();
CREATE TRIGGER religion_restricted_review_del AFTER DELETE ON religion_restricted
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rule_restricted_review_orders();
CREATE TRIGGER vegetarian_restricted_review_ins AFTER INSERT ON vegetarian_restricted
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rule_restricted_review_orders();
CREATE TRIGGER vegetarian_restricted_review_del AFTER DELETE ON vegetarian_restricted
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rule_restricted_review_orders();

-- The orders already taken keep the facts of their trays as they are now.
UPDATE meal_order o SET tray_facts = meal_order_tray_facts_of(o)
WHERE o.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date - 1 AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL');

-- +goose Down
DROP TRIGGER vegetarian_restricted_review_del ON vegetarian_restricted;
DROP TRIGGER vegetarian_restricted_review_ins ON vegetarian_restricted;
DROP TRIGGER religion_restricted_review_del ON religion_restricted;
DROP TRIGGER religion_restricted_review_ins ON religion_restricted;
DROP TRIGGER menu_set_item_review_upd ON menu_set_item;
DROP TRIGGER menu_set_item_review_del ON menu_set_item;
DROP TRIGGER menu_set_item_review_ins ON menu_set_item;
DROP TRIGGER menu_restricted_review_upd ON menu_restricted;
DROP TRIGGER menu_restricted_review_del ON menu_restricted;
DROP TRIGGER menu_restricted_review_ins ON menu_restricted;
DROP TRIGGER menu_allergen_review_upd ON menu_allergen;
DROP TRIGGER menu_allergen_review_del ON menu_allergen;
DROP TRIGGER menu_allergen_review_ins ON menu_allergen;
DROP TRIGGER menu_review_orders ON menu;
DROP TRIGGER meal_order_food_change_review ON meal_order_food_change;
DROP TABLE meal_order_food_change;
DROP FUNCTION rule_restricted_review_orders(), menu_set_item_review_orders(), menu_link_review_orders(),
    menu_review_orders(), meal_order_food_change_review(), meal_order_food_review(text[], bigint[], bigint[]);
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION meal_order_review(p_branches text[], p_ids bigint[]) RETURNS void
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
DROP FUNCTION meal_order_recheck(uuid[]), meal_order_reasons(meal_order), meal_order_tray_facts_of(meal_order),
    meal_order_tray_facts(text, boolean, jsonb, jsonb, bigint[], bigint[]);
UPDATE meal_order SET review_reasons = array_remove(review_reasons, 'MENU') WHERE 'MENU' = ANY (review_reasons);
ALTER TABLE meal_order DROP COLUMN tray_facts, DROP CONSTRAINT meal_order_review_reasons_check,
    ADD CONSTRAINT meal_order_review_reasons_check
        CHECK (review_reasons <@ ARRAY['DIET', 'ALLERGY', 'TEXTURE', 'NPO', 'DISCHARGED', 'RELIGION']);
