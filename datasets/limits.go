package datasets

// The limits below keep kernelscope from running out of memory, or reading
// forever, on input that is too large or never ends: --data /dev/zero, a
// FIFO that writes rows (or blank lines) without end, a log file passed by
// mistake. Each is far above what a teaching set needs, and each stops
// reading with an error that names it.
const (
	// MaxRows is the most data rows a CSV file may hold; it is also the most
	// points the trainer takes. ReadCSV fails on row MaxRows+1, before it
	// stores it.
	MaxRows = 1_000_000

	// MaxLines is the most lines ReadCSV reads, counting every line: data,
	// header and blank. It is what ends a stream of blank lines, and leaves
	// room for a blank line after each of MaxRows rows, and a million more.
	MaxLines = 2*MaxRows + 1_000_000

	// MaxBytes is the most bytes ReadCSV reads: 256 MiB, over 250 bytes for
	// each of MaxRows rows, where a row written by WriteCSV takes at most 52.
	// It bounds the time spent on a stream of long blank lines, which
	// MaxLines alone would let run to 8 GB.
	MaxBytes = 256 << 20

	// MaxGenerate is the largest number of points a generated set may be
	// asked for: the export command's limit, about 500 MB of CSV. A file of
	// more than MaxRows points is for other programs, since ReadCSV refuses
	// it. Generate does not check the limit (it would allocate what it is
	// asked for): a caller that takes n from a user refuses a larger n.
	MaxGenerate = 10_000_000
)

// maxLine is the longest line ReadCSV and ReadCSVColumns accept, not
// counting its line ending: 1 MiB. A row of three numbers fits in under 80
// bytes, but a wide file whose columns ReadCSVColumns picks may have
// thousands (1000 columns of full-precision numbers take about 25 KB a
// row); 1 MiB holds some 40,000 such columns. The limit keeps a file
// without newlines (/dev/zero) from being read whole into memory: a line is
// held in at most maxLine bytes, and only while it is read.
const maxLine = 1 << 20

// tooLong is the message for a line over maxLine bytes.
const tooLong = "line is too long to be data (over 1 MiB)"
