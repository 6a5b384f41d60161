-- +goose Up
-- Menus (dishes), menu sets and rotating cycle menus (issue 13; pkg/menus). Every table is
-- keyed (branch_code, id) and references the branch's master data by composite foreign key,
-- so a dish's kitchen, component or ingredient cannot be deleted while a dish uses it, and
-- a dish cannot be deleted while a set or a round uses it: the database's verdict, answered
-- 409 with where it is used.
--
-- Allergens are never kept by hand: a dish's ingredients are Allergies and Restricted master
-- rows (menu_allergen, menu_restricted); the views menu_detail and menu_set_detail derive a
-- dish's allergens and restricted ingredients from them, and a set's from its dishes.

-- A dish. Its texture is an IDDSI level: foods 3–7, drinks 0–4.
CREATE TABLE menu (
    branch_code       text NOT NULL REFERENCES branch (code),
    id                bigint GENERATED ALWAYS AS IDENTITY,
    code              text NOT NULL CHECK (code ~ '^\S{1,30}$'),
    name_th           text NOT NULL CHECK (length(btrim(name_th)) BETWEEN 1 AND 200),
    name_en           text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
    cuisine_type_id   bigint NOT NULL,
    meal_component_id bigint NOT NULL,
    iddsi_type        text NOT NULL DEFAULT 'FOOD' CHECK (iddsi_type IN ('FOOD', 'DRINK')),
    iddsi_level       smallint NOT NULL,
    price             numeric(10, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
    remark            text NOT NULL DEFAULT '' CHECK (length(remark) <= 1000),
    active            boolean NOT NULL DEFAULT true,
    created_at        timestamptz NOT NULL DEFAULT now(),
    created_by        text NOT NULL DEFAULT '',
    updated_at        timestamptz NOT NULL DEFAULT now(),
    updated_by        text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, id),
    CONSTRAINT menu_code_key UNIQUE (branch_code, code),
    CONSTRAINT menu_iddsi_level CHECK ((iddsi_type = 'FOOD' AND iddsi_level BETWEEN 3 AND 7)
        OR (iddsi_type = 'DRINK' AND iddsi_level BETWEEN 0 AND 4)),
    CONSTRAINT menu_cuisine_type_fkey FOREIGN KEY (branch_code, cuisine_type_id) REFERENCES cuisine_type (branch_code, id),
    CONSTRAINT menu_meal_component_fkey FOREIGN KEY (branch_code, meal_component_id) REFERENCES meal_component (branch_code, id)
);
CREATE INDEX menu_cuisine_type ON menu (branch_code, cuisine_type_id);
CREATE INDEX menu_meal_component ON menu (branch_code, meal_component_id);

-- The dish's ingredients: allergen rows and restricted-ingredient rows.
CREATE TABLE menu_allergen (
    branch_code text NOT NULL,
    menu_id     bigint NOT NULL,
    allergen_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, allergen_id),
    CONSTRAINT menu_allergen_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_allergen_allergen_fkey FOREIGN KEY (branch_code, allergen_id) REFERENCES allergen (branch_code, id)
);
CREATE INDEX menu_allergen_allergen ON menu_allergen (branch_code, allergen_id);

CREATE TABLE menu_restricted (
    branch_code   text NOT NULL,
    menu_id       bigint NOT NULL,
    restricted_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, restricted_id),
    CONSTRAINT menu_restricted_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_restricted_restricted_fkey FOREIGN KEY (branch_code, restricted_id) REFERENCES restricted_ingredient (branch_code, id)
);
CREATE INDEX menu_restricted_restricted ON menu_restricted (branch_code, restricted_id);

-- The food groups (meal classes), diet types and therapeutic foods a dish suits.
CREATE TABLE menu_meal_class (
    branch_code   text NOT NULL,
    menu_id       bigint NOT NULL,
    meal_class_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, meal_class_id),
    CONSTRAINT menu_meal_class_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_meal_class_meal_class_fkey FOREIGN KEY (branch_code, meal_class_id) REFERENCES meal_class (branch_code, id)
);
CREATE INDEX menu_meal_class_meal_class ON menu_meal_class (branch_code, meal_class_id);

