package latex

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Differential tests of the PDF layer: what the checker lets through is read by independent
// readers Debian ships (qpdf, poppler's pdfinfo and pdfdetach), and they must agree with it.

// activeNames is the test's own list (not the checker's) of names that make a PDF act: code,
// launching, other files, viewer commands, embedded files.
var activeNames = map[string]bool{
	"/JavaScript": true, "/JS": true, "/Launch": true, "/GoToR": true, "/GoToE": true, "/Named": true,
	"/EmbeddedFiles": true, "/EmbeddedFile": true, "/EF": true, "/FileAttachment": true, "/AA": true,
	"/SubmitForm": true, "/ImportData": true, "/RichMedia": true, "/XFA": true, "/AcroForm": true,
}

var safeURI = regexp.MustCompile(`^(?i)(https?://|mailto:)`)

// qpdfActive lists the active content qpdf finds in a PDF (its JSON of every object).
func qpdfActive(t *testing.T, pdf []byte) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "q.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--json=2", "--json-key=qpdf", path).Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 3) { // 3: read with warnings
		t.Fatalf("qpdf --json: %v", err)
	}
	var doc struct {
		QPDF []json.RawMessage `json:"qpdf"`
	}
	if err := json.Unmarshal(out, &doc); err != nil || len(doc.QPDF) < 2 {
		t.Fatalf("qpdf --json: %v", err)
	}
	var objs map[string]any
	if err := json.Unmarshal(doc.QPDF[1], &objs); err != nil {
		t.Fatal(err)
	}
	var found []string
	var walk func(v any, key string)
	walk = func(v any, key string) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if activeNames[k] {
					found = append(found, "key "+k)
				}
				if k == "/OpenAction" {
					if d, ok := e.(map[string]any); ok && d["/S"] != "/GoTo" {
						found = append(found, fmt.Sprintf("/OpenAction %v", d["/S"]))
					}
				}
				walk(e, k)
			}
		case []any:
			for _, e := range v {
				walk(e, key)
			}
		case string:
			if activeNames[v] {
				found = append(found, "name "+v)
			}
			if key == "/URI" {
				s := strings.TrimPrefix(v, "u:")
				if h, ok := strings.CutPrefix(v, "b:"); ok {
					b, _ := hex.DecodeString(h)
					s = string(b)
				}
				if !safeURI.MatchString(s) {
					found = append(found, "URI "+s)
				}
			}
		}
	}
	walk(objs, "")
	return found
}

// readersAgree asserts that independent readers find no active content in a PDF the checker
// served, read it without a warning, and count the pages the checker counted.
func readersAgree(t *testing.T, served []byte, pages int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "served.pdf")
	if err := os.WriteFile(path, served, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("qpdf", "--check", path).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --check of the served PDF: %v\n%s", err, out)
	}
	if found := qpdfActive(t, served); len(found) > 0 {
		t.Fatalf("qpdf finds active content in the served PDF: %v", found)
	}
	out, err := exec.Command("pdfinfo", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo gives no page count:\n%s", out)
	}
	if n, _ := strconv.Atoi(string(m[1])); n != pages {
		t.Fatalf("pdfinfo counts %d pages, the checker %d", n, pages)
	}
	if out, err := exec.Command("pdfdetach", "-list", path).CombinedOutput(); err != nil || !bytes.HasPrefix(out, []byte("0 embedded files")) {
		t.Fatalf("pdfdetach -list: %v\n%s", err, out)
	}
	// And pdfcpu, strictly, once more.
	if _, n, err := readChecked(context.Background(), served); err != nil || n != pages {
		t.Fatalf("pdfcpu reads the served PDF: %v (%d pages)", err, n)
	}
}

// pdfReaders skips when the independent readers are not installed.
func pdfReaders(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"qpdf", "pdfinfo", "pdfdetach"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install qpdf poppler-utils)", tool)
		}
	}
}

