package org.jmmtk.tools.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Reads a figure's SVG as XML and gives back the words it shows as {@code <text>} elements, with the
 * checks every figure's test makes: axis titles present as text, the tick labels a test names present,
 * no tick label with an exponent ("1E4").
 */
public final class SvgText {
    private static final Pattern EXPONENT = Pattern.compile("\\d[eE][+-]?\\d");

    private final List<String> texts;

    private SvgText(List<String> texts) {
        this.texts = texts;
    }

    /** Parses {@code svg} (it must be well-formed XML with an {@code <svg>} root) for its text elements. */
    public static SvgText read(Path svg) throws IOException {
        return parse(Files.readString(svg, StandardCharsets.UTF_8));
    }

    static SvgText parse(String svg) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
            assertEquals("svg", doc.getDocumentElement().getLocalName());
            NodeList nodes = doc.getElementsByTagNameNS("*", "text");
            List<String> out = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                out.add(nodes.item(i).getTextContent().strip());
            }
            return new SvgText(out);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not well-formed SVG: " + e.getMessage(), e);
        }
    }

    public List<String> texts() {
        return texts;
    }

    /** Asserts that each of {@code words} is the whole text of some element, and no element has an exponent. */
    public SvgText has(String... words) {
        for (String w : words) {
            assertTrue(texts.contains(w), "no <text>" + w + "</text> in " + texts);
        }
        for (String t : texts) {
            assertFalse(EXPONENT.matcher(t).find(), "a label with an exponent: " + t + " in " + texts);
        }
        return this;
    }

    /** Asserts that no element's text contains {@code fragment}. */
    public SvgText lacks(String fragment) {
        for (String t : texts) {
            assertFalse(t.contains(fragment), "'" + fragment + "' in " + t);
        }
        return this;
    }
}
