package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnifiedDiffHunks(t *testing.T) {
	var before, after []string
	for i := 1; i <= 30; i++ {
		line := "line " + string(rune('a'+i%26)) + "\n"
		before = append(before, line)
		switch i {
		case 2:
			after = append(after, line, "inserted\n")
		case 20:
			after = append(after, "changed\n", "and one more\n")
		case 25:
			// deleted
		default:
			after = append(after, line)
		}
	}
	got := unifiedDiff("a/f.go", "b/f.go", strings.Join(before, ""), strings.Join(after, ""))
	var headers []string
	for _, l := range strings.Split(got, "\n") {
		if strings.HasPrefix(l, "@@") {
			headers = append(headers, l)
		}
	}
	// The insertion after line 2 shifts the new side by one; the change at
	// 20 (one line into two) and the deletion at 25 are four equal lines
	// apart, so they share a hunk.
	want := []string{"@@ -1,5 +1,6 @@", "@@ -17,12 +18,12 @@"}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("hunk headers:\n%s\nwant\n%s\ndiff:\n%s", strings.Join(headers, "\n"), strings.Join(want, "\n"), got)
	}
	if unifiedDiff("a", "b", "x\n", "x\n") != "" {
		t.Error("equal texts give a diff")
	}
}

// TestUnifiedDiffApplies checks with git apply that the diff turns the
// old text into the new one, the last line without a newline included.
func TestUnifiedDiffApplies(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	cases := [][2]string{
		{"a\nb\nc\n", "a\nB\nc\n"},
		{"", "new\nfile\n"},
		{"one\ntwo\n", ""},
		{"x\ny", "x\ny\nz\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(c[0]), 0o644); err != nil {
			t.Fatal(err)
		}
		patch := unifiedDiff("a/f.txt", "b/f.txt", c[0], c[1])
		cmd := exec.Command("git", "apply", "-")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git apply %q -> %q: %v\n%s\n%s", c[0], c[1], err, out, patch)
			continue
		}
		got, _ := os.ReadFile(filepath.Join(dir, "f.txt"))
		if string(got) != c[1] {
			t.Errorf("git apply %q gave %q, want %q", c[0], got, c[1])
		}
	}
}
