/**
 * Driver strategy SPI: the replaceable mechanisms of the driver skeleton (rx delivery, rx buffers, tx
 * queue limit, tx doorbell, NAPI completion, NAPI context, NIC moderation) and the primitives a feature
 * uses to implement them (charging modelled work, timers, kernel threads, skb sizes). Features implement
 * the strategies (@ConsumerType); the runtime implements the primitives (@ProviderType), calls the
 * strategies and charges what they report.
 * 1.6.0: Exec.chargeDramRun (a run of lines from DRAM: one dram.miss, then dram.stream), a default method.
 */
@org.osgi.annotation.versioning.Version("1.6.0")
package ringlab.spi.driver;
