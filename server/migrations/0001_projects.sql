-- Projects, their runs and the lines of each run (the protocol's versioned HistoryLine JSON).
-- Applied once, in one transaction, when `PRAGMA user_version` is below 1.

CREATE TABLE projects (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    -- The agent's SavedSession (messages and memory) as of the latest finished run, JSON.
    saved_session TEXT,
    -- Bytes of its frame lines: past the store's cap the oldest runs' frames are dropped.
    frame_bytes   INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE runs (
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    run_id     TEXT NOT NULL,
    goal       TEXT NOT NULL,
    -- 'running' until its record is written; then how it ended ('done', 'failed', ...);
    -- 'interrupted' when the daemon stopped under it (set when the store is next opened).
    status     TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (project_id, run_id)
) STRICT;

CREATE INDEX runs_by_status ON runs(status);
CREATE INDEX runs_by_project ON runs(project_id, started_at);

CREATE TABLE run_lines (
    seq        INTEGER PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    run_id     TEXT NOT NULL,
    -- 'started', 'frame' or 'record' (what the line's fact is), so records are read alone.
    kind       TEXT NOT NULL,
    line       TEXT NOT NULL
) STRICT;

CREATE INDEX run_lines_by_project ON run_lines(project_id, kind, seq);
CREATE INDEX run_lines_by_run ON run_lines(project_id, run_id, kind);
