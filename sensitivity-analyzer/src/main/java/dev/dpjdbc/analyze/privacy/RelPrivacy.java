package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds;
import java.util.List;
import java.util.Optional;

/**
 * The privacy facts of one relational expression, derived bottom-up (see the package Javadoc).
 *
 * <p>Guarantees, by {@link Status}:
 *
 * <ul>
 *   <li>{@link Status#PUBLIC}: no row depends on personal data (only public tables and literals).
 *   <li>{@link Status#PRIVATE}: every row belongs to exactly one unit ({@link #unit}), a unit has
 *       at most {@link #rowsPerUnit} rows, and the rows of a unit depend only on that unit's data
 *       and on public data.
 *   <li>{@link Status#BOUNDARY}: an Aggregate over private rows that does not group by the unit —
 *       the DP boundary. {@link #boundaryInput} holds the facts of its input; nothing above it is
 *       analysed.
 *   <li>{@link Status#RELEASED}: above a boundary, a function of what the boundary releases (and of
 *       public data): post-processing.
 *   <li>{@link Status#AMBIGUOUS}: private data whose unit cannot be told; {@link #reason} says why
 *       and what the analyst can do. The boundary must refuse it.
 * </ul>
 *
 * <p>In every status, {@link #columns} holds one {@link ColumnFacts} per output column; they hold
 * whatever status the rows have (a column's interval is a guarantee about its values, never about
 * which rows exist).
 *
 * @param unit the unit (PRIVATE only, else null)
 * @param rowsPerUnit the row bound (PRIVATE only, else null)
 * @param reason why (AMBIGUOUS, BOUNDARY), else null
 * @param boundaryInput the facts of the aggregate's input (BOUNDARY only, else null)
 */
public record RelPrivacy(
    Status status,
    PrivacyUnit unit,
    RowBound rowsPerUnit,
    List<ColumnFacts> columns,
    String reason,
    RelPrivacy boundaryInput) {

  /** Where a relation stands with respect to personal data. */
  public enum Status {
    PUBLIC,
    PRIVATE,
    BOUNDARY,
    RELEASED,
    AMBIGUOUS
  }

  public RelPrivacy {
    columns = List.copyOf(columns);
    boolean isPrivate = status == Status.PRIVATE;
    if (isPrivate != (unit != null) || isPrivate != (rowsPerUnit != null)) {
      throw new IllegalArgumentException(
          "a unit and a row bound are required for PRIVATE and only for it; status " + status);
    }
    if ((status == Status.AMBIGUOUS || status == Status.BOUNDARY) && reason == null) {
      throw new IllegalArgumentException(status + " needs a reason");
    }
    if ((status == Status.BOUNDARY) != (boundaryInput != null)) {
      throw new IllegalArgumentException("the boundary input is required for BOUNDARY and only");
    }
  }

  public static RelPrivacy publicRel(List<ColumnFacts> columns) {
    return new RelPrivacy(Status.PUBLIC, null, null, columns, null, null);
  }

  public static RelPrivacy privateRel(
      PrivacyUnit unit, RowBound rowsPerUnit, List<ColumnFacts> columns) {
    return new RelPrivacy(Status.PRIVATE, unit, rowsPerUnit, columns, null, null);
  }

  public static RelPrivacy ambiguous(String reason, List<ColumnFacts> columns) {
    return new RelPrivacy(Status.AMBIGUOUS, null, null, columns, reason, null);
  }

  public static RelPrivacy boundary(RelPrivacy input, List<ColumnFacts> columns) {
    return new RelPrivacy(
        Status.BOUNDARY,
        null,
        null,
        columns,
        "aggregate over private rows (unit " + input.unit().identity() + "): the DP boundary",
        input);
  }

  public static RelPrivacy released(List<String> names) {
    return new RelPrivacy(
        Status.RELEASED, null, null, names.stream().map(ColumnFacts::unknown).toList(), null, null);
  }

  /**
   * What a relation over {@code inputs} is when that does not depend on the operator: AMBIGUOUS
   * when an input is (with its reason), RELEASED over released or boundary inputs mixed only with
   * public ones, AMBIGUOUS when released and private rows meet. Empty when every input is PUBLIC or
   * PRIVATE and the operator's own rule applies.
   */
  static Optional<RelPrivacy> beyondRule(List<RelPrivacy> inputs, List<String> names, String op) {
    boolean released = false;
    boolean priv = false;
    for (RelPrivacy in : inputs) {
      switch (in.status) {
        case AMBIGUOUS -> {
          return Optional.of(
              ambiguous(in.reason, names.stream().map(ColumnFacts::unknown).toList()));
        }
        case BOUNDARY, RELEASED -> released = true;
        case PRIVATE -> priv = true;
        case PUBLIC -> {}
      }
    }
    if (released && priv) {
      return Optional.of(
          ambiguous(
              op
                  + " combines released aggregates with private rows (a row-level value, or a"
                  + " subquery's aggregate compared with private rows): an aggregate's result may"
                  + " only be combined with other aggregates and public tables, after the noise",
              names.stream().map(ColumnFacts::unknown).toList()));
    }
    return released ? Optional.of(released(names)) : Optional.empty();
  }

  /** The same facts with other column facts (a filter narrows, a sort keeps). */
  RelPrivacy withColumns(List<ColumnFacts> newColumns) {
    return new RelPrivacy(status, unit, rowsPerUnit, newColumns, reason, boundaryInput);
  }

  public boolean isPublic() {
    return status == Status.PUBLIC;
  }

  public boolean isPrivate() {
    return status == Status.PRIVATE;
  }

  /** The unit's columns (PRIVATE with a visible unit), else empty. */
  public List<Integer> unitColumns() {
    return unit == null ? List.of() : unit.columns();
  }

  public ColumnFacts column(int i) {
    return columns.get(i);
  }

  public Interval interval(int i) {
    return columns.get(i).interval();
  }

  /** The public domain of column {@code i}, if it has one. */
  public Optional<TableBounds.Domain> domain(int i) {
    return Optional.ofNullable(columns.get(i).domain());
  }

  @Override
  public String toString() {
    return switch (status) {
      case PUBLIC, RELEASED -> status + " " + columns;
      case PRIVATE -> "PRIVATE unit " + unit + ", rows per unit " + rowsPerUnit + ", " + columns;
      case BOUNDARY -> "BOUNDARY over " + boundaryInput;
      case AMBIGUOUS -> "AMBIGUOUS: " + reason;
    };
  }
}
