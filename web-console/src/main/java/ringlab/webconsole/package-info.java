/**
 * Browser UI of the ringlab node. Placeholder: the bundle exists so that the reactor, the bndrun
 * and CI already have its slot; the pages arrive in a later issue.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package ringlab.webconsole;
