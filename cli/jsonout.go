package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// JSON output. Values are written by encoding/json; jsonObject keeps its
// keys in the order a reader of the contract expects (encoding/json sorts
// a map's), and jnum writes a float the contract's way (jsonFloat).

// jsonField is one key and its value.
type jsonField struct {
	key string
	val any
}

// jsonObject is a JSON object whose keys keep their order.
type jsonObject []jsonField

// MarshalJSON writes {"key":value,...} in the object's order.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w *bufio.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	w.Write(b)
	return w.WriteByte('\n')
}
