package demo

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// loadSurveys answers the patient satisfaction survey of the first four of today's demo
// breakfasts (three from the card's QR, one entered by the Serve user) and of the fourth
// lunch (a dish of the day's menu, for the by-dish chart) of each branch that has no answer
// yet, so that the results screen's charts are not empty on a fresh start. The other
// lunches are left for people (and tests) to answer.
func loadSurveys(ctx context.Context, tx pgx.Tx) error {
	for _, branch := range []string{Bangkok, ChiangMai} {
		_, err := tx.Exec(ctx, `WITH b AS (
				SELECT o.id, p.ward_id, t.code AS meal, row_number() OVER (PARTITION BY t.code ORDER BY p.hn_id) AS n
				FROM meal_order o JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
					JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
				WHERE o.branch_code = $1 AND t.code IN ('MT01', 'MT02') AND o.status <> 'CANCELLED' AND o.order_type = 'ORD'
					AND NOT EXISTS (SELECT 1 FROM survey_answer a WHERE a.branch_code = $1))
			INSERT INTO survey_answer (branch_code, order_id, ward_id, taste, temperature, portion, on_time, overall,
				comment, source, entered_by, lang)
			SELECT $1, b.id, b.ward_id, s.taste, s.temperature, s.portion, s.on_time, s.overall, s.comment,
				-- the demo Serve user serves SRP01 only: SRP02's fourth breakfast answered by QR
				CASE WHEN $1 = 'SRP01' THEN s.source ELSE 'QR' END, CASE WHEN $1 = 'SRP01' THEN s.entered_by ELSE '' END, s.lang
			FROM b JOIN (VALUES
				('MT01', 1, 5, 4, 4, 5, 5, 'อร่อยมาก ขอบคุณค่ะ', 'QR', '', 'th'),
				('MT01', 2, 4, 3, 5, 4, 4, '', 'QR', '', 'th'),
				('MT01', 3, 3, 2, 4, 3, 3, 'Soup was a little cold', 'QR', '', 'en'),
				('MT01', 4, 4, 4, 3, 5, 4, 'ข้าวต้มน้อยไปนิด', 'STAFF', 'D0003', 'th'),
				('MT02', 4, 5, 5, 4, 4, 5, '', 'QR', '', 'th')
			) AS s(meal, n, taste, temperature, portion, on_time, overall, comment, source, entered_by, lang)
				ON s.meal = b.meal AND s.n = b.n`, branch)
		if err != nil {
			return fmt.Errorf("demo: surveys: %w", err)
		}
	}
	return nil
}
