package queue

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type passChecker struct{}

func (passChecker) Check(_ context.Context, pdf []byte) ([]byte, error) { return pdf, nil }

// BenchmarkJetStreamCompile is one fresh compile through the embedded queue and one worker
// (a no-op compiler answering a 40 KB PDF, the checker passing it through): the queue's own
// cost per job, claim, beats and the hub's acknowledgement included.
func BenchmarkJetStreamCompile(b *testing.B) {
	ns, err := StartServer(b.TempDir(), Listen{})
	if err != nil {
		b.Fatal(err)
	}
	defer ns.Shutdown()
	conn := func() *nats.Conn {
		nc, err := nats.Connect("", nats.InProcessServer(ns))
		if err != nil {
			b.Fatal(err)
		}
		return nc
	}
	hubConn, workerConn := conn(), conn()
	defer hubConn.Close()
	defer workerConn.Close()
	js, _ := jetstream.New(hubConn)
	ctx := context.Background()
	if err := Setup(ctx, js, 10*time.Second, 1); err != nil {
		b.Fatal(err)
	}
	hub, err := NewJetStream(ctx, hubConn, HubConfig{Logger: quiet, Checker: passChecker{}})
	if err != nil {
		b.Fatal(err)
	}
	s := New(hub, Config{Logger: quiet})
	s.SetSlots(1)
	w, err := NewWorker(ctx, workerConn, answeringTeX{pdf: make([]byte, 40<<10)}, WorkerConfig{Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = w.Run(wctx); close(done) }()
	defer func() { stop(); <-done }()
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Compile(ctx, Job{Source: fmt.Sprint("bench ", i, " ", time.Now().UnixNano()), UserID: "bench", Lane: Paid}); err != nil {
			b.Fatal(err)
		}
	}
}
