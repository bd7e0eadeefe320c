package latex

import (
	"path"
	"strings"
)

// texReadable are the trees a compile may read: TeX Live, its configuration, the dumped
// formats and the job directory itself.
var texReadable = []string{
	"/usr/share/texlive/", "/usr/share/texmf/", "/var/lib/texmf/", "/etc/texmf/",
	fmtMount + "/", jobMount + "/",
}

// auditRecorder checks pdfTeX's -recorder list after a pass. It returns the first file read
// or written outside the allowed trees, or "" when all is well. The sandbox already hides
// everything else; this catches a mistake in the sandbox or in kpathsea's settings.
//
// In the sandbox the list comes from a FIFO the document can append to but not read or
// rewrite (see proc), so every line pdfTeX wrote is there, whole (one write of less than
// PIPE_BUF). Entries are looked for anywhere, not only at the start of a line, so text the
// document writes in front of one cannot hide it. Without the sandbox the list is the
// document-writable doc.fls and proves little; that mode is an operator's loud opt-out.
func (c *Compiler) auditRecorder(list string, sb *sandbox) string {
	allowed := append([]string{}, texReadable...)
	if sb != c.sb { // XeLaTeX and LuaLaTeX read the system's fonts
		for _, t := range fontTrees {
			allowed = append(allowed, t+"/")
		}
	}
	if c.sb.unsandboxed {
		allowed = append(allowed, c.fmtDir+"/", c.root+"/")
	}
	for _, kind := range []string{"INPUT ", "OUTPUT "} {
		rest := list
		for {
			i := strings.Index(rest, kind)
			if i < 0 {
				break
			}
			rest = rest[i+len(kind):]
			name, _, _ := strings.Cut(rest, "\n")
			if !pathAllowed(name, allowed) {
				return kind + name
			}
		}
	}
	return ""
}

func pathAllowed(name string, allowed []string) bool {
	if !strings.HasPrefix(name, "/") {
		// Relative to the job directory; never above it.
		clean := path.Clean(name)
		return clean != ".." && !strings.HasPrefix(clean, "../")
	}
	clean := path.Clean(name)
	if strings.HasSuffix(name, "/") {
		clean += "/"
	}
	for _, a := range allowed {
		if strings.HasPrefix(clean+"/", a) {
			return true
		}
	}
	return false
}
