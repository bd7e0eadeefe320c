package hooks

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sheetsmith/config"
	"sheetsmith/export"
	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/queue"
	"sheetsmith/worksheet"
)

// counted is the real compiler behind a queue, counting the compiles that reach it.
type counted struct {
	queue.Local
	n atomic.Int32
}

func (c *counted) Compile(ctx context.Context, job queue.Job) (*latex.Result, error) {
	c.n.Add(1)
	return c.Local.Compile(ctx, job)
}

// Close leaves the compiler running: it is the package's shared one.
func (c *counted) Close() error { return nil }

var (
	wordOnce   sync.Once
	wordErr    error
	wordPandoc *latex.Pandoc
	wordRaster *latex.Rasterizer
)

// wordDeps export Word documents for real (as main's exporter does: TeX, pdftoppm and pandoc
// in the sandbox), through a queue whose compiles are counted. Limits per minute are off: the
// test asks faster than a teacher would.
func wordDeps(t *testing.T) (Deps, *counted) {
	t.Helper()
	d := withLimits(compilerDeps(t), func(l *config.Limits) { l.CompilesPerMinute = 0 })
	wordOnce.Do(func() {
		if wordPandoc, wordErr = latex.NewPandoc(latex.PandocConfig{}); wordErr == nil {
			wordRaster, wordErr = latex.NewRasterizer(latex.RasterConfig{})
		}
	})
	if wordErr != nil {
		t.Fatal(wordErr)
	}
	c := &counted{Local: queue.Local{C: d.Compiler}}
	d.Queue = queue.New(c, queue.Config{Slots: 2})
	t.Cleanup(func() { d.Queue.Close() })
	d.Export = func(ctx context.Context, doc worksheet.Document, format string, key bool, compile generate.Compiler) ([]byte, error) {
		var pictures export.Pictures
		if compile != nil {
			pictures = export.PagesOf(func(ctx context.Context, src string) ([]byte, error) {
				r, err := compile.Compile(ctx, src)
				if err != nil {
					return nil, err
				}
				return r.PDF, nil
			}, wordRaster.Pages)
		}
		return export.DOCX(ctx, doc, key, pictures, wordPandoc)
	}
	return d, c
}

var planted = worksheet.Block{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{Caption: "Planted",
	LaTeX: `\begin{tikzpicture}\node {PLANTED-FIGURE-7Q};\end{tikzpicture}`}}

func sums(blocks ...worksheet.Block) worksheet.Document {
	q := worksheet.Block{Kind: worksheet.BlockQuestion, Question: &worksheet.Question{Kind: worksheet.KindShort, Text: "$2 + 3 = $",
		Answer: worksheet.Answer{Kind: worksheet.AnswerNumber, Value: "5"}}}
	return worksheet.Document{Title: "Sums", Blocks: append([]worksheet.Block{q}, blocks...)}
}

func rendered(t *testing.T, doc worksheet.Document) string {
	t.Helper()
	sheet, _, err := worksheet.Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	return sheet
}

// forgeBlock is what anyone can save: a sheet with its document block replaced by their own,
// the body's (unkeyed) hash recomputed.
func forgeBlock(t *testing.T, sheet string, doc worksheet.Document) string {
	t.Helper()
	plain := sheet[:strings.LastIndex(sheet, worksheet.DocBegin)]
	body, _ := latex.Body(plain)
	sum := sha256.Sum256([]byte(strings.TrimSpace(body)))
	raw, _ := json.Marshal(doc)
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.DefaultCompression)
	w.Write(raw)
	w.Close()
	return plain + worksheet.DocBegin + " body=" + hex.EncodeToString(sum[:8]) + "\n% " +
		base64.StdEncoding.EncodeToString(z.Bytes()) + "\n" + worksheet.DocEnd + "\n"
}

func media(t *testing.T, docx []byte) int {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		t.Fatalf("not a .docx: %v %.100s", err, docx)
	}
	n := 0
	for _, f := range z.File {
		if strings.HasPrefix(f.Name, "word/media/") {
			n++
		}
	}
	return n
}

