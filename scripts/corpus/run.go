package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers"
)

// cmdResult is the outcome of one command.
type cmdResult struct {
	stdout, stderr string
	code           int // exit code; -1 when the command did not run or was killed
	timedOut       bool
	err            error // failure to start, or the timeout
	seconds        float64
}

// run runs name args in dir with env and captures its output.
func run(cfg *config, dir string, env []string, name string, args ...string) cmdResult {
	ctx, cancel := context.WithTimeout(context.Background(), cfg.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := cmdResult{stdout: stdout.String(), stderr: stderr.String(), seconds: time.Since(start).Seconds()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.code, r.timedOut = -1, true
		r.err = fmt.Errorf("%s %s: timed out after %v", name, shortArgs(args), cfg.timeout)
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		r.code, r.err = -1, err
	}
	return r
}

func shortArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// corpusEnv is the environment of the go commands and retrylint runs in
// the throwaway modules: module mode, no workspace, the local toolchain.
func corpusEnv() []string {
	env := os.Environ()
	env = setEnv(env, "GOWORK", "off")
	env = setEnv(env, "GOTOOLCHAIN", "local")
	env = setEnv(env, "GOFLAGS", "-mod=mod -buildvcs=false")
	env = setEnv(env, "GO111MODULE", "on")
	return env
}

func setEnv(env []string, key, value string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, key+"=") {
			out = append(out, kv)
		}
	}
	return append(out, key+"="+value)
}

// buildRetrylint builds cmd/retrylint of the checkout into <work>/bin.
func buildRetrylint(cfg *config) (string, error) {
	bin := filepath.Join(cfg.work, "bin", "retrylint")
	env := setEnv(os.Environ(), "GOWORK", "off")
	r := run(cfg, cfg.repo, env, "go", "build", "-o", bin, "./cmd/retrylint")
	if r.err != nil || r.code != 0 {
		return "", fmt.Errorf("go build ./cmd/retrylint: %v\n%s", r.err, r.stderr)
	}
	return bin, nil
}

// listAnalyzers returns the names of the suite's analyzers, from the
// module this program is built from (the -repo checkout when run from its
// root, as documented), not from the wording of "retrylint help".
func listAnalyzers() []string {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	return names
}

// repoCommit describes the checkout: its commit and whether tracked files
// are modified. Both commands only read (optional locks are off, so git
// status does not refresh the index).
func repoCommit(cfg *config) string {
	env := setEnv(os.Environ(), "GIT_OPTIONAL_LOCKS", "0")
	r := run(cfg, cfg.repo, env, "git", "rev-parse", "--short=12", "HEAD")
	if r.code != 0 {
		return "unknown"
	}
	commit := strings.TrimSpace(r.stdout)
	s := run(cfg, cfg.repo, env, "git", "status", "--porcelain", "--untracked-files=all")
	if s.code == 0 && strings.TrimSpace(s.stdout) != "" {
		n := len(strings.Split(strings.TrimSpace(s.stdout), "\n"))
		commit += fmt.Sprintf(" plus uncommitted changes (%d paths)", n)
	}
	return commit
}

func goVersion(cfg *config) string {
	r := run(cfg, cfg.work, os.Environ(), "go", "env", "GOVERSION")
	return strings.TrimSpace(r.stdout)
}

// posnRE splits a "file:line:col" position.
var posnRE = regexp.MustCompile(`^(.*):(\d+):(\d+)$`)

// panicText returns the crash text in a command's stderr: a Go panic, a
// fatal runtime error or a log.Panic/"internal error", with the first
// lines of the trace.
func panicText(stderr string) string {
	lines := strings.Split(stderr, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") ||
			strings.Contains(line, "[recovered]") {
			end := min(len(lines), i+25)
			return strings.Join(lines[i:end], "\n")
		}
	}
	return ""
}

// internalErrorLines returns the lines that mention an internal error.
func internalErrorLines(stderr string) []string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(strings.ToLower(line), "internal error") {
			out = append(out, line)
		}
	}
	return out
}

// relFile returns file relative to dir when it is inside it.
func relFile(file, dir string) string {
	if dir != "" && strings.HasPrefix(file, dir+string(filepath.Separator)) {
		return filepath.ToSlash(file[len(dir)+1:])
	}
	return file
}
