package offline

import (
	"context"
	"strings"
	"testing"

	"sheetsmith/generate"
	"sheetsmith/generate/offline/skills"
)

// Every meaningful phrase of a request changes the sheet or is named in the reply, in the
// teacher's own words; words that only talk ("two kids", "thank you") are not.
func TestFaithfulReply(t *testing.T) {
	for _, c := range []struct {
		prompt string
		names  []string // quoted in the reply
		not    string   // never in the reply
	}{
		{"15 circle area problems, round to the nearest tenth", []string{"“round to the nearest tenth”"}, ""},
		{"elapsed time in 15 minute intervals", []string{"“15 minute intervals”"}, ""},
		{"tiempo transcurrido en intervalos de 15 minutos", []string{"No usé «intervalos de 15 minutos»"}, ""},
		// constraints the skills take: honoured, not named
		{"making change problems, the customer always pays with a $20 bill", nil, "didn't use"},
		{"15 circle area problems, use 3.14 for pi", nil, "didn't use"},
		{"Quisiera una ficha de problemas de cambio: el cliente siempre paga con un billete de 20 pesos.", nil, "No usé"},
		{"fractions on a number line, 8 questions. Denominators should be 2, 3, 4, 6 and 8 only.", []string{"“Denominators should be 2, 3, 4, 6 and 8”"}, ""},
		// a constraint read, but taken by none of the sheet's skills
		{"20 clocks to read, to the nearest 100", []string{"“nearest 100”", "clocks to read"}, ""},
		{"I'm homeschooling two kids. Please make 10 adding decimals problems. Thank you!", nil, "didn't use"},
		{"6 area and 6 perimeter problems for grade 3", nil, "didn't use"},
		// the notation the questions use is no skill left out
		{"Tarea de 5º: 10 problemas de fracciones equivalentes y 5 de comparar fracciones con <, > o =.", nil, "No usé"},
	} {
		d, err := New(func() int64 { return 1 }).Write(context.Background(), generate.Request{Prompt: c.prompt}, nil)
		if err != nil {
			t.Errorf("%q: %v", c.prompt, err)
			continue
		}
		for _, n := range c.names {
			if !strings.Contains(d.Message, n) {
				t.Errorf("%q: the reply does not name %s: %s", c.prompt, n, d.Message)
			}
		}
		if c.not != "" && strings.Contains(d.Message, c.not) {
			t.Errorf("%q: the reply says %q: %s", c.prompt, c.not, d.Message)
		}
	}
}

// A constraint a skill takes is honoured, not named: sides "up to 12" are at most 12.
func TestFaithfulConstraintTaken(t *testing.T) {
	q := read("area of rectangles with sides up to 12 cm, 12 problems")
	spec, notes := fresh(q, 3)
	if len(spec.Sections) != 1 || spec.Sections[0].Skill != "area-rectangles" || spec.Sections[0].P.Max != 12 {
		t.Fatalf("read as %+v", spec.Sections)
	}
	for _, n := range notes {
		if strings.Contains(n, "up to 12") {
			t.Errorf("a constraint the skill takes is named as unused: %s", n)
		}
	}
	sk, _ := skills.Get("area-rectangles")
	for i, it := range sk.Questions(3, 40, spec.Sections[0].P, nil, lang("en").T) {
		if it.Nums[0] > 12 || it.Nums[1] > 12 {
			t.Errorf("question %d has sides %v, above 12", i+1, it.Nums[:2])
		}
	}
}

// The bill paid with and π as asked are every question's: "pays with a $20 bill" pays $20.00,
// "in terms of pi" answers in π.
func TestBillAndPiAreHonoured(t *testing.T) {
	for _, c := range []struct {
		prompt, skill, in string
	}{
		{"making change problems, the customer always pays with a $20 bill", "making-change", `pays with $\$20.00$`},
		{"10 problemas de cambio, paga con un billete de 50 pesos", "making-change", `paga con $\$50.00$`},
		{"circumference of circles, leave answers in terms of pi", "circle-circumference", `in terms of $\pi$`},
		{"15 circle area problems, use 3.14 for pi", "circle-area", `Use 3.14 for $\pi$`},
	} {
		d, err := New(func() int64 { return 1 }).Write(context.Background(), generate.Request{Prompt: c.prompt}, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.prompt, err)
		}
		qs := questionsOf(d.Document)
		for _, q := range qs {
			if !strings.Contains(q, c.in) {
				t.Errorf("%q: %q does not say %s", c.prompt, q, c.in)
			}
		}
		if len(qs) < 10 {
			t.Errorf("%q: %d questions", c.prompt, len(qs))
		}
	}
}
