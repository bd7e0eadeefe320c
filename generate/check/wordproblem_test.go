package check

import (
	"strings"
	"testing"
)

// Everyday word problems: each is computed from its own numbers; a right answer gets the ✓, a
// wrong one is corrected in the answer's own format and named in the reply.
func TestWordProblemsAreComputed(t *testing.T) {
	cases := []struct {
		text, right, wrong, now string
	}{
		// discounts
		{`A jacket costs \$60 and is on sale for 20\% off. What is the sale price?`, `\$48`, `\$50`, `\$48`},
		{`A \$60 jacket is 20% off. What is the sale price?`, `48 dollars`, `50 dollars`, `48 dollars`},
		{`A \$60 jacket is 20% off. What is the sale price?`, `48.00`, `50.00`, `48.00`},
		{`A \$60 jacket is 20% off. How much do you save?`, `\$12`, `\$48`, `\$12`},
		{`A pair of shoes costs \$45. It is discounted by 10\%. What is the new price?`, `\$40.50`, `\$40`, `\$40.50`},
		{`A bike costs \$250 and has a 15% discount. How much does the bike cost now?`, `\$212.50`, `\$237.50`, `\$212.50`},
		{`Una chaqueta cuesta \$60 y tiene un descuento del 20\%. ¿Cuál es el precio final?`, `\$48`, `\$40`, `\$48`},
		{`Un libro de \$30 tiene un 10\% de descuento. ¿Cuánto cuesta ahora?`, `\$27`, `\$20`, `\$27`},
		// tax, tips, increases
		{`A \$40 meal with a 15\% tip. What is the total?`, `\$46`, `\$45`, `\$46`},
		{`A meal costs \$40. They leave a 15\% tip. How much is the tip?`, `\$6`, `\$4`, `\$6`},
		{`A TV costs \$300. Sales tax is 8\%. What is the total cost?`, `\$324`, `\$308`, `\$324`},
		{`A game costs \$50 and the price increases by 10\%. What is the new price?`, `\$55`, `\$60`, `\$55`},
		{`Una comida cuesta \$80 y se deja una propina del 10\%. ¿Cuál es el precio total?`, `\$88`, `\$90`, `\$88`},
		// percent of
		{`What is 25\% of \$80?`, `\$20`, `\$25`, `\$20`},
		{`¿Cuál es el 25\% de 80?`, `20`, `25`, `20`},
		{`Calcula el 15 % de 120.`, `18`, `16`, `18`},
		// unit price
		{`6 juice boxes cost \$4.50. How much does one cost?`, `\$0.75`, `\$0.85`, `\$0.75`},
		{`A pack of 6 juice boxes costs \$4.50. What is the price of one juice box?`, `0.75`, `0.85`, `0.75`},
		{`4 notebooks cost \$10. What is the cost of each notebook?`, `\$2.50`, `\$2.40`, `\$2.50`},
		{`\$12 buys 3 sandwiches. How much does one sandwich cost?`, `\$4`, `\$3`, `\$4`},
		{`5 cuadernos cuestan \$15. ¿Cuánto cuesta cada uno?`, `\$3`, `\$5`, `\$3`},
		// simple interest
		{`Sam puts \$200 in a savings account that pays 5\% simple interest per year. How much interest does he earn in 3 years?`, `\$30`, `\$35`, `\$30`},
		{`Find the simple interest on \$500 at 3\% per year for 2 years.`, `\$30`, `\$35`, `\$30`},
		{`\$1,200 is invested at 4\% simple interest per year for 5 years. How much interest is earned?`, `\$240`, `\$250`, `\$240`},
		{`Calcula el interés simple de \$500 al 3\% anual durante 2 años.`, `\$30`, `\$35`, `\$30`},
		// rectangles
		{`A rectangle is 8 cm by 5 cm. What is its area?`, `40 cm²`, `26 cm²`, `40 cm²`},
		{`A rectangle is 8 cm by 5 cm. What is its perimeter?`, `26 cm`, `40 cm`, `26 cm`},
		{`A rectangle is 8 cm long and 4 cm wide. What is its area?`, `32 cm²`, `24 cm²`, `32 cm²`},
		{`A rectangular garden is 12 m by 7.5 m. Find its area.`, `90 square meters`, `80 square meters`, `90 square meters`},
		{`A rectangle has a length of 9 ft and a width of 4 ft. What is its perimeter?`, `26 ft`, `36 ft`, `26 ft`},
		{`Find the area of a rectangle that is 6 in by 3 in.`, `18 in$^2$`, `9 in$^2$`, `18 in$^2$`},
		{`Un rectángulo mide 10 cm de largo y 4 cm de ancho. ¿Cuál es su perímetro?`, `28 cm`, `40 cm`, `28 cm`},
		{`A rectangle is $8\text{ cm} \times 5\text{ cm}$. What is its area?`, `40 cm\textsuperscript{2}`, `13 cm\textsuperscript{2}`, `40 cm\textsuperscript{2}`},
		{`A rectangle is 8 cm by 5 cm. What is its area?`, `40`, `45`, `40`},
		// triangles
		{`Two angles of a triangle are $50^\circ$ and $60^\circ$. Find the third angle.`, `$70^\circ$`, `$80^\circ$`, `$70^\circ$`},
		{`Two angles of a triangle are 50° and 60°. Find the third angle.`, `70°`, `80°`, `70°`},
		{`A triangle has angles of 45 degrees and 65 degrees. What is the third angle?`, `70 degrees`, `80 degrees`, `70 degrees`},
		{`Dos ángulos de un triángulo miden 30° y 90°. ¿Cuánto mide el tercer ángulo?`, `60°`, `70°`, `60°`},
		{`A right triangle has one angle of $35^\circ$. What is the third angle?`, `55°`, `45°`, `55°`},
		{`In a triangle two angles measure 72.5° and 40°. What is the missing angle?`, `67.5°`, `68°`, `67.5°`},
	}
	if len(cases) < 40 {
		t.Fatalf("only %d questions", len(cases))
	}
	for _, c := range cases {
		doc := docOf(short(c.text, c.right))
		if changes := Document(doc); len(changes) != 0 || !doc.Blocks[0].Question.Answer.Checked {
			t.Errorf("%s → %q: right answer not checked: %+v", c.text, c.right, changes)
		}
		doc = docOf(short(c.text, c.wrong))
		changes := Document(doc)
		a := doc.Blocks[0].Question.Answer
		if len(changes) != 1 || a.Value != c.now || !a.Checked {
			t.Errorf("%s → %q: now %q (checked %v) %+v, want %q", c.text, c.wrong, a.Value, a.Checked, changes, c.now)
			continue
		}
		want := "I corrected the answer to question 1: " + Plain(c.now) + ", not " + Plain(c.wrong) + "."
		if s := changes[0].Sentence(); s != want || strings.ContainsAny(s, `\{}^`) {
			t.Errorf("sentence %q, want %q", s, want)
		}
	}
}

