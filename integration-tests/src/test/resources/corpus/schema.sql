-- The corpus test schema (issue 8 acceptance corpus). One file for embedded PostgreSQL and H2
-- (plain H2, as the driver ITs use it): statements are separated by a semicolon at the end of a
-- line; '--' lines are comments. Every value comes from a fixed formula of the row number (no
-- randomness), so every run on every backend holds the same rows.
--
-- Privacy units (see policy.yaml): employees.id (visits.employee_id refers to it), customers.id
-- (orders.customer_id refers to it). departments and products are public dimension tables.
--
-- Every bound the policy or a CHECK declares holds in the data, including the contribution bounds
-- (at most 8 visits per employee, at most 6 orders per customer), so a bounded answer equals the
-- exact answer and the only difference is the noise.
--
-- NUMERIC bounds are written with decimals (0.00, not 0): H2 stores an integer literal compared
-- with a NUMERIC column as CAST(0 AS NUMERIC(1)), which the analyzer does not read as a bound.

DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS products;
DROP TABLE IF EXISTS customers;
DROP TABLE IF EXISTS visits;
DROP TABLE IF EXISTS employees;
DROP TABLE IF EXISTS departments;
DROP TABLE IF EXISTS corpus_digits;
DROP TABLE IF EXISTS corpus_n;

-- A row-number source 0..9999 built from a cross join of digits (PostgreSQL's generate_series and
-- H2's SYSTEM_RANGE differ; this runs on both). Dropped at the end.
CREATE TABLE corpus_digits (d INTEGER NOT NULL);
INSERT INTO corpus_digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE corpus_n (n INTEGER NOT NULL);
INSERT INTO corpus_n
  SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d
  FROM corpus_digits a, corpus_digits b, corpus_digits c, corpus_digits e;

-- Public dimension: 12 departments; Facilities (12) has no employees (an empty public group).
-- Department sizes grow with the id (about 61 in department 1 to 667 in department 11), so top-N
-- answers have no ties.
CREATE TABLE departments (
  id INTEGER PRIMARY KEY,
  name VARCHAR(20) NOT NULL UNIQUE,
  budget DOUBLE PRECISION NOT NULL,
  building VARCHAR(1) NOT NULL
);
INSERT INTO departments VALUES
  (1, 'Engineering', 5000000.00, 'A'), (2, 'Sales', 2500000.00, 'B'),
  (3, 'Marketing', 1500000.00, 'B'), (4, 'Finance', 1200000.00, 'C'),
  (5, 'HR', 800000.00, 'C'), (6, 'Legal', 900000.00, 'C'),
  (7, 'Support', 1100000.00, 'A'), (8, 'Operations', 2000000.00, 'D'),
  (9, 'Research', 3000000.00, 'A'), (10, 'Design', 700000.00, 'B'),
  (11, 'Security', 1300000.00, 'D'), (12, 'Facilities', 600000.00, 'D');

-- Private, unit = id: 4000 employees. bonus (INTEGER, no CHECK) is bounded by the policy only;
-- commute_km is bounded by nothing (DOUBLE PRECISION: a NUMERIC(p,s) would be bounded by its
-- precision), so a query must clamp it itself. departments.budget is unbounded the same way.
CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  email VARCHAR(60) NOT NULL,
  dept_id INTEGER NOT NULL REFERENCES departments (id),
  salary NUMERIC(10,2) NOT NULL CHECK (salary BETWEEN 0.00 AND 200000.00),
  age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 70),
  hired DATE NOT NULL CHECK (hired BETWEEN DATE '2015-01-01' AND DATE '2025-12-31'),
  remote BOOLEAN NOT NULL,
  region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),
  level INTEGER NOT NULL CHECK (level IN (1, 2, 3, 4, 5)),
  rating INTEGER CHECK (rating BETWEEN 1 AND 5),
  bonus INTEGER,
  commute_km DOUBLE PRECISION
);
INSERT INTO employees
  SELECT n, 'Employee ' || CAST(n AS VARCHAR(10)), 'e' || CAST(n AS VARCHAR(10)) || '@example.com',
    1 + FLOOR((SQRT(8 * MOD(n * 7, 66) + 1) - 1) / 2),
    30000.00 + MOD(n * 7919, 150000) + MOD(n, 100) / 100.0,
    18 + MOD(n * 13, 53),
    DATE '2015-01-01' + MOD(n * 37, 4018),
    MOD(n, 3) = 0,
    CASE MOD(n / 7, 4) WHEN 0 THEN 'N' WHEN 1 THEN 'S' WHEN 2 THEN 'E' ELSE 'W' END,
    CASE WHEN MOD(n, 10) < 4 THEN 1 WHEN MOD(n, 10) < 7 THEN 2 WHEN MOD(n, 10) < 9 THEN 3
      WHEN MOD(n, 20) = 9 THEN 4 ELSE 5 END,
    CASE WHEN MOD(n, 10) = 0 THEN NULL ELSE 1 + MOD(n * 7, 5) END,
    CASE WHEN MOD(n, 4) = 1 THEN NULL ELSE MOD(n * 97, 20000) END,
    CASE WHEN MOD(n, 3) = 0 THEN NULL ELSE MOD(n * 11, 800) / 10.0 END
  FROM corpus_n WHERE n BETWEEN 1 AND 4000;

