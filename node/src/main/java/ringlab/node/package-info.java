/**
 * Services of the ringlab OSGi node: what boards and driver features are installed, the scenario the
 * node runs, its configuration, its data folder, and A/B experiments run beside it. The implementations
 * are DS components in {@code ringlab.node.internal} (runner, extenders, registries, configuration,
 * experiments), which may depend on the runtime (SPI and simulation core), OSGi (framework, DS,
 * ConfigAdmin, Metatype) and Gson, never on HTTP: the web console bundle is the node's HTTP face and
 * depends on this package, not the reverse.
 */
@org.osgi.annotation.versioning.Version("0.6.0")
package ringlab.node;
