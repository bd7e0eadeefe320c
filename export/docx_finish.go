package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
)

// What pandoc's .docx needs after pandoc: the key's maths in the key's colour (pandoc sets a
// span's character style on its text runs, not on the runs of an equation), and pictures'
// alt text in both places readers look for it (pandoc names the file in one of them).

// Markers around a key answer, written as raw OpenXML and removed here.
const (
	keyStart = "<!--sskey-->"
	keyEnd   = "<!--/sskey-->"
)

// keyed is inlines in the key's answer style, marked for finishDocx.
func keyed(x []node) node {
	raw := func(s string) node { return node{T: "RawInline", C: []any{"openxml", s}} }
	return styled(keyStyle, append(append([]node{raw(keyStart)}, x...), raw(keyEnd)))
}

var (
	keyRegion = regexp.MustCompile(`(?s)` + regexp.QuoteMeta(keyStart) + `(.*?)` + regexp.QuoteMeta(keyEnd))
	mathRun   = regexp.MustCompile(`<m:r>(<m:rPr>.*?</m:rPr>)?`)
	picName   = regexp.MustCompile(`<pic:cNvPr descr="(picture[0-9]+\.png)"`)
)

// keyRun is the key's style on an equation's run (with its colour, for readers that ignore
// character styles inside equations).
const keyRun = `<w:rPr><w:rStyle w:val="KeyAnswer" /><w:color w:val="C00000" /></w:rPr>`

// finishDocx rewrites word/document.xml of a .docx pandoc wrote: equations inside key
// answers take the key's style, the markers go, and each picture's alt text (alts, by file
// name) replaces its file name.
func finishDocx(docx []byte, alts map[string]string) ([]byte, error) {
	z, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		return nil, fmt.Errorf("export: pandoc's document: %w", err)
	}
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(io.LimitReader(r, 64<<20))
		r.Close()
		if err != nil {
			return nil, err
		}
		if f.Name == "word/document.xml" {
			s := keyRegion.ReplaceAllStringFunc(string(data), func(m string) string {
				inner := strings.TrimSuffix(strings.TrimPrefix(m, keyStart), keyEnd)
				return mathRun.ReplaceAllString(inner, "<m:r>${1}"+keyRun)
			})
			s = picName.ReplaceAllStringFunc(s, func(m string) string {
				name := picName.FindStringSubmatch(m)[1]
				if alt, ok := alts[name]; ok {
					return `<pic:cNvPr descr="` + html.EscapeString(alt) + `"`
				}
				return m
			})
			data = []byte(s)
		}
		h := f.FileHeader
		h.Method = zip.Deflate
		fw, err := w.CreateHeader(&h)
		if err != nil {
			return nil, err
		}
		if _, err := fw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
