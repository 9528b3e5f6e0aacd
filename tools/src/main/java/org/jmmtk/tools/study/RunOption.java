package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonToken;
import java.util.Arrays;
import java.util.List;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.OverheadLimit;
import org.jmmtk.core.heap.SyncScheme;

/**
 * The {@code run} options a study may set, globally or per plan ({@code options:}), by their YAML
 * names: each checks its value as {@code run} would and turns it into {@code run} arguments. Heap,
 * program, threads and plugins have keys of their own; output options make no sense per task; the
 * plans' own options ({@code nursery}, {@code window}) come from their declarations.
 */
enum RunOption {
    PAGE_SIZE("pageSize", "--page-size", Kind.SIZE),
    BLOCK_SIZE("blockSize", "--block-size", Kind.SIZE),
    LINE_SIZE("lineSize", "--line-size", Kind.SIZE),
    TLAB_SIZE("tlabSize", "--tlab-size", Kind.SIZE),
    PACKET_CAPACITY("packetCapacity", "--packet-capacity", Kind.CAPACITY),
    GC_OVERHEAD_LIMIT("gcOverheadLimit", "--gc-overhead-limit", Kind.LIMIT),
    SANITY("sanity", "--sanity", Kind.FLAG),
    WARMUP("warmup", "--warmup", Kind.COUNT),
    SYNC("sync", "--sync", Kind.SCHEME),
    GRANULE("granule", "--granule", Kind.SIZE);

    private enum Kind { SIZE, CAPACITY, LIMIT, FLAG, COUNT, SCHEME }

    private final String key;
    private final String flag;
    private final Kind kind;

    RunOption(String key, String flag, Kind kind) {
        this.key = key;
        this.flag = flag;
        this.kind = kind;
    }

    String key() {
        return key;
    }

    /** The {@code run} flag it becomes. */
    String flag() {
        return flag;
    }

    static List<String> keys() {
        return Arrays.stream(values()).map(RunOption::key).toList();
    }

    static RunOption of(String key) {
        return Arrays.stream(values()).filter(o -> o.key.equals(key)).findFirst().orElseThrow();
    }

    /** The {@code run} arguments for {@code value}, checked; bad input names the line. */
    List<String> args(ConfigNode value, ConfigErrors errors) {
        switch (kind) {
            case SIZE -> {
                bytes(value, errors);
                return List.of(flag, errors.text(value, "a size"));
            }
            case CAPACITY -> {
                long n = errors.integer(value, 1, 1 << 24, "edges per packet");
                return List.of(flag, Long.toString(n));
            }
            case LIMIT -> {
                // YAML 1.1 reads 'off' as false; the text as written is what run takes
                String text = value instanceof ConfigNode.Scalar s && s.isBoolean() ? s.text()
                        : errors.text(value, "GC%,FREE%,N or off");
                try {
                    OverheadLimit.parse(text);
                } catch (IllegalArgumentException e) {
                    throw errors.at(value, e.getMessage());
                }
                return List.of(flag, text);
            }
            case FLAG -> {
                if (!(value instanceof ConfigNode.Scalar s) || !s.isBoolean()) {
                    throw errors.at(value, "expected true or false, got " + value.describe());
                }
                return s.token() == JsonToken.VALUE_TRUE ? List.of(flag) : List.of();
            }
            case COUNT -> {
                return List.of(flag, Long.toString(errors.integer(value, 0, 1000, "a number of runs")));
            }
            case SCHEME -> {
                return List.of(flag, scheme(value, errors).label);
            }
            default -> throw new IllegalStateException(kind.toString());
        }
    }

    /** A positive size such as {@code 8k}, checked; bad input names the line. */
    long bytes(ConfigNode value, ConfigErrors errors) {
        String text = errors.text(value, "a size such as 8k");
        long bytes;
        try {
            bytes = Options.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw errors.at(value, e.getMessage());
        }
        if (bytes <= 0) {
            throw errors.at(value, "must be positive");
        }
        return bytes;
    }

    /** A synchronization scheme by its {@code --sync} name; bad input names the line. */
    SyncScheme scheme(ConfigNode value, ConfigErrors errors) {
        String text = errors.text(value, "none, early, late or mid");
        for (SyncScheme scheme : SyncScheme.values()) {
            if (scheme.label.equals(text)) {
                return scheme;
            }
        }
        throw errors.at(value, "'" + text + "' is not a synchronization scheme: none, early, late or mid");
    }
}
