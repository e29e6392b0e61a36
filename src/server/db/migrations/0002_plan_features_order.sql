-- Plan features are shown in the order written; jsonb sorts object keys, json keeps them as written.
ALTER TABLE plans ALTER COLUMN features DROP DEFAULT;
ALTER TABLE plans ALTER COLUMN features TYPE json USING features::json;
ALTER TABLE plans ALTER COLUMN features SET DEFAULT '{}'::json;
