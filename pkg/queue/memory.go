package queue

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	lambdaevents "github.com/aws/aws-lambda-go/events"
)

// MemoryConfig tunes a Memory queue. Zero values take the defaults.
type MemoryConfig struct {
	Name        string        // in the event source ARN; default "local"
	MaxReceives int           // deliveries before the dead-letter list (SQS maxReceiveCount); default 3
	Backoff     time.Duration // wait before redelivery n is n×Backoff; default 200ms
	Concurrency int           // handlers running at once; default 1
	// BatchSize is how many messages a FIFO queue hands the handler at once (the event
	// source mapping's batch size: up to 10 on SQS): the waiting messages of every group not
	// being handled, each group's in the order sent; default 1. Other queues deliver one.
	BatchSize int
	Log       *slog.Logger // failures are logged here; default: discarded
}

// DeadLetter is a message that failed MaxReceives times.
type DeadLetter struct {
	Message lambdaevents.SQSMessage
	Err     string // the last failure
	Time    time.Time
}

// Memory is an in-process queue: each message sent is delivered, in its own goroutine, to
// the handler as a one-record SQS event shaped as Lambda shapes it. A message the handler
// fails (an error, a panic, or its id in BatchItemFailures) is delivered again after a
// backoff, up to MaxReceives times, then kept in the dead-letter list.
type Memory struct {
	handler Handler
	cfg     MemoryConfig
	arn     string
	sem     chan struct{}

	// ctx is given to the handler; Shutdown cancels it when its own context ends.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	closed bool
	dead   []DeadLetter
	// FIFO: the deduplication ids sent within DedupWindow, each group's messages waiting
	// (and whether one of its messages is being handled or waits to be tried again), the
	// groups in the order their messages came, and a poke for the dispatcher.
	sent   map[string]time.Time
	groups map[string]*fifoGroup
	order  []string
	poke   chan struct{}
}

type fifoGroup struct {
	waiting []lambdaevents.SQSMessage
	busy    bool
}

// NewMemory returns a queue delivering to h.
func NewMemory(h Handler, cfg MemoryConfig) *Memory {
	if cfg.Name == "" {
		cfg.Name = "local"
	}
	if cfg.MaxReceives <= 0 {
		cfg.MaxReceives = 3
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 200 * time.Millisecond
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 1
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Memory{
		handler: h,
		cfg:     cfg,
		arn:     "arn:aws:sqs:local:000000000000:" + cfg.Name,
		sem:     make(chan struct{}, cfg.Concurrency),
		ctx:     ctx,
		cancel:  cancel,
	}
}

// Send queues body for delivery. ctx is not the delivery's: the message outlives the
// request that sent it, as it does on SQS.
func (m *Memory) Send(ctx context.Context, body []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return fmt.Errorf("queue.send: %s: %w", m.cfg.Name, ErrClosed)
	}
	m.wg.Add(1)
	go m.deliver(m.message(body))
	return nil
}

// DedupWindow is how long a FIFO queue remembers a deduplication id (SQS: five minutes).
const DedupWindow = 5 * time.Minute

// SendFIFO queues body as a FIFO queue does: the messages of group are delivered in the
// order sent, and none while an earlier one of the group is being handled or waits to be
// tried again (a failed message holds the ones after it); up to BatchSize messages of the
// groups not being handled go to the handler at once; a message whose dedup id was sent
// within DedupWindow is accepted and dropped.
func (m *Memory) SendFIFO(ctx context.Context, body []byte, group, dedup string) error {
	if group == "" || dedup == "" {
		return fmt.Errorf("queue.sendFIFO: %s: a group and a deduplication id are needed", m.cfg.Name)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return fmt.Errorf("queue.sendFIFO: %s: %w", m.cfg.Name, ErrClosed)
	}
	now := time.Now()
	if m.sent == nil {
		m.sent, m.groups, m.poke = map[string]time.Time{}, map[string]*fifoGroup{}, make(chan struct{}, 1)
		go m.dispatch()
	}
	for id, at := range m.sent {
		if now.Sub(at) > DedupWindow {
			delete(m.sent, id)
		}
	}
	if _, dup := m.sent[dedup]; dup {
		return nil
	}
	m.sent[dedup] = now
	msg := m.message(body)
	msg.Attributes["MessageGroupId"], msg.Attributes["MessageDeduplicationId"] = group, dedup
	m.wg.Add(1)
	g := m.groups[group]
	if g == nil {
		g = &fifoGroup{}
		m.groups[group] = g
		m.order = append(m.order, group)
	}
	g.waiting = append(g.waiting, msg)
	m.pokeLocked()
	return nil
}

