package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.bounds.TableUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.core.TableScan;

/**
 * The facts of a table scan, from {@link TableBounds} (docs/sensitivity-analyzer.md, "Where bounds
 * come from": the policy first, then the enforced constraints): per column its interval and public
 * domain; the table is PUBLIC when the policy says {@code public: true}; else its unit is the one
 * {@link TableBounds#unit} gives by the unit rule (the policy's {@code privacy_unit}, else the unit
 * its foreign keys reach, multi-hop, else its primary key), whose identity names the table the unit
 * originates in, so that joins on it recognise the same unit; a refused unit makes the scan
 * AMBIGUOUS with the rule's reason. Rows per unit: 1, guaranteed, when the unit contains the
 * primary key; else the policy's {@code max_rows_per_unit} (default 1) as a cap the rewrite must
 * enforce. A table whose unit is reached only through a join along one of its foreign keys ({@code
 * order_items.order_id -> orders.id}, then {@code orders.customer_id}) is PRIVATE with the unit not
 * among its columns, unbounded rows per unit, and the occurrence a join along that key lifts
 * ({@link ForeignKeyPath}).
 */
final class ScanPrivacy {
  private ScanPrivacy() {}

  static RelPrivacy of(TableScan scan, TableFactsSource source) {
    List<String> fields = scan.getRowType().getFieldNames();
    String table = String.join(".", scan.getTable().getQualifiedName());
    Optional<TableBounds> found = source.forScan(scan.getTable());
    if (found.isEmpty()) {
      return RelPrivacy.ambiguous(
          "table " + table + " is not in the catalog the analysis was given",
          fields.stream().map(ColumnFacts::unknown).toList());
    }
    TableBounds b = found.get();
    TableMeta meta = b.meta();
    String occurrence = "t" + scan.getId();
    List<ColumnFacts> cols = new ArrayList<>();
    for (String f : fields) {
      Optional<ColumnMeta> cm = meta.column(f);
      if (cm.isEmpty()) {
        cols.add(ColumnFacts.unknown(f));
        continue;
      }
      String c = cm.get().name();
      Optional<TableBounds.Bound> bound = b.bound(c);
      Interval iv =
          bound.isPresent() && bound.get().source().equals("policy")
              ? Interval.of(
                  bound.get().lower(), bound.get().upper(), "policy " + meta.name() + "." + c)
              : meta.interval(c);
      TableBounds.Domain d = b.domain(cm.get()).orElse(null);
      cols.add(new ColumnFacts(f, iv, d, new ColumnFacts.Origin(occurrence, b, c)));
    }
    if (b.isPublic()) {
      return RelPrivacy.publicRel(cols);
    }
    TableUnit unit = b.unit();
    if (unit.isRefused()) {
      return RelPrivacy.ambiguous(unit.path(), cols);
    }
    if (unit.kind() == TableUnit.Kind.THROUGH_JOIN) {
      return RelPrivacy.privateRel(
          new PrivacyUnit(List.of(), unit.identity(), unit.path(), occurrence, false),
          RowBound.unbounded(
              meta.name()
                  + " holds no column with its privacy unit ("
                  + unit.identity()
                  + ", reached through "
                  + unit.path()
                  + "): join "
                  + unit.throughJoin(meta.name())
                  + " to reach it, or name a column of "
                  + meta.name()
                  + " holding the unit as its privacy_unit in the policy"),
          cols);
    }
    List<Integer> positions = new ArrayList<>();
    for (String u : unit.columns()) {
      int at = indexOf(fields, u);
      if (at < 0) {
        return RelPrivacy.ambiguous(
            "the unit column " + u + " of " + meta.name() + " is not among the scanned columns",
            cols);
      }
      positions.add(at);
    }
    PrivacyUnit pu = new PrivacyUnit(List.of(positions), unit.identity(), unit.path(), null, false);
    RowBound rows =
        b.unitIsKey()
            ? RowBound.guaranteed(1, meta.name() + ": the unit is the primary key, one row each")
            : RowBound.cap(
                b.rowsPerUnit(), meta.name() + ": " + b.limitSource(true) + " (a cap to enforce)");
    return RelPrivacy.privateRel(pu, rows, cols);
  }

  static int indexOf(List<String> names, String name) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }
}
