-- Extra private table for the error-freedom tests: columns without CHECKs (unbounded int4, int8,
-- int2, float8, unconstrained numeric, text, timestamp, date), one CHECK-bounded float, and one
-- column bounded only by the policy (a clamp bound, not a guarantee about stored values).
CREATE TABLE readings (
  id INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees (id),
  raw INTEGER,
  big BIGINT,
  small SMALLINT,
  ratio DOUBLE PRECISION,
  gauge DOUBLE PRECISION CHECK (gauge BETWEEN 0 AND 10),
  amount NUMERIC,
  code VARCHAR(20),
  taken TIMESTAMP,
  due DATE,
  capped INTEGER
);
