package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/spf13/cobra"

	"sheetsmith/config"
	"sheetsmith/latex"
	"sheetsmith/queue"
)

// TokenEnv holds a worker's token (at least 32 bytes); on the hub, every worker's token,
// comma-separated.
const TokenEnv = "SHEETSMITH_NATS_TOKEN"

// The other queue settings may come from the environment too (a flag wins).
const (
	NKeysEnv    = "SHEETSMITH_NATS_NKEYS"       // serve: public worker NKeys, comma-separated
	TLSCertEnv  = "SHEETSMITH_NATS_TLS_CERT"    // serve: the listener's certificate
	TLSKeyEnv   = "SHEETSMITH_NATS_TLS_KEY"     // serve: its key
	NKeySeedEnv = "SHEETSMITH_NATS_NKEY_SEED"   // worker (or serve with --nats): the NKey seed file
	CAEnv       = "SHEETSMITH_NATS_CA"          // worker (or serve with --nats): CA certificates for tls://
	StoreEnv    = "SHEETSMITH_PDF_STORE_MB"     // serve: the PDF store's cap in MB
	MaxSlotsEnv = "SHEETSMITH_WORKER_MAX_SLOTS" // serve: slots one worker identity counts for at most
)

// QueueFlags are serve's queue settings.
type QueueFlags struct {
	Listen       string
	URL          string
	LocalWorkers int
	NKeys        []string
	TLSCert      string
	TLSKey       string
	NKeySeed     string
	CAFile       string
	StoreMB      int64
	MaxSlots     int
}

// AddQueueFlags registers --nats-listen, --nats and --local-workers. They are persistent
// flags of the root command, the way PocketBase adds its own global flags, so `serve` has
// them.
func AddQueueFlags(root *cobra.Command) *QueueFlags {
	f := &QueueFlags{}
	pf := root.PersistentFlags()
	pf.StringVar(&f.Listen, "nats-listen", "", "serve: accept compile workers on HOST:PORT (needs "+TokenEnv+")")
	pf.StringVar(&f.URL, "nats", "", "serve: use an external NATS server or cluster (nats://HOST:PORT) instead of the embedded one")
	pf.IntVar(&f.LocalWorkers, "local-workers", runtime.NumCPU(), "serve: compiles at once in this process (0: remote workers only)")
	pf.StringSliceVar(&f.NKeys, "nats-nkey", nil, "serve: a worker's public NKey (U…) allowed on --nats-listen; repeat or comma-separate (env "+NKeysEnv+")")
	pf.StringVar(&f.TLSCert, "nats-tls-cert", "", "serve: PEM certificate for --nats-listen; workers then use tls:// (env "+TLSCertEnv+")")
	pf.StringVar(&f.TLSKey, "nats-tls-key", "", "serve: the certificate's PEM key (env "+TLSKeyEnv+")")
	pf.StringVar(&f.NKeySeed, "nats-nkey-seed", "", "serve with --nats: the hub's NKey seed file (env "+NKeySeedEnv+")")
	pf.StringVar(&f.CAFile, "nats-ca", "", "serve with --nats: CA certificates to trust for tls:// (env "+CAEnv+")")
	pf.Int64Var(&f.StoreMB, "pdf-store-mb", 0, fmt.Sprintf("serve: MB of compiled PDFs kept (oldest evicted first; one user keeps at most an eighth); default %d (env %s)", queue.DefaultStoreBytes>>20, StoreEnv))
	pf.IntVar(&f.MaxSlots, "worker-max-slots", 0, fmt.Sprintf("serve: compile slots one remote worker identity (token or NKey) counts for at most, whatever it claims; default %d (env %s)", queue.DefaultMaxSlots, MaxSlotsEnv))
	return f
}

