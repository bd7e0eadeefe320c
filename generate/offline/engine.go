// Package offline is the worksheet engine used when no language model is configured. It reads
// plain-language requests (English or Spanish, typos and all) for K–8 and Algebra 1 practice,
// builds worksheet documents from its skill library (package skills) and computes every
// answer.
package offline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
	"sheetsmith/generate/wordsheet"
	"sheetsmith/worksheet"
)

// Engine implements generate.Engine without a model.
type Engine struct {
	seed func() int64
}

// New returns the offline engine; seed gives each new sheet its numbers (nil: the clock).
func New(seed func() int64) *Engine {
	if seed == nil {
		seed = func() int64 { return time.Now().UnixNano() }
	}
	return &Engine{seed: seed}
}

var _ generate.Engine = (*Engine)(nil)

// Limits of one sheet.
const (
	maxQuestions       = 100 // questions on one sheet, over all its sections and versions
	maxFigureQuestions = 40  // of a skill with a drawing per question
	maxVersions        = 6
)

// Write writes a new sheet, or edits the offline sheet being edited.
func (e *Engine) Write(ctx context.Context, req generate.Request, progress func(string)) (generate.Draft, error) {
	if progress == nil {
		progress = func(string) {}
	}
	if err := ctx.Err(); err != nil {
		return generate.Draft{}, err
	}
	// Word sheets (word search, crossword, bingo…) from the teacher's own words, and their edits.
	maths := func(p string) bool { return len(read(p).sections) > 0 }
	if d, ok, err := wordsheet.Write(ctx, req, e.seed, maths, progress); ok {
		return d, err
	}
	if name := unreadLanguage(req.Prompt); name != "" { // answered in English, naming it
		return generate.Draft{}, &generate.UnsupportedError{Message: lang("en").M("unreadLanguage", name, readNames())}
	}
	q := read(req.Prompt)
	cur, haveCur, foreign := current(req)

	var spec Spec
	var notes []string
	var reply *Lang // the reply's language: a new sheet's own, or an edit's (replyLang)
	lead := "here"  // the reply's first words: a new sheet, an edited one, or one left as it was
	switch {
	case q.refused != "":
		if q.grade < 0 && haveCur { // nearby things for the sheet's grade
			q.grade = cur.Sections[0].P.Grade
		}
		return generate.Draft{}, refusal(q, q.refused)
	case haveCur && (isEdit(q) || namesSheetSkills(cur, q)):
		var ok bool
		reply = lang(replyLang(q, cur.Lang))
		spec, notes, ok = edit(ctx, cur, q, e.seed, reply)
		if !ok {
			return generate.Draft{}, &generate.UnsupportedError{Message: reply.M("cannotEdit")}
		}
		lead = "edited"
		if spec.comment() == cur.comment() { // "make them harder" of questions that can go no further
			lead = "unchanged"
		}
	case len(q.sections) > 0:
		spec, notes = fresh(q, e.seed())
		reply = lang(spec.Lang)
	case foreign && isEdit(q):
		l := lang(q.lang)
		return generate.Draft{}, &generate.UnsupportedError{Message: l.M("notOurs", examples(l, -1, 2))}
	default:
		return generate.Draft{}, refusal(q, "")
	}

	if err := ctx.Err(); err != nil { // the request ended while an edit was drawing questions
		return generate.Draft{}, err
	}
	said := settleSettings(&spec, q, req)
	progress(reply.M("writing"))
	doc, err := build(ctx, spec, req)
	if err != nil {
		return generate.Draft{}, err
	}
	doc.Origin = originOf(spec, q.reading)
	if err := worksheet.Validate(doc); err != nil {
		return generate.Draft{}, fmt.Errorf("offline engine: the document it built is not valid: %w", err)
	}
	sheet, _, err := worksheet.Render(doc)
	if err != nil {
		return generate.Draft{}, fmt.Errorf("offline engine: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return generate.Draft{}, err
	}
	body := spec.comment() + "\n" + bodyOf(sheet)
	msg := strings.Join(append([]string{describe(spec, q, notes, lead, reply)}, settingsReply(q, req, reply)...), " ")
	return generate.Draft{Document: &doc, Body: body, Message: msg, Said: said, Reading: q.reading}, nil
}

// Title is the title of the sheet req asks for, in the language the sheet will be written in:
// the request's own title, else the default one; with a version letter, that version's
// ("Práctica de matemáticas, versión B"). The command line names its files' sheets with it.
func (e *Engine) Title(req generate.Request, version string) string {
	if t, ok := wordsheet.Title(req, version); ok {
		return t
	}
	q := read(req.Prompt)
	code := pick(q.lang, q.toLang) // a new sheet's language, as fresh reads it
	if cur, ok, _ := current(req); ok && (isEdit(q) || namesSheetSkills(cur, q)) {
		code = pick(cur.Lang, q.toLang) // an edited sheet keeps its own, as edit does
	}
	l := lang(code)
	t := strings.TrimSpace(req.Settings.Title)
	if t == "" {
		t = l.M("title")
	}
	if version != "" {
		t = l.M("versionTitle", t, version)
	}
	return t
}

// replyLang is the language an edit's reply is written in: the one the request asks the sheet
// to change to ("now in Spanish"), else the request's own when its words make it clear
// ("hazlas más fáciles" on an English sheet is answered in Spanish), else the sheet's
// ("3 more"). The sheet keeps its own language either way unless the request changes it.
func replyLang(q request, sheet string) string {
	return pick(pick(sheet, q.said), q.toLang)
}

func pick(a, b string) string {
	if b != "" {
		return b
	}
	return a
}

// current finds the offline sheet being edited: in the body, in the newest offline sheet of
// the chat, or rebuilt from a document the offline engine wrote. foreign reports a sheet that
// another engine wrote.
func current(req generate.Request) (Spec, bool, bool) {
	if d := req.CurrentDocument; d != nil {
		if s, ok := specFrom(specMarker + d.Origin); ok {
			return s, true, false
		}
	}
	if s, ok := specFrom(req.CurrentBody); ok {
		return s, true, false
	}
	if doc, ok := worksheet.Extract(req.CurrentBody); ok {
		if s, ok := specFrom(specMarker + doc.Origin); ok {
			return s, true, false
		}
		if s, ok := specFromDocument(doc); ok {
			return s, true, false
		}
	}
	for i := len(req.History) - 1; i >= 0; i-- {
		src := req.History[i].LatexCode
		if s, ok := specFrom(src); ok {
			return s, true, false
		}
		if doc, ok := worksheet.Extract(src); ok {
			if s, ok := specFrom(specMarker + doc.Origin); ok {
				return s, true, false
			}
			if s, ok := specFromDocument(doc); ok {
				return s, true, false
			}
			return Spec{}, false, true
		}
	}
	return Spec{}, false, strings.TrimSpace(req.CurrentBody) != ""
}

// isEdit: the message changes the sheet rather than asking for a new one.
func isEdit(q request) bool {
	if len(q.sections) > 0 && !q.addSkills && !q.replaceSkills && q.more == 0 && q.fewer == 0 && !q.double {
		return false
	}
	return true
}

// fresh is the spec of a new sheet.
func fresh(q request, seed int64) (Spec, []string) {
	l := pick(q.lang, q.toLang)
	s := Spec{Lang: l, Grade: q.grade, Columns: q.columns, Large: q.large, Seed: seed, Versions: q.versions,
		Paper: q.settings.paper, Layout: q.settings.layout}
	counts := sectionCounts(q)
	if len(q.pasted) > 0 { // the teacher's problems are the sheet; a section named with its own count follows them
		kind, _ := pastedKind(q.pasted)
		var named []asked
		var nc []int
		for i, a := range q.sections {
			if a.count > 0 && !kin(a.skill, kind) {
				named, nc = append(named, a), append(nc, counts[i])
			}
		}
		q.sections = append([]asked{{skill: pick("order-of-operations", kind)}}, named...)
		more := 0
		if kind != "" { // "then add 4 more like them": the skill's own follow the teacher's
			more = q.more
		}
		counts = append([]int{len(q.pasted) + more}, nc...)
	}
	for i, a := range q.sections {
		p := q.p
		p.Level = q.level
		if q.levels { // "easy addition and hard subtraction"
			p.Level = a.level
		}
		p.Grade = q.grade
		sk, _ := skills.Get(a.skill)
		if p.Grade < 0 {
			p.Grade = sk.DefaultGrade()
			// "subtraction with regrouping", no grade or size said: two-digit, 2.NBT.B.5
			if p.Regroup != nil && *p.Regroup && p.Max == 0 && p.Digits == 0 && sk.Family == "operations" {
				p.Grade = max(p.Grade, 2)
			}
		}
		s.Sections = append(s.Sections, Section{Skill: a.skill, Count: counts[i], P: p})
	}
	if len(q.pasted) > 0 {
		s.Sections[0].Pasted = q.pasted
	}
	var notes []string
	s.Versions = min(s.Versions, maxVersions)
	if q.versions > maxVersions {
		notes = append(notes, lang(l).M("tooManyVersions", q.versions, maxVersions))
	}
	notes = append(notes, capCounts(&s, lang(l))...)
	notes = append(notes, unsupported(q, lang(l))...)
	notes = append(notes, untaken(q, s.Sections, lang(l))...)
	notes = append(notes, notUsed(q, s.Sections, lang(l))...)
	return s, notes
}

// sectionCounts shares the asked counts out: each section's own, "4 of each", or the sheet's
// total split evenly; with none, a default that suits the skill.
func sectionCounts(q request) []int {
	out := make([]int, len(q.sections))
	given := 0
	for i, a := range q.sections {
		out[i] = a.count
		if a.count > 0 {
			given++
		}
	}
	switch {
	case q.each > 0:
		for i := range out {
			if out[i] == 0 {
				out[i] = q.each
			}
		}
	case q.total > 0 && given == 0:
		n := len(out)
		for i := range out {
			out[i] = q.total / n
			if i < q.total%n {
				out[i]++
			}
		}
	case q.only > 0 && given == 0:
		for i := range out {
			out[i] = max(1, q.only/len(out))
		}
	}
	for i := range out {
		if out[i] == 0 {
			d := defaultCount(q.sections[i].skill)
			if len(out) > 1 {
				d = max(4, d/2)
			}
			if given > 0 { // "10 addition and some subtraction": the same again
				for _, o := range out {
					if o > 0 {
						d = o
						break
					}
				}
			}
			out[i] = d
		}
	}
	return out
}

// defaultCount is how many questions of a skill fill a sheet well.
func defaultCount(id string) int {
	switch {
	case hasFigure(id):
		return 12
	case strings.HasPrefix(id, "word-problems") || id == "long-division" || id == "multi-digit-multiplication" || id == "multi-step-equations" || id == "two-step-equations":
		return 10
	}
	return 20
}

// hasFigure: every question of the skill has a drawing.
func hasFigure(id string) bool {
	switch id {
	case "count-objects", "number-bonds", "place-value-chart", "fraction-number-line", "fraction-models",
		"telling-time", "area-rectangles", "perimeter-rectangles", "composite-area", "angles", "volume", "inequalities":
		return true
	}
	return false
}

// capCounts keeps a sheet within what one sheet holds, and says so.
func capCounts(s *Spec, l *Lang) []string {
	var notes []string
	for i := range s.Sections {
		if hasFigure(s.Sections[i].Skill) && s.Sections[i].Count > maxFigureQuestions {
			notes = append(notes, l.M("capped", s.Sections[i].Count, maxFigureQuestions))
			s.Sections[i].Count = maxFigureQuestions
		}
	}
	versions := max(1, s.Versions)
	total, sum := 0, 0.0 // saturating, for the reply: "99999999999999999999 questions each" is no negative sum
	for _, sec := range s.Sections {
		total, sum = addCount(total, sec.Count), sum+float64(sec.Count)
	}
	if total*versions > maxQuestions {
		limit := maxQuestions / versions
		notes = append(notes, l.M("capped", total*versions, limit*versions))
		s.Sections = s.Sections[:min(len(s.Sections), limit)] // one question each at least: no more sections than that
		// Cut the sections in proportion, keeping at least one question each.
		left := limit
		for i := range s.Sections {
			share := max(1, int(float64(s.Sections[i].Count)*float64(limit)/sum)) // in proportion to the counts as asked
			if i == len(s.Sections)-1 {
				share = max(1, left)
			}
			share = min(share, left-(len(s.Sections)-1-i))
			s.Sections[i].Count = max(1, share)
			left -= s.Sections[i].Count
		}
	}
	return notes
}

// unsupported says what a request asked that the sheet does not do, and what the reader
// assumed where the words left a real choice.
func unsupported(q request, l *Lang) []string {
	var notes []string
	for _, a := range q.assumed {
		args := slices.Clone(a.args)
		for i, v := range args {
			switch v := v.(type) {
			case gradeName:
				switch {
				case v == 0:
					args[i] = l.M("kindergarten")
				case v == 9:
					args[i] = l.M("algebra")
				default:
					args[i] = l.M("grade", int(v))
				}
			case skillName:
				args[i] = l.Skills[string(v)].Name
			}
		}
		notes = append(notes, l.M(a.key, args...))
	}
	if len(q.leftOut) > 0 { // one sentence for every part left out
		var parts []string
		for _, p := range q.leftOut {
			parts = append(parts, l.M("quoted", p))
		}
		notes = append(notes, l.M("leftOut", join(parts, l.M("and"))))
	}
	if len(q.unknown) > 0 { // "addition, subtraction and tangrams": the item not read, named
		var parts []string
		for _, w := range q.unknown {
			parts = append(parts, l.M("quoted", w))
		}
		key := "unknownItems"
		if len(parts) > 1 {
			key = "unknownItemsMany"
		}
		notes = append(notes, l.M(key, join(parts, l.M("and"))))
	}
	for _, u := range q.unsupported {
		notes = append(notes, l.M("notHonoured", u))
	}
	for _, w := range q.wishes { // "answers at the bottom", "more space", "on one page"
		notes = append(notes, l.M(map[string]string{"answers bottom": "answersBottom", "more space": "moreSpace", "one page": "onePage", "pages": "pages"}[w]))
	}
	if q.noWordProblems {
		notes = append(notes, l.M("noWordProblems"))
	}
	if q.answerDecimal && slices.ContainsFunc(q.sections, func(a asked) bool {
		sk, _ := skills.Get(a.skill)
		return sk.Family == "fractions"
	}) {
		notes = append(notes, l.M("asDecimals"))
	}
	return notes
}

// build writes the document of a spec; it stops with ctx's error when the request ends.
func build(ctx context.Context, s Spec, req generate.Request) (worksheet.Document, error) {
	l := lang(s.Lang)
	t := func(key string, args ...any) string { return l.T(key, args...) }
	doc := worksheet.Document{
		Title:    strings.TrimSpace(req.Settings.Title),
		Language: l.Code,
		Settings: worksheet.Settings{
			Layout: worksheet.LayoutStandard, LargePrint: s.Large, PrintSize: printSize(s),
			ShowName: req.Settings.ShowName, ShowDate: req.Settings.ShowDate, ShowPeriod: req.Settings.ShowPeriod,
			ShowInstructor: req.Settings.ShowInstructor, NarrowMargins: req.Settings.NarrowMargins,
		},
	}
	if doc.Title == "" {
		doc.Title = l.M("title")
	}
	if s.Paper != "" { // said in the request: the pipeline keeps it unless chosen after (settleSettings)
		doc.Settings.Paper = s.Paper
	}
	exam := req.Settings.Layout == worksheet.LayoutExam || s.Layout == worksheet.LayoutExam
	if exam {
		doc.Settings.Layout = worksheet.LayoutExam
	}
	versions := max(1, s.Versions)
	if t := strings.ToLower(doc.Title); versions == 1 && s.Version > 0 && !strings.Contains(t, "version") && !strings.Contains(t, "versión") {
		doc.Title = l.M("versionTitle", doc.Title, versionLetter(s.Version))
	}
	for v := range versions {
		ver := s.Version + v
		for i, sec := range s.Sections {
			if err := ctx.Err(); err != nil {
				return worksheet.Document{}, err
			}
			sk, _ := skills.Get(sec.Skill)
			sw := l.Skills[sec.Skill]
			if _, same := pastedKind(sec.Pasted); len(sec.Pasted) > 0 && !same { // problems of several kinds
				sw = SkillWords{Name: l.T("pasted.heading"), Instructions: l.T("pasted.instructions")}
			}
			title := heading(sw.Name)
			if versions > 1 {
				title = l.M("version", versionLetter(ver)) + ": " + title
			}
			// Every section has its heading, even alone: it says what the sheet practises, and
			// an edit of a document that travelled without its spec reads the skills back from it.
			// Each version starts on a page of its own, under the sheet's header, numbered from 1.
			doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockSection, Title: title, NewPage: versions > 1 && i == 0})
			items := sec.write(sk, sectionSeed(s.Seed, ver, sec.slot(i)), t)
			if exam {
				// one section, one numbered question: its items are the parts, each with room to work
				g := worksheet.Question{Kind: worksheet.KindGroup, Text: sw.Instructions}
				for _, it := range items {
					p := it.Q
					if p.Space.Kind == worksheet.SpaceBlank || p.Space.Kind == "" {
						p.Space = worksheet.Space{Kind: worksheet.SpaceWork, Size: 2.5}
					}
					g.Parts = append(g.Parts, p)
				}
				doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &g})
				continue
			}
			doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockInstructions, Text: sw.Instructions})
			for _, it := range items {
				qq := it.Q
				doc.Blocks = append(doc.Blocks, worksheet.Block{Kind: worksheet.BlockQuestion, Question: &qq})
			}
		}
	}
	doc.Settings.Columns, doc.Settings.FitColumns = columns(s, doc), s.Columns == 0
	return doc, nil
}

func sectionSeed(seed int64, version, section int) int64 {
	return seed ^ int64(version+1)*0x5851f42d4c957f2d ^ int64(section+1)*0x14057b7ef767814f
}

func versionLetter(v int) string { return string(rune('A' + v%26)) }

// heading is a skill's name as a section heading: "Adding fractions".
func heading(name string) string {
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// printSize is the body size large print takes on this sheet (with large print asked here or
// by the teacher's setting): 24 pt for a kindergarten or first-grade sheet, else 18 (0).
func printSize(s Spec) int {
	if s.Grade == 0 || s.Grade == 1 {
		return 24
	}
	return 0
}

// columns is the sheet's columns: the teacher's, or the most its widest question holds.
func columns(s Spec, doc worksheet.Document) int {
	if s.Columns > 0 {
		return min(s.Columns, 4)
	}
	return worksheet.ColumnsFor(doc)
}
