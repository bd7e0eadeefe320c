package latex

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// secrets plants the same secret in a test temp dir and in /tmp/sheetsmith-secret-*, as
// .tex, .txt, a dotfile and a PDF whose text is the secret.
type secrets struct {
	word string   // the secret text
	dirs []string // absolute directories holding secret.tex, secret.txt, .secret.tex, secret.pdf
}

func plant(t *testing.T) secrets {
	t.Helper()
	b := make([]byte, 8)
	rand.Read(b)
	word := "SECRET" + strings.ToUpper(hex.EncodeToString(b))
	// Letters only, so TeX prints it as one word whatever the catcodes.
	word = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return 'G' + (r - '0')
		}
		return r
	}, word)
	tmp, err := os.MkdirTemp("/tmp", "sheetsmith-secret-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	s := secrets{word: word, dirs: []string{t.TempDir(), tmp}}
	pdfDir := t.TempDir()
	os.WriteFile(filepath.Join(pdfDir, "s.tex"), []byte(`\documentclass{article}\begin{document}`+word+`\end{document}`), 0o644)
	cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "s.tex")
	cmd.Dir = pdfDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("making the secret PDF: %v\n%s", err, out)
	}
	pdf, _ := os.ReadFile(filepath.Join(pdfDir, "s.pdf"))
	for _, d := range s.dirs {
		for name, data := range map[string][]byte{"secret.tex": []byte(word + "\n"), "secret.txt": []byte(word + "\n"),
			".secret.tex": []byte(word + "\n"), "secret.pdf": pdf} {
			if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

// leaks reports where the secret shows up: the visible text, any object of the PDF, the
// error message, or the shared compiler's log.
func (s secrets) leaks(t *testing.T, pdf []byte, err error) string {
	t.Helper()
	hexWord := strings.ToUpper(hex.EncodeToString([]byte(s.word)))
	if log := sharedLog.String(); strings.Contains(log, s.word) || strings.Contains(strings.ToUpper(log), hexWord) {
		return "server log"
	}
	if err != nil {
		msg := err.Error()
		if strings.Contains(msg, s.word) || strings.Contains(strings.ToUpper(msg), hexWord) {
			return "error message: " + msg
		}
	}
	if pdf != nil {
		if text := pdfText(t, pdf); strings.Contains(text, s.word) || strings.Contains(strings.ToUpper(text), hexWord) {
			return "PDF text"
		}
		if raw := string(pdfBytes(pdf)); strings.Contains(raw, s.word) || strings.Contains(strings.ToUpper(raw), hexWord) {
			return "PDF objects"
		}
	}
	return ""
}

const graphicx = `\usepackage{graphicx}`

func article(pre, body string) string {
	return "\\documentclass{article}\n" + pre + "\\begin{document}\nStart.\n" + body + "\nEnd.\n\\end{document}\n"
}

func randName(prefix string) string {
	b := make([]byte, 6)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// Every way of reading a file outside the job directory or of running a program: each
// compile ends with a PDF or a plain error, and neither holds the planted secret.
func TestAttacksReadNothingOutside(t *testing.T) {
	c := shared(t)
	s := plant(t)
	t.Setenv("SHEETSMITH_TEST_SECRET_DIR", s.dirs[1])
	t.Setenv("HOME", s.dirs[1]) // TeX must not see the server's environment at all
	pwned := filepath.Join("/tmp", randName("sheetsmith-pwned-"))
	up := strings.Repeat("../", 12)
	type attack struct{ name, pre, body string }
	var attacks []attack
	for i, d := range s.dirs {
		rel := up + strings.TrimPrefix(d, "/")
		for _, a := range []attack{
			{"input absolute", "", `\input{` + d + `/secret}`},
			{"input absolute with extension", "", `\input{` + d + `/secret.txt}`},
			{"input parent path", "", `\input{` + rel + `/secret}`},
			{"input dot path", "", `\input{./` + rel + `/secret}`},
			{"input dot segment", "", `\input{` + d + `/./secret}`},
			{"input dotfile", "", `\input{` + d + `/.secret}`},
			{"primitive input", "", `\makeatletter\@@input ` + d + `/secret.tex `},
			{"openin", "", `\newread\r \immediate\openin\r=` + d + `/secret.tex \ifeof\r closed\else\read\r to\x \x\fi`},
			{"openin parent", "", `\newread\r \immediate\openin\r=` + rel + `/secret.tex \ifeof\r closed\else\read\r to\x \x\fi`},
			{"verbatiminput", `\usepackage{verbatim}`, `\verbatiminput{` + d + `/secret.txt}`},
			{"catchfile", `\usepackage{catchfile}`, `\CatchFileDef\x{` + d + `/secret.tex}{}\x`},
			{"expl3 file_get", "", `\ExplSyntaxOn \file_get:nnN {` + d + `/secret.tex} {} \l_tmpa_tl \tl_use:N \l_tmpa_tl \ExplSyntaxOff`},
			{"expl3 ior", "", `\ExplSyntaxOn \ior_open:Nn \g_tmpa_ior {` + d + `/secret.tex} \ior_str_get:NN \g_tmpa_ior \l_tmpa_tl \tl_use:N \l_tmpa_tl \ExplSyntaxOff`},
			{"pdfobj stream file", "", `\immediate\pdfobj stream file {` + d + `/secret.txt}\pdfrefobj\pdflastobj`},
			{"pdfobj stream file parent", "", `\immediate\pdfobj stream file {` + rel + `/secret.txt}\pdfrefobj\pdflastobj`},
			{"pdffiledump", "", `\edef\x{\pdffiledump offset 0 length 40 {` + d + `/secret.txt}}\x`},
			{"pdffilesize and mdfive", "", `\edef\x{\pdffilesize{` + d + `/secret.txt} \pdfmdfivesum file {` + d + `/secret.txt}}\x`},
			{"includegraphics", graphicx, `\includegraphics{` + d + `/secret.pdf}`},
			{"includegraphics parent", graphicx, `\includegraphics{` + rel + `/secret.pdf}`},
			{"pdfximage", graphicx, `\pdfximage{` + d + `/secret.pdf}\pdfrefximage\pdflastximage`},
			{"environment variable name", "", `\input{$SHEETSMITH_TEST_SECRET_DIR/secret}`},
			{"environment variable detokenized", "", `\input{\detokenize{$SHEETSMITH_TEST_SECRET_DIR}/secret.tex}`},
			{"environment variable includegraphics", graphicx, `\includegraphics{\detokenize{$SHEETSMITH_TEST_SECRET_DIR}/secret.pdf}`},
			{"pipe input", "", `\input|"cat ` + d + `/secret.tex"`},
			{"HOME variable", "", `\input{$HOME/secret}`},
			{"tilde", "", `\input{~/secret}`},
			{"kpathsea brace expansion", "", `\input{{/nonexistent,` + d + `}/secret}`},
		} {
			a.name = fmt.Sprintf("%s/%d", a.name, i)
			attacks = append(attacks, a)
		}
	}
	for _, a := range []attack{
		{"write18", "", `\immediate\write18{touch ` + pwned + `}`},
		{"write18 deferred", "", `\write18{touch ` + pwned + `}x`},
		{"write18 copying the secret", "", `\immediate\write18{cp ` + s.dirs[1] + `/secret.tex leak.tex}\input{leak}`},
		{"catcode trick", "", "{\\catcode`\\|=0 |immediate|write18{touch " + pwned + "}}"},
		{"csname trick", "", `\csname immediate\endcsname\csname write\endcsname18{touch ` + pwned + `}`},
		{"let trick", "", `\let\w\write \let\i\immediate \i\w18{touch ` + pwned + `}`},
		{"restricted allow-list kpsewhich", "", `\immediate\write18{kpsewhich --var-value=HOME > leak.tex}\input|"kpsewhich ` + s.dirs[1] + `/secret.tex"`},
		{"shellesc package", `\usepackage{shellesc}`, `\ShellEscape{touch ` + pwned + `}`},
		{"pipe output", "", `\newwrite\w \immediate\openout\w=|"touch ` + pwned + `" \immediate\write\w{x}`},
	} {
		attacks = append(attacks, a)
	}
	for _, a := range attacks {
		for _, own := range []bool{false, true} {
			name := a.name + "/own-preamble"
			src := article(a.pre, a.body)
			if own {
				name = a.name + "/server-preamble"
				src = source("Attack", `\makeatletter`+"\n"+a.body)
				if a.pre != "" && a.pre != graphicx {
					continue // packages belong to the preamble; graphicx is in it already
				}
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				res, err := c.Compile(context.Background(), src)
				var pdf []byte
				if err == nil {
					pdf = res.PDF
				} else if ce := (*Error)(nil); !errors.As(err, &ce) {
					t.Fatalf("not a compile error: %v", err)
				}
				if where := s.leaks(t, pdf, err); where != "" {
					t.Fatalf("secret leaked through %s", where)
				}
				t.Logf("outcome of %s: %v", name, err)
				if err != nil && (strings.Contains(err.Error(), "go.tex") || strings.Contains(err.Error(), "\n")) {
					t.Fatalf("raw log in the error: %q", err)
				}
			})
		}
	}
	t.Cleanup(func() {
		if _, err := os.Stat(pwned); err == nil {
			os.Remove(pwned)
			t.Error("a shell command ran: " + pwned + " exists")
		}
	})
}

// Writes outside the job directory are refused; nothing appears on the host.
func TestAttacksWriteNothingOutside(t *testing.T) {
	c := shared(t)
	tmpTarget := filepath.Join("/tmp", randName("sheetsmith-escape-")+".tex")
	parentName := randName("escape-")
	for _, target := range []string{tmpTarget, "../" + parentName + ".tex", "../../../../../../../.." + tmpTarget, "./.hidden-" + parentName + ".tex"} {
		src := article("", `\newwrite\w \immediate\openout\w=`+target+` \immediate\write\w{written}\immediate\closeout\w`)
		_, err := c.Compile(context.Background(), src)
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "write a file outside") {
			t.Errorf("%s: got %v", target, err)
		}
	}
	if _, err := os.Stat(tmpTarget); err == nil {
		os.Remove(tmpTarget)
		t.Error("TeX wrote " + tmpTarget)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(c.root), "*", parentName+".tex"))
	if more, _ := filepath.Glob(filepath.Join(c.root, parentName+".tex")); len(matches)+len(more) > 0 {
		t.Errorf("TeX wrote above its job directory: %v %v", matches, more)
	}
}

