import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Tree and graph builder, single thread: builds seeded random trees, links some nodes across trees, keeps every fourth tree. */
public class TreeBuilder {
    static final class Node {
        final List<Node> children = new ArrayList<>(2);
        Node link;
        final int value;

        Node(int value) {
            this.value = value;
        }
    }

    static Node build(Random random, int depth) {
        Node n = new Node(random.nextInt());
        if (depth > 0) {
            int k = 1 + random.nextInt(3);
            for (int i = 0; i < k; i++) {
                n.children.add(build(random, depth - 1 - random.nextInt(2)));
            }
        }
        return n;
    }

    public static void main(String[] args) {
        Random random = new Random(5);
        List<Node> kept = new ArrayList<>();
        long nodes = 0;
        for (int t = 0; t < 6000; t++) {
            Node root = build(random, 9);
            if (!kept.isEmpty()) {
                root.link = kept.get(random.nextInt(kept.size()));
            }
            if (t % 4 == 0) {
                kept.add(root);
            }
            if (kept.size() > 60) {
                kept.remove(0);
            }
            nodes += root.children.size();
        }
        System.out.println(nodes + " " + kept.size());
    }
}
