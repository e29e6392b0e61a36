-- A session's place is only what a trusted CDN named (city, country), else '' and the list says 'Unknown location'.
-- Sessions opened before kept a description of the address instead; those become ''.
UPDATE sessions SET place = ''
WHERE place LIKE 'This computer (%' OR place LIKE 'Local network (%' OR place LIKE 'IP %';
