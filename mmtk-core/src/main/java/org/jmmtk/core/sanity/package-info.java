/**
 * The heap sanity checker run after collections with {@code --sanity}.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it. Its
 * failures are reported by {@code SanityFailure}.
 */
package org.jmmtk.core.sanity;
