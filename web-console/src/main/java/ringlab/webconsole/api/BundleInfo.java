package ringlab.webconsole.api;

import java.util.List;

/**
 * A bundle as the API and the console show it.
 *
 * @param state the OSGi state: INSTALLED, RESOLVED, STARTING, ACTIVE, STOPPING or UNINSTALLED
 * @param location where it was installed from (ringlab-api:NAME for uploads, a file for FileInstall)
 * @param features ids of the driver features its services provide
 * @param boards ids of the boards its descriptor provides
 * @param boardDescriptor the descriptor its Ringlab-Board header names (a board bundle), else null
 */
record BundleInfo(long id, String symbolicName, String version, String state, String location, List<String> features,
                  List<String> boards, String boardDescriptor) {
    BundleInfo withState(String s) { return new BundleInfo(id, symbolicName, version, s, location, features, boards, boardDescriptor); }
}
