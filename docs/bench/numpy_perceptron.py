"""A numpy kernel perceptron written as in seed 002 (a vectorised Gram
matrix, then one dot product per step), to time kernelscope against.

    kernelscope export --dataset circles --n 4000 --noise 0.1 > c.csv
    time python3 docs/bench/numpy_perceptron.py c.csv 10 0.5
    time kernelscope trace --data c.csv --kernel 'rbf(sigma=0.5)' --epochs 10 --format summary

Arguments: CSV file (x1,x2,y with a header), epochs, σ of the RBF kernel.
Prints: epochs run, mistakes, support vectors. Mistake rule y·f ≤ 0.
"""
import sys

import numpy as np

path, epochs, sigma = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
d = np.loadtxt(path, delimiter=",", skiprows=1)
X, y = d[:, :2], d[:, 2]
y[y == 0] = -1
n = len(y)
sq = (X**2).sum(1)
K = np.exp(-(sq[:, None] + sq[None, :] - 2 * X @ X.T) / (2 * sigma**2))
alpha = np.zeros(n)
mistakes = 0
for t in range(epochs):
    m = 0
    for i in range(n):
        f = np.sum(K[:, i] * alpha * y)
        if y[i] * f <= 0:
            alpha[i] += 1.0
            m += 1
    mistakes += m
    if m == 0:
        break
print(t + 1, mistakes, int((alpha > 0).sum()))
