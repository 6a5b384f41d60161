package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/auth"
	"samrap/pkg/db"
	"samrap/pkg/demo"
	"samrap/pkg/imports"
	"samrap/pkg/params"
	"samrap/pkg/patients"
	"samrap/pkg/session"
)

// branchCode is the branch of the rush: the demo's Bangkok branch, its master data and menus
// (a weekday round with every lunch), with wards of its own added.
const branchCode = demo.Bangkok

// ward is a ward of the rush with its patients, in bed order.
type ward struct {
	id       int64
	code     string
	patients []patient
}

// patient is what the rush knows of a patient it loaded: the HN (the wristband), where, and
// the import's cells it was loaded from (the hospital's census is built from them).
type patient struct {
	hn, ward, bed string
	cells         map[string]string
}

// account is a signed-in person of the rush: an e-mail with one pair.
type account struct {
	email, role string
}

// accounts of the rush (password demo.Password): order takers, serve phones, the Controller
// and the kitchen boards (Controllers too: the board is a Controller's screen).
func accountsOf(o options) (takers, phones []account, controller account, boards []account) {
	for i := range o.takers {
		takers = append(takers, account{fmt.Sprintf("rush.taker%02d@samrap.local", i+1), session.OrderTaker})
	}
	for i := range o.phones {
		phones = append(phones, account{fmt.Sprintf("rush.serve%02d@samrap.local", i+1), session.Serve})
	}
	for i := range o.boards {
		boards = append(boards, account{fmt.Sprintf("rush.kitchen%02d@samrap.local", i+1), session.Controller})
	}
	return takers, phones, account{"rush.controller@samrap.local", session.Controller}, boards
}

// loadBranch adds the rush's wards (R01, R02, …, each of o.beds beds), a patient in every bed
// and the accounts, through the loaders of the demo data (the master-data and patient
// imports' set-based paths), in one transaction.
func loadBranch(ctx context.Context, pool *db.Pool, o options, now time.Time) ([]ward, error) {
	var wardRows, bedRows, patientRows []imports.Row
	var wards []ward
	for w := range o.wards {
		code := fmt.Sprintf("R%02d", w+1)
		wardType := "WT02"
		if w%4 == 3 {
			wardType = "WT03" // elderly
		}
		wardRows = append(wardRows, imports.Row{Line: w + 1, Cells: map[string]string{"code": code,
			"nameTh": "หอผู้ป่วย " + code, "nameEn": "Ward " + code, "wardTypeId": wardType}})
		wd := ward{code: code}
		for b := range o.beds {
			bed := fmt.Sprintf("%s-%02d", code, b+1)
			bedRows = append(bedRows, imports.Row{Line: len(bedRows) + 1, Cells: map[string]string{"code": bed,
				"nameTh": "เตียง " + bed, "nameEn": "Bed " + bed, "wardId": code, "roomTypeId": "RT01"}})
			p := patient{hn: fmt.Sprintf("RUSH%05d", len(patientRows)+1), ward: code, bed: bed}
			p.cells = patientCells(p, len(patientRows), now)
			patientRows = append(patientRows, imports.Row{Line: len(patientRows) + 1, Cells: p.cells})
			wd.patients = append(wd.patients, p)
		}
		wards = append(wards, wd)
	}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		ps := params.NewService(nil, nil)
		for _, set := range []struct {
			kind string
			rows []imports.Row
		}{{"Ward", wardRows}, {"Room", bedRows}} {
			k, _ := params.KindOf(set.kind)
			res, err := ps.ImportRows(ctx, tx, k, branchCode, "rush", set.rows)
			if err != nil {
				return fmt.Errorf("%s: %w", set.kind, err)
			}
			if len(res.Failed) > 0 {
				return fmt.Errorf("%s: rows refused: %+v", set.kind, res.Failed[0])
			}
		}
		res, err := patients.NewService(nil, func() time.Time { return now }).ImportRows(ctx, tx, branchCode, "rush", patientRows)
		if err != nil {
			return fmt.Errorf("patients: %w", err)
		}
		if len(res.Failed) > 0 {
			return fmt.Errorf("patients: rows refused: %+v", res.Failed[0])
		}
		return addAccounts(ctx, tx, o)
	})
	if err != nil {
		return nil, fmt.Errorf("rush branch: %w", err)
	}
	for i := range wards {
		if err := pool.QueryRow(ctx, `SELECT id FROM ward WHERE branch_code = $1 AND code = $2`, branchCode, wards[i].code).
			Scan(&wards[i].id); err != nil {
			return nil, fmt.Errorf("rush branch: ward %s: %w", wards[i].code, err)
		}
	}
	return wards, nil
}

