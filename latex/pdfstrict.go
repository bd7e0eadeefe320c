package latex

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A second, strict reader of the PDF object grammar (ISO 32000-1, 7.2 and 7.3). pdfcpu's
// parser retries an object it cannot read with a lenient reading that skips what it does not
// understand, and it finds an object's end by searching for "endobj" rather than by parsing;
// what it then reads can differ from what a viewer reads. Every object pdfcpu found is read
// again here, from the same offset (or the same place in its object stream), and must parse
// strictly, end where the grammar says, and have the same value; otherwise the PDF is
// refused as one that parses only leniently.

// errNotStrict is a PDF that pdfcpu read only leniently, or differently from the grammar.
var errNotStrict = errors.New("the PDF does not parse strictly")

func notStrict(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errNotStrict, fmt.Sprintf(format, args...))
}

// What the strict reader produces: nil, bool, int, float64, sName, sString, sRef, []any,
// map[string]any.
type (
	sName   string
	sString string
	sRef    struct{ nr, gen int }
)

type lexer struct {
	b   []byte
	pos int
}

func isWhite(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// skip passes white space and comments.
func (l *lexer) skip() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		switch {
		case isWhite(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

// regular reads a run of regular characters (a number or a keyword).
func (l *lexer) regular() string {
	start := l.pos
	for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	return string(l.b[start:l.pos])
}

var (
	intSyntax  = regexp.MustCompile(`^[+-]?[0-9]+$`)
	realSyntax = regexp.MustCompile(`^[+-]?([0-9]+\.[0-9]*|\.[0-9]+)$`)
)

// keyword reads the next token, which must be the keyword kw.
func (l *lexer) keyword(kw string) error {
	l.skip()
	if got := l.regular(); got != kw {
		return notStrict("%q where %q belongs at byte %d", got, kw, l.pos)
	}
	return nil
}

// integer reads the next token, which must be a non-negative integer.
func (l *lexer) integer() (int, error) {
	l.skip()
	s := l.regular()
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || !intSyntax.MatchString(s) {
		return 0, notStrict("%q where a number belongs at byte %d", s, l.pos)
	}
	return n, nil
}

// object reads one direct object.
func (l *lexer) object(depth int) (any, error) {
	if depth > maxDepth {
		return nil, &pdfRejection{"objects nested too deeply"}
	}
	l.skip()
	if l.pos >= len(l.b) {
		return nil, notStrict("the data ends where an object belongs")
	}
	switch c := l.b[l.pos]; c {
	case '/':
		return l.name()
	case '(':
		return l.literal()
	case '[':
		l.pos++
		arr := []any{}
		for {
			l.skip()
			if l.pos < len(l.b) && l.b[l.pos] == ']' {
				l.pos++
				return arr, nil
			}
			o, err := l.object(depth + 1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, o)
		}
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			return l.dict(depth)
		}
		return l.hex()
	case ')', '>', ']', '{', '}':
		return nil, notStrict("%q at byte %d", c, l.pos)
	}
	start := l.pos
	tok := l.regular()
	switch {
	case tok == "true" || tok == "false":
		return tok == "true", nil
	case tok == "null":
		return nil, nil
	case realSyntax.MatchString(tok):
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, notStrict("the number %q", tok)
		}
		return f, nil
	case intSyntax.MatchString(tok):
		n, err := strconv.Atoi(tok)
		if err != nil {
			return nil, notStrict("the number %q", tok)
		}
		// "n g R" is a reference.
		save := l.pos
		if n >= 0 && tok[0] != '+' {
			l.skip()
			if g := l.regular(); intSyntax.MatchString(g) && g[0] != '+' && g[0] != '-' {
				l.skip()
				if l.regular() == "R" {
					gen, _ := strconv.Atoi(g)
					return sRef{n, gen}, nil
				}
			}
		}
		l.pos = save
		return n, nil
	}
	return nil, notStrict("%q at byte %d", tok, start)
}

func (l *lexer) dict(depth int) (any, error) {
	l.pos += 2
	d := map[string]any{}
	for {
		l.skip()
		if l.pos+1 < len(l.b) && l.b[l.pos] == '>' && l.b[l.pos+1] == '>' {
			l.pos += 2
			return d, nil
		}
		if l.pos >= len(l.b) || l.b[l.pos] != '/' {
			return nil, notStrict("a dictionary key that is not a name at byte %d", l.pos)
		}
		k, err := l.name()
		if err != nil {
			return nil, err
		}
		v, err := l.object(depth + 1)
		if err != nil {
			return nil, err
		}
		key := string(k.(sName))
		if _, dup := d[key]; dup {
			return nil, notStrict("the key /%s twice in one dictionary", key)
		}
		d[key] = v // null kept here, dropped when compared (an absent entry)
	}
}

func (l *lexer) name() (any, error) {
	l.pos++ // '/'
	var b []byte
	for l.pos < len(l.b) && !isWhite(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		c := l.b[l.pos]
		if c == '#' {
			if l.pos+2 >= len(l.b) {
				return nil, notStrict("a broken #xx in a name")
			}
			v, err := strconv.ParseUint(string(l.b[l.pos+1:l.pos+3]), 16, 8)
			if err != nil || v == 0 {
				return nil, notStrict("a broken #xx in a name")
			}
			b = append(b, byte(v))
			l.pos += 3
			continue
		}
		b = append(b, c)
		l.pos++
	}
	return sName(b), nil
}

func (l *lexer) literal() (any, error) {
	l.pos++ // '('
	var b []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return sString(b), nil
			}
		case '\r': // an end of line in a string reads as \n
			if l.pos < len(l.b) && l.b[l.pos] == '\n' {
				l.pos++
			}
			c = '\n'
		case '\\':
			if l.pos >= len(l.b) {
				return nil, notStrict("a string that does not end")
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\n':
				continue
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(e - '0')
				for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
					v = v*8 + int(l.b[l.pos]-'0')
					l.pos++
				}
				c = byte(v)
			default: // \( \) \\ and, per the standard, any other character stands for itself
				c = e
			}
		}
		b = append(b, c)
	}
	return nil, notStrict("a string that does not end")
}

