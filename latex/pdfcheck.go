package latex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/validate"
)

// The PDF layer: every PDF TeX produced is parsed with a real PDF parser (pdfcpu) in its strict
// mode, which reads the cross-reference table, the object streams and the names the way a
// viewer does. Every object in the file is checked, reachable or not, and every value a rule
// looks at is followed through indirect references. What a worksheet needs is allowed (pages,
// fonts, images, outlines, link annotations to http, https and mailto, in-document
// destinations); anything that runs code, opens or submits files, or acts on its own is
// refused. Every object pdfcpu read is read again by a strict reader of the grammar
// (pdfstrict.go) and must read the same, so nothing pdfcpu skipped or read leniently (a
// keyword a viewer reads past, a name glued to a brace, a key given twice) gets through. What
// is served is never the bytes TeX wrote but the checker's own re-serialisation of what it
// parsed (writePDF), read back and checked again, so a viewer can only read what was checked.
// The page count comes from the checked page tree, not from anything the document wrote in
// its log.

// forbiddenNames may not appear anywhere in a worksheet's PDF, as a key or as a name value.
var forbiddenNames = map[string]bool{
	// code
	"JavaScript": true, "JS": true, "XFA": true, "AcroForm": true,
	// actions other than GoTo and URI
	"Launch": true, "GoToR": true, "GoToE": true, "Thread": true, "Threads": true, "Named": true,
	"SubmitForm": true, "ResetForm": true, "ImportData": true, "Hide": true, "SetOCGState": true,
	"Rendition": true, "Sound": true, "Movie": true, "GoTo3DView": true, "RichMediaExecute": true,
	// actions a viewer runs by itself: only /OpenAction to a view is allowed (checked below)
	"AA": true,
	// files and media
	"EmbeddedFile": true, "EmbeddedFiles": true, "EF": true, "RF": true, "FileAttachment": true,
	"Filespec": true, "FS": true, "RichMedia": true, "3D": true, "Screen": true, "Collection": true,
	"Widget": true,
}

var safeURIScheme = regexp.MustCompile(`^(?i)(https?://|mailto:)[^\x00-\x20\x7f]*$`)

var disableConfigDir sync.Once

// pdfRejection is a PDF the checker refuses, with what it found (for the server log).
type pdfRejection struct{ found string }

func (r *pdfRejection) Error() string { return r.found }

// pageLimitError is a PDF with more than MaxPages pages.
type pageLimitError struct{ pages int }

func (e *pageLimitError) Is(target error) bool { return target == ErrTooManyPages }

func (e *pageLimitError) Error() string {
	return fmt.Sprintf("the document has %d pages; at most %d are allowed", e.pages, MaxPages)
}

// checkPDF parses a PDF strictly, checks all its objects and its page tree, and returns the
// bytes to serve (its re-serialisation, read back and checked again) with the page count. It
// fails with a *pdfRejection for active content, a *pageLimitError for too many pages, or
// another error when the PDF cannot be read strictly.
func checkPDF(ctx context.Context, in []byte) (out []byte, pages int, err error) {
	// pdfcpu reports some malformed input by panicking.
	defer func() {
		if r := recover(); r != nil {
			out, pages, err = nil, 0, fmt.Errorf("reading the PDF: %v", r)
		}
	}()
	w, pages, err := readChecked(ctx, in)
	if err != nil {
		return nil, 0, err
	}
	if pages > MaxPages {
		return nil, 0, &pageLimitError{pages}
	}
	if out, err = writePDF(w); err != nil {
		return nil, 0, fmt.Errorf("writing the PDF: %w", err)
	}
	// The round trip: what is served must read back as exactly what was checked.
	w2, pages2, err := readChecked(ctx, out)
	if err != nil {
		return nil, 0, fmt.Errorf("the re-written PDF: %w", err)
	}
	again, err := writePDF(w2)
	if err != nil || pages2 != pages || !bytes.Equal(again, out) {
		return nil, 0, errors.New("the re-written PDF does not read back as the PDF that was checked")
	}
	return out, pages, nil
}

