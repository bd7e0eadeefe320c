package worksheet

// newPage starts a section marked NewPage: after anything already written, a new page under
// the sheet's header again (sheet and key alike, so the key stays the sheet page for page),
// and question numbers from 1.
func (r *renderer) newPage(doc Document) {
	if r.b.Len() > 0 {
		r.b.WriteString("\\clearpage\n")
		r.b.WriteString(header(doc))
	}
	r.num = 0
	r.onPage = false
}

// newPage checks the NewPage mark: it belongs to a section heading.
func (v *validator) newPage(where string, b Block) {
	if b.NewPage && b.Kind != BlockSection {
		v.add("%s: only a section starts a new page; put a section heading before its questions.", where)
	}
}
