package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"samrap/functions"
	"samrap/pkg/blob"
	"samrap/pkg/day"
	"samrap/pkg/demo"
	"samrap/pkg/hl7feed"
	"samrap/pkg/hospital/fhirdemo"
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
	if env.Config.DemoData {
		// Dev only: the demo hospital of each demo branch, as FHIR R4, to this machine only
		// (the demo branches' connector settings point here).
		for _, b := range demo.Branches() {
			prefix := "/dev/fhir/" + b
			h := http.StripPrefix(prefix, fhirdemo.Handler(demo.HospitalCensus(b, env.Now())))
			mux.Handle(prefix+"/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if !httpx.FromLoopback(r) {
					http.NotFound(w, r)
					return
				}
				h.ServeHTTP(w, r)
			}))
		}
		// Dev only: the demo hospital's HL7 v2 feed of a branch — POST /dev/hl7/<branch> sends
		// a day of ADT and diet-order messages (docs/hl7.md) through the feed, to this machine
		// only; the answer is their ACKs.
		feed := hl7feed.NewReceiver(env.DB, env.FIFOQueue(hl7feed.Queue), env.Now)
		mux.HandleFunc("POST /dev/hl7/{branch}", func(w http.ResponseWriter, r *http.Request) {
			b := r.PathValue("branch")
			if !httpx.FromLoopback(r) || !slices.Contains(demo.Branches(), b) {
				http.NotFound(w, r)
				return
			}
			now := env.Now().In(day.Bangkok)
			out := &hl7feed.Sender{Facility: b, Prefix: "DEMO" + now.Format("150405")}
			acks, err := feed.Send(r.Context(), b, out.Day(demo.HospitalCensus(b, now), demo.HospitalDischarged(b, now), now))
			if err != nil {
				httpx.Fail(w, r, env.Log, err)
				return
			}
			w.Header().Set("Content-Type", hl7feed.ContentType)
			_, _ = w.Write(acks)
		})
		// Whether this server sends a branch's demo day (the feed screen shows its button then:
		// in the cloud /dev/ is the web app's page, never this answer).
		mux.HandleFunc("GET /dev/hl7/{branch}", func(w http.ResponseWriter, r *http.Request) {
			if !httpx.FromLoopback(r) || !slices.Contains(demo.Branches(), r.PathValue("branch")) {
				http.NotFound(w, r)
				return
			}
			_ = httpx.OK(w, r, map[string]bool{"demoSender": true})
		})
	}
	mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		if err := env.DB.Ping(r.Context()); err != nil {
			httpx.Fail(w, r, env.Log, fmt.Errorf("health: %w", err))
			return
		}
		_ = httpx.OK(w, r, map[string]string{"status": "ok"})
	})
	mux.Handle(CSPReportPath, (&cspReports{}).handler())
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
	// the production policy, reporting what it blocks to this server (the browser tests fail
	// on any report)
	plain.Set("Content-Security-Policy", plain.Get("Content-Security-Policy")+"; report-uri "+CSPReportPath)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range plain {
			w.Header()[k] = v
		}
		next.ServeHTTP(w, r)
	}), nil
}

// webApp serves the built React app: files as they are (hashed assets cached for a year),
// and index.html for every other path so that the app's router takes over. Text files go
// out gzip-encoded to browsers that accept it, as CloudFront sends them.
func webApp(dir string) http.Handler {
	index := filepath.Join(dir, "index.html")
	gz := &gzipCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		indexSt, err := os.Stat(index)
		if err != nil {
			http.Error(w, "The web app is not built: run `make run` (it builds web/dist) or set WEB_DIR.", http.StatusNotFound)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		if clean != "/" {
			file := filepath.Join(dir, filepath.FromSlash(clean))
			if st, err := os.Stat(file); err == nil && !st.IsDir() {
				if strings.HasPrefix(clean, "/assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				gz.serve(w, r, file, st)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		gz.serve(w, r, index, indexSt)
	})
}

// gzipCache keeps the gzip encoding of each text file of the app, made once per version of
// the file (its size and modification time).
type gzipCache struct {
	mu    sync.Mutex
	files map[string]gzipped
}

type gzipped struct {
	size    int64
	modTime time.Time
	body    []byte
}

var compressible = map[string]bool{".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".txt": true, ".map": true}

func (c *gzipCache) serve(w http.ResponseWriter, r *http.Request, file string, st os.FileInfo) {
	ext := strings.ToLower(filepath.Ext(file))
	if !compressible[ext] {
		http.ServeFile(w, r, file)
		return
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		http.ServeFile(w, r, file)
		return
	}
	body, err := c.get(file, st)
	if err != nil {
		http.ServeFile(w, r, file)
		return
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, "", st.ModTime(), bytes.NewReader(body))
}

func (c *gzipCache) get(file string, st os.FileInfo) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.files[file]; ok && g.size == st.Size() && g.modTime.Equal(st.ModTime()) {
		return g.body, nil
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if c.files == nil {
		c.files = map[string]gzipped{}
	}
	c.files[file] = gzipped{size: st.Size(), modTime: st.ModTime(), body: buf.Bytes()}
	return buf.Bytes(), nil
}

// acceptsGzip reads an Accept-Encoding header: gzip listed without q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.TrimSpace(name) != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
