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

-- +goose Down
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