// patientCells are the import cells of patient p, the n-th of the branch, with food rules in
// about a hospital's proportions: an allergy one in four or five (shrimp one in seven,
// peanut and milk one in thirteen, an egg and an unmapped soy allergy one in forty), a
// texture need one in nine (IDDSI food 4 or 5, thick drinks), nil by mouth over today's
// lunch one in twenty, Islam one in twelve, vegetarian one in twenty-five, a therapeutic
// diet one in five, a soft diet one in six.
func patientCells(p patient, n int, now time.Time) map[string]string {
	today := now.Format(time.DateOnly)
	first := []string{"สมชาย", "สมศรี", "ประยุทธ", "มาลี", "วิชัย", "กาญจนา", "สุรชัย", "นงลักษณ์", "อนันต์", "พรทิพย์", "บุญมี"}
	last := []string{"ใจดี", "ศรีสุข", "วงศ์สวัสดิ์", "แก้วมณี", "ทองคำ", "สุขสวัสดิ์", "มั่นคง", "เจริญผล"}
	c := map[string]string{"hnId": p.hn, "firstNameTh": first[n%len(first)], "lastNameTh": last[(n*7)%len(last)],
		"firstNameEn": "Patient", "lastNameEn": p.hn, "gender": []string{"male", "female"}[n%2], "nationality": "ไทย",
		"patientLanguage": "TH", "religionCode": "RE01", "wardCode": p.ward, "roomCode": p.bed, "visitStatus": "Current",
		"admitDate": now.AddDate(0, 0, -1-n%5).Format(time.DateOnly), "plannedDischargeDate": now.AddDate(0, 0, 1+n%4).Format(time.DateOnly),
		"birthday": now.AddDate(-25-(n*7)%60, 0, -(n % 27)).Format(time.DateOnly), "dietTypeCode": "DT01",
		"diagnosis": "ปอดอักเสบ", "medicalOrderStart": today + " 08:00"}
	switch {
	case n%7 == 3:
		c["allergies"] = "AL01"
	case n%13 == 6:
		c["allergies"] = "AL02, AL03"
	case n%40 == 17:
		c["allergies"] = "AL04, ถั่วเหลือง" // soy: no Allergies row, kept unmapped
	}
	if n%9 == 4 {
		c["textureFood"], c["textureDrink"] = []string{"4", "5"}[n%2], "2"
		c["birthday"] = now.AddDate(-75, 0, -(n % 27)).Format(time.DateOnly)
	}
	if n%20 == 11 {
		c["npoFrom"], c["npoTo"] = today+" 06:00", today+" 15:00"
		c["remark"] = "งดน้ำงดอาหารก่อนผ่าตัด"
	}
	if n%12 == 5 {
		c["religionCode"] = "RE02"
	}
	if n%25 == 7 {
		c["vegetarianCode"] = "VG01"
	}
	switch n % 5 {
	case 2:
		c["therapeuticCodes"] = "TF01"
	case 4:
		c["therapeuticCodes"] = "TF02"
	}
	if n%6 == 1 {
		c["dietTypeCode"] = "DT02"
	}
	return c
}

// addAccounts adds the rush's accounts, active, with the demo password.
func addAccounts(ctx context.Context, tx pgx.Tx, o options) error {
	hash, err := auth.HashPassword(demo.Password)
	if err != nil {
		return err
	}
	takers, phones, controller, boards := accountsOf(o)
	all := append(append(append(takers, phones...), controller), boards...)
	for i, a := range all {
		_, err := tx.Exec(ctx, `WITH u AS (
				INSERT INTO app_user (email, employee_code, first_name_th, last_name_th, first_name_en, last_name_en, password_hash,
					status, password_changed_at, created_by, updated_by)
				VALUES ($1, $2, 'ผู้ใช้', $2, 'Rush', $2, $3, 'ACTIVE', now(), 'rush', 'rush') RETURNING id)
			INSERT INTO user_permission (user_id, branch_code, role_code, created_by) SELECT id, $4, $5, 'rush' FROM u`,
			a.email, fmt.Sprintf("RUSH%03d", i+1), hash, branchCode, a.role)
		if err != nil {
			return fmt.Errorf("account %s: %w", a.email, err)
		}
	}
	return nil
}