-- Private, unit = employee_id (FK to employees.id): 1 to 8 visits per employee.
CREATE TABLE visits (
  id INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees (id),
  visit_date DATE NOT NULL CHECK (visit_date BETWEEN DATE '2024-01-01' AND DATE '2025-12-31'),
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600),
  kind VARCHAR(8) NOT NULL CHECK (kind IN ('onsite', 'remote', 'client')),
  score INTEGER CHECK (score BETWEEN -2 AND 3),
  room VARCHAR(8) NOT NULL
);
INSERT INTO visits
  SELECT e.id * 10 + k.n, e.id,
    DATE '2024-01-01' + MOD(e.id * 31 + k.n * 97, 731),
    MOD(e.id * 17 + k.n * 53, 601),
    CASE MOD(e.id + k.n, 3) WHEN 0 THEN 'onsite' WHEN 1 THEN 'remote' ELSE 'client' END,
    CASE WHEN MOD(e.id + k.n, 7) = 0 THEN NULL ELSE MOD(e.id * 3 + k.n, 6) - 2 END,
    'R' || CAST(100 + MOD(e.id * 3 + k.n, 15) AS VARCHAR(4))
  FROM employees e, corpus_n k
  WHERE k.n BETWEEN 1 AND 8 AND k.n <= 1 + MOD(e.id * 7, 8);

-- Private, unit = id: 1500 customers; city has no CHECK (a private group key): 10 cities of 86
-- (Tartu) to 214 (Lyon) customers.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  email VARCHAR(60) NOT NULL,
  region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),
  segment VARCHAR(12) NOT NULL CHECK (segment IN ('consumer', 'corporate', 'home_office')),
  city VARCHAR(20) NOT NULL,
  signup DATE NOT NULL CHECK (signup BETWEEN DATE '2020-01-01' AND DATE '2025-12-31'),
  birth_year INTEGER NOT NULL CHECK (birth_year BETWEEN 1940 AND 2006),
  vip BOOLEAN NOT NULL
);
INSERT INTO customers
  SELECT n, 'Customer ' || CAST(n AS VARCHAR(10)), 'c' || CAST(n AS VARCHAR(10)) || '@example.org',
    CASE MOD(n, 4) WHEN 0 THEN 'N' WHEN 1 THEN 'S' WHEN 2 THEN 'E' ELSE 'W' END,
    CASE WHEN MOD(n, 10) < 6 THEN 'consumer' WHEN MOD(n, 10) < 9 THEN 'corporate'
      ELSE 'home_office' END,
    CASE WHEN MOD(n * 11, 105) < 6 THEN 'Tartu' WHEN MOD(n * 11, 105) < 13 THEN 'Graz'
      WHEN MOD(n * 11, 105) < 21 THEN 'Ghent' WHEN MOD(n * 11, 105) < 30 THEN 'Aarhus'
      WHEN MOD(n * 11, 105) < 40 THEN 'Bilbao' WHEN MOD(n * 11, 105) < 51 THEN 'Utrecht'
      WHEN MOD(n * 11, 105) < 63 THEN 'Turin' WHEN MOD(n * 11, 105) < 76 THEN 'Porto'
      WHEN MOD(n * 11, 105) < 90 THEN 'Krakow' ELSE 'Lyon' END,
    DATE '2020-01-01' + MOD(n * 53, 2192),
    1940 + MOD(n * 29, 67),
    MOD(n, 11) = 0
  FROM corpus_n WHERE n BETWEEN 1 AND 1500;

