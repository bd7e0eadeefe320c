package export

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"maps"
	"regexp"
	"slices"
	"strings"

	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// PicturesOf makes Pictures from a compile of a complete source to a PDF and a drawing of a
// PDF's first page (latex.Rasterizer's FirstPage).
func PicturesOf(compile func(ctx context.Context, source string) ([]byte, error), draw func(ctx context.Context, pdf []byte, width int) ([]byte, error)) Pictures {
	return picturesFunc(func(ctx context.Context, source string, width int) ([]byte, error) {
		pdf, err := compile(ctx, source)
		if err != nil {
			return nil, err
		}
		return draw(ctx, pdf, width)
	})
}

type picturesFunc func(ctx context.Context, source string, width int) ([]byte, error)

func (f picturesFunc) Picture(ctx context.Context, source string, width int) ([]byte, error) {
	return f(ctx, source, width)
}

// A picture is typeset alone on a page pageIn wide, as wide as it is on the sheet (narrowed
// to fit when wider, shrunk to maxHeightIn when taller), and drawn at pictureDPI; the white
// around it is cut off, so its size in the Word document is its size on paper. The drawing
// is cut at latex.MaxPicturePixels whatever the page (so at 14.9 in), and the pictures of one
// document hold at most maxPictureBytes: those past it are their words.
const (
	pageIn          = 7.0
	maxHeightIn     = 14.0
	pictureDPI      = 200
	maxWidthIn      = 6.5 // Letter's line at 1 inch margins, A4's a little wider
	maxPictureBytes = 24 << 20
)

// needsPicture is the rule for maths Word and Google Docs cannot edit as an equation: any
// environment (arrays, aligned, matrices, cases: Google Docs drops their layout) and the
// units, chemistry and cancelling packages, which pandoc's maths reader does not know.
var needsPicture = regexp.MustCompile(`\\begin\s*\{|\\(SI|si|num|qty|unit|ang|SIrange|qtyrange|numrange|ce|pu|b?cancel|xcancel|cancelto)\b`)

// math is one formula: an equation, or a picture of it with its TeX as alt text.
func (w *docxWriter) math(tex string, display bool) node {
	eq := inlineMath(tex)
	if display {
		eq = displayMath(tex)
	}
	if !needsPicture.MatchString(tex) || w.pictures == nil {
		return eq
	}
	return w.picture(`$\displaystyle `+tex+`$`, mathAlt(tex), eq)
}

var (
	columnSum  = regexp.MustCompile(`(?s)^\\begin\{array\}(\[[tcb]\])?\{(?:[^{}]|\{[^{}]*\})*\}(.*)\\end\{array\}$`)
	arrayNoise = regexp.MustCompile(`\\hline|\\[,;: !]|\\phantom\{[^{}]*\}|[{}]`)
)

