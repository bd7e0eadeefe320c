package queue

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Listen is how the embedded NATS server accepts remote workers: an address and at least one
// way to authenticate them (the shared token, NKeys, or both), optionally over TLS. It uses
// nats-server's own options: Authorization, Nkeys and TLSConfig.
type Listen struct {
	Addr  string   // HOST:PORT; empty: no network listener (in-process connections only)
	Token string   // shared secret (SHEETSMITH_NATS_TOKEN)
	NKeys []string // public user NKeys (U…) allowed to connect, each signing the server's nonce with its seed
	// TLS: a PEM certificate (chain) and its key; clients must then connect with tls://.
	TLSCert, TLSKey string
}

// ErrNoToken refuses a listener that anyone could use.
var ErrNoToken = errors.New("queue: --nats-listen needs the shared secret in SHEETSMITH_NATS_TOKEN or worker NKeys (--nats-nkey)")

func (l Listen) check() error {
	if l.Addr == "" {
		return nil
	}
	if l.Token == "" && len(l.NKeys) == 0 {
		return ErrNoToken
	}
	for _, k := range l.NKeys {
		if !nkeys.IsValidPublicUserKey(k) {
			return fmt.Errorf("queue: %q is not a public user NKey (it starts with U; the seed stays with the worker)", k)
		}
	}
	if (l.TLSCert == "") != (l.TLSKey == "") {
		return errors.New("queue: TLS needs both a certificate and its key (--nats-tls-cert and --nats-tls-key)")
	}
	return nil
}

// apply sets the server options for the listener.
func (l Listen) apply(opts *server.Options) error {
	for _, k := range l.NKeys {
		opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: k})
	}
	opts.Authorization = l.Token
	if l.TLSCert != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: l.TLSCert, KeyFile: l.TLSKey})
		if err != nil {
			return fmt.Errorf("queue: NATS TLS: %w", err)
		}
		opts.TLSConfig = tc
		opts.TLS = true
		opts.TLSTimeout = 5
	}
	return nil
}

// hubIdentity is how the hub's own in-process connections authenticate: with the token when
// there is one, else with an NKey made for this process and added to the allowed keys.
func (l *Listen) hubIdentity() ([]nats.Option, error) {
	if l.Addr == "" || l.Token != "" {
		if l.Token != "" {
			return []nats.Option{nats.Token(l.Token)}, nil
		}
		return nil, nil
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, err
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	l.NKeys = append(l.NKeys, pub)
	return []nats.Option{nats.Nkey(pub, kp.Sign)}, nil
}

// Client is how a worker (or a hub using an external NATS server) authenticates and trusts
// the server, with nats.go's own options.
type Client struct {
	Token        string // shared secret (SHEETSMITH_NATS_TOKEN)
	NKeySeedFile string // a file holding the user NKey seed (SU…), as `nk -gen user` writes it
	CAFile       string // PEM CA certificates to trust for a tls:// server (default: the system's)
}

// Options are the nats.go options for c.
func (c Client) Options() ([]nats.Option, error) {
	var opts []nats.Option
	if c.Token != "" {
		opts = append(opts, nats.Token(c.Token))
	}
	if c.NKeySeedFile != "" {
		opt, err := nats.NkeyOptionFromSeed(c.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("queue: NKey seed %s: %w", c.NKeySeedFile, err)
		}
		opts = append(opts, opt)
	}
	if c.CAFile != "" {
		if _, err := os.Stat(c.CAFile); err != nil {
			return nil, fmt.Errorf("queue: CA file: %w", err)
		}
		opts = append(opts, nats.RootCAs(c.CAFile))
	}
	return opts, nil
}

// SplitKeys reads a comma-separated list of public NKeys (flag or environment values).
func SplitKeys(s string) []string {
	var keys []string
	for _, k := range strings.Split(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}
