package ringlab.experiment.profile;

/** Whether the board runs a firewall on every netfilter hook (an OpenWrt router does, a dev board does not), with why. */
public record Firewall(boolean present, String note) { }
