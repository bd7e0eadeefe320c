package worksheet

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"strings"

	"sheetsmith/latex"
)

// The document travels inside the LaTeX source as comment lines after \end{document}, where
// TeX never reads. Anyone can write such a block, so it is not trusted for what it says: it is
// the source's document only when rendering it gives the source's body exactly (Extract), so
// it holds nothing the body does not. The begin line's hash of the body (unkeyed: a quick
// test, not a proof) skips that rendering for a body edited by hand afterwards.
const (
	DocBegin = "%% sheetsmith:document v1"
	DocEnd   = "%% sheetsmith:document end"
	docLine  = 76
)

// docBlock is the comment block carrying a document, for a source ending with a newline.
func docBlock(src string, doc Document) (string, error) {
	raw, err := json.Marshal(doc)
	if err != nil {
		return "", err
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.DefaultCompression)
	w.Write(raw)
	w.Close()
	enc := base64.StdEncoding.EncodeToString(z.Bytes())
	var b strings.Builder
	b.WriteString(DocBegin + " body=" + bodyHash(src) + "\n")
	for len(enc) > 0 {
		n := min(docLine, len(enc))
		b.WriteString("% " + enc[:n] + "\n")
		enc = enc[n:]
	}
	b.WriteString(DocEnd + "\n")
	return b.String(), nil
}

// Extract returns the document embedded in a source. ok is false when there is none, it
// cannot be read, or rendering it does not give the source's body exactly: the body was
// changed after the document was embedded, or the block was written by someone other than
// the server (then the body, not the document, is what the teacher has: Parse it). A document
// Extract returns may still fail Validate (a block written to match its body).
func Extract(src string) (Document, bool) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	i := strings.LastIndex(src, DocBegin)
	if i < 0 {
		return Document{}, false
	}
	head, rest, _ := strings.Cut(src[i+len(DocBegin):], "\n")
	hash, ok := strings.CutPrefix(strings.TrimSpace(head), "body=")
	if !ok || hash != bodyHash(src[:i]) {
		return Document{}, false
	}
	body, found := latex.Body(src[:i])
	if !found {
		return Document{}, false
	}
	var enc strings.Builder
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, DocEnd) {
			break
		}
		enc.WriteString(strings.TrimSpace(strings.TrimPrefix(line, "%")))
	}
	z, err := base64.StdEncoding.DecodeString(enc.String())
	if err != nil {
		return Document{}, false
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), 4<<20))
	if err != nil {
		return Document{}, false
	}
	var doc Document
	if err := json.Unmarshal(raw, &doc); err != nil {
		return Document{}, false
	}
	if !rendersAs(doc, body) {
		return Document{}, false
	}
	return doc, true
}

// rendersAs reports whether doc renders to body (as latex.Body reads it). The document is
// not validated yet, so a renderer that fails on it (a panic) means it is not the body's.
func rendersAs(doc Document, body string) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return strings.TrimSpace(renderBody(doc)) == body
}

// strip removes an embedded document block from a source.
func strip(src string) string {
	i := strings.LastIndex(src, DocBegin)
	if i < 0 {
		return src
	}
	rest := src[i:]
	j := strings.Index(rest, DocEnd)
	if j < 0 {
		return src[:i]
	}
	rest = rest[j+len(DocEnd):]
	rest = strings.TrimPrefix(rest, "\n")
	return src[:i] + rest
}

// bodyHash identifies the body of a source (between the body markers, or the document
// environment), ignoring line endings and surrounding space.
func bodyHash(src string) string {
	body, ok := latex.Body(strings.ReplaceAll(src, "\r\n", "\n"))
	if !ok {
		body = src
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(body)))
	return hex.EncodeToString(sum[:8])
}
