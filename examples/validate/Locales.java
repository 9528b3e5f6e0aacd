import java.math.BigDecimal;
import java.text.Collator;
import java.text.DecimalFormat;
import java.text.MessageFormat;
import java.text.Normalizer;
import java.text.NumberFormat;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Locale-sensitive formatting, single thread: 60 rounds of 300 seeded invoice lines (names with
 * accented letters) formatted with a {@code DecimalFormat}, {@code NumberFormat.getCurrencyInstance} for
 * one of six locales (a new instance per round: the CLDR provider's locale data is loaded at run time and
 * cached), a {@code MessageFormat}, {@code String.format(Locale.GERMANY, ..)}, upper-cased with
 * {@code toUpperCase(Locale)} (Turkish and German), NFD-normalised with {@code Normalizer} and sorted with
 * a {@code Collator} per locale; the last 5 rounds' formatted lines are kept. ~327 MB.
 */
public class Locales {
    static final Locale[] LOCALES = {Locale.GERMANY, Locale.FRANCE, Locale.JAPAN, Locale.UK,
            Locale.forLanguageTag("tr-TR"), Locale.forLanguageTag("pt-BR")};
    static final String[] NAMES = {"Zoë", "Åsa", "Émile", "Jürgen", "İlkay", "Øystein", "Çağla", "Söğüt", "Ñuño",
            "Ådne", "Ægir", "Ludwig", "Ana", "Łukasz", "Straße", "naïve"};

    public static void main(String[] args) {
        Random random = new Random(67);
        DecimalFormat decimal = new DecimalFormat("#,##0.00;(#,##0.00)");
        MessageFormat message = new MessageFormat("{0} owes {1,number,#.##} for {2,number,integer} items");
        ArrayDeque<List<String>> kept = new ArrayDeque<>();
        long check = 0;
        for (int round = 0; round < 60; round++) {
            Locale locale = LOCALES[round % LOCALES.length];
            NumberFormat currency = NumberFormat.getCurrencyInstance(locale);
            Collator collator = Collator.getInstance(locale);
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                String name = NAMES[random.nextInt(NAMES.length)] + " " + NAMES[random.nextInt(NAMES.length)];
                BigDecimal amount = BigDecimal.valueOf(random.nextInt(10_000_000) - 1_000_000, 2);
                int items = 1 + random.nextInt(90);
                String line = currency.format(amount) + " | " + decimal.format(amount) + " | "
                        + message.format(new Object[] {name, amount.doubleValue(), items}) + " | "
                        + String.format(Locale.GERMANY, "%,.3f %s %05d", amount.doubleValue(), name, items);
                String upper = name.toUpperCase(locale);
                String folded = Normalizer.normalize(upper, Normalizer.Form.NFD);
                check += folded.length() - upper.length();
                lines.add(line);
            }
            lines.sort(collator);
            check += lines.get(0).length() + lines.get(lines.size() - 1).hashCode() % 100;
            kept.addLast(lines);
            if (kept.size() > 5) {
                kept.removeFirst();
            }
        }
        System.err.println("check " + check + " kept " + kept.size() + " " + kept.getLast().get(0));
    }
}
