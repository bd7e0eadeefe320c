package export

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
)

// pandoc's JSON AST, the part of it the Word export writes: API version 1.22 (pandoc 2.17,
// Debian's; `echo | pandoc -t json` prints it). Nodes are {"t": tag, "c": contents}.

// pandocAPI is the AST version pandoc 2.17 reads.
var pandocAPI = []int{1, 22, 2, 1}

// node is one block or inline element.
type node struct {
	T string `json:"t"`
	C any    `json:"c,omitempty"`
}

// attr is an element's identifier, classes and key-value attributes.
type attr struct {
	id      string
	classes []string
	kv      [][2]string
}

func (a attr) MarshalJSON() ([]byte, error) {
	kv := make([][]string, 0, len(a.kv))
	for _, p := range a.kv {
		kv = append(kv, []string{p[0], p[1]})
	}
	classes := a.classes
	if classes == nil {
		classes = []string{}
	}
	return json.Marshal([]any{a.id, classes, kv})
}

// pandocDoc is a whole document: its title, its language (a BCP 47 tag, so Word checks
// spelling in it) and its blocks.
func pandocDoc(title []node, lang string, blocks []node) ([]byte, error) {
	meta := map[string]any{}
	if len(title) > 0 {
		meta["title"] = node{T: "MetaInlines", C: title}
	}
	if lang != "" {
		meta["lang"] = node{T: "MetaString", C: lang}
	}
	if blocks == nil {
		blocks = []node{}
	}
	return json.Marshal(map[string]any{"pandoc-api-version": pandocAPI, "meta": meta, "blocks": blocks})
}

// Inlines.

func str(s string) node  { return node{T: "Str", C: s} }
func space() node        { return node{T: "Space"} }
func lineBreak() node    { return node{T: "LineBreak"} }
func emph(x []node) node { return node{T: "Emph", C: x} }
func strong(x []node) node {
	return node{T: "Strong", C: x}
}
func underline(x []node) node   { return node{T: "Underline", C: x} }
func superscript(x []node) node { return node{T: "Superscript", C: x} }
func subscript(x []node) node   { return node{T: "Subscript", C: x} }
func smallCaps(x []node) node   { return node{T: "SmallCaps", C: x} }
func inlineMath(tex string) node {
	return node{T: "Math", C: []any{node{T: "InlineMath"}, tex}}
}
func displayMath(tex string) node {
	return node{T: "Math", C: []any{node{T: "DisplayMath"}, tex}}
}

// styled is a span in a character style of the reference document (pandoc's custom-style).
func styled(style string, x []node) node {
	return node{T: "Span", C: []any{attr{kv: [][2]string{{"custom-style", style}}}, x}}
}

// image is a picture file in the job directory, with its alt text and its size in inches.
func imageNode(file, alt string, widthIn, heightIn float64) node {
	a := attr{kv: [][2]string{{"width", inches(widthIn)}, {"height", inches(heightIn)}}}
	return node{T: "Image", C: []any{a, words(alt), []string{file, ""}}}
}

func inches(v float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(v, 'f', 2, 64), "0"), ".") + "in"
}

// words is plain text as Str and Space nodes.
func words(s string) []node {
	var out []node
	for i, w := range strings.FieldsFunc(s, unicode.IsSpace) {
		if i > 0 {
			out = append(out, space())
		}
		out = append(out, str(w))
	}
	if len(out) > 0 && unicode.IsSpace(rune(s[len(s)-1])) {
		out = append(out, space())
	}
	if len(out) > 0 && unicode.IsSpace(rune(s[0])) {
		out = append([]node{space()}, out...)
	}
	return out
}

// Blocks.

func para(x []node) node  { return node{T: "Para", C: x} }
func plain(x []node) node { return node{T: "Plain", C: x} }
func header(level int, x []node) node {
	return node{T: "Header", C: []any{level, attr{}, x}}
}
func blockQuote(x []node) node { return node{T: "BlockQuote", C: x} }

// divStyled is blocks in a paragraph style of the reference document.
func divStyled(style string, x []node) node {
	return node{T: "Div", C: []any{attr{kv: [][2]string{{"custom-style", style}}}, x}}
}

// Numbering styles and delimiters of an ordered list.
const (
	numDecimal    = "Decimal"
	numLowerAlpha = "LowerAlpha"
	numUpperAlpha = "UpperAlpha"
	numLowerRoman = "LowerRoman"
	delimPeriod   = "Period"
	delimParens   = "TwoParens"
)

// orderedList numbers items from start.
func orderedList(start int, style, delim string, items [][]node) node {
	return node{T: "OrderedList", C: []any{[]any{start, node{T: style}, node{T: delim}}, items}}
}

// pageBreak starts a new page in Word (pandoc passes raw OpenXML through).
func pageBreak() node {
	return node{T: "RawBlock", C: []any{"openxml", `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`}}
}

// Tables.

// table is a simple table: an optional header row, body rows, each cell a list of blocks;
// widths are fractions of the line (nil lets Word choose), aligns "AlignLeft" and so on.
func table(head []([]node), rows [][]([]node), aligns []string, widths []float64) node {
	cols := len(aligns)
	specs := make([]any, cols)
	for i := range cols {
		w := any(node{T: "ColWidthDefault"})
		if widths != nil {
			w = node{T: "ColWidth", C: widths[i]}
		}
		specs[i] = []any{node{T: aligns[i]}, w}
	}
	row := func(cells [][]node) any {
		out := make([]any, 0, cols)
		for i := range cols {
			var c []node
			if i < len(cells) {
				c = cells[i]
			}
			if c == nil {
				c = []node{}
			}
			out = append(out, []any{attr{}, node{T: "AlignDefault"}, 1, 1, c})
		}
		return []any{attr{}, out}
	}
	headRows := []any{}
	if head != nil {
		headRows = append(headRows, row(head))
	}
	bodyRows := []any{}
	for _, r := range rows {
		bodyRows = append(bodyRows, row(r))
	}
	return node{T: "Table", C: []any{
		attr{},
		[]any{nil, []any{}},
		specs,
		[]any{attr{}, headRows},
		[]any{[]any{attr{}, 0, []any{}, bodyRows}},
		[]any{attr{}, []any{}},
	}}
}
