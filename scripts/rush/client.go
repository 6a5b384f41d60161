package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"samrap/pkg/demo"
)

// client is one signed-in screen (a phone, a ward's computer, a kitchen screen): it calls the
// API as web/src/lib/api-client.ts does — JSON bodies, the bearer token, Accept-Language —
// and records every answer in stats.
type client struct {
	base  string
	http  *http.Client
	stats *stats
	who   account
	// the session: the access token sent, and the refresh token that renews it (renew)
	mu              sync.Mutex
	token, renewTok string
	// lose, when set (the lost fault), reports whether the answer to this write is lost on its
	// way back: the server did the work, the client sees no answer and sends it again.
	lose func(call string) bool
}

// answer is one HTTP answer: the status and the envelope of docs/api.md.
type answer struct {
	status int
	code   string
	msg    string
	data   json.RawMessage
	sent   time.Time // when the request was sent
	done   time.Time // when its answer was read
	// afterLost: an earlier try of the same request was lost (client.retry), so a refusal
	// may be the first try's work seen again (a cancel answering "already cancelled").
	afterLost bool
	// faultLost: the server answered 200 and the lost fault threw the answer away (client.lose);
	// lostDone: the tries of a retry so lost — work the server did that the caller never saw.
	faultLost bool
	lostDone  int
	// unanswered: the tries of a retry that had no answer at all (the server killed under
	// them): the work may or may not have been done.
	unanswered int
}

// ok: a 2xx answer.
func (a answer) ok() bool { return a.status >= 200 && a.status < 300 }

// lost: an answer that says nothing of whether the write happened — the connection failed
// (status 0) or the server lost its database connection under the write (503 UNAVAILABLE,
// docs/decisions.md).
func (a answer) lost() bool { return a.status == 0 || a.status == http.StatusServiceUnavailable }

func (a answer) String() string { return fmt.Sprintf("%d %s %s", a.status, a.code, a.msg) }

// into decodes the answer's data.
func (a answer) into(v any) error {
	if err := json.Unmarshal(a.data, v); err != nil {
		return fmt.Errorf("answer %d: %w: %.200s", a.status, err, a.data)
	}
	return nil
}

func newHTTP() *http.Client {
	return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256, DisableCompression: true}}
}

// signIn signs in as a (POST /api/auth/accessToken with the form body the Login screen
// sends), then chooses a's pair (POST /api/auth/selectRole), as the Login and SelectRole
// screens do; a lost answer is tried again.
func signIn(ctx context.Context, h *http.Client, base string, st *stats, a account) (*client, error) {
	c := &client{base: base, http: h, stats: st, who: a}
	return c, c.signIn(ctx)
}

// tokens is the answer of a sign-in, a role chosen or a refresh.
type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
}

// signIn signs the client's person in and chooses the pair.
func (c *client) signIn(ctx context.Context) error {
	a := c.who
	form := url.Values{"username": {a.email}, "password": {demo.Password}}
	c.setTokens(tokens{})
	var tok tokens
	res := c.retry(ctx, "auth/accessToken", func() answer {
		return c.do(ctx, "auth/accessToken", http.MethodPost, "/api/auth/accessToken", "application/x-www-form-urlencoded",
			[]byte(form.Encode()))
	})
	if !res.ok() || res.into(&tok) != nil {
		return fmt.Errorf("sign in as %s: %s", a.email, res)
	}
	c.setTokens(tok)
	res = c.retry(ctx, "auth/selectRole", func() answer {
		return c.post(ctx, "auth/selectRole", "/api/auth/selectRole", map[string]string{"branchCode": branchCode, "roleCode": a.role})
	})
	if !res.ok() || res.into(&tok) != nil {
		return fmt.Errorf("select role %s of %s: %s", a.role, a.email, res)
	}
	c.setTokens(tok)
	return nil
}

func (c *client) setTokens(t tokens) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.token = t.AccessToken
	if t.RefreshToken != "" || t.AccessToken == "" {
		c.renewTok = t.RefreshToken
	}
}

// renew renews the session whose access token used was answered 401 (it expired: 15
// minutes, and a full rush on a loaded machine lasts longer), as the web app does: the refresh
// token once (never sent twice: it rotates), else a new sign-in. Another request of the
// client may have renewed it already. It answers whether there is a new token to send.
func (c *client) renew(ctx context.Context, used string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != used {
		return true
	}
	if c.renewTok != "" {
		a := c.send(ctx, "auth/refresh-token", http.MethodGet, "/api/auth/refresh-token?"+url.Values{"refreshToken": {c.renewTok}}.Encode(), "", nil, "")
		var tok tokens
		if a.ok() && a.into(&tok) == nil && tok.AccessToken != "" {
			c.token, c.renewTok = tok.AccessToken, tok.RefreshToken
			return true
		}
	}
	c.mu.Unlock()
	err := c.signIn(ctx)
	c.mu.Lock()
	return err == nil
}

// get calls GET /api/<path>?query, recorded as name.
func (c *client) get(ctx context.Context, name, path string, query url.Values) answer {
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	return c.do(ctx, name, http.MethodGet, path, "", nil)
}

// post calls POST path with body as JSON, recorded as name.
func (c *client) post(ctx context.Context, name, path string, body any) answer {
	b, err := json.Marshal(body)
	if err != nil {
		panic(err) // the rush's own bodies always encode
	}
	return c.do(ctx, name, http.MethodPost, path, "application/json", b)
}

