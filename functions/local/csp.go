package main

import (
	"encoding/json"
	"io"
	"net/http"
	"sync"

	"samrap/pkg/httpx"
)

// CSPReportPath is where browsers report what the Content-Security-Policy blocked, locally:
// the browser tests read it and fail on any report (web/e2e/run.mjs). The cloud sends the
// policy without a report address.
const CSPReportPath = "/dev/csp-report"

// cspReports keeps the last reports the browsers sent.
type cspReports struct {
	mu   sync.Mutex
	list []json.RawMessage
}

const maxCSPReports = 200

// handler takes reports (POST, from any page of this server) and lists them (GET, to this
// machine only), oldest first.
func (c *cspReports) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost:
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
			if err != nil || !json.Valid(body) {
				http.Error(w, "not a report", http.StatusBadRequest)
				return
			}
			c.mu.Lock()
			if len(c.list) < maxCSPReports {
				c.list = append(c.list, body)
			}
			c.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		case http.MethodGet:
			if !httpx.FromLoopback(r) {
				http.NotFound(w, r)
				return
			}
			c.mu.Lock()
			list := append([]json.RawMessage{}, c.list...)
			c.mu.Unlock()
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			_ = json.NewEncoder(w).Encode(list)
		default:
			w.Header().Set("Allow", "GET, POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}
