-- +goose Up
-- Work performance (issue 17, docs/performance.md; pkg/performance): what the orders and
-- serve records did not keep.
--
-- serve_mismatch: every bedside verification (POST /api/serve/verify) that answered NO
-- MATCH, with its reason codes (pkg/serve's Reason* codes), the order when the card was a
-- true card of the branch (order_id is null for a forged or another branch's card; no
-- foreign key: the order may be gone, ORDER_NOT_FOUND), who scanned, the device, when.
CREATE TABLE serve_mismatch (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_code text NOT NULL REFERENCES branch (code),
    order_id    uuid,
    reasons     text[] NOT NULL CHECK (cardinality(reasons) > 0),
    device_id   text NOT NULL DEFAULT '' CHECK (length(device_id) <= 100),
    scanned_by  text NOT NULL,
    scanned_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX serve_mismatch_at ON serve_mismatch (branch_code, scanned_at);

-- review_flagged_at: when the order last became "needs review" (review_reasons went from
-- empty to not empty). Set in the database, beside the reasons, so that every path that
-- flags an order (the patient edit, the Excel import, the hospital sync, psql — through the
-- review triggers of 00009) records it. The wait of a review is reviewed_at minus
-- review_flagged_at; an order flagged before this migration has none (null).
ALTER TABLE meal_order ADD COLUMN review_flagged_at timestamptz;

-- +goose StatementBegin
CREATE FUNCTION meal_order_review_flagged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(NEW.review_reasons) > 0
        AND (TG_OP = 'INSERT' OR cardinality(OLD.review_reasons) = 0) THEN
        NEW.review_flagged_at := now();
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd
CREATE TRIGGER meal_order_review_flagged BEFORE INSERT OR UPDATE OF review_reasons ON meal_order
    FOR EACH ROW EXECUTE FUNCTION meal_order_review_flagged();

-- +goose Down
DROP TRIGGER meal_order_review_flagged ON meal_order;
DROP FUNCTION meal_order_review_flagged();
ALTER TABLE meal_order DROP COLUMN review_flagged_at;
DROP TABLE serve_mismatch;
