// Package datasets holds the 2D labelled examples kernelscope trains on: the
// lecture notes' worked examples (and their 1-D input, interval: points on
// the line x₂ = 0), seeded generators for the classic teaching sets (xor,
// circles, moons, blobs, spiral, linear), and reading and writing them as
// CSV files of rows x1,x2,y.
//
// Everything here is deterministic: a generated set depends only on its name,
// size, noise and seed.
package datasets
