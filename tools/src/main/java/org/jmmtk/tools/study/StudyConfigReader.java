package org.jmmtk.tools.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugins;
import org.jmmtk.core.heap.SyncScheme;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.error.UsageException;

/**
 * Reads and checks a study file (docs/studies.md): every key known, every list non-empty, every plan,
 * workload and plugin known, every trace file present, every number in range, no two tasks with one
 * file name. Any problem is bad input naming the file, line and key. Used on the command's thread.
 */
final class StudyConfigReader {
    static final List<String> KEYS = List.of("plans", "heapFactors", "minHeapFactors", "heaps", "traces", "workloads", "seeds", "scales",
            "threads", "repeat", "options", "plugins", "granularity");
    private static final List<String> HEAP_KEYS = List.of("heapFactors", "minHeapFactors", "heaps");
    private static final List<String> GRANULARITY_KEYS = List.of("granules", "schemes");
    private static final List<String> PLAN_KEYS = List.of("plan", "name", "options", "plugins");
    private static final List<String> TRACE_KEYS = List.of("file", "name");
    private static final List<String> WORKLOAD_KEYS = List.of("workload", "seeds", "scales");
    /** Bounds that keep file names short and heaps possible (the heap is also checked against the program). */
    static final double MIN_FACTOR = 1e-6;
    static final double MAX_FACTOR = 1e6;
    /** More tasks than this is a mistake in the file, not a study. */
    static final long MAX_TASKS = 1_000_000;

    private final Path file;
    private final ConfigErrors errors;

    private StudyConfigReader(Path file) {
        this.file = file;
        this.errors = new ConfigErrors(file);
    }

    static StudyConfig read(Path file) throws IOException {
        return new StudyConfigReader(file).read();
    }

    private StudyConfig read() throws IOException {
        ConfigNode root = YamlTree.read(file);
        if (root == null) {
            throw new UsageException(file + ": empty; a study needs at least plans, heapFactors (or minHeapFactors or heaps) "
                    + "and traces or workloads (see docs/studies.md)");
        }
        ConfigNode.Mapping top = errors.mapping(root, KEYS);
        Map<String, ConfigNode> globalOptions = options(top.get("options"));
        List<String> globalPlugins = plugins(top.get("plugins"));
        List<PlanSpec> plans = plans(require(top, "plans"), globalOptions, globalPlugins);
        List<HeapSpec> heaps = heaps(top);
        List<ProgramSpec> programs = programs(top);
        List<Integer> threads = new ArrayList<>();
        for (ConfigNode t : top.get("threads").map(errors::list).orElse(List.of())) {
            int n = (int) errors.integer(t, 1, Options.MAX_THREADS, "a GC thread count");
            if (threads.contains(n)) {
                throw errors.at(t, n + " is given twice");
            }
            threads.add(n);
        }
        if (threads.isEmpty()) {
            threads.add(1);
        }
        int repeat = top.get("repeat").map(r -> (int) errors.integer(r, 1, 10_000, "a number of runs per cell")).orElse(1);
        Granularity granularity = top.get("granularity").map(g -> granularity(g, plans, heaps)).orElse(null);
        long variants = granularity == null ? 1 : 1 + (long) granularity.granules().size() * granularity.schemes().size();
        long tasks = (long) plans.size() * heaps.size() * programs.size() * threads.size() * repeat * variants;
        if (tasks > MAX_TASKS) {
            throw new UsageException(file + ": the matrix has " + tasks + " tasks; at most " + MAX_TASKS
                    + " (split it into several studies)");
        }
        return new StudyConfig(file, plans, heaps, programs, threads, repeat, granularity);
    }

