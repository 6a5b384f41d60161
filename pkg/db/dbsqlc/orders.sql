-- Meal orders (pkg/orders, docs/orders.md). A submit is a fixed number of statements whatever
-- the number of items, dates and meal types: the arrays are unnested here.

-- What the checks need of a patient (or, for a caregiver order, of the caregiver's stated
-- religion and vegetarian type): the facts, the lists as ids, and the restricted
-- ingredients of the religion and vegetarian type.
-- name: OrderPatient :one
SELECT p.id, p.hn_id, p.version, p.visit_status, p.hospital_status, p.texture_food, p.texture_drink,
    p.npo_from, p.npo_to, p.unmapped_allergies, p.ward_id,
    ARRAY(SELECT l.allergen_id FROM patient_allergen l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)::bigint[] AS allergen_ids,
    ARRAY(SELECT l.restricted_id FROM patient_restricted l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)::bigint[] AS restricted_ids,
    ARRAY(SELECT r.restricted_id FROM religion_restricted r WHERE r.branch_code = p.branch_code
        AND r.religion_id = CASE WHEN @caregiver::boolean THEN sqlc.narg(religion_id)::bigint ELSE p.religion_id END)::bigint[] AS religion_restricted_ids,
    ARRAY(SELECT r.restricted_id FROM vegetarian_restricted r WHERE r.branch_code = p.branch_code
        AND r.vegetarian_id = CASE WHEN @caregiver::boolean THEN sqlc.narg(vegetarian_id)::bigint ELSE p.vegetarian_id END)::bigint[] AS vegetarian_restricted_ids,
    (CASE WHEN @caregiver::boolean
        THEN food_rule_refs(p.branch_code, @caregiver_allergen_ids::bigint[], @caregiver_restricted_ids::bigint[],
            sqlc.narg(religion_id)::bigint, sqlc.narg(vegetarian_id)::bigint)
        ELSE food_rule_refs(p.branch_code,
            ARRAY(SELECT l.allergen_id FROM patient_allergen l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id),
            ARRAY(SELECT l.restricted_id FROM patient_restricted l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id),
            p.religion_id, p.vegetarian_id) END)::jsonb AS rule_refs
FROM patient p WHERE p.branch_code = @branch AND p.hn_id = @hn_id;

-- The same, of several patients by HN (submitOrderMany, copyOrders).
-- name: OrderPatients :many
SELECT p.id, p.hn_id, p.version, p.visit_status, p.hospital_status, p.texture_food, p.texture_drink,
    p.npo_from, p.npo_to, p.unmapped_allergies, p.ward_id,
    ARRAY(SELECT l.allergen_id FROM patient_allergen l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)::bigint[] AS allergen_ids,
    ARRAY(SELECT l.restricted_id FROM patient_restricted l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id)::bigint[] AS restricted_ids,
    ARRAY(SELECT r.restricted_id FROM religion_restricted r WHERE r.branch_code = p.branch_code AND r.religion_id = p.religion_id)::bigint[] AS religion_restricted_ids,
    ARRAY(SELECT r.restricted_id FROM vegetarian_restricted r WHERE r.branch_code = p.branch_code AND r.vegetarian_id = p.vegetarian_id)::bigint[] AS vegetarian_restricted_ids,
    food_rule_refs(p.branch_code,
        ARRAY(SELECT l.allergen_id FROM patient_allergen l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id),
        ARRAY(SELECT l.restricted_id FROM patient_restricted l WHERE l.branch_code = p.branch_code AND l.patient_id = p.id),
        p.religion_id, p.vegetarian_id) AS rule_refs
FROM patient p WHERE p.branch_code = @branch AND p.hn_id = ANY (@hn_ids::text[]);

-- Locks a patient for a submit (the checks then read it as it is).
-- name: OrderLockPatient :one
SELECT id FROM patient WHERE branch_code = @branch AND hn_id = @hn_id FOR UPDATE;

-- Locks the patients of a meal round or a ward call (submitOrderMany, copyOrders), in id
-- order: two of them over the same patients take them in the same order.
-- name: OrderLockPatients :exec
SELECT id FROM patient WHERE branch_code = @branch AND hn_id = ANY (@hn_ids::text[]) ORDER BY id FOR UPDATE;

