import java.util.BitSet;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An in-memory table mutated in place, single thread: 50,000 rows (they reach the old generation)
 * with a {@code HashMap<Long, Row>} primary key, a {@code TreeMap<String, TreeSet<Long>>} secondary index
 * on a name, {@code EnumSet} flags and an {@code EnumMap} of per-flag counts, a {@code BitSet} of deleted
 * ids, and an {@code IdentityHashMap} from each row to its version object. 800,000 seeded operations:
 * 70% updates (a new name string and a new version object stored into an old row: old-to-young pointers,
 * card marking), 15% deletes, 15% inserts while the table has fewer than 50,000 rows (a new row under a new id; ids are drawn from the newest 70,000). The version objects chain to the
 * previous version for 3 generations, so an old version dead in the young generation is still reached
 * from a dead old one (nepotism). ~286 MB.
 */
public class Index {
    enum Flag { DIRTY, HOT, ARCHIVED, LOCKED, AUDITED }

    static final class Version {
        final long stamp;
        final String author;
        Version previous;

        Version(long stamp, String author, Version previous) {
            this.stamp = stamp;
            this.author = author;
            this.previous = previous;
        }
    }

    static final class Row {
        final long id;
        String name;
        long balance;
        final EnumSet<Flag> flags = EnumSet.noneOf(Flag.class);

        Row(long id, String name, long balance) {
            this.id = id;
            this.name = name;
            this.balance = balance;
        }
    }

    static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "ha", "po", "qu"};

    public static void main(String[] args) {
        Random random = new Random(59);
        HashMap<Long, Row> primary = new HashMap<>();
        TreeMap<String, TreeSet<Long>> byName = new TreeMap<>();
        IdentityHashMap<Row, Version> versions = new IdentityHashMap<>();
        EnumMap<Flag, Integer> flagCounts = new EnumMap<>(Flag.class);
        BitSet deleted = new BitSet();
        long nextId = 0;
        for (; nextId < 50_000; nextId++) {
            insert(primary, byName, versions, new Row(nextId, name(random), random.nextInt(10_000)), nextId);
        }
        long check = 0;
        for (int op = 0; op < 800_000; op++) {
            int kind = random.nextInt(100);
            long id = nextId - 1 - random.nextInt(70_000);
            Row row = primary.get(id);
            if (kind < 70) {
                if (row == null) {
                    continue;
                }
                unindex(byName, row);
                row.name = name(random);
                row.balance += random.nextInt(200) - 100;
                byName.computeIfAbsent(row.name, k -> new TreeSet<>()).add(row.id);
                Flag flag = Flag.values()[random.nextInt(Flag.values().length)];
                if (row.flags.add(flag)) {
                    flagCounts.merge(flag, 1, Integer::sum);
                } else {
                    row.flags.remove(flag);
                    flagCounts.merge(flag, -1, Integer::sum);
                }
                Version old = versions.get(row);
                Version fresh = new Version(op, "user" + random.nextInt(300), old);
                if (old != null && old.previous != null) {
                    old.previous.previous = null;
                }
                versions.put(row, fresh);
            } else if (kind < 85) {
                if (row == null) {
                    continue;
                }
                primary.remove(id);
                unindex(byName, row);
                versions.remove(row);
                for (Flag f : row.flags) {
                    flagCounts.merge(f, -1, Integer::sum);
                }
                deleted.set((int) id);
            } else if (primary.size() < 50_000) {
                insert(primary, byName, versions, new Row(nextId, name(random), random.nextInt(10_000)), op);
                nextId++;
            }
            if (op % 100_000 == 0) {
                Row first = primary.get(byName.firstEntry().getValue().first());
                check += byName.size() + deleted.cardinality() + (first == null ? 0 : first.balance);
            }
        }
        System.err.println("check " + check + " rows " + primary.size() + " names " + byName.size()
                + " deleted " + deleted.cardinality() + " flags " + flagCounts);
    }

    static void insert(HashMap<Long, Row> primary, TreeMap<String, TreeSet<Long>> byName,
            IdentityHashMap<Row, Version> versions, Row row, long stamp) {
        primary.put(row.id, row);
        byName.computeIfAbsent(row.name, k -> new TreeSet<>()).add(row.id);
        versions.put(row, new Version(stamp, "loader", null));
    }

    static void unindex(TreeMap<String, TreeSet<Long>> byName, Row row) {
        TreeSet<Long> ids = byName.get(row.name);
        ids.remove(row.id);
        if (ids.isEmpty()) {
            byName.remove(row.name);
        }
    }

    static String name(Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            b.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
        }
        return b.append(random.nextInt(40)).toString();
    }
}
