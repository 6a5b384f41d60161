package platform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"samrap/pkg/blob"
	"samrap/pkg/config"
	"samrap/pkg/mail"
	"samrap/pkg/queue"
)

// Adapters are the outside services a function may use: file storage, mail and queues.
// Locally they are a folder, an in-memory outbox and in-process queues. In AWS (or against
// an emulator) the Wire of each adapter package puts S3 (s3blob.Wire), SES (ses.Wire) and
// SQS (sqsqueue.Wire) in — only those a function's main names, so that each Lambda links
// and initialises only the SDK clients it calls.
type Adapters struct {
	Uploads blob.Store  // files people upload for import (S3 notifications start the import)
	Files   blob.Store  // generated files handed out as signed links
	Mail    mail.Sender // every e-mail

	Disk   *blob.Disk   // local only: serves signed links at blob.DiskPath
	Outbox *mail.Outbox // local only: read at GET /dev/mail

	// NewQueue builds the sender of a queue URL (set by sqsqueue.Wire).
	NewQueue func(url string) queue.Sender

	queueURL func(string) string
	mu       sync.Mutex
	queues   map[string]queue.Sender
}

func newAdapters(cfg config.Config) (*Adapters, error) {
	if cfg.Local() && cfg.AWSEndpointURL == "" {
		return LocalAdapters(cfg.DataDir, []byte(cfg.JWTSecret+":files"), cfg.PublicURL)
	}
	return &Adapters{Uploads: unwired{"uploads"}, Files: unwired{"files"}, Mail: unwired{"mail"},
		queueURL: cfg.QueueURL, queues: map[string]queue.Sender{}}, nil
}

// LocalAdapters keep files under dataDir (links signed with secret, served from publicURL)
// and mail in an outbox; queues are set by whoever runs the workers.
func LocalAdapters(dataDir string, secret []byte, publicURL string) (*Adapters, error) {
	disk, err := blob.NewDisk(filepath.Join(dataDir, "files"), secret, publicURL)
	if err != nil {
		return nil, fmt.Errorf("platform: files folder: %w", err)
	}
	outbox := mail.NewOutbox(500)
	return &Adapters{Uploads: disk, Files: disk, Disk: disk, Outbox: outbox, Mail: outbox,
		queueURL: func(string) string { return "" }, queues: map[string]queue.Sender{}}, nil
}

// SetQueue makes s the sender of the named catalogue queue (functions/local wires its
// in-process queues this way).
func (a *Adapters) SetQueue(name string, s queue.Sender) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.queues[name] = s
}

// Queue answers the sender of the named catalogue queue, found when a message is sent: one
// set with SetQueue (functions/local and tests set theirs after the areas are mounted), or
// SQS at QUEUE_URL_<NAME> when sqsqueue.Wire is wired.
func (a *Adapters) Queue(name string) queue.Sender { return namedQueue{a, name} }

// FIFOQueue is Queue for a FIFO queue.
func (a *Adapters) FIFOQueue(name string) queue.FIFOSender { return namedQueue{a, name} }

type namedQueue struct {
	a    *Adapters
	name string
}

func (q namedQueue) Send(ctx context.Context, body []byte) error {
	s, err := q.a.sender(q.name)
	if err != nil {
		return err
	}
	return s.Send(ctx, body)
}

// SendFIFO sends to a FIFO queue (queue.FIFOSender); a queue that is not one refuses.
func (q namedQueue) SendFIFO(ctx context.Context, body []byte, group, dedup string) error {
	s, err := q.a.sender(q.name)
	if err != nil {
		return err
	}
	f, ok := s.(queue.FIFOSender)
	if !ok {
		return fmt.Errorf("platform: queue %q is not a FIFO queue", q.name)
	}
	return f.SendFIFO(ctx, body, group, dedup)
}

// SendFIFOBatch is SendFIFO for several messages (queue.FIFOSender).
func (q namedQueue) SendFIFOBatch(ctx context.Context, msgs []queue.FIFOMessage) []error {
	errs := make([]error, len(msgs))
	s, err := q.a.sender(q.name)
	f, ok := s.(queue.FIFOSender)
	if err == nil && !ok {
		err = fmt.Errorf("platform: queue %q is not a FIFO queue", q.name)
	}
	if err != nil {
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	return f.SendFIFOBatch(ctx, msgs)
}

func (a *Adapters) sender(name string) (queue.Sender, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s, ok := a.queues[name]; ok {
		return s, nil
	}
	url := a.queueURL(name)
	if url == "" || a.NewQueue == nil {
		return nil, fmt.Errorf("platform: queue %q is not wired for this function (QUEUE_URL and sqsqueue.Wire)", name)
	}
	s := a.NewQueue(url)
	a.queues[name] = s
	return s, nil
}

// unwired stands where a function's main did not wire an adapter: using it is a
// deployment mistake, reported as such instead of a nil dereference.
type unwired struct{ name string }

var errUnwired = errors.New("adapter not wired: add it to the function's main and its catalogue uses")

func (u unwired) err() error                                           { return fmt.Errorf("platform: %s: %w", u.name, errUnwired) }
func (u unwired) Put(context.Context, string, io.Reader, string) error { return u.err() }
func (u unwired) Get(context.Context, string) (io.ReadCloser, error)   { return nil, u.err() }
func (u unwired) Delete(context.Context, string) error                 { return u.err() }
func (u unwired) SignedURL(context.Context, string, string, time.Duration) (string, error) {
	return "", u.err()
}
func (u unwired) Send(context.Context, mail.Message) error { return u.err() }