// glue appends {} to every name in frag that names active content: a viewer ends the name at
// the brace, a parser that does not reads another name.
func glue(frag string) string {
	return regexp.MustCompile(`/(JavaScript|JS|Launch|GoToR|Named|EmbeddedFiles|EmbeddedFile|EF|URI|Filespec)\b`).ReplaceAllString(frag, "/$1{}")
}

// Every class of active content, combined with every construct a lenient parser reads
// differently from viewers, handed to the checker as a remote worker's PDF would be: each is
// refused, or served with no active content that qpdf, pdfinfo or pdfdetach can find.
func TestPDFCheckDifferential(t *testing.T) {
	pdfReaders(t)
	pc, err := NewPDFChecker(2)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	// Each class: catalog entries, page entries, further objects (numbered from 5).
	type class struct {
		cat, page string
		more      []string
	}
	classes := map[string]class{
		"open action JavaScript": {cat: "/OpenAction << /S /JavaScript /JS (app.alert(1)) >>"},
		"document JavaScript":    {cat: "/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (app.alert(1)) >>] >> >>"},
		"embedded executable": {cat: "/Names << /EmbeddedFiles << /Names [(run.exe) 5 0 R] >> >>",
			more: []string{"<< /Type /Filespec /F (run.exe) /EF << /F 6 0 R >> >>", stream("/Type /EmbeddedFile", []byte("MZ\x90\x00 not really a program"))}},
		"launch":            {page: link("<< /S /Launch /F (calc.exe) >>")},
		"remote go-to":      {page: link("<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>")},
		"named action":      {page: link("<< /S /Named /N /Print >>")},
		"javascript link":   {page: link("<< /S /URI /URI (javascript:app.alert(1)) >>")},
		"open action named": {cat: "/OpenAction << /S /Named /N /Print >>"},
	}
	// Each trick turns a dictionary fragment into the form that hides it from a lenient parser.
	tricks := map[string]func(string) string{
		"plain":            func(f string) string { return f },
		"brace after name": glue,
		// A string ending in % before the line end, then the content and an endobj keyword.
		"percent string and endobj": func(f string) string { return "/Lang (en%)\n" + f + " endobj" },
		"endobj inside the object":  func(f string) string { return "/Lang (en) endobj \n" + f },
		"endobj in a name":          func(f string) string { return "/X /myendobj " + f },
		"stream in a name":          func(f string) string { return "/X /upstream " + f },
		"duplicate key, first wins": func(f string) string {
			key := strings.SplitN(f, " ", 2)[0]
			return f + " " + key + " " + map[string]string{"/OpenAction": "[3 0 R /Fit]", "/Names": "<< >>", "/Annots": "[]"}[key]
		},
		"comment before value": func(f string) string { return strings.Replace(f, " ", " %x\n", 1) },
		"brace and percent":    func(f string) string { return "/Lang (en%)\n" + glue(f) + " endobj" },
	}
	for cn, cl := range classes {
		for tn, trick := range tricks {
			t.Run(cn+"/"+tn, func(t *testing.T) {
				cat, pg := cl.cat, cl.page
				if cat != "" {
					cat = trick(cat)
				}
				if pg != "" {
					pg = trick(pg)
				}
				more := cl.more
				if strings.Contains(tn, "brace") { // the further objects' names too
					more = nil
					for _, m := range cl.more {
						more = append(more, glue(m))
					}
				}
				pdf := page(cat, pg, more...)
				served, err := pc.Check(context.Background(), pdf)
				if err != nil {
					t.Logf("refused: %v", err)
					return
				}
				readersAgree(t, served, 1)
			})
		}
	}
}