-- The branch's active meal types, in start-time order.
-- name: OrderMealTypes :many
SELECT id, code, name_th, name_en, start_time, end_time, abbreviation, meal_color, text_color
FROM meal_time WHERE branch_code = @branch AND active ORDER BY start_time, code;

-- Dishes as their documents: the dishes named, and the dishes of the sets named (with the
-- set), in the set's order.
-- name: OrderDishes :many
SELECT k.menu_set_id::bigint AS menu_set_id, d.doc::jsonb AS doc
FROM (SELECT 0::bigint AS menu_set_id, x.id AS menu_id, 0 AS position FROM unnest(@menu_ids::bigint[]) AS x(id)
    UNION ALL
    SELECT i.menu_set_id, i.menu_id, i.position FROM menu_set_item i
    WHERE i.branch_code = @branch AND i.menu_set_id = ANY (@menu_set_ids::bigint[])) k
    JOIN menu_detail d ON d.branch_code = @branch AND d.id = k.menu_id
ORDER BY k.menu_set_id, k.position, d.code;

-- Sets as their documents.
-- name: OrderSets :many
SELECT doc::jsonb FROM menu_set_detail WHERE branch_code = @branch AND id = ANY (@ids::bigint[]);

-- Claims an idempotency key for the caller; no row when it was claimed before.
-- name: OrderClaimKey :one
INSERT INTO order_idempotency (caller, key, branch_code) VALUES (@caller, @key, @branch)
ON CONFLICT DO NOTHING RETURNING created_at;

-- The answer kept for a key (NULL while its first request runs); housekeeping drops keys
-- after a day.
-- name: OrderKeyAnswer :one
SELECT answer FROM order_idempotency WHERE caller = @caller AND key = @key;

-- name: OrderKeepAnswer :exec
UPDATE order_idempotency SET answer = CAST(sqlc.arg(answer)::text AS jsonb) WHERE caller = @caller AND key = @key;

-- Writes orders, one per element of the arrays (a submit: one patient's (date, meal type)
-- pairs; a meal round: one pair for each patient), keeping the facts the checks ran against
-- (a caregiver order keeps only the patient's discharge facts; each patient's facts are
-- computed once) and the facts of the tray that concern them: its dishes and sets are the
-- elements of item_menu_ids and item_menu_set_ids whose item_rows is the order's position in
-- the arrays (from 1). NULL is sent as an empty string (caregiver_infos, course_types,
-- free_text_rules) or 0 (the reference ids, dysphagia_food_types). An order whose pair already has a live order
-- is skipped (the unique index decides, also against a concurrent submit): the caller
-- compares the rows answered with the rows sent.
-- name: OrderInsert :many
WITH k AS (
    SELECT * FROM ROWS FROM (unnest(@patient_ids::bigint[]), unnest(@caregivers::boolean[]),
        unnest(@caregiver_infos::text[]), unnest(@dates::date[]), unnest(@meal_time_ids::bigint[]),
        unnest(@order_types::text[]), unnest(@statuses::text[]), unnest(@food_scopes::text[]),
        unnest(@course_types::text[]), unnest(@diet_type_ids::bigint[]), unnest(@therapeutic_ids::bigint[]),
        unnest(@cuisine_type_ids::bigint[]), unnest(@descriptions::text[]), unnest(@remarks::text[]),
        unnest(@charges::boolean[]), unnest(@dysphagia_food_types::smallint[]),
        unnest(@unmapped_allergies_checked::boolean[]), unnest(@free_text_rules::text[])) WITH ORDINALITY
        AS k(patient_id, caregiver, caregiver_info, d, m, order_type, status, food_scope, course_type, diet_type_id,
            therapeutic_id, cuisine_type_id, description, remark, charge, dysphagia_food_type,
            unmapped_allergies_checked, free_text_rules, n)),
i AS (
    SELECT * FROM ROWS FROM (unnest(@item_rows::integer[]), unnest(@item_menu_ids::bigint[]),
        unnest(@item_menu_set_ids::bigint[])) AS i(n, menu_id, menu_set_id)),
