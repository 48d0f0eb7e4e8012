package dev.dpjdbc.proxy.wire;

import static dev.dpjdbc.proxy.wire.PgMessageType.*;

import java.io.IOException;
import java.util.List;

/**
 * Encoders for every backend message the proxy sends, one method each, with its byte layout
 * (CrateDB's {@code Messages} habit). {@code str} is a NUL-terminated UTF-8 string; every length
 * word counts itself but not the type byte.
 */
public final class Messages {
  private Messages() {}

  /** {@code | 'R' | int32 8 | int32 0 |} */
  public static void authenticationOk(FrameWriter w) throws IOException {
    w.begin(AUTHENTICATION).int32(AUTH_OK).end();
  }

  /** {@code | 'R' | int32 len | int32 10 | str mechanism ... | byte 0 |} */
  public static void authenticationSasl(FrameWriter w, List<String> mechanisms) throws IOException {
    w.begin(AUTHENTICATION).int32(AUTH_SASL);
    for (String m : mechanisms) {
      w.cstring(m);
    }
    w.int8(0).end();
  }

  /** {@code | 'R' | int32 len | int32 11 | byte[] server-first-message |} */
  public static void authenticationSaslContinue(FrameWriter w, byte[] data) throws IOException {
    w.begin(AUTHENTICATION).int32(AUTH_SASL_CONTINUE).bytes(data).end();
  }

  /** {@code | 'R' | int32 len | int32 12 | byte[] server-final-message |} */
  public static void authenticationSaslFinal(FrameWriter w, byte[] data) throws IOException {
    w.begin(AUTHENTICATION).int32(AUTH_SASL_FINAL).bytes(data).end();
  }

  /** {@code | 'S' | int32 len | str name | str value |} */
  public static void parameterStatus(FrameWriter w, String name, String value) throws IOException {
    w.begin(PARAMETER_STATUS).cstring(name).cstring(value).end();
  }

  /** {@code | 'K' | int32 12 | int32 processId | int32 secretKey |} */
  public static void backendKeyData(FrameWriter w, int processId, int secretKey)
      throws IOException {
    w.begin(BACKEND_KEY_DATA).int32(processId).int32(secretKey).end();
  }

  /** {@code | 'Z' | int32 5 | byte status ('I' idle, 'T' in transaction, 'E' failed) |} */
  public static void readyForQuery(FrameWriter w, byte status) throws IOException {
    w.begin(READY_FOR_QUERY).int8(status).end();
  }

  /**
   * {@code | 'T' | int32 len | int16 n | n × (str name | int32 tableOid | int16 attnum | int32
   * typeOid | int16 typlen | int32 typmod | int16 format) |}
   */
  public static void rowDescription(FrameWriter w, List<FieldDescription> fields)
      throws IOException {
    w.begin(ROW_DESCRIPTION).int16(fields.size());
    for (FieldDescription f : fields) {
      w.cstring(f.name()).int32(0).int16(0).int32(f.typeOid()).int16(f.typeLen());
      w.int32(f.typeMod()).int16(f.format());
    }
    w.end();
  }

  /** {@code | 'D' | int32 len | int16 n | n × (int32 len (-1 = NULL) | byte[len] value) |} */
  public static void dataRow(FrameWriter w, byte[][] values) throws IOException {
    w.begin(DATA_ROW).int16(values.length);
    for (byte[] v : values) {
      if (v == null) {
        w.int32(-1);
      } else {
        w.int32(v.length).bytes(v);
      }
    }
    w.end();
  }

  /** {@code | 'C' | int32 len | str tag |} e.g. {@code SELECT 3}, {@code SET}, {@code BEGIN}. */
  public static void commandComplete(FrameWriter w, String tag) throws IOException {
    w.begin(COMMAND_COMPLETE).cstring(tag).end();
  }

  /** {@code | 'I' | int32 4 |} */
  public static void emptyQueryResponse(FrameWriter w) throws IOException {
    w.begin(EMPTY_QUERY_RESPONSE).end();
  }

  /**
   * {@code | 'E' | int32 len | 'S' str severity | 'V' str severity | 'C' str sqlstate | 'M' str
   * message | byte 0 |} — never DETAIL, HINT or WHERE (they can carry row values).
   */
  public static void errorResponse(FrameWriter w, String severity, String sqlState, String message)
      throws IOException {
    notice(w, ERROR_RESPONSE, severity, sqlState, message);
  }

  /** Same layout as ErrorResponse with type {@code 'N'}; severity NOTICE/WARNING. */
  public static void noticeResponse(FrameWriter w, String severity, String sqlState, String message)
      throws IOException {
    notice(w, NOTICE_RESPONSE, severity, sqlState, message);
  }

  private static void notice(FrameWriter w, byte type, String severity, String code, String msg)
      throws IOException {
    w.begin(type);
    w.int8('S').cstring(severity).int8('V').cstring(severity);
    w.int8('C').cstring(code).int8('M').cstring(msg).int8(0).end();
  }

  /** {@code | '1' | int32 4 |} */
  public static void parseComplete(FrameWriter w) throws IOException {
    w.begin(PARSE_COMPLETE).end();
  }

  /** {@code | '2' | int32 4 |} */
  public static void bindComplete(FrameWriter w) throws IOException {
    w.begin(BIND_COMPLETE).end();
  }

  /** {@code | '3' | int32 4 |} */
  public static void closeComplete(FrameWriter w) throws IOException {
    w.begin(CLOSE_COMPLETE).end();
  }

  /** {@code | 'n' | int32 4 |} */
  public static void noData(FrameWriter w) throws IOException {
    w.begin(NO_DATA).end();
  }

  /** {@code | 's' | int32 4 |} */
  public static void portalSuspended(FrameWriter w) throws IOException {
    w.begin(PORTAL_SUSPENDED).end();
  }

  /** {@code | 't' | int32 len | int16 n | n × int32 typeOid |} */
  public static void parameterDescription(FrameWriter w, int[] oids) throws IOException {
    w.begin(PARAMETER_DESCRIPTION).int16(oids.length);
    for (int oid : oids) {
      w.int32(oid);
    }
    w.end();
  }
}
