/**
 * A test kit for ringlab plug-ins: {@link ringlab.testkit.TestRun} runs a scenario on a board of the class
 * path, {@link ringlab.testkit.TestResult} reads its figures, {@link ringlab.testkit.Ledger} checks that
 * every packet is accounted for, {@link ringlab.testkit.NicVariant} changes a few fields of a board's NIC and
 * keeps the rest, {@link ringlab.testkit.RecordingExec} is a CPU context for unit tests that records what is
 * charged. Framework-neutral: failures are AssertionErrors.
 */
@org.osgi.annotation.versioning.Version("1.2.0")
package ringlab.testkit;
