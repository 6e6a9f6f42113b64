package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
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
		v, err := marshal(f.val)
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

// marshal is json.Marshal(v), but this file's own types write themselves
// straight away: json.Marshal would check and copy what they write once
// more for every level of nesting.
func marshal(v any) ([]byte, error) {
	switch v := v.(type) {
	case jsonObject:
		return v.MarshalJSON()
	case jnumList:
		return v.MarshalJSON()
	case jnum:
		return v.MarshalJSON()
	}
	return json.Marshal(v)
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w *bufio.Writer, v any) error {
	b, err := marshal(v)
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

// jnums is xs as jnums. The list writes itself whole: encoding/json
// would call a method and check its output for every number, which for
// the thousands of α of a trace's summary was 0.4 ms of a 12 ms run.
func jnums(xs []float64) jnumList {
	out := make(jnumList, len(xs))
	for i, x := range xs {
		out[i] = jnum(x)
	}
	return out
}

// jnumList is a list of jnums.
type jnumList []jnum

func (l jnumList) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 2+12*len(l))
	b = append(b, '[')
	for i, v := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONFloat(b, float64(v))
	}
	return append(b, ']'), nil
}

func jptr(v float64) *jnum { j := jnum(v); return &j }

// jsonFloat writes a float as JSON the way the contract shows it: always
// with a decimal point or exponent ("1.0", "0.25", "1e-07"), shortest form
// that reads back exactly; null for a value that is not finite.
func jsonFloat(v float64) string { return string(appendJSONFloat(nil, v)) }

// appendJSONFloat appends jsonFloat(v) to b.
func appendJSONFloat(b []byte, v float64) []byte {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return append(b, "null"...)
	case v == 0:
		return append(b, "0.0"...) // also for −0
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e16 {
		start := len(b)
		b = strconv.AppendFloat(b, v, 'f', -1, 64)
		if bytes.IndexByte(b[start:], '.') < 0 {
			b = append(b, ".0"...)
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64)
}
