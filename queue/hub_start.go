package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sheetsmith/latex"
)

// HubOptions start the queue inside `serve`: an embedded NATS server with JetStream (or a
// connection to an external one), the stream, local workers and the scheduler.
type HubOptions struct {
	DataDir string   // the embedded server's file store goes in DataDir/nats
	Listen  string   // HOST:PORT to accept remote workers on; empty: no network listener
	URL     string   // an external NATS server or cluster instead of the embedded one
	Token   string   // worker tokens, comma-separated (each at least 32 bytes); Listen needs them or NKeys
	NKeys   []string // public user NKeys of workers allowed on Listen, one per worker
	// TLSCert and TLSKey put the listener behind TLS (workers connect with tls://).
	TLSCert, TLSKey string
	// NKeySeedFile and CAFile are the hub's own credentials and trusted CAs for an external URL.
	NKeySeedFile, CAFile string
	LocalWorkers         int // compiles at once in this process; 0 leaves compiling to remote workers
	// NewCompiler starts the sandboxed compiler for the local workers.
	NewCompiler func(workers int) (*latex.Compiler, error)
	AckWait     time.Duration // redelivery after a worker stops answering; default 10s
	Heartbeat   time.Duration // workers' heartbeat interval; default 2s
	JobTimeout  time.Duration // default 3 minutes
	// StoreBytes caps the PDF store (serve --pdf-store-mb); the oldest PDFs are evicted to stay
	// under it, and one user's compiles keep at most an eighth. Default DefaultStoreBytes.
	StoreBytes int64
	// MaxSlots is the most compile slots one remote worker identity counts for, over all its
	// processes, whatever its heartbeats claim (serve --worker-max-slots); default
	// DefaultMaxSlots. The local workers count LocalWorkers.
	MaxSlots  int
	Scheduler Config
	Logger    *slog.Logger
}

// CompilerError is a hub whose local compiler cannot start (no bubblewrap, no TeX): the
// server can still serve everything but compiling.
type CompilerError struct{ Err error }

func (e *CompilerError) Error() string { return e.Err.Error() }
func (e *CompilerError) Unwrap() error { return e.Err }

// StartHub starts everything the server needs to compile through the queue.
func StartHub(ctx context.Context, o HubOptions) (*Scheduler, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	listen := Listen{Addr: o.Listen, Token: o.Token, NKeys: o.NKeys, TLSCert: o.TLSCert, TLSKey: o.TLSKey, Logger: o.Logger}
	if err := listen.check(); err != nil {
		return nil, err
	}
	if o.Listen != "" && o.URL != "" {
		return nil, errors.New("queue: --nats-listen starts the embedded server; it cannot be combined with --nats")
	}
	if o.AckWait <= 0 {
		o.AckWait = defaultAckWait
	}
	var cleanup []func()
	fail := func(err error) (*Scheduler, error) {
		for i := len(cleanup) - 1; i >= 0; i-- {
			cleanup[i]()
		}
		return nil, err
	}

	var ns *server.Server
	var auth []nats.Option
	if o.URL == "" && o.Listen != "" {
		// The hub's own identity: a key made now, with every permission; no worker has it.
		kp, pub, err := hubKey()
		if err != nil {
			return nil, err
		}
		listen.HubKey = pub
		auth = []nats.Option{nats.Nkey(pub, kp.Sign)}
	} else if o.URL != "" {
		// An external server: its operator gives the hub its rights and workers theirs
		// (docs/DEPLOY.md). Plain text is the operator's choice of URL there.
		var err error
		auth, err = Client{NKeySeedFile: o.NKeySeedFile, CAFile: o.CAFile, InsecurePlaintext: !strings.HasPrefix(o.URL, "tls://")}.Options()
		if err != nil {
			return nil, err
		}
		if o.Token != "" && o.NKeySeedFile == "" {
			auth = append(auth, nats.Token(o.Token))
		}
	}
	var err error
	connect := func(name string) (*nats.Conn, error) {
		opts := append([]nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}, auth...)
		opts = append(opts, nats.CustomInboxPrefix(hubInboxPrefix))
		if ns != nil {
			return nats.Connect("", append(opts, nats.InProcessServer(ns))...)
		}
		return nats.Connect(o.URL, opts...)
	}
	if o.URL == "" {
		if ns, err = StartServer(filepath.Join(o.DataDir, "nats"), listen); err != nil {
			return fail(err)
		}
		cleanup = append(cleanup, func() { ns.Shutdown(); ns.WaitForShutdown() })
		if o.Listen != "" {
			o.Logger.Info("queue: NATS listening for workers", "address", ns.Addr().String(),
				"tls", o.TLSCert != "", "tokens", len(listen.tokens()), "nkeys", len(o.NKeys))
		}
	}
	nc, err := connect("sheetsmith hub")
	if err != nil {
		return fail(fmt.Errorf("queue: connect to NATS: %w", err))
	}
	cleanup = append(cleanup, nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		return fail(err)
	}
	if err := Setup(ctx, js, o.AckWait, 1); err != nil {
		return fail(err)
	}

	var local *latex.Compiler
	wctx, stopWorkers := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	cleanup = append(cleanup, func() { stopWorkers(); wg.Wait() })
	if o.LocalWorkers > 0 {
		if local, err = o.NewCompiler(o.LocalWorkers); err != nil {
			return fail(&CompilerError{Err: err})
		}
		cleanup = append(cleanup, func() { _ = local.Close() })
	}

	hub, err := NewJetStream(ctx, nc, HubConfig{JobTimeout: o.JobTimeout, Heartbeat: o.Heartbeat, Local: local,
		StoreBytes: o.StoreBytes, MaxSlots: o.MaxSlots, Logger: o.Logger})
	if err != nil {
		return fail(err)
	}
	// Workers start after the hub listens for their heartbeats.
	if o.LocalWorkers > 0 {
		wnc, err := connect("sheetsmith local worker")
		if err != nil {
			return fail(err)
		}
		w, err := NewWorker(ctx, wnc, TeX{C: local}, WorkerConfig{ID: "local", Identity: localIdentity, Local: true, Slots: o.LocalWorkers,
			AckWait: o.AckWait, Heartbeat: o.Heartbeat, Logger: o.Logger})
		if err != nil {
			wnc.Close()
			return fail(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = w.Run(wctx)
			wnc.Close()
		}()
	}
	cfg := o.Scheduler
	cfg.Logger = o.Logger
	s := New(hub, cfg)
	hub.bindScheduler(s)
	s.SetSlots(o.LocalWorkers) // until the local worker's first heartbeat says the same
	wg.Add(2)
	go func() { defer wg.Done(); hub.watch(wctx) }()
	go func() { defer wg.Done(); s.logEvery(wctx, time.Minute) }()
	hub.onClose = append(cleanup, hub.onClose...) // the hub's own (its checker) first
	return s, nil
}

