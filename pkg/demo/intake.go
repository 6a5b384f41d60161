package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// intakeDays is how many days before today the demo's served and collected trays go back.
const intakeDays = 7

// loadIntake gives six patients of ward W01 (the first admitted three days ago or more with
// no allergy, texture need or NPO, as loadOrders chooses) a week of eating before today
// (issue 27 §5): breakfast, lunch and dinner of each of the 7 days before today since their
// admission ordered (the first item of the day's menu), served and collected, so that the Nutritionist's worklist and the patients' intake
// charts show a stay. Most of them eat all or three quarters of each tray; the first ate a
// quarter of each tray the last two days (under half the energy target two days in a row:
// LOW_INTAKE) and the second sent the last three trays back untouched (REFUSED). Only
// breakfast, lunch and dinner, and only days before today: the browser tests read today's
// trays and the afternoon snack's figures, which these leave as they were. Each record keeps
// its tray's figures, as a collection does. A branch whose trays were ever collected keeps what
// it has.
func loadIntake(ctx context.Context, tx pgx.Tx, now time.Time) error {
	today := now.Format(time.DateOnly)
	for _, branch := range []string{Bangkok, ChiangMai} {
		var has bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tray_intake WHERE branch_code = $1)`, branch).Scan(&has); err != nil {
			return fmt.Errorf("demo: intake: %w", err)
		}
		if has {
			continue
		}
		_, err := tx.Exec(ctx, `WITH p AS (
				SELECT p.id, p.hn_id, p.admit_date, row_number() OVER (ORDER BY p.hn_id) AS n FROM patient p
					JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
				WHERE p.branch_code = $1 AND w.code = 'W01' AND p.visit_status = 'Current' AND p.hospital_status = 'IN_HOSPITAL'
					AND p.texture_food IS NULL AND p.npo_from IS NULL AND cardinality(p.unmapped_allergies) = 0
					AND NOT EXISTS (SELECT 1 FROM patient_allergen a WHERE a.branch_code = p.branch_code AND a.patient_id = p.id)
					AND NOT EXISTS (SELECT 1 FROM patient_restricted a WHERE a.branch_code = p.branch_code AND a.patient_id = p.id)
					AND p.religion_id IS NOT DISTINCT FROM (SELECT r.id FROM religion r WHERE r.branch_code = p.branch_code AND r.code = 'RE01')
					AND p.vegetarian_id IS NULL AND p.admit_date <= $2::date - 3
				ORDER BY p.hn_id LIMIT 6),
			-- the 7 days before today, and the day's place counted back from yesterday (1)
			d AS (SELECT ($2::date - k) AS day, k FROM generate_series(1, $3::int) k),
			t AS (SELECT id, code, start_time FROM meal_time WHERE branch_code = $1 AND code IN ('MT01', 'MT02', 'MT03')),
			item AS (SELECT d.day, t.id AS meal_time_id, i.menu_id, i.menu_set_id FROM d CROSS JOIN t
				CROSS JOIN LATERAL (SELECT (m.doc -> 'content' ->> 'menuId')::bigint AS menu_id,
						(m.doc -> 'content' ->> 'menuSetId')::bigint AS menu_set_id
					FROM menus_of_day($1, t.id, d.day) AS m(doc) WHERE m.doc -> 'content' IS NOT NULL
						AND (m.doc -> 'menu' IS NOT NULL AND m.doc -> 'menu' <> 'null' OR m.doc -> 'menuSet' IS NOT NULL AND m.doc -> 'menuSet' <> 'null')
					LIMIT 1) i),
			-- how many quarters of each tray came back eaten
			plan AS (SELECT p.id AS patient_id, p.hn_id, d.day, t.id AS meal_time_id, t.start_time,
					CASE WHEN p.n = 1 AND d.k <= 2 THEN 1
						WHEN p.n = 2 AND d.k = 1 THEN 0
						WHEN (p.n + d.k) % 3 = 0 THEN 3 ELSE 4 END AS quarters
				FROM p CROSS JOIN d CROSS JOIN t
				WHERE d.day >= p.admit_date AND NOT EXISTS (SELECT 1 FROM meal_order o WHERE o.branch_code = $1 AND o.patient_id = p.id AND o.order_date = d.day
					AND o.meal_time_id = t.id)),
			o AS (INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, food_scope, course_type,
					patient_facts, tray_facts, ordered_by)
				SELECT $1, plan.patient_id, plan.day, plan.meal_time_id, 'ORD', 'SERVED', 'BOTH',
					CASE WHEN item.menu_id IS NULL THEN 'SET' ELSE 'MENU' END, patient_food_facts($1, plan.patient_id),
					meal_order_tray_facts($1, false, NULL, patient_food_facts($1, plan.patient_id),
						array_remove(ARRAY[item.menu_id], NULL), array_remove(ARRAY[item.menu_set_id], NULL)), 'demo'
				FROM plan JOIN item ON item.day = plan.day AND item.meal_time_id = plan.meal_time_id
				RETURNING id, patient_id, order_date, meal_time_id),
			oi AS (INSERT INTO meal_order_item (branch_code, order_id, position, menu_id, menu_set_id)
				SELECT $1, o.id, 1, item.menu_id, item.menu_set_id FROM o
					JOIN item ON item.day = o.order_date AND item.meal_time_id = o.meal_time_id),
			s AS (INSERT INTO serve_record (branch_code, order_id, action, matched, wristband, device_id, request_id, served_by, served_at)
				SELECT $1, o.id, 'SERVED', true, plan.hn_id, 'demo', gen_random_uuid(), 'D0003',
					((o.order_date + plan.start_time) AT TIME ZONE 'Asia/Bangkok') + interval '20 minutes'
				FROM o JOIN plan ON plan.patient_id = o.patient_id AND plan.day = o.order_date AND plan.meal_time_id = o.meal_time_id)
			INSERT INTO tray_intake (branch_code, order_id, quarters, scanned, device_id, recorded_by, recorded_at)
			SELECT $1, o.id, plan.quarters, true, 'demo', 'D0003',
				((o.order_date + plan.start_time) AT TIME ZONE 'Asia/Bangkok') + interval '80 minutes'
			FROM o JOIN plan ON plan.patient_id = o.patient_id AND plan.day = o.order_date AND plan.meal_time_id = o.meal_time_id`,
			branch, today, intakeDays)
		if err != nil {
			return fmt.Errorf("demo: intake: %w", err)
		}
		// what each tray gave and what of it was eaten, kept with the record as a collection keeps
		// them (migration 00031): a second statement, the items inserted above being invisible to
		// the statement that inserted them
		if _, err := tx.Exec(ctx, `UPDATE tray_intake SET gave = tray_gave(branch_code, order_id),
				eaten = tray_eaten(tray_gave(branch_code, order_id), quarters, item_quarters)
			WHERE branch_code = $1 AND device_id = 'demo'`, branch); err != nil {
			return fmt.Errorf("demo: intake figures: %w", err)
		}
	}
	return nil
}
