package dev.dpjdbc.mechanisms.cli;

/** A minimal JSON object writer for the CLI's one-line output (numbers, strings, arrays). */
final class Json {
  private final StringBuilder sb = new StringBuilder("{");
  private boolean first = true;

  Json put(String key, String value) {
    key(key);
    if (value == null) {
      sb.append("null");
    } else {
      sb.append('"').append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
    }
    return this;
  }

  Json put(String key, double value) {
    key(key);
    number(value);
    return this;
  }

  Json put(String key, long value) {
    key(key);
    sb.append(value);
    return this;
  }

  Json put(String key, double[] values) {
    key(key);
    sb.append('[');
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      number(values[i]);
    }
    sb.append(']');
    return this;
  }

  Json putRaw(String key, String json) {
    key(key);
    sb.append(json);
    return this;
  }

  @Override
  public String toString() {
    return sb + "}";
  }

  private void key(String key) {
    if (!first) {
      sb.append(',');
    }
    first = false;
    sb.append('"').append(key).append("\":");
  }

  /** Shortest round-trip decimal; NaN and infinities (not JSON) become null. */
  private void number(double v) {
    if (!Double.isFinite(v)) {
      sb.append("null");
    } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      sb.append((long) v);
    } else {
      sb.append(v);
    }
  }
}
