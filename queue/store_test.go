package queue

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"sheetsmith/latex"
)

// expiringBackend holds PDFs the way the object store does, and can lose them (its 24 hours
// are up, or the NATS store was replaced).
type expiringBackend struct {
	mu   sync.Mutex
	pdfs map[string][]byte
}

func (b *expiringBackend) Compile(context.Context, Job) (*latex.Result, error) {
	return nil, errors.New("not used")
}
func (b *expiringBackend) PDF(_ context.Context, key string) ([]byte, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	pdf, ok := b.pdfs[key]
	return pdf, ok
}
func (b *expiringBackend) Close() error { return nil }
func (b *expiringBackend) expire() {
	b.mu.Lock()
	b.pdfs = map[string][]byte{}
	b.mu.Unlock()
}

func keyOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// localStore is an FSStore on PocketBase's local filesystem, standing in for S3 (the same
// filesystem.System interface); enabled switches it as the S3 setting would.
func localStore(dir string, enabled *bool) FSStore {
	return FSStore{Open: func() (*filesystem.System, error) {
		if !*enabled {
			return nil, nil
		}
		return filesystem.NewLocal(dir)
	}}
}

// A PDF served from the queue is copied into the shared store; once the queue has lost it,
// it is served from there, by this hub or by another one with the same store.
func TestServedPDFsAreCopiedToTheSharedStoreAndReadBack(t *testing.T) {
	dir := t.TempDir()
	enabled := true
	key := keyOf("sheet")
	b := &expiringBackend{pdfs: map[string][]byte{key: []byte("%PDF sheet")}}
	s := New(b, Config{Logger: quiet})
	s.SetStore(localStore(dir, &enabled))

	if pdf, ok := s.PDF(context.Background(), key); !ok || string(pdf) != "%PDF sheet" {
		t.Fatalf("%q %v", pdf, ok)
	}
	s.mirror.wait(5 * time.Second)
	stored, err := os.ReadFile(filepath.Join(dir, "sheetsmith-owned-pdfs", key+".pdf"))
	if err != nil || string(stored) != "%PDF sheet" {
		t.Fatalf("not copied: %q %v", stored, err)
	}

	b.expire()
	if pdf, ok := s.PDF(context.Background(), key); !ok || string(pdf) != "%PDF sheet" {
		t.Fatalf("after the queue lost it: %q %v", pdf, ok)
	}
	other := New(&expiringBackend{pdfs: map[string][]byte{}}, Config{Logger: quiet})
	other.SetStore(localStore(dir, &enabled))
	if pdf, ok := other.PDF(context.Background(), key); !ok || string(pdf) != "%PDF sheet" {
		t.Fatalf("another hub: %q %v", pdf, ok)
	}
	if _, ok := s.PDF(context.Background(), keyOf("never compiled")); ok {
		t.Fatal("found a PDF nobody made")
	}
	// Turned off (S3 disabled in the settings): nothing is read or written.
	enabled = false
	if _, ok := s.PDF(context.Background(), key); ok {
		t.Fatal("read from a store that is off")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// Only cache keys become paths, and a PDF larger than any compile makes is not served.
func TestFSStoreRefusesOddKeysAndOversizedFiles(t *testing.T) {
	dir := t.TempDir()
	enabled := true
	st := localStore(dir, &enabled)
	ctx := context.Background()
	for _, key := range []string{"../../etc/passwd", "ABC", keyOf("x") + "/.."} {
		if err := st.Put(ctx, key, []byte("%PDF")); err != nil {
			t.Fatal(err)
		}
		if _, found, _ := st.Get(ctx, key); found {
			t.Errorf("%q was stored", key)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("odd keys wrote files: %v", entries)
	}
	big := keyOf("big")
	if err := st.Put(ctx, big, make([]byte, latex.MaxPDF+1)); err != nil {
		t.Fatal(err)
	}
	if _, found, err := st.Get(ctx, big); found || err == nil {
		t.Fatalf("an oversized file was served: %v %v", found, err)
	}
}

// failingStore refuses the first n puts.
type failingStore struct {
	mu    sync.Mutex
	fails int
	puts  int
	saved map[string][]byte
}

func (f *failingStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	pdf, ok := f.saved[key]
	return pdf, ok, nil
}
func (f *failingStore) Put(_ context.Context, key string, pdf []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.puts++
	if f.puts <= f.fails {
		return errors.New("S3 is down")
	}
	f.saved[key] = pdf
	return nil
}

// A copy is made once per key; a failed copy is tried again at the next serve.
func TestAFailedCopyIsTriedAgain(t *testing.T) {
	key := keyOf("sheet")
	st := &failingStore{fails: 1, saved: map[string][]byte{}}
	s := New(&expiringBackend{pdfs: map[string][]byte{key: []byte("%PDF")}}, Config{Logger: quiet})
	s.SetStore(st)
	for range 3 {
		s.PDF(context.Background(), key)
		s.mirror.wait(5 * time.Second)
	}
	if st.puts != 2 || string(st.saved[key]) != "%PDF" {
		t.Fatalf("puts %d, saved %q", st.puts, st.saved[key])
	}
}