    /** The granularity experiment; it owns how traces are replayed, so no plan may set that itself. */
    private Granularity granularity(ConfigNode node, List<PlanSpec> plans, List<HeapSpec> heaps) {
        ConfigNode.Mapping m = errors.mapping(node, GRANULARITY_KEYS);
        if (heaps.get(0).isMinHeapFactor()) {
            // each variant's trace is made after the heaps are sized, so its minimum heap is not known then
            throw errors.at(m.line(), m.path(), "the granularity experiment takes heapFactors or heaps, "
                    + "not minHeapFactors");
        }
        for (PlanSpec p : plans) {
            for (RunOption o : List.of(RunOption.SYNC, RunOption.GRANULE)) {
                if (p.runArgs().contains(o.flag())) {
                    throw errors.at(m.line(), m.path(), "the plan " + Quote.of(p.name()) + " sets '" + o.key()
                            + "', which the granularity experiment sets for each task; leave it out of its options");
                }
            }
        }
        List<Long> granules = new ArrayList<>();
        for (ConfigNode g : errors.list(require(m, "granules"))) {
            long bytes = RunOption.GRANULE.bytes(g, errors);
            if (granules.contains(bytes)) {
                throw errors.at(g, "the granule " + Options.formatBytes(bytes) + " is given twice");
            }
            granules.add(bytes);
        }
        List<SyncScheme> schemes = new ArrayList<>();
        for (ConfigNode s : m.get("schemes").map(errors::list).orElse(List.of())) {
            SyncScheme scheme = RunOption.SYNC.scheme(s, errors);
            if (schemes.contains(scheme)) {
                throw errors.at(s, "the scheme " + Quote.of(scheme.label) + " is given twice");
            }
            schemes.add(scheme);
        }
        if (schemes.isEmpty()) {
            schemes.addAll(List.of(SyncScheme.values()));
        }
        return new Granularity(granules, schemes);
    }

    private ConfigNode require(ConfigNode.Mapping m, String key) {
        return m.get(key).orElseThrow(() -> errors.at(m.line(), m.path(), "missing key " + Quote.of(key)));
    }

    private List<PlanSpec> plans(ConfigNode node, Map<String, ConfigNode> globalOptions, List<String> globalPlugins) {
        List<PlanSpec> plans = new ArrayList<>();
        Map<String, ConfigNode> names = new HashMap<>();
        for (ConfigNode item : errors.list(node)) {
            ConfigNode planNode = item;
            Optional<ConfigNode> nameNode = Optional.empty();
            Map<String, ConfigNode> options = new LinkedHashMap<>(globalOptions);
            List<String> plugins = new ArrayList<>(globalPlugins);
            if (item instanceof ConfigNode.Mapping) {
                ConfigNode.Mapping m = errors.mapping(item, PLAN_KEYS);
                planNode = require(m, "plan");
                nameNode = m.get("name");
                options.putAll(options(m.get("options")));
                for (String p : plugins(m.get("plugins"))) {
                    if (plugins.contains(p)) {
                        throw errors.at(m.get("plugins").orElseThrow(), "plugin " + Quote.of(p) + " is given twice");
                    }
                    plugins.add(p);
                }
            }
            String text = errors.text(planNode, "a plan name");
            ConfigNode planAt = planNode;
            Plans.Entry plan = Plans.REGISTRY.find(text).orElseThrow(() -> errors.at(planAt,
                    "unknown plan " + Quote.of(text) + "; valid plans: " + Plans.REGISTRY.names()));
            ConfigNode at = nameNode.orElse(planNode);
            String name = nameNode.map(n -> errors.text(n, "a name")).orElse(plan.name());
            if (!Names.SAFE.matcher(name).matches()) {
                throw errors.at(at, "name " + Quote.of(name) + " may hold only letters, digits, '-', '_' and '+' "
                        + "(it is part of file names)");
            }
            ConfigNode other = names.putIfAbsent(name, at);
            if (other != null) {
                throw errors.at(at, "plan name " + Quote.of(name) + " is also used on line " + other.line()
                        + "; give one of them another 'name:'");
            }
            plans.add(new PlanSpec(name, plan.name(), runArgs(options, plan), plugins));
        }
        return plans;
    }

    /**
     * The values of an {@code options:} mapping by key, every key known: one of {@code run}'s
     * ({@link RunOption}) or one some plan declares (checked per plan by {@link #runArgs}).
     */
    private Map<String, ConfigNode> options(Optional<ConfigNode> node) {
        Map<String, ConfigNode> options = new LinkedHashMap<>();
        if (node.isEmpty()) {
            return options;
        }
        List<String> keys = new ArrayList<>(RunOption.keys());
        for (Plans.Entry p : Plans.REGISTRY.all()) {
            for (PlanOption o : p.options()) {
                if (!keys.contains(o.key())) {
                    keys.add(o.key());
                }
            }
        }
        ConfigNode.Mapping m = errors.mapping(node.get(), keys);
        for (String key : keys) {
            m.get(key).ifPresent(v -> options.put(key, v));
        }
        return options;
    }