CREATE TABLE menu_diet_type (
    branch_code  text NOT NULL,
    menu_id      bigint NOT NULL,
    diet_type_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, diet_type_id),
    CONSTRAINT menu_diet_type_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_diet_type_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id)
);
CREATE INDEX menu_diet_type_diet_type ON menu_diet_type (branch_code, diet_type_id);

CREATE TABLE menu_therapeutic (
    branch_code    text NOT NULL,
    menu_id        bigint NOT NULL,
    therapeutic_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, therapeutic_id),
    CONSTRAINT menu_therapeutic_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_therapeutic_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id) REFERENCES therapeutic (branch_code, id)
);
CREATE INDEX menu_therapeutic_therapeutic ON menu_therapeutic (branch_code, therapeutic_id);

-- Nutrients per serving, each in a nutrient unit of the branch.
CREATE TABLE menu_nutrient (
    branch_code      text NOT NULL,
    menu_id          bigint NOT NULL,
    nutrient         text NOT NULL CHECK (nutrient IN ('energy', 'protein', 'fat', 'carbohydrate', 'sodium', 'sugar', 'fiber')),
    amount           numeric(10, 2) NOT NULL CHECK (amount >= 0),
    nutrient_unit_id bigint NOT NULL,
    PRIMARY KEY (branch_code, menu_id, nutrient),
    CONSTRAINT menu_nutrient_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_nutrient_nutrient_unit_fkey FOREIGN KEY (branch_code, nutrient_unit_id) REFERENCES nutrient_unit (branch_code, id)
);
CREATE INDEX menu_nutrient_nutrient_unit ON menu_nutrient (branch_code, nutrient_unit_id);

-- A menu set: dishes served together on a tray.
CREATE TABLE menu_set (
    branch_code      text NOT NULL REFERENCES branch (code),
    id               bigint GENERATED ALWAYS AS IDENTITY,
    code             text NOT NULL CHECK (code ~ '^\S{1,30}$'),
    name_th          text NOT NULL CHECK (length(btrim(name_th)) BETWEEN 1 AND 200),
    name_en          text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
    tray_category_id bigint,
    diet_type_id     bigint,
    therapeutic_id   bigint,
    price            numeric(10, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
    remark           text NOT NULL DEFAULT '' CHECK (length(remark) <= 1000),
    active           boolean NOT NULL DEFAULT true,
    created_at       timestamptz NOT NULL DEFAULT now(),
    created_by       text NOT NULL DEFAULT '',
    updated_at       timestamptz NOT NULL DEFAULT now(),
    updated_by       text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, id),
    CONSTRAINT menu_set_code_key UNIQUE (branch_code, code),
    -- MATCH SIMPLE: an unset reference is not checked.
    CONSTRAINT menu_set_tray_category_fkey FOREIGN KEY (branch_code, tray_category_id) REFERENCES tray_category (branch_code, id),
    CONSTRAINT menu_set_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id),
    CONSTRAINT menu_set_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id) REFERENCES therapeutic (branch_code, id)
);
CREATE INDEX menu_set_tray_category ON menu_set (branch_code, tray_category_id);
CREATE INDEX menu_set_diet_type ON menu_set (branch_code, diet_type_id);
CREATE INDEX menu_set_therapeutic ON menu_set (branch_code, therapeutic_id);

CREATE TABLE menu_set_item (
    branch_code text NOT NULL,
    menu_set_id bigint NOT NULL,
    menu_id     bigint NOT NULL,
    position    int NOT NULL DEFAULT 0,
    PRIMARY KEY (branch_code, menu_set_id, menu_id),
    CONSTRAINT menu_set_item_menu_set_fkey FOREIGN KEY (branch_code, menu_set_id) REFERENCES menu_set (branch_code, id) ON DELETE CASCADE,
    CONSTRAINT menu_set_item_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id)
);
CREATE INDEX menu_set_item_menu ON menu_set_item (branch_code, menu_id);

