package worksheet

import "strings"

// Retitle is a source that carries its document (see Embed) under a new title: the document's
// title changes and the sheet and its key are rendered from the document again, so both print
// the worksheet's current name. changed is false when there is nothing to do: the document
// already has that title, or src carries no document (hand-written LaTeX, a body changed by
// hand after the server wrote it, a body compiled as written): such a source prints the
// heading it was written with. Answers are not checked again here: a new name changes no
// answer (the answer key's own procedure checks them when it runs).
func Retitle(src, title string) (sheet, key string, changed bool, err error) {
	title = strings.TrimSpace(title)
	doc, ok := Extract(src)
	if !ok || title == "" || doc.Title == title {
		return "", "", false, nil
	}
	doc.Title = title
	sheet, key, err = Render(doc)
	if err != nil {
		return "", "", false, err
	}
	return sheet, key, true, nil
}