// readChecked parses a PDF strictly and checks every object and the page tree.
func readChecked(ctx context.Context, in []byte) (*walker, int, error) {
	disableConfigDir.Do(func() { model.ConfigPath = "disable" }) // no files in the user's config dir
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	conf.Limits.MaxStreamBytes = MaxPDF
	conf.Limits.MaxDecodeBytes = 64 << 20
	conf.Limits.MaxObjectCount = 1_000_000
	conf.Limits.MaxObjectStreamCount = 100_000
	conf.Limits.MaxXRefEntries = 1_000_000
	pc, err := pdfcpu.ReadWithContext(ctx, bytes.NewReader(in), conf)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the PDF: %w", err)
	}
	xt := pc.XRefTable
	if xt.Encrypt != nil {
		return nil, 0, &pdfRejection{"an encrypted PDF"}
	}
	w := &walker{xt: xt, ctx: ctx}
	// Every object pdfcpu read must read the same by the grammar: nothing it skipped or
	// read leniently gets through.
	if err := strictCheck(in, w); err != nil {
		return nil, 0, err
	}
	for nr, e := range xt.Table {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		if err := w.check(e.Object, 0); err != nil {
			return nil, 0, fmt.Errorf("object %d: %w", nr, err)
		}
	}
	// The catalog decides what a viewer does on opening.
	root, err := xt.Catalog()
	if err != nil {
		return nil, 0, fmt.Errorf("reading the PDF catalog: %w", err)
	}
	if err := w.check(root, 0); err != nil {
		return nil, 0, fmt.Errorf("catalog: %w", err)
	}
	// pdfcpu's strict validation of the document's structure, on top of the rules above. The
	// document information (title, dates) is left out of it: pdfcpu's strict date syntax
	// refuses the dates pdfTeX writes, and every object of it was walked above.
	info := xt.Info
	xt.Info = nil
	err = validate.XRefTable(pc)
	xt.Info = info
	if err != nil {
		return nil, 0, fmt.Errorf("the PDF fails strict validation: %w", err)
	}
	pages, err := w.countPages(root["Pages"], map[int]bool{}, 0)
	if err != nil {
		return nil, 0, fmt.Errorf("page tree: %w", err)
	}
	return w, pages, nil
}

// countPages counts the leaves of the page tree under node, and refuses a tree whose /Count
// says otherwise (a viewer may believe either), a cycle, or a node that is not a page.
func (w *walker) countPages(node types.Object, seen map[int]bool, depth int) (int, error) {
	ref, ok := node.(types.IndirectRef)
	if !ok {
		return 0, errors.New("a page tree node that is not an indirect object")
	}
	if seen[ref.ObjectNumber.Value()] || depth > maxDepth {
		return 0, errors.New("a page tree that loops")
	}
	seen[ref.ObjectNumber.Value()] = true
	d, ok := w.deref(ref).(types.Dict)
	if !ok {
		return 0, errors.New("a page tree node that is not a dictionary")
	}
	switch w.nameOf(d["Type"]) {
	case "Page":
		if depth == 0 {
			return 0, errors.New("the catalog's pages are a single page")
		}
		return 1, nil
	case "Pages":
	default:
		return 0, errors.New("a page tree node of no known type")
	}
	kids, ok := w.deref(d["Kids"]).(types.Array)
	if !ok {
		return 0, errors.New("a page tree node without kids")
	}
	n := 0
	for _, k := range kids {
		c, err := w.countPages(k, seen, depth+1)
		if err != nil {
			return 0, err
		}
		if n += c; n > 100*MaxPages {
			return 0, &pageLimitError{n}
		}
	}
	count, ok := w.deref(d["Count"]).(types.Integer)
	if !ok || int(count) != n {
		return 0, fmt.Errorf("a page tree node counts %v pages and has %d", d["Count"], n)
	}
	return n, nil
}

type walker struct {
	xt  *model.XRefTable
	ctx context.Context
}

// resolve decodes an object that pdfcpu keeps undecoded inside an object stream.
func (w *walker) resolve(o types.Object) (types.Object, error) {
	switch l := o.(type) {
	case types.LazyObjectStreamObject:
		return l.DecodedObject(w.ctx)
	case *types.LazyObjectStreamObject:
		if l != nil {
			return l.DecodedObject(w.ctx)
		}
	}
	return o, nil
}

const maxDepth = 64

