/**
 * NoGC: allocation only, one trace at the end to report what is reachable.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.plans.nogc;
