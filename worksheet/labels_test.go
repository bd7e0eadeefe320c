package worksheet

import (
	"strings"
	"testing"
)

// Every language file gives every label, in plain words the renderer can print as they are.
func TestLanguageFilesAreComplete(t *testing.T) {
	for _, lang := range []string{"en", "es", "fr", "pt", "de", "ru", "uk", "el", "zh", "ja", "ko", "ar", "he"} {
		if !HasLanguageFile(lang) {
			t.Errorf("no file for %s", lang)
			continue
		}
		l := LabelsFor(lang)
		for _, p := range validLabels(&l) {
			t.Errorf("%s: %s", lang, p)
		}
		for name, s := range map[string]string{"name": l.Name, "date": l.Date, "period": l.Period, "instructor": l.Instructor,
			"answerKey": l.AnswerKey, "true": l.True, "false": l.False, "legend": l.Legend, "missing": l.Missing, "point": l.Point, "points": l.Points} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s is empty", lang, name)
			}
		}
	}
	if LabelsFor("ru-RU").True != "Верно" || LabelsFor("xx").Name != "Name" {
		t.Errorf("ru-RU: %q, unknown: %q", LabelsFor("ru-RU").True, LabelsFor("xx").Name)
	}
}

// A language without a file prints the labels the engine wrote; a file wins over them; bad
// labels are refused.
func TestDocumentLabels(t *testing.T) {
	doc := Document{Title: "Moltiplicazione", Language: "it", Labels: &Labels{Name: "Nome", True: "Vero", False: "Falso", AnswerKey: "Soluzioni"},
		Blocks: []Block{{Kind: BlockQuestion, Question: &Question{Kind: KindTrueFalse, Text: "7 per 8 fa 56.", Answer: Answer{Value: "true"}}}}}
	if l := LabelsOf(doc); l.Name != "Nome" || l.True != "Vero" || l.Date != "Date" {
		t.Errorf("it: %+v", l)
	}
	doc.Language = "es"
	if l := LabelsOf(doc); l.Name != "Nombre" {
		t.Errorf("es with labels: %q, want the file's", l.Name)
	}
	doc.Language = "it"
	doc.Labels.Name = `Nome \input{/etc/passwd}`
	if err := Validate(doc); err == nil || !strings.Contains(err.Error(), "labels: name") {
		t.Errorf("Validate: %v", err)
	}
	doc.Labels.Name = strings.Repeat("n", maxLabel+1)
	if err := Validate(doc); err == nil {
		t.Error("a long label passed")
	}
}
