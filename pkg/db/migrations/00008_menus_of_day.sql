-- +goose Up
-- The menu of a day (pkg/menus MenuOfDay, issue 13's resolver) as a PL/pgSQL function: its
-- statement is planned once per database session and its plan reused, where the same
-- statement sent by pgx's exec mode (docs/decisions.md) was planned at every call — most
-- of the resolver's time, since the plan expands the views that build the documents. The
-- views stay the one place the documents are built. No session state: nothing pins an RDS
-- Proxy connection. The statement is the one pkg/menus sent before (pkg/db/dbsqlc/menus.sql,
-- MenusOfDay, says what it answers); its rows come as documents, which sqlc can type.
-- +goose StatementBegin
CREATE FUNCTION menus_of_day(p_branch text, p_meal_time_id bigint, p_on_date date)
RETURNS SETOF jsonb -- a row: {cycleId, cycleCode, cycleNameTh, cycleNameEn, roundType, dayCount,
    -- startDate, endDate, dayNo, content, menu, menuSet} (the documents null where there is none)
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN QUERY
    WITH c AS (
        SELECT cy.id, cy.code, cy.name_th, cy.name_en, cy.round_type, cy.day_count, cy.start_date, cy.end_date,
            CASE cy.round_type
                WHEN 'LOOP' THEN (p_on_date::date - cy.start_date) % cy.day_count + 1
                ELSE extract(isodow FROM p_on_date::date)::int
            END::int AS day_no
        FROM cycle cy
        WHERE cy.branch_code = p_branch AND cy.active AND daterange(cy.start_date, cy.end_date, '[]') @> p_on_date::date
    )
    SELECT jsonb_build_object('cycleId', c.id, 'cycleCode', c.code, 'cycleNameTh', c.name_th, 'cycleNameEn', c.name_en,
        'roundType', c.round_type, 'dayCount', c.day_count, 'startDate', c.start_date, 'endDate', c.end_date,
        'dayNo', c.day_no, 'content', cm.doc, 'menu', md.doc, 'menuSet', sd.doc)
    FROM c
        -- LATERAL … OFFSET 0 (kept as a subquery, run per row by primary key): the documents
        -- are built for the day's few rows only, never for the whole branch, whatever the
        -- planner's statistics say (flattened, it may build every dish's and filter after)
        LEFT JOIN LATERAL (SELECT x.id, x.doc, x.item_code, x.menu_id, x.menu_set_id FROM cycle_menu_detail x
            WHERE x.branch_code = p_branch::text AND x.cycle_id = c.id AND x.day_no = c.day_no AND x.meal_time_id = p_meal_time_id::bigint OFFSET 0) cm ON true
        LEFT JOIN LATERAL (SELECT x.doc FROM menu_detail x WHERE x.branch_code = p_branch::text AND x.id = cm.menu_id AND x.active OFFSET 0) md ON true
        LEFT JOIN LATERAL (SELECT x.doc FROM menu_set_detail x WHERE x.branch_code = p_branch::text AND x.id = cm.menu_set_id AND x.active OFFSET 0) sd ON true
    ORDER BY cm.item_code, cm.id;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION menus_of_day(text, bigint, date);
