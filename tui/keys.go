package tui

import "charm.land/bubbles/v2/key"

// bind makes a key binding of keys with its help key and text.
func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}
