-- +goose Up
-- The activity log and the change log are append-only (issue 17, docs/logs.md): nobody
-- edits or deletes an entry, whatever the path — the API has no such call, and the database
-- refuses UPDATE, DELETE and TRUNCATE on both tables. A trigger rather than a REVOKE: the
-- application and the migrations share one role locally and in the cloud, and a trigger
-- holds for every role but a superuser who disables it on purpose. Retention: entries are
-- kept for good; pkg/housekeeping deletes none (it would be refused). SQLSTATE 42501
-- (insufficient_privilege).
-- +goose StatementBegin
CREATE FUNCTION log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END $$;
-- +goose StatementEnd
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
    FOR EACH ROW EXECUTE FUNCTION log_append_only();
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
    FOR EACH STATEMENT EXECUTE FUNCTION log_append_only();
CREATE TRIGGER change_log_append_only BEFORE UPDATE OR DELETE ON change_log
    FOR EACH ROW EXECUTE FUNCTION log_append_only();
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON change_log
    FOR EACH STATEMENT EXECUTE FUNCTION log_append_only();

-- The lists of the log screens: newest first, across branches for a Super Admin.
CREATE INDEX activity_log_at_all ON activity_log (at DESC, id DESC);
CREATE INDEX change_log_at_all ON change_log (changed_at DESC, id DESC);

-- +goose Down
DROP INDEX change_log_at_all;
DROP INDEX activity_log_at_all;
DROP TRIGGER change_log_no_truncate ON change_log;
DROP TRIGGER change_log_append_only ON change_log;
DROP TRIGGER activity_log_no_truncate ON activity_log;
DROP TRIGGER activity_log_append_only ON activity_log;
DROP FUNCTION log_append_only();