    /** The {@code run} arguments of {@code options} for {@code plan}: an option of another plan is bad input. */
    private List<String> runArgs(Map<String, ConfigNode> options, Plans.Entry plan) {
        List<String> args = new ArrayList<>();
        for (Map.Entry<String, ConfigNode> e : options.entrySet()) {
            ConfigNode value = e.getValue();
            if (RunOption.keys().contains(e.getKey())) {
                args.addAll(RunOption.of(e.getKey()).args(value, errors));
                continue;
            }
            PlanOption o = plan.options().stream().filter(d -> d.key().equals(e.getKey())).findFirst()
                    .orElseThrow(() -> errors.at(value, Quote.of(e.getKey()) + " is not an option of plan "
                            + Quote.of(plan.name()) + " (see 'jmmtk plans --options')"));
            String text = errors.text(value, o.type() == PlanOption.Type.SIZE ? "a size such as 8m" : "a whole number");
            try {
                o.parse(text);
            } catch (IllegalArgumentException x) {
                throw errors.at(value, x.getMessage());
            }
            args.addAll(List.of(o.flag(), text));
        }
        return args;
    }

    private List<String> plugins(Optional<ConfigNode> node) {
        List<String> plugins = new ArrayList<>();
        for (ConfigNode p : node.map(errors::list).orElse(List.of())) {
            String text = errors.text(p, "a plugin name");
            Plugins.Entry e = Plugins.REGISTRY.find(text).orElseThrow(() -> errors.at(p, "unknown plugin "
                    + Quote.of(text) + "; valid plugins: " + Plugins.REGISTRY.names()));
            if (plugins.contains(e.name())) {
                throw errors.at(p, "plugin " + Quote.of(e.name()) + " is given twice");
            }
            plugins.add(e.name());
        }
        return plugins;
    }

    /** The heaps: exactly one of heapFactors, minHeapFactors and heaps (one axis of the matrix, one unit). */
    private List<HeapSpec> heaps(ConfigNode.Mapping top) {
        List<String> given = HEAP_KEYS.stream().filter(k -> top.get(k).isPresent()).toList();
        if (given.size() != 1) {
            throw errors.at(top.keyLine(given.isEmpty() ? "heaps" : given.get(1)), "", given.isEmpty()
                    ? "missing key 'heapFactors' (or 'minHeapFactors' or 'heaps')"
                    : "give one of heapFactors, minHeapFactors and heaps, not " + String.join(" and ", given));
        }
        String key = given.get(0);
        List<HeapSpec> heaps = new ArrayList<>();
        for (ConfigNode h : errors.list(top.get(key).orElseThrow())) {
            HeapSpec spec = switch (key) {
                case "heapFactors" -> HeapSpec.factor(errors.number(h, MIN_FACTOR, MAX_FACTOR, "a heap factor"), h.line());
                // below 1 the run is out of memory by definition, as for run --min-heap-factor
                case "minHeapFactors" -> HeapSpec.minHeapFactor(
                        errors.number(h, 1, MAX_FACTOR, "a minimum-heap factor"), h.line());
                default -> HeapSpec.bytes(size(h), h.line());
            };
            if (heaps.stream().anyMatch(o -> o.token().equals(spec.token()))) {
                throw errors.at(h, "the " + spec.describe() + " is given twice");
            }
            heaps.add(spec);
        }
        return heaps;
    }

    private long size(ConfigNode h) {
        String text = errors.text(h, "a heap size such as 16m");
        try {
            long bytes = Options.parseSize(text);
            new Options().heapBytes(bytes);
            return bytes;
        } catch (IllegalArgumentException e) {
            throw errors.at(h, e.getMessage());
        }
    }

