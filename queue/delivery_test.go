package queue

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// rogueSays sends the hub one message about a job as a worker would, and returns its reply.
func rogueSays(nc *nats.Conn, subject, token string, delivery uint64, part string, data []byte) string {
	m := nats.NewMsg(subject)
	m.Header.Set(hdrToken, token)
	m.Header.Set(hdrPart, part)
	m.Header.Set(hdrDelivery, strconv.FormatUint(delivery, 10))
	m.Data = data
	reply, err := nc.RequestMsg(m, time.Second)
	if err != nil {
		return err.Error()
	}
	return string(reply.Data)
}

// A rogue with a valid worker token that once held a job (so it knows the job's token, id and
// an ack subject naming its sequence) cannot take it from the worker that holds it now: its
// NAK, ack and TERM of the holder's delivery are permission violations, its claims of the
// job, beats, hand-back and answer are refused by the hub and logged without the token, no
// redelivery reaches it, and the user gets the honest worker's PDF.
func TestRogueCannotTakeAJobAnotherWorkerHolds(t *testing.T) {
	f := newFleet(t, HubOptions{AckWait: time.Second})
	rogue := f.conn(t, f.rogue)
	rogue.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}) // its violations, expected
	js, _ := jetstream.New(rogue)
	cons, err := js.Consumer(context.Background(), jobStream, Paid.String())
	if err != nil {
		t.Fatal(err)
	}
	pull := func() jetstream.Msg {
		batch, err := cons.FetchNoWait(1)
		if err != nil {
			t.Fatal(err)
		}
		for m := range batch.Messages() {
			return m
		}
		return nil
	}

	const secret = "PRIVATE-SHEET-5d21"
	type outcome struct {
		res *latex.Result
		err error
	}
	out := make(chan outcome, 1)
	go func() { r, err := f.compile(t, "hold sheet of "+secret, "alice"); out <- outcome{r, err} }()

	// Delivery 1 goes to the rogue, which stays silent: after the ack wait the job goes to the
	// honest worker (delivery 2), which claims it.
	var first jetstream.Msg
	for i := 0; first == nil; i++ {
		if i > 500 {
			t.Fatal("the job never reached the stream")
		}
		first = pull()
		time.Sleep(10 * time.Millisecond)
	}
	token, reply, jobID := first.Headers().Get(hdrToken), first.Headers().Get(hdrReply), first.Headers().Get(hdrJob)
	honest := newFakeTeX("TeX honest")
	f.worker(t, f.honest, honest, "honest")
	if got := honest.waitStart(t); !strings.Contains(got, secret) {
		t.Fatal(got)
	}
	waitFor(t, func() bool {
		f.hub.mu.Lock()
		defer f.hub.mu.Unlock()
		a := f.hub.waiting[jobID]
		return a != nil && a.holder == f.honestIdentity
	})
	f.hub.mu.Lock()
	held := *f.hub.waiting[jobID]
	f.hub.mu.Unlock()
	if held.delivery != 2 {
		t.Fatalf("the honest worker holds delivery %d", held.delivery)
	}

	// Straight to JetStream: the rogue's ack subject names the job's sequence, which is all a
	// NAK needs to end the holder's delivery.
	forged := strings.Replace(first.Reply(), "."+Paid.String()+".1.", "."+Paid.String()+".2.", 1)
	_ = rogue.Publish(first.Reply(), []byte("-NAK"))
	_ = rogue.Flush()
	for range 20 { // a NAK that worked would deliver the job again at once
		if m := pull(); m != nil {
			t.Fatalf("the rogue's NAK handed it the job again (delivery of %q)", m.Headers().Get(hdrJob))
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, subj := range []string{first.Reply(), forged} {
		for _, body := range []string{"-NAK", "+TERM", "+ACK", "+WPI"} {
			_ = rogue.Publish(subj, []byte(body))
		}
	}
	_ = rogue.Flush()

	// Through the hub, under its own name: claims of delivery 1 (over), 2 (the honest
	// worker's) and 3 (none yet), then beats, a hand-back and an answer with a planted PDF.
	subject := resultSubjectPrefix(TokenUser(f.rogue)) + reply
	for _, claim := range []string{first.Reply(), forged, strings.Replace(forged, ".2.", ".3.", 1)} {
		if r := rogueSays(rogue, subject, token, 0, "claim", []byte(claim)); r != "no" {
			t.Errorf("the hub answered the rogue's claim %q: %s", claim, r)
		}
	}
	planted := testPDF("PLANTED BY THE ROGUE")
	for _, d := range []uint64{1, 2, 3} {
		for _, part := range []string{"beat", "nak", "pdf"} {
			if r := rogueSays(rogue, subject, token, d, part, planted); r != "no" {
				t.Errorf("the hub answered the rogue's %s of delivery %d: %s", part, d, r)
			}
		}
		end := fmt.Sprintf(`{"size":%d,"passes":1}`, len(planted))
		if r := rogueSays(rogue, subject, token, d, "end", []byte(end)); r != "no" {
			t.Errorf("the hub took the rogue's answer for delivery %d: %s", d, r)
		}
	}
	if m := pull(); m != nil {
		t.Fatalf("the job was delivered again, to the rogue (delivery of %q)", m.Headers().Get(hdrJob))
	}

	close(honest.release)
	o := <-out
	if o.err != nil {
		t.Fatal(o.err)
	}
	pdf, ok := f.s.PDF(context.Background(), o.res.Key)
	if !ok || !strings.Contains(string(pdf), "TeX honest hold sheet of "+secret) || strings.Contains(string(pdf), "PLANTED") {
		t.Fatalf("the user was served %.80q", pdf)
	}
	if honest.compiledCount() != 1 {
		t.Fatalf("the honest worker compiled %d jobs", honest.compiledCount())
	}
	log := f.log.String()
	for _, want := range []string{"refused a claim for a job the worker does not hold", "refused a nak for a job the worker does not hold",
		"refused a end for a job the worker does not hold", "Publish Violation"} {
		if !strings.Contains(log, want) {
			t.Errorf("not in the server log: %q", want)
		}
	}
	if strings.Contains(log, token) || strings.Contains(log, f.rogue) || strings.Contains(log, f.honest) {
		t.Error("a secret is in the server log")
	}
}

// A rogue worker's PDF for one user (clean by the checker's rules: a sentence and a live https
// link) is stored for that user only: another user compiling the same source gets a fresh
// compile from an honest worker, and nothing stored under the source's own key.
func TestRoguesPDFNeverReachesAnotherUser(t *testing.T) {
	f := newFleet(t, HubOptions{})
	const lure, url = "Your session expired: sign in again at evil.example", "https://evil.example/login"
	link := hex.EncodeToString([]byte(url)) // the checker writes strings in hex
	stopRogue := f.worker(t, f.rogue, answeringTeX{pdf: phishPDF(lure, url)}, "rogue")
	waitFor(t, func() bool { return f.s.Status().Slots == 1 })
	const src = "\\documentclass{article}\\begin{document}Fractions\\end{document}"
	resA, err := f.compile(t, src, "alice")
	if err != nil {
		t.Fatal(err)
	}
	servedA, _ := f.s.PDF(context.Background(), resA.Key)
	if !strings.Contains(string(servedA), link) || !strings.Contains(string(servedA), lure) {
		t.Fatalf("the checker changed the rogue's page (this test needs it served to its user): %q", servedA)
	}
	stopRogue()
	honest := newFakeTeX("TeX honest")
	close(honest.release)
	f.worker(t, f.honest, honest, "honest")
	waitFor(t, func() bool {
		st := f.s.Status().Backend.(BackendStatus)
		return len(st.Workers) == 1 && st.Workers[0].ID == "honest"
	})

	resB, err := f.compile(t, src, "bob")
	if err != nil {
		t.Fatal(err)
	}
	servedB, ok := f.s.PDF(context.Background(), resB.Key)
	if !ok || strings.Contains(string(servedB), "evil") || strings.Contains(string(servedB), link) || !strings.Contains(string(servedB), "TeX honest") {
		t.Fatalf("user B was served %.80q", servedB)
	}
	if resB.Key == resA.Key || resB.Cached || honest.compiledCount() != 1 {
		t.Fatalf("user B's compile: key shared %v, cached %v, compiled %d", resB.Key == resA.Key, resB.Cached, honest.compiledCount())
	}
	if pdf, ok := f.s.PDF(context.Background(), latex.Key(src)); ok {
		t.Fatalf("a worker's PDF is stored under the source's own key: %.40q", pdf)
	}
}

// One identity claiming 64 slots with one real worker counts for the slots the operator
// allows an identity (serve --worker-max-slots), and the hub says so once in its log.
func TestWorkerIdentityGetsOnlyTheConfiguredSlots(t *testing.T) {
	f := newFleet(t, HubOptions{MaxSlots: 2})
	f.worker(t, f.honest, newFakeTeX("TeX honest"), "honest")
	f.workerSlots(t, f.rogue, newFakeTeX("TeX rogue"), "rogue", 64)
	waitFor(t, func() bool { return len(f.s.Status().Backend.(BackendStatus).Workers) == 2 })
	time.Sleep(500 * time.Millisecond) // several heartbeats
	if st := f.s.Status(); st.Slots != 2+1 {
		t.Fatalf("the scheduler has %d slots, want the rogue's 2 and the honest worker's 1", st.Slots)
	}
	log := f.log.String()
	const clamp = "a worker identity claims more slots than allowed"
	if n := strings.Count(log, clamp); n != 1 || !strings.Contains(log, "identity="+TokenUser(f.rogue)+" claimed=64 cap=2") {
		t.Fatalf("the clamp is logged %d times:\n%s", n, log)
	}
}

// A worker that stops hands its running job back through the hub (it may not NAK anything
// itself), and another worker finishes it long before the ack wait (a minute here) would have.
func TestStoppedWorkerHandsItsJobBack(t *testing.T) {
	h := newTestHub(t, time.Minute, Config{})
	leaving := newFakeTeX("TeX leaving")
	_, stop := h.startWorker(t, leaving, WorkerConfig{ID: "leaving"})
	out := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, err := compileAs(h.sched, ctx, "hold the line", "alice", Paid)
		out <- err
	}()
	leaving.waitStart(t)
	stop()
	staying := newFakeTeX("TeX staying")
	close(staying.release)
	h.startWorker(t, staying, WorkerConfig{ID: "staying"})
	if err := <-out; err != nil {
		t.Fatal(err)
	}
	if staying.compiledCount() != 1 || leaving.compiledCount() != 0 {
		t.Fatalf("staying compiled %d, leaving %d", staying.compiledCount(), leaving.compiledCount())
	}
}

