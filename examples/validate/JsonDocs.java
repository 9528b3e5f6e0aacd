import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Text serialisation, single thread: builds 20,000 seeded JSON-like documents (nested maps and lists
 * of strings, longs, doubles and booleans), writes each to a string with a StringBuilder, parses it
 * back with a recursive-descent parser into LinkedHashMap/ArrayList/boxed values, and checks the round
 * trip. The last 3,000 parsed documents are kept in an ArrayDeque, and an index from each document's
 * "user" to its last 8 document ids in a HashMap of at most 5,000 users.
 */
public class JsonDocs {
    static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda",
        "tau", "phi", "rho", "zeta"};

    public static void main(String[] args) {
        Random random = new Random(2024);
        ArrayDeque<Map<String, Object>> recent = new ArrayDeque<>();
        Map<String, ArrayDeque<Long>> byUser = new HashMap<>();
        long chars = 0;
        for (long id = 0; id < 20_000; id++) {
            Map<String, Object> doc = document(random, id);
            String text = write(doc, new StringBuilder()).toString();
            chars += text.length();
            Parser parser = new Parser(text);
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = (Map<String, Object>) parser.value();
            if (!write(parsed, new StringBuilder()).toString().equals(text)) {
                throw new IllegalStateException("round trip differs at " + id);
            }
            recent.addLast(parsed);
            if (recent.size() > 3_000) {
                recent.removeFirst();
            }
            ArrayDeque<Long> ids = byUser.computeIfAbsent((String) parsed.get("user"), u -> new ArrayDeque<>());
            ids.addLast((Long) parsed.get("id"));
            if (ids.size() > 8) {
                ids.removeFirst();
            }
        }
        System.out.println(chars + " " + recent.size() + " " + byUser.size());
    }

    static Map<String, Object> document(Random random, long id) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("id", id);
        doc.put("user", "user" + random.nextInt(5_000));
        doc.put("score", random.nextInt(100_000) / 100.0);
        doc.put("active", random.nextBoolean());
        List<Object> items = new ArrayList<>();
        int n = 1 + random.nextInt(6);
        for (int i = 0; i < n; i++) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("name", WORDS[random.nextInt(WORDS.length)] + "-" + random.nextInt(1000));
            item.put("qty", (long) random.nextInt(50));
            List<Object> tags = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
                tags.add(WORDS[random.nextInt(WORDS.length)]);
            }
            item.put("tags", tags);
            items.add(item);
        }
        doc.put("items", items);
        doc.put("note", random.nextInt(4) == 0 ? null : "line \"" + WORDS[random.nextInt(WORDS.length)] + "\"\n");
        return doc;
    }

    static StringBuilder write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    default -> out.append(c);
                }
            }
            out.append('"');
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(e.getKey(), out).append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out);
            }
            out.append(']');
        } else {
            out.append(value);
        }
        return out;
    }

    /** A recursive-descent parser of the subset {@link #write} produces. */
    static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Object value() {
            char c = text.charAt(pos);
            switch (c) {
                case '{':
                    return object();
                case '[':
                    return array();
                case '"':
                    return string();
                case 'n':
                    pos += 4;
                    return null;
                case 't':
                    pos += 4;
                    return Boolean.TRUE;
                case 'f':
                    pos += 5;
                    return Boolean.FALSE;
                default:
                    return number();
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            pos++;
            while (text.charAt(pos) != '}') {
                String key = string();
                pos++;
                map.put(key, value());
                if (text.charAt(pos) == ',') {
                    pos++;
                }
            }
            pos++;
            return map;
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            pos++;
            while (text.charAt(pos) != ']') {
                list.add(value());
                if (text.charAt(pos) == ',') {
                    pos++;
                }
            }
            pos++;
            return list;
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            pos++;
            for (char c = text.charAt(pos); c != '"'; c = text.charAt(pos)) {
                if (c == '\\') {
                    char e = text.charAt(++pos);
                    b.append(e == 'n' ? '\n' : e);
                } else {
                    b.append(c);
                }
                pos++;
            }
            pos++;
            return b.toString();
        }

        private Object number() {
            int start = pos;
            while (pos < text.length() && "-+.0123456789eE".indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
            String s = text.substring(start, pos);
            return s.indexOf('.') >= 0 ? (Object) Double.parseDouble(s) : (Object) Long.parseLong(s);
        }
    }
}
