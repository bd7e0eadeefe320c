package offline

import (
	"fmt"
	"slices"
	"strings"

	"sheetsmith/generate/offline/skills"
)

// docs/OFFLINE.md lists every skill of the registry. The table between these two markers is
// written by SkillTable (go generate ./generate/offline) and a test fails when it differs, so
// the documentation cannot drift from the skills the engine really has.
const (
	SkillTableBegin = "<!-- skill table: written by `go generate ./generate/offline` from the skill registry; do not edit by hand -->"
	SkillTableEnd   = "<!-- end of skill table -->"
)

//go:generate go run ./skilltable ../../docs/OFFLINE.md

// skillFamilies are the families in teaching order, with their headings in the table. A
// family missing here still appears, after these, under its own id.
var skillFamilies = []struct{ id, title string }{
	{"number-sense", "Number sense"},
	{"operations", "Whole-number operations"},
	{"place-value", "Place value and rounding"},
	{"number-theory", "Number theory"},
	{"fractions", "Fractions"},
	{"decimals", "Decimals"},
	{"percent", "Percent"},
	{"money", "Money"},
	{"time", "Time"},
	{"measurement", "Measurement"},
	{"geometry", "Geometry"},
	{"integers", "Integers"},
	{"expressions", "Expressions"},
	{"equations", "Equations and inequalities"},
	{"ratios", "Ratios and proportions"},
	{"linear", "Linear equations"},
	{"polynomials", "Polynomials"},
	{"statistics", "Statistics and probability"},
	{"word-problems", "Word problems"},
}

// SkillTable is the Markdown table of every skill in the registry: its family, its name in
// English and Spanish, the grades it is taught in, its Common Core standard and one example
// request in each language (each one read back as that skill by a test of the reader).
func SkillTable() string {
	rank := map[string]int{}
	title := map[string]string{}
	for i, f := range skillFamilies {
		rank[f.id], title[f.id] = i, f.title
	}
	all := skills.All()
	en, es := langs["en"].Skills, langs["es"].Skills
	slices.SortStableFunc(all, func(a, b *skills.Skill) int {
		ra, oka := rank[a.Family]
		rb, okb := rank[b.Family]
		switch {
		case oka != okb && oka:
			return -1
		case oka != okb:
			return 1
		case ra != rb:
			return ra - rb
		case a.Family != b.Family:
			return strings.Compare(a.Family, b.Family)
		}
		return strings.Compare(en[a.ID].Name, en[b.ID].Name)
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%d skills.\n\n", len(all))
	b.WriteString("| Family | Skill | En español | Grades | Standard | Example request | Ejemplo |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, s := range all {
		fam := title[s.Family]
		if fam == "" {
			fam = s.Family
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", fam, cell(en[s.ID].Name), cell(es[s.ID].Name),
			gradeSpan(s.Grades), cell(s.Standard), quoted(en[s.ID].Example), quoted(es[s.ID].Example))
	}
	return b.String()
}

// gradeSpan writes grades as teachers read them: K for kindergarten, Alg 1 for grade 9.
func gradeSpan(g [2]int) string {
	name := func(n int) string {
		switch n {
		case 0:
			return "K"
		case 9:
			return "Alg 1"
		}
		return fmt.Sprint(n)
	}
	if g[0] == g[1] {
		return name(g[0])
	}
	return name(g[0]) + "–" + name(g[1])
}

func cell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

func quoted(s string) string {
	if s == "" {
		return "—"
	}
	return "“" + cell(s) + "”"
}

// ReplaceSkillTable puts table between the markers of doc; ok is false when doc has no
// markers.
func ReplaceSkillTable(doc, table string) (string, bool) {
	i := strings.Index(doc, SkillTableBegin)
	j := strings.Index(doc, SkillTableEnd)
	if i < 0 || j < i {
		return doc, false
	}
	return doc[:i+len(SkillTableBegin)] + "\n\n" + table + "\n" + doc[j:], true
}
