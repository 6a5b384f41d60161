-- +goose Up
-- A user import may invite the accounts it adds (the upload form's sendEmail); the job
-- counts the invitations sent and those whose e-mail failed.
ALTER TABLE import_job
    ADD COLUMN send_email    boolean NOT NULL DEFAULT false,
    ADD COLUMN invited       int NOT NULL DEFAULT 0,
    ADD COLUMN invite_failed int NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE import_job DROP COLUMN send_email, DROP COLUMN invited, DROP COLUMN invite_failed;