-- Public dimension: 20 products.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name VARCHAR(30) NOT NULL,
  category VARCHAR(10) NOT NULL,
  list_price NUMERIC(8,2) NOT NULL
);
INSERT INTO products
  SELECT n, 'Product ' || CAST(n AS VARCHAR(4)),
    CASE MOD(n, 5) WHEN 0 THEN 'books' WHEN 1 THEN 'games' WHEN 2 THEN 'garden'
      WHEN 3 THEN 'tools' ELSE 'toys' END,
    5.00 + n * 12.50
  FROM corpus_n WHERE n BETWEEN 1 AND 20;

-- Private, unit = customer_id (FK to customers.id): 1 to 6 orders per customer; product n is
-- ordered about n times as often as product 1.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  price NUMERIC(10,2) NOT NULL CHECK (price BETWEEN 0.00 AND 1000.00),
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 20),
  placed TIMESTAMP NOT NULL
    CHECK (placed BETWEEN TIMESTAMP '2024-01-01 00:00:00' AND TIMESTAMP '2025-12-31 23:59:59'),
  status VARCHAR(10) NOT NULL CHECK (status IN ('new', 'shipped', 'returned', 'cancelled')),
  discount NUMERIC(5,2) CHECK (discount BETWEEN 0.00 AND 50.00),
  shipping NUMERIC(6,2)
);
INSERT INTO orders
  SELECT c.id * 10 + k.n, c.id, 1 + FLOOR((SQRT(8 * MOD(c.id * 3 + k.n * 7, 210) + 1) - 1) / 2),
    5.00 + MOD(c.id * 131 + k.n * 71, 99000) / 100.0,
    1 + MOD(c.id + k.n * 5, 20),
    TIMESTAMP '2024-01-01 00:00:00' + (MOD(c.id * 7919 + k.n * 613, 730) * 86400
      + MOD(c.id * 37 + k.n * 3601, 86400)) * INTERVAL '1' SECOND,
    CASE WHEN MOD(c.id + k.n, 10) < 5 THEN 'shipped' WHEN MOD(c.id + k.n, 10) < 8 THEN 'new'
      WHEN MOD(c.id + k.n, 10) = 8 THEN 'returned' ELSE 'cancelled' END,
    CASE WHEN MOD(c.id * k.n, 3) = 0 THEN NULL ELSE MOD(c.id * 7 + k.n, 51) * 1.00 END,
    CASE WHEN MOD(c.id + k.n, 5) = 0 THEN NULL ELSE MOD(c.id * 13 + k.n * 17, 9000) / 100.0 END
  FROM customers c, corpus_n k
  WHERE k.n BETWEEN 1 AND 6 AND k.n <= 1 + MOD(c.id * 5, 6);

DROP TABLE corpus_n;
DROP TABLE corpus_digits;