// StartServer starts an embedded NATS server with JetStream storing under dir. With l.Addr
// empty it has no network listener at all (in-process connections only); otherwise clients
// must authenticate as l says, over TLS when l has a certificate.
func StartServer(dir string, l Listen) (*server.Server, error) {
	opts := &server.Options{
		ServerName: "sheetsmith",
		JetStream:  true,
		StoreDir:   dir,
		NoSigs:     true,
		// A source of latex.MaxSource characters (headers beside) fits one message.
		MaxPayload: int32(max(sourceBytesMax+headerRoom, 1<<20)),
	}
	if l.Addr == "" {
		opts.DontListen = true
	} else {
		if err := l.check(); err != nil {
			return nil, err
		}
		host, port, err := net.SplitHostPort(l.Addr)
		if err != nil {
			return nil, fmt.Errorf("queue: --nats-listen %q: %w", l.Addr, err)
		}
		if opts.Port, err = strconv.Atoi(port); err != nil {
			return nil, fmt.Errorf("queue: --nats-listen %q: bad port", l.Addr)
		}
		opts.Host = host
		if err := l.apply(opts); err != nil {
			return nil, err
		}
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("queue: NATS server: %w", err)
	}
	logger := l.Logger
	if logger == nil {
		logger = slog.Default()
	}
	ns.SetLoggerV2(natsLog{logger}, false, false, false)
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, errors.New("queue: the embedded NATS server did not start")
	}
	return ns, nil
}

// logEvery writes the queue's state to the log while there is anything to say.
func (s *Scheduler) logEvery(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	var last int64 = -1
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		st := s.Status()
		var total int64
		waiting := 0
		for _, l := range st.Lanes {
			total += l.Dispatched + l.Rejected
			waiting += l.Waiting
		}
		if total == last && waiting == 0 {
			continue
		}
		last = total
		args := []any{"slots", st.Slots, "running", st.Running}
		for _, l := range st.Lanes {
			args = append(args, l.Lane+".waiting", l.Waiting, l.Lane+".avgWaitMs", l.AvgWaitMS, l.Lane+".rejected", l.Rejected)
		}
		if b, ok := st.Backend.(BackendStatus); ok {
			args = append(args, "workers", len(b.Workers))
		}
		s.cfg.Logger.Info("queue", args...)
	}
}