func (l *lexer) hex() (any, error) {
	l.pos++ // '<'
	var digits []byte
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch {
		case c == '>':
			if len(digits)%2 == 1 {
				digits = append(digits, '0')
			}
			v := make([]byte, len(digits)/2)
			for i := range v {
				n, _ := strconv.ParseUint(string(digits[2*i:2*i+2]), 16, 8)
				v[i] = byte(n)
			}
			return sString(v), nil
		case isWhite(c):
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F':
			digits = append(digits, c)
		default:
			return nil, notStrict("%q in a hex string", c)
		}
	}
	return nil, notStrict("a hex string that does not end")
}

// strictCheck reads every object of pdfcpu's table again, strictly, from in.
func strictCheck(in []byte, w *walker) error {
	streams := map[int]*objStream{}
	for nr, e := range w.xt.Table {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		if nr == 0 || e == nil || e.Free {
			continue
		}
		theirs, err := w.resolve(e.Object)
		if err != nil {
			return err
		}
		var mine any
		if e.Compressed || e.ObjectStream != nil { // pdfcpu clears Compressed once it has read it
			if e.ObjectStream == nil || e.ObjectStreamInd == nil {
				return notStrict("object %d: in no object stream", nr)
			}
			os, ok := streams[*e.ObjectStream]
			if !ok {
				if os, err = w.objStream(*e.ObjectStream); err != nil {
					return fmt.Errorf("object stream %d: %w", *e.ObjectStream, err)
				}
				streams[*e.ObjectStream] = os
			}
			if mine, err = os.object(nr, *e.ObjectStreamInd); err != nil {
				return fmt.Errorf("object %d: %w", nr, err)
			}
		} else {
			if e.Offset == nil || *e.Offset < 0 || *e.Offset >= int64(len(in)) {
				return notStrict("object %d: no place in the file", nr)
			}
			gen := 0
			if e.Generation != nil {
				gen = *e.Generation
			}
			if mine, err = topLevel(in, nr, gen, int(*e.Offset), theirs); err != nil {
				return fmt.Errorf("object %d: %w", nr, err)
			}
		}
		sd := streamOf(theirs)
		if sd != nil {
			theirs = sd.Dict
		}
		if !same(mine, theirs, sd != nil) {
			return notStrict("object %d reads differently", nr)
		}
	}
	return nil
}

// topLevel reads "nr gen obj <object> endobj" (or a stream) at off.
func topLevel(in []byte, nr, gen, off int, theirs types.Object) (any, error) {
	l := &lexer{b: in, pos: off}
	n, err := l.integer()
	if err != nil {
		return nil, err
	}
	g, err := l.integer()
	if err != nil {
		return nil, err
	}
	if n != nr || g != gen {
		return nil, notStrict("the cross-reference table points at object %d %d", n, g)
	}
	if err := l.keyword("obj"); err != nil {
		return nil, err
	}
	o, err := l.object(0)
	if err != nil {
		return nil, err
	}
	l.skip()
	kw := l.regular()
	sd := streamOf(theirs)
	switch {
	case kw == "endobj" && sd == nil:
		return o, nil
	case kw == "stream" && sd != nil:
	default:
		return nil, notStrict("%q after the object at byte %d", in[l.pos-len(kw):min(l.pos-len(kw)+10, len(in))], l.pos-len(kw))
	}
	if _, ok := o.(map[string]any); !ok {
		return nil, notStrict("a stream without a dictionary")
	}
	// The data starts after the end of line that follows "stream" (CR LF or LF).
	switch {
	case bytes.HasPrefix(in[l.pos:], []byte("\r\n")):
		l.pos += 2
	case bytes.HasPrefix(in[l.pos:], []byte("\n")):
		l.pos++
	default:
		return nil, notStrict("no end of line after stream")
	}
	if int64(l.pos) != sd.StreamOffset {
		return nil, notStrict("the stream data starts at byte %d, not %d", l.pos, sd.StreamOffset)
	}
	n = len(sd.Raw)
	if sd.StreamLength != nil {
		n = int(*sd.StreamLength)
	}
	if n < 0 || l.pos+n > len(in) {
		return nil, notStrict("the stream runs past the end of the file")
	}
	l.pos += n
	if err := l.keyword("endstream"); err != nil {
		return nil, err
	}
	if err := l.keyword("endobj"); err != nil {
		return nil, err
	}
	return o, nil
}