f AS (SELECT x.patient_id, patient_food_facts(@branch::text, x.patient_id) AS facts FROM (SELECT DISTINCT k.patient_id FROM k) x)
INSERT INTO meal_order (branch_code, patient_id, caregiver, caregiver_info, order_date, meal_time_id, order_type, status,
    food_scope, course_type, diet_type_id, therapeutic_id, cuisine_type_id, description, remark, charge,
    dysphagia_food_type, unmapped_allergies_checked, free_text_rules, patient_facts, tray_facts, ordered_by)
SELECT @branch::text, k.patient_id, k.caregiver, nullif(k.caregiver_info, '')::jsonb, k.d, k.m, k.order_type,
    k.status, k.food_scope, nullif(k.course_type, ''), nullif(k.diet_type_id, 0), nullif(k.therapeutic_id, 0),
    nullif(k.cuisine_type_id, 0), k.description, k.remark, k.charge, nullif(k.dysphagia_food_type, 0),
    k.unmapped_allergies_checked, nullif(k.free_text_rules, '')::jsonb,
    CASE WHEN k.caregiver THEN jsonb_build_object('DISCHARGED', f.facts -> 'DISCHARGED') ELSE f.facts END,
    meal_order_tray_facts(@branch::text, k.caregiver, nullif(k.caregiver_info, '')::jsonb, f.facts,
        ARRAY(SELECT i.menu_id FROM i WHERE i.n = k.n AND i.menu_id <> 0),
        ARRAY(SELECT i.menu_set_id FROM i WHERE i.n = k.n AND i.menu_set_id <> 0)),
    @by::text
FROM k JOIN f ON f.patient_id = k.patient_id
ON CONFLICT (branch_code, patient_id, caregiver, order_date, meal_time_id) WHERE status <> 'CANCELLED' DO NOTHING
RETURNING id, patient_id, caregiver, order_date, meal_time_id;

-- The items, others and remarks of new orders, one per element of each order's arrays.
-- name: OrderInsertParts :exec
WITH i AS (
    INSERT INTO meal_order_item (branch_code, order_id, position, menu_id, menu_set_id, alternative_note, conflicts)
    SELECT @branch::text, x.order_id, x.pos, nullif(x.menu_id, 0), nullif(x.menu_set_id, 0), x.note, x.conflicts::jsonb
    FROM ROWS FROM (unnest(@item_order_ids::uuid[]), unnest(@positions::integer[]), unnest(@menu_ids::bigint[]),
        unnest(@menu_set_ids::bigint[]), unnest(@notes::text[]), unnest(@conflicts::text[]))
        AS x(order_id, pos, menu_id, menu_set_id, note, conflicts)),
o AS (
    INSERT INTO meal_order_other (branch_code, order_id, other_item_id)
    SELECT @branch::text, x.order_id, x.id FROM ROWS FROM (unnest(@other_order_ids::uuid[]), unnest(@other_ids::bigint[])) AS x(order_id, id))
INSERT INTO meal_order_remark (branch_code, order_id, remark_id)
SELECT @branch::text, x.order_id, x.id FROM ROWS FROM (unnest(@remark_order_ids::uuid[]), unnest(@remark_ids::bigint[])) AS x(order_id, id);

-- The live orders of these (patient, caregiver, date, meal type) rows: the winners of a 409,
-- or of a meal round's ALREADY_ORDERED.
-- name: OrderLiveFor :many
SELECT o.id, o.patient_id, o.caregiver, o.order_date, o.meal_time_id FROM meal_order o
    JOIN ROWS FROM (unnest(@patient_ids::bigint[]), unnest(@caregivers::boolean[]), unnest(@dates::date[]),
        unnest(@meal_time_ids::bigint[])) AS k(p, c, d, m)
        ON o.patient_id = k.p AND o.caregiver = k.c AND o.order_date = k.d AND o.meal_time_id = k.m
WHERE o.branch_code = @branch AND o.status <> 'CANCELLED';

-- Orders by id, as every reader sees them (the view order_detail, migration 00020; read into
-- orders.Order), in date and meal order. The function order_details keeps its plan
-- (migration 00021).
-- name: OrderDetails :many
SELECT * FROM order_details(@branch::text, @ids::uuid[])
ORDER BY order_date, meal_start_time, caregiver, hn_id;

