package latex

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// activeNames are PDF names that make a viewer run code, open or submit files, or carry
// embedded files. A worksheet needs none of them.
var activeNames = map[string]bool{
	"JavaScript": true, "JS": true, "Launch": true, "EmbeddedFile": true, "EmbeddedFiles": true,
	"FileAttachment": true, "GoToR": true, "GoToE": true, "SubmitForm": true, "ImportData": true,
	"RichMedia": true, "XFA": true, "Sound": true, "Movie": true, "Rendition": true, "AA": true,
}

var (
	pdfName      = regexp.MustCompile(`/[^\s/<>\[\]\(\)\{\}%]+`)
	pdfStream    = regexp.MustCompile(`>>\s*stream\r?\n`)
	pdfLength    = regexp.MustCompile(`/Length\s+(\d+)(\s+\d+\s+R)?`)
	pdfURI       = regexp.MustCompile(`/URI\s*(\(|<)`)
	safeURI      = regexp.MustCompile(`^(?i)(https?://|mailto:|#)`)
	maxInflation = int64(256 << 20)
)

// scanPDF returns a description of the first active element found, or "" for a clean PDF.
// Dictionaries live outside streams or inside object streams (/ObjStm), which pdfTeX
// compresses: those are inflated (within a budget) and scanned too. Other stream data
// (page contents, fonts, images) is binary and never read as dictionaries, so it is skipped
// when compressed. Names are decoded (#xx escapes) before checking.
func scanPDF(pdf []byte) string {
	budget := maxInflation
	var plain bytes.Buffer
	i := 0
	for i < len(pdf) {
		loc := pdfStream.FindIndex(pdf[i:])
		if loc == nil {
			break
		}
		dictEnd, start := i+loc[0]+2, i+loc[1]
		dictStart := bytes.LastIndex(pdf[i:dictEnd], []byte("obj"))
		if dictStart < 0 {
			dictStart = 0
		}
		dict := pdf[i+dictStart : dictEnd]
		plain.Write(pdf[i:dictEnd])
		plain.WriteByte('\n')
		end := -1
		if m := pdfLength.FindSubmatch(dict); m != nil && len(m[2]) == 0 {
			if n, err := strconv.Atoi(string(m[1])); err == nil && start+n <= len(pdf) {
				end = start + n
			}
		}
		if end < 0 {
			if e := bytes.Index(pdf[start:], []byte("endstream")); e >= 0 {
				end = start + e
			} else {
				end = len(pdf)
			}
		}
		data := pdf[start:end]
		filtered := bytes.Contains(dict, []byte("/Filter"))
		switch {
		case bytes.Contains(dict, []byte("/ObjStm")) && filtered:
			zr, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				return "an object stream that cannot be read"
			}
			inflated, _ := io.ReadAll(io.LimitReader(zr, budget+1))
			zr.Close()
			budget -= int64(len(inflated))
			if budget < 0 {
				return "an object stream too large to inspect"
			}
			if f := scanObjects(inflated); f != "" {
				return f
			}
		case !filtered && !bytes.Contains(dict, []byte("/Length1")):
			if f := scanObjects(data); f != "" {
				return f
			}
		}
		i = end
	}
	if i < len(pdf) {
		plain.Write(pdf[i:])
	}
	return scanObjects(plain.Bytes())
}

func scanObjects(b []byte) string {
	for _, m := range pdfName.FindAll(b, -1) {
		if name := decodeName(string(m[1:])); activeNames[name] {
			return "/" + name
		}
	}
	for _, loc := range pdfURI.FindAllIndex(b, -1) {
		uri := pdfString(b[loc[1]-1:])
		if !safeURI.MatchString(strings.TrimSpace(uri)) {
			return "/URI " + strconv.Quote(uri)
		}
	}
	return ""
}

// decodeName undoes PDF's #xx escapes, so /J#53 is seen as /JS.
func decodeName(s string) string {
	if !strings.Contains(s, "#") {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				out.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// pdfString reads a literal (…) or hex <…> string at the start of b.
func pdfString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	var out []byte
	if b[0] == '<' {
		end := bytes.IndexByte(b, '>')
		if end < 0 {
			end = len(b)
		}
		hex := strings.Join(strings.Fields(string(b[1:end])), "")
		for i := 0; i+1 < len(hex); i += 2 {
			if v, err := strconv.ParseUint(hex[i:i+2], 16, 8); err == nil {
				out = append(out, byte(v))
			}
		}
		return string(out)
	}
	depth := 0
	for i := 1; i < len(b) && len(out) < 4096; i++ {
		switch c := b[i]; c {
		case '\\':
			if i+1 < len(b) {
				i++
				out = append(out, b[i])
			}
		case '(':
			depth++
			out = append(out, c)
		case ')':
			if depth == 0 {
				return string(out)
			}
			depth--
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return string(out)
}
