/** Binary trees: the allocation-bound program behind the recording cost in the README (argument: the depth). */
public class BinaryTrees {
    static final class Node { Node left, right; Node(Node l, Node r) { left = l; right = r; } }
    static Node make(int d) { return d == 0 ? new Node(null, null) : new Node(make(d - 1), make(d - 1)); }
    static int check(Node n) { return n.left == null ? 1 : 1 + check(n.left) + check(n.right); }
    static Node longLived;
    public static void main(String[] a) {
        int max = Integer.parseInt(a[0]);
        long t0 = System.nanoTime();
        longLived = make(max);
        long sum = 0;
        for (int d = 4; d <= max; d += 2) {
            int iters = 1 << (max - d + 4);
            for (int i = 0; i < iters; i++) sum += check(make(d));
        }
        System.out.println("work ms " + (System.nanoTime() - t0) / 1_000_000 + " sum " + sum);
    }
}
