// Command gencatalog writes functions/catalog.json from the registry (functions.List) and the
// areas' route tables. `go generate ./functions` runs it in the functions folder.
package main

import (
	"fmt"
	"os"

	"samrap/functions"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gencatalog:", err)
		os.Exit(1)
	}
}

func run() error {
	b, err := functions.CatalogJSON(functions.List())
	if err != nil {
		return err
	}
	return os.WriteFile("catalog.json", b, 0o644)
}
