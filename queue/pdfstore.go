package queue

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// DefaultStoreBytes is the PDF store's default byte cap.
const DefaultStoreBytes = 2 << 30

// pdfTTL is how long a PDF stays in the store at most.
const pdfTTL = 24 * time.Hour

// pdfStore is the JetStream object store of checked PDFs with a byte cap: a new PDF evicts the
// oldest ones (its user's own first, beyond the user's share) instead of failing the compile
// when the store is full. Only the hub writes it.
type pdfStore struct {
	obj    jetstream.ObjectStore
	cap    int64 // bytes of PDF kept at most
	share  int64 // bytes of PDF one user's compiles keep at most
	logger *slog.Logger

	mu      sync.Mutex
	order   *list.List               // of *storedPDF, oldest first
	entries map[string]*list.Element // key → its element
	total   int64
	perUser map[string]int64
}

type storedPDF struct {
	key, owner string
	size       int64
	at         time.Time
}

// ownerMeta is the object metadata naming the user whose compile stored the PDF, so the
// shares are known again after a restart.
const ownerMeta = "owner"

// storeLimits are the cap and one user's share for the settings given: the cap holds at
// least two PDFs of the largest size, and a share (default an eighth) at least one.
func storeLimits(capBytes, share int64) (int64, int64) {
	if capBytes <= 0 {
		capBytes = DefaultStoreBytes
	}
	capBytes = max(capBytes, 2*latex.MaxPDF)
	if share <= 0 {
		share = capBytes / 8
	}
	return capBytes, min(max(share, latex.MaxPDF), capBytes)
}

// openPDFStore creates (or resizes) the store and reads what it holds. The hub's settings
// are made sane by storeLimits.
func openPDFStore(ctx context.Context, js jetstream.JetStream, capBytes, share int64, replicas int, logger *slog.Logger) (*pdfStore, error) {
	obj, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      pdfBucket,
		Description: "checked PDFs by cache key (sha256 of compiler version and source)",
		TTL:         pdfTTL,
		// The server's own limit, above the cap the hub keeps, for chunk and metadata overhead:
		// only a store written by something else than this hub can reach it.
		MaxBytes: capBytes + capBytes/4 + 2*latex.MaxPDF,
		Storage:  jetstream.FileStorage,
		Replicas: max(1, replicas),
	})
	if err != nil {
		return nil, err
	}
	s := &pdfStore{obj: obj, cap: capBytes, share: share, logger: logger, order: list.New(),
		entries: map[string]*list.Element{}, perUser: map[string]int64{}}
	infos, err := obj.List(ctx)
	if err != nil && !errors.Is(err, jetstream.ErrNoObjectsFound) {
		return nil, err
	}
	sort.Slice(infos, func(i, j int) bool { return infos[i].ModTime.Before(infos[j].ModTime) })
	s.mu.Lock()
	for _, in := range infos {
		s.add(&storedPDF{key: in.Name, owner: in.Metadata[ownerMeta], size: int64(in.Size), at: in.ModTime})
	}
	evict := s.evictFor("", 0)
	s.mu.Unlock()
	s.delete(ctx, evict)
	return s, nil
}

func (s *pdfStore) add(e *storedPDF) {
	s.entries[e.key] = s.order.PushBack(e)
	s.total += e.size
	s.perUser[e.owner] += e.size
}

func (s *pdfStore) remove(el *list.Element) string {
	e := s.order.Remove(el).(*storedPDF)
	delete(s.entries, e.key)
	s.total -= e.size
	if s.perUser[e.owner] -= e.size; s.perUser[e.owner] <= 0 {
		delete(s.perUser, e.owner)
	}
	return e.key
}

// evictFor makes room for size bytes of owner's: expired entries leave the index, the owner's
// oldest leave beyond their share, then the oldest of all beyond the cap. It returns the keys
// to delete from the store.
func (s *pdfStore) evictFor(owner string, size int64) []string {
	var gone []string
	for el := s.order.Front(); el != nil && time.Since(el.Value.(*storedPDF).at) > pdfTTL; el = s.order.Front() {
		s.remove(el) // the store's own TTL removed it
	}
	for el := s.order.Front(); el != nil && s.perUser[owner]+size > s.share; {
		next := el.Next()
		if el.Value.(*storedPDF).owner == owner {
			gone = append(gone, s.remove(el))
		}
		el = next
	}
	for s.total+size > s.cap && s.order.Len() > 0 {
		gone = append(gone, s.remove(s.order.Front()))
	}
	return gone
}

func (s *pdfStore) delete(ctx context.Context, keys []string) {
	for _, k := range keys {
		if err := s.obj.Delete(ctx, k); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
			s.logger.Warn("queue: evicting a PDF from the store", "error", err)
		}
	}
}

// put stores a checked PDF under the hub's key for it, for the user whose compile made it.
func (s *pdfStore) put(ctx context.Context, key, owner string, pdf []byte) error {
	size := int64(len(pdf))
	s.mu.Lock()
	if _, ok := s.entries[key]; ok {
		s.mu.Unlock()
		return nil // the same source compiled again: the same PDF
	}
	evict := s.evictFor(owner, size)
	s.add(&storedPDF{key: key, owner: owner, size: size, at: time.Now()})
	s.mu.Unlock()
	s.delete(ctx, evict)
	_, err := s.obj.Put(ctx, jetstream.ObjectMeta{Name: key, Metadata: map[string]string{ownerMeta: owner}}, bytes.NewReader(pdf))
	if err != nil {
		s.mu.Lock()
		if el, ok := s.entries[key]; ok {
			s.remove(el)
		}
		s.mu.Unlock()
	}
	return err
}

func (s *pdfStore) has(ctx context.Context, key string) bool {
	_, err := s.obj.GetInfo(ctx, key)
	return err == nil
}

func (s *pdfStore) get(ctx context.Context, key string) ([]byte, error) {
	return s.obj.GetBytes(ctx, key)
}

// usage is what the store holds now, for the status endpoint.
func (s *pdfStore) usage() (bytes, capBytes int64, pdfs int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total, s.cap, s.order.Len()
}
