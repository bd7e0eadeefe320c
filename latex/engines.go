package latex

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// unicodeEngine is XeLaTeX or LuaLaTeX: the same sandbox runner as pdfLaTeX's (with the
// system fonts shown read-only, and xdvipdfmx, which XeTeX starts through /bin/sh), the same
// PDF check and cache. Neither can dump fonts into a format, so their warm processes are
// fed the server's preamble when they start and wait, fonts loaded, for the rest of a job.
type unicodeEngine struct {
	sb    *sandbox
	plain *pool            // the engine's own format: hand-written sources
	warm  map[string]*pool // by server preamble (PreambleFor)
}

// fontTrees are what XeTeX's fontconfig and LuaTeX's luaotfload read besides TeX Live.
var fontTrees = []string{"/usr/share/fonts", "/etc/fonts", "/var/cache/fontconfig"}

// xetexBOM starts every job XeTeX reads: XeTeX sniffs the first two bytes of a file for a
// byte-order mark and, finding none, rewinds, which a FIFO cannot do; after a UTF-8 mark it
// reads on without rewinding. Line numbers are unchanged.
const xetexBOM = "\ufeff"

// unicodePoolSize is the warm processes kept per server preamble: these engines take about
// a second of CPU and 135–210 MB to start with their fonts, so each pool is filled only once
// a sheet has asked for it (that sheet waits for its process to load, outside its compile's
// limit: pool.get), and two wait so that a sheet and its key both find one.
const unicodePoolSize = 2

// enginePool is the pool a XeLaTeX or LuaLaTeX source compiles in, the engine set up on
// first use.
func (c *Compiler) enginePool(e Engine, src string) (*pool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, fmt.Errorf("latex: compiler closed")
	}
	u := c.unicode[e]
	if u == nil {
		path, err := exec.LookPath(string(e))
		if err != nil {
			return nil, fmt.Errorf("latex: %s is not installed", e)
		}
		extra := []string{}
		if e == XeLaTeX {
			for _, b := range []string{"xdvipdfmx", "sh"} {
				p, err := exec.LookPath(b)
				if err != nil {
					return nil, fmt.Errorf("latex: %s is not installed", b)
				}
				extra = append(extra, p)
			}
		}
		trees := append(append([]string{}, texTree...), fontTrees...)
		sb, err := newSandbox(path, trees, c.cfg.Unsandboxed, c.cfg.bwrapPath, extra...)
		if err != nil {
			return nil, err
		}
		sb.cpuSeconds, sb.cLocale = c.sb.cpuSeconds, e == LuaLaTeX
		sb.env = []string{"OSFONTDIR=/usr/share/fonts//"} // kpathsea's font paths include it
		u = &unicodeEngine{sb: sb, warm: map[string]*pool{}}
		u.plain = &pool{c: c, prog: e, sb: sb, size: 0}
		c.unicode[e] = u
	}
	for _, p := range serverPreambles() {
		if p.engine == e && strings.HasPrefix(src, p.text) {
			pl := u.warm[p.text]
			if pl == nil {
				pl = &pool{c: c, prog: e, sb: u.sb, prefix: p.text, fed: true, size: unicodePoolSize}
				u.warm[p.text] = pl
			}
			return pl, nil
		}
	}
	if e == LuaLaTeX && c.cfg.Unsandboxed {
		// Without the sandbox nothing would keep a hand-written source's Lua (\directlua) from
		// reading the machine's files: LuaTeX's io ignores openin_any.
		return nil, fmt.Errorf("latex: a hand-written LuaLaTeX source needs the sandbox")
	}
	return u.plain, nil
}

var (
	versionsMu sync.Mutex
	versions   = map[Engine]string{}
)

// VersionOf is the first line of an engine's --version; it is part of the cache key of
// every source that engine compiles.
func VersionOf(e Engine) string {
	if e == PDFLaTeX {
		return Version()
	}
	versionsMu.Lock()
	defer versionsMu.Unlock()
	if v, ok := versions[e]; ok {
		return v
	}
	v := string(e) + " unavailable"
	if out, err := exec.Command(string(e), "--version").Output(); err == nil {
		v, _, _ = strings.Cut(string(out), "\n")
		v = strings.TrimSpace(v)
	}
	versions[e] = v
	return v
}

// keyOf is the cache key of a source (CRLF already turned to LF): its engine's version and
// the source.
func keyOf(src string) string {
	e := engineOf(src)
	v := VersionOf(e)
	if e != PDFLaTeX {
		v = string(e) + "\x00" + v
	}
	sum := sha256.Sum256([]byte(v + "\x00" + src))
	return hex.EncodeToString(sum[:])
}

// missingChar is TeX's note of a character the current font lacks (pdfTeX:
// "There is no п in font ecrm1095!", XeTeX and LuaTeX add "(U+043F)").
var missingChar = regexp.MustCompile(`Missing character: There is no (\S+)(?: \(U\+[0-9A-F]+\))? in font ([^!\n]*)!`)

// lostLetter finds a letter that a compile left out because no font it used has it: such a
// PDF is never served (the font set-up or the engine choice is wrong for it).
func lostLetter(log string) (rune, bool) {
	for _, m := range missingChar.FindAllStringSubmatch(log, -1) {
		if m[2] == "nullfont" {
			continue // TikZ's text outside nodes: nothing is printed there anyway
		}
		r, _ := utf8.DecodeRuneInString(m[1])
		if r != utf8.RuneError && utf8.RuneCountInString(m[1]) == 1 && unicode.IsLetter(r) {
			return r, true
		}
	}
	return 0, false
}

// luaRestrict is the Lua every LuaTeX runs first (--lua): no links, removals, renames or
// programs, and at most maxLuaDirs directories (luarestrict.lua says why). It is installed
// in the format directory, which the sandbox shows read-only, under a name of its content.
//
//go:embed luarestrict.lua
var luaRestrictSource string

// maxLuaDirs is the most directories a LuaTeX job may make (luaotfload's cache takes a few).
const maxLuaDirs = 64

var (
	luaRestrict     = strings.ReplaceAll(luaRestrictSource, "MAXDIRS", strconv.Itoa(maxLuaDirs))
	luaRestrictName = func() string {
		sum := sha256.Sum256([]byte(luaRestrict))
		return "sheetsmith-" + hex.EncodeToString(sum[:8]) + ".lua"
	}()
)

// installLuaRestrict writes luaRestrict into the format directory (atomically; another
// server sharing the directory writes the same bytes under the same name).
func installLuaRestrict(dir string) error {
	dst := filepath.Join(dir, luaRestrictName)
	if old, err := os.ReadFile(dst); err == nil && string(old) == luaRestrict {
		return nil
	}
	tmp, err := os.CreateTemp(dir, ".lua-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(luaRestrict)
	if err := errors.Join(werr, tmp.Chmod(0o644), tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}
