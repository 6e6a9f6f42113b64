package tui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// namedKey is the key a script names by a word, spelled as bubbles/key
// spells bindings (and as tea.KeyPressMsg.String() reports them). A
// switch, not a map: nothing is built at start.
func namedKey(name string) (rune, bool) {
	switch name {
	case "space":
		return tea.KeySpace, true
	case "esc":
		return tea.KeyEscape, true
	case "enter":
		return tea.KeyEnter, true
	case "tab":
		return tea.KeyTab, true
	case "backspace":
		return tea.KeyBackspace, true
	case "delete":
		return tea.KeyDelete, true
	case "up":
		return tea.KeyUp, true
	case "down":
		return tea.KeyDown, true
	case "left":
		return tea.KeyLeft, true
	case "right":
		return tea.KeyRight, true
	case "home":
		return tea.KeyHome, true
	case "end":
		return tea.KeyEnd, true
	case "pgup":
		return tea.KeyPgUp, true
	case "pgdown":
		return tea.KeyPgDown, true
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(name, "f")); err == nil && strings.HasPrefix(name, "f") && n >= 1 && n <= 12 && name == "f"+strconv.Itoa(n) {
		return tea.KeyF1 + rune(n-1), true
	}
	return 0, false
}

// keyMod is the modifier a key name may start with ("ctrl+c",
// "shift+left").
func keyMod(name string) (tea.KeyMod, bool) {
	switch name {
	case "ctrl":
		return tea.ModCtrl, true
	case "alt":
		return tea.ModAlt, true
	case "shift":
		return tea.ModShift, true
	}
	return 0, false
}

// ParseKey is the key press Bubble Tea sends for the key named name: one
// character ("c", "?", "K", "+"), a word ("space", "esc", "enter", "up",
// "pgdown", "f1"), either after modifiers ("ctrl+c", "shift+left"). An
// unknown name is an error that says how keys are spelled.
func ParseKey(name string) (tea.KeyPressMsg, error) {
	rest := name
	var mod tea.KeyMod
	for {
		before, after, ok := strings.Cut(rest, "+")
		m, isMod := keyMod(before)
		if !ok || !isMod || after == "" {
			break
		}
		mod |= m
		rest = after
	}
	if code, ok := namedKey(rest); ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k, nil
	}
	if r, size := utf8.DecodeRuneInString(rest); size == len(rest) && r != utf8.RuneError && r > ' ' && r != 0x7f {
		k := tea.KeyPressMsg{Code: r, Mod: mod}
		if mod&(tea.ModCtrl|tea.ModAlt) == 0 {
			k.Text = rest
		}
		return k, nil
	}
	return tea.KeyPressMsg{}, fmt.Errorf("unknown key %q: name a key as one character (c, ?, K) or one of space, esc, enter, tab, backspace, delete, up, down, left, right, home, end, pgup, pgdown, f1…f12, after ctrl+, alt+ or shift+ if need be", name)
}
