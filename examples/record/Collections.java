import java.util.*;
/** Records into HashMaps of ArrayLists: the collections-heavy program behind the recording cost in the README (argument: how many). */
public class Collections {
    record Item(String name, int[] data) {}
    static Map<Integer, List<Item>> index = new HashMap<>();
    public static void main(String[] a) {
        int n = Integer.parseInt(a[0]);
        long t0 = System.nanoTime();
        Random r = new Random(1);
        for (int i = 0; i < n; i++) {
            Item it = new Item("item" + i, new int[r.nextInt(8)]);
            List<Item> bucket = index.computeIfAbsent(r.nextInt(1000), k -> new ArrayList<>());
            bucket.add(it);
            if (bucket.size() > 50) bucket.remove(0);
            Object[] tmp = new Object[] {it, bucket};
            if (tmp.length == 0) System.out.println();
        }
        System.out.println("work ms " + (System.nanoTime() - t0) / 1_000_000 + " " + index.size());
    }
}
