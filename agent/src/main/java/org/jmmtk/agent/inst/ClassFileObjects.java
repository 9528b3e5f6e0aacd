package org.jmmtk.agent.inst;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What a class file tells of the heap objects HotSpot makes when it defines the class
 * ({@code org.jmmtk.agent.rt.DefinedClasses}): the bytes of its static fields, which its mirror holds
 * (8 for a reference: the recording runs without compressed oops), and the places of its constant pool's
 * resolved references, one for each {@code String}, {@code MethodHandle}, {@code MethodType} and dynamic
 * constant and one for each {@code invokedynamic} call site (counted as its constant pool entries: javac
 * makes one per site, sharing it only between sites of the same bootstrap, name and type; the call sites
 * of signature-polymorphic methods, which also take a place, are not counted). Made by the transformer on
 * any thread that loads a class; read once.
 */
final class ClassFileObjects extends ClassVisitor {
    private static final int STRING = 8;
    private static final int METHOD_HANDLE = 15;
    private static final int METHOD_TYPE = 16;
    private static final int DYNAMIC = 17;
    private static final int INVOKE_DYNAMIC = 18;

    private long staticBytes;
    private int places;

    private ClassFileObjects() {
        super(Opcodes.ASM9);
    }

    /** The objects of class file {@code bytes}; none when the JVM will refuse it. */
    static ClassFileObjects of(byte[] bytes) {
        ClassFileObjects objects = new ClassFileObjects();
        try {
            ClassReader reader = new ClassReader(bytes);
            for (int i = 1; i < reader.getItemCount(); i++) {
                int offset = reader.getItem(i); // just after the entry's tag; 0 for the second half of a long or double
                if (offset > 0) {
                    switch (bytes[offset - 1]) {
                        case STRING, METHOD_HANDLE, METHOD_TYPE, DYNAMIC, INVOKE_DYNAMIC -> objects.places++;
                        default -> { }
                    }
                }
            }
            reader.accept(objects, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return new ClassFileObjects(); // a class file the JVM will not define
        }
        return objects;
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        if ((access & Opcodes.ACC_STATIC) != 0) {
            staticBytes += switch (descriptor.charAt(0)) {
                case 'Z', 'B' -> 1;
                case 'C', 'S' -> 2;
                case 'I', 'F' -> 4;
                default -> 8; // long, double, and references without compressed oops
            };
        }
        return null;
    }

    /** The bytes of the class's static fields. */
    long staticBytes() {
        return staticBytes;
    }

    /** The places of the class's resolved references (0: HotSpot makes no array). */
    int places() {
        return places;
    }
}
