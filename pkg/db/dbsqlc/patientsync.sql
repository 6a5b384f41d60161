-- The hospital sync (pkg/patientsync): connector settings, sync jobs, and the hospital's
-- allergies of each patient.

-- name: SyncSettings :one
SELECT settings, local_credentials FROM hospital_connector WHERE branch_code = @branch;

-- name: SyncSaveSettings :exec
INSERT INTO hospital_connector (branch_code, settings, updated_by) VALUES (@branch, (@settings::text)::jsonb, @by)
ON CONFLICT (branch_code) DO UPDATE SET settings = excluded.settings, updated_at = now(), updated_by = excluded.updated_by;

-- Demo settings (functions/local): set only where the branch has none.
-- name: SyncSettingsDefault :exec
INSERT INTO hospital_connector (branch_code, settings, updated_by) VALUES (@branch, (@settings::text)::jsonb, 'demo')
ON CONFLICT (branch_code) DO NOTHING;

-- Starts a sync of a branch unless one is queued or running (patient_sync_job_running):
-- no row then.
-- name: SyncCreateJob :many
INSERT INTO patient_sync_job (id, branch_code, created_by) VALUES (@id, @branch, @by)
ON CONFLICT (branch_code) WHERE status IN ('QUEUED', 'RUNNING') DO NOTHING
RETURNING *;

-- The latest sync of a branch.
-- name: SyncLatestJob :one
SELECT * FROM patient_sync_job WHERE branch_code = @branch ORDER BY created_at DESC, id LIMIT 1;

-- A branch's syncs, newest first, with the total (the patients screen's last syncs).
-- name: SyncJobs :many
SELECT sqlc.embed(j), count(*) OVER () AS total
FROM patient_sync_job j WHERE j.branch_code = @branch
ORDER BY j.created_at DESC, j.id
LIMIT @lim OFFSET @off;

-- The queued or running sync of a branch.
-- name: SyncRunningJob :one
SELECT * FROM patient_sync_job WHERE branch_code = @branch AND status IN ('QUEUED', 'RUNNING');

-- Marks a sync running (a redelivery of a running one runs it again: the job's end is
-- committed once, with its changes). No row: ended or unknown.
-- name: SyncStartJob :one
UPDATE patient_sync_job SET status = 'RUNNING', phase = 'IMPORTING', progress = 5,
    started_at = coalesce(started_at, now()), heartbeat_at = now()
WHERE id = @id AND branch_code = @branch AND status IN ('QUEUED', 'RUNNING')
RETURNING *;

-- name: SyncPhase :exec
UPDATE patient_sync_job SET phase = @phase, progress = @progress, census = @census, heartbeat_at = now()
WHERE id = @id AND status = 'RUNNING';

-- The worker of a running sync is alive (every housekeeping.JobHeartbeat).
-- name: SyncHeartbeat :exec
UPDATE patient_sync_job SET heartbeat_at = now() WHERE id = @id AND status = 'RUNNING';

-- Locks a sync for its end, answering its status.
-- name: SyncLockJob :one
SELECT status FROM patient_sync_job WHERE id = @id FOR UPDATE;

-- name: SyncFinishJob :exec
UPDATE patient_sync_job SET status = 'DONE', phase = 'DONE', progress = 100, report = (@report::text)::jsonb, finished_at = now()
WHERE id = @id;

-- name: SyncFailJob :exec
UPDATE patient_sync_job SET status = 'FAILED', phase = 'FAILED', error_key = @error_key, finished_at = now()
WHERE id = @id AND status IN ('QUEUED', 'RUNNING');

-- Locks the patients of a branch with these HNs (NULL: every patient, a sync's census; an
-- HL7 v2 message locks its patient's) for the changes (a person's edit waits, or the change
-- waits for it), answering each as patient_view reads it and what the hospital last said of
-- its allergies: the lock and the read in one round trip.
-- name: SyncLockPatients :many
SELECT sqlc.embed(v), p.hospital_allergen_codes, p.hospital_allergy_texts
FROM patient p JOIN patient_view v ON v.branch_code = p.branch_code AND v.id = p.id
WHERE p.branch_code = @branch AND (sqlc.narg(hn_ids)::text[] IS NULL OR p.hn_id = ANY (sqlc.narg(hn_ids)::text[]))
ORDER BY p.id FOR UPDATE OF p;

-- Records what the hospital said of patients' allergies, one row per element (codes and
-- texts are JSON arrays of strings).
-- name: SyncSetHospitalAllergies :exec
UPDATE patient p SET hospital_allergen_codes = ARRAY(SELECT jsonb_array_elements_text(i.codes::jsonb)),
    hospital_allergy_texts = ARRAY(SELECT jsonb_array_elements_text(i.texts::jsonb))
FROM ROWS FROM (unnest(@hn_ids::text[]), unnest(@codes::text[]), unnest(@texts::text[])) AS i(hn_id, codes, texts)
WHERE p.branch_code = @branch AND p.hn_id = i.hn_id;

-- A branch's HL7 v2 feed key (docs/hl7.md): only its SHA-256 is kept. Rotating replaces it.
-- name: FeedRotateKey :one
INSERT INTO hl7_feed (branch_code, key_hash, facility, rotated_by) VALUES (@branch, @key_hash, @facility, @by)
ON CONFLICT (branch_code) DO UPDATE SET key_hash = excluded.key_hash, facility = excluded.facility,
    rotated_at = now(), rotated_by = excluded.rotated_by
RETURNING rotated_at;

-- name: FeedOf :one
SELECT facility, rotated_at, rotated_by FROM hl7_feed WHERE branch_code = @branch;

