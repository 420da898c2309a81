package ringlab.sim.report;

/**
 * Models iperf3's CPU utilisation percentages: host = the iperf3 client process (the ideal peer: 0), remote = the
 * iperf3 server process on the device, i.e. its threads' CPU time over the elapsed time, in percent of one
 * core (so above 100 only with -P on several cores), as iperf3 computes it from getrusage (user = the threads' user time, system = their kernel time including the
 * softirq work that ran in their context). The device's whole CPU is in the device detail's cpu_percent.
 */
public final class Cpu {
    public double hostTotal;
    public double hostUser;
    public double hostSystem;
    public double remoteTotal;
    public double remoteUser;
    public double remoteSystem;

    public Cpu() {
    }

    public Cpu(double hostTotal, double hostUser, double hostSystem,
               double remoteTotal, double remoteUser, double remoteSystem) {
        this.hostTotal = hostTotal;
        this.hostUser = hostUser;
        this.hostSystem = hostSystem;
        this.remoteTotal = remoteTotal;
        this.remoteUser = remoteUser;
        this.remoteSystem = remoteSystem;
    }
}
