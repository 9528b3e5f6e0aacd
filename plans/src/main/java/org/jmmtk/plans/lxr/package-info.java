/**
 * LXR: reference counting over Immix lines with a backup trace (Zhao, Blackburn and McKinley, PLDI 2022),
 * simplified; docs/collectors-iii.md, section "lxr", lists what is kept and what is left out.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.plans.lxr;
