package latex

import (
	"bufio"
	"os"
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
func (c *Compiler) auditRecorder(fls string) string {
	f, err := os.Open(fls)
	if err != nil {
		return ""
	}
	defer f.Close()
	allowed := append([]string{}, texReadable...)
	if c.sb.unsandboxed {
		allowed = append(allowed, c.fmtDir+"/", c.root+"/")
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		kind, name, ok := strings.Cut(sc.Text(), " ")
		if !ok || (kind != "INPUT" && kind != "OUTPUT") {
			continue
		}
		if !pathAllowed(name, allowed) {
			return kind + " " + name
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
