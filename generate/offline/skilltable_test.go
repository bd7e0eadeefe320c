package offline

import (
	"os"
	"strings"
	"testing"

	"sheetsmith/generate/offline/skills"
)

// docs/OFFLINE.md's skill table is the registry's: a skill added, renamed or moved without
// `go generate ./generate/offline` fails here.
func TestDocsSkillTableIsTheRegistrys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/OFFLINE.md")
	if err != nil {
		t.Fatal(err)
	}
	want, ok := ReplaceSkillTable(string(doc), SkillTable())
	if !ok {
		t.Fatal("docs/OFFLINE.md has lost its skill table markers")
	}
	if want != string(doc) {
		t.Error("docs/OFFLINE.md's skill table differs from the skill registry: run `go generate ./generate/offline` and commit docs/OFFLINE.md")
	}
}

// Every skill has a row with its words in both languages and its standard.
func TestSkillTableRowPerSkill(t *testing.T) {
	table := SkillTable()
	rows := strings.Count(table, "\n|") - 2 // less the header and its rule
	if n := len(skills.All()); rows != n {
		t.Errorf("%d rows for %d skills", rows, n)
	}
	if strings.Contains(table, "| — |") || strings.Contains(table, "“—”") {
		t.Errorf("a skill lacks its name, standard or example in a language:\n%s", table)
	}
}
