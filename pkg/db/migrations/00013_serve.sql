-- +goose Up
-- Serving by scan (issue 16, docs/serve.md; pkg/serve).
--
-- serve_record: each confirmation (SERVED) or rejection (REJECTED) of a tray at the bedside,
-- with who, when, which device, the wristband scanned and the reasons the verification gave.
-- request_id is the screen's id of one confirmation: the same confirmation sent twice meets
-- the unique key and is recorded once. At most one SERVED record per order.
CREATE TABLE serve_record (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_code   text NOT NULL,
    order_id      uuid NOT NULL,
    action        text NOT NULL CHECK (action IN ('SERVED', 'REJECTED')),
    matched       boolean NOT NULL,
    reasons       text[] NOT NULL DEFAULT '{}',
    reject_reason text NOT NULL DEFAULT '' CHECK (length(reject_reason) <= 500),
    wristband     text NOT NULL DEFAULT '' CHECK (length(wristband) <= 200),
    device_id     text NOT NULL DEFAULT '' CHECK (length(device_id) <= 100),
    request_id    uuid NOT NULL UNIQUE,
    served_by     text NOT NULL,
    served_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT serve_record_reject CHECK (action = 'SERVED' OR reject_reason <> ''),
    CONSTRAINT serve_record_matched CHECK (action = 'REJECTED' OR matched),
    CONSTRAINT serve_record_order_fkey FOREIGN KEY (branch_code, order_id) REFERENCES meal_order (branch_code, id) ON DELETE CASCADE
);
CREATE INDEX serve_record_order ON serve_record (order_id, served_at);
CREATE UNIQUE INDEX serve_record_served ON serve_record (order_id) WHERE action = 'SERVED';

-- serve_setting: what a branch's wristbands hold. symbologies: the barcodes the camera reads
-- (CODE128, QR); pattern: the wristband's text with {hn} where the HN is ('{hn}': HN only, the
-- default when a branch has no row).
CREATE TABLE serve_setting (
    branch_code text PRIMARY KEY REFERENCES branch (code),
    symbologies text[] NOT NULL DEFAULT '{CODE128,QR}'
        CHECK (cardinality(symbologies) > 0 AND symbologies <@ ARRAY['CODE128', 'QR']),
    pattern     text NOT NULL DEFAULT '{hn}'
        CHECK (length(pattern) <= 60 AND pattern LIKE '%{hn}%' AND pattern NOT LIKE '%{hn}%{hn}%'),
    updated_by  text NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now(),
    version     int NOT NULL DEFAULT 1
);

-- +goose Down
DROP TABLE serve_setting, serve_record;
