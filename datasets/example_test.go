package datasets_test

import (
	"fmt"
	"os"

	"kernelscope/datasets"
)

func ExampleBuiltin_Generate() {
	b, ok := datasets.Lookup("worked3")
	if !ok {
		return
	}
	fmt.Println(b.Description)
	fmt.Printf("kernel %s, bias %v, tie %v\n", b.Preset.Kernel, b.Preset.Bias, b.Preset.Tie)
	if err := datasets.WriteCSV(os.Stdout, b.Generate(b.DefaultN, b.DefaultNoise, 1)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// three points, linear with bias x̃ = (1, x₁, x₂): the notes' dual-perceptron example
	// kernel linear, bias true, tie pos
	// x1,x2,y
	// 2,-1,1
	// 2,1,1
	// 1,3,-1
}
