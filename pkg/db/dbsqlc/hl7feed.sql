-- The HL7 v2 feed (pkg/hl7feed, docs/hl7.md): the branch's key, and every message received.

-- name: FeedKey :one
SELECT key_hash, facility FROM hl7_feed WHERE branch_code = @branch;

-- Keeps the messages of a post in one statement (and one commit), one row per element of the
-- arrays, in their order (received_at the statement's time plus the message's place in
-- microseconds), when the branch's feed key is still @key_hash with its facility @facility (a
-- NULL @key_hash: the demo hospital of this machine, no key): the key is checked where the
-- rows are kept, so that a post costs one round trip and a rotated key is refused at once.
-- known: the key held (else nothing was kept). An accepted one (ack AA) whose MSH-10 the
-- branch's accepted messages already hold (or an earlier one of the same post) is kept as a
-- duplicate (status duplicate) in the same statement; kept answers the ids of the others, and
-- waiting the earlier messages of the branch these duplicates repeat that are still queued (not
-- yet applied: perhaps never queued, the receiver having died between its commit and the
-- queue), to be queued again — the queue's deduplication and the worker's status check keep
-- them applied once.
-- name: FeedKeepMessages :one
WITH feed AS (
    SELECT FROM hl7_feed f WHERE f.branch_code = @branch::text AND f.key_hash = @key_hash::bytea AND f.facility = @facility::text
), post AS (
    SELECT u.* FROM ROWS FROM (unnest(@ids::uuid[]), unnest(@control_ids::text[]), unnest(@message_types::text[]),
        unnest(@kinds::text[]), unnest(@patient_hns::text[]), unnest(@sent_ats::timestamptz[]), unnest(@raws::text[]),
        unnest(@acks::text[]), unnest(@statuses::text[]), unnest(@error_keys::text[]), unnest(@errors::text[]))
        WITH ORDINALITY AS u(id, control_id, message_type, kind, patient_hn, sent_at, raw, ack, status, error_key, error, ord)
    WHERE @key_hash::bytea IS NULL OR EXISTS (SELECT FROM feed)
), kept AS (
    INSERT INTO hl7_message (id, branch_code, control_id, message_type, kind, patient_hn, sent_at, raw, ack, status,
        error_key, error, received_at)
    SELECT id, @branch, control_id, message_type, kind, patient_hn, sent_at, raw, ack, status, error_key, error,
        now() + ord * interval '1 microsecond'
    FROM post ORDER BY ord
    ON CONFLICT (branch_code, control_id) WHERE ack = 'AA' AND status <> 'duplicate' DO NOTHING
    RETURNING id
), duplicates AS (
    INSERT INTO hl7_message (id, branch_code, control_id, message_type, kind, patient_hn, sent_at, raw, ack, status,
        error_key, error, received_at)
    SELECT id, @branch, control_id, message_type, kind, patient_hn, sent_at, raw, ack, 'duplicate', 'hl7Feed.duplicate',
        error, now() + ord * interval '1 microsecond'
    FROM post WHERE id NOT IN (SELECT id FROM kept) ORDER BY ord
    RETURNING id
), waiting AS (
    -- looked up by the duplicates' MSH-10 (the branch's accepted messages' index), one each
    SELECT m.id, m.control_id, m.patient_hn
    FROM (SELECT DISTINCT control_id FROM post WHERE ack = 'AA' AND id NOT IN (SELECT id FROM kept)) d
    CROSS JOIN LATERAL (SELECT x.id, x.control_id, x.patient_hn FROM hl7_message x
        WHERE x.branch_code = @branch AND x.control_id = d.control_id AND x.ack = 'AA' AND x.status <> 'duplicate'
            AND x.status = 'queued'
        LIMIT 1) m
)
SELECT (@key_hash::bytea IS NULL OR EXISTS (SELECT FROM feed))::bool AS known,
    coalesce((SELECT array_agg(id) FROM kept), '{}')::uuid[] AS kept,
    (SELECT count(*) FROM duplicates)::int AS duplicates,
    coalesce((SELECT array_agg(id ORDER BY id) FROM waiting), '{}')::uuid[] AS waiting_ids,
    coalesce((SELECT array_agg(control_id ORDER BY id) FROM waiting), '{}')::text[] AS waiting_control_ids,
    coalesce((SELECT array_agg(patient_hn ORDER BY id) FROM waiting), '{}')::text[] AS waiting_hns;