-- The trays of a branch's date (the reports, docs/reports.md): its live ORD orders, patients'
-- and caregivers', by ward, bed, HN, meal and caregiver.
-- name: OrderTrays :many
SELECT * FROM order_detail
WHERE branch_code = @branch AND order_date = @on_date::date AND order_type = 'ORD' AND status <> 'CANCELLED'
ORDER BY ward_code NULLS LAST, room_code NULLS LAST, hn_id, meal_start_time, caregiver;

-- Cancels a live order; no row when the branch has no such live order.
-- name: OrderCancel :one
UPDATE meal_order SET status = 'CANCELLED', cancel_reason = sqlc.arg(cancel_reason)::text, cancel_remark = @cancel_remark,
    cancelled_by = sqlc.arg(by)::text, cancelled_at = now(), version = version + 1
WHERE branch_code = @branch AND id = @id AND status <> 'CANCELLED'
RETURNING id;

-- Locks the patient of an order of the branch, answering the HN: a review locks the patient
-- before the order, in the order a patient's edit does (the edit's trigger writes orders).
-- name: OrderLockPatientOf :one
SELECT p.hn_id FROM patient p
WHERE (p.branch_code, p.id) = (SELECT o.branch_code, o.patient_id FROM meal_order o WHERE o.branch_code = @branch AND o.id = @id)
FOR UPDATE;

-- An order of the branch with its patient's HN, locked for a change.
-- name: OrderLock :one
SELECT o.id, o.status, o.patient_id, p.hn_id, o.caregiver, o.caregiver_info, o.order_date, o.meal_time_id, o.order_type,
    o.food_scope, o.course_type, o.diet_type_id, o.therapeutic_id, o.cuisine_type_id, o.description, o.dysphagia_food_type,
    o.unmapped_allergies_checked
FROM meal_order o JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
WHERE o.branch_code = @branch AND o.id = @id
FOR UPDATE OF o;

-- Re-confirms an order against the patient and its tray as now: its facts are the
-- patient's and the tray's, the reasons cleared, the items' notes and conflicts those of the
-- review.
-- name: OrderConfirm :exec
WITH u AS (
    UPDATE meal_order o SET patient_facts = CASE WHEN o.caregiver
            THEN jsonb_build_object('DISCHARGED', f.facts -> 'DISCHARGED') ELSE f.facts END,
        tray_facts = meal_order_tray_facts(o.branch_code, o.caregiver, o.caregiver_info, f.facts,
            ARRAY(SELECT i.menu_id FROM meal_order_item i WHERE i.order_id = o.id AND i.menu_id IS NOT NULL),
            ARRAY(SELECT i.menu_set_id FROM meal_order_item i WHERE i.order_id = o.id AND i.menu_set_id IS NOT NULL)),
        review_reasons = '{}', reviewed_by = sqlc.arg(by)::text, reviewed_at = now(), version = o.version + 1,
        unmapped_allergies_checked = @unmapped_allergies_checked, free_text_rules = sqlc.narg(free_text_rules)::text::jsonb
    FROM (SELECT patient_food_facts(@branch::text, @patient_id::bigint) AS facts) f
    WHERE o.branch_code = @branch AND o.id = @id)
UPDATE meal_order_item i SET alternative_note = x.note, conflicts = x.conflicts::jsonb
FROM ROWS FROM (unnest(@positions::integer[]), unnest(@notes::text[]), unnest(@conflicts::text[])) AS x(pos, note, conflicts)
WHERE i.order_id = @id AND i.position = x.pos;

