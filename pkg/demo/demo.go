// Package demo loads the demo data of a local run: two branches and one account per role
// (README.md lists them). It is idempotent and never runs in the cloud (config refuses
// DEMO_DATA outside the local stage).
package demo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/auth"
	"samrap/pkg/day"
	"samrap/pkg/db"
	"samrap/pkg/session"
)

// Password is every demo account's development password.
const Password = "Samrap#2026"

// Branch codes of the demo group.
const (
	Bangkok   = "SRP01"
	ChiangMai = "SRP02"
)

type account struct {
	email, code, firstTh, lastTh, firstEn, lastEn string
	pairs                                         []session.Pair
}

func accounts() []account {
	one := func(role string) []session.Pair { return []session.Pair{{BranchCode: Bangkok, RoleCode: role}} }
	return []account{
		{"controller@samrap.local", "D0001", "สมชาย", "ควบคุมดี", "Somchai", "Khuapkhumdee", one(session.Controller)},
		{"ordertaker@samrap.local", "D0002", "สมหญิง", "รับคำสั่ง", "Somying", "Rapkhamsang", one(session.OrderTaker)},
		{"serve@samrap.local", "D0003", "สมศักดิ์", "เสิร์ฟไว", "Somsak", "Serfwai", one(session.Serve)},
		{"nutritionist@samrap.local", "D0004", "สุดา", "โภชนา", "Suda", "Phochana", one(session.Nutritionist)},
		{"superadmin@samrap.local", "D0005", "ประเสริฐ", "ดูแลระบบ", "Prasert", "Dulaerabop", one(session.SuperAdmin)},
		{"branchadmin@samrap.local", "D0006", "วิไล", "ดูแลสาขา", "Wilai", "Dulaesakha", one(session.BranchAdmin)},
		{"multi@samrap.local", "D0007", "มานะ", "หลายบทบาท", "Mana", "Laibotbat", []session.Pair{
			{BranchCode: Bangkok, RoleCode: session.Controller},
			{BranchCode: Bangkok, RoleCode: session.OrderTaker},
			{BranchCode: ChiangMai, RoleCode: session.Nutritionist},
			{BranchCode: ChiangMai, RoleCode: session.BranchAdmin},
		}},
	}
}

// Invited is the demo account that has been invited but has not registered yet.
const Invited = "invited@samrap.local"

// InvitePending (re)sends the registration link of the demo invited account while it has
// not registered, so that a fresh local run always has its link in the outbox (/dev/mail).
func InvitePending(ctx context.Context, pool *db.Pool, a *auth.Service) error {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM app_user WHERE lower(email) = $1 AND status IN ('NOT_INVITED', 'INVITED')
		AND deleted_at IS NULL`, Invited).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("demo: invited account: %w", err)
	}
	return a.Invite(ctx, id, "demo")
}

// Load inserts what is missing of the demo data.
func Load(ctx context.Context, pool *db.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO branch (code, name_th, name_en, updated_by) VALUES
			($1, 'โรงพยาบาลสำรับ กรุงเทพ', 'Samrap Hospital Bangkok', 'demo'),
			($2, 'โรงพยาบาลสำรับ เชียงใหม่', 'Samrap Hospital Chiang Mai', 'demo')
			ON CONFLICT (code) DO NOTHING`, Bangkok, ChiangMai)
		if err != nil {
			return fmt.Errorf("demo: branches: %w", err)
		}
		var invitedExists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user WHERE lower(email) = $1)`, Invited).Scan(&invitedExists); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if !invitedExists {
			var id int64
			err := tx.QueryRow(ctx, `INSERT INTO app_user (email, employee_code, first_name_th, last_name_th, first_name_en,
					last_name_en, status, created_by, updated_by)
				VALUES ($1, 'D0008', 'นภา', 'รอลงทะเบียน', 'Napha', 'Rolongthabian', 'NOT_INVITED', 'demo', 'demo') RETURNING id`, Invited).Scan(&id)
			if err != nil {
				return fmt.Errorf("demo: invited account: %w", err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO user_permission (user_id, branch_code, role_code, created_by)
				VALUES ($1, $2, 'BOD', 'demo')`, id, Bangkok); err != nil {
				return fmt.Errorf("demo: invited account pair: %w", err)
			}
		}
		for _, a := range accounts() {
			var exists bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user WHERE lower(email) = $1)`, a.email).Scan(&exists); err != nil {
				return fmt.Errorf("demo: %s: %w", a.email, err)
			}
			if exists {
				continue
			}
			hash, err := auth.HashPassword(Password)
			if err != nil {
				return err
			}
			var id int64
			err = tx.QueryRow(ctx, `INSERT INTO app_user (email, employee_code, first_name_th, last_name_th,
					first_name_en, last_name_en, password_hash, status, password_changed_at, created_by, updated_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, 'ACTIVE', now(), 'demo', 'demo') RETURNING id`,
				a.email, a.code, a.firstTh, a.lastTh, a.firstEn, a.lastEn, hash).Scan(&id)
			if err != nil {
				return fmt.Errorf("demo: %s: %w", a.email, err)
			}
			for _, p := range a.pairs {
				if _, err := tx.Exec(ctx, `INSERT INTO user_permission (user_id, branch_code, role_code, created_by)
					VALUES ($1, $2, $3, 'demo')`, id, p.BranchCode, p.RoleCode); err != nil {
					return fmt.Errorf("demo: %s pair: %w", a.email, err)
				}
			}
		}
		if err := loadMasterData(ctx, tx); err != nil {
			return err
		}
		now := time.Now().In(day.Bangkok)
		if err := loadPatients(ctx, tx, now); err != nil {
			return err
		}
		if err := loadOrders(ctx, tx, now); err != nil {
			return err
		}
		if err := loadNutrition(ctx, tx); err != nil {
			return err
		}
		if err := loadSurveys(ctx, tx); err != nil {
			return err
		}
		// after the surveys: they answer trays of today's demo orders, not these
		return loadIntake(ctx, tx, now)
	})
}

// loadNutrition gives one diabetic demo patient of each branch (HN10007, ward W01, a child) a weight and
// own targets (issue 27): energy 45–55 kcal a kilogram and carbohydrate at most 45 g a meal,
// so that the Nutritionist's screen shows a patient's own targets. A patient who has a
// nutrition record keeps it.
func loadNutrition(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `WITH p AS (
			SELECT p.branch_code, p.id FROM patient p WHERE p.branch_code IN ($1, $2) AND p.hn_id = p.branch_code || '-HN10007'
				AND NOT EXISTS (SELECT 1 FROM patient_nutrition n WHERE n.branch_code = p.branch_code AND n.patient_id = p.id)),
		n AS (INSERT INTO patient_nutrition (branch_code, patient_id, weight_kg, updated_by)
			SELECT branch_code, id, 32, 'demo' FROM p RETURNING branch_code, patient_id)
		INSERT INTO patient_nutrient_target (branch_code, patient_id, nutrient, basis, daily_min, daily_max, meal_max)
		SELECT n.branch_code, n.patient_id, t.nutrient, t.basis, t.lo, t.hi, t.meal FROM n,
			(VALUES ('energy', 'KG', 45.0, 55.0, NULL::float8), ('carbohydrate', 'DAY', NULL, NULL, 45.0)) AS t(nutrient, basis, lo, hi, meal)`,
		Bangkok, ChiangMai)
	if err != nil {
		return fmt.Errorf("demo: nutrition: %w", err)
	}
	return nil
}
