package hospital

// The default maps every branch gets, before its own: SNOMED CT's IDDSI concepts to IDDSI
// levels, and SNOMED CT allergen substances (and "allergy to ..." findings) to the 14
// allergen groups of EU Regulation 1169/2011 Annex II. A branch maps a group to its own
// allergen row with a Maps.Allergens entry keyed by the group (for example "peanuts": "AL02").
// They are switches rather than map literals so that they cost nothing at package init.
// Only concepts whose identifiers were checked against published FHIR content are listed
// (docs/hospital.md says where the gaps are); a branch adds others with Maps.Textures and
// Maps.Allergens.

// SNOMED is the system URI of SNOMED CT.
const SNOMED = "http://snomed.info/sct"

// The EU-14 allergen groups, the keys a branch's Maps.Allergens may use.
const (
	GroupGluten      = "gluten" // cereals containing gluten
	GroupCrustaceans = "crustaceans"
	GroupEggs        = "eggs"
	GroupFish        = "fish"
	GroupPeanuts     = "peanuts"
	GroupSoybeans    = "soybeans"
	GroupMilk        = "milk"
	GroupTreeNuts    = "tree-nuts"
	GroupCelery      = "celery"
	GroupMustard     = "mustard"
	GroupSesame      = "sesame"
	GroupSulphites   = "sulphites"
	GroupLupin       = "lupin"
	GroupMolluscs    = "molluscs"
)

// defaultIDDSI returns the IDDSI level a SNOMED CT concept stands for.
func defaultIDDSI(system, code string) (int, bool) {
	if system != SNOMED {
		return 0, false
	}
	switch code {
	// IDDSI Framework qualifier values (SNOMED CT international edition).
	case "1231508001": // Thin Level 0
		return 0, true
	case "1237442003": // Mildly Thick Level 2
		return 2, true
	case "1237447009": // Pureed Level 4
		return 4, true
	case "1237448004": // Minced and Moist Level 5
		return 5, true
	case "1237449007": // Soft and Bite Sized Level 6
		return 6, true
	case "1237451006": // Regular Level 7
		return 7, true
	// IDDSI diets (regime/therapy), as HL7's pureed-diet example codes its diet.
	case "1255823003": // Minced and Moist Level 5 food
		return 5, true
	case "1255825005": // Pureed Level 4 food
		return 4, true
	// The US extension's liquid consistencies that FHIR R4's examples use, at the IDDSI
	// level IDDSI gives them.
	case "439081000124109": // thin liquid
		return 0, true
	case "439021000124105": // nectar thick liquid
		return 2, true
	case "439031000124108": // honey thick liquid
		return 3, true
	case "439041000124103": // spoon thick liquid
		return 4, true
	}
	return 0, false
}

// defaultAllergenGroups returns the EU-14 groups a SNOMED CT substance or allergy finding
// belongs to.
func defaultAllergenGroups(system, code string) []string {
	if system != SNOMED {
		return nil
	}
	switch code {
	case "89811004", "412071004", "420174000": // gluten; wheat; allergy to wheat
		return []string{GroupGluten}
	case "735977009": // marine crustacean
		return []string{GroupCrustaceans}
	case "735029006", "300913006": // shellfish; allergy to shellfish
		return []string{GroupCrustaceans, GroupMolluscs}
	case "770326002": // mollusk
		return []string{GroupMolluscs}
	case "102263004", "303300008", "213020009": // eggs (edible); egg protein; allergy to egg protein
		return []string{GroupEggs}
	case "735971005", "417532002": // fish; allergy to fish
		return []string{GroupFish}
	case "762952008", "91935009": // peanut; allergy to peanut
		return []string{GroupPeanuts}
	case "91934008": // allergy to nut (peanuts included)
		return []string{GroupTreeNuts, GroupPeanuts}
	case "7791007", "782594005": // soy protein; allergy to soy protein
		return []string{GroupSoybeans}
	case "3718001", "264295007", "782555009": // cow's milk; cow's milk protein; allergy to it
		return []string{GroupMilk}
	case "256326004", "712843002": // celery; allergy to celery
		return []string{GroupCelery}
	case "51905005": // mustard
		return []string{GroupMustard}
	case "260167008": // sesame seed
		return []string{GroupSesame}
	case "767406000": // sulfite and sulfite derivative
		return []string{GroupSulphites}
	case "710179004", "719108000", "782575000": // lupine seed; lupin flour; allergy to lupine seed
		return []string{GroupLupin}
	}
	return nil
}
