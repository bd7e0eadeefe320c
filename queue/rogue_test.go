package queue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"sheetsmith/latex"
)

// syncBuffer is a log destination tests read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fleet is a hub as `serve --nats-listen` starts it, without local workers, and the tokens of
// two remote workers.
type fleet struct {
	s              *Scheduler
	hub            *JetStream
	addr           string
	rogue, honest  string // tokens
	log            *syncBuffer
	honestIdentity string
}

func newFleet(t *testing.T, o HubOptions) *fleet {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	f := &fleet{addr: addr, rogue: "rogue-" + strings.Repeat("r", MinTokenBytes), honest: "honest-" + strings.Repeat("h", MinTokenBytes), log: &syncBuffer{}}
	f.honestIdentity = TokenUser(f.honest)
	o.DataDir, o.Listen, o.Token = t.TempDir(), addr, f.rogue+","+f.honest
	o.Heartbeat = 100 * time.Millisecond
	o.Logger = slog.New(slog.NewTextHandler(f.log, nil))
	s, err := StartHub(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	f.s, f.hub = s, s.backend.(*JetStream)
	return f
}

// conn connects with a worker's token, as `worker --insecure-plaintext` does.
func (f *fleet) conn(t *testing.T, token string) *nats.Conn {
	t.Helper()
	nc, err := dial("nats://"+f.addr, Client{Token: token, InsecurePlaintext: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// worker runs a remote worker with token on comp, with one slot, until the returned stop.
func (f *fleet) worker(t *testing.T, token string, comp Compiler, id string) func() {
	return f.workerSlots(t, token, comp, id, 1)
}

func (f *fleet) workerSlots(t *testing.T, token string, comp Compiler, id string, slots int) func() {
	t.Helper()
	nc := f.conn(t, token)
	w, err := NewWorker(context.Background(), nc, comp, WorkerConfig{ID: id, Identity: TokenUser(token), Slots: slots,
		Heartbeat: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = w.Run(ctx); close(done) }()
	var once sync.Once
	stopped := func() { once.Do(func() { stop(); <-done }) }
	t.Cleanup(stopped)
	return stopped
}

func (f *fleet) compile(t *testing.T, src, user string) (*latex.Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return f.s.Compile(ctx, Job{Source: src, UserID: user, Lane: Paid})
}

// One worker credential can do nothing but compile the jobs it is handed: it cannot write the
// PDF store (under a new key or over a PDF already served), answer a job another worker holds,
// read other workers' jobs, beat in another worker's name or size the scheduler to 1,001
// slots, or delete or purge the job stream and its consumers.
func TestRogueWorkerCanOnlyCompile(t *testing.T) {
	f := newFleet(t, HubOptions{})
	honest := newFakeTeX("TeX A")
	f.worker(t, f.honest, honest, "honest")
	waitFor(t, func() bool { return f.s.Status().Slots == 1 })

	// User A's private sheet, compiled and served.
	const secretA = "PRIVATE-A-7f3e"
	resA, err := f.compile(t, "sheet of "+secretA, "alice")
	if err != nil {
		t.Fatal(err)
	}
	honest.waitStart(t) // that compile's start
	servedA, ok := f.s.PDF(context.Background(), resA.Key)
	if !ok || !strings.Contains(string(servedA), secretA) {
		t.Fatal("user A's PDF is not served")
	}

	rogue := f.conn(t, f.rogue)
	rogue.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}) // its violations, expected
	js, _ := jetstream.New(rogue)
	short := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), time.Second)
	}

	// The PDF store: neither the object store API nor raw publishes to its subjects.
	planted := testPDF("PLANTED BY THE ROGUE")
	newKey := latex.Key("a source nobody compiled")
	ctx, cancel := short()
	if obj, err := js.ObjectStore(ctx, pdfBucket); err == nil {
		_, err1 := obj.PutBytes(ctx, newKey, planted)
		_, err2 := obj.PutBytes(ctx, resA.Key, planted)
		t.Errorf("the rogue opened the PDF store (puts: %v, %v)", err1, err2)
	}
	cancel()
	for _, key := range []string{newKey, resA.Key} {
		rawObjectPut(t, rogue, key, planted)
	}
	if pdf, ok := f.s.PDF(context.Background(), newKey); ok {
		t.Fatalf("a PDF the rogue stored is served: %.40q", pdf)
	}
	if again, _ := f.s.PDF(context.Background(), resA.Key); !bytes.Equal(again, servedA) {
		t.Fatal("the PDF behind a link handed out changed")
	}

	// The job stream: no JetStream API beyond pulling and acknowledging.
	ctx, cancel = short()
	if err := js.DeleteStream(ctx, jobStream); err == nil {
		t.Error("the rogue deleted the job stream")
	}
	cancel()
	ctx, cancel = short()
	if err := js.DeleteConsumer(ctx, jobStream, Paid.String()); err == nil {
		t.Error("the rogue deleted a lane consumer")
	}
	cancel()
	ctx, cancel = short()
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "EVIL", Subjects: []string{"sheetsmith.>"}}); err == nil {
		t.Error("the rogue created a stream")
	}
	cancel()
	for _, subj := range []string{"$JS.API.STREAM.PURGE." + jobStream, "$JS.API.STREAM.DELETE." + jobStream,
		"$JS.API.CONSUMER.DELETE." + jobStream + ".free", "$JS.API.STREAM.DELETE.OBJ_" + pdfBucket} {
		if _, err := rogue.Request(subj, nil, 300*time.Millisecond); err == nil {
			t.Errorf("%s answered the rogue", subj)
		}
	}

	// Snooping: the rogue cannot read other clients' replies or the job subjects.
	snooped := make(chan string, 100)
	for _, subj := range []string{"_INBOX.>", jobSubjectPrefix + ">", resultPrefix + ">", ">"} {
		_, _ = rogue.Subscribe(subj, func(m *nats.Msg) { snooped <- string(m.Data) })
	}
	_ = rogue.Flush()

	// User B's job, held by the honest worker: the rogue answers it with A's PDF, under its own
	// name (without the token) and under the honest worker's name.
	const secretB = "PRIVATE-B-91ac"
	type outcome struct {
		res *latex.Result
		err error
	}
	out := make(chan outcome, 1)
	go func() { r, err := f.compile(t, "hold sheet of "+secretB, "bob"); out <- outcome{r, err} }()
	if got := honest.waitStart(t); !strings.Contains(got, secretB) {
		t.Fatal(got)
	}
	f.hub.mu.Lock()
	var jobID string
	for id := range f.hub.waiting {
		jobID = id
	}
	f.hub.mu.Unlock()
	for _, identity := range []string{TokenUser(f.rogue), f.honestIdentity, localIdentity} {
		subject := resultSubjectPrefix(identity) + f.hub.id + "." + jobID
		for _, token := range []string{"", strings.Repeat("0", 64)} {
			forgeAnswer(rogue, subject, token, servedA)
		}
	}
	_ = rogue.Flush()
	close(honest.release)
	o := <-out
	if o.err != nil {
		t.Fatal(o.err)
	}
	pdfB, _ := f.s.PDF(context.Background(), o.res.Key)
	if strings.Contains(string(pdfB), secretA) || !strings.Contains(string(pdfB), secretB) {
		t.Fatalf("user B was served %.60q", pdfB)
	}
	close(snooped)
	for s := range snooped {
		if strings.Contains(s, secretB) || strings.Contains(s, secretA) {
			t.Fatalf("the rogue read %q", s)
		}
	}

	// Heartbeats: 1,000 slots claimed, and the honest worker (and the hub's own) said to leave.
	for _, identity := range []string{f.honestIdentity, localIdentity} {
		b, _ := json.Marshal(heartbeat{ID: "honest", Leaving: true})
		_ = rogue.Publish(heartbeatSubject(identity), b)
		b, _ = json.Marshal(heartbeat{ID: "forged", Slots: 1000})
		_ = rogue.Publish(heartbeatSubject(identity), b)
	}
	for i := range 50 {
		b, _ := json.Marshal(heartbeat{ID: fmt.Sprint("rogue-", i), Slots: 1000, Version: "x"})
		_ = rogue.Publish(heartbeatSubject(TokenUser(f.rogue)), b)
	}
	_ = rogue.Flush()
	waitFor(t, func() bool { return f.s.Status().Slots > 1 })
	st := f.s.Status()
	if st.Slots != DefaultMaxSlots+1 {
		t.Errorf("the scheduler has %d slots, want the rogue's cap %d and the honest worker's 1", st.Slots, DefaultMaxSlots)
	}
	for _, w := range st.Backend.(BackendStatus).Workers {
		if w.ID == "forged" {
			t.Errorf("a heartbeat in another worker's name counted: %+v", w)
		}
	}

	// After all this the queue still compiles, and the stream is where it was.
	if _, err := f.compile(t, "after the attacks", "carol"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.log.String(), "for a job the worker does not hold") {
		t.Error("the forged answers are not in the server log")
	}
	if strings.Contains(f.log.String(), "worker left") {
		t.Error("a forged departure counted")
	}
	if !strings.Contains(f.log.String(), "Publish Violation") {
		t.Error("the rogue's permission violations are not in the server log")
	}
}

