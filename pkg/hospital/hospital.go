// Package hospital reads a branch's inpatient census from its hospital and says what a sync
// would change in Samrap. It has three parts, used in this order by the patient sync:
//
//  1. A Connector fetches the Census: each admitted patient with encounter, location, food
//     allergies and diet order, still in the hospital's own codes (FHIR R4 is the one
//     implementation: NewFHIR).
//  2. Maps.Apply turns the census into Samrap's terms (ward, diet, allergen, ingredient and
//     IDDSI codes), keeping every code it cannot map in Patient.Unmapped.
//  3. Diff compares Samrap's current patients of the branch with the mapped census and
//     returns the ChangeSet to apply and record.
//
// The package knows nothing of the database, HTTP routes or AWS: the caller loads the
// branch's Settings, fetches its Credentials from where they are kept, and stores the result.
package hospital

import (
	"context"
	"errors"
	"time"
)

// Connector reads the census of one branch from its hospital.
type Connector interface {
	// Census returns every patient the hospital has in an inpatient stay now.
	Census(ctx context.Context) (Census, error)
	// Probe fetches one page and says what it found; it is the "test connection" of the
	// branch's settings.
	Probe(ctx context.Context) (ProbeResult, error)
}

// Census is what the hospital said, in its own codes.
type Census struct {
	Admissions []Admission
	// Skipped are resources that could not be read (malformed, or an encounter without a
	// patient identifier); they are counted, never silently dropped.
	Skipped []Skipped
	// Warnings are what the census could not complete of a patient it lists (a location
	// not found): the patient is kept, the warning listed in the sync's report.
	Warnings []Warning
	Pages    int // pages fetched, every search counted
}

// Warning is one thing missing from a patient of the census.
type Warning struct {
	HN       string
	Kind     string // WarnLocationNotFound
	Resource string // "Location/123"
}

// WarnLocationNotFound: the encounter names a location the hospital did not give, included
// or read by id; the patient has no ward or bed from it.
const WarnLocationNotFound = "locationNotFound"

// Skipped is one resource the connector could not use.
type Skipped struct {
	Resource string // "Encounter/123"
	Reason   string
}

// Admission is one patient in an inpatient stay, as the hospital records it.
type Admission struct {
	HN          string // hospital number: the Patient identifier the settings name
	PatientID   string // the hospital system's resource id
	EncounterID string
	NameTh      string
	NameEn      string
	Gender      string // FHIR administrative gender: male, female, other, unknown
	BirthDate   string // FHIR date: YYYY, YYYY-MM or YYYY-MM-DD; empty when unknown
	Ward        string // hospital location codes; empty when the hospital gives none
	Room        string
	Bed         string
	Admitted    time.Time   // start of the encounter
	PlannedEnd  *time.Time  // planned discharge, when the hospital gives one
	Allergies   []Concept   // active food allergies and intolerances
	Diets       []DietOrder // active diet orders; none when the hospital has none
}

// DietOrder is one active oral-diet order (a NutritionOrder).
type DietOrder struct {
	Types    []Concept // oralDiet.type
	Textures []Concept // oralDiet.texture.modifier (foods)
	Fluids   []Concept // oralDiet.fluidConsistencyType (drinks)
	Excludes []Concept // excludeFoodModifier
	// From and To bound the order (the schedule's bounds, else the order's date); they
	// become the NPO window when a type means nothing by mouth.
	From *time.Time
	To   *time.Time
}

// Concept is a FHIR CodeableConcept: codings and a text.
type Concept struct {
	Codings []Coding
	Text    string
}

// Coding is one code of a code system.
type Coding struct {
	System  string
	Code    string
	Display string
}

// Label is the concept's text for a person: its text, else the first display, else the
// first code.
func (c Concept) Label() string {
	if c.Text != "" {
		return c.Text
	}
	for _, cd := range c.Codings {
		if cd.Display != "" {
			return cd.Display
		}
	}
	if len(c.Codings) > 0 {
		return c.Codings[0].Code
	}
	return ""
}

// ProbeResult says what one page of the census search returned.
type ProbeResult struct {
	Total      *int // the server's count of matching encounters, when it gives one
	Encounters int  // encounters on the first page
	Patients   int  // of which with a readable patient and HN
	Locations  int  // of which with a ward
	HasNext    bool // the server offers a next page
	Elapsed    time.Duration
}

// Failures a caller tells apart. Every other error is a network or server failure that
// persisted through the retries.
var (
	// ErrUnauthorized: the hospital refused the credentials (401, or the token endpoint
	// refused them). Retrying will not help; the settings or the secret must change.
	ErrUnauthorized = errors.New("hospital: the hospital refused the credentials")
	// ErrForbidden: the credentials are valid but may not read the census (403).
	ErrForbidden = errors.New("hospital: the credentials may not read the census")
	// ErrUnavailable: the hospital answered 429 or 5xx, or did not answer, through every retry.
	ErrUnavailable = errors.New("hospital: the hospital is unavailable")
	// ErrBadResponse: the hospital answered something that is not a FHIR R4 search bundle.
	ErrBadResponse = errors.New("hospital: the hospital's answer is not a FHIR bundle")
)