-- A rotating menu round. LOOP repeats its day_count days from start_date; WEEKDAY has 7
-- days, Monday (1) to Sunday (7). Active rounds of a branch never overlap: the exclusion
-- constraint decides, also between two activations at the same moment.
CREATE TABLE cycle (
    branch_code text NOT NULL REFERENCES branch (code),
    id          bigint GENERATED ALWAYS AS IDENTITY,
    code        text NOT NULL CHECK (code ~ '^\S{1,30}$'),
    name_th     text NOT NULL CHECK (length(btrim(name_th)) BETWEEN 1 AND 200),
    name_en     text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
    round_type  text NOT NULL CHECK (round_type IN ('LOOP', 'WEEKDAY')),
    day_count   int NOT NULL CHECK (day_count BETWEEN 1 AND 366),
    start_date  date NOT NULL,
    end_date    date,
    remark      text NOT NULL DEFAULT '' CHECK (length(remark) <= 1000),
    active      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    created_by  text NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, id),
    CONSTRAINT cycle_code_key UNIQUE (branch_code, code),
    -- the key cycle_menu's day check follows (ON UPDATE CASCADE)
    CONSTRAINT cycle_day_count_key UNIQUE (branch_code, id, day_count),
    CONSTRAINT cycle_weekday_days CHECK (round_type <> 'WEEKDAY' OR day_count = 7),
    CONSTRAINT cycle_date_order CHECK (end_date IS NULL OR end_date >= start_date),
    CONSTRAINT cycle_active_overlap EXCLUDE USING gist
        (branch_code WITH =, daterange(start_date, end_date, '[]') WITH &&) WHERE (active)
);

-- What a round serves: per day of the round and meal type, a dish or a set, with the tray
-- category, food (diet) type, disease (therapeutic) food and kitchen it is cooked for. The
-- round's day count is carried (and cascaded when it changes) so that the day is checked
-- against it: shortening a round below a day in use is refused.
CREATE TABLE cycle_menu (
    branch_code      text NOT NULL,
    id               bigint GENERATED ALWAYS AS IDENTITY,
    cycle_id         bigint NOT NULL,
    cycle_day_count  int NOT NULL,
    day_no           int NOT NULL,
    meal_time_id     bigint NOT NULL,
    menu_id          bigint,
    menu_set_id      bigint,
    tray_category_id bigint,
    diet_type_id     bigint,
    therapeutic_id   bigint,
    cuisine_type_id  bigint,
    created_at       timestamptz NOT NULL DEFAULT now(),
    created_by       text NOT NULL DEFAULT '',
    updated_at       timestamptz NOT NULL DEFAULT now(),
    updated_by       text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, id),
    CONSTRAINT cycle_menu_day_in_round CHECK (day_no BETWEEN 1 AND cycle_day_count),
    CONSTRAINT cycle_menu_one_item CHECK (num_nonnulls(menu_id, menu_set_id) = 1),
    CONSTRAINT cycle_menu_item_key UNIQUE NULLS NOT DISTINCT (branch_code, cycle_id, day_no, meal_time_id, menu_id, menu_set_id),
    CONSTRAINT cycle_menu_cycle_fkey FOREIGN KEY (branch_code, cycle_id, cycle_day_count)
        REFERENCES cycle (branch_code, id, day_count) ON UPDATE CASCADE ON DELETE CASCADE,
    CONSTRAINT cycle_menu_meal_time_fkey FOREIGN KEY (branch_code, meal_time_id) REFERENCES meal_time (branch_code, id),
    CONSTRAINT cycle_menu_menu_fkey FOREIGN KEY (branch_code, menu_id) REFERENCES menu (branch_code, id),
    CONSTRAINT cycle_menu_menu_set_fkey FOREIGN KEY (branch_code, menu_set_id) REFERENCES menu_set (branch_code, id),
    CONSTRAINT cycle_menu_tray_category_fkey FOREIGN KEY (branch_code, tray_category_id) REFERENCES tray_category (branch_code, id),
    CONSTRAINT cycle_menu_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id),
    CONSTRAINT cycle_menu_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id) REFERENCES therapeutic (branch_code, id),
    CONSTRAINT cycle_menu_cuisine_type_fkey FOREIGN KEY (branch_code, cuisine_type_id) REFERENCES cuisine_type (branch_code, id)
);
CREATE INDEX cycle_menu_slot ON cycle_menu (branch_code, cycle_id, meal_time_id, day_no);
CREATE INDEX cycle_menu_meal_time ON cycle_menu (branch_code, meal_time_id);
CREATE INDEX cycle_menu_menu ON cycle_menu (branch_code, menu_id);
CREATE INDEX cycle_menu_menu_set ON cycle_menu (branch_code, menu_set_id);
CREATE INDEX cycle_menu_tray_category ON cycle_menu (branch_code, tray_category_id);
CREATE INDEX cycle_menu_diet_type ON cycle_menu (branch_code, diet_type_id);
CREATE INDEX cycle_menu_therapeutic ON cycle_menu (branch_code, therapeutic_id);
CREATE INDEX cycle_menu_cuisine_type ON cycle_menu (branch_code, cuisine_type_id);

