// Package functions holds THE list of functions (catalog.json): read by functions/local,
// by the CDK app in infra/ and by tests.
package functions

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed catalog.json
var catalogJSON []byte

// Function is one entry of the catalogue.
type Function struct {
	Name            string   `json:"name"`
	Kind            string   `json:"kind"` // http, sqs, schedule, custom-resource
	Uses            []string `json:"uses,omitempty"`
	Routes          []Route  `json:"routes,omitempty"`
	Queue           string   `json:"queue,omitempty"`
	S3Notifications string   `json:"s3Notifications,omitempty"`
	Schedule        string   `json:"schedule,omitempty"`
}

// Route is a method and a whole path (with {wildcards}).
type Route struct {
	Method string `json:"method"`
	Path   string `json:"path"`
}

// Pattern is the route as a net/http ServeMux pattern.
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// Catalog parses the embedded catalogue.
func Catalog() ([]Function, error) {
	var c struct {
		Functions []Function `json:"functions"`
	}
	if err := json.Unmarshal(catalogJSON, &c); err != nil {
		return nil, fmt.Errorf("functions/catalog.json: %w", err)
	}
	return c.Functions, nil
}
