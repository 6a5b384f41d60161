-- +goose Up
-- Who is not eating (issue 27 §4, docs/nutrition.md "The dietitian's worklist"): the
-- Nutritionist marks a patient of the worklist seen, with a note; the reasons the patient was
-- listed for at that moment are kept with it. Every one is also in the change log (entity
-- nutrition_seen, key the HN).
CREATE TABLE nutrition_seen (
    branch_code text NOT NULL,
    id          bigint GENERATED ALWAYS AS IDENTITY,
    patient_id  bigint NOT NULL,
    reasons     text[] NOT NULL DEFAULT '{}',
    note        text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
    seen_by     text NOT NULL,
    seen_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (branch_code, id),
    CONSTRAINT nutrition_seen_patient_fkey FOREIGN KEY (branch_code, patient_id) REFERENCES patient (branch_code, id) ON DELETE CASCADE
);
CREATE INDEX nutrition_seen_patient ON nutrition_seen (branch_code, patient_id, seen_at DESC);

-- +goose Down
DROP TABLE nutrition_seen;
