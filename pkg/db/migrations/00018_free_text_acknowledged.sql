-- +goose Up
-- A free-text meal (course type SPECIFIC) has no ingredients the checks can read, so for a
-- person with any food rule — an allergy (mapped or not), a restricted ingredient, a
-- religion that restricts ingredients, a vegetarian type, a texture need — the order needs
-- a person's explicit acknowledgement of those rules (issue 25 §1, docs/orders.md "Free
-- text"). The order keeps the rules that were shown and acknowledged; who and when are the
-- order's ordered_by/ordered_at (or reviewed_by/reviewed_at after a review), the text its
-- description. NULL: no acknowledgement was needed (or, for orders older than this, given).
ALTER TABLE meal_order ADD COLUMN free_text_rules jsonb
    CHECK (free_text_rules IS NULL OR jsonb_typeof(free_text_rules) = 'array');

-- The master rows among a person's food rules, as [{kind, code, nameTh, nameEn}] in the order
-- ALLERGEN, RESTRICTED, RELIGION, VEGETARIAN then code: the allergens and restricted
-- ingredients given, the religion when it restricts an ingredient, the vegetarian type
-- whatever it restricts. The checks (pkg/orders) add the unmapped allergies and textures.
-- +goose StatementBegin
CREATE FUNCTION food_rule_refs(branch text, allergen_ids bigint[], restricted_ids bigint[], religion_id bigint,
    vegetarian_id bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT coalesce(jsonb_agg(jsonb_build_object('kind', r.kind, 'code', r.code, 'nameTh', r.name_th, 'nameEn', r.name_en)
        ORDER BY r.ord, r.code), '[]')
    FROM (
        SELECT 1 AS ord, 'ALLERGEN' AS kind, a.code, a.name_th, a.name_en FROM allergen a
        WHERE a.branch_code = branch AND a.id = ANY (allergen_ids)
        UNION ALL
        SELECT 2, 'RESTRICTED', x.code, x.name_th, x.name_en FROM restricted_ingredient x
        WHERE x.branch_code = branch AND x.id = ANY (restricted_ids)
        UNION ALL
        SELECT 3, 'RELIGION', g.code, g.name_th, g.name_en FROM religion g
        WHERE g.branch_code = branch AND g.id = religion_id
            AND EXISTS (SELECT 1 FROM religion_restricted rr WHERE rr.branch_code = branch AND rr.religion_id = g.id)
        UNION ALL
        SELECT 4, 'VEGETARIAN', v.code, v.name_th, v.name_en FROM vegetarian v
        WHERE v.branch_code = branch AND v.id = vegetarian_id) r
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION food_rule_refs(text, bigint[], bigint[], bigint, bigint);
ALTER TABLE meal_order DROP COLUMN free_text_rules;
