// Command custom-gcl is golangci-lint v2.15.0 with the retrylint plugins
// linked in: what "golangci-lint custom" builds from .custom-gcl.yml, built
// here without fetching golangci-lint's sources from its forge.
package main

import (
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/retrylint/retrylint/plugin"
)

func main() {
	// Version stays empty: golangci-lint keys its result cache on it, and
	// a fixed version would replay findings from before a plugin change.
	info := commands.BuildInfo{GoVersion: "", Version: "", Commit: "", Date: ""}
	if err := commands.Execute(info); err != nil {
		os.Exit(exitcodes.Failure)
	}
}
