package fleet

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nkeys"
)

// pki writes a CA and a certificate for 127.0.0.1 signed by it.
func pki(t *testing.T) (caFile, certFile, keyFile string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, kind string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "fleet CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "hub"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(key)
	return write("ca.pem", "CERTIFICATE", caDER), write("hub.pem", "CERTIFICATE", der), write("hub-key.pem", "EC PRIVATE KEY", keyDER)
}

// A hub listening over TLS for one worker NKey (and no token) and a `sheetsmith worker`
// process dialling tls:// with the CA and its seed file: a compile through the API comes back
// as a PDF; a worker without the seed cannot join.
func TestWorkerOverTLSWithNKey(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs TeX in two processes")
	}
	bin := build(t)
	caFile, certFile, keyFile := pki(t)
	kp, _ := nkeys.CreateUser()
	pub, _ := kp.PublicKey()
	seed, _ := kp.Seed()
	seedFile := filepath.Join(t.TempDir(), "worker.nk")
	if err := os.WriteFile(seedFile, seed, 0o600); err != nil {
		t.Fatal(err)
	}

	data := t.TempDir()
	httpPort, natsPort := freePort(t), freePort(t)
	if out, err := exec.Command(bin, "superuser", "upsert", "admin@example.com", "fleet-password-1", "--dir", data).CombinedOutput(); err != nil {
		t.Fatalf("superuser: %v %s", err, out)
	}
	noToken := []string{"SHEETSMITH_NATS_TOKEN="}
	start(t, bin, "hub", noToken, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", httpPort), "--dir", data,
		"--nats-listen", fmt.Sprintf("127.0.0.1:%d", natsPort), "--local-workers", "0",
		"--nats-tls-cert", certFile, "--nats-tls-key", keyFile, "--nats-nkey", pub)
	a := api{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", httpPort)}
	var admin struct{ Token string }
	deadline := time.Now().Add(60 * time.Second)
	for a.call("POST", "/api/collections/_superusers/auth-with-password", "", map[string]string{"identity": "admin@example.com", "password": "fleet-password-1"}, &admin) != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the hub did not come up")
		}
		time.Sleep(200 * time.Millisecond)
	}
	url := fmt.Sprintf("tls://127.0.0.1:%d", natsPort)

	// Without the seed (with a token the hub does not know) the worker is refused and exits.
	stranger := exec.Command(bin, "worker", "--nats", url, "--nats-ca", caFile, "--slots", "1")
	stranger.Env = append(os.Environ(), "SHEETSMITH_NATS_TOKEN="+strings.Repeat("x", 40), "XDG_CACHE_HOME="+t.TempDir())
	var out bytes.Buffer
	stranger.Stdout, stranger.Stderr = &out, &out
	done := make(chan error, 1)
	if err := stranger.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- stranger.Wait() }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(strings.ToLower(out.String()), "authorization") {
			t.Fatalf("a worker without the seed: %v %s", err, out.String())
		}
	case <-time.After(60 * time.Second):
		_ = stranger.Process.Kill()
		t.Fatal("a worker without the seed kept running")
	}

	start(t, bin, "worker", append(noToken, "XDG_CACHE_HOME="+t.TempDir()), "worker", "--nats", url,
		"--nats-ca", caFile, "--nats-nkey-seed", seedFile, "--slots", "1", "--id", "tls-worker")
	var st status
	for {
		a.call("GET", "/api/sheetsmith/queue", admin.Token, nil, &st)
		if len(st.Backend.Workers) == 1 && st.Backend.Workers[0].ID == "tls-worker" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not join: %+v", st)
		}
		time.Sleep(200 * time.Millisecond)
	}
	user := map[string]any{"email": "tls@example.com", "password": "password123", "passwordConfirm": "password123", "subscription_status": "active"}
	if code := a.call("POST", "/api/collections/users/records", admin.Token, user, nil); code != 200 {
		t.Fatalf("create user: %d", code)
	}
	var auth struct{ Token string }
	a.call("POST", "/api/collections/users/auth-with-password", "", map[string]string{"identity": "tls@example.com", "password": "password123"}, &auth)
	var res struct {
		PdfURL string `json:"pdfUrl"`
		Error  string `json:"error"`
	}
	src := "\\documentclass{article}\\begin{document}Compiled over TLS\\end{document}\n"
	if code := a.call("POST", "/compile", "Bearer "+auth.Token, map[string]string{"latexCode": src}, &res); code != 200 {
		t.Fatalf("compile: %d %s", code, res.Error)
	}
	var pdf []byte
	if code := a.call("GET", res.PdfURL, "", nil, &pdf); code != 200 || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("pdf: %d", code)
	}
}
