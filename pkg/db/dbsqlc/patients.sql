-- Patients (pkg/patients): the census list, one patient, the edit, the Excel import's
-- set-based upsert and the change record. A patient is read as patient_view shows it.

-- The patients of a branch with these ids, as the census list shows them (pkg/patients
-- builds the page of ids itself: its ORDER BY is the chosen column, for an index to serve;
-- the function keeps its plan, migration 00010).
-- name: PatientsByID :many
SELECT * FROM patients_by_id(@branch::text, @ids::bigint[]);

-- The patients of a branch with these HNs (any visit status).
-- name: PatientsByHn :many
SELECT * FROM patient_view WHERE branch_code = @branch AND hn_id = ANY (@hn_ids::text[]) ORDER BY hn_id;

-- Locks a patient for a change, answering its id.
-- name: PatientLock :one
SELECT id FROM patient WHERE branch_code = @branch AND hn_id = @hn_id FOR UPDATE;

-- A bed of the branch: its ward, whether it is active and whether a patient other than
-- hn_id takes it.
-- name: PatientRoom :one
SELECT r.id, r.ward_id, r.active,
    EXISTS (SELECT 1 FROM patient p WHERE p.branch_code = r.branch_code AND p.room_id = r.id
        AND p.hn_id <> @hn_id::text AND p.visit_status <> 'Discharge' AND p.hospital_status = 'IN_HOSPITAL')::boolean AS taken
FROM room r WHERE r.branch_code = @branch AND r.id = @room_id;

-- The beds of a branch that a patient takes (the rule of the index patient_room_taken),
-- with the taker's HN.
-- name: PatientRoomsTaken :many
SELECT room_id::bigint AS room_id, hn_id FROM patient
WHERE branch_code = @branch AND room_id IS NOT NULL AND visit_status <> 'Discharge' AND hospital_status = 'IN_HOSPITAL';

-- The codes of the master data a patient refers to, for an import: kind, code, id.
-- name: PatientRefCodes :many
SELECT 'ward'::text AS kind, code, id, id AS ward_id FROM ward WHERE branch_code = @branch::text
UNION ALL SELECT 'room', code, id, ward_id FROM room WHERE branch_code = @branch::text
UNION ALL SELECT 'dietType', code, id, 0 FROM diet_type WHERE branch_code = @branch::text
UNION ALL SELECT 'therapeutic', code, id, 0 FROM therapeutic WHERE branch_code = @branch::text
UNION ALL SELECT 'allergen', code, id, 0 FROM allergen WHERE branch_code = @branch::text
UNION ALL SELECT 'allergenName', lower(name_th), id, 0 FROM allergen WHERE branch_code = @branch::text
UNION ALL SELECT 'allergenName', lower(name_en), id, 0 FROM allergen WHERE branch_code = @branch::text AND name_en <> ''
UNION ALL SELECT 'restricted', code, id, 0 FROM restricted_ingredient WHERE branch_code = @branch::text
UNION ALL SELECT 'religion', code, id, 0 FROM religion WHERE branch_code = @branch::text
UNION ALL SELECT 'vegetarian', code, id, 0 FROM vegetarian WHERE branch_code = @branch::text;

-- Frees the beds of patients about to move, so that a set of moves (two patients
-- swapping beds) does not meet itself in patient_room_taken.
-- name: PatientClearRooms :exec
UPDATE patient SET room_id = NULL WHERE branch_code = @branch AND id = ANY (@ids::bigint[]);

-- Adds or updates patients by HN, one row per element of the arrays (a reference id of 0,
-- a texture of -1 and an empty date or time are NULL; unmapped allergies are a JSON array
-- of strings). Answers the HN and id of every row written, and whether it is new (it has no lists to clear).
-- name: PatientsUpsert :many
INSERT INTO patient AS t (branch_code, hn_id, first_name_th, last_name_th, first_name_en, last_name_en,
    gender, birthday, nationality, religion_id, vegetarian_id, patient_language, card_language,
    ward_id, room_id, previous_room_id, admit_date, planned_discharge_date, visit_status, hospital_status,
    diagnosis, additional_info, special_request, remark, diet_type_id, unmapped_allergies,
    texture_drink, texture_food, npo_from, npo_to, medical_order_start, medical_order_end,
    last_import_at, last_import_source, created_by, updated_by)
SELECT @branch::text, i.hn_id, i.first_name_th, i.last_name_th, i.first_name_en, i.last_name_en,
    i.gender, nullif(i.birthday, '')::date, i.nationality, nullif(i.religion_id, 0), nullif(i.vegetarian_id, 0), i.patient_language,
    i.card_language, nullif(i.ward_id, 0), nullif(i.room_id, 0), nullif(i.previous_room_id, 0),
    nullif(i.admit_date, '')::date, nullif(i.planned_discharge_date, '')::date, i.visit_status, i.hospital_status, i.diagnosis, i.additional_info,
    i.special_request, i.remark, nullif(i.diet_type_id, 0),
    ARRAY(SELECT jsonb_array_elements_text(i.unmapped::jsonb)),
    nullif(i.texture_drink, -1)::smallint, nullif(i.texture_food, -1)::smallint,
    nullif(i.npo_from, '')::timestamptz, nullif(i.npo_to, '')::timestamptz,
    nullif(i.medical_order_start, '')::timestamptz, nullif(i.medical_order_end, '')::timestamptz,
    CASE WHEN @source::text = 'edit' THEN NULL ELSE now() END, @source::text, @by::text, @by::text
