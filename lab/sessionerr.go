package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// A SessionError says what is wrong with a session file, and where:
//
//	s.json: line 12, column 5: "training.tie": unknown tie rule "maybe" (want mistake, pos or neg)
type SessionError struct {
	File      string
	Line, Col int // 1-based; 0 when the problem has no one place
	// Field is the field at fault as a path, "training.tie" or
	// "points[3]" (from 0), "" for the file as a whole.
	Field, Msg string
}

func (e *SessionError) Error() string {
	where := safetext.Name(e.File)
	if e.Line > 0 {
		where += fmt.Sprintf(": line %d, column %d", e.Line, e.Col)
	}
	if e.Field != "" {
		// The path is the file's keys, which may be megabytes long.
		return fmt.Sprintf("%s: %q: %s", where, safetext.Short(e.Field), e.Msg)
	}
	return where + ": " + e.Msg
}

// at is a SessionError about field, placed where data has it: its key,
// the element for "points[i]", or for a field that is not there the
// section that lacks it.
func at(data []byte, name, field, msg string) error {
	e := &SessionError{File: name, Field: field, Msg: msg}
	for f := field; f != ""; {
		if off := offsetOf(data, f); off >= 0 {
			e.Line, e.Col = position(data, off)
			break
		}
		i := strings.LastIndexAny(f, ".[")
		if i < 0 {
			break
		}
		f = f[:i]
	}
	return e
}

// jsonError turns encoding/json's error into a SessionError with the line
// and column of the offending byte or field.
func jsonError(data []byte, name string, err error) error {
	e := &SessionError{File: name}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		e.Line, e.Col = position(data, se.Offset-1) // the byte it stopped at
		e.Msg = "not valid JSON: " + strings.TrimPrefix(se.Error(), "json: ")
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the session"
		}
		// te.Value is "number " and the number as written, of any length.
		msg := fmt.Sprintf("wants %s, not a JSON %s", jsonKind(te.Type), safetext.Short(te.Value))
		if strings.HasPrefix(te.Value, "number ") && (te.Type.Kind() == reflect.Float64 || te.Type.Kind() == reflect.Int) {
			msg = fmt.Sprintf("%s is not %s kernelscope can hold", safetext.Short(strings.TrimPrefix(te.Value, "number ")), jsonKind(te.Type))
		}
		off := offsetOf(data, te.Field)
		if te.Field == "points" {
			// encoding/json names the list; the point is the element
			// the offending value is in.
			field, off = elementAt(data, "points", te.Offset)
		}
		if off < 0 {
			off = te.Offset
		}
		e.Line, e.Col = position(data, off)
		e.Field, e.Msg = field, msg
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		e.Msg = "empty or cut short: not a whole session"
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		key, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		path, off := unknownKey(data, key)
		e.Line, e.Col = position(data, off)
		e.Field, e.Msg = path, "is not a field of a session (format "+strconv.Itoa(SessionFormat)+")"
		if path == "" {
			e.Msg = `the key "" is not a field of a session`
		}
	default:
		e.Msg = err.Error()
	}
	return e
}

// jsonKind says what a Go type wants in JSON's words.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Uint64:
		return "a whole number"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list [...]"
	case reflect.Struct, reflect.Map:
		return "an object {...}"
	}
	return "a " + t.String()
}

// knownFields are the paths of every field a session has, the learners'
// settings among them; made on first use.
var knownFields = sync.OnceValue(func() map[string]bool {
	known := map[string]bool{}
	var add func(prefix string, t reflect.Type)
	add = func(prefix string, t reflect.Type) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				add(prefix, f.Type) // its fields are the section's
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				continue
			}
			if prefix != "" {
				name = prefix + "." + name
			}
			known[name] = true
			add(name, f.Type)
		}
	}
	add("", reflect.TypeFor[sessionFile]())
	for _, s := range learn.Settings() {
		known["training."+settingKey(s)] = true
	}
	return known
})

// unknownKey finds the first key named key that is not a field of a
// session: its path and offset (-1 when there is none).
func unknownKey(data []byte, key string) (string, int64) {
	path, found := key, int64(-1)
	walkJSON(data, func(p string, isKey bool, off int64) bool {
		if isKey && !knownFields()[p] && (p == key || strings.HasSuffix(p, "."+key)) {
			path, found = p, off
			return false
		}
		return true
	})
	return path, found
}

