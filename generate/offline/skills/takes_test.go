package skills

import "testing"

// Every constraint a skill declares is a known kind: a misspelt kind would leave the
// constraint silently unused, and the reply would call a followed constraint not followed.
func TestSkillsDeclareKnownConstraints(t *testing.T) {
	kinds := map[string]bool{}
	for _, k := range Constraints() {
		kinds[k] = true
	}
	used := map[string]bool{}
	for _, sk := range All() {
		for _, kind := range sk.Constraints {
			if !kinds[kind] {
				t.Errorf("%s declares constraint %q, which is not in Constraints()", sk.ID, kind)
			}
			used[kind] = true
		}
	}
	for kind := range kinds {
		if !used[kind] {
			t.Errorf("no skill takes constraint %q", kind)
		}
	}
	if sk, _ := Get("rounding"); !sk.Takes(TakesRoundTo) || sk.Takes(TakesStep) {
		t.Error("rounding should take a rounding place and no clock minutes")
	}
	if sk, _ := Get("order-of-operations"); !sk.Holds("exponents", 6) || sk.Holds("exponents", 5) {
		t.Error("order of operations holds powers from grade 6 on")
	}
	if sk, _ := Get("scientific-notation"); func() bool { l, ok := sk.OperatesFrom(); return !ok || l != 1 }() {
		t.Error("scientific notation operates from the hard level")
	}
}
