package dev.dpjdbc.analyze.sql2rel;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit conversions plus PostgreSQL's date arithmetic, which Calcite's {@code +} and
 * {@code -} do not accept:
 *
 * <ul>
 *   <li>{@code date ± integer} (and {@code integer + date}) is the date that many days later or
 *       earlier: the integer operand {@code n} becomes {@code n * INTERVAL '1' DAY}, so {@code
 *       CURRENT_DATE - 30} validates as {@code CURRENT_DATE - 30 * INTERVAL '1' DAY}, a DATE;
 *   <li>{@code date - date} is the number of days between them: both operands become {@code
 *       EXTRACT(EPOCH FROM CAST(d AS TIMESTAMP)) / 86400}, exact because a date's epoch is a whole
 *       number of days, so the difference is an integer as in PostgreSQL.
 * </ul>
 *
 * Both are rewrites of the operands only (the only thing a coercion may change), made while the
 * validator checks the call; the converted RelNode carries the rewritten expression. A parameter
 * operand ({@code CURRENT_DATE - ?}) is left alone: its type is inferred from the other operand.
 */
final class PostgresCoercion extends TypeCoercionImpl {
  private static final String SECONDS_PER_DAY = "86400";

  PostgresCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  @Override
  public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
    SqlKind kind = binding.getOperator().getKind();
    if (binding.getOperandCount() == 2 && (kind == SqlKind.PLUS || kind == SqlKind.MINUS)) {
      SqlCall call = binding.getCall();
      if (call.operand(0) instanceof SqlDynamicParam
          || call.operand(1) instanceof SqlDynamicParam) {
        return super.binaryArithmeticCoercion(binding);
      }
      RelDataType left = binding.getOperandType(0);
      RelDataType right = binding.getOperandType(1);
      if (isDate(left) && isInteger(right)) {
        return replace(binding, 1, days(call.operand(1)));
      }
      if (kind == SqlKind.PLUS && isInteger(left) && isDate(right)) {
        return replace(binding, 0, days(call.operand(0)));
      }
      if (kind == SqlKind.MINUS && isDate(left) && isDate(right)) {
        return replace(binding, 0, epochDays(call.operand(0)))
            && replace(binding, 1, epochDays(call.operand(1)));
      }
    }
    return super.binaryArithmeticCoercion(binding);
  }

  private boolean replace(SqlCallBinding binding, int operand, SqlNode with) {
    binding.getCall().setOperand(operand, with);
    updateInferredType(with, validator.deriveType(binding.getScope(), with));
    return true;
  }

  private static boolean isDate(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DATE;
  }

  private static boolean isInteger(RelDataType t) {
    return SqlTypeUtil.isIntType(t);
  }

  /** {@code n * INTERVAL '1' DAY}. */
  private static SqlNode days(SqlNode n) {
    SqlParserPos pos = n.getParserPosition();
    SqlLiteral oneDay =
        SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, pos), pos);
    return SqlStdOperatorTable.MULTIPLY.createCall(pos, n, oneDay);
  }

  /** {@code EXTRACT(EPOCH FROM CAST(d AS TIMESTAMP)) / 86400} (Calcite has no EPOCH of a DATE). */
  private static SqlNode epochDays(SqlNode d) {
    SqlParserPos pos = d.getParserPosition();
    SqlNode timestamp =
        SqlStdOperatorTable.CAST.createCall(
            pos, d, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.TIMESTAMP, pos), pos));
    SqlNode epoch =
        SqlStdOperatorTable.EXTRACT.createCall(
            pos, new SqlIntervalQualifier(TimeUnit.EPOCH, null, pos), timestamp);
    return SqlStdOperatorTable.DIVIDE.createCall(
        pos, epoch, SqlLiteral.createExactNumeric(SECONDS_PER_DAY, pos));
  }
}