-- The order list (docs/orders.md, search): the page of patients of the branch that are
-- Current, or have a live order on the date, as patient_view shows them; needs-review rows
-- first, then the sort key, the HN breaking ties. The date's orders are aggregated per patient
-- once for the filters; the rows' meals are OrderListOrders' (pkg/orders builds the answer).
-- A meal type (meal_time_id) narrows the status filter to that meal: NOT_ORDERED is no live
-- patient order of that meal, a status or NEEDS_REVIEW one of that meal's orders (patient's
-- or caregiver's).
-- name: OrderSearch :many
WITH mt AS (SELECT t.id FROM meal_time t WHERE t.branch_code = @branch AND t.active),
agg AS (
    SELECT x.patient_id,
        bool_or(x.needs_review AND x.status <> 'CANCELLED') AS needs_review,
        bool_or(x.status <> 'CANCELLED') AS live,
        count(DISTINCT x.meal_time_id) FILTER (WHERE x.status <> 'CANCELLED' AND NOT x.caregiver
            AND x.meal_time_id IN (SELECT mt.id FROM mt)
            AND (sqlc.narg(meal_time_id)::bigint IS NULL OR x.meal_time_id = sqlc.narg(meal_time_id)::bigint)) AS meals_ordered,
        bool_or(x.needs_review AND x.status <> 'CANCELLED') FILTER (WHERE
            sqlc.narg(meal_time_id)::bigint IS NULL OR x.meal_time_id = sqlc.narg(meal_time_id)::bigint) AS meal_review,
        array_agg(DISTINCT x.status) FILTER (WHERE
            sqlc.narg(meal_time_id)::bigint IS NULL OR x.meal_time_id = sqlc.narg(meal_time_id)::bigint) AS statuses
    FROM meal_order x WHERE x.branch_code = @branch AND x.order_date = @on_date::date
    GROUP BY x.patient_id),
hit AS (
    SELECT p.id, p.hn_id, coalesce(a.needs_review, false) AS needs_review,
        CASE @sort_by::text
            WHEN 'room' THEN r.code
            WHEN 'hnId' THEN p.hn_id
            WHEN 'name' THEN lower(concat_ws(' ', p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en))
            ELSE concat_ws(' ', w.code, r.code)
        END AS sort_key
    FROM patient p
        LEFT JOIN agg a ON a.patient_id = p.id
        LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
        LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
    WHERE p.branch_code = @branch
        AND (p.visit_status = 'Current' OR a.live)
        AND (sqlc.narg(ward_id)::bigint IS NULL OR p.ward_id = sqlc.narg(ward_id)::bigint)
        AND (sqlc.narg(pattern)::text IS NULL
            OR (p.hn_id || ' ' || p.first_name_th || ' ' || p.last_name_th || ' ' || p.first_name_en || ' ' || p.last_name_en)
                ILIKE sqlc.narg(pattern)::text
            OR r.code ILIKE sqlc.narg(pattern)::text OR r.name_th ILIKE sqlc.narg(pattern)::text
            OR r.name_en ILIKE sqlc.narg(pattern)::text)
        AND (CASE @status::text
            WHEN 'ALL' THEN true
            WHEN 'NOT_ORDERED' THEN coalesce(a.meals_ordered, 0) < (SELECT count(*) FROM mt
                WHERE sqlc.narg(meal_time_id)::bigint IS NULL OR mt.id = sqlc.narg(meal_time_id)::bigint)
            WHEN 'NEEDS_REVIEW' THEN coalesce(a.meal_review, false)
            ELSE @status::text = ANY (a.statuses)
        END)),
ranked AS (
    SELECT hit.id, count(*) OVER () AS total,
        row_number() OVER (ORDER BY hit.needs_review DESC,
            CASE WHEN NOT @sort_desc::boolean THEN hit.sort_key END ASC NULLS LAST,
            CASE WHEN @sort_desc::boolean THEN hit.sort_key END DESC NULLS LAST,
            hit.hn_id) AS ord, hit.needs_review
    FROM hit),
page AS (SELECT * FROM ranked ORDER BY ranked.ord LIMIT @page_size::integer OFFSET @page_offset::bigint)
SELECT page.total, page.needs_review, sqlc.embed(v)
FROM page JOIN patient_view v ON v.branch_code = @branch AND v.id = page.id
ORDER BY page.ord;

-- The live orders of patients on a date, as the order list's meals show them: the columns
-- the list reads of order_detail (the view computes none of the others).
-- name: OrderListOrders :many
SELECT id, patient_id, meal_time_id, caregiver, order_type, status, needs_review FROM order_detail
WHERE branch_code = @branch AND order_date = @on_date::date AND patient_id = ANY (@patient_ids::bigint[])
    AND status <> 'CANCELLED';

