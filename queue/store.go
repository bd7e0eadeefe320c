package queue

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"regexp"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sheetsmith/latex"
)

// PDFStore is a second home for compiled PDFs, seen by every node of the data plane and kept
// longer than the queue's own object store (24 hours): PocketBase's S3 storage when it is
// configured. The hub copies each checked PDF it serves into the PDFStore and reads from it
// what the queue no longer has.
type PDFStore interface {
	// Get finds a PDF by key; found is false (and err nil) when there is none or no store is configured now.
	Get(ctx context.Context, key string) (pdf []byte, found bool, err error)
	// Put stores a PDF under key; a store that is not configured now does nothing.
	Put(ctx context.Context, key string, pdf []byte) error
}

// FSStore keeps PDFs in a PocketBase filesystem under Prefix. Open is asked at every call, so
// that turning S3 on or off in the admin dashboard takes effect at once; it returns nil when
// no store should be used.
type FSStore struct {
	Open func() (*filesystem.System, error)
	// Prefix defaults to "sheetsmith-owned-pdfs/": copies made before the hub checked workers'
	// PDFs ("sheetsmith-pdfs/") or kept them per user ("sheetsmith-checked-pdfs/") are never read.
	Prefix string
}

// pdfKey is a cache key as latex makes them (SHA-256 in hex): nothing else becomes a path.
var pdfKey = regexp.MustCompile(`^[0-9a-f]{64}$`)

func (f FSStore) path(key string) string {
	prefix := f.Prefix
	if prefix == "" {
		prefix = "sheetsmith-owned-pdfs/"
	}
	return prefix + key + ".pdf"
}

func (f FSStore) open(ctx context.Context, key string) (*filesystem.System, error) {
	if !pdfKey.MatchString(key) {
		return nil, nil
	}
	fs, err := f.Open()
	if err != nil || fs == nil {
		return nil, err
	}
	fs.SetContext(ctx)
	return fs, nil
}

func (f FSStore) Get(ctx context.Context, key string) ([]byte, bool, error) {
	fs, err := f.open(ctx, key)
	if err != nil || fs == nil {
		return nil, false, err
	}
	defer fs.Close()
	r, err := fs.GetReader(f.path(key))
	if err != nil {
		if errors.Is(err, filesystem.ErrNotFound) {
			return nil, false, nil
		}
		return nil, false, err
	}
	defer r.Close()
	pdf, err := io.ReadAll(io.LimitReader(r, latex.MaxPDF+1))
	if err != nil {
		return nil, false, err
	}
	if len(pdf) > latex.MaxPDF {
		return nil, false, errors.New("queue: a stored PDF is larger than any compile makes")
	}
	return pdf, true, nil
}

func (f FSStore) Put(ctx context.Context, key string, pdf []byte) error {
	fs, err := f.open(ctx, key)
	if err != nil || fs == nil {
		return err
	}
	defer fs.Close()
	return fs.Upload(pdf, f.path(key))
}

// mirror copies served PDFs into a PDFStore in the background, each key once per process
// (remembering up to mirrorMemory keys).
type mirror struct {
	store  PDFStore
	logger *slog.Logger

	mu     sync.Mutex
	copied map[string]struct{}
	wg     sync.WaitGroup
}

const mirrorMemory = 8192

func (m *mirror) copy(key string, pdf []byte) {
	m.mu.Lock()
	if _, done := m.copied[key]; done {
		m.mu.Unlock()
		return
	}
	if len(m.copied) >= mirrorMemory {
		m.copied = map[string]struct{}{} // forgetting only costs a repeated upload
	}
	m.copied[key] = struct{}{}
	m.wg.Add(1)
	m.mu.Unlock()
	go func() {
		defer m.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := m.store.Put(ctx, key, pdf); err != nil {
			m.logger.Warn("queue: copying a PDF to the shared store", "error", err)
			m.mu.Lock()
			delete(m.copied, key) // try again at the next serve
			m.mu.Unlock()
		}
	}()
}

func (m *mirror) get(ctx context.Context, key string) ([]byte, bool) {
	pdf, found, err := m.store.Get(ctx, key)
	if err != nil {
		m.logger.Warn("queue: reading a PDF from the shared store", "error", err)
		return nil, false
	}
	if found {
		m.mu.Lock()
		m.copied[key] = struct{}{}
		m.mu.Unlock()
	}
	return pdf, found
}

// wait lets copies in flight finish (at Close), for at most d.
func (m *mirror) wait(d time.Duration) {
	done := make(chan struct{})
	go func() { m.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// SetStore gives the scheduler a PDFStore: PDFs it serves are copied there, and PDFs the
// queue no longer has are read from there.
func (s *Scheduler) SetStore(st PDFStore) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st == nil {
		s.mirror = nil
		return
	}
	s.mirror = &mirror{store: st, logger: s.cfg.Logger, copied: map[string]struct{}{}}
}
