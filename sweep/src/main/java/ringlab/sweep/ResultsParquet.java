package ringlab.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import ringlab.experiment.RunResult;

/**
 * DIR/results.parquet: the CSV's table for Spark SQL (spark.read.parquet(DIR + "/results.parquet")). Column
 * names as in the CSV with '.' turned into '_' (a dot in a Spark column name needs backquotes): cpu_soft,
 * set_txqueuelen. seed and ping_ms are longs, figures doubles (null where a run lacks the figure).
 * Written by a session whose executors share the driver's disk (local mode), so the files land in DIR.
 */
final class ResultsParquet {
    private ResultsParquet() { }

    static void write(SparkSession spark, List<RunResult> results, Path dir) {
        Set<String> tunables = ResultsCsv.tunables(results);
        List<String> figures = ResultsCsv.figureNames(results);
        List<StructField> fields = new ArrayList<>();
        for (String c : ResultsCsv.SPEC_COLUMNS) {
            fields.add(DataTypes.createStructField(c, c.equals("seed") || c.equals("ping_ms") ? DataTypes.LongType : DataTypes.StringType, false));
        }
        for (String t : tunables) fields.add(DataTypes.createStructField(column("set." + t), DataTypes.StringType, true));
        for (String f : figures) fields.add(DataTypes.createStructField(column(f), DataTypes.DoubleType, true));
        List<Row> rows = new ArrayList<>();
        for (RunResult r : results) {
            List<Object> v = new ArrayList<>(List.of(r.key(), r.spec().workload(), r.spec().hardware(), r.spec().features(),
                    r.spec().seed(), r.spec().topology(), r.spec().pingMs(), String.join(" ", r.spec().iperf())));
            for (String t : tunables) v.add(r.spec().sets().get(t));
            for (String f : figures) {
                double x = r.figure(f);
                v.add(Double.isNaN(x) ? null : x);
            }
            rows.add(RowFactory.create(v.toArray()));
        }
        spark.createDataFrame(rows, DataTypes.createStructType(fields)).coalesce(1)
                .write().mode(SaveMode.Overwrite).parquet(dir.resolve("results.parquet").toAbsolutePath().toString());
    }

    static String column(String name) { return name.replace('.', '_'); }

}
