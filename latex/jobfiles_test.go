package latex

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	looseOnce sync.Once
	looseC    *Compiler
	looseErr  error
	looseLog  lockedBuffer
)

// looseLua is a compiler whose LuaTeX runs without luarestrict.lua, so a document can make
// the links, hard links and FIFOs that the server's own reading of the job's files must
// refuse on its own. Two slots, like a small server: both must stay usable.
func looseLua(t *testing.T) *Compiler {
	real(t)
	looseOnce.Do(func() {
		looseC, looseErr = New(Config{Workers: 2, Queue: 16, Timeout: 60 * time.Second, FormatDir: formatDir, unrestrictedLua: true,
			Logger: slog.New(slog.NewTextHandler(&looseLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	})
	if looseErr != nil {
		t.Fatal(looseErr)
	}
	return looseC
}

// luaDoc is a hand-written LuaLaTeX document whose Lua runs once TeX has closed the PDF and
// the log (LuaTeX's wrapup_run), the moment the server then reads them.
func luaDoc(afterwards string) string {
	// The \ref asks for a second pass, which reads what the first left (carryAux).
	return "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\nAn ordinary page.\\label{p} \\ref{p}\n" +
		`\directlua{luatexbase.add_to_callback("wrapup_run", function() ` + afterwards + ` end, "sheetsmith-test")}` +
		"\n\\end{document}\n"
}

// compileBounded compiles src and fails the test if the compile never comes back (the
// frozen server of a FIFO read by name), long after any deadline of the compiler.
func compileBounded(t *testing.T, c *Compiler, src string) (*Result, error) {
	t.Helper()
	type answer struct {
		res *Result
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		res, err := c.Compile(context.Background(), src)
		ch <- answer{res, err}
	}()
	select {
	case a := <-ch:
		return a.res, a.err
	case <-time.After(5 * time.Minute):
		t.Error("the compile never came back")
		return nil, errors.New("the compile never came back")
	}
}

// A LuaLaTeX document that turns doc.pdf or doc.log into a link to a secret the server's
// user can read (mode 0600, outside any job), or into a second name of another file, gets
// a failed compile: the secret is in no PDF, error or line of the server's log.
func TestJobOutputLinksAreRefused(t *testing.T) {
	c := looseLua(t)
	s := plant(t)
	for _, d := range s.dirs {
		for _, f := range []string{"secret.pdf", "secret.txt"} {
			if err := os.Chmod(filepath.Join(d, f), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	secretPDF, secretTxt := filepath.Join(s.dirs[1], "secret.pdf"), filepath.Join(s.dirs[1], "secret.txt")
	for name, lua := range map[string]string{
		"pdf symlinked":       `os.remove("doc.pdf") lfs.link("` + secretPDF + `", "doc.pdf", true)`,
		"log symlinked":       `os.remove("doc.log") lfs.link("` + secretTxt + `", "doc.log", true)`,
		"aux symlinked":       `os.remove("doc.aux") lfs.link("` + secretTxt + `", "doc.aux", true)`,
		"pdf hard-linked":     `lfs.link("doc.pdf", "copy.pdf")`,
		"log hard-linked":     `lfs.link("doc.log", "doc.aux.old")`,
		"pdf a directory":     `os.remove("doc.pdf") lfs.mkdir("doc.pdf")`,
		"pdf the feed FIFO":   `os.remove("doc.pdf") os.rename("go.tex", "doc.pdf")`,
		"pdf relative link":   `os.remove("doc.pdf") lfs.link("../../../../../../../../` + strings.TrimPrefix(secretPDF, "/") + `", "doc.pdf", true)`,
		"log named by a link": `os.rename("doc.log", "real.log") lfs.link("real.log", "doc.log", true)`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := compileBounded(t, c, luaDoc(lua))
			var pdf []byte
			if err == nil {
				pdf = res.PDF
			}
			if where := s.leaksIn(t, looseLog.String(), pdf, err); where != "" {
				t.Fatalf("secret leaked through %s", where)
			}
			if err == nil || !strings.Contains(err.Error(), "a link or a special file") {
				t.Fatalf("got %v, want a compile refused for its links", err)
			}
		})
	}
}

// A link answers the same whether what it names exists or not: the compile says nothing of
// the host's files.
func TestJobOutputLinksAreNoExistenceOracle(t *testing.T) {
	c := looseLua(t)
	s := plant(t)
	answer := func(target string) string {
		_, err := compileBounded(t, c, luaDoc(`os.remove("doc.pdf") lfs.link("`+target+`", "doc.pdf", true)`))
		if err == nil {
			t.Fatalf("a link to %s compiled", target)
		}
		return err.Error()
	}
	there, missing := answer(filepath.Join(s.dirs[1], "secret.pdf")), answer(filepath.Join(s.dirs[1], "no-such-file.pdf"))
	if dir := answer(s.dirs[1]); there != missing || there != dir {
		t.Fatalf("the answers differ:\n existing file: %s\n missing file:  %s\n directory:     %s", there, missing, dir)
	}
}

// doc.log turned into the job's own feed FIFO once made the server's read of it block
// forever; two such compiles took both slots. Now each fails, and the next compile of
// anyone still gets its PDF.
func TestLogMadeTheFeedFIFO(t *testing.T) {
	c := looseLua(t)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A different source each, so the two do not share one compile.
			_, errs[i] = compileBounded(t, c, luaDoc(`os.remove("doc.log") os.rename("go.tex", "doc.log")`)+strings.Repeat("%\n", i))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "a link or a special file") {
			t.Fatalf("got %v, want a compile refused for its FIFO", err)
		}
	}
	for _, src := range []string{source("After", "Both slots still work."), article("", "Both slots still work.")} {
		res, err := compileBounded(t, c, src)
		if err != nil || !strings.Contains(pdfText(t, res.PDF), "Both slots still work.") {
			t.Fatalf("a compile after the FIFO attacks: %v", err)
		}
	}
}

// Directories count in the job-size watch: a storm of them (LuaTeX's lfs.mkdir without its
// restriction) or of empty files (pdfTeX's \openout) stops the compile as too large, long
// before tens of thousands of entries are there to walk and remove.
func TestEntryStormsStopTheCompile(t *testing.T) {
	for name, tc := range map[string]struct {
		c   func(*testing.T) *Compiler
		src string
	}{
		"lfs.mkdir": {looseLua, "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n" +
			`\directlua{for i = 1, 2000000 do lfs.mkdir("d" .. i) end}` + "\nx\n\\end{document}\n"},
		"nested lfs.mkdir": {looseLua, "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n" +
			`\directlua{local p = "n" for i = 1, 2000000 do lfs.mkdir(p) p = p .. "/n" if string.len(p) > 3000 then p = "m" .. i end end}` + "\nx\n\\end{document}\n"},
		"empty files": {shared, article("", `\newcount\n \newwrite\w \loop\advance\n1 \immediate\openout\w=e\the\n.txt \immediate\closeout\w \iftrue\repeat`)},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := compileBounded(t, tc.c(t), tc.src)
			var ce *Error
			if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "too large") {
				t.Fatalf("got %v, want the compile stopped as too large", err)
			}
		})
	}
}

