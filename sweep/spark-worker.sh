#!/usr/bin/env bash
# ./ringlab spark-worker: a Spark standalone Worker (or, with --master-only, the Master) from the sweep module's
# jars, without a Spark distribution. Called by ./ringlab with the Java to use and the sweep class path.
#   ./ringlab spark-worker [--host ADDR (127.0.0.1)] [--cores N] [--memory 1g] [--secret-file FILE] spark://HOST:7077
#   ./ringlab spark-worker --master-only [--host ADDR (127.0.0.1)] [--port 7077] [--secret-file FILE]
# Authentication and encryption are on: the secret comes from --secret-file or $RINGLAB_SPARK_SECRET; a master
# started without one generates it into ringlab-data/spark-secret (mode 600) and says so. Give the same file
# to every worker and to ./ringlab sweep --secret-file. The daemons read it from a properties file (mode 600)
# under sweep/target/spark-home/conf, never from the command line (ps shows that).
set -euo pipefail
JAVA="$1"; CP="$2"; shift 2
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
die() { echo "ringlab spark-worker: $*" >&2; exit 2; }

master_only=false host=127.0.0.1 port=7077 cores="" memory=1g secret_file="" master_url=""
while [ $# -gt 0 ]; do
    case "$1" in
        --master-only) master_only=true; shift ;;
        --host) [ $# -ge 2 ] || die "--host needs an address"; host="$2"; shift 2 ;;
        --port) [ $# -ge 2 ] || die "--port needs a number"; port="$2"; shift 2 ;;
        --cores) [ $# -ge 2 ] || die "--cores needs a number"; cores="$2"; shift 2 ;;
        --memory) [ $# -ge 2 ] || die "--memory needs a size such as 1g"; memory="$2"; shift 2 ;;
        --secret-file) [ $# -ge 2 ] || die "--secret-file needs a file"; secret_file="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        spark://*) master_url="$1"; shift ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done
case "$port" in ''|*[!0-9]*) die "--port needs a number, not '$port'" ;; esac
$master_only || [ -n "$master_url" ] || die "a worker needs its master: spark://HOST:7077 (or --master-only to start one)"

secret="${RINGLAB_SPARK_SECRET:-}"
if [ -n "$secret_file" ]; then
    [ -r "$secret_file" ] || die "cannot read the secret file '$secret_file'"
    secret="$(head -n1 "$secret_file" | tr -d '\r')"
    [ -n "$secret" ] || die "the secret file '$secret_file' is empty"
elif [ -z "$secret" ]; then
    $master_only || die "a worker needs the cluster's secret: --secret-file FILE or \$RINGLAB_SPARK_SECRET"
    data="${RINGLAB_DATA:-$ROOT/ringlab-data}"
    mkdir -p "$data" && chmod 700 "$data"
    secret_file="$data/spark-secret"
    if [ ! -s "$secret_file" ]; then
        (umask 077 && head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$secret_file")
        echo "ringlab spark-worker: generated the cluster's secret in $secret_file (give it to workers and sweeps)" >&2
    fi
    secret="$(head -n1 "$secret_file")"
fi

# Spark's daemons look for SPARK_HOME/jars (the executors' class path): links to Spark's jars. ringlab's own
# jars are left out on purpose: a sweep ships them to the executors (SparkConf.setJars), so a worker serves
# any ringlab version.
SPARK_HOME="$ROOT/sweep/target/spark-home"
# (idempotent: a master and a worker started together on one machine share the folder)
mkdir -p "$SPARK_HOME/jars" "$SPARK_HOME/conf" "$SPARK_HOME/work"
for l in "$SPARK_HOME"/jars/*.jar; do [ -e "$l" ] || rm -f "$l"; done   # links to jars a rebuild removed
for j in "$ROOT"/sweep/target/lib/*.jar; do
    case "$(basename "$j")" in ringlab-*) ;; *) ln -sfn "$j" "$SPARK_HOME/jars/" ;; esac
done
props="$SPARK_HOME/conf/ringlab-secret-$$.properties"
(umask 077 && printf 'spark.authenticate=true\nspark.authenticate.secret=%s\nspark.network.crypto.enabled=true\n' "$secret" > "$props")
unset secret
export SPARK_HOME SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-$host}"
opens=(-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED)
if $master_only; then
    exec "$JAVA" "${opens[@]}" -cp "$CP" org.apache.spark.deploy.master.Master --host "$host" --port "$port" \
        --webui-port 0 --properties-file "$props"
fi
args=(--host "$host" --memory "$memory" --work-dir "$SPARK_HOME/work" --webui-port 0 --properties-file "$props")
[ -n "$cores" ] && args+=(--cores "$cores")
exec "$JAVA" "${opens[@]}" -cp "$CP" org.apache.spark.deploy.worker.Worker "${args[@]}" "$master_url"
