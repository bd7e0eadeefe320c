package latex

import (
	"regexp"
	"slices"
	"strings"
)

// maxExtraFormats bounds the formats dumped for Preamble plus extra packages.
const maxExtraFormats = 8

var extraUse = regexp.MustCompile(`^\\usepackage(?:\[([a-z0-9=,]+)\])?\{([a-z]+)\}$`)

// extraPrefix is Preamble followed by the \usepackage lines of ExtraPackages and
// OptionPackages (with exactly their options) that the server writes right after it, or ""
// when src does not start with Preamble.
func extraPrefix(src string) string {
	if !strings.HasPrefix(src, Preamble) {
		return ""
	}
	n := len(Preamble)
	for {
		line, _, ok := strings.Cut(src[n:], "\n")
		if !ok || !extraLine(line) {
			return src[:n]
		}
		n += len(line) + 1
	}
}

// extraLine reports whether line loads an extra package exactly as the server writes it.
func extraLine(line string) bool {
	if languageLines[line] {
		return true
	}
	m := extraUse.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	if opts, ok := OptionPackages[m[2]]; ok {
		return m[1] == opts
	}
	return m[1] == "" && slices.Contains(ExtraPackages, m[2])
}

// choosePool picks the warm pool whose format holds the longest prefix of src. A preamble
// with extra packages (pgfplots, …) is compiled with the base format the first time while
// its own format is dumped in the background for the next ones.
func (c *Compiler) choosePool(src string) *pool {
	prefix := extraPrefix(src)
	if prefix == "" {
		return c.plain
	}
	if prefix == Preamble {
		return c.base
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.extra[prefix]; ok {
		return p
	}
	if !c.building[prefix] && len(c.building) < maxExtraFormats && !c.closed {
		c.building[prefix] = true
		go c.buildExtra(prefix)
	}
	return c.base
}

func (c *Compiler) buildExtra(prefix string) {
	name, err := c.dumpFormat(prefix)
	if err != nil {
		c.cfg.Logger.Error("latex: cannot dump a format with extra packages", "err", err)
		return
	}
	p := &pool{c: c, format: name, prefix: prefix, size: 1}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.extra[prefix] = p
	c.mu.Unlock()
	p.refill()
}
