package latex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The logs in testdata/logs are real pdflatex logs of broken documents, produced with the
// compiler's own flags (-file-line-error, max_print_line=1000) on a file named go.tex.
func TestExplainRealLogs(t *testing.T) {
	cases := []struct {
		log, src string
		line     int
		want     string
	}{
		{"undefined", "", 4, `the command \fraq is not defined`},
		{"missingdollar", "", 5, "a $ is missing"},
		{"extrabrace", "", 3, "a } without a matching {"},
		{"envmismatch", "", 5, `\begin{itemize} on line 3 is ended by \end{enumerate}`},
		{"missingend", "", 5, `\begin{center} on line 3 is never ended: \end{center} is missing`},
		{"nopackage", "\\documentclass{article}\n\\usepackage{fancymathstuff}\n\\begin{document}", 2, "the package fancymathstuff is not available"},
		{"runaway", "", 0, `the argument of \textbf is not closed`},
		{"capacity", "", 3, "too complex"},
		{"nodocend", "", 0, `the document ended before \end{document}`},
		{"undefinedenv", "", 3, "the environment questionz is not defined"},
		{"mathalign", "", 3, "an & is used outside a table"},
		{"noline", "", 3, "no line to end"},
		{"font", "", 0, "the font cmbxcd10 is not available"},
		{"inputsecret", "", 3, "the file /etc/hostname.tex is not available"},
		{"openout", "", 3, "tried to write a file outside its own folder"},
		{"doublesup", "", 3, "double superscript"},
		{"expl3ior", "", 3, "the file /tmp/a-long-nonexistent-directory-name-for-sheetsmith-tests/TestAttacksReadNothingOutside1322120624/001/secret.tex is not available"},
		{"pdfobjfile", "", 3, "the file /tmp/nonexistent-dir-for-sheetsmith-tests/secret.txt is not available"},
		{"readterminal", "", 3, "read from the keyboard"},
		{"alreadydefined", "", 3, `the command \answer is already defined`},
		{"badcolor", "", 4, "the colour blurple is not defined"},
		{"tikzkey", "", 4, "the option thikc is not known"},
		{"hash", "", 3, `a # is used on its own (write \# for the symbol)`},
		{"percentunit", "", 3, "a length is missing its unit"},
		{"internalcs", "", 6, `LaTeX could not make sense of \end{itemize} here`},
	}
	for _, tc := range cases {
		t.Run(tc.log, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", "logs", tc.log+".log"))
			if err != nil {
				t.Fatal(err)
			}
			e := explain(string(b), tc.src, 1)
			if e.Line != tc.line || !strings.Contains(e.Problem, tc.want) {
				t.Fatalf("got line %d %q, want line %d containing %q", e.Line, e.Problem, tc.line, tc.want)
			}
			msg := e.Error()
			if !strings.HasPrefix(msg, "Compilation failed: ") || strings.Contains(msg, "go.tex") || strings.Contains(msg, "\n") {
				t.Fatalf("message is not plain: %q", msg)
			}
		})
	}
}

func TestErrorMessageShape(t *testing.T) {
	if got := (&Error{Line: 12, Problem: "a $ is missing"}).Error(); got != "Compilation failed: line 12: a $ is missing" {
		t.Fatal(got)
	}
	if got := (&Error{Problem: "the document is too large"}).Error(); got != "Compilation failed: the document is too large" {
		t.Fatal(got)
	}
}

func TestNeedsRerun(t *testing.T) {
	refLog, _ := os.ReadFile(filepath.Join("testdata", "logs", "rerun.log"))
	examOnly := "Class exam Warning: Point totals have changed. Rerun to get point totals right.\nLaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.\n"
	cases := []struct {
		name, log, src string
		want           bool
	}{
		{"undefined references", string(refLog), `\ref{s}`, true},
		{"exam bookkeeping only", examOnly, `\question What is 2+3?`, false},
		{"exam totals printed", examOnly, `Total: \numpoints`, true},
		{"exam last-page footer", examOnly, `\cfoot{\iflastpage{End of exam}{Please turn over}}`, true},
		{"longtable", "Package longtable Warning: Table widths have changed. Rerun LaTeX.", "", true},
		{"package name is not a request", "Package: rerunfilecheck 2022/07/10 v1.10", "", false},
		{"clean", "Output written on doc.pdf (1 page, 1234 bytes).", "", false},
	}
	for _, tc := range cases {
		if got := needsRerun(tc.log, tc.src); got != tc.want {
			t.Errorf("%s: needsRerun = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPathAllowed(t *testing.T) {
	allowed := texReadable
	for name, want := range map[string]bool{
		"/usr/share/texlive/texmf-dist/tex/latex/base/article.cls": true,
		"./go.tex": true, "doc.aux": true, "/job/doc.pdf": true, "/fmt/sheetsmith-1.fmt": true,
		"/etc/passwd": false, "../escape.tex": false, "./../x": false, "/tmp/sheetsmith-secret/x": false,
		"/usr/share/texlive/../../../etc/shadow": false, "/jobx/y": false, "/proc/self/environ": false,
	} {
		if got := pathAllowed(name, allowed); got != want {
			t.Errorf("pathAllowed(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newCache(10)
	c.put("a", []byte("aaaa"), 1)
	c.put("b", []byte("bbbb"), 1)
	c.get("a")
	c.put("c", []byte("cccc"), 1) // over budget: b is the least recently used
	if _, ok := c.get("b"); ok {
		t.Fatal("b should be evicted")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.get(k); !ok {
			t.Fatalf("%s should be cached", k)
		}
	}
	c.put("big", make([]byte, 11), 1)
	if _, ok := c.get("big"); ok {
		t.Fatal("an entry over the whole budget is not cached")
	}
}
