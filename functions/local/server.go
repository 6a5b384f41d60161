package main

import (
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"samrap/functions"
	"samrap/pkg/auth"
	"samrap/pkg/blob"
	"samrap/pkg/files"
	"samrap/pkg/httpx"
	"samrap/pkg/params"
	"samrap/pkg/platform"
	"samrap/pkg/queue"
	"samrap/pkg/users"
)

// workerHandlers maps each sqs function of the catalogue to its worker.
func workerHandlers() map[string]func(*platform.Env) queue.Handler {
	return map[string]func(*platform.Env) queue.Handler{
		"import-worker": files.ImportWorker,
	}
}

// httpMounts maps each http function of the catalogue to the area it serves. A catalogue
// entry missing here, or an area mounted under no entry, fails start-up and the tests.
func httpMounts() map[string]platform.Mount {
	return map[string]platform.Mount{
		"auth":   auth.Mount,
		"users":  users.Mount,
		"params": params.Mount,
		"files":  files.Mount,
	}
}

// newServer mounts every http function of the catalogue on one router and adds what only a
// local run has: the health check, the built web app.
func newServer(env *platform.Env) (http.Handler, error) {
	catalog, err := functions.Catalog()
	if err != nil {
		return nil, err
	}
	mounts := httpMounts()
	api := env.Router()
	for _, f := range catalog {
		if f.Kind != "http" {
			continue
		}
		mount, ok := mounts[f.Name]
		if !ok {
			return nil, fmt.Errorf("functions/local: catalogue function %q has no area mounted", f.Name)
		}
		mount(env, api)
		delete(mounts, f.Name)
	}
	for name := range mounts {
		return nil, fmt.Errorf("functions/local: area %q is not in functions/catalog.json", name)
	}

	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	if env.Outbox != nil {
		// Dev only: the mail a local run has sent, newest first. No Lambda has this route.
		mux.Handle("GET /dev/mail", env.Outbox.Handler())
	}
	if env.Disk != nil {
		mux.Handle(blob.DiskPath, env.Disk.Handler())
	}
	mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		if err := env.DB.Ping(r.Context()); err != nil {
			httpx.Fail(w, r, env.Log, fmt.Errorf("health: %w", err))
			return
		}
		_ = httpx.OK(w, r, map[string]string{"status": "ok"})
	})
	mux.Handle("/", webApp(env.Config.WebDir))
	return withSecurityHeaders(mux)
}

// withSecurityHeaders adds the headers CloudFront adds in the cloud (functions/
// security-headers.json) to every answer, so the app runs locally, and in the browser tests,
// under the production Content-Security-Policy.
func withSecurityHeaders(next http.Handler) (http.Handler, error) {
	h, err := functions.LoadSecurityHeaders()
	if err != nil {
		return nil, err
	}
	plain := h.Header(false)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range plain {
			w.Header()[k] = v
		}
		next.ServeHTTP(w, r)
	}), nil
}

// webApp serves the built React app: files as they are (hashed assets cached for a year),
// and index.html for every other path so that the app's router takes over.
func webApp(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	index := filepath.Join(dir, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if _, err := os.Stat(index); err != nil {
			http.Error(w, "The web app is not built: run `make run` (it builds web/dist) or set WEB_DIR.", http.StatusNotFound)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		if clean != "/" {
			if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(clean))); err == nil && !st.IsDir() {
				if strings.HasPrefix(clean, "/assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, index)
	})
}
