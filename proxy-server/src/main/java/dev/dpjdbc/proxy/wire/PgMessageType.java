package dev.dpjdbc.proxy.wire;

/**
 * Every message type byte of PostgreSQL's frontend/backend protocol v3 that the proxy reads or
 * writes, named in one place (pgjdbc's {@code PgMessageType} habit). Startup-phase packets carry no
 * type byte; they are told apart by the request codes at the bottom.
 */
public final class PgMessageType {
  private PgMessageType() {}

  // Frontend (client -> proxy)
  public static final byte QUERY = 'Q';
  public static final byte PARSE = 'P';
  public static final byte BIND = 'B';
  public static final byte DESCRIBE = 'D';
  public static final byte EXECUTE = 'E';
  public static final byte CLOSE = 'C';
  public static final byte FLUSH = 'H';
  public static final byte SYNC = 'S';
  public static final byte TERMINATE = 'X';

  /** PasswordMessage, SASLInitialResponse and SASLResponse all use 'p'. */
  public static final byte PASSWORD = 'p';

  public static final byte FUNCTION_CALL = 'F';
  public static final byte COPY_DATA = 'd';
  public static final byte COPY_DONE = 'c';
  public static final byte COPY_FAIL = 'f';

  // Backend (proxy -> client)
  public static final byte AUTHENTICATION = 'R';
  public static final byte PARAMETER_STATUS = 'S';
  public static final byte BACKEND_KEY_DATA = 'K';
  public static final byte READY_FOR_QUERY = 'Z';
  public static final byte ROW_DESCRIPTION = 'T';
  public static final byte DATA_ROW = 'D';
  public static final byte COMMAND_COMPLETE = 'C';
  public static final byte EMPTY_QUERY_RESPONSE = 'I';
  public static final byte ERROR_RESPONSE = 'E';
  public static final byte NOTICE_RESPONSE = 'N';
  public static final byte PARSE_COMPLETE = '1';
  public static final byte BIND_COMPLETE = '2';
  public static final byte CLOSE_COMPLETE = '3';
  public static final byte NO_DATA = 'n';
  public static final byte PARAMETER_DESCRIPTION = 't';
  public static final byte PORTAL_SUSPENDED = 's';

  // Authentication sub-codes (int32 after 'R')
  public static final int AUTH_OK = 0;
  public static final int AUTH_SASL = 10;
  public static final int AUTH_SASL_CONTINUE = 11;
  public static final int AUTH_SASL_FINAL = 12;

  // Startup-phase request codes (int32 after the length, no type byte)
  public static final int PROTOCOL_3_0 = 196608;
  public static final int SSL_REQUEST = 80877103;
  public static final int GSSENC_REQUEST = 80877104;
  public static final int CANCEL_REQUEST = 80877102;

  // Single-byte answers to SSLRequest / GSSENCRequest
  public static final byte ENCRYPTION_REFUSED = 'N';
  public static final byte SSL_ACCEPTED = 'S';

  // ReadyForQuery transaction status
  public static final byte TX_IDLE = 'I';
  public static final byte TX_IN_BLOCK = 'T';
  public static final byte TX_FAILED = 'E';
}