// SendFIFOBatch sends msgs one after another (SendFIFO).
func (m *Memory) SendFIFOBatch(ctx context.Context, msgs []FIFOMessage) []error {
	errs := make([]error, len(msgs))
	for i, msg := range msgs {
		errs[i] = m.SendFIFO(ctx, msg.Body, msg.Group, msg.Dedup)
	}
	return errs
}

func (m *Memory) pokeLocked() {
	select {
	case m.poke <- struct{}{}:
	default:
	}
}

// dispatch hands the FIFO messages to the handler, a batch at a time per free slot, until
// the queue is shut down (what still waits then is dead-lettered).
func (m *Memory) dispatch() {
	for {
		select {
		case <-m.poke:
		case <-m.ctx.Done():
			m.buryWaiting()
			return
		}
		for {
			select {
			case m.sem <- struct{}{}:
			case <-m.ctx.Done():
				m.buryWaiting()
				return
			}
			batch := m.takeBatch()
			if len(batch) == 0 {
				<-m.sem
				break
			}
			go m.deliverBatch(batch)
		}
	}
}

// takeBatch takes up to BatchSize waiting messages of the groups not busy, in the order the
// groups came, each group's in order, and marks their groups busy.
func (m *Memory) takeBatch() []lambdaevents.SQSMessage {
	m.mu.Lock()
	defer m.mu.Unlock()
	var batch []lambdaevents.SQSMessage
	kept := m.order[:0]
	for _, name := range m.order {
		g := m.groups[name]
		if !g.busy && len(g.waiting) == 0 {
			delete(m.groups, name)
			continue
		}
		kept = append(kept, name)
		if g.busy || len(batch) == m.cfg.BatchSize {
			continue
		}
		n := min(len(g.waiting), m.cfg.BatchSize-len(batch))
		for _, msg := range g.waiting[:n] {
			msg.Attributes = maps.Clone(msg.Attributes) // the handler may keep the last one
			receive, _ := strconv.Atoi(msg.Attributes["ApproximateReceiveCount"])
			msg.Attributes["ApproximateReceiveCount"] = strconv.Itoa(receive + 1)
			batch = append(batch, msg)
		}
		g.waiting, g.busy = g.waiting[n:], true
	}
	m.order = kept
	return batch
}

// deliverBatch hands batch to the handler once. The messages it handled are done; each
// group's failed ones go back to the front of the group, which waits n×Backoff (n: the
// receives of its first failed message) before it is delivered again; a failed message
// received MaxReceives times is dead-lettered.
func (m *Memory) deliverBatch(batch []lambdaevents.SQSMessage) {
	failed, err := m.handleBatch(batch)
	<-m.sem
	m.mu.Lock()
	defer m.mu.Unlock()
	back := map[string][]lambdaevents.SQSMessage{}
	var groups []string
	for _, msg := range batch {
		g := msg.Attributes["MessageGroupId"]
		if _, seen := back[g]; !seen {
			groups = append(groups, g)
			back[g] = nil
		}
		if !failed[msg.MessageId] {
			m.wg.Done()
			continue
		}
		receive, _ := strconv.Atoi(msg.Attributes["ApproximateReceiveCount"])
		m.cfg.Log.Warn("queue: message failed", "queue", m.cfg.Name, "messageId", msg.MessageId, "receive", receive, "err", err)
		if receive >= m.cfg.MaxReceives || m.ctx.Err() != nil {
			m.buryLocked(msg, err.Error())
			m.wg.Done()
			continue
		}
		back[g] = append(back[g], msg)
	}
	for _, name := range groups {
		g := m.groups[name]
		if len(back[name]) == 0 {
			g.busy = false
			continue
		}
		g.waiting = append(back[name], g.waiting...)
		receive, _ := strconv.Atoi(back[name][0].Attributes["ApproximateReceiveCount"])
		time.AfterFunc(time.Duration(receive)*m.cfg.Backoff, func() {
			m.mu.Lock()
			defer m.mu.Unlock()
			g.busy = false
			m.pokeLocked()
			m.buryWaitingLocked()
		})
	}
	m.pokeLocked()
	m.buryWaitingLocked()
}

// handleBatch delivers batch once and answers the messages that failed (all of them when
// the handler fails the batch) and why.
func (m *Memory) handleBatch(batch []lambdaevents.SQSMessage) (map[string]bool, error) {
	resp, err := Call(m.ctx, m.handler, lambdaevents.SQSEvent{Records: batch})
	failed, ok := FailedIDs(resp, batch)
	if err == nil && !ok {
		err = fmt.Errorf("batchItemFailures names a message not in the batch: %v", resp.BatchItemFailures)
	}
	if err != nil {
		failed = make(map[string]bool, len(batch))
		for _, msg := range batch {
			failed[msg.MessageId] = true
		}
		return failed, err
	}
	return failed, fmt.Errorf("reported in batchItemFailures")
}

