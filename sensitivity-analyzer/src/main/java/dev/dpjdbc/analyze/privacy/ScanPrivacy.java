package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rel.core.TableScan;

/**
 * The facts of a table scan, from {@link TableBounds} (docs/sensitivity-analyzer.md, "Where bounds
 * come from": the policy first, then the enforced constraints): per column its interval and public
 * domain; the table is PUBLIC when the policy says {@code public: true}; else its unit is the
 * policy's {@code privacy_unit}, else its primary key. A unit column that is a foreign key to the
 * unit of another private table names that table's unit (its identity follows the key, multi-hop),
 * so that joins on it recognise the same unit. Rows per unit: 1, guaranteed, when the unit contains
 * the primary key; else the policy's {@code max_rows_per_unit} (default 1) as a cap the rewrite
 * must enforce.
 */
final class ScanPrivacy {
  private static final int MAX_HOPS = 16;

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
    Optional<String> missing = b.missingPolicyUnit();
    if (missing.isPresent()) {
      return RelPrivacy.ambiguous(
          "the policy names privacy_unit "
              + missing.get()
              + " for "
              + meta.name()
              + ", which has no such column: fix the policy",
          cols);
    }
    List<String> unit = b.unitColumns();
    if (unit.isEmpty()) {
      return RelPrivacy.ambiguous(
          "table "
              + meta.name()
              + " has no privacy unit: it has no primary key and the policy names no"
              + " privacy_unit; declare privacy_unit for it in the policy, or public: true if it"
              + " holds no personal data",
          cols);
    }
    List<Integer> positions = new ArrayList<>();
    for (String u : unit) {
      int at = indexOf(fields, u);
      if (at < 0) {
        return RelPrivacy.ambiguous(
            "the unit column " + u + " of " + meta.name() + " is not among the scanned columns",
            cols);
      }
      positions.add(at);
    }
    Identity id = identity(b, unit, source, new HashSet<>(), 0);
    boolean rowLevel = !id.viaForeignKey && b.unitSource().equals("primary key");
    PrivacyUnit pu =
        new PrivacyUnit(List.of(positions), id.name, id.path, rowLevel ? occurrence : null, false);
    RowBound rows =
        b.unitIsKey()
            ? RowBound.guaranteed(1, meta.name() + ": the unit is the primary key, one row each")
            : RowBound.cap(
                b.rowsPerUnit(), meta.name() + ": " + b.limitSource(true) + " (a cap to enforce)");
    return RelPrivacy.privateRel(pu, rows, cols);
  }

  /** What a unit's values name, and the path there. */
  record Identity(String name, String path, boolean viaForeignKey) {}

  /**
   * The identity of {@code cols} of {@code b}: the referenced table's unit when the columns are a
   * foreign key to it (followed recursively), else the columns themselves.
   */
  static Identity identity(
      TableBounds b, List<String> cols, TableFactsSource source, Set<String> seen, int depth) {
    TableMeta m = b.meta();
    String here = m.name() + "." + String.join(",", cols);
    String self = qualified(m, cols);
    if (!seen.add(self) || depth > MAX_HOPS) {
      return new Identity(self, here, false);
    }
    for (TableMeta.ForeignKey fk : m.foreignKeys()) {
      List<String> target = mapThrough(fk, cols);
      if (target == null) {
        continue;
      }
      Optional<TableBounds> ref = source.forName(fk.refSchema(), fk.refTable());
      if (ref.isEmpty() || ref.get().isPublic() || !sameColumns(ref.get().unitColumns(), target)) {
        continue;
      }
      Identity up = identity(ref.get(), ref.get().unitColumns(), source, seen, depth + 1);
      return new Identity(up.name, here + " -> " + up.path, true);
    }
    return new Identity(self, here + " (" + b.unitSource() + ")", false);
  }

  /** The referenced columns for {@code cols} if the key's columns are exactly {@code cols}. */
  static List<String> mapThrough(TableMeta.ForeignKey fk, List<String> cols) {
    if (fk.columns().size() != cols.size()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (String c : cols) {
      int at = indexOf(fk.columns(), c);
      if (at < 0) {
        return null;
      }
      out.add(fk.refColumns().get(at));
    }
    return out;
  }

  static boolean sameColumns(List<String> a, List<String> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).equalsIgnoreCase(b.get(i))) {
        return false;
      }
    }
    return true;
  }

  static String qualified(TableMeta m, List<String> cols) {
    return (m.schema() == null ? "" : m.schema() + ".") + m.name() + "." + String.join(",", cols);
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
