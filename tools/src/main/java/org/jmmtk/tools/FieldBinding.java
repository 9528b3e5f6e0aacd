package org.jmmtk.tools;

import java.lang.reflect.Field;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One field of a command or mixin object, read and written by name, as picocli binds an annotated field: the
 * getter and setter of the options in {@link CommandModels}, which are built without reading annotations, and
 * the way they put mixins and specs into their fields. Touched on the command's thread only.
 */
final class FieldBinding implements IGetter, ISetter {
    private final Object target;
    private final Field field;

    private FieldBinding(Object target, Field field) {
        this.target = target;
        this.field = field;
    }

    /** The field {@code name} declared by {@code target}'s class. */
    static FieldBinding of(Object target, String name) {
        try {
            Field f = target.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return new FieldBinding(target, f);
        } catch (NoSuchFieldException e) {
            // CommandModelsTest regenerates CommandModels from the classes, so a renamed field fails there first
            throw new IllegalStateException("CommandModels is stale: " + target.getClass().getName() + " has no field "
                    + name, e);
        }
    }

    /** {@code option} bound to this field, its value now the initial one, as picocli binds an annotated field. */
    OptionSpec option(OptionSpec.Builder option) {
        return option.initialValue(value()).hasInitialValue(true).getter(this).setter(this).build();
    }

    /** The field's value now (an option's initial value). */
    Object value() {
        try {
            return field.get(target);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
        return (T) value();
    }

    @Override
    public <T> T set(T value) {
        T old = get();
        try {
            field.set(target, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return old;
    }
}
