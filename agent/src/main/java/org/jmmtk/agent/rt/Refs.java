package org.jmmtk.agent.rt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers for the fields instrumented code stores into, handed out while classes are instrumented and
 * passed to the recorder as constants: an instance field reference {@code (owner, name)} (its slot is
 * found per class at run time) and a static field {@code owner.name} (a global root slot). Thread-safe
 * (class loading may happen on any thread).
 */
public final class Refs {
    private static final Map<String, Integer> FIELDS = new HashMap<>();
    private static final List<String[]> FIELD_NAMES = new ArrayList<>();
    private static final Map<String, Integer> STATICS = new HashMap<>();
    private static final List<String> STATIC_NAMES = new ArrayList<>();

    private Refs() {
    }

    /** The number of instance field reference {@code owner.name} ({@code owner} in internal form). */
    public static synchronized int field(String owner, String name) {
        String key = owner + '.' + name;
        Integer id = FIELDS.get(key);
        if (id == null) {
            id = FIELD_NAMES.size();
            FIELD_NAMES.add(new String[] {owner.replace('/', '.'), name});
            FIELDS.put(key, id);
        }
        return id;
    }

    /** The number of static field {@code owner.name} ({@code owner} in internal form). */
    public static synchronized int staticField(String owner, String name) {
        String key = owner.replace('/', '.') + '.' + name;
        Integer id = STATICS.get(key);
        if (id == null) {
            id = STATIC_NAMES.size();
            STATIC_NAMES.add(key);
            STATICS.put(key, id);
        }
        return id;
    }

    /**
     * Numbers a cache of instrumented classes was compiled with (field references as {@code {owner,
     * name}} with dots, static fields as {@code owner.name}), taken as this run's before anything is
     * instrumented; false, and nothing taken, when numbers were handed out already.
     */
    public static synchronized boolean preload(String[][] fields, String[] statics) {
        if (!FIELD_NAMES.isEmpty() || !STATIC_NAMES.isEmpty()) {
            return false;
        }
        for (String[] f : fields) {
            FIELDS.put(f[0].replace('.', '/') + '.' + f[1], FIELD_NAMES.size());
            FIELD_NAMES.add(new String[] {f[0], f[1]});
        }
        for (String key : statics) {
            STATICS.put(key, STATIC_NAMES.size());
            STATIC_NAMES.add(key);
        }
        return true;
    }

    /** The field references numbered so far, by number ({@code {owner, name}}, owner with dots). */
    public static synchronized List<String[]> fieldNames() {
        List<String[]> out = new ArrayList<>();
        for (String[] f : FIELD_NAMES) {
            out.add(f.clone());
        }
        return out;
    }

    static synchronized String fieldOwner(int ref) {
        return FIELD_NAMES.get(ref)[0];
    }

    static synchronized String fieldName(int ref) {
        return FIELD_NAMES.get(ref)[1];
    }

    /** The static fields numbered so far, by number ({@code owner.name}, owner with dots). */
    public static synchronized List<String> staticNames() {
        return new ArrayList<>(STATIC_NAMES);
    }
}
