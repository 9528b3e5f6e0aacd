package org.jmmtk.tools;

import org.jmmtk.core.analysis.Plugins;
import picocli.CommandLine.Command;

/** {@code jmmtk plugins}: one line per plugin that {@code --plugin} accepts. */
@Command(name = "plugins", description = "List the plugins that observe a run's heap events (--plugin NAME).")
final class PluginsCommand extends ListCommand {
    @Override
    String listing() {
        return Plugins.REGISTRY.listing();
    }
}
