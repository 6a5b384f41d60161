package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"samrap/pkg/procgroup"
)

// child is functions/local run as a process of its own, as `make run` runs it (the kill and
// emulator faults): built once, and started again after a SIGKILL on the same port,
// database, files and emulator.
type child struct {
	bin  string   // the built functions/local
	env  []string // its environment
	log  io.Writer
	base string // http://127.0.0.1:port, its API

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
}

// built is functions/local built once a process (removeBuild removes it).
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// buildLocal builds functions/local, once (the go command, in the rush's module).
func buildLocal(ctx context.Context) (string, error) {
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "samrap-rush-bin-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "samrap-local")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", built.bin, "samrap/functions/local")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("build functions/local: %w: %s", err, out)
		}
	})
	return built.bin, built.err
}

// removeBuild removes what buildLocal built.
func removeBuild() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// childEnv is the rush's environment with vars set over it.
func childEnv(vars map[string]string) []string {
	var out []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !hasKey(vars, k) {
			out = append(out, kv)
		}
	}
	for k, v := range vars {
		out = append(out, k+"="+v)
	}
	return out
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }

// start starts the server and waits until GET /api/health answers 200 (it migrates, loads
// the demo data and runs its scheduled jobs once first, as at every start).
func (c *child) start(ctx context.Context) error {
	cmd := exec.Command(c.bin)
	cmd.Env, cmd.Stdout, cmd.Stderr = c.env, c.log, c.log
	cmd.SysProcAttr = procgroup.Attr()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start functions/local: %w", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	c.mu.Lock()
	c.cmd, c.exited = cmd, exited
	c.mu.Unlock()
	h := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		select {
		case <-exited:
			return fmt.Errorf("functions/local exited at start (its log: the server log)")
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if res, err := h.Get(c.base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("functions/local did not answer on %s within 60 s", c.base)
}

// pid answers the server's process id.
func (c *child) pid() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cmd.Process.Pid
}

// kill kills the server with SIGKILL (no shutdown: requests in flight die with it, their
// transactions rolled back by PostgreSQL) and waits for it to be gone.
func (c *child) kill() {
	c.mu.Lock()
	cmd, exited := c.cmd, c.exited
	c.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = procgroup.Kill(cmd)
	<-exited
}

// stop ends the server as ^C does.
func (c *child) stop() {
	c.mu.Lock()
	cmd, exited := c.cmd, c.exited
	c.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		c.kill()
	}
}
