import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;

/**
 * Graph algorithms over growing primitive arrays, single thread: 16 seeded random graphs of 30,000
 * vertices, each built as adjacency lists in {@code int[]}s grown by {@code Arrays.copyOf}, searched
 * breadth-first from 8 sources with an {@code ArrayDeque<Integer>} (boxing) and a {@code BitSet} of
 * visited vertices, distances kept in an {@code int[]} that is {@code clone()}d per source to find the
 * farthest vertex; each graph's degree histogram is kept, and the last four graphs stay reachable (a
 * ring), so adjacency arrays of several megabytes survive a few collections before they die.
 */
public class GraphSearch {
    static final class Graph {
        int[][] adjacency;
        int[] degree;

        Graph(int vertices) {
            adjacency = new int[vertices][];
            degree = new int[vertices];
        }

        void addEdge(int from, int to) {
            int[] list = adjacency[from];
            if (list == null) {
                list = adjacency[from] = new int[2];
            } else if (degree[from] == list.length) {
                list = adjacency[from] = Arrays.copyOf(list, list.length * 2);
            }
            list[degree[from]++] = to;
        }
    }

    public static void main(String[] args) {
        Random random = new Random(31337);
        Graph[] ring = new Graph[4];
        int[][] histograms = new int[16][];
        long reach = 0;
        int vertices = 30_000;
        for (int g = 0; g < 16; g++) {
            Graph graph = new Graph(vertices);
            int edges = vertices * (3 + random.nextInt(4));
            for (int e = 0; e < edges; e++) {
                int a = random.nextInt(vertices);
                int b = (a + 1 + (int) Math.abs(random.nextGaussian() * 500)) % vertices;
                graph.addEdge(a, b);
                graph.addEdge(b, a);
            }
            int[] best = null;
            for (int s = 0; s < 8; s++) {
                int[] dist = bfs(graph, random.nextInt(vertices));
                if (best == null || farthest(dist) > farthest(best)) {
                    best = dist.clone();
                }
            }
            reach += farthest(best);
            int[] histogram = new int[64];
            for (int d : graph.degree) {
                histogram[Math.min(d, 63)]++;
            }
            histograms[g] = histogram;
            ring[g % ring.length] = graph;
        }
        System.out.println("reach " + reach + ", graphs kept " + ring.length + ", histogram[6] " + histograms[15][6]);
    }

    static int[] bfs(Graph graph, int source) {
        int[] dist = new int[graph.degree.length];
        Arrays.fill(dist, -1);
        BitSet seen = new BitSet(dist.length);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        seen.set(source);
        dist[source] = 0;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            int[] list = graph.adjacency[v];
            for (int k = 0; k < graph.degree[v]; k++) {
                int w = list[k];
                if (!seen.get(w)) {
                    seen.set(w);
                    dist[w] = dist[v] + 1;
                    queue.add(w);
                }
            }
        }
        return dist;
    }

    static int farthest(int[] dist) {
        int max = 0;
        for (int d : dist) {
            max = Math.max(max, d);
        }
        return max;
    }
}