func TestWordProblemSentences(t *testing.T) {
	cases := map[Change]string{
		{Question: 4, Was: `\$50`, Now: `\$48`}:                                         "I corrected the answer to question 4: $48, not $50.",
		{Question: 1, Was: `$80^\circ$`, Now: `$70^\circ$`}:                             "I corrected the answer to question 1: 70°, not 80°.",
		{Question: 3, Was: `24 cm\textsuperscript{2}`, Now: `32 cm\textsuperscript{2}`}: "I corrected the answer to question 3: 32 cm², not 24 cm².",
		{Question: 2, Now: `40 cm$^2$`}:                                                 "I filled in the missing answer to question 2: 40 cm².",
	}
	for c, want := range cases {
		if got := c.Sentence(); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
}

func TestWordProblemFillsMissingAndKeepsUnreadable(t *testing.T) {
	cases := []struct{ text, value, now string }{
		{`A \$60 jacket is 20% off. What is the sale price?`, ``, `\$48`},
		{`Two angles of a triangle are 50° and 60°. Find the third angle.`, ``, `$70^\circ$`},
		{`A rectangle is 8 cm by 5 cm. What is its area?`, ``, `40 cm$^2$`},
		{`A rectangle is 8 cm by 5 cm. What is its area?`, `40 cm`, `40 cm$^2$`}, // a length for an area
		{`A rectangle is 8 cm by 5 cm. What is its perimeter?`, `26 cm²`, `26 cm`},
		{`A rectangle is 8 cm by 5 cm. What is its area?`, `0.004 m²`, ``}, // another unit: not judged
		{`A \$60 jacket is 20% off. What is the sale price?`, `The sale price is \$50.`, ``},
		{`A \$60 jacket is 20% off. What is the sale price?`, `4800 cents`, ``},
		{`Two angles of a triangle are 50° and 60°. Find the third angle.`, `\$70`, ``},
	}
	for _, c := range cases {
		doc := docOf(short(c.text, c.value))
		changes := Document(doc)
		a := doc.Blocks[0].Question.Answer
		if c.now == "" {
			if len(changes) != 0 || a.Checked || a.Value != c.value {
				t.Errorf("%s → %q: judged: %q %v %+v", c.text, c.value, a.Value, a.Checked, changes)
			}
			continue
		}
		if len(changes) != 1 || a.Value != c.now || !a.Checked {
			t.Errorf("%s → %q: now %q %+v, want %q", c.text, c.value, a.Value, changes, c.now)
		}
	}
}

// Near misses: a number or a word the template does not account for leaves the question
// unchecked, right or wrong.
func TestWordProblemNearMissesAreNotChecked(t *testing.T) {
	cases := []struct{ text, value string }{
		{`A \$60 jacket is 20% off, then another 10% off. What is the sale price?`, `\$43.20`},
		{`A \$60 jacket is 20% off. Then it is 10% off again. What is the sale price?`, `\$43.20`},
		{`A jacket is on sale for \$60, which is 20% off. What is the original price?`, `\$75`},
		{`A jacket costs \$60 and a shirt costs \$20. Both are 20% off. What is the sale price?`, `\$64`},
		{`A \$60 jacket and a shirt are 20% off. What is the sale price?`, `\$48`},
		{`A \$60 jacket is 20% off with a coupon. What is the sale price?`, `\$48`},
		{`A \$60 jacket is 20% off. What is the sale price with 8% tax?`, `\$51.84`},
		{`A meal costs \$40. They leave a 15% tip and pay 8% tax. What is the total?`, `\$49.20`},
		{`Sam puts \$200 in an account that pays 5% compound interest per year. How much interest does he earn in 3 years?`, `\$31.53`},
		{`Sam puts \$200 in a savings account that pays 5% simple interest per month. How much interest does he earn in 3 years?`, `\$360`},
		{`\$500 at 3% a year for 2 years: how much interest?`, `\$30`}, // simple or compound is not said
		{`Find the area of the shaded region of a rectangle that is 8 cm by 5 cm.`, `40 cm²`},
		{`A rectangle and a triangle are 8 cm by 5 cm. What is the area?`, `40 cm²`},
		{`A rectangle is 8 cm by 5 cm. A square of side 2 cm is cut out. What is the area?`, `36 cm²`},
		{`A rectangle is 8 m by 50 cm. What is its area?`, `4 m²`},
		{`A rectangle is 8 cm by 5 cm. What is its area in square millimetres?`, `4000`},
		{`Find the perimeter of a 5 x 3 rectangle.`, `16`},
		{`A rectangle is 8 cm by 5 cm. What is its diagonal?`, `9.4 cm`},
		{`Two angles of a triangle are 50° and 60°. Find the exterior angle.`, `110°`},
		{`Two angles of a triangle are 50° and 60°, as shown in the diagram. Find the third angle.`, `70°`},
		{`Two angles of a quadrilateral are 50° and 60°. Find the third angle.`, `70°`},
		{`Two angles of a triangle are 50° and 60°. Find x.`, `70°`},
		{`Two angles of a triangle are 100° and 90°. Find the third angle.`, `-10°`},
		{`A pack of 6 juice boxes costs \$4.50. How much does one pack cost?`, `\$4.50`},
		{`6 juice boxes cost \$4.50 each. How much does one cost?`, `\$4.50`},
		{`6 boxes of crayons cost \$12. How much does one crayon cost?`, `\$2`},
		{`3 pens cost \$1. How much does one pen cost?`, `\$0.33`}, // not a whole number of cents
		{`6 juice boxes and 2 apples cost \$4.50. How much does one juice box cost?`, `\$0.75`},
		{`Juice boxes come in packs of 6 for \$4.50. How much does one pack cost?`, `\$4.50`},
		{`A \$60 jacket is 20% off. Estimate the sale price.`, `\$48`},
		{`Un rectángulo y un triángulo miden 8 cm por 5 cm. ¿Cuál es su área?`, `40 cm²`},
		{`Una chaqueta cuesta \$60 y tiene un descuento del 20\% y luego otro del 10\%. ¿Cuál es el precio final?`, `\$43.20`},
	}
	for _, c := range cases {
		doc := docOf(short(c.text, c.value))
		changes := Document(doc)
		if a := doc.Blocks[0].Question.Answer; len(changes) != 0 || a.Checked || a.Value != c.value {
			t.Errorf("%s → %q: judged: %q %v %+v", c.text, c.value, a.Value, a.Checked, changes)
		}
		doc = docOf(short(c.text, "999"))
		if changes := Document(doc); len(changes) != 0 {
			t.Errorf("%s: a wrong answer was corrected: %+v", c.text, changes)
		}
	}
}
