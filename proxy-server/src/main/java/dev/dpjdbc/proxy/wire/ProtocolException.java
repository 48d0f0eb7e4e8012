package dev.dpjdbc.proxy.wire;

import java.io.IOException;

/** A frontend message violates the protocol (SQLState 08P01); the connection is closed. */
public final class ProtocolException extends IOException {
  private static final long serialVersionUID = 1L;

  public ProtocolException(String message) {
    super(message);
  }
}
