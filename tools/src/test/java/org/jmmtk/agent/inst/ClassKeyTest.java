package org.jmmtk.agent.inst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The class cache's key: the same for a class file whose methods come in another order (as the JVM
 * reconstitutes a class loaded before the agent, in an order that changes from run to run), different
 * for any change of what a method is or holds, and a plain hash for bytes that are not a class file.
 */
class ClassKeyTest {
    private static final String PATTERN = "java/util/regex/Pattern";

    @Test
    void methodsInAnotherOrderGiveTheSameKey() throws IOException {
        byte[] original = jdkClass(PATTERN);
        ClassNode node = node(original);
        List<MethodNode> reversed = new ArrayList<>(node.methods);
        Collections.reverse(reversed);
        List<MethodNode> rotated = new ArrayList<>(node.methods);
        Collections.rotate(rotated, 7);
        byte[] inOrder = write(original, node, node.methods);
        byte[] backwards = write(original, node, reversed);
        byte[] turned = write(original, node, rotated);
        assertEquals(inOrder.length, backwards.length, "the same constant pool and methods");
        assertFalse(Arrays.equals(inOrder, backwards), "the methods' order differs");
        assertEquals(ClassKey.of(PATTERN, inOrder), ClassKey.of(PATTERN, backwards));
        assertEquals(ClassKey.of(PATTERN, inOrder), ClassKey.of(PATTERN, turned));
    }

    @Test
    void anyChangeToAMethodGivesAnotherKey() throws IOException {
        byte[] original = jdkClass(PATTERN);
        ClassNode node = node(original);
        byte[] same = write(original, node, node.methods);
        String key = ClassKey.of(PATTERN, same);

        // two methods of one descriptor swap names: the same bodies under other names
        MethodNode[] pair = twoOfOneDescriptor(node.methods);
        String name = pair[0].name;
        pair[0].name = pair[1].name;
        pair[1].name = name;
        byte[] swapped = write(original, node, node.methods);
        assertEquals(same.length, swapped.length);
        assertNotEquals(key, ClassKey.of(PATTERN, swapped), "method bodies under swapped names");
        pair[1].name = pair[0].name;
        pair[0].name = name;

        // one instruction of one method loads another constant of the pool
        LdcInsnNode[] strings = twoStringConstants(node.methods);
        Object cst = strings[0].cst;
        strings[0].cst = strings[1].cst;
        byte[] changed = write(original, node, node.methods);
        strings[0].cst = cst;
        assertEquals(same.length, changed.length);
        assertNotEquals(key, ClassKey.of(PATTERN, changed), "one constant loaded instead of another");
        assertEquals(key, ClassKey.of(PATTERN, write(original, node, node.methods)), "undone");
    }

    @Test
    void bytesThatAreNoClassFileAreHashedAsTheyAre() throws IOException {
        byte[] original = jdkClass(PATTERN);
        byte[] cut = Arrays.copyOf(original, original.length - 3);
        byte[] longer = Arrays.copyOf(original, original.length + 1);
        assertNotEquals(ClassKey.of(PATTERN, original), ClassKey.of(PATTERN, cut));
        assertNotEquals(ClassKey.of(PATTERN, original), ClassKey.of(PATTERN, longer));
        assertNotEquals(ClassKey.hash(new byte[] {1, 2, 3}), ClassKey.hash(new byte[] {1, 3, 2}));
        assertEquals("x/cbf29ce484222325/0", ClassKey.of("x", new byte[0]), "FNV-1a's offset basis for no bytes");
    }

    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    private static ClassNode node(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    /** The class with these methods, written on the original's constant pool (copied whole, so unchanged). */
    private static byte[] write(byte[] original, ClassNode node, List<MethodNode> methods) {
        List<MethodNode> kept = node.methods;
        node.methods = methods;
        try {
            ClassWriter out = new ClassWriter(new ClassReader(original), 0);
            node.accept(out);
            return out.toByteArray();
        } finally {
            node.methods = kept;
        }
    }

    private static MethodNode[] twoOfOneDescriptor(List<MethodNode> methods) {
        for (MethodNode a : methods) {
            for (MethodNode b : methods) {
                if (a != b && a.desc.equals(b.desc) && a.access == b.access && a.instructions.size() != b.instructions.size()
                        && a.signature == null && b.signature == null && a.exceptions.equals(b.exceptions)) {
                    return new MethodNode[] {a, b};
                }
            }
        }
        throw new AssertionError("no two methods of one descriptor");
    }

    private static LdcInsnNode[] twoStringConstants(List<MethodNode> methods) {
        LdcInsnNode first = null;
        for (MethodNode m : methods) {
            for (var insn : m.instructions) {
                if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof String s) {
                    if (first == null) {
                        first = ldc;
                    } else if (!s.equals(first.cst)) {
                        return new LdcInsnNode[] {first, ldc};
                    }
                }
            }
        }
        throw new AssertionError("no two string constants");
    }
}
