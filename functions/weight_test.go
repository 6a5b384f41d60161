package functions_test

import (
	"os/exec"
	"strings"
	"testing"

	"samrap/functions"
)

// Each Lambda links only what it uses (issue 28 §1, docs/benchmarks.md "Function weight"):
// a workbook reader (excelize, extrame/xls) only in the functions that read uploaded
// workbooks, and no SDK service client but SQS's, where a queue is wired (S3 and SES are
// spoken over HTTP with the SDK's SigV4 signer). Writing a workbook (pkg/xlsx) links no
// reader.
func TestFunctionsLinkOnlyWhatTheyUse(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "samrap/pkg/xlsx").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/") {
			t.Errorf("pkg/xlsx links %s", p)
		}
	}

	readers := map[string]bool{"files": true, "import-worker": true}
	args := []string{"list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}"}
	for _, f := range functions.List() {
		args = append(args, "samrap/functions/"+f.Name)
	}
	out, err = exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for line := range strings.Lines(string(out)) {
		deps := strings.Fields(line)
		name := strings.TrimPrefix(deps[0], "samrap/functions/")
		for _, d := range deps[1:] {
			reader := strings.HasPrefix(d, "github.com/xuri/excelize") || strings.HasPrefix(d, "github.com/extrame/xls")
			service := strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/service/") && !strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/service/sqs") &&
				!strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/service/internal/")
			if reader && !readers[name] || service {
				t.Errorf("%s links %s", name, d)
			}
		}
	}
}