// Documents that never end, eat memory or produce endless output stop with a plain error.
func TestAttacksExhaustion(t *testing.T) {
	c := shared(t)
	long := strings.Repeat("x", 200)
	cases := []struct{ name, body, want string }{
		{"endless macro", `\def\x{\x}\x`, "took too long"},
		{"endless loop", `\loop\iftrue\repeat`, "took too long"},
		{"exponential memory", `\def\x#1{\x{#1#1}}\x{a}`, "too complex"},
		{"input stack", `\def\a{\a\a}\a`, "too complex"},
		{"endless pages", `\loop\null\newpage\iftrue\repeat`, "too long|too large|pages"},
		{"huge log", `\loop\message{` + long + `}\iftrue\repeat`, "too long|too large"},
		{"huge file", `\newwrite\w\immediate\openout\w=big.txt \loop\immediate\write\w{` + long + `}\iftrue\repeat`, "too long|too large"},
		{"many files", `\newcount\n \newwrite\w \loop\advance\n1 \immediate\openout\w=f\the\n.txt \immediate\write\w{` + long + `}\immediate\closeout\w \iftrue\repeat`, "too long|too large"},
		{"reading the terminal", `\read16 to \x`, "keyboard"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := c.Compile(context.Background(), article("", tc.body))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a compile error", err)
			}
			ok := false
			for _, w := range strings.Split(tc.want, "|") {
				ok = ok || strings.Contains(ce.Problem, w)
			}
			if !ok {
				t.Fatalf("got %q, want %q", ce.Error(), tc.want)
			}
		})
	}
}