// LuaTeX can write to its terminal alone, which no file limit bounds: past
// maxTerminalBytes the server stops reading it and the compile is too large.
func TestTerminalFloodStopsTheCompile(t *testing.T) {
	c := scriptsCompiler(t)
	_, err := compileBounded(t, c, "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n"+
		`\directlua{local s = string.rep("x", 4096) for i = 1, 1000000000 do texio.write("term", s) end}`+"\nx\n\\end{document}\n")
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "too large") {
		t.Fatalf("got %v, want the compile stopped as too large", err)
	}
}

// LuaTeX as the server runs it: a document's Lua cannot remove, rename or link files, run
// programs or read the restriction's originals back, and makes at most maxLuaDirs
// directories; ordinary Lua (reading, writing its own files) still works.
func TestLuaTeXIsRestricted(t *testing.T) {
	c := scriptsCompiler(t)
	probe := "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n" + `\directlua{
local f = io.open("a.txt", "w") f:write("kept") f:close()
local function say(k, v) tex.print(-2, k .. "=" .. tostring(v)) tex.print("") end
say("remove", os.remove("a.txt"))
say("rename", os.rename("a.txt", "b.txt"))
say("hard", lfs.link("a.txt", "c.txt"))
say("soft", lfs.link("a.txt", "d.txt", true))
say("rmdir", lfs.rmdir("."))
say("touch", lfs.touch("a.txt"))
say("popen", io.popen("true"))
say("exec", os.execute("true"))
say("upvalue", debug.getupvalue)
say("registry", debug.getregistry)
say("func", debug.getinfo(1, "f").func)
say("source", debug.getinfo(1, "S").source)
say("a", lfs.isfile("a.txt"))
say("b", lfs.isfile("b.txt"))
say("c", lfs.isfile("c.txt"))
say("d", lfs.symlinkattributes("d.txt", "mode"))
local g = io.open("a.txt") say("read", g:read("a")) g:close()
}` + "\n\\end{document}\n"
	res, err := c.Compile(context.Background(), probe)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strings.Fields(pdfText(t, res.PDF)), " ")
	for _, want := range []string{"remove=nil", "rename=nil", "hard=nil", "soft=nil", "rmdir=nil", "touch=nil", "popen=nil",
		"exec=nil", "upvalue=nil", "registry=nil", "func=nil", "source==[", "a=true", "b=false", "c=false", "d=nil", "read=kept"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing from %q", want, got)
		}
	}
	storm := "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n" +
		`\directlua{for i = 1, 2000000 do lfs.mkdir("d" .. i) end}` + "\nx\n\\end{document}\n"
	_, err = c.Compile(context.Background(), storm)
	var ce *Error
	if !errors.As(err, &ce) || !strings.Contains(ce.Problem, "at most 64 directories") {
		t.Fatalf("mkdir storm: got %v, want it stopped at %d directories", err, maxLuaDirs)
	}
}