-- A dish as the API answers it (doc, camelCase, decoded by pkg/menus as it is), beside the
-- columns lists filter and sort on. allergens and restricted are the dish's allergen and
-- restricted ingredients: derived, never typed.
CREATE VIEW menu_detail AS
SELECT m.branch_code, m.id, m.code, m.name_th, m.name_en, m.active, m.cuisine_type_id, m.meal_component_id,
    ct.code AS cuisine_type_code, mc.code AS meal_component_code, m.iddsi_type, m.iddsi_level::int AS iddsi_level,
    m.price::float8 AS price, m.updated_at,
    jsonb_build_object('id', m.id, 'code', m.code, 'nameTh', m.name_th, 'nameEn', m.name_en,
        'cuisineTypeId', m.cuisine_type_id, 'cuisineTypeCode', ct.code, 'cuisineTypeNameTh', ct.name_th, 'cuisineTypeNameEn', ct.name_en,
        'mealComponentId', m.meal_component_id, 'mealComponentCode', mc.code, 'mealComponentNameTh', mc.name_th,
        'mealComponentNameEn', mc.name_en, 'iddsiType', m.iddsi_type, 'iddsiLevel', m.iddsi_level, 'price', m.price,
        'remark', m.remark, 'status', CASE WHEN m.active THEN 'ACTIVE' ELSE 'INACTIVE' END,
        'createdAt', m.created_at, 'createdBy', m.created_by, 'updatedAt', m.updated_at, 'updatedBy', m.updated_by,
        'allergens', coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'code', a.code, 'nameTh', a.name_th,
            'nameEn', a.name_en, 'status', CASE WHEN a.active THEN 'ACTIVE' ELSE 'INACTIVE' END) ORDER BY a.code)
            FROM menu_allergen x JOIN allergen a ON a.branch_code = x.branch_code AND a.id = x.allergen_id
            WHERE x.branch_code = m.branch_code AND x.menu_id = m.id), '[]'),
        'restricted', coalesce((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th,
            'nameEn', r.name_en, 'status', CASE WHEN r.active THEN 'ACTIVE' ELSE 'INACTIVE' END) ORDER BY r.code)
            FROM menu_restricted x JOIN restricted_ingredient r ON r.branch_code = x.branch_code AND r.id = x.restricted_id
            WHERE x.branch_code = m.branch_code AND x.menu_id = m.id), '[]'),
        'mealClasses', coalesce((SELECT jsonb_agg(jsonb_build_object('id', g.id, 'code', g.code, 'nameTh', g.name_th,
            'nameEn', g.name_en) ORDER BY g.code)
            FROM menu_meal_class x JOIN meal_class g ON g.branch_code = x.branch_code AND g.id = x.meal_class_id
            WHERE x.branch_code = m.branch_code AND x.menu_id = m.id), '[]'),
        'dietTypes', coalesce((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'code', d.code, 'nameTh', d.name_th,
            'nameEn', d.name_en) ORDER BY d.code)
            FROM menu_diet_type x JOIN diet_type d ON d.branch_code = x.branch_code AND d.id = x.diet_type_id
            WHERE x.branch_code = m.branch_code AND x.menu_id = m.id), '[]'),
        'therapeutics', coalesce((SELECT jsonb_agg(jsonb_build_object('id', t.id, 'code', t.code, 'nameTh', t.name_th,
            'nameEn', t.name_en) ORDER BY t.code)
            FROM menu_therapeutic x JOIN therapeutic t ON t.branch_code = x.branch_code AND t.id = x.therapeutic_id
            WHERE x.branch_code = m.branch_code AND x.menu_id = m.id), '[]'),
        'nutrients', coalesce((SELECT jsonb_agg(jsonb_build_object('nutrient', n.nutrient, 'amount', n.amount,
            'unitId', u.id, 'unitCode', u.code, 'unit', u.unit) ORDER BY array_position(ARRAY['energy', 'protein', 'fat',
            'carbohydrate', 'sodium', 'sugar', 'fiber'], n.nutrient))
            FROM menu_nutrient n JOIN nutrient_unit u ON u.branch_code = n.branch_code AND u.id = n.nutrient_unit_id
            WHERE n.branch_code = m.branch_code AND n.menu_id = m.id), '[]')) AS doc
