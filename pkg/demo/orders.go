package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// loadOrders orders today's breakfast and lunch for the first current patients of ward W01
// of each branch that has no order yet (a later start keeps what people ordered): breakfast
// a specific meal, lunch the first item of the day's menu, and one lunch flagged for review
// (as if the patient's diet had changed after ordering), so that the order list shows a
// populated day. Patients with an allergy, a texture need or an NPO are left for a person
// to order through the checks.
func loadOrders(ctx context.Context, tx pgx.Tx, now time.Time) error {
	today := now.Format(time.DateOnly)
	for _, branch := range []string{Bangkok, ChiangMai} {
		var has bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM meal_order WHERE branch_code = $1)`, branch).Scan(&has); err != nil {
			return fmt.Errorf("demo: orders: %w", err)
		}
		if has {
			continue
		}
		_, err := tx.Exec(ctx, `WITH p AS (
				SELECT p.id, row_number() OVER (ORDER BY p.hn_id) AS n FROM patient p JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
				WHERE p.branch_code = $1 AND w.code = 'W01' AND p.visit_status = 'Current' AND p.hospital_status = 'IN_HOSPITAL'
					AND p.texture_food IS NULL AND p.npo_from IS NULL AND cardinality(p.unmapped_allergies) = 0
					AND NOT EXISTS (SELECT 1 FROM patient_allergen a WHERE a.branch_code = p.branch_code AND a.patient_id = p.id)
					AND NOT EXISTS (SELECT 1 FROM patient_restricted a WHERE a.branch_code = p.branch_code AND a.patient_id = p.id)
					AND p.religion_id IS NOT DISTINCT FROM (SELECT r.id FROM religion r WHERE r.branch_code = p.branch_code AND r.code = 'RE01')
					AND p.vegetarian_id IS NULL
				ORDER BY p.hn_id LIMIT 6),
			bf AS (SELECT id FROM meal_time WHERE branch_code = $1 AND code = 'MT01'),
			lu AS (SELECT id FROM meal_time WHERE branch_code = $1 AND code = 'MT02'),
			item AS (SELECT (d.doc -> 'content' ->> 'menuId')::bigint AS menu_id, (d.doc -> 'content' ->> 'menuSetId')::bigint AS menu_set_id
				FROM lu, menus_of_day($1, lu.id, $2::date) AS d(doc) WHERE d.doc -> 'content' IS NOT NULL
					AND (d.doc -> 'menu' IS NOT NULL AND d.doc -> 'menu' <> 'null' OR d.doc -> 'menuSet' IS NOT NULL AND d.doc -> 'menuSet' <> 'null')
				LIMIT 1),
			b AS (INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, food_scope, course_type,
					description, patient_facts, ordered_by)
				SELECT $1, p.id, $2::date, bf.id, 'ORD', 'WAITING', 'BOTH', 'SPECIFIC', 'ข้าวต้มปลา ไม่ใส่ขิง',
					patient_food_facts($1, p.id), 'demo' FROM p, bf),
			l AS (INSERT INTO meal_order (branch_code, patient_id, order_date, meal_time_id, order_type, status, food_scope, course_type,
					patient_facts, tray_facts, review_reasons, ordered_by)
				SELECT $1, p.id, $2::date, lu.id, 'ORD', 'WAITING', 'BOTH', CASE WHEN item.menu_id IS NULL THEN 'SET' ELSE 'MENU' END,
					CASE WHEN p.n = 2 THEN jsonb_set(patient_food_facts($1, p.id), '{DIET}', '[null, []]') ELSE patient_food_facts($1, p.id) END,
					meal_order_tray_facts($1, false, NULL, patient_food_facts($1, p.id),
						array_remove(ARRAY[item.menu_id], NULL), array_remove(ARRAY[item.menu_set_id], NULL)),
					CASE WHEN p.n = 2 THEN '{DIET}'::text[] ELSE '{}' END, 'demo'
				FROM p, lu, item WHERE p.n <= 4
				RETURNING branch_code, id)
			INSERT INTO meal_order_item (branch_code, order_id, position, menu_id, menu_set_id)
			SELECT l.branch_code, l.id, 1, item.menu_id, item.menu_set_id FROM l, item`, branch, today)
		if err != nil {
			return fmt.Errorf("demo: orders: %w", err)
		}
	}
	return nil
}
