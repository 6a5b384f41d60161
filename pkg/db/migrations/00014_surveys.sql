-- +goose Up
-- Patient satisfaction surveys (issue 17, docs/surveys.md; pkg/surveys).
--
-- survey_answer: one answer per tray (order), from the card's QR (source QR, nobody signed
-- in: entered_by '') or entered by staff for the patient (source STAFF, entered_by the
-- employee code). ward_id is the patient's ward when answered (a patient moves; the results
-- are by the ward that served the tray). Append-only like the logs (00012): an answer is what
-- the patient said; nobody edits or deletes one (the order's deletion, which the application
-- never does, is refused too).
CREATE TABLE survey_answer (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_code  text NOT NULL,
    order_id     uuid NOT NULL UNIQUE,
    ward_id      bigint,
    taste        smallint NOT NULL CHECK (taste BETWEEN 1 AND 5),
    temperature  smallint NOT NULL CHECK (temperature BETWEEN 1 AND 5),
    portion      smallint NOT NULL CHECK (portion BETWEEN 1 AND 5),
    on_time      smallint NOT NULL CHECK (on_time BETWEEN 1 AND 5),
    overall      smallint NOT NULL CHECK (overall BETWEEN 1 AND 5),
    comment      text NOT NULL DEFAULT '' CHECK (length(comment) <= 500),
    source       text NOT NULL CHECK (source IN ('QR', 'STAFF')),
    entered_by   text NOT NULL DEFAULT '',
    lang         text NOT NULL DEFAULT 'th' CHECK (lang IN ('th', 'en')),
    answered_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT survey_answer_entered_by CHECK ((source = 'STAFF') = (entered_by <> '')),
    CONSTRAINT survey_answer_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id),
    CONSTRAINT survey_answer_ward_fkey FOREIGN KEY (branch_code, ward_id) REFERENCES ward (branch_code, id)
);
CREATE INDEX survey_answer_branch ON survey_answer (branch_code, answered_at);
CREATE INDEX survey_answer_ward ON survey_answer (branch_code, ward_id);

CREATE TRIGGER survey_answer_append_only BEFORE UPDATE OR DELETE ON survey_answer
    FOR EACH ROW EXECUTE FUNCTION log_append_only();
CREATE TRIGGER survey_answer_no_truncate BEFORE TRUNCATE ON survey_answer
    FOR EACH STATEMENT EXECUTE FUNCTION log_append_only();

-- The public link's rate limit reuses auth_throttle (keys 'survey:<address>'), which
-- pkg/housekeeping already purges: no table of its own.

-- +goose Down
DROP TABLE survey_answer;