// deref follows indirect references (a bounded chain) to a direct object.
func (w *walker) deref(o types.Object) types.Object {
	for range 16 {
		ref, ok := o.(types.IndirectRef)
		if !ok {
			if p, ok := o.(*types.IndirectRef); ok && p != nil {
				ref = *p
			} else {
				return o
			}
		}
		next, err := w.xt.Dereference(ref)
		if err != nil || next == nil {
			return nil
		}
		if o, err = w.resolve(next); err != nil {
			return nil
		}
	}
	return nil
}

func pdfName(s string) string {
	if d, err := types.DecodeName(s); err == nil {
		return d
	}
	return s
}

func (w *walker) nameOf(o types.Object) string {
	switch n := w.deref(o).(type) {
	case types.Name:
		return pdfName(string(n))
	case *types.Name:
		if n != nil {
			return pdfName(string(*n))
		}
	}
	return ""
}

func (w *walker) stringOf(o types.Object) (string, bool) {
	switch s := w.deref(o).(type) {
	case types.StringLiteral:
		b, err := types.Unescape(string(s))
		return string(b), err == nil
	case types.HexLiteral:
		b, err := s.Bytes()
		return string(b), err == nil
	}
	return "", false
}

// check walks one object's direct content; indirect references are checked where they are
// stored (every object of the file is checked) and followed only where a rule needs the value.
func (w *walker) check(o types.Object, depth int) error {
	if depth > maxDepth {
		return &pdfRejection{"objects nested too deeply"}
	}
	o, err := w.resolve(o)
	if err != nil {
		return fmt.Errorf("decoding an object: %w", err)
	}
	switch v := o.(type) {
	case types.Name:
		if n := pdfName(string(v)); forbiddenNames[n] {
			return &pdfRejection{"/" + n}
		}

	case types.Array:
		for _, e := range v {
			if err := w.check(e, depth+1); err != nil {
				return err
			}
		}
	case types.Dict:
		return w.checkDict(v, false, depth)
	case types.StreamDict:
		return w.checkDict(v.Dict, true, depth)
	case types.ObjectStreamDict:
		return w.checkDict(v.StreamDict.Dict, true, depth)
	case types.XRefStreamDict:
		return w.checkDict(v.StreamDict.Dict, true, depth)
	case *types.StreamDict:
		if v != nil {
			return w.checkDict(v.Dict, true, depth)
		}
	case *types.ObjectStreamDict:
		if v != nil {
			return w.checkDict(v.StreamDict.Dict, true, depth)
		}
	case *types.XRefStreamDict:
		if v != nil {
			return w.checkDict(v.StreamDict.Dict, true, depth)
		}
	}
	return nil
}

func (w *walker) checkDict(d types.Dict, stream bool, depth int) error {
	for k, v := range d {
		key := pdfName(k)
		if forbiddenNames[key] {
			return &pdfRejection{"/" + key}
		}
		switch key {
		case "URI":
			s, ok := w.stringOf(v)
			if !ok || !safeURIScheme.MatchString(strings.TrimSpace(s)) {
				return &pdfRejection{fmt.Sprintf("/URI %.80q", s)}
			}
		case "OpenAction":
			// Only a view of this document: a destination array or a GoTo action.
			switch a := w.deref(v).(type) {
			case types.Array:
			case types.Dict:
				if w.nameOf(a["S"]) != "GoTo" {
					return &pdfRejection{"/OpenAction /" + w.nameOf(a["S"])}
				}
			default:
				return &pdfRejection{"/OpenAction"}
			}
		case "S", "Type", "Subtype":
			if n := w.nameOf(v); forbiddenNames[n] {
				return &pdfRejection{"/" + key + " /" + n}
			}
		case "Annots":
			arr, _ := w.deref(v).(types.Array)
			for _, a := range arr {
				ad, ok := w.deref(a).(types.Dict)
				if !ok {
					continue
				}
				if st := w.nameOf(ad["Subtype"]); st != "Link" {
					return &pdfRejection{"an annotation of type /" + st}
				}
			}
		case "F", "FFilter", "FDecodeParms":
			// A stream whose data lives in another file.
			if stream {
				return &pdfRejection{"a stream read from an outside file"}
			}
		}
		if err := w.check(v, depth+1); err != nil {
			return err
		}
	}
	if w.nameOf(d["Type"]) == "Annot" {
		if st := w.nameOf(d["Subtype"]); st != "Link" {
			return &pdfRejection{"an annotation of type /" + st}
		}
	}
	return nil
}
