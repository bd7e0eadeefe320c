package skills

// belowGrade eases a skill asked for before the grade it is taught in ("slope for 6th
// grade", "factoring for grade 7"): a level easier for each grade below, down to easy.
func belowGrade(g *Gen, taught int) {
	if g.P.Grade < taught {
		g.P.Level = max(-1, g.P.Level-(taught-g.P.Grade))
	}
}
