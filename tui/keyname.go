package tui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// namedKeys are the keys a script names by a word, spelled as bubbles/key
// spells bindings (and as tea.KeyPressMsg.String() reports them).
var namedKeys = map[string]rune{
	"space": tea.KeySpace, "esc": tea.KeyEscape, "enter": tea.KeyEnter, "tab": tea.KeyTab,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"f1": tea.KeyF1, "f2": tea.KeyF2, "f3": tea.KeyF3, "f4": tea.KeyF4, "f5": tea.KeyF5, "f6": tea.KeyF6,
	"f7": tea.KeyF7, "f8": tea.KeyF8, "f9": tea.KeyF9, "f10": tea.KeyF10, "f11": tea.KeyF11, "f12": tea.KeyF12,
}

// keyMods are the modifiers a key name may start with ("ctrl+c",
// "shift+left").
var keyMods = map[string]tea.KeyMod{"ctrl": tea.ModCtrl, "alt": tea.ModAlt, "shift": tea.ModShift}

// ParseKey is the key press Bubble Tea sends for the key named name: one
// character ("c", "?", "K", "+"), a word ("space", "esc", "enter", "up",
// "pgdown", "f1"), either after modifiers ("ctrl+c", "shift+left"). An
// unknown name is an error that says how keys are spelled.
func ParseKey(name string) (tea.KeyPressMsg, error) {
	rest := name
	var mod tea.KeyMod
	for {
		before, after, ok := strings.Cut(rest, "+")
		m, isMod := keyMods[before]
		if !ok || !isMod || after == "" {
			break
		}
		mod |= m
		rest = after
	}
	if code, ok := namedKeys[rest]; ok {
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
