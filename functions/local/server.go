package main

import (
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"samrap/functions"
	"samrap/pkg/blob"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
)

// newServer mounts every http function of the registry on one router and adds what only a
// local run has: the health check, the built web app.
func newServer(env *platform.Env) (http.Handler, error) {
	api := env.Router()
	functions.MountAll(env, api)

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
