package session

// Scope is whose records a caller reads on the administrators' screens (the activity record,
// the change log, the surveys, work performance): a Super Admin every branch (Branch narrows
// to one, "" for all), anyone else its current branch.
type Scope struct {
	All     bool
	Current string // the caller's current branch
	Branch  string // the branch filter of a Super Admin (entryBranch)
}

// ScopeOf answers c's scope; branch is a Super Admin's entryBranch filter, ignored for others.
func ScopeOf(c *Claims, branch string) Scope {
	s := Scope{}
	if c != nil && c.Current != nil {
		s.Current = c.Current.BranchCode
		s.All = c.Current.RoleCode == SuperAdmin
	}
	if s.All {
		s.Branch = branch
	}
	return s
}
