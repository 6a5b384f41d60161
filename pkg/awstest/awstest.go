// Package awstest runs moto_server, the AWS emulator, for tests of the AWS adapters, and
// creates the buckets and queues those tests need. Nothing here mocks AWS: the adapters
// under test talk HTTP to a real emulator.
package awstest

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"samrap/pkg/procgroup"
)

// Server is a running moto_server.
type Server struct {
	URL    string
	cmd    *exec.Cmd
	exited chan error
}

// StartServer starts moto_server on a free port of 127.0.0.1 and waits until it answers.
func StartServer() (*Server, error) {
	path, err := exec.LookPath("moto_server")
	if err != nil {
		return nil, fmt.Errorf("awstest.start: moto_server is not on PATH (pip install 'moto[server]'): %w", err)
	}

	var lastErr error
	for range 3 { // the free port can be taken between choosing and binding it
		port, err := freePort()
		if err != nil {
			return nil, fmt.Errorf("awstest.start: %w", err)
		}
		srv, err := startAt(path, port)
		if err == nil {
			return srv, nil
		}
		lastErr = err
	}
	return nil, fmt.Errorf("awstest.start: %w", lastErr)
}

func startAt(path string, port int) (*Server, error) {
	out := new(bytes.Buffer)
	cmd := exec.Command(path, "-H", "127.0.0.1", "-p", strconv.Itoa(port))
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = procgroup.Attr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run moto_server: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	srv := &Server{URL: "http://127.0.0.1:" + strconv.Itoa(port), cmd: cmd, exited: exited}

	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return nil, fmt.Errorf("moto_server exited (%v): %s", err, out.String())
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := client.Get(srv.URL + "/moto-api/data.json")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return srv, nil
			}
		}
	}
	srv.Close()
	return nil, fmt.Errorf("moto_server did not answer on %s within 30s: %s", srv.URL, out.String())
}

// Close stops the server and waits for it to exit.
func (s *Server) Close() {
	_ = procgroup.Kill(s.cmd)
	select {
	case <-s.exited:
	case <-time.After(5 * time.Second):
	}
}

// Start starts a moto_server for one test and stops it when the test ends. It fails the
// test when moto_server is missing or does not come up.
func Start(t testing.TB) string {
	t.Helper()
	srv, err := StartServer()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv.URL
}

// Shared is one moto_server for a whole test package, started by the first test that asks
// for it. Declare it in the package's tests and close it in TestMain:
//
//	var moto awstest.Shared
//
//	func TestMain(m *testing.M) {
//		code := m.Run()
//		moto.Close()
//		os.Exit(code)
//	}
//
// Tests that share a server use their own bucket and queue names (NewBucket, NewQueue).
type Shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// Endpoint returns the shared server's URL, starting it on the first call.
func (s *Shared) Endpoint(t testing.TB) string {
	t.Helper()
	s.once.Do(func() { s.srv, s.err = StartServer() })
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.srv.URL
}

// Close stops the shared server if it was started.
func (s *Shared) Close() {
	if s.srv != nil {
		s.srv.Close()
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("free port: %w", err)
	}
	defer l.Close()
	addr, ok := l.Addr().(*net.TCPAddr)
	if !ok {
		return 0, errors.New("free port: not a TCP address")
	}
	return addr.Port, nil
}
