package queue

import (
	"bytes"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
)

// A worker given nats:// to a server that offers no TLS sends nothing of its secret unless
// told --insecure-plaintext: the address is refused, and even a connection attempt stops
// before the credentials go out.
func TestWorkerNeverSendsItsTokenInClear(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var mu sync.Mutex
	var heard bytes.Buffer
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				// A NATS server without TLS, as far as its greeting goes.
				_, _ = c.Write([]byte(`INFO {"server_id":"x","version":"2.10.0","proto":1,"max_payload":1048576,"auth_required":true,"headers":true}` + "\r\n"))
				buf := make([]byte, 4096)
				for {
					n, err := c.Read(buf)
					mu.Lock()
					heard.Write(buf[:n])
					mu.Unlock()
					if err != nil {
						return
					}
				}
			}()
		}
	}()
	token := "secret-" + strings.Repeat("s", MinTokenBytes)
	url := "nats://" + l.Addr().String()
	c := Client{Token: token}
	if err := c.CheckURL(url); !errors.Is(err, ErrPlaintext) {
		t.Fatalf("nats:// accepted: %v", err)
	}
	if nc, err := dial(url, c); err == nil {
		nc.Close()
		t.Fatal("connected in plain text")
	}
	mu.Lock()
	got := heard.String()
	mu.Unlock()
	if strings.Contains(got, token) {
		t.Fatalf("the token went out in clear: %q", got)
	}
	// Told so, it does connect in plain text (a private network).
	plain := Client{Token: token, InsecurePlaintext: true}
	if err := plain.CheckURL(url); err != nil {
		t.Fatal(err)
	}
	if nc, err := dial(url, plain); err == nil { // this server never answers PING
		nc.Close()
	}
	mu.Lock()
	got = heard.String()
	mu.Unlock()
	if !strings.Contains(got, token) {
		t.Fatal("the listener does not see what a plain-text client sends, so the check above proves nothing")
	}
	if err := c.CheckURL("tls://" + l.Addr().String()); err != nil {
		t.Fatal(err)
	}
	// A short token is refused before anything is sent.
	if _, err := (Client{Token: "short", InsecurePlaintext: true}).Options(); !errors.Is(err, ErrShortToken) {
		t.Fatalf("a short token: %v", err)
	}
}
