-- Extra private table for the error-freedom tests: columns without CHECKs (unbounded int4, int8,
-- int2, float8, unconstrained numeric, text, timestamp, date), one CHECK-bounded float, and one
-- column bounded only by the policy (a clamp bound, not a guarantee about stored values). NaN and
-- infinities: fixed NUMERIC(6,2) has a finite range but holds 'NaN' on PostgreSQL; pos and half
-- have only a lower CHECK, which 'NaN' (and '+Infinity' for the float) pass; lim's two-sided
-- CHECK excludes them.
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
  capped INTEGER,
  fixed NUMERIC(6,2),
  pos NUMERIC(6,2) CHECK (pos >= 0),
  lim NUMERIC(6,2) CHECK (lim BETWEEN 0 AND 100),
  half DOUBLE PRECISION CHECK (half >= 0)
);
