-- +goose Up
-- The census list (pkg/patients searchPatients) orders by the chosen column with a LIMIT, so
-- that an index can hand over the first page without sorting the branch (issue 12's budget:
-- 20 ms at p95 over 10,000 patients). The HN order is served by patient_hn_key; these serve
-- the two name orders. Each expression is the one the list sorts by, written the same way
-- (a different spelling would not match), with the HN that breaks ties.
CREATE INDEX patient_current_name ON patient (branch_code,
    lower(first_name_th || ' ' || last_name_th || ' ' || first_name_en || ' ' || last_name_en), hn_id)
    WHERE visit_status = 'Current';
CREATE INDEX patient_current_name_en ON patient (branch_code,
    lower(first_name_en || ' ' || last_name_en || ' ' || first_name_th || ' ' || last_name_th), hn_id)
    WHERE visit_status = 'Current';

-- The page's patients as patient_view shows them, in a PL/pgSQL function: its statement is
-- planned once per database session and the plan reused (as menus_of_day does), where the
-- same statement sent by pgx's exec mode was planned at every call — most of its time, the
-- view's subqueries being many. pkg/db/dbsqlc/patients.sql PatientsByID calls it.
-- +goose StatementBegin
CREATE FUNCTION patients_by_id(p_branch text, p_ids bigint[]) RETURNS SETOF patient_view
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN QUERY SELECT * FROM patient_view v WHERE v.branch_code = p_branch AND v.id = ANY (p_ids);
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION patients_by_id(text, bigint[]);
DROP INDEX patient_current_name_en;
DROP INDEX patient_current_name;
