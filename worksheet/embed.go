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
// TeX never reads: the begin line carries a hash of the body it was written with, so a body
// edited by hand afterwards is not mistaken for the document.
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
// cannot be read, or the body was changed after the document was embedded (then the body,
// not the document, is what the teacher has: Parse it).
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
	return doc, true
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