// rawObjectPut writes an object the way the object store client does, by publishing its
// chunk and its metadata.
func rawObjectPut(t *testing.T, nc *nats.Conn, key string, data []byte) {
	id := nuid.Next()
	_ = nc.Publish(fmt.Sprintf("$O.%s.C.%s", pdfBucket, id), data)
	sum := sha256.Sum256(data)
	meta, _ := json.Marshal(map[string]any{"name": key, "bucket": pdfBucket, "nuid": id, "size": len(data), "chunks": 1,
		"digest": "SHA-256=" + base64.URLEncoding.EncodeToString(sum[:]), "mtime": time.Now()})
	m := nats.NewMsg(fmt.Sprintf("$O.%s.M.%s", pdfBucket, base64.URLEncoding.EncodeToString([]byte(key))))
	m.Header.Set("Nats-Rollup", "sub")
	m.Data = meta
	_ = nc.PublishMsg(m)
	_ = nc.Flush()
}

func forgeAnswer(nc *nats.Conn, subject, token string, pdf []byte) {
	chunk := nats.NewMsg(subject)
	chunk.Header.Set(hdrToken, token)
	chunk.Header.Set(hdrPart, "pdf")
	chunk.Data = pdf
	_, _ = nc.RequestMsg(chunk, 300*time.Millisecond)
	end := nats.NewMsg(subject)
	end.Header.Set(hdrToken, token)
	end.Header.Set(hdrPart, "end")
	end.Data, _ = json.Marshal(wireResult{Size: len(pdf), Passes: 1})
	_, _ = nc.RequestMsg(end, 300*time.Millisecond)
}

