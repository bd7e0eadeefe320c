package queue

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// Names on the NATS side. Jobs of each lane go to their own subject of one work-queue stream,
// pulled through one durable consumer per lane. Workers answer the hub directly (PDFs in
// chunks); only the hub writes the PDF store, after checking each PDF.
const (
	jobStream        = "SHEETSMITH_JOBS"
	jobSubjectPrefix = "sheetsmith.jobs."
	pdfBucket        = "sheetsmith-owned-pdfs"
	heartbeatPrefix  = "sheetsmith.hb."      // + worker identity
	cancelSubject    = "sheetsmith.cancel"   // job ids whose request went away
	bellSubject      = "sheetsmith.bell"     // rung after each new job: idle workers pull
	resultPrefix     = "sheetsmith.results." // + worker identity + "." + hub id + "." + job id
)

// oldPDFBuckets are the PDF stores of earlier versions, deleted at start, never served: PDFs
// as workers wrote them, unchecked; then workers' PDFs checked but shared by every user of a
// source.
var oldPDFBuckets = []string{"sheetsmith-pdfs", "sheetsmith-checked-pdfs"}

func laneSubject(l Lane) string { return jobSubjectPrefix + l.String() }

// A job on the stream is the source as the message body (raw bytes: a source of
// latex.MaxSource characters is at most 800 KB, under NATS's default 1 MB message) and the
// rest in headers.
const (
	hdrJob      = "Sheetsmith-Job"      // job id
	hdrToken    = "Sheetsmith-Token"    // the secret an answer must carry; only the job's holder has it
	hdrDeadline = "Sheetsmith-Deadline" // unix milliseconds: a worker skips a job nobody waits for
	hdrReply    = "Sheetsmith-Reply"    // hub id + "." + job id: the end of the answer subject
	// On a worker's messages about a job: "claim" (its body the delivery's ack subject), "beat"
	// (still compiling), "nak" (handing it back), "pdf" (a chunk of the PDF) or "end" (the result).
	hdrPart     = "Sheetsmith-Part"
	hdrDelivery = "Sheetsmith-Delivery" // the delivery count of the job the worker holds
)

// sourceBytesMax is the largest source message: latex.MaxSource characters of 4 bytes each.
const sourceBytesMax = 4 * latex.MaxSource

// headerRoom is what the headers of a job may take besides the source.
const headerRoom = 1 << 10

// TooLargeError is a source the queue cannot carry (an external NATS server with a smaller
// max_payload). It matches latex.ErrTooLarge, which the routes answer as a too-large
// document; its message is for users.
type TooLargeError struct{ Message string }

func (e *TooLargeError) Error() string        { return e.Message }
func (e *TooLargeError) Is(target error) bool { return target == latex.ErrTooLarge }

func errQueueTooLarge(limit int64) error {
	return &TooLargeError{Message: fmt.Sprintf("The document is too large for the compile queue (at most %d KB here). Please shorten it.", (limit-headerRoom)>>10)}
}

// wireResult ends a worker's answer. A PDF is not in it: it came before it in chunks, or, from
// the hub's own worker, it is in the hub's compiler cache.
type wireResult struct {
	Passes  int    `json:"passes,omitempty"`
	Local   bool   `json:"local,omitempty"` // the PDF is in the hub's own compiler cache
	Size    int    `json:"size,omitempty"`  // bytes of PDF sent before this
	Kind    string `json:"kind,omitempty"`  // "" success, or tex, busy, toolarge, failed
	Problem string `json:"problem,omitempty"`
	Line    int    `json:"line,omitempty"`
	Worker  string `json:"worker"` // the worker process's own name (display only)
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

var (
	errNoCompiler = errors.New("queue: no compile worker answered in time")
	// errWorkerFailed is every failure a worker reports in its own words: those words go to
	// the server log, never to a user.
	errWorkerFailed = errors.New("queue: the compile worker failed")
	// errUnchecked is a worker's PDF the checker could not read: not served.
	errUnchecked = &latex.Error{Problem: "the PDF could not be checked, so it is not shown; try a simpler document"}
	// errActive is a worker's PDF the checker refused.
	errActive = &latex.Error{Problem: "the document contains active content (JavaScript, actions, embedded or linked files), which is not allowed"}
)

// failure turns a worker's unsuccessful answer into what the user may see: a TeX error only
// in words the hub can vouch for (vouch.go), everything else in fixed sentences.
func (r wireResult) failure(src string) error {
	switch r.Kind {
	case "tex":
		return vouch(src, r.Line, r.Problem)
	case "busy":
		return &BusyError{Message: latex.ErrBusy.Error(), RetryAfter: 5 * time.Second}
	case "toolarge":
		return latex.ErrTooLarge
	default:
		return errWorkerFailed
	}
}

// jobMsg is the job as published to its lane.
func jobMsg(l Lane, id, token, reply string, deadline time.Time, src string) *nats.Msg {
	m := nats.NewMsg(laneSubject(l))
	m.Header.Set(hdrJob, id)
	m.Header.Set(hdrToken, token)
	m.Header.Set(hdrReply, reply)
	m.Header.Set(hdrDeadline, strconv.FormatInt(deadline.UnixMilli(), 10))
	m.Header.Set(jetstream.MsgIDHeader, id)
	m.Data = []byte(src)
	return m
}

// Setup creates (or updates) the job stream and its lane consumers, and deletes the PDF stores
// of earlier versions. The hub calls it; workers wait for it.
func Setup(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, replicas int) error {
	if replicas <= 0 {
		replicas = 1
	}
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       jobStream,
		Subjects:   []string{jobSubjectPrefix + "*"},
		Retention:  jetstream.WorkQueuePolicy,
		Storage:    jetstream.FileStorage,
		MaxAge:     time.Hour, // a job nobody took in an hour has no one waiting for it
		MaxMsgSize: sourceBytesMax + headerRoom,
		Replicas:   replicas,
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
	for _, old := range oldPDFBuckets {
		if err := js.DeleteObjectStore(ctx, old); err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) &&
			!errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("queue: removing the old PDF store: %w", err)
		}
	}
	return nil
}
