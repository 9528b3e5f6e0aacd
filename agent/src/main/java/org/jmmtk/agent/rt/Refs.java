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

    static synchronized String fieldOwner(int ref) {
        return FIELD_NAMES.get(ref)[0];
    }

    static synchronized String fieldName(int ref) {
        return FIELD_NAMES.get(ref)[1];
    }

    static synchronized List<String> staticNames() {
        return new ArrayList<>(STATIC_NAMES);
    }
}
