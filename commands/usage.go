package commands

import (
	"fmt"

	"github.com/spf13/cobra"
)

// plainUsage makes a mistyped command line (an unknown flag, a missing or extra argument)
// one sentence on stderr and exit status 2, as every other failure of our commands is one
// sentence and status 1. PocketBase's root command silences errors and exits 0 whatever a
// command returns, so without this `generate --bogus-flag` printed and wrote nothing.
func plainUsage(cmd *cobra.Command) *cobra.Command {
	refuse := func(c *cobra.Command, err error) error {
		fmt.Fprintf(c.ErrOrStderr(), "%s: %v (see `sheetsmith %s --help`)\n", c.Name(), err, c.Name())
		exit(2)
		return err
	}
	cmd.SetFlagErrorFunc(refuse)
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error {
			if err := args(c, a); err != nil {
				return refuse(c, err)
			}
			return nil
		}
	}
	return cmd
}