// buryWaiting dead-letters the FIFO messages still waiting (the queue is shutting down).
func (m *Memory) buryWaiting() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.buryWaitingLocked()
}

// buryWaitingLocked dead-letters the FIFO messages still waiting once the queue's context
// has ended (Shutdown's deadline): the dispatcher no longer hands them out.
func (m *Memory) buryWaitingLocked() {
	if m.ctx.Err() == nil {
		return
	}
	for _, g := range m.groups {
		for _, msg := range g.waiting {
			m.buryLocked(msg, "shut down before delivery")
			m.wg.Done()
		}
		g.waiting = nil
	}
}

// message shapes body as Lambda shapes a record.
func (m *Memory) message(body []byte) lambdaevents.SQSMessage {
	now := strconv.FormatInt(time.Now().UnixMilli(), 10)
	return lambdaevents.SQSMessage{
		MessageId:     newID(),
		ReceiptHandle: newID(),
		Body:          string(body),
		Md5OfBody:     md5Hex(body),
		Attributes: map[string]string{
			"ApproximateReceiveCount":          "0",
			"SentTimestamp":                    now,
			"SenderId":                         "local",
			"ApproximateFirstReceiveTimestamp": now,
		},
		MessageAttributes: map[string]lambdaevents.SQSMessageAttribute{},
		EventSource:       "aws:sqs",
		EventSourceARN:    m.arn,
		AWSRegion:         "local",
	}
}

func (m *Memory) deliver(msg lambdaevents.SQSMessage) {
	defer m.wg.Done()
	for receive := 1; ; receive++ {
		select {
		case m.sem <- struct{}{}:
		case <-m.ctx.Done():
			m.bury(msg, "shut down before delivery")
			return
		}
		msg.Attributes = maps.Clone(msg.Attributes) // the handler may keep the last one
		msg.Attributes["ApproximateReceiveCount"] = strconv.Itoa(receive)
		err := m.handle(msg)
		<-m.sem
		if err == nil {
			return
		}

		m.cfg.Log.Warn("queue: message failed", "queue", m.cfg.Name, "messageId", msg.MessageId, "receive", receive, "err", err)
		if receive >= m.cfg.MaxReceives {
			m.bury(msg, err.Error())
			return
		}
		t := time.NewTimer(time.Duration(receive) * m.cfg.Backoff)
		select {
		case <-t.C:
		case <-m.ctx.Done():
			t.Stop()
			m.bury(msg, "shut down before redelivery: "+err.Error())
			return
		}
	}
}

// handle delivers msg once and says whether it failed.
func (m *Memory) handle(msg lambdaevents.SQSMessage) error {
	batch := []lambdaevents.SQSMessage{msg}
	resp, err := Call(m.ctx, m.handler, lambdaevents.SQSEvent{Records: batch})
	if err != nil {
		return err
	}
	failed, ok := FailedIDs(resp, batch)
	if !ok {
		return fmt.Errorf("batchItemFailures names a message not in the batch: %v", resp.BatchItemFailures)
	}
	if failed[msg.MessageId] {
		return fmt.Errorf("reported in batchItemFailures")
	}
	return nil
}

func (m *Memory) bury(msg lambdaevents.SQSMessage, reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.buryLocked(msg, reason)
}

func (m *Memory) buryLocked(msg lambdaevents.SQSMessage, reason string) {
	m.cfg.Log.Error("queue: message dead-lettered", "queue", m.cfg.Name, "messageId", msg.MessageId, "err", reason)
	m.dead = append(m.dead, DeadLetter{Message: msg, Err: reason, Time: time.Now()})
}

// DeadLetters returns the messages that failed every delivery, oldest first.
func (m *Memory) DeadLetters() []DeadLetter {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.dead)
}

// Shutdown refuses new messages and waits until every message sent is handled or
// dead-lettered, redeliveries included. When ctx ends first, it cancels the handlers'
// context, dead-letters what is still waiting, waits for the handlers to return and
// returns ctx's error.
func (m *Memory) Shutdown(ctx context.Context) error {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()

	done := make(chan struct{})
	go func() {
		m.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		m.cancel()
		return nil
	case <-ctx.Done():
		m.cancel()
		<-done
		return fmt.Errorf("queue.shutdown: %s: %w", m.cfg.Name, ctx.Err())
	}
}

// Close is Shutdown without a deadline.
func (m *Memory) Close() error {
	return m.Shutdown(context.Background())
}
