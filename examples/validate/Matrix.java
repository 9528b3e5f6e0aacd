import java.util.Random;

/**
 * Dense linear algebra, single thread: 60 seeded rounds on matrices of 64-400 rows, as {@code double[][]}
 * (one array per row) and as flat row-major {@code double[]}: an LU decomposition with partial pivoting
 * of a copy, a solve against a random vector, a product of flat matrices and a transpose; every 6th
 * round also multiplies a flat 400 x 1,200 matrix (3.8 MB, over half of an 8 MB young generation's eden)
 * by its 1,200 x 400 transpose. Whole matrices and, in the wide ones, rows are larger than a TLAB. The
 * last 4 products are kept in a ring. ~315 MB.
 */
public class Matrix {
    static double[][] random(Random random, int rows, int cols) {
        double[][] m = new double[rows][];
        for (int i = 0; i < rows; i++) {
            double[] row = new double[cols];
            for (int j = 0; j < cols; j++) {
                row[j] = random.nextDouble() - 0.5;
            }
            m[i] = row;
        }
        return m;
    }

    static double[] flatten(double[][] m) {
        int cols = m[0].length;
        double[] flat = new double[m.length * cols];
        for (int i = 0; i < m.length; i++) {
            System.arraycopy(m[i], 0, flat, i * cols, cols);
        }
        return flat;
    }

    static double[] transpose(double[] a, int rows, int cols) {
        double[] t = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                t[j * rows + i] = a[i * cols + j];
            }
        }
        return t;
    }

    /** (n x k) times (k x m), row-major, i-k-j order. */
    static double[] multiply(double[] a, double[] b, int n, int k, int m) {
        double[] c = new double[n * m];
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < k; p++) {
                double x = a[i * k + p];
                int bRow = p * m;
                int cRow = i * m;
                for (int j = 0; j < m; j++) {
                    c[cRow + j] += x * b[bRow + j];
                }
            }
        }
        return c;
    }

    /** Decomposes a copy of {@code a} in place; returns the pivot order, the factors in {@code lu}. */
    static int[] decompose(double[][] lu) {
        int n = lu.length;
        int[] pivot = new int[n];
        for (int i = 0; i < n; i++) {
            pivot[i] = i;
        }
        for (int col = 0; col < n; col++) {
            int best = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(lu[r][col]) > Math.abs(lu[best][col])) {
                    best = r;
                }
            }
            double[] row = lu[best];
            lu[best] = lu[col];
            lu[col] = row;
            int p = pivot[best];
            pivot[best] = pivot[col];
            pivot[col] = p;
            double d = lu[col][col];
            if (d == 0) {
                continue;
            }
            for (int r = col + 1; r < n; r++) {
                double[] target = lu[r];
                double f = target[col] / d;
                target[col] = f;
                for (int c = col + 1; c < n; c++) {
                    target[c] -= f * row[c];
                }
            }
        }
        return pivot;
    }

    static double[] solve(double[][] lu, int[] pivot, double[] b) {
        int n = lu.length;
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = b[pivot[i]];
            for (int j = 0; j < i; j++) {
                s -= lu[i][j] * y[j];
            }
            y[i] = s;
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = y[i];
            for (int j = i + 1; j < n; j++) {
                s -= lu[i][j] * x[j];
            }
            x[i] = lu[i][i] == 0 ? 0 : s / lu[i][i];
        }
        return x;
    }

    public static void main(String[] args) {
        Random random = new Random(2718);
        double[][] ring = new double[4][];
        double check = 0;
        for (int r = 0; r < 60; r++) {
            int n = 64 + random.nextInt(337);
            double[][] a = random(random, n, n);
            double[][] lu = new double[n][];
            for (int i = 0; i < n; i++) {
                lu[i] = a[i].clone();
            }
            int[] pivot = decompose(lu);
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = random.nextDouble();
            }
            double[] x = solve(lu, pivot, b);
            double[] flat = flatten(a);
            double[] t = transpose(flat, n, n);
            double[] product = multiply(flat, t, n, n, n);
            check += x[n / 2] + product[n + 1];
            if (r % 6 == 5) {
                double[][] wide = random(random, 400, 1_200);
                double[] w = flatten(wide);
                double[] wt = transpose(w, 400, 1_200);
                product = multiply(w, wt, 400, 1_200, 400);
                check += product[401];
            }
            ring[r % ring.length] = product;
        }
        long kept = 0;
        for (double[] p : ring) {
            kept += p.length;
        }
        System.err.println("Matrix: check " + check + ", kept " + kept);
    }
}
