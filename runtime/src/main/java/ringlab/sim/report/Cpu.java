package ringlab.sim.report;

/** Models iperf3's CPU utilisation percentages: host = the iperf3 client (peer), remote = the device. */
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