// A compile longer than the ack wait stays with its worker: its beats, through the hub, keep
// the delivery, so no other worker is handed the job meanwhile.
func TestLongCompileStaysWithItsWorker(t *testing.T) {
	h := newTestHub(t, time.Second, Config{})
	slow := newFakeTeX("TeX slow")
	h.startWorker(t, slow, WorkerConfig{ID: "slow", AckWait: time.Second})
	out := make(chan error, 1)
	go func() {
		_, err := compileAs(h.sched, context.Background(), "hold a long one", "alice", Paid)
		out <- err
	}()
	slow.waitStart(t)
	other := newFakeTeX("TeX other")
	close(other.release)
	h.startWorker(t, other, WorkerConfig{ID: "other"})
	time.Sleep(3 * time.Second) // three ack waits
	c, err := h.js.stream.Consumer(context.Background(), Paid.String())
	if err != nil {
		t.Fatal(err)
	}
	if info, err := c.Info(context.Background()); err != nil || info.NumRedelivered != 0 {
		t.Fatalf("the job was delivered again while its worker compiled it: %+v %v", info, err)
	}
	close(slow.release)
	if err := <-out; err != nil {
		t.Fatal(err)
	}
	if slow.compiledCount() != 1 || other.compiledCount() != 0 || len(other.started) != 0 {
		t.Fatalf("slow compiled %d, the other worker was handed it %d times", slow.compiledCount(), len(other.started))
	}
}
