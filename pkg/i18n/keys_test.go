package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Issue 11 §5: every message key the code uses exists, in Thai and English (a missing key
// would be answered as the key itself). The test reads every Go file of pkg/ and
// functions/ and checks
//   - every argument that is a message key: httpx.OKMsg's, i18n.T's and i18n.Has's key,
//     errs.New's and errs.WithCode's key;
//   - every other string literal shaped like a key of a namespace the table has
//     ("params.saved", "field.required"), which covers the field maps handed to
//     errs.Fields and the Key/Fields of errs.Error literals. Activity-log actions
//     (Action: "auth.signIn", activity(…, "users.export", …)) are names, not messages,
//     and are left out.
func TestEveryKeyTheCodeUsesExists(t *testing.T) {
	t.Parallel()
	namespaces := map[string]bool{}
	for key := range messages {
		if ns, _, ok := strings.Cut(key, "."); ok {
			namespaces[ns] = true
		}
	}
	keyShape := regexp.MustCompile(`^([a-z][A-Za-z]*)\.[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]$`)
	keyArg := map[string]int{"OKMsg": 2, "T": 1, "Has": 0, "New": 1, "WithCode": 2}
	used, missing := 0, map[string]string{}
	check := func(fset *token.FileSet, lit *ast.BasicLit) {
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return
		}
		used++
		if _, ok := messages[s]; !ok {
			missing[s] = fset.Position(lit.Pos()).String()
		}
	}
	for _, dir := range []string{"../../pkg", "../../functions"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
				strings.Contains(filepath.ToSlash(path), "/dbsqlc/") {
				return err
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			skip := map[*ast.BasicLit]bool{}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Action" {
						if lit, ok := n.Value.(*ast.BasicLit); ok {
							skip[lit] = true
						}
					}
				case *ast.BinaryExpr:
					// a key's prefix ("serve.reason" + code) is checked where the whole key is listed
					if lit, ok := n.X.(*ast.BasicLit); ok && n.Op == token.ADD {
						skip[lit] = true
					}
				case *ast.CallExpr:
					// an activity's action is a label of pkg/logs/actions.go, not a message
					// (activity(...), activityEntry(...), h.s.record(r, ...), audit.Of(r, ...))
					name := ""
					switch fn := n.Fun.(type) {
					case *ast.Ident:
						name = fn.Name
					case *ast.SelectorExpr:
						name = fn.Sel.Name
					}
					if name == "activity" || name == "activityEntry" || name == "record" || name == "Of" {
						for _, a := range n.Args {
							if lit, ok := a.(*ast.BasicLit); ok {
								skip[lit] = true
							}
						}
					}
					sel, ok := n.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					pkg, ok := sel.X.(*ast.Ident)
					i, isKeyFunc := keyArg[sel.Sel.Name]
					if !ok || !isKeyFunc || !(pkg.Name == "httpx" || pkg.Name == "i18n" || pkg.Name == "errs") || i >= len(n.Args) {
						return true
					}
					if lit, ok := n.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						check(fset, lit)
						skip[lit] = true
					}
				}
				return true
			})
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || skip[lit] {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if m := keyShape.FindStringSubmatch(s); err == nil && m != nil && namespaces[m[1]] {
					check(fset, lit)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if used < 100 {
		t.Fatalf("only %d key uses found: the scan is broken", used)
	}
	for key, where := range missing {
		t.Errorf("%s: message %q is not in the table", where, key)
	}
}
