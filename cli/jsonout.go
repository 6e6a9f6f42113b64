package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// JSON output, for every command that writes it (trace's jsonl and summary,
// svm's, cv's and features' json). Values are written by encoding/json;
// jsonObject keeps its keys in the order a reader of the contract expects
// (encoding/json sorts a map's), and jnum writes a float the contract's way
// (jsonFloat).

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

// jnum is a float written as trace's JSON writes it (jsonFloat): the
// shortest form that reads back exactly, null when not finite.
type jnum float64

func (v jnum) MarshalJSON() ([]byte, error) { return []byte(jsonFloat(float64(v))), nil }

func jnums(xs []float64) []jnum {
	out := make([]jnum, len(xs))
	for i, x := range xs {
		out[i] = jnum(x)
	}
	return out
}

func jptr(v float64) *jnum { j := jnum(v); return &j }

// jsonFloat writes a float as JSON the way the contract shows it: always
// with a decimal point or exponent ("1.0", "0.25", "1e-07"), shortest form
// that reads back exactly; null for a value that is not finite.
func jsonFloat(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "null"
	case v == 0:
		return "0.0" // also for −0
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e16 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.ContainsRune(s, '.') {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