// A warm process that takes long to load (here: LuaTeX sleeping in its prefix, as a cold
// LuaLaTeX loads its fonts on a busy machine) is waited for outside the compile's limit;
// one that takes longer than the wait allows is ErrBusy ("try again"), not the document's
// fault.
func TestColdProcessIsWaitedFor(t *testing.T) {
	c := scriptsCompiler(t)
	if _, err := c.enginePool(LuaLaTeX, "% !TEX program = lualatex\n"); err != nil {
		t.Skip(err)
	}
	c.mu.Lock()
	sb := c.unicode[LuaLaTeX].sb
	c.mu.Unlock()
	slow := &pool{c: c, prog: LuaLaTeX, sb: sb, fed: true, prefix: "\\directlua{os.sleep(8)}\\documentclass{article}\n"}
	w, err := c.ready(context.Background(), slow)
	if err != nil {
		t.Fatal(err)
	}
	defer w.discard()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // shorter than the start
	defer cancel()
	if o := w.run(ctx, "\\begin{document}\nWarm at last.\n\\end{document}\n"); o.timedOut || o.exitCode != 0 {
		t.Fatalf("the job on a process that was waited for: %+v", o)
	}
	f, err := sb.openOutput(w.dir, jobName+".pdf")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()

	impatient := &Compiler{cfg: Config{startLimit: time.Second, Logger: c.cfg.Logger}, root: c.root, fmtDir: c.fmtDir}
	slower := &pool{c: impatient, prog: LuaLaTeX, sb: sb, fed: true, prefix: "\\directlua{os.sleep(30)}\\documentclass{article}\n"}
	_, err = impatient.ready(context.Background(), slower)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("a start past its limit: %v, want ErrBusy", err)
	}
}

// openOutput takes only a regular file with one link owned by TeX's uid, and never blocks.
func TestOpenOutputRefusesWhatTeXDidNotWrite(t *testing.T) {
	sb := &sandbox{unsandboxed: true} // TeX's files are then the server's uid's
	dir := t.TempDir()
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("SECRET"), 0o600)
	os.WriteFile(filepath.Join(dir, "file"), []byte("ok"), 0o644)
	os.Symlink(secret, filepath.Join(dir, "link"))
	os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "dangling"))
	os.WriteFile(filepath.Join(dir, "twice"), []byte("x"), 0o644)
	os.Link(filepath.Join(dir, "twice"), filepath.Join(dir, "twice2"))
	os.Mkdir(filepath.Join(dir, "dir"), 0o755)
	if _, err := openFeed(filepath.Join(dir, "fifo")); err != nil {
		t.Fatal(err)
	}
	if f, err := sb.openOutput(dir, "file"); err != nil {
		t.Errorf("a regular file: %v", err)
	} else {
		f.Close()
	}
	for _, name := range []string{"link", "dangling", "twice", "dir", "fifo"} {
		if f, err := sb.openOutput(dir, name); !errors.Is(err, errOddOutput) {
			t.Errorf("%s: got %v, want errOddOutput", name, err)
			if f != nil {
				f.Close()
			}
		}
	}
	if _, err := sb.openOutput(dir, "none"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if os.Geteuid() == 0 {
		other := filepath.Join(dir, "other")
		os.WriteFile(other, []byte("x"), 0o644)
		os.Chown(other, 1, 1)
		if _, err := sb.openOutput(dir, "other"); !errors.Is(err, errOddOutput) {
			t.Errorf("a file of another uid: %v", err)
		}
	}
}

// leaksIn is leaks with the log of a compiler other than the shared one.
func (s secrets) leaksIn(t *testing.T, log string, pdf []byte, err error) string {
	t.Helper()
	if strings.Contains(log, s.word) || strings.Contains(strings.ToUpper(log), strings.ToUpper(hex.EncodeToString([]byte(s.word)))) {
		return "server log"
	}
	return s.leaks(t, pdf, err)
}

// The server's own CPU for a compile stopped by a storm of directories (LuaTeX's lfs.mkdir
// without its restriction): the size watch's walks and the removal of what was made.
// go test ./latex -run '^$' -bench EntryStorm -benchtime 3x
func BenchmarkEntryStorm(b *testing.B) {
	if testing.Short() {
		b.Skip("runs lualatex")
	}
	c, err := New(Config{Workers: 1, Timeout: 60 * time.Second, FormatDir: formatDir, unrestrictedLua: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	for name, body := range map[string]string{
		"storm":    `\directlua{for i = 1, 2000000 do lfs.mkdir("d" .. i) end}`,
		"ordinary": "An ordinary page.",
	} {
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			for i := 0; b.Loop(); i++ {
				src := "% !TEX program = lualatex\n\\documentclass{article}\n\\begin{document}\n" + body + "\nx\n\\end{document}\n" + strings.Repeat("%\n", i)
				before := serverCPU()
				_, err := c.Compile(context.Background(), src)
				if (name == "storm") != (err != nil) {
					b.Fatalf("%s: %v", name, err)
				}
				cpu += serverCPU() - before
			}
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "server-cpu-ms/op")
		})
	}
}

// serverCPU is this process's CPU time (user and system), children not included.
func serverCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
