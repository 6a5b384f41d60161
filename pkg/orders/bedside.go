package orders

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"samrap/pkg/db"
	"samrap/pkg/i18n"
)

// The bedside re-check (the serve area, docs/serve.md): a stored order's checks run again
// against the patient as now, by the same check function as a submit, so that each rule is
// decided in one place. Only the rules about the patient apply at the bedside: the menu of
// the day, the food scope and the form's version were decided when the order was taken.

// bedsideProblems are the problem codes a tray is refused for at the bedside.
var bedsideProblems = []string{ProblemNPO, ProblemDischarged, ProblemConflict, ProblemTexture, ProblemUnmapped, ProblemFreeText}

// Bedside is an order as the serve area sees it, with its problems re-checked against its
// patient as now (none: the patient may have the tray).
type Bedside struct {
	Order
	Problems []Problem
}

// BedsideCheck reads an order of branch and re-runs its checks against the patient as now,
// in a fixed number of statements (four at most); db.ErrNotFound when the branch has no such
// order. Notes the order recorded (alternative notes, unmapped allergies checked, the rules
// a free-text meal was acknowledged against) count as they did when it was taken. A cancelled order or one that carries no food is answered
// without checks.
func BedsideCheck(ctx context.Context, q db.DBTX, lang i18n.Lang, branch, orderID string) (Bedside, error) {
	if !uuidShape().MatchString(orderID) {
		return Bedside{}, fmt.Errorf("orders.bedside %s: %w", orderID, db.ErrNotFound)
	}
	list, err := Orders(ctx, q, branch, []string{orderID})
	if err != nil {
		return Bedside{}, fmt.Errorf("orders.bedside: %w", err)
	}
	if len(list) == 0 {
		return Bedside{}, fmt.Errorf("orders.bedside %s: %w", orderID, db.ErrNotFound)
	}
	o := list[0]
	b := Bedside{Order: o}
	if o.OrderType != TypeOrder || o.Status == StatusCancelled {
		return b, nil
	}
	d := o.draft(branch, o.DateOrder)
	d.normalise()
	p, err := loadPerson(ctx, q, branch, o.HnID, o.CaregiverInfo)
	if err != nil {
		return Bedside{}, fmt.Errorf("orders.bedside: %w", err)
	}
	meals, _, err := loadMealTypes(ctx, q, branch)
	if err != nil {
		return Bedside{}, fmt.Errorf("orders.bedside: %w", err)
	}
	var menuIDs, setIDs []int64
	for _, it := range d.Items {
		if it.MenuID != 0 {
			menuIDs = append(menuIDs, it.MenuID)
		} else {
			setIDs = append(setIDs, it.MenuSetID)
		}
	}
	// no day menus: whether the dish is on the menu was decided when the order was taken
	cat, err := loadCatalogue(ctx, q, branch, nil, menuIDs, setIDs)
	if err != nil {
		return Bedside{}, fmt.Errorf("orders.bedside: %w", err)
	}
	probs, items := check(lang, d, p, meals, cat)
	for _, pr := range probs {
		if slices.Contains(bedsideProblems, pr.Code) {
			b.Problems = append(b.Problems, pr)
		}
	}
	// an alternative note lets through the conflicts it was accepted with, not one that
	// arose since (a recipe or the patient changed)
	for i, it := range items {
		if strings.TrimSpace(it.AlternativeNote) == "" || i >= len(o.Items) {
			continue
		}
		var fresh []Conflict
		for _, c := range it.Conflicts {
			if c.Overridable() && !slices.ContainsFunc(o.Items[i].Conflicts, func(r Conflict) bool {
				return r.Kind == c.Kind && r.Code == c.Code && r.MenuID == c.MenuID
			}) {
				fresh = append(fresh, c)
			}
		}
		if len(fresh) > 0 {
			b.Problems = append(b.Problems, Problem{Code: ProblemConflict, Field: "items", MenuID: it.MenuID,
				MenuSetID: it.MenuSetID, Conflicts: fresh, Message: i18n.T(lang, problemKeys[ProblemConflict], conflictText(lang, fresh))})
		}
	}
	b.Problems = atPair(d, b.Problems)
	return b, nil
}
