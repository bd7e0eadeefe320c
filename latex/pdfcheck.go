package latex

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The PDF layer: every PDF TeX produced is parsed with a real PDF parser (pdfcpu), which
// reads the cross-reference table, the object streams and the names the way a viewer does
// (NUL and white space end a name, #xx escapes are decoded). Every object in the file is
// checked, reachable or not, and every value a rule looks at is followed through indirect
// references. What a worksheet needs is allowed (pages, fonts, images, forms, outlines, link
// annotations to http, https and mailto, in-document destinations); anything that runs code,
// opens or submits files, or acts on its own is refused.

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

// checkPDF parses a PDF and walks all its objects; it returns nil for a clean PDF, a
// *pdfRejection for active content, or another error when the PDF cannot be read.
func checkPDF(ctx context.Context, rs io.ReadSeeker) (err error) {
	// pdfcpu reports some malformed input by panicking.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("reading the PDF: %v", r)
		}
	}()
	disableConfigDir.Do(func() { model.ConfigPath = "disable" }) // no files in the user's config dir
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Limits.MaxStreamBytes = MaxPDF
	conf.Limits.MaxDecodeBytes = 64 << 20
	conf.Limits.MaxObjectCount = 1_000_000
	conf.Limits.MaxObjectStreamCount = 100_000
	conf.Limits.MaxXRefEntries = 1_000_000
	pc, err := pdfcpu.ReadWithContext(ctx, rs, conf)
	if err != nil {
		return fmt.Errorf("reading the PDF: %w", err)
	}
	xt := pc.XRefTable
	if xt.Encrypt != nil {
		return &pdfRejection{"an encrypted PDF"}
	}
	w := &walker{xt: xt, ctx: ctx}
	for nr, e := range xt.Table {
		if err := ctx.Err(); err != nil {
			return err
		}
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		if err := w.check(e.Object, 0); err != nil {
			return fmt.Errorf("object %d: %w", nr, err)
		}
	}
	// The catalog decides what a viewer does on opening.
	root, err := xt.Catalog()
	if err != nil {
		return fmt.Errorf("reading the PDF catalog: %w", err)
	}
	if err := w.check(root, 0); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	return nil
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