// While a hostile compile spins, a normal compile still succeeds.
func TestOthersCompileWhileOneSpins(t *testing.T) {
	c := shared(t)
	var wg sync.WaitGroup
	hostileDone := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, err := c.Compile(context.Background(), article("", `\def\y{\y}\y % spinning`))
		hostileDone <- err
	}()
	time.Sleep(200 * time.Millisecond)
	res, err := c.Compile(context.Background(), source("Calm", "A calm question."))
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "A calm question.") {
		t.Fatalf("normal compile failed while another spins: %v", err)
	}
	select {
	case err := <-hostileDone:
		t.Fatalf("the hostile compile finished first (%v): the test proves nothing", err)
	default:
	}
	wg.Wait()
	if err := <-hostileDone; err == nil || !strings.Contains(err.Error(), "took too long") {
		t.Fatalf("hostile compile: %v", err)
	}
}

// Fonts are never generated at run time: a scalable font at an odd size works, a
// METAFONT-only font fails with a plain error instead of running mktexpk.
func TestNoRuntimeFontGeneration(t *testing.T) {
	c := shared(t)
	res, err := c.Compile(context.Background(), article("", `\font\odd=cmr10 at 13.7pt {\odd Oddly sized}`))
	if err != nil || !strings.Contains(pdfText(t, res.PDF), "Oddly sized") {
		t.Fatalf("scalable font at 13.7pt: %v", err)
	}
	_, err = c.Compile(context.Background(), article("", `\font\mf=cmbxcd10 at 13.7pt {\mf Bitmap only}`))
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "font cmbxcd10 is not available") {
		t.Fatalf("METAFONT-only font: %v", err)
	}
}