    private List<ProgramSpec> programs(ConfigNode.Mapping top) {
        Optional<ConfigNode> traces = top.get("traces");
        Optional<ConfigNode> workloads = top.get("workloads");
        if (traces.isEmpty() && workloads.isEmpty()) {
            throw errors.at(top.line(), "", "missing key 'traces' or 'workloads': a study needs programs to run");
        }
        for (String key : List.of("seeds", "scales")) {
            if (top.get(key).isPresent() && workloads.isEmpty()) {
                ConfigNode n = top.get(key).get();
                throw errors.at(n, "shapes workloads, and the study has none (traces are replayed as recorded)");
            }
        }
        List<Long> seeds = seeds(top.get("seeds"), List.of(Workloads.DEFAULT_SEED));
        List<Double> scales = scales(top.get("scales"), List.of(1.0));
        List<ProgramSpec> programs = new ArrayList<>();
        Map<String, Integer> lines = new HashMap<>();
        for (ConfigNode t : traces.map(errors::list).orElse(List.of())) {
            add(programs, lines, trace(t), t);
        }
        for (ConfigNode w : workloads.map(errors::list).orElse(List.of())) {
            ConfigNode nameNode = w;
            List<Long> s = seeds;
            List<Double> x = scales;
            if (w instanceof ConfigNode.Mapping) {
                ConfigNode.Mapping m = errors.mapping(w, WORKLOAD_KEYS);
                nameNode = require(m, "workload");
                s = seeds(m.get("seeds"), seeds);
                x = scales(m.get("scales"), scales);
            }
            String text = errors.text(nameNode, "a workload name");
            ConfigNode at = nameNode;
            Workloads.Entry e = Workloads.REGISTRY.find(text).orElseThrow(() -> errors.at(at, "unknown workload "
                    + Quote.of(text) + "; valid workloads: " + Workloads.REGISTRY.names()));
            for (double scale : x) {
                for (long seed : s) {
                    add(programs, lines, ProgramSpec.workload(e.name(), seed, scale), w);
                }
            }
        }
        return programs;
    }

    private void add(List<ProgramSpec> programs, Map<String, Integer> lines, ProgramSpec p, ConfigNode at) {
        Integer other = lines.putIfAbsent(p.name(), at.line());
        if (other != null) {
            throw errors.at(at, "program " + Quote.of(p.name()) + " is also given on line " + other
                    + (p.isTrace() ? "; give one of the traces another 'name:'" : ""));
        }
        programs.add(p);
    }

    private ProgramSpec trace(ConfigNode t) {
        ConfigNode fileNode = t;
        Optional<ConfigNode> nameNode = Optional.empty();
        if (t instanceof ConfigNode.Mapping) {
            ConfigNode.Mapping m = errors.mapping(t, TRACE_KEYS);
            fileNode = require(m, "file");
            nameNode = m.get("name");
        }
        String text = errors.text(fileNode, "a trace file");
        Path path;
        try {
            Path dir = file.toAbsolutePath().getParent();
            path = dir.resolve(text);
        } catch (InvalidPathException e) {
            throw errors.at(fileNode, Quote.of(text) + " is not a file name");
        }
        if (!Files.isRegularFile(path)) {
            throw errors.at(fileNode, Files.exists(path) ? path + " is not a regular file" : "no such file " + path
                    + (path.isAbsolute() && !Path.of(text).isAbsolute() ? " (relative to the study file)" : ""));
        }
        if (!Files.isReadable(path)) {
            throw errors.at(fileNode, path + ": permission denied");
        }
        String name = nameNode.map(n -> errors.text(n, "a name")).orElse(Names.stem(path.getFileName().toString()));
        if (!Names.SAFE.matcher(name).matches()) {
            throw errors.at(nameNode.orElse(fileNode), "name " + Quote.of(name)
                    + " may hold only letters, digits, '-', '_' and '+' (it is part of file names)");
        }
        return ProgramSpec.trace(name, path);
    }

    private List<Long> seeds(Optional<ConfigNode> node, List<Long> otherwise) {
        if (node.isEmpty()) {
            return otherwise;
        }
        List<Long> seeds = new ArrayList<>();
        for (ConfigNode s : errors.list(node.get())) {
            long seed = errors.integer(s, Long.MIN_VALUE, Long.MAX_VALUE, "a seed");
            if (seeds.contains(seed)) {
                throw errors.at(s, "seed " + seed + " is given twice");
            }
            seeds.add(seed);
        }
        return seeds;
    }

    private List<Double> scales(Optional<ConfigNode> node, List<Double> otherwise) {
        if (node.isEmpty()) {
            return otherwise;
        }
        List<Double> scales = new ArrayList<>();
        for (ConfigNode s : errors.list(node.get())) {
            double scale = errors.number(s, MIN_FACTOR, MAX_FACTOR, "a workload scale");
            if (scales.contains(scale)) {
                throw errors.at(s, "scale " + HeapFactorOption.plain(scale) + " is given twice");
            }
            scales.add(scale);
        }
        return scales;
    }
}
