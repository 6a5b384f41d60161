-- +goose Up
-- A running hospital sync's worker says it is alive every housekeeping.JobHeartbeat; one
-- silent for housekeeping.JobSilence has died with its server (issue 31: a SIGKILLed server
-- left its sync running for an hour, and the branch could not start another meanwhile).
ALTER TABLE patient_sync_job ADD COLUMN heartbeat_at timestamptz;

-- +goose Down
ALTER TABLE patient_sync_job DROP COLUMN heartbeat_at;