// answeringTeX answers every job with a fixed PDF or error.
type answeringTeX struct {
	pdf []byte
	err error
}

func (a answeringTeX) Compile(context.Context, string) (*latex.Result, error) {
	if a.err != nil {
		return nil, a.err
	}
	return &latex.Result{PDF: a.pdf, Passes: 1}, nil
}
func (answeringTeX) Version() string { return "answering" }

// A worker's PDF is checked by the hub: one with active content is refused, never stored or
// served.
func TestHubRefusesAWorkersActivePDF(t *testing.T) {
	f := newFleet(t, HubOptions{})
	f.worker(t, f.rogue, answeringTeX{pdf: activePDF()}, "rogue")
	waitFor(t, func() bool { return f.s.Status().Slots == 1 })
	_, err := f.compile(t, "an innocent sheet", "alice")
	var texErr *latex.Error
	if !errors.As(err, &texErr) || !strings.Contains(texErr.Problem, "active content") {
		t.Fatalf("%v", err)
	}
	if _, ok := f.s.PDF(context.Background(), latex.Key("an innocent sheet")); ok {
		t.Fatal("the refused PDF is served")
	}
	if !strings.Contains(f.log.String(), "refused a worker's PDF with active content") {
		t.Error("the refusal is not logged")
	}
}

