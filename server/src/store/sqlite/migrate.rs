//! Schema migrations, versioned in the repository (`server/migrations/NNNN_*.sql`) and applied
//! in order, each in its own transaction with the version it brings (`PRAGMA user_version`).

use rusqlite::Connection;

use crate::store::StoreError;

/// Every migration, in order: the schema version it brings and its SQL.
const MIGRATIONS: &[(i64, &str)] = &[(1, include_str!("../../../migrations/0001_projects.sql"))];

/// The schema version this daemon writes.
pub(super) fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

/// Brings the database to the latest schema; refuses one written by a newer daemon.
pub(super) fn migrate(connection: &mut Connection) -> Result<(), StoreError> {
    let found: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if found > latest() {
        return Err(StoreError::NewerSchema {
            found,
            known: latest(),
        });
    }
    for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| *version > found) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(sql)?;
        transaction.pragma_update(None, "user_version", version)?;
        transaction.commit()?;
        tracing::info!(version, "migrated the project database");
    }
    Ok(())
}
