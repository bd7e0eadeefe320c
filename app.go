package main

import "github.com/pocketbase/pocketbase"

// newApp makes the PocketBase app. Dev mode (which prints every SQL statement, password hashes
// and token keys included) is on only when --dev is given: PocketBase's own default turns it on
// for any binary under the temp directory, taking it for `go run`.
func newApp() *pocketbase.PocketBase {
	return pocketbase.NewWithConfig(pocketbase.Config{DefaultDev: false})
}
