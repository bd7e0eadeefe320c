package queue

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// The PDF store keeps to its byte cap by evicting the oldest PDFs, a user beyond their share
// losing their own oldest first, so a full store never fails a compile; a restarted hub knows
// what the store holds and whose it is.
func TestPDFStoreEvictsInsteadOfFailing(t *testing.T) {
	ns, err := StartServer(t.TempDir(), Listen{})
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	js, _ := jetstream.New(connectTo(t, ns))
	ctx := context.Background()
	pdf := func(n int) []byte { return testPDF(fmt.Sprintf("sheet %03d", n)) }
	size := int64(len(pdf(0)))
	capBytes, share := 10*size, 4*size // ten PDFs in all, four per user
	st, err := openPDFStore(ctx, js, capBytes, share, 1, quiet)
	if err != nil {
		t.Fatal(err)
	}
	key := func(n int) string { return latex.Key(fmt.Sprint(n)) }
	has := func(st *pdfStore, n int) bool { _, err := st.get(ctx, key(n)); return err == nil }

	// A flooding user keeps four PDFs, their newest.
	for n := range 30 {
		if err := st.put(ctx, key(n), "flood", pdf(n)); err != nil {
			t.Fatalf("put %d: %v", n, err)
		}
	}
	for n := range 30 {
		if has(st, n) != (n >= 26) {
			t.Fatalf("PDF %d kept: %v", n, has(st, n))
		}
	}
	// Other users fill the rest; at the cap the oldest of all go first.
	for n := 100; n < 108; n++ {
		if err := st.put(ctx, key(n), fmt.Sprint("user", n%4), pdf(n)); err != nil {
			t.Fatalf("put %d: %v", n, err)
		}
	}
	if used, c, count := st.usage(); used > capBytes || c != capBytes || count != 10 {
		t.Fatalf("%d bytes in %d PDFs (cap %d)", used, count, capBytes)
	}
	if has(st, 26) || has(st, 27) || !has(st, 28) || !has(st, 107) {
		t.Fatal("not the oldest evicted")
	}
	// After a restart the index is read back: the flooder still has their share counted.
	again, err := openPDFStore(ctx, js, capBytes, share, 1, quiet)
	if err != nil {
		t.Fatal(err)
	}
	if used, _, count := again.usage(); count != 10 || used > capBytes {
		t.Fatalf("reopened: %d bytes in %d PDFs", used, count)
	}
	if again.perUser["flood"] == 0 {
		t.Fatal("owners were not read back")
	}
}

// The PDF stores of earlier versions (workers' PDFs unchecked, then checked but shared by every
// user of a source) are deleted at start, not served.
func TestOldPDFStoresAreDeleted(t *testing.T) {
	ns, err := StartServer(t.TempDir(), Listen{})
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	js, _ := jetstream.New(connectTo(t, ns))
	ctx := context.Background()
	for _, bucket := range oldPDFBuckets {
		old, err := js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: bucket})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := old.PutBytes(ctx, latex.Key("x"), activePDF()); err != nil {
			t.Fatal(err)
		}
	}
	if err := Setup(ctx, js, 5*time.Second, 1); err != nil {
		t.Fatal(err)
	}
	for _, bucket := range oldPDFBuckets {
		if _, err := js.ObjectStore(ctx, bucket); err == nil {
			t.Fatalf("the old store %s is still there", bucket)
		}
	}
	if err := Setup(ctx, js, 5*time.Second, 1); err != nil { // and again, with nothing to delete
		t.Fatal(err)
	}
}
