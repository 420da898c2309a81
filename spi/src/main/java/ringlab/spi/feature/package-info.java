/** Driver feature SPI: a feature declares what it needs and installs its mechanism into driver hooks. */
@org.osgi.annotation.versioning.Version("1.2.0")
package ringlab.spi.feature;
