// Command mkreference writes export/reference.docx, the styles of the Word export: pandoc's
// own reference document with headings in black (a worksheet prints in black and white),
// tables ruled, and the "Key Answer" character style (bold, dark red: 5.9:1 on white) that
// the key's answers are set in. Run from the repository root after a pandoc upgrade:
//
//	go run ./export/internal/mkreference
package main

import (
	"archive/zip"
	"bytes"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

const keyAnswer = `<w:style w:type="character" w:customStyle="1" w:styleId="KeyAnswer">
    <w:name w:val="Key Answer" />
    <w:basedOn w:val="DefaultParagraphFont" />
    <w:qFormat />
    <w:rPr>
      <w:b />
      <w:bCs />
      <w:color w:val="C00000" />
    </w:rPr>
  </w:style>
`

const tableBorders = `<w:tblBorders>
        <w:top w:val="single" w:sz="4" w:space="0" w:color="808080" />
        <w:left w:val="single" w:sz="4" w:space="0" w:color="808080" />
        <w:bottom w:val="single" w:sz="4" w:space="0" w:color="808080" />
        <w:right w:val="single" w:sz="4" w:space="0" w:color="808080" />
        <w:insideH w:val="single" w:sz="4" w:space="0" w:color="808080" />
        <w:insideV w:val="single" w:sz="4" w:space="0" w:color="808080" />
      </w:tblBorders>
      <w:tblCellMar>`

var themeColour = regexp.MustCompile(`<w:color w:val="[0-9A-F]{6}" w:themeColor="accent1"( w:themeShade="[0-9A-F]+")? />`)

func main() {
	tmp, err := os.MkdirTemp("", "mkreference-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if out, err := exec.Command("pandoc", "-o", tmp+"/ref.docx", "--print-default-data-file", "reference.docx").CombinedOutput(); err != nil {
		log.Fatalf("%v: %s", err, out)
	}
	ref, err := os.ReadFile(tmp + "/ref.docx")
	if err != nil {
		log.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(ref), int64(len(ref)))
	if err != nil {
		log.Fatal(err)
	}
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	when := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			log.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			log.Fatal(err)
		}
		if f.Name == "word/styles.xml" {
			s := themeColour.ReplaceAllString(string(data), `<w:color w:val="000000" />`)
			s = borderTables(s)
			s = strings.Replace(s, "</w:styles>", "  "+keyAnswer+"</w:styles>", 1)
			data = []byte(s)
		}
		fw, err := w.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: when})
		if err != nil {
			log.Fatal(err)
		}
		if _, err := fw.Write(data); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("export/reference.docx", out.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// borderTables rules the default table style's cells.
func borderTables(s string) string {
	i := strings.Index(s, `w:styleId="Table"`)
	if i < 0 {
		log.Fatal("no Table style")
	}
	j := strings.Index(s[i:], "<w:tblCellMar>")
	if j < 0 {
		log.Fatal("no cell margins in the Table style")
	}
	return s[:i+j] + tableBorders + s[i+j+len("<w:tblCellMar>"):]
}