FROM menu m
    JOIN cuisine_type ct ON ct.branch_code = m.branch_code AND ct.id = m.cuisine_type_id
    JOIN meal_component mc ON mc.branch_code = m.branch_code AND mc.id = m.meal_component_id;

-- A set as the API answers it: its dishes (in order, with their component and texture) and,
-- derived from them, its allergens, restricted ingredients and textures.
CREATE VIEW menu_set_detail AS
SELECT s.branch_code, s.id, s.code, s.name_th, s.name_en, s.active, s.tray_category_id, s.diet_type_id,
    s.therapeutic_id, s.price::float8 AS price, s.updated_at,
    jsonb_build_object('id', s.id, 'code', s.code, 'nameTh', s.name_th, 'nameEn', s.name_en,
        'trayCategoryId', s.tray_category_id, 'trayCategoryCode', tc.code, 'trayCategoryNameTh', tc.name_th,
        'trayCategoryNameEn', tc.name_en,
        'dietTypeId', s.diet_type_id, 'dietTypeCode', dt.code, 'dietTypeNameTh', dt.name_th, 'dietTypeNameEn', dt.name_en,
        'therapeuticId', s.therapeutic_id, 'therapeuticCode', th.code, 'therapeuticNameTh', th.name_th,
        'therapeuticNameEn', th.name_en, 'price', s.price, 'remark', s.remark,
        'status', CASE WHEN s.active THEN 'ACTIVE' ELSE 'INACTIVE' END,
        'createdAt', s.created_at, 'createdBy', s.created_by, 'updatedAt', s.updated_at, 'updatedBy', s.updated_by,
        'menus', coalesce((SELECT jsonb_agg(jsonb_build_object('id', m.id, 'code', m.code, 'nameTh', m.name_th,
            'nameEn', m.name_en, 'mealComponentId', mc.id, 'mealComponentCode', mc.code, 'mealComponentNameTh', mc.name_th,
            'mealComponentNameEn', mc.name_en, 'iddsiType', m.iddsi_type, 'iddsiLevel', m.iddsi_level,
            'status', CASE WHEN m.active THEN 'ACTIVE' ELSE 'INACTIVE' END) ORDER BY i.position, m.code)
            FROM menu_set_item i JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
                JOIN meal_component mc ON mc.branch_code = m.branch_code AND mc.id = m.meal_component_id
            WHERE i.branch_code = s.branch_code AND i.menu_set_id = s.id), '[]'),
        'allergens', coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'code', a.code, 'nameTh', a.name_th,
            'nameEn', a.name_en, 'status', CASE WHEN a.active THEN 'ACTIVE' ELSE 'INACTIVE' END) ORDER BY a.code)
            FROM allergen a WHERE a.branch_code = s.branch_code AND a.id IN (SELECT x.allergen_id FROM menu_set_item i
                JOIN menu_allergen x ON x.branch_code = i.branch_code AND x.menu_id = i.menu_id
                WHERE i.branch_code = s.branch_code AND i.menu_set_id = s.id)), '[]'),
        'restricted', coalesce((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th,
            'nameEn', r.name_en, 'status', CASE WHEN r.active THEN 'ACTIVE' ELSE 'INACTIVE' END) ORDER BY r.code)
            FROM restricted_ingredient r WHERE r.branch_code = s.branch_code AND r.id IN (SELECT x.restricted_id
                FROM menu_set_item i JOIN menu_restricted x ON x.branch_code = i.branch_code AND x.menu_id = i.menu_id
                WHERE i.branch_code = s.branch_code AND i.menu_set_id = s.id)), '[]'),
        'textures', coalesce((SELECT jsonb_agg(jsonb_build_object('iddsiType', t.iddsi_type, 'iddsiLevel', t.iddsi_level)
            ORDER BY t.iddsi_type DESC, t.iddsi_level)
            FROM (SELECT DISTINCT m.iddsi_type, m.iddsi_level FROM menu_set_item i
                JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
                WHERE i.branch_code = s.branch_code AND i.menu_set_id = s.id) t), '[]')) AS doc
