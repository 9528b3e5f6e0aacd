/**
 * Survivor overflow, single thread, own classes and arrays only: 100 phases, each keeping a burst of
 * 1.6 MB of small objects alive while 1.4 MB of garbage is allocated after it, so a young collection
 * finds more survivors than a survivor space holds (768 KB under -Xmn8m) and promotes the rest early.
 * Each garbage array is stored in a small ring: an array nothing uses is an allocation HotSpot's C2
 * removes even without escape analysis, which a recording would still count.
 */
public class Overflow {
    static final class Cell {
        final Cell next;
        final int[] data;

        Cell(Cell next, int[] data) {
            this.next = next;
            this.data = data;
        }
    }

    private static long seed = 99;

    static int next(int bound) {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return (int) ((seed >>> 33) % bound);
    }

    public static void main(String[] args) {
        long sum = 0;
        Cell[] bursts = new Cell[3];
        int[][] recent = new int[16][];
        for (int phase = 0; phase < 100; phase++) {
            Cell burst = null;
            for (int i = 0; i < 16_000; i++) {
                burst = new Cell(burst, new int[4 + next(16)]);
            }
            bursts[phase % bursts.length] = burst;
            for (int i = 0; i < 20_000; i++) {
                int[] garbage = new int[4 + next(16)];
                recent[i & 15] = garbage;
                sum += garbage.length;
            }
        }
        for (Cell b : bursts) {
            for (Cell c = b; c != null; c = c.next) {
                sum += c.data.length;
            }
        }
        System.out.println(sum);
    }
}