// duplicateKey finds the first key an object of data (valid JSON) holds
// twice, which encoding/json would read as its last value without a word:
// its path, as walkJSON writes paths, and the offsets of its second and
// first occurrences ("" when no key is there twice). It scans the bytes
// itself: walkJSON's tokens take seconds over a million points, this
// milliseconds.
func duplicateKey(data []byte) (path string, second, first int64) {
	type frame struct {
		obj     bool
		in      string // the key of the parent object it is the value of
		at      int    // or its index in the parent array
		keys    map[string]int64
		key     string // the key whose value comes next (an object's)
		wantKey bool
		n       int // elements so far (an array's)
	}
	var stack []frame
	pathOf := func(key string) string {
		var b strings.Builder
		for k, f := range stack {
			if k == 0 {
				continue // the top value has the path ""
			}
			if stack[k-1].obj {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.in)
			} else {
				fmt.Fprintf(&b, "[%d]", f.at)
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(key)
		return b.String()
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			start, escaped := i, false
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i, escaped = i+1, true
				}
			}
			k := len(stack) - 1
			if k < 0 || !stack[k].obj || !stack[k].wantKey {
				continue // a string value
			}
			key := string(data[start+1 : min(i, len(data))])
			if escaped {
				json.Unmarshal(data[start:min(i+1, len(data))], &key)
			}
			f := &stack[k]
			if at, ok := f.keys[key]; ok {
				return pathOf(key), int64(start), at
			}
			if f.keys == nil {
				f.keys = map[string]int64{}
			}
			f.keys[key], f.key, f.wantKey = int64(start), key, false
		case '{', '[':
			f := frame{obj: c == '{', wantKey: c == '{'}
			if k := len(stack) - 1; k >= 0 {
				f.in, f.at = stack[k].key, stack[k].n
			}
			stack = append(stack, f)
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if k := len(stack) - 1; k >= 0 {
				if stack[k].obj {
					stack[k].wantKey = true
				} else {
					stack[k].n++
				}
			}
		}
	}
	return "", 0, 0
}

// offsetOf is the offset in data of the key at path ("training.tie"), or
// of the array element at path ("points[3]"); the last one when a key is
// there twice, as encoding/json takes the last; -1 when there is none.
func offsetOf(data []byte, path string) int64 {
	found := int64(-1)
	walkJSON(data, func(p string, isKey bool, off int64) bool {
		if p == path && (isKey || strings.HasSuffix(p, "]")) {
			found = off
		}
		return true
	})
	return found
}

// elementAt is the element of the list at path that holds byte offset:
// its path ("points[3]") and offset; the list itself when none does.
func elementAt(data []byte, path string, offset int64) (string, int64) {
	field, found := path, offsetOf(data, path)
	prefix := path + "["
	walkJSON(data, func(p string, isKey bool, off int64) bool {
		if off > offset {
			return false
		}
		if rest, ok := strings.CutPrefix(p, prefix); ok && !isKey && strings.Count(rest, "[") == 0 {
			field, found = p, off
		}
		return true
	})
	return field, found
}

// walkJSON calls fn with the path and offset of every key and every value
// of data (valid JSON, or the part of it before the first error) in order:
// keys as "a.b", array elements as "a[i]"; the top value has the path "".
// fn returns false to stop.
func walkJSON(data []byte, fn func(path string, isKey bool, off int64) bool) {
	type frame struct {
		path string
		obj  bool
		key  string // the key whose value comes next (an object's)
		// wantKey: an object's next token is a key (keys can be "").
		wantKey bool
		n       int // elements so far, in an array
	}
	var stack []frame
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	done := func() { // a value of the innermost container is complete
		if k := len(stack) - 1; k >= 0 {
			if stack[k].obj {
				stack[k].wantKey = true
			} else {
				stack[k].n++
			}
		}
	}
	for {
		start := d.InputOffset()
		tok, err := d.Token()
		if err != nil {
			return
		}
		// The token starts after the separators before it.
		for start < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[start]) >= 0 {
			start++
		}
		k := len(stack) - 1
		if delim, ok := tok.(json.Delim); ok && (delim == '}' || delim == ']') {
			if k < 0 {
				return // a close after the top value: nothing more to name
			}
			stack = stack[:k]
			done()
			continue
		}
		if k >= 0 && stack[k].obj && stack[k].wantKey {
			key, _ := tok.(string)
			stack[k].key, stack[k].wantKey = key, false
			if stack[k].path != "" {
				key = stack[k].path + "." + key
			}
			if !fn(key, true, start) {
				return
			}
			continue
		}
		path := ""
		switch {
		case k >= 0 && stack[k].obj:
			path = stack[k].key
			if stack[k].path != "" {
				path = stack[k].path + "." + path
			}
		case k >= 0:
			path = fmt.Sprintf("%s[%d]", stack[k].path, stack[k].n)
		}
		if !fn(path, false, start) {
			return
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{path: path, obj: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{path: path})
		default:
			done()
		}
	}
}

// position is the 1-based line and column (in characters) of byte offset.
func position(data []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len([]rune(string(before[bytes.LastIndexByte(before, '\n')+1:]))) + 1
	return line, col
}
