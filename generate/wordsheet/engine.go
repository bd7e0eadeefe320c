package wordsheet

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"sheetsmith/generate"
	"sheetsmith/latex"
	"sheetsmith/worksheet"
)

// Write makes a new word sheet, or edits the word sheet being edited. handled is false when
// the request is about neither, or when maths (the maths reader's judgement) finds maths in a
// request that gives no words ("10 addition problems and a word search") or would edit the
// word sheet ("add 10 subtraction problems"): the maths reader writes those.
func Write(ctx context.Context, req generate.Request, seed func() int64, maths func(prompt string) bool, progress func(string)) (draft generate.Draft, handled bool, err error) {
	s, notes, ok, err := plan(req, seed)
	if ok && (err != nil || isEdit(req)) && maths != nil && maths(req.Prompt) {
		return generate.Draft{}, false, nil
	}
	if !ok {
		return generate.Draft{}, false, nil
	}
	if err != nil {
		return generate.Draft{}, true, err
	}
	if err := ctx.Err(); err != nil {
		return generate.Draft{}, true, err
	}
	if progress != nil {
		l := lang(s.Lang)
		progress(l.M("layingOut", l.M("kind."+s.Kind)))
	}
	b, err := build(ctx, s, req.Settings)
	var r *refusal
	if errors.As(err, &r) {
		return generate.Draft{}, true, &generate.UnsupportedError{Message: r.message}
	}
	if err != nil {
		return generate.Draft{}, true, err
	}
	sheet, _, err := worksheet.Render(b.doc)
	if err != nil {
		return generate.Draft{}, true, fmt.Errorf("wordsheet: %w", err)
	}
	body, _ := latex.Body(sheet)
	return generate.Draft{Document: &b.doc, Body: body, Message: b.message,
		Notes: append(notes, b.notes...)}, true, nil
}

// Title is the title of the word sheet req asks for, in its language: the request's own, else
// the kind's ("Word Search", "Sopa de letras"); with a version letter, that version's. ok is
// false when req is not about a word sheet.
func Title(req generate.Request, version string) (string, bool) {
	s, _, ok, _ := plan(req, func() int64 { return 0 })
	if !ok {
		return "", false
	}
	l := lang(s.Lang)
	t := strings.TrimSpace(req.Settings.Title)
	if t == "" {
		key := "title." + s.Kind
		if s.Kind == KindChart && s.Max == 120 {
			key = "title.chart120"
		}
		t = l.T(key)
	}
	if version != "" {
		t = l.M("versionTitle", t, version)
	}
	return t, true
}

// plan is the spec a request asks for: a new word sheet, or the one being edited changed.
// ok is false when the request is about no word sheet; err is a refusal to reply with.
func plan(req generate.Request, seed func() int64) (Spec, []string, bool, error) {
	cur, haveCur := Current(req)
	r, isNew := Read(req.Prompt, 0)
	if isNew && (r.refusal == "" || !haveCur) {
		r.spec.Seed = seed()
		if r.refusal != "" {
			return r.spec, nil, true, &generate.UnsupportedError{Message: r.refusal}
		}
		return r.spec, r.notes, true, nil
	}
	if !haveCur {
		return Spec{}, nil, false, nil
	}
	s, notes, ok, err := readEdit(req.Prompt, cur, seed)
	if !ok {
		if isNew && r.spec.Kind != cur.Kind { // another kind, without its words
			return r.spec, nil, true, &generate.UnsupportedError{Message: r.refusal}
		}
		if isNew { // names the sheet but asks nothing it can do ("make the crossword prettier")
			l := lang(cur.Lang)
			return cur, nil, true, &generate.UnsupportedError{Message: l.M("cannotEdit", l.M("kind."+cur.Kind))}
		}
		return Spec{}, nil, false, nil
	}
	return s, notes, true, err
}

// isEdit: the request changes the word sheet being edited rather than naming a new one.
func isEdit(req generate.Request) bool {
	r, isNew := Read(req.Prompt, 0)
	return !isNew || r.refusal != ""
}

// Current is the word sheet being edited: the document's, the body's, or the newest in the chat.
func Current(req generate.Request) (Spec, bool) {
	if d := req.CurrentDocument; d != nil {
		if s, ok := FromOrigin(d.Origin); ok {
			return s, true
		}
		return Spec{}, false
	}
	if doc, ok := worksheet.Extract(req.CurrentBody); ok {
		return FromOrigin(doc.Origin)
	}
	if strings.TrimSpace(req.CurrentBody) != "" {
		return Spec{}, false
	}
	for i := len(req.History) - 1; i >= 0; i-- {
		if doc, ok := worksheet.Extract(req.History[i].LatexCode); ok {
			return FromOrigin(doc.Origin)
		}
	}
	return Spec{}, false
}
