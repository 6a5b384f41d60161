-- +goose Up
-- Master data of SPEC.md §3, wards and beds, and import jobs. Every master table is keyed
-- (branch_code, id); its ID code is unique per branch. Usages reference master rows by the
-- composite foreign key (branch_code, x_id), so deleting a row in use fails with 23503 and
-- "in use, cannot be deleted" is the database's verdict (pkg/params maps the referencing
-- table to a message). Names are stored in Thai and English.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- +goose StatementBegin
DO $$
DECLARE
    t text;
BEGIN
    -- The columns every kind shares; each kind's own columns are added below.
    FOREACH t IN ARRAY ARRAY['diet_type', 'therapeutic', 'allergen', 'restricted_ingredient',
        'cuisine_type', 'meal_time', 'meal_class', 'nutrient_unit', 'remark', 'other_item',
        'meal_component', 'tray_category', 'religion', 'vegetarian', 'ward_type', 'ward',
        'room_type', 'room', 'room_meal_class']
    LOOP
        EXECUTE format($f$
            CREATE TABLE %1$I (
                branch_code text NOT NULL REFERENCES branch (code),
                id          bigint GENERATED ALWAYS AS IDENTITY,
                code        text NOT NULL CHECK (code ~ '^\S{1,30}$'),
                name_th     text NOT NULL CHECK (length(btrim(name_th)) BETWEEN 1 AND 200),
                name_en     text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
                active      boolean NOT NULL DEFAULT true,
                created_at  timestamptz NOT NULL DEFAULT now(),
                created_by  text NOT NULL DEFAULT '',
                updated_at  timestamptz NOT NULL DEFAULT now(),
                updated_by  text NOT NULL DEFAULT '',
                PRIMARY KEY (branch_code, id),
                CONSTRAINT %1$s_code_key UNIQUE (branch_code, code)
            )$f$, t);
    END LOOP;
END
$$;
-- +goose StatementEnd

ALTER TABLE diet_type ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE therapeutic ADD COLUMN type text NOT NULL DEFAULT '',
    ADD COLUMN meal_plan boolean NOT NULL DEFAULT false;
ALTER TABLE allergen ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE restricted_ingredient ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE cuisine_type ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE meal_time
    ADD COLUMN start_time time NOT NULL DEFAULT '00:00',
    ADD COLUMN end_time time NOT NULL DEFAULT '23:59',
    ADD COLUMN abbreviation text NOT NULL DEFAULT '' CHECK (abbreviation ~ '^\S{2}$'),
    ADD COLUMN text_color text NOT NULL DEFAULT '#000000' CHECK (text_color ~ '^#[0-9A-Fa-f]{6}$'),
    ADD COLUMN meal_color text NOT NULL DEFAULT '#FFFFFF' CHECK (meal_color ~ '^#[0-9A-Fa-f]{6}$'),
    ADD CONSTRAINT meal_time_order CHECK (start_time < end_time);
ALTER TABLE meal_class ADD COLUMN remark text NOT NULL DEFAULT '',
    ADD COLUMN a_la_carte boolean NOT NULL DEFAULT false;
ALTER TABLE nutrient_unit ADD COLUMN unit text NOT NULL DEFAULT '';
ALTER TABLE ward_type
    ADD COLUMN start_age int NOT NULL DEFAULT 0 CHECK (start_age BETWEEN 0 AND 150),
    ADD COLUMN end_age int NOT NULL DEFAULT 150 CHECK (end_age BETWEEN 0 AND 150),
    ADD CONSTRAINT ward_type_age_order CHECK (start_age <= end_age),
    -- Age ranges (inclusive, in years) of one branch's ward types do not overlap.
    ADD CONSTRAINT ward_type_age_overlap EXCLUDE USING gist
        (branch_code WITH =, int4range(start_age, end_age, '[]') WITH &&);
ALTER TABLE ward
    ADD COLUMN ward_type_id bigint NOT NULL,
    ADD COLUMN description text NOT NULL DEFAULT '',
    ADD CONSTRAINT ward_ward_type_fkey FOREIGN KEY (branch_code, ward_type_id) REFERENCES ward_type (branch_code, id);
