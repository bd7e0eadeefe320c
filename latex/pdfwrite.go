package latex

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// writePDF serialises the object graph the checker parsed, in a syntax no reader can split
// differently: every object written plainly (no object streams), every string as hex, every
// name with anything but letters, digits and harmless punctuation #xx-escaped, every stream
// with its length written directly, one cross-reference table. Only objects reachable from
// the catalog and the document information are written. The output is deterministic, so
// writing what a re-read of it gives must reproduce it byte for byte (the round trip).
func writePDF(w *walker) ([]byte, error) {
	xt := w.xt
	if xt.Root == nil {
		return nil, errors.New("the PDF has no catalog")
	}
	// The objects to write: everything reachable from the trailer's catalog and information.
	keep := map[int]bool{}
	var queue []int
	var mark func(o types.Object, depth int) error
	mark = func(o types.Object, depth int) error {
		if depth > maxDepth {
			return &pdfRejection{"objects nested too deeply"}
		}
		o, err := w.resolve(o)
		if err != nil {
			return err
		}
		switch v := o.(type) {
		case types.IndirectRef:
			nr := v.ObjectNumber.Value()
			if !keep[nr] {
				keep[nr] = true
				queue = append(queue, nr)
			}
		case types.Array:
			for _, e := range v {
				if err := mark(e, depth+1); err != nil {
					return err
				}
			}
		case types.Dict:
			for _, e := range v {
				if err := mark(e, depth+1); err != nil {
					return err
				}
			}
		case types.StreamDict:
			return mark(v.Dict, depth)
		}
		return nil
	}
	roots := types.Array{*xt.Root}
	if xt.Info != nil {
		roots = append(roots, *xt.Info)
	}
	if err := mark(roots, 0); err != nil {
		return nil, err
	}
	objs := map[int]types.Object{}
	for len(queue) > 0 {
		nr := queue[0]
		queue = queue[1:]
		e, ok := xt.Table[nr]
		if !ok || e == nil || e.Free || e.Object == nil {
			continue // a reference to nothing reads as null, here and in the output
		}
		o, err := w.resolve(e.Object)
		if err != nil {
			return nil, err
		}
		switch o.(type) {
		case types.ObjectStreamDict, *types.ObjectStreamDict, types.XRefStreamDict, *types.XRefStreamDict:
			continue // their objects are written one by one; the streams themselves are not
		}
		objs[nr] = o
		if err := mark(o, 0); err != nil {
			return nil, err
		}
	}
	nrs := make([]int, 0, len(objs))
	for nr := range objs {
		nrs = append(nrs, nr)
	}
	slices.Sort(nrs)

	var b bytes.Buffer
	version := "1.5"
	if xt.HeaderVersion != nil {
		version = xt.HeaderVersion.String()
	}
	fmt.Fprintf(&b, "%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n", version)
	size := 1
	if len(nrs) > 0 {
		size = nrs[len(nrs)-1] + 1
	}
	offs := make([]int, size)
	gens := make([]int, size)
	for _, nr := range nrs {
		offs[nr] = b.Len()
		if g := xt.Table[nr].Generation; g != nil {
			gens[nr] = *g
		}
		fmt.Fprintf(&b, "%d %d obj\n", nr, gens[nr])
		if err := writeObject(&b, objs[nr], 0); err != nil {
			return nil, fmt.Errorf("object %d: %w", nr, err)
		}
		b.WriteString("\nendobj\n")
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n", size)
	for nr := range size {
		if _, ok := objs[nr]; ok {
			fmt.Fprintf(&b, "%010d %05d n \n", offs[nr], gens[nr])
		} else {
			b.WriteString("0000000000 65535 f \n")
		}
	}
	trailer := types.Dict{"Size": types.Integer(size), "Root": *xt.Root}
	if xt.Info != nil && objs[xt.Info.ObjectNumber.Value()] != nil {
		trailer["Info"] = *xt.Info
	}
	if len(xt.ID) == 2 {
		trailer["ID"] = xt.ID
	}
	b.WriteString("trailer\n")
	if err := writeObject(&b, trailer, 0); err != nil {
		return nil, fmt.Errorf("trailer: %w", err)
	}
	fmt.Fprintf(&b, "\nstartxref\n%d\n%%%%EOF\n", xref)
	return b.Bytes(), nil
}

// writeObject writes one direct object; a stream's data follows its dictionary.
func writeObject(b *bytes.Buffer, o types.Object, depth int) error {
	if depth > maxDepth {
		return &pdfRejection{"objects nested too deeply"}
	}
	switch v := o.(type) {
	case nil:
		b.WriteString("null")
	case types.Boolean:
		b.WriteString(strconv.FormatBool(bool(v)))
	case types.Integer:
		b.WriteString(strconv.Itoa(int(v)))
	case types.Float:
		f := float64(v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return errors.New("a number that is not finite")
		}
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !bytes.ContainsRune([]byte(s), '.') {
			s += ".0" // stays a real number when read back
		}
		b.WriteString(s)
	case types.Name:
		writeName(b, string(v))
	case types.StringLiteral:
		s, err := types.Unescape(string(v))
		if err != nil {
			return fmt.Errorf("a string: %w", err)
		}
		writeHex(b, s)
	case types.HexLiteral:
		s, err := v.Bytes()
		if err != nil {
			return fmt.Errorf("a hex string: %w", err)
		}
		writeHex(b, s)
	case types.IndirectRef:
		fmt.Fprintf(b, "%d %d R", v.ObjectNumber.Value(), v.GenerationNumber.Value())
	case types.Array:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(' ')
			}
			if err := writeObject(b, e, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case types.Dict:
		return writeDict(b, v, depth, -1)
	case types.StreamDict:
		if v.StreamLength != nil && int64(len(v.Raw)) != *v.StreamLength {
			return errors.New("a stream whose data was not read in full")
		}
		if err := writeDict(b, v.Dict, depth, len(v.Raw)); err != nil {
			return err
		}
		b.WriteString("\nstream\n")
		b.Write(v.Raw)
		b.WriteString("\nendstream")
	default:
		return fmt.Errorf("an object of type %T", o)
	}
	return nil
}

// writeDict writes a dictionary with its keys sorted; a stream's /Length (length >= 0) is its
// data's length, written directly.
func writeDict(b *bytes.Buffer, d types.Dict, depth, length int) error {
	keys := make([]string, 0, len(d))
	for k, v := range d {
		if v == nil || (length >= 0 && k == "Length") {
			continue // a null entry is an absent one
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b.WriteString("<<")
	for _, k := range keys {
		writeName(b, k)
		b.WriteByte(' ')
		if err := writeObject(b, d[k], depth+1); err != nil {
			return err
		}
	}
	if length >= 0 {
		fmt.Fprintf(b, "/Length %d", length)
	}
	b.WriteString(">>")
	return nil
}

// writeName writes a (decoded) name, escaping every byte outside a conservative set.
func writeName(b *bytes.Buffer, n string) {
	b.WriteByte('/')
	for i := 0; i < len(n); i++ {
		c := n[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_' || c == '+' || c == '*' || c == ',' || c == ':' || c == ';' || c == '=' || c == '@' || c == '!' || c == '&' || c == '\'' || c == '"' || c == '?' || c == '^' || c == '|' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(b, "#%02X", c)
		}
	}
}

func writeHex(b *bytes.Buffer, s []byte) {
	b.WriteByte('<')
	b.WriteString(hex.EncodeToString(s))
	b.WriteByte('>')
}
