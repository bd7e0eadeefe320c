package latex

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// What a worksheet may load. The rule has one home, DenyReason (and Allowed): the fixed
// packages (the preamble's, ExtraPackages and OptionPackages, which the warm formats and the
// prompt name), and every other LaTeX package the server's TeX Live installs (a .sty under
// tex/latex or tex/generic of the trees the sandbox shows TeX, read from their ls-R databases
// once per process), minus the deny-list below, minus every package that loads a denied one
// (its \RequirePackage, \usepackage and \input lines, read on first use and remembered).
//
// The deny-list holds packages that reach the shell, read or write files by a name the body
// gives, embed files, write PDF internals (annotations, links, actions, JavaScript, forms,
// outlines, metadata, multimedia), run Lua, cannot work under the seal, or set what the
// server sets (page, face, language). The groups were found by searching the installed
// packages for \write18 and \ShellEscape, file streams, and PDF annotations, actions and
// attachments, and reading what came up.
//
// It is defence in depth, not the wall: the sandbox (no shell, reads only TeX Live and the
// job directory, writes only the job directory), the seal, the body check and the PDF check
// hold whatever a package does; attacks_test.go proves it with denied packages forced in,
// and probes the seal with the installed packages a model reaches for loaded. What the
// deny-list adds is that a body never gets commands whose whole point is one of those things.