FROM menu_set s
    LEFT JOIN tray_category tc ON tc.branch_code = s.branch_code AND tc.id = s.tray_category_id
    LEFT JOIN diet_type dt ON dt.branch_code = s.branch_code AND dt.id = s.diet_type_id
    LEFT JOIN therapeutic th ON th.branch_code = s.branch_code AND th.id = s.therapeutic_id;

-- A round's content as the API answers it: the day, the meal type (with its colours), the
-- dish or set, and what it is cooked for.
CREATE VIEW cycle_menu_detail AS
SELECT cm.branch_code, cm.id, cm.cycle_id, cm.day_no, cm.meal_time_id, cm.menu_id, cm.menu_set_id,
    coalesce(ct.code, mct.code) AS cuisine_type_code, dt.code AS diet_type_code, th.code AS therapeutic_code,
    m.meal_component_id, mt.code AS meal_time_code, coalesce(m.code, s.code) AS item_code,
    jsonb_build_object('id', cm.id, 'cycleId', cm.cycle_id, 'cycleCode', c.code, 'cycleNameTh', c.name_th,
        'cycleNameEn', c.name_en, 'dayNo', cm.day_no,
        'mealTimeId', cm.meal_time_id, 'mealTimeCode', mt.code, 'mealTimeNameTh', mt.name_th, 'mealTimeNameEn', mt.name_en,
        'mealColor', mt.meal_color, 'textColor', mt.text_color,
        'menuId', cm.menu_id, 'menuCode', m.code, 'menuNameTh', m.name_th, 'menuNameEn', m.name_en,
        'menuSetId', cm.menu_set_id, 'menuSetCode', s.code, 'menuSetNameTh', s.name_th, 'menuSetNameEn', s.name_en,
        'mealComponentId', m.meal_component_id, 'mealComponentCode', mc.code,
        'trayCategoryId', cm.tray_category_id, 'trayCategoryCode', tc.code, 'trayCategoryNameTh', tc.name_th,
        'trayCategoryNameEn', tc.name_en,
        'dietTypeId', cm.diet_type_id, 'dietTypeCode', dt.code, 'dietTypeNameTh', dt.name_th, 'dietTypeNameEn', dt.name_en,
        'therapeuticId', cm.therapeutic_id, 'therapeuticCode', th.code, 'therapeuticNameTh', th.name_th,
        'therapeuticNameEn', th.name_en,
        'cuisineTypeId', cm.cuisine_type_id, 'cuisineTypeCode', ct.code, 'cuisineTypeNameTh', ct.name_th,
        'cuisineTypeNameEn', ct.name_en,
        'updatedAt', cm.updated_at, 'updatedBy', cm.updated_by) AS doc
FROM cycle_menu cm
    JOIN cycle c ON c.branch_code = cm.branch_code AND c.id = cm.cycle_id
    JOIN meal_time mt ON mt.branch_code = cm.branch_code AND mt.id = cm.meal_time_id
    LEFT JOIN menu m ON m.branch_code = cm.branch_code AND m.id = cm.menu_id
    LEFT JOIN meal_component mc ON mc.branch_code = m.branch_code AND mc.id = m.meal_component_id
    LEFT JOIN cuisine_type mct ON mct.branch_code = m.branch_code AND mct.id = m.cuisine_type_id
    LEFT JOIN menu_set s ON s.branch_code = cm.branch_code AND s.id = cm.menu_set_id
    LEFT JOIN tray_category tc ON tc.branch_code = cm.branch_code AND tc.id = cm.tray_category_id
    LEFT JOIN diet_type dt ON dt.branch_code = cm.branch_code AND dt.id = cm.diet_type_id
    LEFT JOIN therapeutic th ON th.branch_code = cm.branch_code AND th.id = cm.therapeutic_id
    LEFT JOIN cuisine_type ct ON ct.branch_code = cm.branch_code AND ct.id = cm.cuisine_type_id;

-- +goose Down
DROP VIEW cycle_menu_detail, menu_set_detail, menu_detail;
DROP TABLE cycle_menu, cycle, menu_set_item, menu_set, menu_nutrient, menu_therapeutic, menu_diet_type,
    menu_meal_class, menu_restricted, menu_allergen, menu;
