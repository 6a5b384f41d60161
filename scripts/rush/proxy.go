package main

import (
	"io"
	"net"
	"sync"
)

// proxy relays the app's database connections to PostgreSQL (or the app's S3/SQS calls to the
// emulator), so a fault can take them away from the app alone, in one of two ways:
//   - down (the "unreachable" and "emulator" faults) closes every relayed connection and
//     refuses new ones (each accepted connection closed at once, as a refused or reset
//     connection reads to a client) until up;
//   - stalled (the "drop" fault) passes nothing either way and leaves new connections
//     unanswered, as a network that drops packets does: nothing is refused or reset, every
//     byte waits, and flows again when the stall ends (TCP would have sent it again).
type proxy struct {
	ln     net.Listener
	target string // PostgreSQL's host:port

	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]struct{}
	resume chan struct{} // closed while bytes flow; a new one while stalled
}

// startProxy listens on a loopback port and relays to target.
func startProxy(target string) (*proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}, resume: make(chan struct{})}
	close(p.resume)
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
	p.pass() // a connection asked for during a stall is not answered until it ends
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
	go func() { p.copy(up, c); done <- struct{}{} }()
	go func() { p.copy(c, up); done <- struct{}{} }()
	<-done // either side ended: both end
}

// copy relays src to dst until either ends, each chunk held while the proxy is stalled.
func (p *proxy) copy(dst io.Writer, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.pass()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// pass waits while the proxy is stalled.
func (p *proxy) pass() {
	p.mu.Lock()
	resume := p.resume
	p.mu.Unlock()
	<-resume
}

// setStalled stalls every relayed connection (nothing passes; new connections wait) or lets
// the bytes flow again; it answers how many connections it stalled.
func (p *proxy) setStalled(stalled bool) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.resume: // flowing
		if stalled {
			p.resume = make(chan struct{})
		}
	default: // stalled
		if !stalled {
			close(p.resume)
		}
	}
	return len(p.conns)
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
	p.setStalled(false)
	p.setDown(true)
}