// packageName is a name the server writes into \usepackage{…} as it is.
var packageName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*$`)

// deniedPackages maps each denied package to why, as the normaliser's note says it ("Dropped
// package minted (it runs programs)").
var deniedPackages = map[string]string{}

const (
	whyShell  = "it runs programs"
	whyFiles  = "it reads or writes files"
	whyEmbed  = "it embeds files in the PDF"
	whyPDF    = "it writes links, actions or other PDF internals"
	whyLua    = "it runs Lua code"
	whyRescan = "it rescans text, which worksheets cannot do"
	whyServer = "not available on the server: the server sets the page, its type face and its language"
)

func init() {
	deny := func(why, names string) {
		for _, n := range strings.Fields(names) {
			deniedPackages[n] = why
		}
	}
	// Shell: the package exists to run a program through \write18 or a pipe (syntax
	// highlighters, plotters, converters, downloaders, version control, computer algebra).
	// Shell escape is off in the sandbox, so they can only fail; most also write the program's
	// input to a file and read its output back.
	deny(whyShell, `shellesc pythontex minted minted1 minted2 bashful gnuplottex sagetex python pyluatex runcode
		iexec texments pygmentex hvpygmentex verbments dot2texi dottex graphviz ditaa asypictureB
		asyprocess asymptote auto-pst-pdf auto-pst-pdf-lua pst-pdf pdftricks pdftricks2 epstopdf
		epspdfconversion autopdf svg svg-extract inline-images pstool mpostinl gmp emp feynmf feynmp
		feynmp-auto standalone getmap download gitver gitlog gitinfo gitinfo2 gitfile-info ifplatform
		jupynotex includeRnw hvextern tile-graphic mercatormap bodeplot tablor tablor-xetex ulqda vpe
		chemobabel moodle graphicscache graphicxpsd imakeidx glossaries glossaries-extra
		glossaries-2020-03-19 glossaries-2021-11-01 glossaries-extra-2021-11-22 bugtracker shdoc
		cnltx-example nlctuserguide mi-solns markdown write18 sympytex latexalpha2
		l3sys-shell`)
	// Files: commands or environments that read a file named in the body into the document,
	// or write the body's text to a file of the body's choosing. A file written verbatim can
	// become the .aux file that the next pass reads, with @ a letter, before the seal.
	deny(whyFiles, `catchfile filecontents filecontentsdef newfile fancyvrb fvextra moreverb sverb
		verbatimbox answers xsim exsheets probsoln datatool datatool-base databib datagidx person
		csvsimple csvsimple-l3 csvsimple-legacy readarray pgfplotstable askinclude includex
		docmute subfiles import combine subdocs docmfp verbatimcopy readfile tcolorbox cprotect
		scontents randomlist`)
	// Embedded files and included PDFs: an attachment travels in the PDF; an included PDF
	// brings its own objects.
	deny(whyEmbed, `attachfile attachfile2 embedfile embedall pdfpages pax newpax xmpincl pdfx
		thumbpdf pdfoverlay`)
	// PDF internals: links, actions, JavaScript, forms, outlines, metadata, optional content,
	// multimedia, tagging. A printed worksheet needs none, and each reaches the primitives the
	// seal removes (or keeps aliases of them).
	deny(whyPDF, `hyperref hyperxmp bookmark hypcap hypdestopt hypdvips hypgotoe hyperbar
		backref breakurl href-ul doi orcidlink pdfcomment pdfbase ocgx ocgx2 ocg-p ocgtools media9
		movie15 multimedia flashmovie animate pdfmarginpar pdfnotiz cooltooltips fancytooltips
		pdfscreen pdfslide pdfpc pdfpc-movie interactiveworkbook interactiveworkbook-web insdljs
		eforms aeb-mobile aeb-pro aebxmp acrotex dljslib exerquiz tdclock pdfprivacy
		pdfmanagement-testphase pdfmanagement tagpdf accessibility axessibility zref-pageattr
		luatex85 navigator pdfswitch AlProTex HA-prosper issuulinks xcpdftips
		l3pdffield-testphase pdfpagediff pdfreview xbmks dtk-url`)
	// Lua: the body's text would become Lua code (and these need LuaTeX).
	// (LuaTeX's infrastructure, such as luatexbase and luaotfload, which babel and fontspec
	// load under LuaTeX, gives a body no Lua: the body check refuses every \lua… command.)
	deny(whyLua, `luacode luatextra luapackageloader luamplib pyluatex`)
	// Rescanning: the seal removes \scantokens (with it a body's text could become any
	// command), and these read their whole argument with it (expl3's \tl_set_rescan), so
	// they cannot work in a worksheet. chemformula's \ch is written as mhchem's \ce instead
	// (generate/llm/normalize). chemfig rescans too, and works through a private copy
	// (packageSetup).
	deny(whyRescan, `chemformula`)
	// The server's own: the page (geometry is the server's, headers and footers the exam
	// class's, which the key's legend uses), the type face (the teacher's choice: default,
	// sans or large print) and the language (babel or polyglossia with the sheet's language,
	// latex.LanguageLine). A model's choice would fight the server's or fail on its engine.
	deny(whyServer, `fancyhdr fancyheadings scrlayer-scrpage typearea titling fontspec unicode-math
		polyglossia babel xltxtra xunicode luainputenc lmodern times helvet courier mathptmx
		mathpazo palatino newtxtext newtxmath newpxtext newpxmath fourier kpfonts libertine
		libertinus charter utopia bookman avant newcent tgtermes tgheros tgpagella tgschola
		tgbonum tgcursor tgadventor lato roboto opensans sourcesanspro sourceserifpro
		fontsetup mlmodern cmbright sfmath arev eulervm euler mathastext`)
}

// deniedPrefixes deny families by name: the AcroTeX bundle (forms, JavaScript).
var deniedPrefixes = map[string]string{"aeb": whyPDF, "acro": whyPDF}

// Allowed reports whether a package may appear in a document.
func Allowed(pkg string) bool {
	return DenyReason(pkg) == ""
}

// fixedPackage reports whether pkg is one of the packages the server names itself.
func fixedPackage(pkg string) bool {
	_, withOptions := OptionPackages[pkg]
	return slices.Contains(BasePackages, pkg) || slices.Contains(ExtraPackages, pkg) || withOptions
}

// DenyReason says why a package may not appear in a document ("" when it may): not
// installed, denied, or loading a denied package.
func DenyReason(pkg string) string {
	if fixedPackage(pkg) {
		return ""
	}
	if !packageName.MatchString(pkg) {
		return "not a package name"
	}
	t := installedTree()
	path, ok := t.packages[pkg]
	if !ok {
		return "not available on the server"
	}
	return t.reason(pkg, path)
}

// InstalledPackages is the number of packages the installed TeX Live offers a document, and
// how many of those Allowed accepts (each read on first use: this reads them all).
func InstalledPackages() (installed, allowed int) {
	t := installedTree()
	for name := range t.packages {
		installed++
		if Allowed(name) {
			allowed++
		}
	}
	return installed, allowed
}

// UsePackage is what loads an allowed package: its line, with the options it needs, and
// the setup it needs under the seal (packageSetup).
func UsePackage(pkg string) string {
	if o, ok := OptionPackages[pkg]; ok {
		return fmt.Sprintf("\\usepackage[%s]{%s}\n", o, pkg)
	}
	return fmt.Sprintf("\\usepackage{%s}\n", pkg) + packageSetup[pkg]
}

// packageSetup is what a package needs, written right after it, to work under the seal.
//
// chemfig reads every formula with \scantokens, which the seal removes at \begin{document}:
// its four macros that do are patched (\\patchcmd is local: each is made global after), before the seal, to call a copy of it under a name a
// body cannot write (_ is a letter only while chemfig's own catcodes hold, as here). They
// rescan the formula's own text with @ and # not letters, so the control sequences they make
// are those the body check read in the body. \patchcmd compares the macro it retokenises with
// the one chemfig defined and changes nothing when they differ: the formula then fails to
// compile, as it did before.
var packageSetup = map[string]string{
	"chemfig": `\usepackage{etoolbox}
