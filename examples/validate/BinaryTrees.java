/**
 * The binary-trees benchmark, single thread, own classes only: a long-lived tree of depth 14 (1 MB)
 * kept throughout, a stretch tree of depth 15, and many short-lived trees of depths 4 to 14 (about
 * 100 MB allocated).
 */
public class BinaryTrees {
    static final class TreeNode {
        final TreeNode left;
        final TreeNode right;

        TreeNode(TreeNode left, TreeNode right) {
            this.left = left;
            this.right = right;
        }

        int check() {
            return left == null ? 1 : 1 + left.check() + right.check();
        }
    }

    static TreeNode bottomUp(int depth) {
        return depth > 0 ? new TreeNode(bottomUp(depth - 1), bottomUp(depth - 1)) : new TreeNode(null, null);
    }

    public static void main(String[] args) {
        int minDepth = 4;
        int maxDepth = 14;
        long total = bottomUp(maxDepth + 1).check();
        TreeNode longLived = bottomUp(maxDepth);
        for (int depth = minDepth; depth <= maxDepth; depth += 2) {
            int iterations = 1 << (maxDepth - depth + minDepth);
            for (int i = 0; i < iterations; i++) {
                total += bottomUp(depth).check();
            }
        }
        System.out.println(total + longLived.check());
    }
}
