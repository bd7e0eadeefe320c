package worksheet

// sampleDocument has one question of every kind, a passage, a figure, a section and
// instructions: the document most tests start from.
func sampleDocument() Document {
	tri := &Figure{LaTeX: `\begin{tikzpicture}[scale=0.8]
\draw[thick] (0,0) -- (4,0) -- (4,3) -- cycle;
\draw (3.6,0) -- (3.6,0.4) -- (4,0.4);
\node[below] at (2,0) {$8$ cm};
\node[right] at (4,1.5) {$6$ cm};
\end{tikzpicture}`, Caption: "Not drawn to scale."}
	return Document{
		Title:    "Mixed Review",
		Settings: Settings{Columns: 2, ShowName: true, ShowDate: true, ShowPeriod: true, NarrowMargins: true},
		Blocks: []Block{
			{Kind: BlockInstructions, Text: "Show your work. Write each answer on its line."},
			{Kind: BlockSection, Title: "Computation"},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "$12 \\times 8$", Answer: Answer{Kind: AnswerNumber, Value: "96", Checked: true}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "$\\frac{3}{4} + \\frac{1}{8}$", Points: 2, Answer: Answer{Kind: AnswerFraction, Value: "7/8", Checked: true}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "Solve for $x$: $3x + 5 = 20$", Space: Space{Kind: SpaceWork, Size: 2}, Answer: Answer{Kind: AnswerExpression, Value: "x = 5"}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "Find the hypotenuse.", Figure: tri, Answer: Answer{Kind: AnswerNumber, Value: "10 cm"}}},
			{Kind: BlockSection, Title: "Reading"},
			{Kind: BlockPassage, Title: "The Lantern", Text: "Mara lit the lantern at dusk. The wind rattled the shutters.\n\nBy morning the storm had passed."},
			{Kind: BlockQuestion, Question: &Question{Kind: KindChoice, Text: "When did Mara light the lantern?", Choices: []Choice{{Text: "at dawn"}, {Text: "at dusk", Correct: true}, {Text: "at noon"}, {Text: "at midnight"}}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindTrueFalse, Text: "The storm lasted two days.", Answer: Answer{Value: "false"}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindBlank, Text: "The wind rattled the ___ and the storm passed by ___.", Blanks: []Answer{{Value: "shutters"}, {Value: "morning"}}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindMatching, Text: "Match each word to its meaning.", Pairs: []Pair{{Left: "dusk", Right: "early evening"}, {Left: "shutter", Right: "a window cover"}, {Left: "lantern", Right: "a portable lamp"}}, Shuffle: []int{2, 0, 1}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindOpen, Text: "Why do you think Mara lit the lantern?", Space: Space{Kind: SpaceLines, Size: 3}, Answer: Answer{Kind: AnswerText, Value: "Because it was getting dark and a storm was coming; any answer that mentions the dark or the storm."}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindGroup, Text: "Evaluate when $x = 3$.", Parts: []Question{
				{Kind: KindShort, Text: "$2x + 1$", Answer: Answer{Kind: AnswerNumber, Value: "7", Checked: true}},
				{Kind: KindShort, Text: "$x^2 - 4$", Answer: Answer{Kind: AnswerNumber, Value: "5", Checked: true}},
			}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindOpen, Text: "Sketch $y = 2x$.", Space: Space{Kind: SpaceGrid, Size: 3}, Answer: Answer{Kind: AnswerText, Value: "A line through $(0,0)$ and $(1,2)$."}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindOpen, Text: "Describe the storm.", Space: Space{Kind: SpaceBox, Size: 2.5}, Answer: Answer{Kind: AnswerText, Value: "Windy, at night, over by morning."}}},
			{Kind: BlockQuestion, Question: &Question{Kind: KindShort, Text: "How many sides has the shape?", Figure: &Figure{Missing: "hexagon.png"}, Answer: Answer{Kind: AnswerNumber, Value: "6"}}},
		},
	}
}