// /export compiles a Word document's figures only for an account that may compile (as
// /compile: a subscriber, or a source the server made for the user). A free account's export
// of a sheet with figures is refused in words and reaches no compiler; its export without
// figures, and a subscriber's with them, work.
func TestExportCompilesOnlyForAccountsThatMayCompile(t *testing.T) {
	d, compiles := wordDeps(t)
	f := newFixture(t, d)
	figure := rendered(t, sums(planted))
	free := f.sheet(t, f.alice, "Sums", figure)
	code, _, body := exportGet(t, f, "/export/"+free.Id+"?format=docx", f.alice)
	if code != 403 || !strings.Contains(string(body), msgExportNoCompile) || compiles.n.Load() != 0 {
		t.Fatalf("a free account's export with a figure: %d %.200s; %d compiles", code, body, compiles.n.Load())
	}
	if locked(t, f, free.Id) {
		t.Error("a refused export locked the worksheet")
	}
	plain := f.sheet(t, f.alice, "Sums", rendered(t, sums()))
	if code, _, body := exportGet(t, f, "/export/"+plain.Id+"?format=docx", f.alice); code != 200 || media(t, body) != 0 || compiles.n.Load() != 0 {
		t.Fatalf("a free account's export without figures: %d; %d compiles", code, compiles.n.Load())
	}
	paid := f.sheet(t, f.bob, "Sums", figure)
	drawn := drawing.status().Started
	if code, _, body := exportGet(t, f, "/export/"+paid.Id+"?format=docx", f.bob); code != 200 || media(t, body) != 1 || compiles.n.Load() == 0 {
		t.Fatalf("a subscriber's export with a figure: %d, %d compiles", code, compiles.n.Load())
	}
	if st := drawing.status(); st.Started != drawn+1 || st.Drawing != 0 {
		t.Errorf("the export's pictures took %d drawing slots (want 1), %d still held", st.Started-drawn, st.Drawing)
	}
}

// A saved sheet whose document block was forged (a planted figure, the body's hash
// recomputed) exports nothing of it: it is a hand-written source, even for a subscriber, and
// the planted figure reaches no compiler. A forged block that renders to its body but breaks
// the rules is refused in words (422), not a server error.
func TestExportOfAForgedDocumentBlock(t *testing.T) {
	d, compiles := wordDeps(t)
	f := newFixture(t, d)
	sheet := rendered(t, sums())
	forged := f.sheet(t, f.bob, "Sums", forgeBlock(t, sheet, sums(planted)))
	for _, format := range []string{"docx", "tex"} {
		code, _, body := exportGet(t, f, "/export/"+forged.Id+"?format="+format, f.bob)
		if code != 422 || !strings.Contains(string(body), msgExportNoDocument) || strings.Contains(string(body), "PLANTED") {
			t.Errorf("%s of a forged block: %d %.200s", format, code, body)
		}
	}
	if compiles.n.Load() != 0 {
		t.Errorf("the forged block's figure was compiled (%d compiles)", compiles.n.Load())
	}
	odd := sums()
	odd.Settings.Layout = "poster"
	invalid := f.sheet(t, f.bob, "Sums", forgeBlock(t, sheet, odd))
	code, _, body := exportGet(t, f, "/export/"+invalid.Id+"?format=docx", f.bob)
	if code != 422 || !strings.Contains(string(body), msgExportInvalid) || !strings.Contains(string(body), "layout") {
		t.Errorf("a forged block that fails validation: %d %.300s", code, body)
	}
}

// One Word export at a time per user: an export holds one of pandoc's slots (one per core)
// and a drawing slot, so a user firing exports at once waits for their own, and never holds
// every slot while another user's export runs.
func TestWordExportsOneAtATimePerUser(t *testing.T) {
	d := withLimits(testDeps(), func(l *config.Limits) { l.CompilesPerMinute = 0 })
	var mu sync.Mutex
	running, most := map[string]int{}, map[string]int{}
	bobIn := make(chan struct{})
	d.Export = func(ctx context.Context, doc worksheet.Document, format string, key bool, _ generate.Compiler) ([]byte, error) {
		mu.Lock()
		running[doc.Title]++
		most[doc.Title] = max(most[doc.Title], running[doc.Title])
		mu.Unlock()
		defer func() { mu.Lock(); running[doc.Title]--; mu.Unlock() }()
		if doc.Title == "Bob" {
			close(bobIn)
		} else {
			select { // Alice's first export lasts until Bob's has started beside it
			case <-bobIn:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		return []byte("DOCX"), nil
	}
	f := newFixture(t, d)
	h := handler(t, f)
	alices := f.sheet(t, f.alice, "Alice", rendered(t, worksheet.Document{Title: "Alice", Blocks: sums().Blocks}))
	bobs := f.sheet(t, f.bob, "Bob", rendered(t, worksheet.Document{Title: "Bob", Blocks: sums().Blocks}))
	var wg sync.WaitGroup
	codes := make(chan int, 4)
	aliceAuth, bobAuth := bearer(t, f.alice), bearer(t, f.bob)
	get := func(w *core.Record, auth map[string]string) {
		defer wg.Done()
		codes <- call(h, "GET", "/export/"+w.Id+"?format=docx", auth, "").Code
	}
	wg.Add(3)
	for range 3 {
		go get(alices, aliceAuth)
	}
	wg.Add(1)
	go get(bobs, bobAuth)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Errorf("an export answered %d", c)
		}
	}
	if most["Alice"] != 1 || most["Bob"] != 1 {
		t.Errorf("exports at once: Alice %d, Bob %d; want one each", most["Alice"], most["Bob"])
	}
}
