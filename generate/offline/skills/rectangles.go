package skills

import (
	"fmt"

	"sheetsmith/worksheet"
)

// RectFigure draws a w × h rectangle to scale (scale cm per unit, a young reader's larger: see
// drawing) with its sides labelled.
func RectFigure(w, h int64, unit string, scale float64, grade int) string {
	W, H := float64(w)*scale, float64(h)*scale
	return drawing(grade, W, 1, labelWidth(fmt.Sprintf("%d %s", h, unit))+2*labelSep, "") + fmt.Sprintf(`\draw[thick] (0,0) rectangle (%.3f,%.3f);`+
		`\node[below] at (%.2f,0) {%d %s};\node[right] at (%.2f,%.2f) {%d %s};\end{tikzpicture}`,
		W, H, W/2, w, unit, W, H/2, h, unit)
}

// rectScale fits the longer side into shapeCm.
func rectScale(w, h int64) float64 { return shapeCm / float64(max(w, h)) }

func rectSides(g *Gen) (int64, int64) {
	hi := byLevel[int64](g.P.Level, 6, 12, 20, 30)
	if g.P.Max >= 3 { // "sides up to 12 cm"; drawn to scale, so no longer than 30
		hi = min(g.P.Max, 30)
	}
	w, h := pick(g.R, 2, hi), pick(g.R, 2, hi)
	return w, h
}

// Area of rectangles, drawn to scale: 3.MD.C.7 (multiply side lengths), 4.MD.A.3.
var _ = register(&Skill{ID: "area-rectangles", Constraints: []string{TakesMax}, Family: "geometry", Grades: [2]int{3, 5}, Standard: "3.MD.C.7b",
	Make: func(g *Gen) Item {
		w, h := rectSides(g)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("area.q"), text(fmt.Sprintf(`%d %s$^2$`, w*h, unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: RectFigure(w, h, unit, rectScale(w, h), g.P.Grade)}
		return Item{Q: q, Nums: []int64{w, h}}
	}})

// Perimeter of rectangles, drawn to scale: 3.MD.D.8.
var _ = register(&Skill{ID: "perimeter-rectangles", Constraints: []string{TakesMax}, Family: "geometry", Grades: [2]int{3, 5}, Standard: "3.MD.D.8",
	Make: func(g *Gen) Item {
		w, h := rectSides(g)
		unit := pickOf(g.R, []string{"cm", "m", "in", "ft"})
		q := short(g.T("perimeter.q"), text(fmt.Sprintf(`%d %s`, 2*(w+h), unit)), blankSpace())
		q.Figure = &worksheet.Figure{LaTeX: RectFigure(w, h, unit, rectScale(w, h), g.P.Grade)}
		return Item{Q: q, Nums: []int64{w, h}}
	}})
