package hooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/library"
)

// pdfLinkTTL is how long a PDF address stays valid.
const pdfLinkTTL = time.Hour

// pdfClaim is what a signed PDF address carries. The signature keeps it unguessable even by
// someone who knows the source (and so its cache key).
type pdfClaim struct {
	Key       string `json:"k"`           // the compiler's cache key
	Worksheet string `json:"w,omitempty"` // the saved worksheet, to record its first download
	Lineage   string `json:"l,omitempty"` // the lineage of a server-made source, locked by a download
	User      string `json:"u"`
	Session   string `json:"s"` // the user's session generation (sessionMark) when it was made
	Expires   int64  `json:"e"`
	Nonce     string `json:"n"`
}

type pdfSigner struct{ secret []byte }

// loadPDFSigner reads the signing secret from the data dir, creating it on first start so
// links survive a restart.
func loadPDFSigner(dataDir string) (*pdfSigner, error) {
	path := filepath.Join(dataDir, ".pdf_link_secret")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return &pdfSigner{secret: b}, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return nil, err
	}
	return &pdfSigner{secret: b}, nil
}

func (s *pdfSigner) sign(c pdfClaim) string {
	nonce := make([]byte, 9)
	_, _ = rand.Read(nonce)
	c.Nonce = base64.RawURLEncoding.EncodeToString(nonce)
	payload, _ := json.Marshal(c)
	p := base64.RawURLEncoding.EncodeToString(payload)
	return p + "." + base64.RawURLEncoding.EncodeToString(s.mac(p))
}

func (s *pdfSigner) mac(payload string) []byte {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(payload))
	return m.Sum(nil)
}

var errBadLink = errors.New("This PDF link is not valid or has expired. Reload the page to get a new one.")

// errLinkEnded is a link whose session ended: its user signed out, changed their password or
// deleted their account.
var errLinkEnded = errors.New("This PDF link ended when you signed out or changed your password. Sign in and open the worksheet again.")

// sessionMark binds a link to user's session generation (library.LinkSession) without putting
// the token key in the link: a keyed hash of it.
func (s *pdfSigner) sessionMark(user *core.Record) string {
	return base64.RawURLEncoding.EncodeToString(s.mac("session\x00" + library.LinkSession(user))[:12])
}

// live checks that the session a link was made in still holds: its user exists and has
// neither signed out nor changed their password since.
func (s *pdfSigner) live(app core.App, c pdfClaim) error {
	user, err := app.FindRecordById("users", c.User)
	if err != nil || !hmac.Equal([]byte(s.sessionMark(user)), []byte(c.Session)) {
		return errLinkEnded
	}
	return nil
}

func (s *pdfSigner) verify(token string, now time.Time) (pdfClaim, error) {
	var c pdfClaim
	dot := -1
	for i := len(token) - 1; i >= 0; i-- {
		if token[i] == '.' {
			dot = i
			break
		}
	}
	if dot <= 0 {
		return c, errBadLink
	}
	// Strict: one spelling per signature (lenient decoding accepts other padding bits).
	sig, err := base64.RawURLEncoding.Strict().DecodeString(token[dot+1:])
	if err != nil || !hmac.Equal(sig, s.mac(token[:dot])) {
		return c, errBadLink
	}
	payload, err := base64.RawURLEncoding.Strict().DecodeString(token[:dot])
	if err != nil || json.Unmarshal(payload, &c) != nil || now.Unix() > c.Expires {
		return c, errBadLink
	}
	return c, nil
}