// PDFs that would run code, launch programs or carry files are refused, however the
// dictionary is written; ordinary links are fine.
func TestAttacksActivePDF(t *testing.T) {
	c := shared(t)
	hash := "{\\catcode`\\#=12 \\gdef\\hash{#}}"
	nul := `{\catcode0=12 `
	cases := []struct{ name, body string }{
		{"annotation JavaScript", `\pdfannot width 2cm height 1cm depth 0pt {/Subtype /Link /A << /S /JavaScript /JS (app.alert(1)) >>}x`},
		{"open action JavaScript", `\pdfcatalog {/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}x`},
		{"open action Launch", `\pdfcatalog {/OpenAction << /S /Launch /F (calc.exe) >>}x`},
		{"document JavaScript names", `\pdfcatalog {/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (app.alert(1)) >>] >> >>}x`},
		{"embedded file stream", `\immediate\pdfobj stream attr {/Type /EmbeddedFile} {hello}\pdfcatalog{/Names << /EmbeddedFiles << /Names [(a.txt) << /Type /Filespec /F (a.txt) /EF << /F \the\pdflastobj\space 0 R >> >>] >> >>}x`},
		{"embedded file object only", `\immediate\pdfobj {<< /Type /EmbeddedFile >>}\pdfrefobj\pdflastobj x`},
		{"file attachment annotation", `\pdfannot width 1cm height 1cm {/Subtype /FileAttachment /FS (a.txt)}x`},
		{"escaped name", hash + `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /J\hash 61vaScript /J\hash 53 (app.alert(1)) >>}x`},
		{"file URI", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI (file:///etc/passwd) >>}x`},
		{"javascript URI", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI <6A617661736372697074> >>}x`},
		{"remote go-to", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /GoToR /F (other.pdf) /D [0 /Fit] >>}x`},
		{"uncompressed objects", `\pdfobjcompresslevel=0 \pdfcompresslevel=0 \pdfcatalog {/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}x`},
		// A NUL ends a name for a PDF reader: the old scanner read /JavaScript^^@ as another name.
		{"NUL after JavaScript", nul + `\pdfcatalog{/OpenAction << /S /JavaScript^^@ /JS^^@ (app.alert(1)) >>}}x`},
		{"NUL in names tree", nul + `\pdfcatalog{/Names << /JavaScript^^@ << /Names [(a) << /S /JavaScript^^@ /JS^^@ (app.alert(1)) >>] >> >>}}x`},
		{"NUL after Launch", nul + `\pdfcatalog{/OpenAction << /S /Launch^^@ /F (calc.exe) >>}}x`},
		{"NUL embedded file", nul + `\immediate\pdfobj stream attr {/Type /EmbeddedFile^^@} {hello}\pdfrefobj\pdflastobj}x`},
		{"NUL uncompressed", nul + `\pdfobjcompresslevel=0 \pdfcatalog{/OpenAction << /S /JavaScript^^@ /JS^^@ (app.alert(1)) >>}}x`},
		{"indirect javascript URI", `\immediate\pdfobj{(javascript:app.alert(1))}\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI \the\pdflastobj\space 0 R >>}x`},
		{"indirect file URI uncompressed", `\pdfobjcompresslevel=0 \immediate\pdfobj{(file:///etc/passwd)}\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI \the\pdflastobj\space 0 R >>}x`},
		{"indirect action name", `\immediate\pdfobj{/Launch}\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S \the\pdflastobj\space 0 R /F (calc.exe) >>}x`},
		{"open action URI beacon", `\pdfcatalog{/OpenAction << /S /URI /URI (https://tracker.example/opened) >>}x`},
		{"thread to a file", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /Thread /F (other.pdf) /D 0 >>}x`},
		{"named action", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /Named /N /Print >>}x`},
		{"page additional action", `\pdfpageattr{/AA << /O << /S /GoTo /D [0 /Fit] >> >>}x`},
		{"acroform", `\pdfcatalog{/AcroForm << /Fields [] >>}x`},
		{"submit form", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /SubmitForm /F (https://x.example/) >>}x`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := c.Compile(context.Background(), article("", tc.body))
			var ce *Error
			if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "active content") {
				t.Fatalf("got %v, want the PDF refused", err)
			}
		})
	}
	res, err := c.Compile(context.Background(), article("", `\pdfannot width 2cm height 1cm {/Subtype /Link /A << /S /URI /URI (https://example.com/fractions) >>}Link`))
	if err != nil || res == nil {
		t.Fatalf("an https link is fine: %v", err)
	}
}

const jsAction = `{/OpenAction << /S /JavaScript /JS (app.alert(1)) >>}`

