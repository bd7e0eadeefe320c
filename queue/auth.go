package queue

import (
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// MinTokenBytes is the shortest worker token accepted: a token is a password that never
// changes and that anyone on the network may guess at.
const MinTokenBytes = 32

// Listen is how the embedded NATS server accepts remote workers: an address and at least one
// way to authenticate them (worker tokens, NKeys, or both), optionally over TLS. Every
// credential is a NATS user of its own with a worker's permissions only (permissions.go);
// the hub's own connections use a key made in this process that no worker can present.
type Listen struct {
	Addr string // HOST:PORT; empty: no network listener (in-process connections only)
	// Token holds worker tokens (SHEETSMITH_NATS_TOKEN), comma-separated: each is one worker
	// identity. One token shared by every worker works, but its workers are one identity.
	Token string
	NKeys []string // public user NKeys (U…), one per worker, each signing the server's nonce with its seed
	// TLS: a PEM certificate (chain) and its key; clients must then connect with tls://.
	TLSCert, TLSKey string
	// HubKey is the public NKey of the hub's own connections (hubKey), the one user with every
	// permission.
	HubKey string
	// Logger receives the server's warnings and errors: failed logins and permission
	// violations (with the user name, never a secret). Default slog.Default().
	Logger *slog.Logger
}

// ErrNoToken refuses a listener that anyone could use.
var ErrNoToken = errors.New("queue: --nats-listen needs worker tokens in SHEETSMITH_NATS_TOKEN or worker NKeys (--nats-nkey)")

// ErrShortToken refuses a token short enough to guess.
var ErrShortToken = fmt.Errorf("queue: a worker token must be at least %d bytes (make one with: openssl rand -hex 32)", MinTokenBytes)

func (l Listen) tokens() []string { return SplitKeys(l.Token) }

func (l Listen) check() error {
	if l.Addr == "" {
		return nil
	}
	if len(l.tokens()) == 0 && len(l.NKeys) == 0 {
		return ErrNoToken
	}
	for _, t := range l.tokens() {
		if len(t) < MinTokenBytes {
			return ErrShortToken
		}
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

// apply sets the server options for the listener: one user per worker credential, each with
// a worker's permissions, and hubKey (the hub's own public key) with all permissions.
func (l Listen) apply(opts *server.Options) error {
	if l.HubKey != "" {
		opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: l.HubKey}) // no Permissions: everything
	}
	for _, k := range l.NKeys {
		opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: k, Permissions: workerPermissions(k)})
	}
	for _, t := range l.tokens() {
		name := TokenUser(t)
		opts.Users = append(opts.Users, &server.User{Username: name, Password: t, Permissions: workerPermissions(name)})
	}
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

// hubKey is an NKey made for this process: the hub's own connections prove it, and since its
// seed never leaves memory no worker can.
func hubKey() (nkeys.KeyPair, string, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, "", err
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, "", err
	}
	return kp, pub, nil
}

// TokenUser is the NATS user name of a worker token: derived from the token, so the worker and
// the hub agree on it without another setting, and the token cannot be read back from it.
func TokenUser(token string) string {
	sum := sha256.Sum256([]byte("sheetsmith worker token\x00" + token))
	return "w-" + hex.EncodeToString(sum[:8])
}

// Client is how a worker (or a hub using an external NATS server) authenticates and trusts
// the server, with nats.go's own options.
type Client struct {
	Token        string // this worker's token (SHEETSMITH_NATS_TOKEN)
	NKeySeedFile string // a file holding the user NKey seed (SU…), as `nk -gen user` writes it
	CAFile       string // PEM CA certificates to trust for the hub's certificate (default: the system's)
	// InsecurePlaintext allows a connection without TLS, credentials in clear: only on a
	// private network (worker --insecure-plaintext).
	InsecurePlaintext bool
}

// ErrPlaintext is a worker told to connect without TLS and not told that this is wanted.
var ErrPlaintext = errors.New("queue: the connection to the hub must use TLS (tls://HOST:PORT, and --nats-ca for the hub's CA); " +
	"on a private network where plain text is acceptable, say so with --insecure-plaintext")

// Identity is the name the hub knows this client by: its NKey's public key or its token's
// user name. Heartbeats and answers go out under it, the only subjects it may publish on.
func (c Client) Identity() (string, error) {
	if c.NKeySeedFile != "" {
		seed, err := os.ReadFile(c.NKeySeedFile)
		if err != nil {
			return "", fmt.Errorf("queue: NKey seed: %w", err)
		}
		kp, err := nkeys.FromSeed([]byte(strings.TrimSpace(string(seed))))
		if err != nil {
			return "", fmt.Errorf("queue: NKey seed %s: %w", c.NKeySeedFile, err)
		}
		return kp.PublicKey()
	}
	if c.Token != "" {
		return TokenUser(c.Token), nil
	}
	return "", errors.New("queue: a worker needs its token in SHEETSMITH_NATS_TOKEN or an NKey seed (--nats-nkey-seed)")
}

// Options are the nats.go options for c. Unless InsecurePlaintext, the connection must be
// TLS with the server's certificate verified, or nothing (not even the credentials) is sent.
func (c Client) Options() ([]nats.Option, error) {
	var opts []nats.Option
	if c.NKeySeedFile != "" {
		opt, err := nats.NkeyOptionFromSeed(c.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("queue: NKey seed %s: %w", c.NKeySeedFile, err)
		}
		opts = append(opts, opt)
	} else if c.Token != "" {
		if len(c.Token) < MinTokenBytes {
			return nil, ErrShortToken
		}
		opts = append(opts, nats.UserInfo(TokenUser(c.Token), c.Token))
	}
	if id, err := c.Identity(); err == nil {
		// Replies (pulled jobs among them) come to an inbox only this identity may read.
		opts = append(opts, nats.CustomInboxPrefix(inboxPrefix(id)))
	}
	if !c.InsecurePlaintext {
		tc := &tls.Config{MinVersion: tls.VersionTLS12}
		if c.CAFile != "" {
			pem, err := os.ReadFile(c.CAFile)
			if err != nil {
				return nil, fmt.Errorf("queue: CA file: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("queue: CA file %s holds no PEM certificate", c.CAFile)
			}
			tc.RootCAs = pool
		}
		opts = append(opts, nats.Secure(tc))
	}
	return opts, nil
}

// CheckURL refuses a plain nats:// address unless plain text was chosen; a tls:// address, or
// nats:// to a server requiring TLS, is verified by Options' TLS settings.
func (c Client) CheckURL(url string) error {
	if c.InsecurePlaintext {
		return nil
	}
	for _, u := range strings.Split(url, ",") {
		if !strings.HasPrefix(strings.TrimSpace(u), "tls://") {
			return ErrPlaintext
		}
	}
	return nil
}

// SplitKeys reads a comma-separated list (of public NKeys or tokens; flag or environment values).
func SplitKeys(s string) []string {
	var keys []string
	for _, k := range strings.Split(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}
