/**
 * Services of the ringlab OSGi node: what boards and driver features are installed, and the
 * scenario the node runs. The implementations are DS components in {@code ringlab.node.internal}.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package ringlab.node;