// download GETs a signed link (no bearer token: the link is the permission), its bytes in
// data.
func (c *client) download(ctx context.Context, name, link string) answer {
	a := answer{sent: time.Now()}
	res, err := c.http.Get(link)
	if err == nil {
		a.data, err = io.ReadAll(res.Body)
		res.Body.Close()
		a.status = res.StatusCode
	}
	if err != nil {
		a.status, a.msg = 0, err.Error()
	}
	a.done = time.Now()
	c.stats.add(name, a)
	return a
}

// do calls the API (the token renewed and the call sent again once on a 401 of an expired
// session: renew).
func (c *client) do(ctx context.Context, name, method, path, contentType string, body []byte) answer {
	c.mu.Lock()
	token := c.token
	c.mu.Unlock()
	a := c.send(ctx, name, method, path, contentType, body, token)
	if a.status == http.StatusUnauthorized && token != "" && !strings.HasPrefix(name, "auth/") && c.renew(ctx, token) {
		c.mu.Lock()
		token = c.token
		c.mu.Unlock()
		a = c.send(ctx, name, method, path, contentType, body, token)
	}
	return a
}

func (c *client) send(ctx context.Context, name, method, path, contentType string, body []byte, token string) answer {
	a := answer{sent: time.Now()}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		panic(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Accept-Language", "en")
	res, err := c.http.Do(req)
	if err == nil {
		var raw []byte
		raw, err = io.ReadAll(res.Body)
		res.Body.Close()
		a.status = res.StatusCode
		var env struct {
			Code string          `json:"code"`
			Msg  string          `json:"msg"`
			Data json.RawMessage `json:"data"`
		}
		if len(raw) > 0 && json.Unmarshal(raw, &env) == nil {
			a.code, a.msg, a.data = env.Code, env.Msg, env.Data
		}
	}
	if err != nil {
		a.status, a.msg = 0, err.Error()
	}
	if a.status == http.StatusOK && method == http.MethodPost && c.lose != nil && c.lose(name) {
		a = answer{sent: a.sent, msg: "answer lost (fault)", faultLost: true}
	}
	a.done = time.Now()
	c.stats.add(name, a)
	return a
}

// retry calls call again while its answer is lost (a 503 or no answer) with the same body, so
// the same idempotency key or request id, as docs/api.md tells a client to (the web app reloads
// the page on a 5xx instead: docs/rush.md). It answers the last answer; each try is recorded.
func (c *client) retry(ctx context.Context, name string, call func() answer) answer {
	var a answer
	lost, lostDone, unanswered := false, 0, 0
	for try := 1; try <= 10; try++ {
		a = call()
		a.afterLost = lost
		if a.faultLost {
			lostDone++
		} else if a.status == 0 {
			unanswered++
		}
		a.lostDone, a.unanswered = lostDone, unanswered
		if !a.lost() || ctx.Err() != nil {
			return a
		}
		lost = true
		// 0.3 s, 0.6 s, … up to 2 s a wait: about 12 s in all, past a 10 s outage
		time.Sleep(min(time.Duration(try)*300*time.Millisecond, 2*time.Second))
	}
	return a
}

// ---- stats ----

// stats are the answers of the rush, by call.
type stats struct {
	mu     sync.Mutex
	calls  map[string]*callStats
	errors []serverError // every 5xx answer
}

// serverError is a 5xx answer: the call, when, and what it said.
type serverError struct {
	call string
	a    answer
}

type callStats struct {
	took    []time.Duration
	classes map[string]int // "2xx", "409", "5xx 503 UNAVAILABLE", "net"
}

func newStats() *stats { return &stats{calls: map[string]*callStats{}} }

func (s *stats) add(name string, a answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.calls[name]
	if c == nil {
		c = &callStats{classes: map[string]int{}}
		s.calls[name] = c
	}
	c.took = append(c.took, a.done.Sub(a.sent))
	class := fmt.Sprintf("%dxx", a.status/100)
	switch {
	case a.status == 0:
		class = "no answer"
	case a.status >= 500:
		class = fmt.Sprintf("%d %s", a.status, a.code)
		s.errors = append(s.errors, serverError{name, a})
	case a.status >= 400:
		class = fmt.Sprintf("%d %s", a.status, a.code)
	}
	c.classes[class]++
}

// print writes p50/p95/p99 and the answers by class of every call, in name order.
func (s *stats) print(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var names []string
	for n := range s.calls {
		names = append(names, n)
	}
	slices.Sort(names)
	fmt.Fprintf(w, "  %-30s %6s %8s %8s %8s   %s\n", "call", "n", "p50 ms", "p95 ms", "p99 ms", "answers")
	calls := 0
	for _, n := range names {
		c := s.calls[n]
		slices.Sort(c.took)
		var classes []string
		for k, v := range c.classes {
			classes = append(classes, fmt.Sprintf("%s ×%d", k, v))
		}
		slices.Sort(classes)
		fmt.Fprintf(w, "  %-30s %6d %8.1f %8.1f %8.1f   %s\n", n, len(c.took), ms(pct(c.took, 50)), ms(pct(c.took, 95)),
			ms(pct(c.took, 99)), strings.Join(classes, ", "))
		if !strings.HasPrefix(n, "(") {
			calls += len(c.took)
		}
	}
	fmt.Fprintf(w, "  %d calls to the server, %d answered 5xx\n", calls, len(s.errors))
}

// p95 answers the 95th percentile of call name.
func (s *stats) p95(name string) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.calls[name]
	if c == nil {
		return 0
	}
	slices.Sort(c.took)
	return pct(c.took, 95)
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100 // nearest rank
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