// What the checker serves is its own re-serialisation, never the bytes it was given, and a
// clean PDF keeps its content (text, links) through it.
func TestPDFCheckServesItsOwnBytes(t *testing.T) {
	pdfReaders(t)
	pc, err := NewPDFChecker(1)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	in := page("", link("<< /S /URI /URI (https://example.com/fractions) >>"))
	served, err := pc.Check(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(served, in) {
		t.Fatal("the checker served the bytes it was given")
	}
	readersAgree(t, served, 1)
	if !bytes.Contains(served, []byte(hex.EncodeToString([]byte("https://example.com/fractions")))) {
		t.Fatal("the link was lost")
	}
	// Checking the served PDF again gives the same bytes (the re-serialisation is stable).
	again, err := pc.Check(context.Background(), served)
	if err != nil || !bytes.Equal(again, served) {
		t.Fatalf("checking the served PDF again: %v, same bytes %v", err, bytes.Equal(again, served))
	}
}

// A page tree whose /Count disagrees with its pages, or that loops, is refused (viewers
// believe one or the other); more than MaxPages pages is refused through PDFChecker too.
func TestPDFCheckCountsPagesFromTheTree(t *testing.T) {
	pc, err := NewPDFChecker(1)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	lying := buildPDF("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1000 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
	looping := buildPDF("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
	for name, pdf := range map[string][]byte{"count that lies": lying, "tree that loops": looping} {
		if _, err := pc.Check(context.Background(), pdf); err == nil {
			t.Errorf("%s: served", name)
		}
	}
	// MaxPages+1 leaves.
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", ""}
	var kids []string
	for i := range MaxPages + 1 {
		kids = append(kids, fmt.Sprintf("%d 0 R", i+3))
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	if _, err := pc.Check(context.Background(), buildPDF(objs...)); !errors.Is(err, ErrTooManyPages) {
		t.Fatalf("%d pages: %v", MaxPages+1, err)
	}
}

// Hand-written sources that smuggle the tricks into pdflatex's own output through
// \pdfcatalog, \pdfobj and \pdfannot: each compile is refused or its PDF carries nothing
// active according to qpdf. Today's checker served them with the JavaScript, the launch and
// the embedded file in place.
func TestCompileDifferentialAttacks(t *testing.T) {
	pdfReaders(t)
	c := shared(t)
	cases := map[string]string{
		"document JavaScript, braces glued": `\pdfcatalog{/Names << /JavaScript{} << /Names [(a) << /S /JavaScript{} /JS{} (app.alert(1)) >>] >> >>}x`,
		"launch link, braces glued":         `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /Launch{} /F (calc.exe) >>}x`,
		"remote go-to, braces glued":        `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /GoToR{} /F (other.pdf) /D [0 /Fit] >>}x`,
		"named action, braces glued":        `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /Named{} /N /Print >>}x`,
		"javascript URI, braces glued":      `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI{} (javascript:app.alert(1)) >>}x`,
		"embedded file, braces glued":       `\immediate\pdfobj stream attr {/Type /EmbeddedFile{}} {MZ}\pdfcatalog{/Names << /EmbeddedFiles{} << /Names [(run.exe) << /Type /Filespec{} /F (run.exe) /EF{} << /F \the\pdflastobj\space 0 R >> >>] >> >>}x`,
		"open action after endobj":          `\pdfobjcompresslevel=0 \pdfcatalog{/Lang (en) endobj /OpenAction << /S /JavaScript /JS (app.alert(1)) >>}x`,
		"percent string and endobj":         `\pdfobjcompresslevel=0 {\catcode37=12 \gdef\pct{%}}\pdfcatalog{/Lang (en\pct) /OpenAction << /S /JavaScript /JS (app.alert(1)) >> endobj}x`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := c.Compile(context.Background(), article("", body))
			if err != nil {
				var ce *Error
				if !errors.As(err, &ce) {
					t.Fatalf("not a compile error: %v", err)
				}
				t.Logf("refused: %v", err)
				return
			}
			_, pages, err := readChecked(context.Background(), res.PDF)
			if err != nil {
				t.Fatalf("the served PDF does not read strictly: %v", err)
			}
			readersAgree(t, res.PDF, pages)
		})
	}
}

// Real worksheets (one page, many pages, pictures, links) come through the strict parse and
// the re-serialisation, and every reader agrees with the checker on them.
func TestCompiledWorksheetsReadersAgree(t *testing.T) {
	pdfReaders(t)
	c := shared(t)
	sources := map[string]struct {
		src   string
		pages int
	}{
		"worksheet":       {source("Times Tables", questions), 0},
		"twenty pages":    {source("Long", strings.Repeat(questions+"\n\\newpage\n", 20)), 0},
		"links and links": {article(`\usepackage{hyperref}`, `\section{One}\label{one} See \ref{one}, \url{https://example.com/} and \href{mailto:t@example.com}{mail}.`), 1},
	}
	for name, s := range sources {
		t.Run(name, func(t *testing.T) {
			res, err := c.Compile(context.Background(), s.src)
			if err != nil {
				t.Fatal(err)
			}
			_, pages, err := readChecked(context.Background(), res.PDF)
			if err != nil {
				t.Fatal(err)
			}
			if s.pages > 0 && pages != s.pages {
				t.Fatalf("%d pages, want %d", pages, s.pages)
			}
			readersAgree(t, res.PDF, pages)
		})
	}
}

// A document that writes a false page count into its own log (the server once read it from
// there) is still held to MaxPages, with the same plain words as before.
func TestForgedLogPageCount(t *testing.T) {
	c := shared(t)
	src := article("", `\typeout{Output written on go.pdf (1 page, 10 bytes).}`+
		`\count255=0 \loop \null\newpage \advance\count255 by 1 \ifnum\count255<250 \repeat`)
	_, err := c.Compile(context.Background(), src)
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Problem, fmt.Sprintf("at most %d are allowed", MaxPages)) {
		t.Fatalf("got %v, want the page limit", err)
	}
	t.Log(err)
}

// PDFs that pdfcpu reads (leniently, or differently from the grammar) and a viewer reads
// otherwise are refused by the strict reader as not parsing strictly.
func TestStrictReaderRefusesLenientPDFs(t *testing.T) {
	cases := map[string][]byte{
		"brace glued to a name":    page("", link("<< /S /Launch{} /F (calc.exe) >>")),
		"key twice, first wins":    page("/OpenAction << /S /JavaScript /JS (x) >> /OpenAction [3 0 R /Fit]", ""),
		"junk in a hex string":     page("/Lang <zz> /OpenAction [3 0 R /Fit]", ""),
		"exponent in a number":     page("/X 1e5", ""),
		"null spelled otherwise":   page("/X NULL", ""),
		"text after the object":    buildPDF("<< /Type /Catalog /Pages 2 0 R >> << /OpenAction << /S /JavaScript /JS (x) >> >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"),
		"endobj inside the object": page("/Lang (en) endobj /OpenAction << /S /JavaScript /JS (x) >>", ""),
		"object number mismatch":   bytes.Replace(page("", ""), []byte("2 0 obj"), []byte("7 0 obj"), 1),
	}
	for name, pdf := range cases {
		t.Run(name, func(t *testing.T) {
			_, _, err := checkPDF(context.Background(), pdf)
			if err == nil {
				t.Fatal("served")
			}
			t.Log(err)
		})
	}
	// The strict reader accepts what the grammar allows that pdfTeX does not write itself.
	for name, pdf := range map[string][]byte{
		"comments and odd spacing": page("/Lang%c\n(en)/X[1 2.5 -.5 +3]/Y<61 6>", ""),
		"escapes in a string":      page("/Lang (a\\(b\\)c\\\\\\101\\\n\\n)", ""),
		"escaped name":             page("/X /A#20B", ""),
	} {
		t.Run("allow/"+name, func(t *testing.T) {
			if _, _, err := checkPDF(context.Background(), pdf); err != nil {
				t.Fatal(err)
			}
		})
	}
}