-- A message whose queueing failed: answered AE, so that the sender sends it again.
-- name: FeedUnqueue :exec
UPDATE hl7_message SET ack = 'AE', status = 'failed', error_key = @error_key, error = @error
WHERE id = @id AND status = 'queued';

-- Locks the messages of a worker's batch, each with when the last message of its patient's
-- stream (ADT or diet orders, as the message is) applied was sent: the stale check, in the
-- same round trip, one for the batch; and the count of its branch's codes and maps
-- (branch_codes_version), which tells the worker whether those it keeps are still the branch's.
-- name: FeedLockMessages :many
SELECT sqlc.embed(m),
    (SELECT l.sent_at FROM hl7_message l
     WHERE l.branch_code = m.branch_code AND l.patient_hn = m.patient_hn AND l.status = 'applied'
        AND (l.kind = 'diet-order') = (m.kind = 'diet-order')
     ORDER BY l.sent_at DESC LIMIT 1)::timestamptz AS last_applied,
    coalesce((SELECT v.version FROM branch_codes_version v WHERE v.branch_code = m.branch_code), 0)::bigint AS codes_version
FROM hl7_message m WHERE m.id = ANY (@ids::uuid[])
ORDER BY m.id FOR UPDATE OF m;

-- Records the outcomes of a batch's messages, one statement for the batch. The text of a
-- message whose outcome is final is kept in S3 only (pkg/hl7feed ArchiveKey); a failed one
-- keeps it here too, to be applied again. applied_at is the transaction's time plus the
-- message's place in the batch in microseconds, so that the order applied is kept (the feed
-- day's report merges the changes in that order).
-- name: FeedFinishMessages :exec
UPDATE hl7_message m SET status = o.status, error_key = o.error_key, error = o.error,
    raw = CASE WHEN o.status = 'failed' THEN m.raw ELSE '' END,
    changes = nullif(o.changes, '')::jsonb,
    applied_at = CASE WHEN o.status = 'applied' THEN now() + o.ord * interval '1 microsecond' END
FROM ROWS FROM (unnest(@ids::uuid[]), unnest(@statuses::text[]), unnest(@error_keys::text[]),
    unnest(@errors::text[]), unnest(@changes::text[])) WITH ORDINALITY AS o(id, status, error_key, error, changes, ord)
WHERE m.id = o.id;

-- A branch's messages of the last 24 hours by the hour they came in (the feed screen): how
-- many, how many applied, how many failed (refused or not applied). The database's clock,
-- as received_at's.
-- name: FeedHours :many
SELECT date_trunc('hour', received_at)::timestamptz AS hour, count(*)::int AS received,
    (count(*) FILTER (WHERE status = 'applied'))::int AS applied,
    (count(*) FILTER (WHERE status = 'failed'))::int AS failed
FROM hl7_message
WHERE branch_code = @branch AND received_at >= now() - interval '24 hours'
GROUP BY 1
ORDER BY 1;

-- A branch's messages, newest first, of one status (empty: all), with the total.
-- name: FeedMessages :many
SELECT id, control_id, message_type, kind, patient_hn, sent_at, received_at, ack, status, error_key, error,
    applied_at, count(*) OVER () AS total
FROM hl7_message
WHERE branch_code = @branch AND (@status::text = '' OR status = @status)
ORDER BY received_at DESC, id
LIMIT @lim OFFSET @off;

-- A message accepted whose apply failed, queued again (after a map was fixed): no row when
-- the message is not one.
-- name: FeedRequeue :one
UPDATE hl7_message SET status = 'queued', error_key = '', error = '', changes = NULL
WHERE id = @id AND branch_code = @branch AND ack = 'AA' AND status = 'failed'
RETURNING patient_hn;

