package org.jmmtk.agent.rt;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Each class's reference slots and type id. An object's slots are its non-static fields of reference
 * type, the superclass's first (from {@code Object} down), each class's in the order reflection lists
 * them (declaration order on HotSpot); a reference array's slots are its elements. Type ids count up
 * from 1 in the order classes are first seen. Any thread.
 */
final class Layouts {
    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return new Layout(type, Recorder.newType(type.getName()));
        }
    };

    private Layouts() {
    }

    static Layout of(Class<?> type) {
        return LAYOUTS.get(type);
    }

    /** One class's layout; the slot of each field reference is found once and cached. */
    static final class Layout {
        final int typeId;
        final Field[] refFields;
        private final Class<?> type;
        private volatile int[] slotPlusOne = new int[0];
        private volatile long instanceBytes;

        Layout(Class<?> type, int typeId) {
            this.type = type;
            this.typeId = typeId;
            this.refFields = type.isArray() ? new Field[0] : referenceFields(type);
        }

        /** The object's size as the JVM reports it; asked once per class for objects that are not arrays. */
        long size(Object object, Instrumentation inst) {
            if (type.isArray()) {
                return inst.getObjectSize(object);
            }
            long bytes = instanceBytes;
            if (bytes == 0) {
                bytes = inst.getObjectSize(object);
                instanceBytes = bytes;
            }
            return bytes;
        }

        /** The slot that field reference {@code ref} names in objects of this class, or -1. */
        int slot(int ref) {
            int[] cache = slotPlusOne;
            if (ref < cache.length && cache[ref] != 0) {
                return cache[ref] - 1;
            }
            return resolve(ref);
        }

        /** As the JVM resolves {@code PUTFIELD owner.name}: the field in owner or its nearest superclass. */
        private synchronized int resolve(int ref) {
            String owner = Refs.fieldOwner(ref);
            String name = Refs.fieldName(ref);
            Class<?> ownerClass = null;
            for (Class<?> c = type; c != null && ownerClass == null; c = c.getSuperclass()) {
                if (c.getName().equals(owner)) {
                    ownerClass = c;
                }
            }
            int slot = -1;
            for (int i = refFields.length - 1; i >= 0 && ownerClass != null; i--) {
                Field f = refFields[i];
                if (f.getName().equals(name) && f.getDeclaringClass().isAssignableFrom(ownerClass)) {
                    slot = i;
                    break;
                }
            }
            int[] cache = slotPlusOne;
            cache = Arrays.copyOf(cache, Math.max(cache.length, ref + 1));
            cache[ref] = slot + 1;
            slotPlusOne = cache;
            return slot;
        }

        private static Field[] referenceFields(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c : hierarchy(type)) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                        fields.add(f);
                    }
                }
            }
            return fields.toArray(new Field[0]);
        }

        /** {@code type} and its superclasses, from {@code Object} down. */
        private static List<Class<?>> hierarchy(Class<?> type) {
            List<Class<?>> classes = new ArrayList<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                classes.add(0, c);
            }
            return classes;
        }
    }
}
