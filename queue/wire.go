package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// Names on the NATS side. Jobs of each lane go to their own subject of one work-queue stream,
// pulled through one durable consumer per lane; PDFs go to an object store named by cache key.
const (
	jobStream        = "SHEETSMITH_JOBS"
	jobSubjectPrefix = "sheetsmith.jobs."
	pdfBucket        = "sheetsmith-pdfs"
	workersSubject   = "sheetsmith.workers" // heartbeats
	cancelSubject    = "sheetsmith.cancel"  // job ids whose request went away
	bellSubject      = "sheetsmith.bell"    // rung after each new job: idle workers pull
	resultPrefix     = "sheetsmith.results."
)

func laneSubject(l Lane) string { return jobSubjectPrefix + l.String() }

// wireJob is a job on the stream. The deadline lets a worker skip a job nobody waits for.
type wireJob struct {
	ID       string `json:"id"`
	Source   string `json:"src"`
	Deadline int64  `json:"deadline"` // unix milliseconds
	Reply    string `json:"reply"`
}

// wireResult is a worker's answer. A PDF is not in it: it is in the object store by Key.
type wireResult struct {
	ID      string `json:"id"`
	Key     string `json:"key,omitempty"`
	Passes  int    `json:"passes,omitempty"`
	Cached  bool   `json:"cached,omitempty"`
	Kind    string `json:"kind,omitempty"` // "" success, or tex, busy, toolarge, failed
	Problem string `json:"problem,omitempty"`
	Line    int    `json:"line,omitempty"`
	Worker  string `json:"worker"`
	Version string `json:"version"`
}

func resultFromError(err error) wireResult {
	var texErr *latex.Error
	switch {
	case errors.As(err, &texErr):
		return wireResult{Kind: "tex", Problem: texErr.Problem, Line: texErr.Line}
	case errors.Is(err, latex.ErrBusy):
		return wireResult{Kind: "busy"}
	case errors.Is(err, latex.ErrTooLarge):
		return wireResult{Kind: "toolarge"}
	default:
		return wireResult{Kind: "failed", Problem: err.Error()}
	}
}

var errNoCompiler = errors.New("queue: no compile worker answered in time")

func (r wireResult) result() (*latex.Result, error) {
	switch r.Kind {
	case "":
		return &latex.Result{Key: r.Key, Passes: r.Passes, Cached: r.Cached}, nil
	case "tex":
		return nil, &latex.Error{Line: r.Line, Problem: r.Problem}
	case "busy":
		return nil, &BusyError{Message: latex.ErrBusy.Error(), RetryAfter: 5 * time.Second}
	case "toolarge":
		return nil, latex.ErrTooLarge
	default:
		return nil, fmt.Errorf("queue: worker %s: %s", r.Worker, r.Problem)
	}
}

// Setup creates (or updates) the job stream, its lane consumers and the PDF store. The hub
// calls it; workers wait for it.
func Setup(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, replicas int) error {
	if replicas <= 0 {
		replicas = 1
	}
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:      jobStream,
		Subjects:  []string{jobSubjectPrefix + "*"},
		Retention: jetstream.WorkQueuePolicy,
		Storage:   jetstream.FileStorage,
		MaxAge:    time.Hour, // a job nobody took in an hour has no one waiting for it
		Replicas:  replicas,
	})
	if err != nil {
		return fmt.Errorf("queue: job stream: %w", err)
	}
	for l := range numLanes {
		_, err := js.CreateOrUpdateConsumer(ctx, jobStream, jetstream.ConsumerConfig{
			Durable:       l.String(),
			FilterSubject: laneSubject(l),
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    5, // a job that kills worker after worker is dropped
			MaxAckPending: 1024,
			Replicas:      replicas,
		})
		if err != nil {
			return fmt.Errorf("queue: %s lane consumer: %w", l, err)
		}
	}
	_, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      pdfBucket,
		Description: "compiled PDFs by cache key (sha256 of compiler version and source)",
		TTL:         24 * time.Hour,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	})
	if err != nil {
		return fmt.Errorf("queue: PDF store: %w", err)
	}
	return nil
}
