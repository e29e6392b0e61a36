-- Where a session was opened (city and country from a trusted CDN, else the address), for the active-sessions list.
ALTER TABLE sessions ADD COLUMN place text NOT NULL DEFAULT '';
