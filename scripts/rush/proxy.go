package main

import (
	"io"
	"net"
	"sync"
)

// proxy relays the app's database connections to PostgreSQL, so the "unreachable" fault can
// take the database away from the app alone: down closes every relayed connection and refuses
// new ones (each accepted connection closed at once, as a refused or reset connection reads
// to a client) until up.
type proxy struct {
	ln     net.Listener
	target string // PostgreSQL's host:port

	mu    sync.Mutex
	down  bool
	conns map[net.Conn]struct{}
}

// startProxy listens on a loopback port and relays to target.
func startProxy(target string) (*proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	go p.serve()
	return p, nil
}

// addr is where the app connects instead of PostgreSQL.
func (p *proxy) addr() string { return p.ln.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return // closed
		}
		go p.relay(c)
	}
}

func (p *proxy) relay(c net.Conn) {
	if !p.track(c) {
		c.Close()
		return
	}
	defer p.untrack(c)
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	if !p.track(up) {
		up.Close()
		return
	}
	defer p.untrack(up)
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done // either side ended: both end
}

// track registers c while the database is reachable (false: it is not).
func (p *proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.down {
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

// setDown takes the database away (every relayed connection closed, new ones refused) or
// gives it back; it answers how many connections it closed.
func (p *proxy) setDown(down bool) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	n := 0
	if down {
		for c := range p.conns {
			c.Close()
			n++
		}
		clear(p.conns)
	}
	return n
}

func (p *proxy) close() {
	p.ln.Close()
	p.setDown(true)
}
