// Package samples holds real-shaped Lambda events for tests: API Gateway HTTP API (payload
// 2.0) requests as the Lambda functions receive them behind CloudFront, and SQS events as
// the workers receive them. Only tests import it.
//
// Placeholders written {{NAME}} are filled in by Load:
//
//	apigw-v2-post-accessToken.json  {{PASSWORD}} (form-encoded by the caller)
//	apigw-v2-get-branches.json      {{ACCESS_TOKEN}}
package samples

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed *.json
var files embed.FS

// Names of the samples.
const (
	APIGWPostAccessToken = "apigw-v2-post-accessToken.json"
	APIGWGetBranches     = "apigw-v2-get-branches.json"
	SQSS3Put             = "sqs-s3-put.json"
	SQSS3TestEvent       = "sqs-s3-testevent.json"
	SQSImportRequested   = "sqs-import-requested.json"
)

// Load returns a sample with each {{NAME}} replaced by vars[NAME]. It refuses to return a
// sample with a placeholder left unfilled. Values are inserted as they are: JSON-escape
// them if they can hold quotes or backslashes.
func Load(name string, vars map[string]string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("samples.load: %w", err)
	}
	s := string(b)
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{{"+k+"}}", v)
	}
	if i := strings.Index(s, "{{"); i >= 0 {
		end := strings.Index(s[i:], "}}")
		if end < 0 {
			end = len(s) - i - 2
		}
		return nil, fmt.Errorf("samples.load: %s: %s not given", name, s[i:i+end+2])
	}
	return []byte(s), nil
}

// Names lists every sample.
func Names() ([]string, error) {
	entries, err := files.ReadDir(".")
	if err != nil {
		return nil, fmt.Errorf("samples.names: %w", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, nil
}
