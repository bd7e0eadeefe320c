package worksheet

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// labels are the words the server itself prints on a sheet (its chrome), in the document's
// language: from lang/<language>.json, or for a language without a file from the labels
// the engine wrote into the document (Document.Labels), checked by validLabels.
type labels struct {
	Name       string `json:"name"`
	Date       string `json:"date"`
	Period     string `json:"period"`
	Instructor string `json:"instructor"`
	AnswerKey  string `json:"answerKey"`
	True       string `json:"true"`
	False      string `json:"false"`
	Legend     string `json:"legend"`  // the key's footnote for its ✓
	Missing    string `json:"missing"` // a box standing in for a missing figure
	Point      string `json:"point"`
	Points     string `json:"points"`
}

// Adding a language is adding its file: every field, in plain words (docs/LANGUAGES.md).
//
//go:embed lang/*.json
var langFiles embed.FS

var labelsByLanguage = func() map[string]labels {
	out := map[string]labels{}
	files, err := langFiles.ReadDir("lang")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		b, err := langFiles.ReadFile(path.Join("lang", f.Name()))
		if err != nil {
			panic(err)
		}
		var l labels
		if err := json.Unmarshal(b, &l); err != nil {
			panic(fmt.Sprintf("worksheet: lang/%s: %v", f.Name(), err))
		}
		out[strings.TrimSuffix(f.Name(), ".json")] = l
	}
	return out
}()

// primaryTag is the primary subtag of a BCP 47 tag ("es-MX" is "es").
func primaryTag(lang string) string {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	return primary
}

// labelsFor is the labels of a BCP 47 language tag ("es", "es-MX"); English when unknown.
func labelsFor(lang string) labels {
	if l, ok := labelsByLanguage[primaryTag(lang)]; ok {
		return l
	}
	return labelsByLanguage["en"]
}

// labelsOf is a document's labels: its language's file; else the labels the engine wrote,
// each missing one in English; else English.
func labelsOf(doc Document) labels {
	lang := guessLanguage(doc.Language, documentText(doc))
	if _, ok := labelsByLanguage[primaryTag(lang)]; ok || doc.Labels == nil {
		return labelsFor(lang)
	}
	l := labelsByLanguage["en"]
	m := doc.Labels
	for _, f := range []struct {
		dst *string
		src string
	}{
		{&l.Name, m.Name}, {&l.Date, m.Date}, {&l.Period, m.Period}, {&l.Instructor, m.Instructor},
		{&l.AnswerKey, m.AnswerKey}, {&l.True, m.True}, {&l.False, m.False}, {&l.Legend, m.Legend},
		{&l.Missing, m.Missing}, {&l.Point, m.Point}, {&l.Points, m.Points},
	} {
		if s := strings.TrimSpace(f.src); s != "" {
			*f.dst = s
		}
	}
	return l
}

// maxLabel is the longest label an engine may write (the legend is a short sentence).
const maxLabel = 80

// validLabels checks the labels an engine wrote: short plain words, printed as they are, so
// nothing TeX reads as a command, a group, maths or a line break.
func validLabels(l *Labels) []string {
	if l == nil {
		return nil
	}
	var problems []string
	for name, s := range map[string]string{"name": l.Name, "date": l.Date, "period": l.Period,
		"instructor": l.Instructor, "answerKey": l.AnswerKey, "true": l.True, "false": l.False,
		"legend": l.Legend, "missing": l.Missing, "point": l.Point, "points": l.Points} {
		switch {
		case utf8.RuneCountInString(s) > maxLabel:
			problems = append(problems, fmt.Sprintf("labels: %s is longer than %d characters.", name, maxLabel))
		case strings.ContainsAny(s, `\{}$&#^_~%[]`) || strings.ContainsFunc(s, unicode.IsControl):
			problems = append(problems, fmt.Sprintf("labels: %s must be plain words, without \\ { } $ & # ^ _ ~ %% [ ] or line breaks.", name))
		}
	}
	return problems
}

// Labels are the words the server prints on a sheet, for writers outside this package (the
// Word export), and the labels a document may carry for a language without a file.
type Labels = labels

// LabelsFor is the labels of a BCP 47 language tag; English when unknown.
func LabelsFor(lang string) Labels { return labelsFor(lang) }

// LabelsOf is a document's labels (see Document.Labels).
func LabelsOf(doc Document) Labels { return labelsOf(doc) }

// HasLanguageFile reports whether the server has the labels of a language (BCP 47 tag): an
// engine writes Document.Labels only for a language without one.
func HasLanguageFile(lang string) bool {
	_, ok := labelsByLanguage[primaryTag(lang)]
	return ok
}

// WithoutKeyLegend removes the key's legend line (keyLegend, in whichever language's words a
// wrapped source carries it) from a source: a key with no checked answer drops it.
func WithoutKeyLegend(src string) string {
	for _, l := range labelsByLanguage {
		if legend := keyLegend(l); strings.Contains(src, legend) {
			return strings.Replace(src, legend, "", 1)
		}
	}
	return src
}
