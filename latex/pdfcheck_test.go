package latex

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildPDF writes a PDF with a classic cross-reference table. objs[0] is object 1, the
// catalog; a body may hold a stream ("<<…>>\nstream\n…\nendstream").
func buildPDF(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

func stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

func deflate(data []byte) []byte {
	var b bytes.Buffer
	w, _ := zlib.NewWriterLevel(&b, zlib.BestSpeed)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// page is a one-page document whose page carries extra (an /Annots entry, /AA, …) and whose
// catalog carries cat; more are further objects, numbered from 5.
func page(cat, extra string, more ...string) []byte {
	// Annotations are indirect objects (a strict reader requires it): a direct one in extra
	// becomes the last object.
	if i, j := strings.Index(extra, "/Annots [<<"), strings.LastIndex(extra, ">>]"); i >= 0 && j > i {
		more = append(more, extra[i+len("/Annots ["):j+2])
		extra = extra[:i] + fmt.Sprintf("/Annots [%d 0 R]", 4+len(more)) + extra[j+3:]
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R " + cat + " >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> " + extra + " >>",
		stream("", []byte("BT ET")),
	}
	return buildPDF(append(objs, more...)...)
}

func link(action string) string {
	return "/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A " + action + " >>]"
}

// Every forbidden construct, spelled plainly, with #xx escapes, ended by NUL, and through
// indirect objects, is refused by the parser-based check; what a worksheet needs passes.
func TestCheckPDFAllowList(t *testing.T) {
	refused := map[string][]byte{}
	for _, s := range []string{"JavaScript", "Launch", "GoToR", "GoToE", "Thread", "Named", "ImportData",
		"SubmitForm", "ResetForm", "Rendition", "Sound", "Movie", "RichMediaExecute", "SetOCGState", "Hide", "GoTo3DView"} {
		escaped := "/" + s[:1] + fmt.Sprintf("#%02x", s[1]) + s[2:]
		refused["action "+s] = page("", link("<< /S /"+s+" /JS (app.alert(1)) /F (calc.exe) >>"))
		refused["action "+s+" escaped"] = page("", link("<< /S "+escaped+" >>"))
		refused["action "+s+" NUL"] = page("", link("<< /S /"+s+"\x00 >>"))
		refused["action "+s+" indirect name"] = page("", link("<< /S 5 0 R >>"), "/"+s)
		refused["action "+s+" indirect action"] = page("", link("5 0 R"), "<< /S /"+s+" >>")
		refused["open action "+s] = page("/OpenAction << /S /"+s+" >>", "")
	}
	for name, pdf := range map[string][]byte{
		"JS key alone":              page("", link("<< /S /GoTo /D [3 0 R /Fit] /J#53 (app.alert(1)) >>")),
		"JavaScript name tree":      page("/Names << /JavaScript << /Names [(a) 5 0 R] >> >>", "", "<< /S /JavaScript /JS (x) >>"),
		"JavaScript NUL in names":   page("/Names << /JavaScript\x00 << /Names [] >> >>", ""),
		"embedded files":            page("/Names << /EmbeddedFiles << /Names [(a.txt) 5 0 R] >> >>", "", "<< /Type /Filespec /F (a.txt) /EF << /F 6 0 R >> >>", stream("/Type /EmbeddedFile", []byte("hello"))),
		"embedded file unreachable": page("", "", stream("/Type /EmbeddedFile", []byte("hello"))),
		"file attachment":           page("", "/Annots [<< /Type /Annot /Subtype /FileAttachment /FS (a.txt) /Rect [0 0 1 1] >>]"),
		"rich media annotation":     page("", "/Annots [<< /Type /Annot /Subtype /RichMedia /Rect [0 0 1 1] >>]"),
		"3D annotation":             page("", "/Annots [<< /Type /Annot /Subtype /3D /Rect [0 0 1 1] >>]"),
		"widget":                    page("", "/Annots [<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] >>]"),
		"text annotation":           page("", "/Annots [5 0 R]", "<< /Type /Annot /Subtype /Text /Rect [0 0 1 1] /Contents (x) >>"),
		"AcroForm":                  page("/AcroForm << /Fields [] >>", ""),
		"XFA":                       page("/AcroForm << /Fields [] /XFA 5 0 R >>", "", stream("", []byte("<xdp/>"))),
		"page additional action":    page("", "/AA << /O << /S /GoTo /D [3 0 R /Fit] >> >>"),
		"catalog additional action": page("/AA << /WC << /S /GoTo /D [3 0 R /Fit] >> >>", ""),
		"open action URI beacon":    page("/OpenAction << /S /URI /URI (https://tracker.example/open) >>", ""),
		"open action indirect URI":  page("/OpenAction 5 0 R", "", "<< /S /URI /URI (https://tracker.example/open) >>"),
		"javascript URI":            page("", link("<< /S /URI /URI (javascript:app.alert(1)) >>")),
		"file URI":                  page("", link("<< /S /URI /URI (file:///etc/passwd) >>")),
		"hex javascript URI":        page("", link("<< /S /URI /URI <6A6176617363726970743A616C6572742831293B> >>")),
		"indirect javascript URI":   page("", link("<< /S /URI /URI 5 0 R >>"), "(javascript:app.alert(1))"),
		"indirect file URI":         page("", link("<< /S /URI /URI 5 0 R >>"), "(file:///etc/passwd)"),
		"URI with a space trick":    page("", link("<< /S /URI /URI (https://x.example/ javascript:1) >>")),
		"URI base":                  page("/URI << /Base (file:///) >>", ""),
		"external stream":           page("", "", "<< /Length 0 /F (/etc/passwd) >>\nstream\n\nendstream"),
		"threads":                   page("/Threads [5 0 R]", "", "<< /Type /Thread /F 6 0 R >>", "<< /T 5 0 R >>"),
		"collection":                page("/Collection << /Type /Collection >>", ""),
	} {
		refused[name] = pdf
	}
	for name, pdf := range refused {
		t.Run("refuse/"+name, func(t *testing.T) {
			_, _, err := checkPDF(context.Background(), pdf)
			var rej *pdfRejection
			if !errors.As(err, &rej) {
				t.Fatalf("got %v, want a rejection", err)
			}
		})
	}
	for name, pdf := range map[string][]byte{
		"plain page":         page("", ""),
		"https link":         page("", link("<< /S /URI /URI (https://example.com/fractions) >>")),
		"indirect http link": page("", link("<< /S /URI /URI 5 0 R >>"), "(http://example.com/)"),
		"mailto link":        page("", link("<< /S /URI /URI (mailto:teacher@example.com) >>")),
		"in-document link":   page("", link("<< /S /GoTo /D [3 0 R /Fit] >>")),
		"open to a view":     page("/OpenAction [3 0 R /Fit]", ""),
		"open action GoTo":   page("/OpenAction << /S /GoTo /D [3 0 R /XYZ 0 792 0] >>", ""),
		"outline":            page("/Outlines 5 0 R", "", "<< /Type /Outlines /First 6 0 R /Last 6 0 R /Count 1 >>", "<< /Title (One) /Parent 5 0 R /Dest [3 0 R /Fit] >>"),
		"image":              page("", "", stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", []byte{0})),
	} {
		t.Run("allow/"+name, func(t *testing.T) {
			if _, pages, err := checkPDF(context.Background(), pdf); err != nil || pages != 1 {
				t.Fatalf("refused: %v (%d pages)", err, pages)
			}
		})
	}
}

// A PDF over MaxPDF is refused from its size alone, before it is read; a child that runs out
// of time or memory is killed and the PDF refused.
func TestPDFCheckBounds(t *testing.T) {
	pc, err := newPDFChecker(1)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.close()
	dir := t.TempDir()

	// A trivial but big content stream: well within the limit it is checked quickly.
	ops := bytes.Repeat([]byte("0 0 m 1 1 l S\n"), (MaxPDF-(1<<20))/14)
	big := filepath.Join(dir, "big.pdf")
	os.WriteFile(big, page("", "", stream("", ops)), 0o644)
	start := time.Now()
	if _, err := checkFile(pc, big, big+".out"); err != nil {
		t.Fatalf("a big trivial PDF: %v", err)
	}
	t.Logf("checked a %d MB trivial PDF in %v", len(ops)>>20, time.Since(start))

	// Over the limit: refused without reading; a sparse file shows nothing is read.
	huge := filepath.Join(dir, "huge.pdf")
	f, _ := os.Create(huge)
	f.Truncate(MaxPDF + 1)
	f.Close()
	if _, err := checkFile(pc, huge, huge+".out"); !errors.Is(err, errPDFTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}

	// Object streams that inflate to far more than the child may use: the check fails
	// (decode limit or the child's memory limit) instead of growing without bound.
	bombPath := filepath.Join(dir, "bomb.pdf")
	os.WriteFile(bombPath, objectStreamBomb(14, 60<<20), 0o644)
	start = time.Now()
	if _, err := checkFile(pc, bombPath, bombPath+".out"); err == nil {
		t.Fatal("a PDF of inflating object streams passed")
	} else {
		t.Logf("inflating object streams: %v after %v", err, time.Since(start))
	}

	// A check that outlives its deadline is killed: inflating 8 × 40 MB takes far longer
	// than 50 ms.
	slowPath := filepath.Join(dir, "slow.pdf")
	os.WriteFile(slowPath, objectStreamBomb(8, 40<<20), 0o644)
	slow := &pdfChecker{exe: pc.exe, timeout: 50 * time.Millisecond, size: 1}
	defer slow.close()
	start = time.Now()
	if _, err := checkFile(slow, slowPath, slowPath+".out"); !errors.Is(err, errPDFCheckTimeout) {
		t.Fatalf("deadline: %v after %v", err, time.Since(start))
	}
}

// The checker's verdicts come back from the child process unchanged.
func TestPDFCheckChildVerdicts(t *testing.T) {
	pc, err := newPDFChecker(2)
	if err != nil {
		t.Fatal(err)
	}
	defer pc.close()
	dir := t.TempDir()
	good, bad, junk := filepath.Join(dir, "good.pdf"), filepath.Join(dir, "bad.pdf"), filepath.Join(dir, "junk.pdf")
	os.WriteFile(good, page("", link("<< /S /URI /URI (https://example.com/) >>")), 0o644)
	os.WriteFile(bad, page("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>", ""), 0o644)
	os.WriteFile(junk, []byte("%PDF-1.5\nnot really"), 0o644)
	if _, err := checkFile(pc, good, good+".out"); err != nil {
		t.Fatalf("good: %v", err)
	}
	var rej *pdfRejection
	if _, err := checkFile(pc, bad, bad+".out"); !errors.As(err, &rej) || !strings.Contains(rej.found, "JavaScript") {
		t.Fatalf("bad: %v", err)
	}
	if _, err := checkFile(pc, junk, junk+".out"); err == nil || errors.As(err, &rej) {
		t.Fatalf("junk: %v", err)
	}
}

// objectStreamBomb is a PDF with n object streams, each holding one object followed by
// size bytes of blanks, listed in a cross-reference stream so a reader must inflate them.
func objectStreamBomb(n, size int) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	var offs []int
	add := func(body string) {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offs), body)
	}
	add("<< /Type /Catalog /Pages 2 0 R >>")
	add("<< /Type /Pages /Kids [] /Count 0 >>")
	for i := range n {
		prolog := fmt.Sprintf("%d 0 ", 1000+i)
		data := append([]byte(prolog+"null"), bytes.Repeat([]byte{' '}, size)...)
		add(stream(fmt.Sprintf("/Type /ObjStm /N 1 /First %d /Filter /FlateDecode", len(prolog)), deflate(data)))
	}
	// The cross-reference stream is the next object.
	xrefNr := len(offs) + 1
	var rows bytes.Buffer
	row := func(typ byte, f2 uint32, f3 uint16) {
		rows.WriteByte(typ)
		rows.Write([]byte{byte(f2 >> 24), byte(f2 >> 16), byte(f2 >> 8), byte(f2)})
		rows.Write([]byte{byte(f3 >> 8), byte(f3)})
	}
	xrefOff := b.Len()
	row(0, 0, 65535)
	for _, off := range offs {
		row(1, uint32(off), 0)
	}
	row(1, uint32(xrefOff), 0)
	for i := range n {
		row(2, uint32(3+i), 0) // object 1000+i is object 0 of stream 3+i
	}
	fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\nstartxref\n%d\n%%%%EOF\n", xrefNr,
		stream(fmt.Sprintf("/Type /XRef /Size %d /Root 1 0 R /W [1 4 2] /Index [0 %d 1000 %d]", 1000+n, xrefNr+1, n), rows.Bytes()), xrefOff)
	return b.Bytes()
}

