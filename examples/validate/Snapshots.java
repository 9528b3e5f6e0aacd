import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Java serialization round trips, single thread: 1,200 batches of 24 seeded customers (a record
 * address, 1-6 orders with a {@code double[]} of amounts and a status string, a LinkedHashMap of
 * tags to boxed weights) are written with an {@code ObjectOutputStream} to a byte array and read back
 * with an {@code ObjectInputStream} (reflection, {@code ObjectStreamClass}'s caches, a record's
 * canonical constructor, the streams' handle tables and block buffers); the copies are checked
 * against the originals and one in four replaces a random slot of a 3,000-customer ring, so the
 * old generation turns over; every 50th batch's bytes are kept in a ring of 16. ~340 MB.
 */
public class Snapshots {
    record Address(String street, String city, int zip) implements Serializable {
    }

    static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        final long id;
        final double[] amounts;
        final String status;

        Order(long id, double[] amounts, String status) {
            this.id = id;
            this.amounts = amounts;
            this.status = status;
        }
    }

    static final class Customer implements Serializable {
        private static final long serialVersionUID = 1L;
        final long id;
        final String name;
        final Address address;
        final List<Order> orders = new ArrayList<>();
        final Map<String, Integer> tags = new LinkedHashMap<>();

        Customer(long id, String name, Address address) {
            this.id = id;
            this.name = name;
            this.address = address;
        }

        double total() {
            double sum = 0;
            for (Order o : orders) {
                for (double a : o.amounts) {
                    sum += a;
                }
            }
            return sum;
        }
    }

    static final String[] STATUS = {"new", "paid", "shipped", "returned"};
    static final String[] CITIES = {"Lyon", "Porto", "Gent", "Turku", "Brno", "Cork", "Graz", "Bari"};

    public static void main(String[] args) throws IOException, ClassNotFoundException {
        Random random = new Random(31);
        Customer[] ring = new Customer[3_000];
        byte[][] kept = new byte[16][];
        long ids = 0;
        long bytes = 0;
        double check = 0;
        for (int batch = 0; batch < 1_200; batch++) {
            List<Customer> customers = new ArrayList<>();
            for (int c = 0; c < 24; c++) {
                customers.add(customer(random, ids++));
            }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(buffer)) {
                out.writeObject(customers);
            }
            byte[] data = buffer.toByteArray();
            bytes += data.length;
            List<?> copies;
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
                copies = (List<?>) in.readObject();
            }
            for (int c = 0; c < copies.size(); c++) {
                Customer copy = (Customer) copies.get(c);
                if (copy.total() != customers.get(c).total() || !copy.address.equals(customers.get(c).address)) {
                    throw new IllegalStateException("round trip changed customer " + copy.id);
                }
                check += copy.tags.size();
                if (random.nextInt(4) == 0) {
                    ring[random.nextInt(ring.length)] = copy;
                }
            }
            if (batch % 50 == 0) {
                kept[(batch / 50) % kept.length] = data;
            }
        }
        int live = 0;
        for (Customer c : ring) {
            live += c == null ? 0 : 1;
        }
        System.out.println(bytes + " bytes serialised, " + live + " customers kept, " + (long) check);
    }

    static Customer customer(Random random, long id) {
        Address address = new Address(random.nextInt(400) + " Rue " + (char) ('A' + random.nextInt(26)),
                CITIES[random.nextInt(CITIES.length)], 10_000 + random.nextInt(90_000));
        Customer c = new Customer(id, "customer-" + id, address);
        int orders = 1 + random.nextInt(6);
        for (int o = 0; o < orders; o++) {
            double[] amounts = new double[1 + random.nextInt(8)];
            for (int a = 0; a < amounts.length; a++) {
                amounts[a] = random.nextInt(100_000) / 100.0;
            }
            c.orders.add(new Order(id * 8 + o, amounts, STATUS[random.nextInt(STATUS.length)]));
        }
        int tags = random.nextInt(5);
        for (int t = 0; t < tags; t++) {
            c.tags.put("tag" + random.nextInt(40), random.nextInt(1_000));
        }
        return c;
    }
}
