package imports

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"samrap/pkg/i18n"
)

// Importer is what an area registers for one type of import: the pipeline stores the
// upload, reads the workbook by the importer's columns, hands it the rows in the job's
// transaction and writes the rows it refuses to the failed-rows workbook. The pipeline
// knows no area; the composition (pkg/files, functions/import-worker) lists the importers.
type Importer struct {
	// Type names the job (import_job.kind, the folder of its upload key, the upload's
	// "type" field).
	Type string
	// Roles may upload the type and read its jobs.
	Roles []string
	// Exts are the file extensions accepted, lower case with the dot (".xlsx", ".xls").
	Exts []string
	// Columns are how a row is read: the header is the first row naming Columns[0] (a few
	// title rows may stand above it), and each header cell naming a column gives that
	// column's cell of every row. A failed row's reason names its column in the uploader's
	// language.
	Columns []Column
	// Load loads the rows in the job's transaction, answering what it did and the rows it
	// refused (with their reasons); an error rolls the job back to be tried again.
	Load func(ctx context.Context, tx pgx.Tx, job Job, rows []Row) (Result, error)
}

// Column is a column of an import's workbook: the key a row's cell is found under and its
// header in Thai and English. A header cell may be "Thai / English" (as templates and
// exports write it), the Thai, the English or the key itself.
type Column struct {
	Key    string
	Th, En string
}

// Header is the header cell a template writes.
func (c Column) Header() string { return i18n.Bilingual(c.Th, c.En) }

// Row is one data row: its line in the sheet and its cells by column key (every column the
// header names has a cell, empty when the row ends before it).
type Row struct {
	Line  int
	Cells map[string]string
}

var listSeparators = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[,;\n]+`) })

// SplitList reads a cell that lists several values: separated by commas, semicolons or line
// breaks, each trimmed, the empty ones left out.
func SplitList(s string) []string {
	var out []string
	for _, item := range listSeparators().Split(s, -1) {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// RowError says why a row was refused: its line, the column key (may be empty) and a
// message key of pkg/i18n.
type RowError struct {
	Line  int
	Field string
	Key   string
}

// Result is what an import did. Invite, when set, runs after the job's transaction commits
// and answers how many e-mails it sent and how many failed (a user import's invitations).
type Result struct {
	Added, Updated, Deleted, Unchanged int
	Failed                             []RowError
	Invite                             func(ctx context.Context) (sent, failed int)
}

// Registry holds the importers by type.
type Registry map[string]Importer

// NewRegistry registers imps; a type registered twice keeps the last.
func NewRegistry(imps ...Importer) Registry {
	r := Registry{}
	for _, imp := range imps {
		r[imp.Type] = imp
	}
	return r
}

// Roles answers every role some importer allows, sorted: the roles that may read jobs.
func (r Registry) Roles() []string {
	var roles []string
	for _, imp := range r {
		for _, role := range imp.Roles {
			if !slices.Contains(roles, role) {
				roles = append(roles, role)
			}
		}
	}
	slices.Sort(roles)
	return roles
}

// Allows reports whether role may upload typ and read its jobs.
func (r Registry) Allows(typ, role string) bool {
	imp, ok := r[typ]
	return ok && slices.Contains(imp.Roles, role)
}

// Accepts reports whether the importer takes a file named name.
func (imp Importer) Accepts(name string) bool {
	return slices.Contains(imp.Exts, ext(name))
}

func ext(name string) string {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return ""
	}
	return strings.ToLower(name[i:])
}