CREATE INDEX ward_ward_type ON ward (branch_code, ward_type_id);
ALTER TABLE room_type ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE room
    ADD COLUMN ward_id bigint NOT NULL,
    ADD COLUMN room_type_id bigint NOT NULL,
    ADD CONSTRAINT room_ward_fkey FOREIGN KEY (branch_code, ward_id) REFERENCES ward (branch_code, id),
    ADD CONSTRAINT room_room_type_fkey FOREIGN KEY (branch_code, room_type_id) REFERENCES room_type (branch_code, id);
CREATE INDEX room_ward ON room (branch_code, ward_id);
CREATE INDEX room_room_type ON room (branch_code, room_type_id);
ALTER TABLE room_meal_class
    ADD COLUMN room_type_id bigint NOT NULL,
    ADD COLUMN meal_class_id bigint,
    ADD COLUMN description text NOT NULL DEFAULT '',
    ADD CONSTRAINT room_meal_class_room_type_fkey FOREIGN KEY (branch_code, room_type_id) REFERENCES room_type (branch_code, id),
    -- MATCH SIMPLE: an unset food group is not checked.
    ADD CONSTRAINT room_meal_class_meal_class_fkey FOREIGN KEY (branch_code, meal_class_id) REFERENCES meal_class (branch_code, id);
-- A mapping has no name of its own: the room type and food group name it.
ALTER TABLE room_meal_class DROP CONSTRAINT room_meal_class_name_th_check;
CREATE INDEX room_meal_class_room_type ON room_meal_class (branch_code, room_type_id);
CREATE INDEX room_meal_class_meal_class ON room_meal_class (branch_code, meal_class_id);

-- The restricted ingredients of a religion or a vegetarian type.
CREATE TABLE religion_restricted (
    branch_code   text NOT NULL,
    religion_id   bigint NOT NULL,
    restricted_id bigint NOT NULL,
    PRIMARY KEY (branch_code, religion_id, restricted_id),
    CONSTRAINT religion_restricted_religion_fkey FOREIGN KEY (branch_code, religion_id)
        REFERENCES religion (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT religion_restricted_restricted_fkey FOREIGN KEY (branch_code, restricted_id)
        REFERENCES restricted_ingredient (branch_code, id)
);
CREATE INDEX religion_restricted_restricted ON religion_restricted (branch_code, restricted_id);

CREATE TABLE vegetarian_restricted (
    branch_code   text NOT NULL,
    vegetarian_id bigint NOT NULL,
    restricted_id bigint NOT NULL,
    PRIMARY KEY (branch_code, vegetarian_id, restricted_id),
    CONSTRAINT vegetarian_restricted_vegetarian_fkey FOREIGN KEY (branch_code, vegetarian_id)
        REFERENCES vegetarian (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT vegetarian_restricted_restricted_fkey FOREIGN KEY (branch_code, restricted_id)
        REFERENCES restricted_ingredient (branch_code, id)
);
CREATE INDEX vegetarian_restricted_restricted ON vegetarian_restricted (branch_code, restricted_id);

-- Master data imports (POST /api/upload/masterData): one row per uploaded file, followed by
-- the client until done or failed. import-worker finds the job from the upload's key.
CREATE TABLE import_job (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    branch_code text NOT NULL REFERENCES branch (code),
    kind        text NOT NULL,
    file_name   text NOT NULL,
    object_key  text NOT NULL UNIQUE,
    lang        text NOT NULL DEFAULT 'th' CHECK (lang IN ('th', 'en')),
    status      text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
    total_rows  int NOT NULL DEFAULT 0,
    added       int NOT NULL DEFAULT 0,
    updated     int NOT NULL DEFAULT 0,
    deleted     int NOT NULL DEFAULT 0,
    unchanged   int NOT NULL DEFAULT 0,
    skipped     int NOT NULL DEFAULT 0,
    error_key   text NOT NULL DEFAULT '',
    failed_key  text NOT NULL DEFAULT '',
    created_by  text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    started_at  timestamptz,
    finished_at timestamptz
);
CREATE INDEX import_job_branch ON import_job (branch_code, created_at DESC);

-- +goose Down
DROP TABLE import_job, vegetarian_restricted, religion_restricted, room_meal_class, room,
    room_type, ward, ward_type, vegetarian, religion, tray_category, meal_component,
    other_item, remark, nutrient_unit, meal_class, meal_time, cuisine_type,
    restricted_ingredient, allergen, therapeutic, diet_type;