// NewQueue starts the compile queue at serve time.
func (f *QueueFlags) NewQueue(cfg config.Config) func(app core.App) (*queue.Scheduler, error) {
	return func(app core.App) (*queue.Scheduler, error) {
		if f.LocalWorkers < 0 {
			return nil, errors.New("--local-workers cannot be negative")
		}
		storeMB := f.StoreMB
		if v := os.Getenv(StoreEnv); storeMB == 0 && v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s=%q: a number of MB, like 2048", StoreEnv, v)
			}
			storeMB = n
		}
		if storeMB < 0 {
			return nil, errors.New("--pdf-store-mb cannot be negative")
		}
		maxSlots := f.MaxSlots
		if v := os.Getenv(MaxSlotsEnv); maxSlots == 0 && v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s=%q: a number of slots, like 8", MaxSlotsEnv, v)
			}
			maxSlots = n
		}
		if maxSlots < 0 {
			return nil, errors.New("--worker-max-slots cannot be negative")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		s, err := queue.StartHub(ctx, queue.HubOptions{
			DataDir:      app.DataDir(),
			Listen:       f.Listen,
			URL:          f.URL,
			Token:        os.Getenv(TokenEnv),
			NKeys:        orEnvList(f.NKeys, NKeysEnv),
			TLSCert:      orEnv(f.TLSCert, TLSCertEnv),
			TLSKey:       orEnv(f.TLSKey, TLSKeyEnv),
			NKeySeedFile: orEnv(f.NKeySeed, NKeySeedEnv),
			CAFile:       orEnv(f.CAFile, CAEnv),
			LocalWorkers: f.LocalWorkers,
			Scheduler:    queue.Config{DataDir: app.DataDir(), MinFreeDisk: int64(cfg.Limits.MinFreeDiskMB) << 20}, // the free-disk floor
			StoreBytes:   storeMB << 20,
			MaxSlots:     maxSlots,
			NewCompiler: func(n int) (*latex.Compiler, error) {
				return latex.New(latex.Config{Workers: n, Unsandboxed: cfg.UnsafeNoSandbox, Logger: app.Logger()})
			},
			Logger: app.Logger(),
		})
		if err != nil {
			return nil, err
		}
		// With PocketBase's S3 storage on, PDFs also go there (see docs/DEPLOY.md, "PDFs in S3").
		s.SetStore(queue.FSStore{Open: func() (*filesystem.System, error) {
			if !app.Settings().S3.Enabled {
				return nil, nil
			}
			return app.NewFilesystem()
		}})
		return s, nil
	}
}

// orEnv is a flag's value, or the environment's when the flag is not given.
func orEnv(flag, env string) string {
	if flag != "" {
		return flag
	}
	return os.Getenv(env)
}

func orEnvList(flag []string, env string) []string {
	if len(flag) > 0 {
		return flag
	}
	return queue.SplitKeys(os.Getenv(env))
}

// Worker is `sheetsmith worker --nats nats://HOST:PORT`: the sandboxed compiler pulling jobs
// from a hub's queue.
func Worker(cfg config.Config) *cobra.Command {
	var url, id, seed, ca string
	var slots int
	var plaintext bool
	cmd := &cobra.Command{
		Use:          "worker --nats tls://HOST:PORT",
		Short:        "Compile jobs from a Sheetsmith server's queue (this worker's token in " + TokenEnv + ", or an NKey seed)",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if url == "" {
				return errors.New("say where the queue is with --nats tls://HOST:PORT (or nats://HOST:PORT with --insecure-plaintext)")
			}
			client := queue.Client{Token: os.Getenv(TokenEnv), NKeySeedFile: orEnv(seed, NKeySeedEnv), CAFile: orEnv(ca, CAEnv), InsecurePlaintext: plaintext}
			if err := client.CheckURL(url); err != nil {
				return err
			}
			identity, err := client.Identity()
			if err != nil {
				return err
			}
			auth, err := client.Options()
			if err != nil {
				return err
			}
			logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			c, err := latex.New(latex.Config{Workers: slots, Unsandboxed: cfg.UnsafeNoSandbox, Logger: logger})
			if err != nil {
				return err
			}
			defer c.Close()
			opts := append([]nats.Option{nats.Name("sheetsmith worker"), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}, auth...)
			nc, err := nats.Connect(url, opts...)
			if err != nil {
				return err
			}
			defer nc.Close()
			w, err := queue.NewWorker(ctx, nc, queue.TeX{C: c}, queue.WorkerConfig{ID: id, Identity: identity, Slots: slots, Logger: logger})
			if err != nil {
				return err
			}
			return w.Run(ctx)
		},
	}
	cmd.Flags().StringVar(&url, "nats", "", "the hub's NATS address, tls://HOST:PORT (or nats://HOST:PORT with --insecure-plaintext)")
	cmd.Flags().StringVar(&seed, "nats-nkey-seed", "", "a file with this worker's NKey seed (SU…); the hub lists its public key (env "+NKeySeedEnv+")")
	cmd.Flags().StringVar(&ca, "nats-ca", "", "PEM CA certificates that sign the hub's certificate (env "+CAEnv+"; default the system's)")
	cmd.Flags().BoolVar(&plaintext, "insecure-plaintext", false, "allow nats:// without TLS: the credentials cross the network in clear (only on a private network)")
	cmd.Flags().IntVar(&slots, "slots", runtime.NumCPU(), "compiles at once")
	cmd.Flags().StringVar(&id, "id", "", "this worker's name in the hub's status (default: host name and a random suffix)")
	return cmd
}
