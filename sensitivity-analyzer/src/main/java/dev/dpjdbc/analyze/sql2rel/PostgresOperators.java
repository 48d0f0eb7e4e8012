package dev.dpjdbc.analyze.sql2rel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * The functions an analyst's query may call: Calcite's standard operators, its PostgreSQL library,
 * and the PostgreSQL built-ins neither has ({@code date_trunc(text, timestamp)}, {@code now()},
 * {@code to_timestamp(double)}). Function names match ignoring case, as PostgreSQL's folding of
 * unquoted names makes them (Calcite's parser folds {@code to_timestamp} to lower case, its
 * libraries spell {@code TO_TIMESTAMP}). Where this class defines a name, its definition replaces
 * the library's, so that one name has one meaning.
 */
public final class PostgresOperators implements SqlOperatorTable {
  static final PostgresOperators INSTANCE = new PostgresOperators();

  /** Units {@code date_trunc} accepts (PostgreSQL 14 manual, §9.9.2). */
  public static final Set<String> DATE_TRUNC_UNITS =
      Set.of(
          "microseconds",
          "milliseconds",
          "second",
          "minute",
          "hour",
          "day",
          "week",
          "month",
          "quarter",
          "year",
          "decade",
          "century",
          "millennium");

  /** {@code date_trunc(unit, x)}: a DATE is truncated as a TIMESTAMP (PostgreSQL casts it). */
  static final SqlFunction DATE_TRUNC =
      SqlBasicFunction.create(
          "DATE_TRUNC",
          truncatedType(),
          OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.DATETIME),
          SqlFunctionCategory.TIMEDATE);

  /** {@code now()}: the transaction's start time, as {@code CURRENT_TIMESTAMP}. */
  static final SqlFunction NOW =
      SqlBasicFunction.create(
              "NOW",
              opBinding ->
                  opBinding
                      .getTypeFactory()
                      .createSqlType(
                          SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                          ColumnTypes.DEFAULT_FRACTION_DIGITS),
              OperandTypes.NILADIC,
              SqlFunctionCategory.TIMEDATE)
          .withDynamic(true);

  /**
   * {@code to_timestamp(epoch seconds)} and {@code to_timestamp(text, format)}, both giving a
   * timestamp with time zone (Calcite's PostgreSQL library has only the second, typed so that it
   * cannot be compared with a TIMESTAMP column).
   */
  static final SqlFunction TO_TIMESTAMP =
      SqlBasicFunction.create(
          "TO_TIMESTAMP",
          opBinding ->
              opBinding
                  .getTypeFactory()
                  .createTypeWithNullability(
                      opBinding
                          .getTypeFactory()
                          .createSqlType(
                              SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                              ColumnTypes.DEFAULT_FRACTION_DIGITS),
                      anyNullable(opBinding.collectOperandTypes())),
          OperandTypes.or(OperandTypes.NUMERIC, OperandTypes.STRING_STRING),
          SqlFunctionCategory.TIMEDATE);

  /**
   * {@code MEDIAN(x)}, an aggregate H2 has (PostgreSQL does not: the relational planner refuses it
   * there): the 0.5 quantile, typed as its argument.
   */
  static final org.apache.calcite.sql.SqlAggFunction MEDIAN =
      org.apache.calcite.sql.fun.SqlBasicAggFunction.create(
          "MEDIAN",
          org.apache.calcite.sql.SqlKind.OTHER_FUNCTION,
          org.apache.calcite.sql.type.ReturnTypes.ARG0_NULLABLE_IF_EMPTY,
          OperandTypes.NUMERIC);

  /**
   * {@code width_bucket(x, lo, hi, n)}: the bucket 0..n+1 of {@code x} among {@code n} equal
   * buckets of [lo, hi) (PostgreSQL's numeric and double precision forms; an integer).
   */
  static final SqlFunction WIDTH_BUCKET =
      SqlBasicFunction.create(
          "WIDTH_BUCKET",
          ReturnTypes.INTEGER_NULLABLE,
          OperandTypes.family(
              SqlTypeFamily.NUMERIC,
              SqlTypeFamily.NUMERIC,
              SqlTypeFamily.NUMERIC,
              SqlTypeFamily.INTEGER),
          SqlFunctionCategory.NUMERIC);

  private static final SqlOperatorTable OWN =
      SqlOperatorTables.of(DATE_TRUNC, NOW, TO_TIMESTAMP, MEDIAN, WIDTH_BUCKET);

  private static final SqlOperatorTable LIBRARY =
      SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(
          SqlLibrary.STANDARD, SqlLibrary.POSTGRESQL);

  private static final SqlNameMatcher IGNORE_CASE = SqlNameMatchers.withCaseSensitive(false);

  private PostgresOperators() {}

  @Override
  public void lookupOperatorOverloads(
      SqlIdentifier opName,
      SqlFunctionCategory category,
      SqlSyntax syntax,
      List<SqlOperator> operatorList,
      SqlNameMatcher nameMatcher) {
    int before = operatorList.size();
    OWN.lookupOperatorOverloads(opName, category, syntax, operatorList, IGNORE_CASE);
    if (operatorList.size() == before) {
      LIBRARY.lookupOperatorOverloads(opName, category, syntax, operatorList, IGNORE_CASE);
    }
  }

  @Override
  public List<SqlOperator> getOperatorList() {
    List<SqlOperator> all = new ArrayList<>(OWN.getOperatorList());
    Set<String> own = Set.of("DATE_TRUNC", "NOW", "TO_TIMESTAMP", "MEDIAN", "WIDTH_BUCKET");
    for (SqlOperator op : LIBRARY.getOperatorList()) {
      if (!own.contains(op.getName().toUpperCase(Locale.ROOT))) {
        all.add(op);
      }
    }
    return all;
  }

  /** Is there any function of this name (whatever its arguments)? */
  boolean knowsFunction(String name) {
    List<SqlOperator> found = new ArrayList<>();
    lookupOperatorOverloads(
        new SqlIdentifier(name, org.apache.calcite.sql.parser.SqlParserPos.ZERO),
        null,
        SqlSyntax.FUNCTION,
        found,
        IGNORE_CASE);
    return !found.isEmpty();
  }

  private static SqlReturnTypeInference truncatedType() {
    return opBinding -> {
      RelDataType arg = opBinding.getOperandType(1);
      RelDataType t =
          arg.getSqlTypeName() == SqlTypeName.DATE
              ? opBinding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP, 0)
              : arg;
      return opBinding
          .getTypeFactory()
          .createTypeWithNullability(
              t, arg.isNullable() || opBinding.getOperandType(0).isNullable());
    };
  }

  private static boolean anyNullable(List<RelDataType> types) {
    return types.stream().anyMatch(RelDataType::isNullable);
  }
}
