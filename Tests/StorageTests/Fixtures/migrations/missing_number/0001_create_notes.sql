-- Notes, each with a unique title.
CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL DEFAULT ''
);
