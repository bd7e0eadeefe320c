package queue

import (
	"bytes"
	"fmt"
)

// testPDF is a valid one-page PDF whose page draws text naming marker (in its content
// stream, which a re-serialisation keeps).
func testPDF(marker string) []byte {
	content := fmt.Sprintf("BT /F1 12 Tf 72 712 Td (%s) Tj ET", marker)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return buildPDF(objs, "")
}

// buildPDF writes objects 1… with a correct cross-reference table; extra goes in the trailer.
func buildPDF(objs []string, extra string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, extra, xref)
	return b.Bytes()
}

// activePDF opens with JavaScript.
func activePDF() []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>",
		"<< /Type /Action /S /JavaScript /JS (app.alert\\('planted'\\)) >>",
	}
	return buildPDF(objs, "")
}

// phishPDF is a page a rogue worker might return: clean by the checker's rules (text and an
// https link), and a lure for whoever reads it.
func phishPDF(marker, url string) []byte {
	content := fmt.Sprintf("BT /F1 12 Tf 72 712 Td (%s) Tj ET", marker)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R] >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Type /Annot /Subtype /Link /Rect [72 700 300 724] /A << /S /URI /URI (%s) >> >>", url),
	}
	return buildPDF(objs, "")
}