// mathAlt is the alt text of a picture of maths: its TeX, except column arithmetic (an array
// of numbers over a rule), which reads as the sum it is: "100 + 732".
func mathAlt(tex string) string {
	m := columnSum.FindStringSubmatch(strings.TrimSpace(tex))
	if m == nil || !strings.Contains(m[2], `\hline`) {
		return tex
	}
	body := arrayNoise.ReplaceAllString(strings.ReplaceAll(m[2], `\\`, " "), " ")
	if strings.Contains(body, `\`+"begin") || regexp.MustCompile(`\\[a-zA-Z]`).MatchString(strings.NewReplacer(`\times`, "", `\div`, "", `\cdot`, "").Replace(body)) {
		return tex
	}
	body = strings.NewReplacer(`\times`, "×", `\div`, "÷", `\cdot`, "·", "&", " ").Replace(body)
	return strings.Join(strings.Fields(body), " ")
}

// figure is a figure: a table Word can edit when it is a simple tabular, else a picture
// with alt text; a missing one (or one that cannot be drawn) in words; the caption under it.
func (w *docxWriter) figure(f *worksheet.Figure) []node {
	if f == nil {
		return nil
	}
	var out []node
	caption := strings.TrimSpace(f.Caption)
	switch {
	case f.Missing != "":
		out = append(out, para([]node{emph(words("[" + w.labels.Missing + ": " + f.Missing + "]"))}))
	default:
		if t, ok := readTabular(f.LaTeX, w.inline); ok {
			out = append(out, t)
			break
		}
		alt := figureAlt(f)
		missing := emph(words("[" + w.labels.Missing + ": " + alt + "]"))
		out = append(out, para([]node{w.picture(figureBody(f.LaTeX), alt, missing)}))
	}
	if caption != "" {
		out = append(out, divStyled("Image Caption", []node{para(w.inline(caption))}))
	}
	return out
}

// picture is a picture of body to be drawn (see drawPictures), or fallback when it cannot be.
func (w *docxWriter) picture(body, alt string, fallback node) node {
	if w.pictures == nil {
		return fallback
	}
	p := &pendingPicture{body: body, alt: alt, fallback: fallback}
	w.pending = append(w.pending, p)
	return node{T: "Span", C: []any{attr{}, []any{p}}}
}

// pendingPicture is a picture in the AST before it is drawn: its image once drawn, else its
// fallback.
type pendingPicture struct {
	body, alt string
	fallback  node
	image     *node
}

func (p *pendingPicture) MarshalJSON() ([]byte, error) {
	if p.image != nil {
		return json.Marshal(*p.image)
	}
	return json.Marshal(p.fallback)
}

// PagePictures is Pictures that also draws every page of a source in one go: the export then
// typesets all its pictures in one compile, one page each (PagesOf makes one).
type PagePictures interface {
	Pictures
	Pages(ctx context.Context, source string, width, pages int) ([][]byte, error)
}

// PagesOf makes PagePictures from a compile of a complete source to a PDF and a drawing of a
// PDF's first pages (latex.Rasterizer's Pages).
func PagesOf(compile func(ctx context.Context, source string) ([]byte, error), pages func(ctx context.Context, pdf []byte, width, max int) ([][]byte, error)) PagePictures {
	return pagesFunc{compile, pages}
}

type pagesFunc struct {
	compile func(ctx context.Context, source string) ([]byte, error)
	pages   func(ctx context.Context, pdf []byte, width, max int) ([][]byte, error)
}

func (f pagesFunc) Pages(ctx context.Context, source string, width, n int) ([][]byte, error) {
	pdf, err := f.compile(ctx, source)
	if err != nil {
		return nil, err
	}
	return f.pages(ctx, pdf, width, n)
}

func (f pagesFunc) Picture(ctx context.Context, source string, width int) ([]byte, error) {
	p, err := f.Pages(ctx, source, width, 1)
	if err != nil {
		return nil, err
	}
	return p[0], nil
}

// batch is the most pictures typeset in one source (a PDF has at most latex.MaxPages pages).
const batch = 100

// drawPictures typesets and draws the pictures the document needs: all in one source, one
// page each, when pictures can draw pages; one at a time otherwise, or when the batch fails
// (so one figure TeX refuses costs only itself its picture, in words). An error that is not
// the figure's own (a cancelled context, a busy or refusing compiler) is the export's error.
func (w *docxWriter) drawPictures() {
	width := int(pageIn * pictureDPI)
	pp, paged := w.pictures.(PagePictures)
	for i := 0; i < len(w.pending); i += batch {
		chunk := w.pending[i:min(i+batch, len(w.pending))]
		var drawn [][]byte
		if paged && len(chunk) > 1 {
			bodies := make([]string, len(chunk))
			for j, p := range chunk {
				bodies[j] = p.body
			}
			pages, err := pp.Pages(w.ctx, pictureSource(bodies, w.key, w.face, w.packages), width, len(chunk))
			if w.stop(err) {
				return
			}
			if err == nil && len(pages) == len(chunk) {
				drawn = pages
			}
		}
		for j, p := range chunk {
			var raw []byte
			if drawn != nil {
				raw, drawn[j] = drawn[j], nil // placed pictures only are kept
			} else {
				var err error
				if raw, err = w.pictures.Picture(w.ctx, pictureSource([]string{p.body}, w.key, w.face, w.packages), width); err != nil {
					if w.stop(err) {
						return
					}
					continue
				}
			}
			if w.stop(nil) {
				return
			}
			w.place(p, raw)
		}
	}
}

// stop reports whether the export ends here: its context ended, or err is not the picture's
// own failure (TeX refusing the figure, pdftoppm unable to draw it, a picture too large).
func (w *docxWriter) stop(err error) bool {
	var texErr *latex.Error
	switch {
	case w.ctx.Err() != nil:
		w.err = w.ctx.Err()
	case err == nil, errors.As(err, &texErr), errors.Is(err, latex.ErrNoPicture), errors.Is(err, latex.ErrTooLarge):
		return false
	default:
		w.err = err
	}
	return true
}

// place crops a drawn picture, names its file and sets its size: its size on paper (half
// again in large print), no wider than the line. A picture that cannot be read, or past the
// document's maxPictureBytes, stays its words.
func (w *docxWriter) place(p *pendingPicture, raw []byte) {
	cut, wpx, hpx, err := cropWhite(raw)
	if err != nil || w.pictureBytes+len(cut) > maxPictureBytes {
		return
	}
	w.pictureBytes += len(cut)
	name := fmt.Sprintf("picture%d.png", len(w.files)+1)
	w.files[name] = cut
	w.alts[name] = p.alt
	win, hin := float64(wpx)/pictureDPI, float64(hpx)/pictureDPI
	if w.large { // as large as the 18 pt text around it
		win, hin = win*1.5, hin*1.5
	}
	if win > maxWidthIn {
		win, hin = maxWidthIn, hin*maxWidthIn/win
	}
	img := imageNode(name, p.alt, win, hin)
	p.image = &img
}

// pictureSource is a complete document of a page per body: the server's preamble, every
// package and library a figure may ask for, the sheet's macros, then each body alone in a box
// on a page pageIn wide and as tall as the box, in the sheet's face. packages are those the
// document's figures ask for beyond these.
func pictureSource(bodies []string, key bool, face string, packages []string) string {
	var b strings.Builder
	b.WriteString(latex.Preamble)
	var pkgs []string
	for _, p := range latex.ExtraPackages {
		if p != "wrapfig" && p != "longtable" {
			pkgs = append(pkgs, p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(latex.OptionPackages)) {
		pkgs = append(pkgs, p)
	}
	// and those the figures name (chemfig …), each once: the lines up to here are the same for
	// every export, so all share one dumped format and no picture compiles cold
	for _, p := range packages {
		if !slices.Contains(pkgs, p) && p != "wrapfig" && p != "longtable" {
			pkgs = append(pkgs, p)
		}
	}
	b.WriteString(latex.PackageLines(pkgs))
	b.WriteString("\\sisetup{per-mode=symbol}\n\\pgfplotsset{compat=1.18}\n")
	fmt.Fprintf(&b, "\\usepgfplotslibrary{%s}\n", strings.Join(worksheet.PgfplotsLibraries, ","))
	fmt.Fprintf(&b, "\\usetikzlibrary{%s}\n", strings.Join(worksheet.TikZLibraries, ","))
	b.WriteString(latex.FontPreamble(face)) // the labels in the sheet's face
	b.WriteString(worksheet.Macros)
	if key {
		b.WriteString("\\sskeytrue\n")
	}
	b.WriteString(latex.Seal)
	b.WriteString("\\begin{document}\n")
	b.WriteString("\\pdfhorigin=4pt\\pdfvorigin=4pt\n")
	for _, body := range bodies {
		// each in a group, so nothing one sets reaches the next
		b.WriteString("\\begingroup\n\\setbox0=\\hbox{%\n" + body + "%\n}\n")
		fmt.Fprintf(&b, "\\ifdim\\wd0>\\dimexpr%gin-8pt\\relax\\setbox0=\\hbox{\\resizebox{\\dimexpr%gin-8pt\\relax}{!}{\\usebox0}}\\fi\n", pageIn, pageIn)
		fmt.Fprintf(&b, "\\ifdim\\dimexpr\\ht0+\\dp0\\relax>\\dimexpr%gin-8pt\\relax\\setbox0=\\hbox{\\resizebox*{!}{\\dimexpr%gin-8pt\\relax}{\\usebox0}}\\fi\n", maxHeightIn, maxHeightIn)
		fmt.Fprintf(&b, "\\pdfpagewidth=%gin\\pdfpageheight=\\dimexpr\\ht0+\\dp0+8pt\\relax\n", pageIn)
		b.WriteString("\\shipout\\vbox{\\box0}\n\\endgroup\n")
	}
	b.WriteString("\\end{document}\n")
	return b.String()
}

var (
	centerWrap = regexp.MustCompile(`(?s)^\\begin\{center\}(.*)\\end\{center\}$`)
	bareAxis   = regexp.MustCompile(`^\\begin\{(axis|semilogxaxis|semilogyaxis|loglogaxis|polaraxis|scope)\}`)
	nodeText   = regexp.MustCompile(`node\s*(?:\[[^\]]*\])?\s*(?:at\s*\([^)]*\))?\s*\{([^{}]+)\}`)
)

// figureBody is a figure's LaTeX as it goes into its box (as worksheet's figureBody): no
// centre wrapper, and a pgfplots axis drawn alone in the tikzpicture it needs.
func figureBody(s string) string {
	s = strings.TrimSpace(s)
	if m := centerWrap.FindStringSubmatch(s); m != nil {
		s = strings.TrimSpace(strings.ReplaceAll(m[1], `\centering`, ""))
	}
	if bareAxis.MatchString(s) {
		s = "\\begin{tikzpicture}\n" + s + "\n\\end{tikzpicture}"
	}
	return s
}

// figureAlt is a figure's alt text: its caption, else what it is and the labels on it.
func figureAlt(f *worksheet.Figure) string {
	if c := plainText(f.Caption); c != "" {
		return c
	}
	what := "Diagram"
	switch {
	case strings.Contains(f.LaTeX, `\begin{axis}`) || strings.Contains(f.LaTeX, "axis}"):
		what = "Graph"
	case strings.Contains(f.LaTeX, `\begin{tabular`):
		what = "Table"
	}
	var labels []string
	seen := map[string]bool{}
	for _, m := range nodeText.FindAllStringSubmatch(f.LaTeX, 40) {
		if t := plainText(m[1]); t != "" && !seen[t] {
			seen[t] = true
			labels = append(labels, t)
		}
	}
	if strings.Join(labels, ",") == "1,2,3,4,5,6,7,8,9,10,11,12" {
		return "A clock face" // its hands are the question
	}
	if len(labels) > 0 {
		return what + " labelled " + strings.Join(labels, ", ")
	}
	return what
}

// cropWhite cuts the white around a picture, leaving a small margin: its PNG and size. Its
// header is read first: a picture over latex.MaxPicturePixels is never decoded.
func cropWhite(raw []byte) ([]byte, int, int, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, 0, 0, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > latex.MaxPicturePixels/cfg.Height {
		return nil, 0, 0, fmt.Errorf("export: a picture of %d × %d pixels (at most %d)", cfg.Width, cfg.Height, latex.MaxPicturePixels)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, 0, 0, err
	}
	bd := img.Bounds()
	ink := inkTest(img)
	minX, minY, maxX, maxY := bd.Max.X, bd.Max.Y, bd.Min.X-1, bd.Min.Y-1
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if ink(x, y) {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		return nil, 0, 0, fmt.Errorf("export: an empty picture")
	}
	const margin = 6
	r := image.Rect(max(bd.Min.X, minX-margin), max(bd.Min.Y, minY-margin), min(bd.Max.X, maxX+margin+1), min(bd.Max.Y, maxY+margin+1))
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return raw, bd.Dx(), bd.Dy(), nil
	}
	var out bytes.Buffer
	if err := png.Encode(&out, sub.SubImage(r)); err != nil {
		return nil, 0, 0, err
	}
	return out.Bytes(), r.Dx(), r.Dy(), nil
}

// inkTest reports whether a pixel is ink (not white nor transparent): read from the pixels
// of pdftoppm's RGB pictures directly, through At (a value per pixel) for any other kind.
func inkTest(img image.Image) func(x, y int) bool {
	if m, ok := img.(*image.RGBA); ok {
		return func(x, y int) bool {
			p := m.Pix[m.PixOffset(x, y):]
			return p[3] > 0x10 && (p[0] < 0xf0 || p[1] < 0xf0 || p[2] < 0xf0)
		}
	}
	return func(x, y int) bool {
		r, g, b, a := img.At(x, y).RGBA()
		return a > 0x1000 && (r < 0xf000 || g < 0xf000 || b < 0xf000)
	}
}
