package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns the unified diff, with three lines of context,
// that turns before into after, with the file names oldName and newName
// ("a/path" and "b/path" for git apply), or "" when they are equal.
func unifiedDiff(oldName, newName, before, after string) string {
	if before == after {
		return ""
	}
	a, b := splitLines(before), splitLines(after)
	ops := diffLines(a, b)
	const context = 3
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldName, newName)
	// ops holds one entry per line of the edit script: ' ', '-' or '+'.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before the first change to context
		// lines after the last change that is at most 2*context lines of
		// equal text away from the next.
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		oldStart, newStart := ops[start].a, ops[start].b
		oldCount, newCount := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				oldCount++
			}
			if op.kind != '-' {
				newCount++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(oldStart, oldCount), hunkRange(newStart, newCount))
		for _, op := range ops[start:end] {
			line := op.text
			sb.WriteByte(op.kind)
			sb.WriteString(line)
			if !strings.HasSuffix(line, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return sb.String()
}

// hunkRange formats the start (0-based index of its first line) and
// length of one side of a hunk, as diff -u does: an empty range names
// the line before it.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// A lineOp is one line of an edit script: kept (' '), deleted ('-') or
// inserted ('+'), with the 0-based index it has, or would have, on each
// side at that point.
type lineOp struct {
	kind byte
	text string
	a, b int
}

// diffLines returns an edit script of a into b with the fewest changed
// lines, by a longest common subsequence over the lines between the
// common prefix and suffix.
func diffLines(a, b []string) []lineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	// lcs[i][j]: the length of the LCS of ma[i:] and mb[j:].
	w := len(mb) + 1
	lcs := make([]int32, (len(ma)+1)*w)
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var ops []lineOp
	for k := range pre {
		ops = append(ops, lineOp{' ', a[k], k, k})
	}
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			ops = append(ops, lineOp{' ', ma[i], pre + i, pre + j})
			i++
			j++
		case j == len(mb) || i < len(ma) && lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			ops = append(ops, lineOp{'-', ma[i], pre + i, pre + j})
			i++
		default:
			ops = append(ops, lineOp{'+', mb[j], pre + i, pre + j})
			j++
		}
	}
	for k := range suf {
		ops = append(ops, lineOp{' ', a[len(a)-suf+k], len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}
