package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.TableMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A backend table or view as Calcite sees it: one field per catalog column, in catalog order, typed
 * from {@link ColumnMeta} (nullable unless the backend enforces NOT NULL), and its primary key as a
 * unique key (so {@code RelMetadataQuery.areColumnsUnique} knows it). Reach it from a scan with
 * {@code scan.getTable().unwrap(CatalogTable.class)}.
 *
 * <p>Field names are the names an unquoted identifier resolves to under PostgreSQL's rules: the
 * backend's spelling, except that a backend which stores unquoted names in upper case (H2) has its
 * all-upper-case names shown in lower case ({@code SALARY} → {@code salary}). A scan's qualified
 * name is the one the query wrote ({@code [employees]} or {@code [public, employees]}); the
 * backend's spelling of schema, table and columns — what generated SQL must quote — is {@link
 * #meta()} and {@link #column(int)}.
 */
public final class CatalogTable extends AbstractTable {
  private final TableMeta meta;
  private final List<ColumnMeta> columns;
  private final List<String> fieldNames;

  CatalogTable(TableMeta meta, boolean upperCaseIdentifiers) {
    this.meta = meta;
    this.columns = List.copyOf(meta.columns().values());
    List<String> names = new ArrayList<>();
    for (ColumnMeta c : columns) {
      names.add(fieldName(c.name(), upperCaseIdentifiers));
    }
    this.fieldNames = List.copyOf(names);
  }

  /** The catalog tables {@code rel} scans, in the order met, each occurrence once. */
  public static List<CatalogTable> scannedBy(org.apache.calcite.rel.RelNode rel) {
    List<CatalogTable> out = new ArrayList<>();
    if (rel instanceof org.apache.calcite.rel.core.TableScan scan) {
      CatalogTable t = scan.getTable().unwrap(CatalogTable.class);
      if (t != null) {
        out.add(t);
      }
    }
    for (org.apache.calcite.rel.RelNode in : rel.getInputs()) {
      out.addAll(scannedBy(in));
    }
    return out;
  }

  /** What the catalog guarantees about this table (backend spelling, keys, constraints). */
  public TableMeta meta() {
    return meta;
  }

  /** The catalog column behind field {@code field} of this table's row type. */
  public ColumnMeta column(int field) {
    return columns.get(field);
  }

  /** The field names of the row type, in order. */
  public List<String> fieldNames() {
    return fieldNames;
  }

  static String fieldName(String backendName, boolean upperCaseIdentifiers) {
    if (upperCaseIdentifiers && backendName.equals(backendName.toUpperCase(Locale.ROOT))) {
      return backendName.toLowerCase(Locale.ROOT);
    }
    return backendName;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (int i = 0; i < columns.size(); i++) {
      b.add(fieldNames.get(i), ColumnTypes.of(f, columns.get(i)));
    }
    return b.build();
  }

  @Override
  public Statistic getStatistic() {
    List<ImmutableBitSet> keys = new ArrayList<>();
    ImmutableBitSet.Builder pk = ImmutableBitSet.builder();
    for (String name : meta.primaryKey()) {
      int i = indexOf(name);
      if (i < 0) {
        return Statistics.UNKNOWN;
      }
      pk.set(i);
    }
    if (!meta.primaryKey().isEmpty()) {
      keys.add(pk.build());
    }
    return Statistics.of(null, keys, null, null);
  }

  private int indexOf(String backendName) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(backendName)) {
        return i;
      }
    }
    return -1;
  }
}