// The cost the PDF layer adds to a compile of a one-page sheet: the parse and walk alone,
// and the whole check as a compile does it (stat, hand the path to a warm child, verdict).
// go test ./latex -run '^$' -bench PDFCheck -benchtime 200x
func BenchmarkPDFCheck(b *testing.B) {
	if testing.Short() {
		b.Skip("runs pdflatex")
	}
	c, err := New(Config{Workers: 1, FormatDir: formatDir})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	res, err := c.Compile(context.Background(), source("Times Tables", questions))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "sheet.pdf")
	os.WriteFile(path, res.PDF, 0o644)
	b.Run("parse-and-walk", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := checkPDF(context.Background(), res.PDF); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("child-process", func(b *testing.B) {
		pc, err := newPDFChecker(1)
		if err != nil {
			b.Fatal(err)
		}
		defer pc.close()
		for b.Loop() {
			b.StopTimer()
			// A compile finds a warm child waiting; so does each round here.
			for {
				pc.mu.Lock()
				n := len(pc.spare)
				pc.mu.Unlock()
				if n > 0 {
					break
				}
				time.Sleep(time.Millisecond)
			}
			b.StartTimer()
			if _, err := checkFile(pc, path, path+".out"); err != nil {
				b.Fatal(err)
			}
			os.Remove(path + ".out")
		}
	})
}

// checkFile checks the PDF at path as a compile checks its own: from the opened file.
func checkFile(pc *pdfChecker, path, out string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return pc.check(context.Background(), f, fi.Size(), out)
}
