import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeMap;

/**
 * Sorting and ordered collections, single thread: 300 rounds of 4,000 seeded players (a name made
 * from a {@code char[]}, a score, an {@code int[]} history); each round sorts them with
 * {@code Arrays.sort} (natural order: ComparableTimSort and its temporary arrays), sorts a copy with
 * {@code Collections.sort} and a composed comparator, {@code clone()}s the array and one player in
 * eight (a {@code Cloneable} class with a deep copy of its history) into a TreeMap index bounded to
 * 20,000 names (the smallest removed), keeps the 500 best in a bounded PriorityQueue and the last 6
 * rounds' sorted arrays in an ArrayDeque. ~270 MB.
 */
public class Rankings {
    static final class Player implements Comparable<Player>, Cloneable {
        final String name;
        int score;
        int[] history;

        Player(String name, int score, int[] history) {
            this.name = name;
            this.score = score;
            this.history = history;
        }

        @Override
        public int compareTo(Player o) {
            int c = Integer.compare(o.score, score);
            return c != 0 ? c : name.compareTo(o.name);
        }

        @Override
        public Player clone() {
            try {
                Player p = (Player) super.clone();
                p.history = history.clone();
                return p;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    public static void main(String[] args) {
        Random random = new Random(17);
        TreeMap<String, Player> index = new TreeMap<>();
        PriorityQueue<Player> best = new PriorityQueue<>(Comparator.comparingInt((Player p) -> p.score)
                .thenComparing(p -> p.name));
        ArrayDeque<Player[]> recent = new ArrayDeque<>();
        Comparator<Player> byLength = Comparator.comparingInt((Player p) -> p.history.length)
                .thenComparing(p -> p.name, Comparator.reverseOrder());
        long check = 0;
        char[] letters = new char[10];
        for (int round = 0; round < 300; round++) {
            Player[] players = new Player[4_000];
            for (int i = 0; i < players.length; i++) {
                int len = 5 + random.nextInt(6);
                for (int k = 0; k < len; k++) {
                    letters[k] = (char) ('a' + random.nextInt(26));
                }
                int[] history = new int[2 + random.nextInt(10)];
                for (int h = 0; h < history.length; h++) {
                    history[h] = random.nextInt(1_000);
                }
                players[i] = new Player(new String(letters, 0, len), random.nextInt(1_000_000), history);
            }
            Arrays.sort(players);
            List<Player> copy = new ArrayList<>(Arrays.asList(players));
            Collections.sort(copy, byLength);
            check += copy.get(0).history.length + copy.get(copy.size() - 1).name.length();
            Player[] snapshot = players.clone();
            for (int i = 0; i < snapshot.length; i += 8) {
                Player p = snapshot[i].clone();
                p.score += round;
                index.put(p.name, p);
                if (index.size() > 20_000) {
                    index.pollFirstEntry();
                }
            }
            for (Player p : players) {
                if (best.size() < 500) {
                    best.add(p);
                } else if (p.score > best.peek().score) {
                    best.poll();
                    best.add(p);
                }
            }
            recent.addLast(snapshot);
            if (recent.size() > 6) {
                recent.removeFirst();
            }
            Map.Entry<String, Player> first = index.firstEntry();
            check += first.getValue().score % 7;
        }
        System.out.println(index.size() + " indexed, best " + best.peek().score + ", " + check);
    }
}