-- An A40 merge whose survivor Samrap does not have: the prior patient takes the survivor's
-- HN (its orders, which name the patient by id, go with it).
-- name: FeedRenamePatient :one
UPDATE patient SET hn_id = @new_hn, version = version + 1, updated_at = now(), updated_by = 'hl7-feed'
WHERE branch_code = @branch AND hn_id = @old_hn
RETURNING id;

-- An A40 merge of two patients Samrap has: the prior's live orders to come become the
-- survivor's, except a meal the survivor already has a live order of (that one stays with the
-- discharged prior, flagged). The moved orders keep the facts they were checked against (the
-- prior's): FeedReviewOrders then flags each that differs from the survivor's now; and a
-- moved order whose card was printed (naming the prior's HN and bed) is flagged moved when the
-- transaction commits (meal_order_move_change, 00019/00030), to be printed again. Answers the
-- orders moved and the survivor.
-- name: FeedMoveOrders :many
WITH moved AS (
    UPDATE meal_order o SET patient_id = s.id, version = o.version + 1
    FROM patient p, patient s
    WHERE p.branch_code = @branch AND p.hn_id = @prior_hn AND s.branch_code = @branch AND s.hn_id = @survivor_hn
        AND o.branch_code = @branch AND o.patient_id = p.id AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL')
        AND o.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
        AND NOT EXISTS (SELECT 1 FROM meal_order x WHERE x.branch_code = o.branch_code AND x.patient_id = s.id
            AND x.caregiver = o.caregiver AND x.order_date = o.order_date AND x.meal_time_id = o.meal_time_id
            AND x.status <> 'CANCELLED')
    RETURNING o.id, o.patient_id, o.branch_code
), recheck AS (
    INSERT INTO meal_order_move_change (branch_code, patient_id)
    SELECT DISTINCT branch_code, patient_id FROM moved
    ON CONFLICT DO NOTHING
)
SELECT id, patient_id FROM moved;

-- A patient's orders to come checked again against the patient's facts now (and their
-- dishes'): the review reasons of each set to what differs.
-- name: FeedReviewOrders :exec
SELECT meal_order_review(ARRAY[@branch::text], ARRAY[@patient_id::bigint]);

-- A branch's days of messages (by the day received, in Asia/Bangkok) from @since on, newest
-- first (the patients screen's "Last syncs": the feed's days): how many came in, of each
-- outcome, and how many patients the applied ones changed.
-- name: FeedDays :many
SELECT (received_at AT TIME ZONE 'Asia/Bangkok')::date AS day, count(*)::int AS received,
    (count(*) FILTER (WHERE status = 'applied'))::int AS applied,
    (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
    (count(*) FILTER (WHERE status = 'stale'))::int AS stale,
    (count(*) FILTER (WHERE status = 'skipped'))::int AS skipped,
    (count(*) FILTER (WHERE status = 'duplicate'))::int AS duplicate,
    (count(*) FILTER (WHERE status = 'queued'))::int AS queued,
    (count(DISTINCT patient_hn) FILTER (WHERE status = 'applied'
        AND coalesce((changes -> 'counts' ->> 'admitted')::int, 0) + coalesce((changes -> 'counts' ->> 'updated')::int, 0)
            + coalesce((changes -> 'counts' ->> 'discharged')::int, 0) > 0))::int AS patients
FROM hl7_message
WHERE branch_code = @branch AND received_at >= @since::timestamptz
GROUP BY 1
ORDER BY 1 DESC;

-- What the messages of a branch received in [@since, @until) applied, in the order applied.
-- name: FeedDayChanges :many
SELECT changes FROM hl7_message
WHERE branch_code = @branch AND received_at >= @since::timestamptz AND received_at < @until::timestamptz
    AND status = 'applied' AND changes IS NOT NULL
ORDER BY applied_at, id;

-- The messages of a branch received in [@since, @until) that failed, newest first, with the total.
-- name: FeedDayFailures :many
SELECT id, control_id, message_type, patient_hn, ack, error_key, error, received_at, count(*) OVER () AS total
FROM hl7_message
WHERE branch_code = @branch AND received_at >= @since::timestamptz AND received_at < @until::timestamptz AND status = 'failed'
ORDER BY received_at DESC, id
LIMIT @lim;
