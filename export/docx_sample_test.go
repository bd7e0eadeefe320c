package export

import "sheetsmith/worksheet"

// everyKind is a hand-built document with every block and question kind, maths of each
// sort, a drawing, a table, nested parts and points.
func everyKind() worksheet.Document {
	q := func(q worksheet.Question) worksheet.Block {
		return worksheet.Block{Kind: worksheet.BlockQuestion, Question: &q}
	}
	return worksheet.Document{
		Title:    "Fractions and Friends",
		Settings: worksheet.Settings{ShowName: true, ShowDate: true},
		Blocks: []worksheet.Block{
			{Kind: worksheet.BlockInstructions, Text: `Show your work. Write each answer in \textbf{simplest form}, like $\frac{2}{3}$.`},
			q(worksheet.Question{Kind: worksheet.KindShort, Text: `Add: $\frac{1}{2} + \frac{1}{4}$`, Points: 2,
				Answer: worksheet.Answer{Kind: worksheet.AnswerFraction, Value: "3/4", Checked: true}}),
			q(worksheet.Question{Kind: worksheet.KindChoice, Text: "Which fraction is equal to one half?",
				Choices: []worksheet.Choice{{Text: `$\frac{2}{4}$`, Correct: true}, {Text: `$\frac{1}{3}$`}, {Text: "three fifths"}}}),
			q(worksheet.Question{Kind: worksheet.KindTrueFalse, Text: `A square has four equal sides.`,
				Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "true"}}),
			{Kind: worksheet.BlockSection, Title: "Words and pictures"},
			{Kind: worksheet.BlockPassage, Title: "The Garden", Text: "Maya planted beans in rows.\n\nEach row held twelve plants."},
			q(worksheet.Question{Kind: worksheet.KindBlank, Text: "Maya planted ___ in rows of ___ plants.",
				Blanks: []worksheet.Answer{{Kind: worksheet.AnswerText, Value: "beans"}, {Kind: worksheet.AnswerNumber, Value: "12"}}}),
			q(worksheet.Question{Kind: worksheet.KindMatching, Text: "Match each shape to its number of sides.",
				Pairs:   []worksheet.Pair{{Left: "triangle", Right: "three"}, {Left: "pentagon", Right: "five"}, {Left: "hexagon", Right: "six"}},
				Shuffle: []int{2, 0, 1}}),
			{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{
				LaTeX:   `\begin{tikzpicture}\draw (0,0) -- (4,0) -- (0,3) -- cycle; \node[below] at (2,0) {4 cm}; \node[left] at (0,1.5) {3 cm};\end{tikzpicture}`,
				Caption: "A right triangle with legs 3 cm and 4 cm"}},
			q(worksheet.Question{Kind: worksheet.KindShort, Text: "How long is the hypotenuse of the triangle above?",
				Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "5 cm"}}),
			q(worksheet.Question{Kind: worksheet.KindOpen, Text: "Explain why plants need sunlight.",
				Answer: worksheet.Answer{Kind: worksheet.AnswerText, Value: "Plants use sunlight to make food by photosynthesis."}}),
			{Kind: worksheet.BlockFigure, Figure: &worksheet.Figure{
				LaTeX: "\\begin{tabular}{|l|r|}\n\\hline\nFruit & Count \\\\\n\\hline\nApples & 7 \\\\\nPears & $3\\frac{1}{2}$ \\\\\n\\hline\n\\end{tabular}"}},
			q(worksheet.Question{Kind: worksheet.KindGroup, Text: "Solve the system $\\begin{aligned} x + y &= 5 \\\\ x - y &= 1 \\end{aligned}$",
				Parts: []worksheet.Question{
					{Kind: worksheet.KindShort, Text: "Find $x$.", Answer: worksheet.Answer{Kind: worksheet.AnswerExpression, Value: "x = 3"}},
					{Kind: worksheet.KindGroup, Text: "Then:", Parts: []worksheet.Question{
						{Kind: worksheet.KindShort, Text: "Find $y$.", Answer: worksheet.Answer{Kind: worksheet.AnswerExpression, Value: "y = 2"}},
					}},
				}}),
		},
	}
}