\makeatletter
\begingroup
\catcode` + "`" + `\_=11 \catcode` + "`" + `\@=12 \catcode` + "`" + `\:=12 \catcode` + "`" + `\[=12 \catcode` + "`" + `\]=12
\catcode` + "`" + `\(=12 \catcode` + "`" + `\)=12 \catcode` + "`" + `\,=12 \catcode` + "`" + `\-=12 \catcode` + "`" + `\==12
\catcode` + "`" + `\~=12 \catcode` + "`" + `\!=12 \catcode` + "`" + `\?=12 \catcode` + "`" + `\<=12 \catcode` + "`" + `\>=12
\catcode` + "`" + `\;=12 \catcode` + "`" + `\*=12 \catcode` + "`" + `\|=12
\global\let\sschemfig_scantokens\scantokens
\patchcmd\CF_chemfigb{\scantokens}{\sschemfig_scantokens}{}{}
\patchcmd\CF_grabsubmol{\scantokens}{\sschemfig_scantokens}{}{}
\patchcmd\CF_grabsubmola{\scantokens}{\sschemfig_scantokens}{}{}
\patchcmd\CF_grabsubmola{\scantokens}{\sschemfig_scantokens}{}{}
\patchcmd\def_submolc{\scantokens}{\sschemfig_scantokens}{}{}
\patchcmd\def_submolc{\scantokens}{\sschemfig_scantokens}{}{}
\global\let\CF_chemfigb\CF_chemfigb \global\let\CF_grabsubmol\CF_grabsubmol
\global\let\CF_grabsubmola\CF_grabsubmola \global\let\def_submolc\def_submolc
\endgroup
\makeatother
`,
}

// PackageLines writes the \usepackage lines of the allowed packages among pkgs, in the order
// the warm formats expect (see extraPrefix): ExtraPackages, then OptionPackages, then every
// other allowed package in the order given. BasePackages (in Preamble already) and packages
// Allowed refuses are left out.
func PackageLines(pkgs []string) string {
	var b strings.Builder
	for _, p := range pkgs {
		if slices.Contains(ExtraPackages, p) {
			b.WriteString(UsePackage(p))
		}
	}
	for _, p := range pkgs {
		if _, ok := OptionPackages[p]; ok {
			b.WriteString(UsePackage(p))
		}
	}
	var seen []string
	for _, p := range pkgs {
		if fixedPackage(p) || slices.Contains(seen, p) || !Allowed(p) {
			continue
		}
		seen = append(seen, p)
		b.WriteString(UsePackage(p))
	}
	return b.String()
}

// texTreeIndex is what the installed TeX Live holds: packages by name, and the files a
// package may \input by name (under tex/latex and tex/generic).
type texTreeIndex struct {
	packages map[string]string // name → path of name.sty
	files    map[string]string // file name → path

	mu      sync.Mutex
	reasons map[string]string // path → deny reason, "" when allowed; filled on first use
}

var installedTree = sync.OnceValue(func() *texTreeIndex {
	t := &texTreeIndex{packages: map[string]string{}, files: map[string]string{}, reasons: map[string]string{}}
	for _, db := range lsRDatabases() {
		t.read(db)
	}
	return t
})

// lsRDatabases are the ls-R files kpathsea reads, in its order, of the trees the sandbox
// shows TeX (texTree); the trees' own ls-R files when kpsewhich cannot say.
func lsRDatabases() []string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var dbs []string
	if out, err := exec.CommandContext(ctx, "kpsewhich", "-all", "ls-R").Output(); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l = filepath.Clean(strings.TrimSpace(l)); l != "." && insideTexTree(l) {
				dbs = append(dbs, l)
			}
		}
	}
	if len(dbs) == 0 {
		for _, d := range texTree {
			if _, err := os.Stat(filepath.Join(d, "ls-R")); err == nil {
				dbs = append(dbs, filepath.Join(d, "ls-R"))
			}
		}
	}
	return dbs
}

func insideTexTree(p string) bool {
	for _, d := range texTree {
		if strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// read adds the files under tex/latex and tex/generic that the ls-R database db lists.
func (t *texTreeIndex) read(db string) {
	f, err := os.Open(db)
	if err != nil {
		return
	}
	defer f.Close()
	root := filepath.Dir(db)
	dir, keep := "", false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case l == "" || strings.HasPrefix(l, "%"):
		case strings.HasSuffix(l, ":"):
			dir = strings.TrimSuffix(l, ":")
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(root, dir)
			}
			rel, err := filepath.Rel(root, dir)
			keep = err == nil && (strings.HasPrefix(rel, "tex/latex/") || strings.HasPrefix(rel, "tex/generic/"))
		case keep:
			p := filepath.Join(dir, l)
			if _, ok := t.files[l]; !ok {
				t.files[l] = p
			}
			if name, ok := strings.CutSuffix(l, ".sty"); ok && packageName.MatchString(name) {
				if _, ok := t.packages[name]; !ok {
					t.packages[name] = p
				}
			}
		}
	}
}

// reason is why the package name (read from path) is refused, "" when it is not.
func (t *texTreeIndex) reason(name, path string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fileReason(name, path, map[string]bool{})
}

// fileReason is why a file (a package's .sty when name is set, else a file one \input's) is
// refused: the package is denied, or the file loads one that is ("it loads minted, which runs
// programs"). visiting breaks cycles.
func (t *texTreeIndex) fileReason(name, path string, visiting map[string]bool) string {
	if why := deniedName(name); why != "" {
		return why
	}
	if why, ok := t.reasons[path]; ok {
		return why
	}
	if _, ok := optionalLoads[name]; ok || visiting[path] {
		return ""
	}
	visiting[path] = true
	why := ""
	for _, dep := range t.loads(path) {
		switch p, installed := t.packages[dep.pkg]; {
		case dep.pkg == "":
			why = t.fileReason("", dep.file, visiting)
		case fixedPackage(dep.pkg):
		case !installed:
			// loading it fails; only a denied name matters
			if w := deniedName(dep.pkg); w != "" {
				why = loadsDenied(dep.pkg, w)
			}
		default:
			if w := t.fileReason(dep.pkg, p, visiting); w != "" {
				why = loadsDenied(dep.pkg, w)
			}
		}
		if why != "" {
			break
		}
	}
	t.reasons[path] = why
	return why
}

// loadsDenied is why a package that loads dep is refused, dep being refused for why.
func loadsDenied(dep, why string) string {
	if rest, ok := strings.CutPrefix(why, "it "); ok {
		return "it loads " + dep + ", which " + rest
	}
	return "it loads " + dep + ", which is " + why
}

// deniedName is why the package name is on the deny-list, "" when it is not.
func deniedName(name string) string {
	if name == "" {
		return ""
	}
	if why, ok := deniedPackages[name]; ok {
		return why
	}
	for prefix, why := range deniedPrefixes {
		if strings.HasPrefix(name, prefix) {
			return why
		}
	}
	return ""
}

// dependency is a package a file loads, or another file it reads.
type dependency struct{ pkg, file string }

var (
	requireRE = regexp.MustCompile(`\\(?:RequirePackage|RequirePackageWithOptions|usepackage)\s*(?:\[[^\]]*\]\s*)?\{([^{}\\]*)\}`)
	inputRE   = regexp.MustCompile(`\\(?:input|@input|@@input|InputIfFileExists|file_input:n|loadlibrary)\s*\{?\s*([A-Za-z0-9_.-]+)`)
	tikzLibRE = regexp.MustCompile(`\\use(tikz|pgf)library\s*(?:\[[^\]]*\]\s*)?\{([^{}\\]*)\}`)
)

// loads reads the packages and files a file loads: \RequirePackage and \usepackage, \input of
// files in the tree, and TikZ's external library, wherever they stand (a load behind an option
// counts), comments left out.
func (t *texTreeIndex) loads(path string) []dependency {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = uncomment(l)
	}
	src := strings.Join(lines, "\n")
	var deps []dependency
	for _, m := range near(src, requireRE, "Package", "usepackage") {
		for _, p := range strings.Split(m[1], ",") {
			if p = strings.TrimSpace(p); packageName.MatchString(p) {
				deps = append(deps, dependency{pkg: p})
			}
		}
	}
	for _, m := range near(src, inputRE, "input", "Input", "loadlibrary") {
		for _, name := range []string{m[1], m[1] + ".tex"} {
			if p, ok := t.files[name]; ok && p != path {
				if pkg, isSty := strings.CutSuffix(name, ".sty"); isSty {
					deps = append(deps, dependency{pkg: pkg})
				} else {
					deps = append(deps, dependency{file: p})
				}
				break
			}
		}
	}
	for _, m := range near(src, tikzLibRE, "library") {
		for _, lib := range strings.Split(m[2], ",") {
			if strings.TrimSpace(lib) == "external" {
				deps = append(deps, dependency{pkg: tikzExternal})
			}
		}
	}
	return deps
}

// near matches re only around the places where one of words occurs (a command's name), so
// a large file costs a search for the words.
func near(src string, re *regexp.Regexp, words ...string) [][]string {
	var out [][]string
	seen := map[int]bool{}
	for _, w := range words {
		for i := 0; ; {
			k := strings.Index(src[i:], w)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(w)
			from := max(strings.LastIndexByte(src[max(0, at-40):at], '\\')+max(0, at-40), 0)
			if seen[from] {
				continue
			}
			seen[from] = true
			if m := re.FindStringSubmatchIndex(src[from:min(len(src), at+600)]); m != nil && m[0] == 0 {
				sub := make([]string, len(m)/2)
				for j := range sub {
					if m[2*j] >= 0 {
						sub[j] = src[from+m[2*j] : from+m[2*j+1]]
					}
				}
				out = append(out, sub)
			}
		}
	}
	return out
}

// uncomment is a line without its comment: from the first % that no \ escapes.
func uncomment(line string) string {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '%':
			return line[:i]
		}
	}
	return line
}

// tikzExternal stands for TikZ's external library among a file's loads: it writes each
// picture to a file and compiles it through the shell, so a package that turns it on is
// refused like one that runs programs (the body check refuses \usetikzlibrary{external}).
const tikzExternal = "TikZ's external library"

func init() { deniedPackages[tikzExternal] = whyShell }

// optionalLoads are packages whose only load of a denied package stands behind an option.
// The server never passes options (except OptionPackages'), and a setting made in the body
// cannot load a package (\RequirePackage fails after the preamble), so their loads are not
// followed. Each was read in the installed TeX Live.
var optionalLoads = map[string]string{
	"forest":     "TikZ's external library only with its external option",
	"chemmacros": "glossaries-extra only with its acronym-support=glossaries-extra option",
}

var environmentRE = regexp.MustCompile(`\\(?:newenvironment\*?|renewenvironment\*?|NewDocumentEnvironment|DeclareDocumentEnvironment|ProvideDocumentEnvironment|NewEnviron|newtheorem\*?|newlist|newtcolorbox|lstnewenvironment)\s*\{([A-Za-z]+\*?)\}|\\def\\end([A-Za-z]+)\b`)

// PackageEnvironments lists the environments an allowed package defines (read from its files
// and those it \input's, not from the packages it loads), and whether it draws with TikZ
// (loads tikz or pgf), so a reader can keep them: circuitikz's circuitikz environment.
func PackageEnvironments(pkg string) (envs []string, tikz bool) {
	envs, _, tikz = packageDefinitions(pkg)
	return envs, tikz
}

// PackageVocabulary lists the public commands and the environments an allowed package
// defines (\chemfig, \setchemfig, circuitikz): what a figure that names the package may use.
// Internal names (with @, _ or :) are not listed.
func PackageVocabulary(pkg string) []string {
	envs, cmds, _ := packageDefinitions(pkg)
	return append(envs, cmds...)
}

// packageDefinitions reads what a package defines from its files and those it \input's (not
// from the packages it loads): its environments, its public commands, and whether it draws
// with TikZ (loads tikz or pgf).
func packageDefinitions(pkg string) (envs, cmds []string, tikz bool) {
	if fixedPackage(pkg) || !Allowed(pkg) {
		return nil, nil, false
	}
	t := installedTree()
	path := t.packages[pkg]
	seen := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		if seen[path] || len(seen) > 64 {
			return
		}
		seen[path] = true
		b, err := os.ReadFile(path)
		if err != nil {
			return
		}
		for _, m := range environmentRE.FindAllSubmatch(b, -1) {
			name := string(m[1]) + string(m[2])
			if !slices.Contains(envs, name) {
				envs = append(envs, name)
			}
		}
		for _, m := range commandRE.FindAllSubmatch(b, -1) {
			if name := string(m[1]); !slices.Contains(cmds, name) && !denied(name) {
				cmds = append(cmds, name)
			}
		}
		for _, d := range t.loads(path) {
			switch {
			case d.pkg == "tikz" || d.pkg == "pgf":
				tikz = true
			case d.file != "":
				walk(d.file)
			}
		}
	}
	walk(path)
	return envs, cmds, tikz
}

// commandRE is a definition of a public command: its name is letters only, up to a brace,
// a space or a parameter (\def\CF@x is internal).
var commandRE = regexp.MustCompile(`\\(?:newcommand|renewcommand|providecommand|DeclareRobustCommand|NewDocumentCommand|DeclareDocumentCommand|def|gdef|edef|xdef)\*?\s*\{?\\([A-Za-z]+)(?:[\s{}#\[]|$)`)

// usedMarks are what shows that a text uses a package: a command or an environment of it.
var usedMarks = map[string][]string{
	"cancel":    {`\cancel`, `\bcancel`, `\xcancel`},
	"pgfplots":  {`\begin{axis}`, `\addplot`},
	"multirow":  {`\multirow`},
	"booktabs":  {`\toprule`, `\midrule`, `\bottomrule`},
	"longtable": {`\begin{longtable}`},
	"wrapfig":   {`\begin{wrapfigure}`},
	"siunitx":   {`\SI{`, `\qty{`, `\num{`, `\si{`, `\unit{`, `\ang{`, `\SIrange{`, `\qtyrange{`, `\numrange{`},
	"mhchem":    {`\ce{`, `\pu{`},
	// installed packages a model uses without loading them (Allowed decides)
	"chemfig":     {`\chemfig{`, `\schemestart`},
	"circuitikz":  {`\begin{circuitikz}`},
	"tkz-euclide": {`\tkzDefPoint`, `\tkzDrawPoint`, `\tkzDrawSegment`, `\tkzDrawPolygon`},
	"xlop":        {`\opadd`, `\opsub`, `\opmul`, `\opdiv`},
	"mathtools":   {`\begin{dcases}`, `\coloneqq`},
}

// PackagesUsed lists, sorted, the allowed packages whose commands or environments s uses,
// so that they are loaded on use: a model's \chemfig{…} loads chemfig.
func PackagesUsed(s string) []string {
	var pkgs []string
	for pkg, marks := range usedMarks {
		for _, m := range marks {
			if strings.Contains(s, m) && Allowed(pkg) {
				pkgs = append(pkgs, pkg)
				break
			}
		}
	}
	slices.Sort(pkgs)
	return pkgs
}
