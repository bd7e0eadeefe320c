package latex

import (
	"context"
	"io"
	"log/slog"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The allowed set is what the installed TeX Live offers, minus the deny-list and what loads it.
func TestAllowedFromInstalledTeXLive(t *testing.T) {
	if _, err := exec.LookPath("kpsewhich"); err != nil {
		t.Skip("no TeX Live")
	}
	installed, allowed := InstalledPackages()
	t.Logf("%d packages installed, %d allowed", installed, allowed)
	if installed < 1000 || allowed < installed/2 || allowed >= installed {
		t.Fatalf("%d installed, %d allowed", installed, allowed)
	}
	for _, p := range append(append([]string{"chemfig", "circuitikz", "tkz-euclide", "physics", "mathtools", "forest"}, BasePackages...), ExtraPackages...) {
		if why := DenyReason(p); why != "" {
			t.Errorf("%s refused: %s", p, why)
		}
	}
	for p, want := range map[string]string{
		"hyperref":   "PDF internals",
		"minted":     "runs programs",
		"catchfile":  "files",
		"attachfile": "embeds files",
		// loads hardwrap, which loads ifplatform, which loads shellesc
		"pagecolor": "it loads hardwrap, which loads ifplatform, which runs programs",
		// a package loading a denied one is refused with it
		"no-such-package-here": "not available",
		"../../../etc/passwd":  "not a package name",
		"tikz,hyperref":        "not a package name",
		`tikz}\input{x`:        "not a package name",
		"":                     "not a package name",
		"exam":                 "not available", // a class, not a package
		"pgfplotstable":        "files",
		"tcolorbox":            "files",
		"glossaries":           "runs programs",
		"pdfpages":             "embeds files",
		"shellesc":             "runs programs",
		"filecontents":         "files",
		"embedfile":            "embeds files",
		"bookmark":             "PDF internals",
		"pdfx":                 "embeds files",
		"fancyvrb":             "files",
		"datatool":             "files",
		"standalone":           "runs programs",
		"ocgx2":                "PDF internals",
		"media9":               "PDF internals",
		"animate":              "PDF internals",
		"pdfcomment":           "PDF internals",
	} {
		if got := DenyReason(p); !strings.Contains(got, want) {
			if got == "" && want == "not available" {
				continue
			}
			t.Errorf("DenyReason(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestPackageLines(t *testing.T) {
	if _, err := exec.LookPath("kpsewhich"); err != nil {
		t.Skip("no TeX Live")
	}
	got := PackageLines([]string{"chemfig", "mhchem", "hyperref", "siunitx", "tikz", "chemfig", "pgfplots"})
	want := "\\usepackage{siunitx}\n\\usepackage{pgfplots}\n\\usepackage[version=4]{mhchem}\n\\usepackage{chemfig}\n" + packageSetup["chemfig"]
	if got != want || !strings.Contains(got, `\patchcmd\CF_chemfigb`) {
		t.Errorf("PackageLines:\n%s\nwant\n%s", got, want)
	}
	if p := extraPrefix(Preamble + got); p != Preamble+"\\usepackage{siunitx}\n\\usepackage{pgfplots}\n\\usepackage[version=4]{mhchem}\n" {
		t.Errorf("the warm format's prefix is %q", p)
	}
}

// Packages a model reaches for compile in the server's source, with the seal, after the body
// check: chemfig's structural formulas, circuits, Euclidean constructions, physics notation,
// written arithmetic.
func TestAllowedPackagesCompile(t *testing.T) {
	real(t)
	c, err := New(Config{Workers: 2, Timeout: 30 * time.Second, FormatDir: formatDir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	cases := []struct{ pkg, body, want string }{
		{"chemfig", `\question Name this molecule. \chemfig{H-C(-[2]H)(-[6]H)-O-H} Methanol`, "Methanol"},
		{"chemfig", `\question Benzene: \chemfig{*6(=-=-=-)} Ring`, "Ring"},
		{"circuitikz", `\question Find the current. \begin{circuitikz}\draw (0,0) to[battery1,l=$9\,V$] (0,2) to[R=$R_1$] (3,2) to[R=$R_2$] (3,0) -- (0,0);\end{circuitikz} Circuit`, "Circuit"},
		{"tkz-euclide", `\question Bisect AB. \begin{tikzpicture}\tkzDefPoints{0/0/A,4/0/B}\tkzDrawSegment(A,B)\tkzDefMidPoint(A,B)\tkzGetPoint{M}\tkzDrawPoints(A,B,M)\tkzLabelPoints(A,B,M)\end{tikzpicture} Segment`, "Segment"},
		{"physics", `\question Differentiate: $\dv{x}(x^2)$ and $\abs{-3}$ and $\vb{F} = m\vb{a}$. Physics`, "Physics"},
		{"xlop", `\question Add: \opadd{457}{138} Column`, "Column"},
		{"musixtex", `\question Clap the rhythm. \begin{music}\startextract\Notes\qa{cdefg}\en\zendextract\end{music} Music`, "Music"},
		{"mathtools", `\question Solve $\begin{dcases} x & x>0\\ -x & x\le 0\end{dcases}$ Cases`, "Cases"},
		{"pgf-pie", `\question Read the chart. \begin{tikzpicture}\pie{30/Red, 70/Blue}\end{tikzpicture} Pie`, "Pie"},
	}
	for _, tc := range cases {
		t.Run(tc.pkg, func(t *testing.T) {
			t.Parallel()
			if p, err := exec.Command("kpsewhich", tc.pkg+".sty").Output(); err != nil || len(p) == 0 {
				t.Skipf("%s is not installed", tc.pkg)
			}
			if why := DenyReason(tc.pkg); why != "" {
				t.Fatalf("%s refused: %s", tc.pkg, why)
			}
			body := "\\begin{questions}\n" + tc.body + "\n\\begin{solution}Shown.\\end{solution}\n\\end{questions}"
			if err := CheckBody(body); err != nil {
				t.Fatalf("the body check refuses it: %v", err)
			}
			src := strings.Replace(source("Packages", body), Preamble, Preamble+PackageLines([]string{tc.pkg}), 1)
			for _, s := range []string{src, WithAnswers(src)} {
				res, err := c.Compile(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				if text := pdfText(t, res.PDF); !strings.Contains(text, tc.want) {
					t.Errorf("PDF text lacks %q:\n%s", tc.want, text)
				}
			}
		})
	}
}
