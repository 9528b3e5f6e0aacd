/**
 * Finalization-sampled lifetimes (FiLiP, ISMM 2024): the {@code filip} plugin that samples allocations
 * and observes their deaths when a collection reclaims them.
 */
package org.jmmtk.plugins.filip;
