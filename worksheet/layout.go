package worksheet

// The layout pass: a sheet's body goes through \sslayout (see Macros), which sets it once,
// measures it as its pages will cut it, and mends a last page holding only a little (closer
// rows when that saves the page, else pages cut alike). It measures with TeX's own boxes, so
// figures, fractions and answers of any size count as printed, and the key (whose boxes are
// the sheet's) gets the same pages.

// measured reports whether a document's body goes through the layout pass: the standard
// layout with no section on a new page (a version starts its own page, and the exam layout
// gives each question one, so neither has a last page of its own to mend).
func measured(doc Document) bool {
	if doc.Settings.Layout == LayoutExam {
		return false
	}
	for _, b := range doc.Blocks {
		if b.NewPage {
			return false
		}
	}
	return true
}

// layoutBegin and layoutEnd wrap the body (its markers inside) in the layout pass.
func layoutBegin(doc Document) string {
	if !measured(doc) {
		return ""
	}
	return "\\sslayout{%\n"
}

func layoutEnd(doc Document) string {
	if !measured(doc) {
		return ""
	}
	return "}\n"
}
