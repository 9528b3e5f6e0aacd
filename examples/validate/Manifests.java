import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Immutable collections and hashing, single thread: 2,000 seeded release manifests, each a record of
 * 40 artifacts (records holding a {@code List.of} of tags and a {@code Map.of} of attributes), flattened
 * with {@code flatMap} into the tag set ({@code Set.copyOf}) and a {@code Collectors.toMap} index from
 * each artifact's {@code UUID.nameUUIDFromBytes} (MD5) to its SHA-256 digest ({@code MessageDigest}),
 * Base64-encoded, decoded and compared; the last 150 manifests' indexes are kept in a ring. ~328 MB.
 */
public class Manifests {
    record Artifact(String group, String name, String version, List<String> tags, Map<String, String> attributes) {
    }

    record Manifest(int release, List<Artifact> artifacts) {
    }

    static final String[] GROUPS = {"org.alpha", "org.beta", "com.gamma", "net.delta", "io.epsilon"};
    static final String[] TAGS = {"core", "api", "impl", "test", "docs", "cli", "web", "db", "cache", "io"};

    public static void main(String[] args) throws NoSuchAlgorithmException {
        Random random = new Random(83);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        Base64.Encoder encoder = Base64.getEncoder();
        Base64.Decoder decoder = Base64.getUrlDecoder();
        ArrayDeque<Map<UUID, String>> ring = new ArrayDeque<>();
        HashMap<String, Integer> tagCounts = new HashMap<>();
        long check = 0;
        for (int r = 0; r < 2_000; r++) {
            Manifest manifest = manifest(random, r);
            Set<String> tags = Set.copyOf(manifest.artifacts().stream()
                    .flatMap(a -> a.tags().stream())
                    .collect(Collectors.toList()));
            for (String tag : tags) {
                tagCounts.merge(tag, 1, Integer::sum);
            }
            Map<UUID, String> index = manifest.artifacts().stream().collect(Collectors.toMap(
                    a -> UUID.nameUUIDFromBytes(coordinates(a).getBytes(StandardCharsets.UTF_8)),
                    a -> encoder.encodeToString(sha.digest(describe(a).getBytes(StandardCharsets.UTF_8))),
                    (x, y) -> x));
            Map<String, Artifact> byName = manifest.artifacts().stream()
                    .collect(Collectors.toMap(Manifests::coordinates, Function.identity(), (x, y) -> y));
            for (Map.Entry<UUID, String> e : index.entrySet()) {
                byte[] digest = Base64.getDecoder().decode(e.getValue());
                String url = Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
                check += decoder.decode(url)[0] + e.getKey().getLeastSignificantBits() % 7 + url.length();
            }
            check += byName.size() + tags.size();
            ring.addLast(Map.copyOf(index));
            if (ring.size() > 150) {
                ring.removeFirst();
            }
        }
        System.err.println("check " + check + " tags " + tagCounts + " kept " + ring.size());
    }

    static Manifest manifest(Random random, int release) {
        Artifact[] artifacts = new Artifact[40];
        for (int i = 0; i < artifacts.length; i++) {
            String group = GROUPS[random.nextInt(GROUPS.length)];
            List<String> tags = List.of(TAGS[random.nextInt(TAGS.length)], TAGS[random.nextInt(TAGS.length)] + "-"
                    + random.nextInt(20), TAGS[random.nextInt(TAGS.length)]);
            Map<String, String> attributes = Map.of("license", random.nextBoolean() ? "MIT" : "Apache-2.0",
                    "size", Integer.toString(random.nextInt(1 << 20)),
                    "built", "2026-" + (1 + random.nextInt(12)) + "-" + (1 + random.nextInt(28)));
            artifacts[i] = new Artifact(group, "lib" + random.nextInt(500), release / 10 + "." + i + "."
                    + random.nextInt(10), tags, attributes);
        }
        return new Manifest(release, List.of(artifacts));
    }

    static String coordinates(Artifact a) {
        return a.group() + ":" + a.name() + ":" + a.version();
    }

    static String describe(Artifact a) {
        return coordinates(a) + a.tags() + new java.util.TreeMap<>(a.attributes());
    }
}
