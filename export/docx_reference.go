package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"sheetsmith/worksheet"
)

// The settings that print reach Word through the reference document pandoc copies its
// styles and page from: the paper (Letter or A4, 1 inch margins, as the sheet), large print
// (every size half again: 18 pt body, larger headings) and the face. reference.docx is
// pandoc's own with the Key Answer style (see internal/mkreference); these edits are made
// per export, on a copy.

// Page sizes in twentieths of a point.
var pageSizes = map[string][2]int{
	worksheet.PaperLetter: {12240, 15840},
	worksheet.PaperA4:     {11906, 16838},
}

// Faces by setting: a sans as Word and Google Docs have it, and Atkinson Hyperlegible (a
// Google font, so Google Docs shows it; Word falls back to its sans where it is not installed).
var faces = map[string]string{
	worksheet.FontSans:         "Arial",
	worksheet.FontHyperlegible: "Atkinson Hyperlegible",
}

var (
	sizeXML   = regexp.MustCompile(`<w:(sz|szCs) w:val="(\d+)" />`)
	themeFont = regexp.MustCompile(`<w:rFonts w:asciiTheme="[^"]*" w:eastAsiaTheme="[^"]*" w:hAnsiTheme="[^"]*" w:cstheme="[^"]*" />`)
)

// referenceFor is reference.docx for a document's settings.
func referenceFor(s worksheet.Settings) ([]byte, error) {
	page, ok := pageSizes[s.Paper]
	if !ok {
		page = pageSizes[worksheet.PaperLetter]
	}
	face := faces[s.Font]
	if face == "" && s.LargePrint {
		face = faces[worksheet.FontSans] // large print is set in a sans face, as the sheet
	}
	z, err := zip.NewReader(bytes.NewReader(referenceDocx), int64(len(referenceDocx)))
	if err != nil {
		return nil, fmt.Errorf("export: reference.docx: %w", err)
	}
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return nil, err
		}
		switch f.Name {
		case "word/document.xml":
			sect := fmt.Sprintf(`<w:sectPr><w:pgSz w:w="%d" w:h="%d" /><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0" /></w:sectPr>`, page[0], page[1])
			data = []byte(strings.Replace(string(data), "<w:sectPr />", sect, 1))
		case "word/styles.xml":
			st := string(data)
			if s.LargePrint {
				st = sizeXML.ReplaceAllStringFunc(st, func(m string) string {
					g := sizeXML.FindStringSubmatch(m)
					n, _ := strconv.Atoi(g[2])
					return fmt.Sprintf(`<w:%s w:val="%d" />`, g[1], n*3/2)
				})
			}
			if face != "" {
				st = themeFont.ReplaceAllString(st, fmt.Sprintf(`<w:rFonts w:ascii="%[1]s" w:eastAsia="%[1]s" w:hAnsi="%[1]s" w:cs="%[1]s" />`, face))
			}
			data = []byte(st)
		}
		fw, err := w.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
		if err != nil {
			return nil, err
		}
		if _, err := fw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// pictureFace is the face the pictures' labels are typeset in: the sheet's (a sans one in
// large print, as worksheet's face).
func pictureFace(s worksheet.Settings) string {
	if s.LargePrint && (s.Font == "" || s.Font == worksheet.FontDefault) {
		return worksheet.FontSans
	}
	return s.Font
}