// A worker's words reach a user only when the hub vouches for them: an invented "session
// expired, sign in at …" becomes a fixed sentence, in a TeX error and in any other failure.
func TestWorkersInventedErrorNeverReachesTheUser(t *testing.T) {
	const lure = "session expired, sign in at http://evil.example/login"
	for name, werr := range map[string]error{
		"tex error":     &latex.Error{Line: 1, Problem: lure},
		"tex reports":   &latex.Error{Line: 1, Problem: "TeX reports: " + lure},
		"quoted name":   &latex.Error{Line: 1, Problem: "the package " + lure + " is not available"},
		"other failure": errors.New(lure),
	} {
		t.Run(name, func(t *testing.T) {
			f := newFleet(t, HubOptions{})
			f.worker(t, f.rogue, answeringTeX{err: werr}, "rogue")
			waitFor(t, func() bool { return f.s.Status().Slots == 1 })
			_, err := f.compile(t, "\\documentclass{article}\\begin{document}x\\end{document}", "alice")
			if err == nil || strings.Contains(err.Error(), "evil") || strings.Contains(err.Error(), "session") {
				t.Fatalf("the user was told %v", err)
			}
			if !strings.Contains(f.log.String(), "evil.example") {
				t.Error("the worker's words are not in the server log")
			}
		})
	}
	// Words the hub can vouch for pass: the command is in the source, the line within it.
	src := "\\documentclass{article}\n\\begin{document}\n\\foo\n\\end{document}"
	if e := vouch(src, 3, undefinedFoo); e.Problem != undefinedFoo || e.Line != 3 {
		t.Errorf("%+v", e)
	}
	if e := vouch(src, 90, "the command \\evil is not defined (check its spelling, or whether it needs a package)"); e.Problem != problemUnknown || e.Line != 0 {
		t.Errorf("%+v", e)
	}
}

// A source of latex.MaxSource characters, the largest the product accepts, goes through the
// queue: of 4-byte characters (800 KB of UTF-8), and of characters JSON escapes six times over.
func TestLargestSourceGoesThroughTheQueue(t *testing.T) {
	f := newFleet(t, HubOptions{})
	tex := newFakeTeX("TeX A")
	close(tex.release)
	f.worker(t, f.honest, tex, "honest")
	waitFor(t, func() bool { return f.s.Status().Slots == 1 })
	for i, src := range []string{strings.Repeat("𝑥", latex.MaxSource), strings.Repeat("<", latex.MaxSource)} {
		res, err := f.compile(t, src, "alice")
		if err != nil {
			t.Fatal(err)
		}
		if res.Key != userKey("alice", src) {
			t.Fatal("another key")
		}
		tex.mu.Lock()
		got := tex.compiled[i]
		tex.mu.Unlock()
		if got != src {
			t.Fatalf("the worker got %d bytes of %d", len(got), len(src))
		}
	}
}

// A failed login is in the server log, by user name, without the secret tried.
func TestFailedWorkerLoginIsLogged(t *testing.T) {
	f := newFleet(t, HubOptions{})
	guess := "guess-" + strings.Repeat("g", MinTokenBytes)
	if nc, err := dial("nats://"+f.addr, Client{Token: guess, InsecurePlaintext: true}); err == nil {
		nc.Close()
		t.Fatal("a wrong token connected")
	}
	waitFor(t, func() bool { return strings.Contains(f.log.String(), "authentication error") })
	if strings.Contains(f.log.String(), guess) || strings.Contains(f.log.String(), f.rogue) {
		t.Fatal("a token is in the log")
	}
}

// Against a NATS server whose max_payload is smaller than a source, the compile is refused as
// too large (a typed error the routes answer as such), not as a server error.
func TestSourceLargerThanTheServersMessageIsTooLarge(t *testing.T) {
	ns, err := server.NewServer(&server.Options{JetStream: true, StoreDir: t.TempDir(), DontListen: true, NoSigs: true, NoLog: true,
		MaxPayload: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("not ready")
	}
	defer ns.Shutdown()
	nc := connectTo(t, ns)
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if err := Setup(ctx, js, 5*time.Second, 1); err != nil {
		t.Fatal(err)
	}
	hub, err := NewJetStream(ctx, nc, HubConfig{Logger: quiet, StoreBytes: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	_, err = hub.Compile(ctx, Job{Source: strings.Repeat("x", 100_000), UserID: "alice", Lane: Paid})
	var tooLarge *TooLargeError
	if !errors.Is(err, latex.ErrTooLarge) || !errors.As(err, &tooLarge) {
		t.Fatalf("%v", err)
	}
}