-- The live orders of a ward's patients on a date (copyOrders), the meal types given or all.
-- name: OrderWardDay :many
SELECT o.id, p.hn_id FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
WHERE o.branch_code = @branch AND o.order_date = @on_date AND p.ward_id = @ward_id AND o.order_type = 'ORD'
    AND o.status <> 'CANCELLED'
    AND (cardinality(@meal_time_ids::bigint[]) = 0 OR o.meal_time_id = ANY (@meal_time_ids::bigint[]))
ORDER BY p.hn_id, o.caregiver, o.meal_time_id;

-- A choice list of an order form (docs/orders.md, "Choices"): the branch's active rows of the
-- master table kind, each marked when it is the patient's own (hn_id; therapeutic foods,
-- allergens, restricted ingredients) and, for restricted ingredients, why it applies: the
-- patient's (PATIENT), the religion's (RELIGION) or the vegetarian type's (VEGETARIAN) — of
-- the codes given, else, when patient_codes, the patient's. The patient's rows first, then
-- those with a source, then by code.
-- name: OrderChoices :many
WITH pt AS (SELECT p.id, p.religion_id, p.vegetarian_id FROM patient p WHERE p.branch_code = @branch AND p.hn_id = @hn_id::text),
own AS (
    SELECT l.therapeutic_id AS id FROM patient_therapeutic l JOIN pt ON l.patient_id = pt.id
    WHERE l.branch_code = @branch AND @kind::text = 'therapeutic'
    UNION ALL SELECT l.allergen_id FROM patient_allergen l JOIN pt ON l.patient_id = pt.id
    WHERE l.branch_code = @branch AND @kind::text = 'allergen'
    UNION ALL SELECT l.restricted_id FROM patient_restricted l JOIN pt ON l.patient_id = pt.id
    WHERE l.branch_code = @branch AND @kind::text = 'restricted_ingredient'),
rel AS (
    SELECT r.restricted_id AS id FROM religion_restricted r WHERE r.branch_code = @branch AND r.religion_id =
        coalesce((SELECT g.id FROM religion g WHERE g.branch_code = @branch AND g.code = @religion_code::text),
            (SELECT pt.religion_id FROM pt WHERE @patient_codes::boolean))),
veg AS (
    SELECT r.restricted_id AS id FROM vegetarian_restricted r WHERE r.branch_code = @branch AND r.vegetarian_id =
        coalesce((SELECT g.id FROM vegetarian g WHERE g.branch_code = @branch AND g.code = @vegetarian_code::text),
            (SELECT pt.vegetarian_id FROM pt WHERE @patient_codes::boolean))),
x AS (
    SELECT t.id, t.code, t.name_th, t.name_en FROM diet_type t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'diet_type'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM therapeutic t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'therapeutic'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM allergen t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'allergen'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM religion t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'religion'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM cuisine_type t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'cuisine_type'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM vegetarian t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'vegetarian'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM remark t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'remark'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM other_item t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'other_item'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM meal_component t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'meal_component'
    UNION ALL SELECT t.id, t.code, t.name_th, t.name_en FROM restricted_ingredient t WHERE t.branch_code = @branch AND t.active AND @kind::text = 'restricted_ingredient')
SELECT c.id, c.code, c.name_th, c.name_en, c.patient, c.source FROM (
    SELECT x.id, x.code, x.name_th, x.name_en, (x.id IN (SELECT own.id FROM own))::boolean AS patient,
        coalesce(CASE WHEN @kind::text <> 'restricted_ingredient' THEN NULL
            WHEN x.id IN (SELECT own.id FROM own) THEN 'PATIENT'
            WHEN x.id IN (SELECT rel.id FROM rel) THEN 'RELIGION'
            WHEN x.id IN (SELECT veg.id FROM veg) THEN 'VEGETARIAN' END, '')::text AS source
    FROM x) c
ORDER BY c.patient DESC, c.source = '', c.code;

-- The patient's allergies the branch could not map (getAllergens).
-- name: OrderUnmappedAllergies :one
SELECT unmapped_allergies FROM patient WHERE branch_code = @branch AND hn_id = @hn_id;
