package notation

// Heldout writes a run's accuracy on the data it trained on beside its
// accuracy on the rows held out of training, ending in a newline, the
// comparison that says whether it learned or memorized (seed 003:
// "Overfitting?"):
//
//	30 of 100 rows held out as test data (the last rows)
//	test accuracy 90% (27 of 30) · training accuracy 97.14% (68 of 70)
func Heldout(what string, train float64, nTrain int, test float64, nTest int) string {
	return what + "\ntest accuracy " + accuracy(test, nTest) +
		" · training accuracy " + accuracy(train, nTrain) + "\n"
}