FROM ROWS FROM (unnest(@hn_ids::text[]), unnest(@first_names_th::text[]), unnest(@last_names_th::text[]),
    unnest(@first_names_en::text[]), unnest(@last_names_en::text[]), unnest(@genders::text[]),
    unnest(@birthdays::text[]), unnest(@nationalities::text[]), unnest(@religion_ids::bigint[]),
    unnest(@vegetarian_ids::bigint[]), unnest(@patient_languages::text[]), unnest(@card_languages::text[]),
    unnest(@ward_ids::bigint[]), unnest(@room_ids::bigint[]), unnest(@previous_room_ids::bigint[]),
    unnest(@admit_dates::text[]), unnest(@planned_discharge_dates::text[]), unnest(@visit_statuses::text[]),
    unnest(@hospital_statuses::text[]), unnest(@diagnoses::text[]), unnest(@additional_infos::text[]),
    unnest(@special_requests::text[]), unnest(@remarks::text[]), unnest(@diet_type_ids::bigint[]),
    unnest(@unmapped::text[]), unnest(@texture_drinks::integer[]), unnest(@texture_foods::integer[]),
    unnest(@npo_froms::text[]), unnest(@npo_tos::text[]), unnest(@medical_order_starts::text[]),
    unnest(@medical_order_ends::text[]))
    AS i(hn_id, first_name_th, last_name_th, first_name_en, last_name_en, gender, birthday, nationality,
        religion_id, vegetarian_id, patient_language, card_language, ward_id, room_id, previous_room_id,
        admit_date, planned_discharge_date, visit_status, hospital_status, diagnosis, additional_info,
        special_request, remark, diet_type_id, unmapped, texture_drink, texture_food, npo_from, npo_to,
        medical_order_start, medical_order_end)
ON CONFLICT (branch_code, hn_id) DO UPDATE SET first_name_th = excluded.first_name_th,
    last_name_th = excluded.last_name_th, first_name_en = excluded.first_name_en,
    last_name_en = excluded.last_name_en, gender = excluded.gender, birthday = excluded.birthday,
    nationality = excluded.nationality, religion_id = excluded.religion_id,
    vegetarian_id = excluded.vegetarian_id, patient_language = excluded.patient_language,
    card_language = excluded.card_language, ward_id = excluded.ward_id, room_id = excluded.room_id,
    previous_room_id = excluded.previous_room_id, admit_date = excluded.admit_date,
    planned_discharge_date = excluded.planned_discharge_date, visit_status = excluded.visit_status,
    hospital_status = excluded.hospital_status, diagnosis = excluded.diagnosis,
    additional_info = excluded.additional_info, special_request = excluded.special_request,
    remark = excluded.remark, diet_type_id = excluded.diet_type_id,
    unmapped_allergies = excluded.unmapped_allergies, texture_drink = excluded.texture_drink,
    texture_food = excluded.texture_food, npo_from = excluded.npo_from, npo_to = excluded.npo_to,
    medical_order_start = excluded.medical_order_start, medical_order_end = excluded.medical_order_end,
    last_import_at = coalesce(excluded.last_import_at, t.last_import_at),
    last_import_source = excluded.last_import_source, version = t.version + 1,
    updated_at = now(), updated_by = excluded.updated_by
RETURNING t.hn_id, t.id, (t.xmax = 0)::boolean AS inserted;

-- The therapeutic foods, allergies and restricted ingredients of patients are replaced:
-- the old links of the patients go, then the new pairs (patient, item) are added.
-- name: PatientClearLinks :exec
WITH a AS (DELETE FROM patient_therapeutic l WHERE l.branch_code = @branch AND l.patient_id = ANY (@ids::bigint[])),
    b AS (DELETE FROM patient_allergen l WHERE l.branch_code = @branch AND l.patient_id = ANY (@ids::bigint[]))
DELETE FROM patient_restricted l WHERE l.branch_code = @branch AND l.patient_id = ANY (@ids::bigint[]);

-- name: PatientAddTherapeutics :exec
INSERT INTO patient_therapeutic (branch_code, patient_id, therapeutic_id)
SELECT @branch::text, p, i FROM ROWS FROM (unnest(@patient_ids::bigint[]), unnest(@item_ids::bigint[])) AS u(p, i) ON CONFLICT DO NOTHING;

-- name: PatientAddAllergens :exec
INSERT INTO patient_allergen (branch_code, patient_id, allergen_id)
SELECT @branch::text, p, i FROM ROWS FROM (unnest(@patient_ids::bigint[]), unnest(@item_ids::bigint[])) AS u(p, i) ON CONFLICT DO NOTHING;

-- name: PatientAddRestricted :exec
INSERT INTO patient_restricted (branch_code, patient_id, restricted_id)
SELECT @branch::text, p, i FROM ROWS FROM (unnest(@patient_ids::bigint[]), unnest(@item_ids::bigint[])) AS u(p, i) ON CONFLICT DO NOTHING;

-- The change record: a page of a branch's patient changes, oldest first, optionally of one
-- HN, within [from, to).
-- name: PatientChanges :many
SELECT c.id, c.entity_id AS hn_id, c.action, c.before, c.after, c.changed_by, c.changed_at,
    count(*) OVER () AS total
FROM change_log c
WHERE c.branch_code = @branch AND c.entity = 'patient'
    AND (sqlc.narg(hn_id)::text IS NULL OR c.entity_id = sqlc.narg(hn_id)::text)
    AND c.changed_at >= @from_time::timestamptz AND c.changed_at < @to_time::timestamptz
ORDER BY c.changed_at, c.id
LIMIT @page_size::integer OFFSET @page_offset::bigint;
