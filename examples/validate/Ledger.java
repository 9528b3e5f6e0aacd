import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeMap;

/**
 * Event simulation with exact arithmetic, single thread: 4,000 accounts receive 300,000 seeded
 * payments from a PriorityQueue of pending events ordered by {@code LocalDateTime}; each payment is a
 * {@code BigDecimal} added to the account's balance, with interest and rounding, and schedules the
 * account's next payment a random {@code Duration} later. Daily totals are kept in a TreeMap keyed by
 * {@code LocalDate} (one entry per simulated day, all kept); every 20,000 events the accounts are
 * copied and sorted by balance with {@code Arrays.sort} and a comparator, and a {@code BigInteger}
 * digest of the top balances is computed.
 */
public class Ledger {
    record Event(LocalDateTime at, int account, BigDecimal amount) {
    }

    static final class Account {
        final String name;
        BigDecimal balance = BigDecimal.ZERO;
        int payments;

        Account(String name) {
            this.name = name;
        }
    }

    public static void main(String[] args) {
        Random random = new Random(99);
        Account[] accounts = new Account[4_000];
        PriorityQueue<Event> pending = new PriorityQueue<>(
                Comparator.comparing(Event::at).thenComparingInt(Event::account));
        LocalDateTime start = LocalDateTime.of(2024, 1, 1, 0, 0);
        for (int a = 0; a < accounts.length; a++) {
            accounts[a] = new Account(String.format("ACC-%05d", a));
            pending.add(new Event(start.plusMinutes(random.nextInt(600)), a, amount(random)));
        }
        BigDecimal rate = new BigDecimal("0.00015");
        TreeMap<LocalDate, BigDecimal> daily = new TreeMap<>();
        BigInteger digest = BigInteger.ONE;
        for (int i = 1; i <= 300_000; i++) {
            Event e = pending.poll();
            Account account = accounts[e.account()];
            BigDecimal interest = account.balance.multiply(rate).setScale(2, RoundingMode.HALF_EVEN);
            account.balance = account.balance.add(e.amount()).add(interest);
            account.payments++;
            daily.merge(e.at().toLocalDate(), e.amount(), BigDecimal::add);
            Duration gap = Duration.ofMinutes(30 + random.nextInt(6 * 60)).plusSeconds(random.nextInt(60));
            pending.add(new Event(e.at().plus(gap), e.account(), amount(random)));
            if (i % 20_000 == 0) {
                Account[] ranked = accounts.clone();
                Arrays.sort(ranked, Comparator.comparing((Account x) -> x.balance).reversed()
                        .thenComparing(x -> x.name));
                for (int k = 0; k < 100; k++) {
                    digest = digest.multiply(BigInteger.valueOf(31))
                            .add(ranked[k].balance.unscaledValue()).mod(BigInteger.TWO.pow(521).subtract(BigInteger.ONE));
                }
            }
        }
        BigDecimal total = daily.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        System.out.println(daily.size() + " days, total " + total + ", digest " + digest.bitLength());
    }

    static BigDecimal amount(Random random) {
        return BigDecimal.valueOf(random.nextInt(2_000_000) - 500_000, 2);
    }
}
