-- +goose Up
-- Patients (SPEC.md §3, issue 12): identified by HN within a branch; every reference to
-- master data is a composite foreign key to a row of the same branch, so a master row in
-- use by a patient cannot be deleted. pkg/patients reads and writes them.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A patient's ward follows the bed: the (bed, ward) pair must be a bed of that ward.
ALTER TABLE room ADD CONSTRAINT room_ward_key UNIQUE (branch_code, id, ward_id);

CREATE TABLE patient (
    branch_code            text NOT NULL REFERENCES branch (code),
    id                     bigint GENERATED ALWAYS AS IDENTITY,
    hn_id                  text NOT NULL CHECK (hn_id ~ '^\S{1,30}$'),
    first_name_th          text NOT NULL DEFAULT '' CHECK (length(first_name_th) <= 100),
    last_name_th           text NOT NULL DEFAULT '' CHECK (length(last_name_th) <= 100),
    first_name_en          text NOT NULL DEFAULT '' CHECK (length(first_name_en) <= 100),
    last_name_en           text NOT NULL DEFAULT '' CHECK (length(last_name_en) <= 100),
    -- FHIR administrative gender
    gender                 text NOT NULL DEFAULT 'unknown' CHECK (gender IN ('male', 'female', 'other', 'unknown')),
    birthday               date CHECK (birthday >= DATE '1900-01-01'),
    nationality            text NOT NULL DEFAULT '' CHECK (length(nationality) <= 100),
    religion_id            bigint,
    vegetarian_id          bigint,
    -- LANG_PREF_TYPE: LPT02 (the patient's language) and LPT01 (the meal card's)
    patient_language       text NOT NULL DEFAULT 'TH' CHECK (patient_language IN ('TH', 'EN', 'ZH', 'JA', 'MY', 'AR', 'OTHER')),
    card_language          text NOT NULL DEFAULT 'ALL' CHECK (card_language IN ('ALL', 'TH', 'EN')),
    ward_id                bigint,
    room_id                bigint,
    previous_room_id       bigint,
    admit_date             date,
    planned_discharge_date date,
    visit_status           text NOT NULL DEFAULT 'Current' CHECK (visit_status IN ('Current', 'PreAdmit', 'Discharge')),
    -- STATUS_PATIENT: what the edit form says
    hospital_status        text NOT NULL DEFAULT 'IN_HOSPITAL' CHECK (hospital_status IN ('IN_HOSPITAL', 'DISCHARGED')),
    diagnosis              text NOT NULL DEFAULT '' CHECK (length(diagnosis) <= 2000),
    additional_info        text NOT NULL DEFAULT '' CHECK (length(additional_info) <= 2000),
    special_request        text NOT NULL DEFAULT '' CHECK (length(special_request) <= 2000),
    remark                 text NOT NULL DEFAULT '' CHECK (length(remark) <= 2000),
    diet_type_id           bigint,
    -- allergies the branch could not map to an Allergies row: kept, shown and counted
    unmapped_allergies     text[] NOT NULL DEFAULT '{}' CHECK (cardinality(unmapped_allergies) <= 50),
    -- IDDSI levels (null: no restriction): drinks 0–4, foods 3–7
    texture_drink          smallint CHECK (texture_drink BETWEEN 0 AND 4),
    texture_food           smallint CHECK (texture_food BETWEEN 3 AND 7),
    npo_from               timestamptz,
    npo_to                 timestamptz,
    medical_order_start    timestamptz,
    medical_order_end      timestamptz,
    last_import_at         timestamptz,
    last_import_source     text NOT NULL DEFAULT 'edit' CHECK (last_import_source IN ('edit', 'excel', 'hospital')),
    -- optimistic concurrency: every write adds one; a save naming an older version is refused
    version                int NOT NULL DEFAULT 1,
    created_at             timestamptz NOT NULL DEFAULT now(),
    created_by             text NOT NULL DEFAULT '',
    updated_at             timestamptz NOT NULL DEFAULT now(),
    updated_by             text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, id),
    CONSTRAINT patient_hn_key UNIQUE (branch_code, hn_id),
    CONSTRAINT patient_named CHECK (btrim(first_name_th) <> '' OR btrim(first_name_en) <> ''),
    CONSTRAINT patient_discharge_order CHECK (planned_discharge_date >= admit_date),
    CONSTRAINT patient_npo_order CHECK (npo_to > npo_from),
    CONSTRAINT patient_npo_start CHECK (npo_to IS NULL OR npo_from IS NOT NULL),
    CONSTRAINT patient_medical_order CHECK (medical_order_end > medical_order_start),
    CONSTRAINT patient_bed_in_ward CHECK (room_id IS NULL OR ward_id IS NOT NULL),
    CONSTRAINT patient_religion_fkey FOREIGN KEY (branch_code, religion_id) REFERENCES religion (branch_code, id),
    CONSTRAINT patient_vegetarian_fkey FOREIGN KEY (branch_code, vegetarian_id) REFERENCES vegetarian (branch_code, id),
    CONSTRAINT patient_ward_fkey FOREIGN KEY (branch_code, ward_id) REFERENCES ward (branch_code, id),
    CONSTRAINT patient_room_fkey FOREIGN KEY (branch_code, room_id, ward_id) REFERENCES room (branch_code, id, ward_id)
        ON UPDATE CASCADE,
    -- the previous bed is history: deleting that bed forgets it rather than being refused
    CONSTRAINT patient_previous_room_fkey FOREIGN KEY (branch_code, previous_room_id) REFERENCES room (branch_code, id)
        ON DELETE SET NULL (previous_room_id),
    CONSTRAINT patient_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id)
);