// What a worksheet needs still compiles: TikZ with opacity and shading, pgfplots, pictures
// drawn by pgf, labels and references, answers.
func TestSealKeepsWorksheets(t *testing.T) {
	real(t)
	// pgfplots and a second pass take longer than the shared compiler's short limit allows
	// when the whole suite runs at once.
	c, err := New(Config{Workers: 1, Timeout: 30 * time.Second, FormatDir: formatDir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `\begin{questions}
\question Shade a third. \tikz\fill[fill opacity=0.3,red] (0,0) circle (0.5); \tikz\shade[ball color=blue] (0,0) circle (0.3);
\label{q:shade}
\question Read the graph. \begin{tikzpicture}\begin{axis}[width=5cm]\addplot{x^2};\end{axis}\end{tikzpicture}
\begin{solution} See question~\ref{q:shade}: $x^{2}$ and $\frac{1}{3}$. \end{solution}
\end{questions}`
	src := WithAnswers(source("Sealed", body, "pgfplots"))
	res, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, res.PDF)
	for _, want := range []string{"Shade a third", "Read the graph", "See question 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
}

// The seal inside TeX holds on its own: without the body check (the server's writers run
// it, not the compiler), the primitives it undefines, their expl3 and \pdfprimitive routes,
// and the .aux route (^^ notation written by \label and read back) reach nothing. The PDF
// check is not what stops them: the compile either fails in TeX or gives a clean PDF.
func TestAttacksSealWithoutBodyCheck(t *testing.T) {
	real(t)
	c, err := New(Config{Workers: 2, Timeout: 4 * time.Second, FormatDir: formatDir,
		Logger: slog.New(slog.NewTextHandler(&sharedLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s := plant(t)
	d := s.dirs[1]
	cases := map[string]string{
		"csname pdfcatalog":     `\csname pdfcatalog\endcsname` + jsAction,
		"pdfprimitive":          `\pdfprimitive\pdfcatalog` + jsAction,
		"expl3 primitive":       `\makeatletter\csname tex_primitive:D\endcsname\pdfcatalog` + jsAction,
		"expl3 catalog":         `\ExplSyntaxOn \tex_pdfcatalog:D ` + jsAction + ` \ExplSyntaxOff`,
		"expl3 names":           `\csname tex_pdfnames:D\endcsname{/JavaScript << /Names [(a) << /S /JavaScript /JS (x) >>] >>}`,
		"pdfannot":              `\pdfannot width 1cm height 1cm {/Subtype /Link /A << /S /Launch /F (calc.exe) >>}`,
		"pdfstartlink":          `\csname pdfstartlink\endcsname user{/Subtype /Link /A << /S /Launch /F (calc.exe) >>}x\pdfendlink`,
		"pdfpageattr":           `\pdfpageattr{/AA << /O << /S /JavaScript /JS (x) >> >>}`,
		"pdfpageresources":      `\pdfpageresources{>> /AA << /O << /S /JavaScript /JS (x) >> >> /X <<}`,
		"pdfoutline":            `\pdfoutline user{<< /S /JavaScript /JS (x) >>} count 0 {x}`,
		"pdffiledump":           `\edef\x{\pdffiledump offset 0 length 40 {` + d + `/secret.txt}}\x`,
		"expl3 filedump":        `\makeatletter\edef\x{\csname tex_filedump:D\endcsname offset 0 length 40 {` + d + `/secret.txt}}\x`,
		"pdfmapline":            `\pdfmapline{+cmr10 CMR10 <` + d + `/secret.pdf}`,
		"special":               `\special{pdf: obj @x << /S /JavaScript >>}`,
		"label caret injection": `Hi \label{x^\empty^7d{}^\empty^5cpdfcatalog` + jsAction + `^\empty^25}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := c.Compile(context.Background(), source("Seal", "Question one.\n"+body))
			var ce *Error
			if err != nil && (!errors.As(err, &ce) || strings.Contains(ce.Problem, "active content")) {
				t.Fatalf("got %v: the TeX layer let it through", err)
			}
			var pdf []byte
			if res != nil {
				pdf = res.PDF
			}
			if where := s.leaks(t, pdf, err); where != "" {
				t.Fatalf("secret leaked through %s", where)
			}
		})
	}
}

// dangerousPrimitives are the primitives the TeX layer keeps from a body: sealed ones must
// have no name left after \begin{document}; the others (needed by pgf, graphicx, xcolor or
// LaTeX itself) must have no name a body may write.
var dangerousPrimitives = []string{
	"pdfobj", "pdfxform", "pdfximage", "pdfrefobj", "pdfrefxform", "pdfrefximage", "pdfliteral",
	"pdfcolorstack", "pdfcolorstackinit", "pdfsetmatrix", "pdfdest", "pdfglyphtounicode",
	"csname", "ifcsname", "catcode", "lccode", "uccode", "lowercase", "uppercase", "string", "detokenize",
	"meaning", "escapechar", "endlinechar", "newlinechar", "everyeof", "openin", "read", "openout",
	"write", "input", "pdffilesize", "pdffilemoddate", // the kernel reads file sizes and dates when it loads files
}

// Every control sequence named in the files the server's documents load is looked up after
// \begin{document}: none may still mean a sealed primitive, and a letter-only name that means
// another dangerous primitive must be refused by the body check. A package update that adds
// an alias fails this test.
func TestSealCoversEveryAlias(t *testing.T) {
	real(t)
	dir := t.TempDir()
	run := func(name, src string) string {
		os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644)
		cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-recorder", "-no-shell-escape", name+".tex")
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	doc := source("Probe", "x", ExtraPackages...)
	run("files", doc)
	fls, err := os.ReadFile(filepath.Join(dir, "files.fls"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, l := range strings.Split(string(fls), "\n") {
		if f, ok := strings.CutPrefix(l, "INPUT "); ok && regexp.MustCompile(`\.(sty|cls|def|tex|code\.tex|cfg|clo|ltx)$`).MatchString(f) {
			files[f] = true
		}
	}
	for _, f := range []string{"latex.ltx", "expl3-code.tex", "l3backend-pdftex.def"} {
		if p, err := exec.Command("kpsewhich", f).Output(); err == nil {
			files[strings.TrimSpace(string(p))] = true
		}
	}
	names := map[string]bool{}
	csRE := regexp.MustCompile(`\\([A-Za-z@_:]+)`)
	for f := range files {
		b, _ := os.ReadFile(f)
		for _, m := range csRE.FindAllSubmatch(b, -1) {
			names[string(m[1])] = true
		}
	}
	if len(names) < 10000 {
		t.Fatalf("only %d names found in %d files", len(names), len(files))
	}
	all := append(strings.Split(sealed, ","), dangerousPrimitives...)
	var save, cmp, probe strings.Builder
	save.WriteString("\\makeatletter\\ExplSyntaxOn\n")
	for _, p := range all {
		if strings.Contains(p, ":") || strings.HasPrefix(p, "__") {
			continue // aliases themselves, compared through their primitive
		}
		src := `\` + p
		if p == "input" {
			src = `\tex_input:D`
		}
		fmt.Fprintf(&save, "\\cs_gset_eq:cN {probe@%s} %s\n", p, src)
		fmt.Fprintf(&cmp, `\expandafter\ifx\csname probe@%s\endcsname#1\immediate\write17{ALIAS~#2~%s}\fi`, p, p)
	}
	save.WriteString("\\ExplSyntaxOff\\makeatother\n")
	probe.WriteString("\\makeatletter\\catcode`\\_=11 \\catcode`\\:=11\n")
	probe.WriteString(`\def\probeA#1#2{` + strings.ReplaceAll(cmp.String(), "~", " ") + "}\n")
	probe.WriteString(`\def\probe#1{\ifcsname#1\endcsname\expandafter\probeA\csname#1\endcsname{#1}\fi}` + "\n")
	for n := range names {
		if !strings.HasPrefix(n, "probe@") {
			fmt.Fprintf(&probe, "\\probe{%s}\n", n)
		}
	}
	os.WriteFile(filepath.Join(dir, "probe.tex"), []byte(probe.String()+"\\makeatother\n"), 0o644)
	src := strings.Replace(source("Probe", "\\input{probe}", ExtraPackages...),
		"\\begin{document}\n", save.String()+"\\begin{document}\n", 1)
	out := run("aliases", src)
	log, _ := os.ReadFile(filepath.Join(dir, "aliases.log"))
	if !strings.Contains(string(log), "ALIAS write write") {
		t.Fatalf("the probe did not run:\n%s", tail(out, 3000))
	}
	isSealed := map[string]bool{}
	for _, p := range strings.Split(sealed, ",") {
		isSealed[p] = true
	}
	found := 0
	for _, l := range strings.Split(string(log), "\n") {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != "ALIAS" {
			continue
		}
		found++
		name, prim := f[1], f[2]
		switch {
		case isSealed[prim]:
			t.Errorf("\\%s still means the sealed primitive \\%s after \\begin{document}", name, prim)
		case regexp.MustCompile(`^[A-Za-z]+$`).MatchString(name) && !denied(name):
			t.Errorf("\\%s means \\%s and a body may write it", name, prim)
		}
	}
	t.Logf("%d names probed, %d aliases of kept primitives found", len(names), found)
}

// A compile that joins the same source already compiling for someone else answers sooner
// than a compile would: it is reported as a cache hit, so the queue pads it like one.
func TestJoinedCompileIsACacheHit(t *testing.T) {
	c := shared(t)
	src := source("Join", "Question one. \\count1=0 \\loop\\advance\\count1 by 1 \\ifnum\\count1<200000 \\repeat "+randName("Done"))
	first := make(chan error, 1)
	before := c.runs.Load()
	go func() {
		_, err := c.Compile(context.Background(), src)
		first <- err
	}()
	deadline := time.Now().Add(2 * time.Second)
	for {
		if c.runs.Load() > before { // the first compile is running
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first compile never started")
		}
		time.Sleep(time.Millisecond)
	}
	res, err := c.Compile(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if !res.Cached {
		t.Fatal("a compile that joined another caller's was reported as its own: the queue does not pad it")
	}
}

// withPackage is the server's source around body with pkg loaded right after the preamble, as
// if the deny-list had let it through.
func withPackage(pkg, body string) string {
	return strings.Replace(source("Attack", body), Preamble, Preamble+"\\usepackage{"+pkg+"}\n", 1)
}

// The deny-list is defence in depth: a body loading each of a sample of denied packages (forced
// in, in the server's source and in a hand-written one) uses the package's own commands to
// read the planted secret, embed it, include it or run a program, and nothing comes out: the
// sandbox, the seal and the PDF check hold on their own.
func TestDeniedPackagesReachNothing(t *testing.T) {
	c := shared(t)
	s := plant(t)
	pwned := filepath.Join("/tmp", randName("sheetsmith-pwned-"))
	type attack struct{ pkg, body string }
	var attacks []attack
	for i, d := range s.dirs {
		for _, a := range []attack{
			{"catchfile", `\CatchFileDef\leak{` + d + `/secret.tex}{}\leak`},
			{"fancyvrb", `\VerbatimInput{` + d + `/secret.txt}`},
			{"moreverb", `\verbatimtabinput{` + d + `/secret.txt}`},
			{"readarray", `\readdef{` + d + `/secret.txt}\leak \leak`},
			{"newfile", `\newinputstream{leak}\openinputfile{` + d + `/secret.txt}{leak}\readstream{leak}`},
			{"import", `\import{` + d + `/}{secret}`},
			{"subfiles", `\subfile{` + d + `/secret}`},
			{"docmute", `\input{` + d + `/secret}`},
			{"attachfile", `\attachfile{` + d + `/secret.txt}`},
			{"embedfile", `\embedfile{` + d + `/secret.txt}`},
			{"pdfpages", `\includepdf{` + d + `/secret.pdf}`},
			{"pax", `\includegraphics{` + d + `/secret.pdf}`},
			{"media9", `\includemedia[width=2cm,height=2cm]{x}{` + d + `/secret.pdf}`},
			{"animate", `\animategraphics{1}{` + d + `/secret}{}{}`},
			{"hyperref", `\href{run:` + d + `/secret.txt}{x}\hypersetup{pdfauthor={\input{` + d + `/secret}}}`},
			{"pdfcomment", `\pdfcomment{\CatchFileDef\x{` + d + `/secret.tex}{}\x}x`},
			{"tcolorbox", `\tcbset{tempfile=` + d + `/secret.tex}\tcbusetemp`},
			{"datatool", `\DTLloadrawdb{leak}{` + d + `/secret.txt}\DTLdisplaydb{leak}`},
			{"csvsimple", `\csvautotabular{` + d + `/secret.txt}`},
			{"minted", `\inputminted{text}{` + d + `/secret.txt}`},
			{"shellesc", `\ShellEscape{cp ` + d + `/secret.tex leak.tex}\input{leak}`},
			{"pythontex", `\begin{pycode}print(open("` + d + `/secret.txt").read())\end{pycode}`},
			{"bashful", `\bash cat ` + d + `/secret.txt \END`},
			{"gnuplottex", `\begin{gnuplot}system "cat ` + d + `/secret.txt > doc-gnuplottex-fig1.tex"\end{gnuplot}`},
		} {
			if i == 0 && a.pkg == "docmute" {
				continue
			}
			attacks = append(attacks, a)
		}
	}
	attacks = append(attacks,
		attack{"shellesc", `\ShellEscape{touch ` + pwned + `}`},
		attack{"filecontents", `\begin{filecontents*}[overwrite]{` + pwned + `}x\end{filecontents*}`},
		attack{"tcolorbox", `\tcbset{tempfile=` + pwned + `}\begin{tcbwritetemp}x\end{tcbwritetemp}`},
		attack{"fancyvrb", `\begin{VerbatimOut}{` + pwned + `}` + "\nx\n" + `\end{VerbatimOut}`},
	)
	for n, a := range attacks {
		if p, err := exec.Command("kpsewhich", a.pkg+".sty").Output(); err != nil || len(p) == 0 {
			t.Logf("%s is not installed", a.pkg)
			continue
		}
		if Allowed(a.pkg) {
			t.Errorf("%s is allowed", a.pkg)
		}
		for _, own := range []bool{false, true} {
			name := fmt.Sprintf("%s/%d/server-preamble", a.pkg, n)
			src := withPackage(a.pkg, a.body)
			if own {
				name = fmt.Sprintf("%s/%d/own-preamble", a.pkg, n)
				src = article(`\usepackage{`+a.pkg+`}`, a.body)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				res, err := c.Compile(context.Background(), src)
				var pdf []byte
				if err == nil {
					pdf = res.PDF
				} else if ce := (*Error)(nil); !errors.As(err, &ce) {
					t.Fatalf("not a compile error: %v", err)
				}
				if where := s.leaks(t, pdf, err); where != "" {
					t.Fatalf("secret leaked through %s", where)
				}
				t.Logf("outcome: %v", err)
			})
		}
	}
	t.Cleanup(func() {
		if _, err := os.Stat(pwned); err == nil {
			os.Remove(pwned)
			t.Error("a denied package wrote " + pwned)
		}
	})
}

// A body may not write etoolbox's name builders (the preamble loads etoolbox): \csuse{catcode}
// is \catcode, which the body check relies on a body not reaching.
func TestNameBuildersRefused(t *testing.T) {
	for _, body := range []string{"\\csuse{catcode}`\\|=0 |pdfobj{}", `\csletcs{w}{write}`, `\ifcsdef{pdfobj}{a}{b}`,
		`\csdef{x}{y}`, `\letcs\w{openout}`} {
		if err := CheckBody(body); err == nil {
			t.Errorf("%s: passed the body check", body)
		}
	}
}

// The seal and the body check hold with the installed packages a model reaches for loaded too:
// every control sequence named in the files they load is looked up after \begin{document}, and
// none may still mean a sealed primitive, or mean another dangerous primitive under a name a
// body may write (TestSealCoversEveryAlias does the same for the fixed packages).
func TestSealCoversInstalledPackages(t *testing.T) {
	real(t)
	var pkgs []string
	for _, p := range []string{"chemfig", "circuitikz", "tkz-euclide", "physics", "xlop", "mathtools", "pgf-pie", "forest"} {
		if out, err := exec.Command("kpsewhich", p+".sty").Output(); err == nil && len(out) > 0 && Allowed(p) {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) == 0 {
		t.Skip("none of the packages is installed")
	}
	dir := t.TempDir()
	run := func(name, src string) string {
		os.WriteFile(filepath.Join(dir, name+".tex"), []byte(src), 0o644)
		cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-recorder", "-no-shell-escape", name+".tex")
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	withAll := func(body string) string {
		return strings.Replace(source("Probe", body, ExtraPackages...), Preamble, Preamble+PackageLines(pkgs), 1)
	}
	run("files", withAll("x"))
	fls, err := os.ReadFile(filepath.Join(dir, "files.fls"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	csRE := regexp.MustCompile(`\\([A-Za-z@_:]+)`)
	for _, l := range strings.Split(string(fls), "\n") {
		if f, ok := strings.CutPrefix(l, "INPUT "); ok && regexp.MustCompile(`\.(sty|cls|def|tex|cfg|clo|ltx)$`).MatchString(f) {
			b, _ := os.ReadFile(f)
			for _, m := range csRE.FindAllSubmatch(b, -1) {
				names[string(m[1])] = true
			}
		}
	}
	if len(names) < 10000 {
		t.Fatalf("only %d names found", len(names))
	}
	all := append(strings.Split(sealed, ","), dangerousPrimitives...)
	var save, cmp, probe strings.Builder
	save.WriteString("\\makeatletter\\ExplSyntaxOn\n")
	for _, p := range all {
		if strings.Contains(p, ":") || strings.HasPrefix(p, "__") {
			continue
		}
		src := `\` + p
		if p == "input" {
			src = `\tex_input:D`
		}
		fmt.Fprintf(&save, "\\cs_gset_eq:cN {probe@%s} %s\n", p, src)
		fmt.Fprintf(&cmp, `\expandafter\ifx\csname probe@%s\endcsname#1\immediate\write17{ALIAS~#2~%s}\fi`, p, p)
	}
	save.WriteString("\\ExplSyntaxOff\\makeatother\n")
	probe.WriteString("\\makeatletter\\catcode`\\_=11 \\catcode`\\:=11\n")
	probe.WriteString(`\def\probeA#1#2{` + strings.ReplaceAll(cmp.String(), "~", " ") + "}\n")
	probe.WriteString(`\def\probe#1{\ifcsname#1\endcsname\expandafter\probeA\csname#1\endcsname{#1}\fi}` + "\n")
	for n := range names {
		if !strings.HasPrefix(n, "probe@") {
			fmt.Fprintf(&probe, "\\probe{%s}\n", n)
		}
	}
	os.WriteFile(filepath.Join(dir, "probe.tex"), []byte(probe.String()+"\\makeatother\n"), 0o644)
	src := strings.Replace(withAll("\\input{probe}"), "\\begin{document}\n", save.String()+"\\begin{document}\n", 1)
	out := run("aliases", src)
	log, _ := os.ReadFile(filepath.Join(dir, "aliases.log"))
	if !strings.Contains(string(log), "ALIAS write write") {
		t.Fatalf("the probe did not run:\n%s", tail(out, 3000))
	}
	isSealed := map[string]bool{}
	for _, p := range strings.Split(sealed, ",") {
		isSealed[p] = true
	}
	for _, l := range strings.Split(string(log), "\n") {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] != "ALIAS" {
			continue
		}
		name, prim := f[1], f[2]
		switch {
		case isSealed[prim] && name != "sschemfig_scantokens": // chemfig's private copy (packageSetup): no body can name it
			t.Errorf("\\%s still means the sealed primitive \\%s after \\begin{document}", name, prim)
		case regexp.MustCompile(`^[A-Za-z]+$`).MatchString(name) && !denied(name):
			t.Errorf("\\%s means \\%s and a body may write it", name, prim)
		}
	}
	t.Logf("%d names probed with %v loaded", len(names), pkgs)
}

// TeX reads ^^ notation inside a control sequence's name: \^^63atcode is \catcode, which
// turns any character into an escape character, after which no check of the text holds. A
// body may not write ^^ after a backslash either; the accent \^ itself stays.
func TestCaretNotationInNamesRefused(t *testing.T) {
	for _, body := range []string{"\\^^63atcode`\\|=0 |input{/etc/passwd}", `\^^63sname input\endcsname`, `\^^5cinput{secret}`,
		`\^^^^0063atcode`, "x \\^^M y"} {
		if err := CheckBody(body); err == nil {
			t.Errorf("%s: passed the body check", body)
		}
	}
	for _, body := range []string{`caf\^e and \^{o}`, `$x^2$ and $a^{b^c}$`} {
		if err := CheckBody(body); err != nil {
			t.Errorf("%s: refused: %v", body, err)
		}
	}
}
