-- The multi-table schema of the relational front end's tests; valid on H2 2.x and PostgreSQL 14.
-- departments is a public dimension; employees, visits (several rows per person), customers and
-- orders hold personal data; hr.payroll lives in a second schema; "Events" has quoted mixed-case
-- names.
CREATE TABLE departments (
  id INTEGER PRIMARY KEY,
  name VARCHAR(50) NOT NULL,
  budget NUMERIC(12,2) CHECK (budget >= 0)
);
CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  dept_id INTEGER NOT NULL REFERENCES departments (id),
  salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),
  age INTEGER CHECK (age BETWEEN 18 AND 70),
  hired DATE NOT NULL CHECK (hired BETWEEN DATE '2015-01-01' AND DATE '2025-12-31'),
  remote BOOLEAN NOT NULL,
  region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),
  level INTEGER NOT NULL CHECK (level IN (1, 2, 3, 4, 5)),
  sex VARCHAR(1) CHECK (sex IN ('F', 'M')),
  educ INTEGER CHECK (educ BETWEEN 1 AND 16)
);
CREATE TABLE visits (
  id INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees (id),
  "day" DATE NOT NULL CHECK ("day" BETWEEN DATE '2020-01-01' AND DATE '2025-12-31'),
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600)
);
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),
  since DATE
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  price NUMERIC(10,2) NOT NULL CHECK (price BETWEEN 0 AND 1000),
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 20),
  placed TIMESTAMP NOT NULL
    CHECK (placed BETWEEN TIMESTAMP '2020-01-01 00:00:00' AND TIMESTAMP '2025-12-31 23:59:59')
);
-- order_notes names no unit: orders.customer_id holds it, reached through order_notes.order_id.
CREATE TABLE order_notes (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5)
);
CREATE SCHEMA hr;
CREATE TABLE hr.payroll (
  employee_id INTEGER PRIMARY KEY REFERENCES public.employees (id),
  bonus NUMERIC(8,2) CHECK (bonus BETWEEN 0 AND 50000)
);
CREATE TABLE "Events" (
  id INTEGER PRIMARY KEY,
  "Kind" VARCHAR(10) NOT NULL,
  "startedAt" TIMESTAMP
);
