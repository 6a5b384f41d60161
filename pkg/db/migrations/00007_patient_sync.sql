-- +goose Up
-- The hospital sync (issue 12, docs/patient-sync.md): each branch's connector settings, the
-- sync jobs, and what the hospital last said of each patient's allergies. pkg/patientsync
-- reads and writes them. (00006 is left to the menus work landing in parallel.)

-- One branch's hospital connector: hospital.Settings as JSON (no secret: a secretArn).
-- local_credentials holds hospital.Credentials as JSON for a local run only; the cloud reads
-- the secret the settings name.
CREATE TABLE hospital_connector (
    branch_code       text PRIMARY KEY REFERENCES branch (code),
    settings          jsonb NOT NULL,
    local_credentials jsonb,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    updated_by        text NOT NULL DEFAULT ''
);

-- A sync of a branch's patients from its hospital. phase follows SPEC.md §4 (importing from
-- hospital, filtering patients still in hospital, formatting); report is what the finished
-- sync changed (counts and lists), error_key why a failed one failed (an i18n key).
CREATE TABLE patient_sync_job (
    id          uuid PRIMARY KEY,
    branch_code text NOT NULL REFERENCES branch (code),
    status      text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
    phase       text NOT NULL DEFAULT 'QUEUED'
        CHECK (phase IN ('QUEUED', 'IMPORTING', 'FILTERING', 'FORMATTING', 'DONE', 'FAILED')),
    progress    int NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    census      int NOT NULL DEFAULT 0,
    report      jsonb,
    error_key   text NOT NULL DEFAULT '',
    created_by  text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    started_at  timestamptz,
    finished_at timestamptz
);
-- One sync at a time per branch: a second start meets this index and answers the running job.
CREATE UNIQUE INDEX patient_sync_job_running ON patient_sync_job (branch_code) WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX patient_sync_job_branch ON patient_sync_job (branch_code, created_at DESC);

-- The part of a patient's allergies that came from the hospital and no person has reviewed
-- (hospital.Patient.HospitalAllergies): allergen codes and the texts of unmapped ones. A
-- sync reports an entry the hospital no longer lists, and never removes the allergy.
ALTER TABLE patient ADD COLUMN hospital_allergen_codes text[] NOT NULL DEFAULT '{}',
    ADD COLUMN hospital_allergy_texts text[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE patient DROP COLUMN hospital_allergy_texts, DROP COLUMN hospital_allergen_codes;
DROP TABLE patient_sync_job, hospital_connector;
