package skills

import "testing"

// Every skill a constraint names exists, and every constraint is listed: a misspelt id would
// leave a constraint silently unused.
func TestTakesNamesSkills(t *testing.T) {
	kinds := map[string]bool{}
	for _, k := range Constraints() {
		kinds[k] = true
	}
	for kind, ids := range takes {
		if !kinds[kind] {
			t.Errorf("constraint %q is not in Constraints()", kind)
		}
		for _, id := range ids {
			if _, ok := Get(id); !ok {
				t.Errorf("constraint %q names %q, which is no skill", kind, id)
			}
		}
	}
	if sk, _ := Get("rounding"); !sk.Takes(TakesRoundTo) || sk.Takes(TakesStep) {
		t.Error("rounding should take a rounding place and no clock minutes")
	}
}
