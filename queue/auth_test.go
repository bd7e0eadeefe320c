package queue

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// testPKI writes a CA and a certificate for 127.0.0.1 signed by it; it returns the files.
func testPKI(t *testing.T) (caFile, certFile, keyFile string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, kind string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "sheetsmith test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "hub"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("hub.pem", "CERTIFICATE", der), write("hub-key.pem", "EC PRIVATE KEY", keyDER)
}

// testToken is a worker token of the shortest length accepted.
var testToken = strings.Repeat("t", MinTokenBytes)

// testNKey makes a user NKey and writes its seed the way `nk -gen user` does.
func testNKey(t *testing.T) (pub, seedFile string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ = kp.PublicKey()
	seed, _ := kp.Seed()
	seedFile = filepath.Join(t.TempDir(), "worker.nk")
	if err := os.WriteFile(seedFile, append(seed, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	return pub, seedFile
}

func dial(url string, c Client) (*nats.Conn, error) {
	opts, err := c.Options()
	if err != nil {
		return nil, err
	}
	return nats.Connect(url, append(opts, nats.Timeout(3*time.Second), nats.MaxReconnects(0))...)
}

// The listener over TLS with NKeys (and the token alongside): only a client that trusts the
// CA and proves a listed key (or knows the token) gets in; plain text is refused.
func TestListenerWithTLSAndNKeys(t *testing.T) {
	caFile, certFile, keyFile := testPKI(t)
	pub, seedFile := testNKey(t)
	_, strangerSeed := testNKey(t)
	ns, err := StartServer(t.TempDir(), Listen{Addr: "127.0.0.1:0", Token: testToken, NKeys: []string{pub}, TLSCert: certFile, TLSKey: keyFile, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	addr := ns.Addr().String()

	nc, err := dial("tls://"+addr, Client{NKeySeedFile: seedFile, CAFile: caFile})
	if err != nil {
		t.Fatalf("a listed NKey over TLS: %v", err)
	}
	if _, err := nc.TLSConnectionState(); err != nil {
		t.Fatalf("not over TLS: %v", err)
	}
	// The connection works: the server answers.
	if _, err := nc.RTT(); err != nil {
		t.Fatal(err)
	}
	nc.Close()

	if nc, err := dial("tls://"+addr, Client{Token: testToken, CAFile: caFile}); err != nil {
		t.Fatalf("the token alongside NKeys: %v", err)
	} else {
		nc.Close()
	}
	refused := map[string]struct {
		url string
		c   Client
	}{
		"unknown CA":          {"tls://" + addr, Client{NKeySeedFile: seedFile}},
		"unlisted NKey":       {"tls://" + addr, Client{NKeySeedFile: strangerSeed, CAFile: caFile}},
		"no credentials":      {"tls://" + addr, Client{CAFile: caFile}},
		"wrong token":         {"tls://" + addr, Client{Token: strings.Repeat("g", MinTokenBytes), CAFile: caFile}},
		"plain text with key": {"nats://" + addr, Client{NKeySeedFile: seedFile}},
	}
	for name, r := range refused {
		if nc, err := dial(r.url, r.c); err == nil {
			nc.Close()
			t.Errorf("%s: connected", name)
		}
	}
}

// A listener needs a way to authenticate, public keys (not seeds), and a whole certificate.
func TestListenerSettingsAreChecked(t *testing.T) {
	pub, seedFile := testNKey(t)
	seed, _ := os.ReadFile(seedFile)
	for name, l := range map[string]Listen{
		"nothing":     {Addr: "127.0.0.1:0"},
		"a seed":      {Addr: "127.0.0.1:0", NKeys: []string{strings.TrimSpace(string(seed))}},
		"cert no key": {Addr: "127.0.0.1:0", NKeys: []string{pub}, TLSCert: "hub.pem"},
		"short token": {Addr: "127.0.0.1:0", Token: "s3cret"},
	} {
		if ns, err := StartServer(t.TempDir(), l); err == nil {
			ns.Shutdown()
			t.Errorf("%s: started", name)
		}
	}
	if _, err := StartServer(t.TempDir(), Listen{Addr: "127.0.0.1:0"}); err != ErrNoToken {
		t.Errorf("no auth: %v", err)
	}
	if _, err := (Client{NKeySeedFile: filepath.Join(t.TempDir(), "missing")}).Options(); err == nil {
		t.Error("a missing seed file was accepted")
	}
	if got := SplitKeys(" UA, ,UB "); len(got) != 2 || got[0] != "UA" || got[1] != "UB" {
		t.Errorf("%q", got)
	}
}

// A hub listening with NKeys only (no token) connects to itself with a key of its own, and a
// remote worker proving its key over TLS compiles a job.
func TestHubWithNKeysOnlyServesARemoteWorkerOverTLS(t *testing.T) {
	caFile, certFile, keyFile := testPKI(t)
	pub, seedFile := testNKey(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s, err := StartHub(context.Background(), HubOptions{DataDir: t.TempDir(), Listen: addr, NKeys: []string{pub},
		TLSCert: certFile, TLSKey: keyFile, Heartbeat: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	nc, err := dial("tls://"+addr, Client{NKeySeedFile: seedFile, CAFile: caFile})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	tex := newFakeTeX("TeX A")
	w, err := NewWorker(context.Background(), nc, tex, WorkerConfig{ID: "remote", Identity: pub, Slots: 1, Heartbeat: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = w.Run(ctx); close(done) }()
	defer func() { stop(); <-done }()

	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := compileAs(s, cctx, "over tls", "alice", Paid)
	if err != nil {
		t.Fatal(err)
	}
	if pdf, ok := s.PDF(cctx, res.Key); !ok || !strings.Contains(string(pdf), "(TeX A over tls)") {
		t.Fatalf("%q %v", pdf, ok)
	}
	// A listed NKey is a worker, nothing more: no JetStream API beyond its lanes.
	nc.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})
	js, _ := jetstream.New(nc)
	dctx, dcancel := context.WithTimeout(context.Background(), time.Second)
	defer dcancel()
	if err := js.DeleteStream(dctx, jobStream); err == nil {
		t.Fatal("a worker's NKey deleted the job stream")
	}
}
