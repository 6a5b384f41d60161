package demo

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// loadSurveys answers the patient satisfaction survey of the first four of today's demo
// breakfasts of each branch that has no answer yet (three from the card's QR, one entered by
// the Serve user), so that the results screen's charts are not empty on a fresh start. The
// lunches are left for people (and tests) to answer.
func loadSurveys(ctx context.Context, tx pgx.Tx) error {
	for _, branch := range []string{Bangkok, ChiangMai} {
		_, err := tx.Exec(ctx, `WITH b AS (
				SELECT o.id, p.ward_id, row_number() OVER (ORDER BY p.hn_id) AS n
				FROM meal_order o JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
					JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
				WHERE o.branch_code = $1 AND t.code = 'MT01' AND o.status <> 'CANCELLED' AND o.order_type = 'ORD'
					AND NOT EXISTS (SELECT 1 FROM survey_answer a WHERE a.branch_code = $1))
			INSERT INTO survey_answer (branch_code, order_id, ward_id, taste, temperature, portion, on_time, overall,
				comment, source, entered_by, lang)
			SELECT $1, b.id, b.ward_id, s.taste, s.temperature, s.portion, s.on_time, s.overall, s.comment, s.source,
				s.entered_by, s.lang
			FROM b JOIN (VALUES
				(1, 5, 4, 4, 5, 5, 'อร่อยมาก ขอบคุณค่ะ', 'QR', '', 'th'),
				(2, 4, 3, 5, 4, 4, '', 'QR', '', 'th'),
				(3, 3, 2, 4, 3, 3, 'Soup was a little cold', 'QR', '', 'en'),
				(4, 4, 4, 3, 5, 4, 'ข้าวต้มน้อยไปนิด', 'STAFF', 'D0003', 'th')
			) AS s(n, taste, temperature, portion, on_time, overall, comment, source, entered_by, lang) ON s.n = b.n`, branch)
		if err != nil {
			return fmt.Errorf("demo: surveys: %w", err)
		}
	}
	return nil
}