func streamOf(o types.Object) *types.StreamDict {
	switch v := o.(type) {
	case types.StreamDict:
		return &v
	case *types.StreamDict:
		return v
	case types.ObjectStreamDict:
		return &v.StreamDict
	case *types.ObjectStreamDict:
		return &v.StreamDict
	case types.XRefStreamDict:
		return &v.StreamDict
	case *types.XRefStreamDict:
		return &v.StreamDict
	}
	return nil
}

// objStream is a decoded object stream: its objects' numbers and offsets, read strictly.
type objStream struct {
	data  []byte
	first int
	nrs   []int
	offs  []int
}

func (w *walker) objStream(nr int) (*objStream, error) {
	e, ok := w.xt.Table[nr]
	if !ok || e == nil || e.Object == nil {
		return nil, notStrict("missing")
	}
	sd := streamOf(e.Object)
	if sd == nil {
		return nil, notStrict("not a stream")
	}
	probe := *sd
	probe.Raw = bytes.Clone(sd.Raw)
	probe.Content = nil
	if err := probe.DecodeWithLimit(64 << 20); err != nil {
		return nil, fmt.Errorf("decoding: %w", err)
	}
	count, ok1 := sd.Dict["N"].(types.Integer)
	first, ok2 := sd.Dict["First"].(types.Integer)
	if !ok1 || !ok2 || int(first) > len(probe.Content) || count < 0 {
		return nil, notStrict("a broken object stream header")
	}
	os := &objStream{data: probe.Content, first: int(first)}
	l := &lexer{b: probe.Content[:first]}
	for range int(count) {
		n, err := l.integer()
		if err != nil {
			return nil, err
		}
		off, err := l.integer()
		if err != nil {
			return nil, err
		}
		if len(os.offs) > 0 && off <= os.offs[len(os.offs)-1] || os.first+off > len(os.data) {
			return nil, notStrict("object offsets out of order")
		}
		os.nrs, os.offs = append(os.nrs, n), append(os.offs, off)
	}
	if l.skip(); l.pos != len(l.b) {
		return nil, notStrict("more in the header than /N objects")
	}
	return os, nil
}

// object reads the i-th object, which must be nr and fill its place exactly.
func (os *objStream) object(nr, i int) (any, error) {
	if i < 0 || i >= len(os.nrs) || os.nrs[i] != nr {
		return nil, notStrict("not where the cross-reference table says")
	}
	end := len(os.data)
	if i+1 < len(os.offs) {
		end = os.first + os.offs[i+1]
	}
	l := &lexer{b: os.data[:end], pos: os.first + os.offs[i]}
	o, err := l.object(0)
	if err != nil {
		return nil, err
	}
	if l.skip(); l.pos != end {
		return nil, notStrict("more than one object in its place")
	}
	return o, nil
}

// same compares the strict reading with pdfcpu's. A stream dictionary's /Length is left out
// (pdfcpu resolves it; the data's extent was checked against it).
func same(mine any, theirs types.Object, stream bool) bool {
	switch m := mine.(type) {
	case nil:
		return theirs == nil
	case bool:
		t, ok := theirs.(types.Boolean)
		return ok && bool(t) == m
	case int:
		t, ok := theirs.(types.Integer)
		return ok && int(t) == m
	case float64:
		t, ok := theirs.(types.Float)
		return ok && float64(t) == m
	case sName:
		t, ok := theirs.(types.Name)
		return ok && string(t) == string(m)
	case sString:
		var b []byte
		var err error
		switch t := theirs.(type) {
		case types.StringLiteral:
			b, err = types.Unescape(string(t))
		case types.HexLiteral:
			b, err = t.Bytes()
		default:
			return false
		}
		return err == nil && string(b) == string(m)
	case sRef:
		t, ok := theirs.(types.IndirectRef)
		return ok && t.ObjectNumber.Value() == m.nr && t.GenerationNumber.Value() == m.gen
	case []any:
		t, ok := theirs.(types.Array)
		if !ok || len(t) != len(m) {
			return false
		}
		for i := range m {
			if !same(m[i], t[i], false) {
				return false
			}
		}
		return true
	case map[string]any:
		t, ok := theirs.(types.Dict)
		if !ok {
			return false
		}
		n := 0
		for k, v := range m {
			if v == nil || stream && k == "Length" {
				continue
			}
			n++
			if !same(v, t[k], false) {
				return false
			}
		}
		for k, v := range t {
			if v == nil || stream && k == "Length" {
				continue
			}
			n--
		}
		return n == 0
	}
	return false
}