-- One patient per bed: a bed is taken by a patient not discharged (by the hospital or on
-- the edit form).
CREATE UNIQUE INDEX patient_room_taken ON patient (branch_code, room_id)
    WHERE room_id IS NOT NULL AND visit_status <> 'Discharge' AND hospital_status = 'IN_HOSPITAL';
-- The list: current patients of a branch, by ward and status; the criteria through trigrams.
CREATE INDEX patient_list ON patient (branch_code, visit_status, ward_id, hospital_status);
CREATE INDEX patient_search ON patient USING gin ((hn_id || ' ' || first_name_th || ' ' || last_name_th || ' ' ||
    first_name_en || ' ' || last_name_en) gin_trgm_ops);
CREATE INDEX patient_religion ON patient (branch_code, religion_id) WHERE religion_id IS NOT NULL;
CREATE INDEX patient_vegetarian ON patient (branch_code, vegetarian_id) WHERE vegetarian_id IS NOT NULL;
CREATE INDEX patient_room ON patient (branch_code, room_id, ward_id) WHERE room_id IS NOT NULL;
CREATE INDEX patient_previous_room ON patient (branch_code, previous_room_id) WHERE previous_room_id IS NOT NULL;
CREATE INDEX patient_diet_type ON patient (branch_code, diet_type_id) WHERE diet_type_id IS NOT NULL;

-- A patient's therapeutic (disease) foods, food allergies and restricted ingredients.
CREATE TABLE patient_therapeutic (
    branch_code    text NOT NULL,
    patient_id     bigint NOT NULL,
    therapeutic_id bigint NOT NULL,
    PRIMARY KEY (branch_code, patient_id, therapeutic_id),
    CONSTRAINT patient_therapeutic_patient_fkey FOREIGN KEY (branch_code, patient_id)
        REFERENCES patient (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT patient_therapeutic_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id)
        REFERENCES therapeutic (branch_code, id)
);
CREATE INDEX patient_therapeutic_therapeutic ON patient_therapeutic (branch_code, therapeutic_id);

CREATE TABLE patient_allergen (
    branch_code text NOT NULL,
    patient_id  bigint NOT NULL,
    allergen_id bigint NOT NULL,
    PRIMARY KEY (branch_code, patient_id, allergen_id),
    CONSTRAINT patient_allergen_patient_fkey FOREIGN KEY (branch_code, patient_id)
        REFERENCES patient (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT patient_allergen_allergen_fkey FOREIGN KEY (branch_code, allergen_id)
        REFERENCES allergen (branch_code, id)
);
CREATE INDEX patient_allergen_allergen ON patient_allergen (branch_code, allergen_id);

CREATE TABLE patient_restricted (
    branch_code   text NOT NULL,
    patient_id    bigint NOT NULL,
    restricted_id bigint NOT NULL,
    PRIMARY KEY (branch_code, patient_id, restricted_id),
    CONSTRAINT patient_restricted_patient_fkey FOREIGN KEY (branch_code, patient_id)
        REFERENCES patient (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT patient_restricted_restricted_fkey FOREIGN KEY (branch_code, restricted_id)
        REFERENCES restricted_ingredient (branch_code, id)
);
CREATE INDEX patient_restricted_restricted ON patient_restricted (branch_code, restricted_id);

-- A patient as the API shows it: the references with their codes and names, the lists as
-- JSON arrays of {id, code, nameTh, nameEn} in code order (NULL when empty).
CREATE VIEW patient_view AS
SELECT p.branch_code, p.id, p.hn_id, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en,
    p.gender, p.birthday, p.nationality,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM religion x WHERE x.branch_code = p.branch_code AND x.id = p.religion_id) AS religion,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM vegetarian x WHERE x.branch_code = p.branch_code AND x.id = p.vegetarian_id) AS vegetarian,
    p.patient_language, p.card_language,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM ward x WHERE x.branch_code = p.branch_code AND x.id = p.ward_id) AS ward,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.room_id) AS room,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.previous_room_id) AS previous_room,
    p.admit_date, p.planned_discharge_date, p.visit_status, p.hospital_status,
    p.diagnosis, p.additional_info, p.special_request, p.remark,
    (SELECT json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM diet_type x WHERE x.branch_code = p.branch_code AND x.id = p.diet_type_id) AS diet_type,
    (SELECT json_agg(json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        ORDER BY x.code) FROM patient_therapeutic l JOIN therapeutic x ON x.branch_code = l.branch_code AND x.id = l.therapeutic_id
        WHERE l.branch_code = p.branch_code AND l.patient_id = p.id) AS therapeutics,
    (SELECT json_agg(json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        ORDER BY x.code) FROM patient_allergen l JOIN allergen x ON x.branch_code = l.branch_code AND x.id = l.allergen_id
        WHERE l.branch_code = p.branch_code AND l.patient_id = p.id) AS allergens,
    (SELECT json_agg(json_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        ORDER BY x.code) FROM patient_restricted l JOIN restricted_ingredient x ON x.branch_code = l.branch_code AND x.id = l.restricted_id
        WHERE l.branch_code = p.branch_code AND l.patient_id = p.id) AS restricted,
    p.unmapped_allergies, p.texture_drink, p.texture_food, p.npo_from, p.npo_to,
    p.medical_order_start, p.medical_order_end, p.last_import_at, p.last_import_source, p.version,
    p.created_at, p.created_by, p.updated_at, p.updated_by
FROM patient p;

-- The patient change record reads a branch's patient changes by time.
CREATE INDEX change_log_patient ON change_log (branch_code, entity_id, changed_at) WHERE entity = 'patient';

-- +goose Down
DROP INDEX change_log_patient;
DROP VIEW patient_view;
DROP TABLE patient_restricted, patient_allergen, patient_therapeutic, patient;
ALTER TABLE room DROP CONSTRAINT room_ward_key;
