//! [`Writer`]: the store's one writer, a thread that owns the writing connection and applies
//! each job as one transaction, in the order sent. Callers block on the job's answer, so a
//! write has been committed (to the WAL) when it returns.

use std::sync::mpsc;

use rusqlite::{Connection, Transaction};

use crate::store::StoreError;

type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// The handle of the writer thread; dropping it ends the thread once its queue is done.
#[derive(Debug)]
pub(super) struct Writer {
    jobs: std::sync::Mutex<mpsc::Sender<Job>>,
}

impl Writer {
    /// Starts the thread, which owns `connection`.
    pub fn start(mut connection: Connection) -> Result<Self, StoreError> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("tandem-store-writer".to_owned())
            .spawn(move || {
                while let Ok(job) = queue.recv() {
                    job(&mut connection);
                }
            })?;
        Ok(Self {
            jobs: std::sync::Mutex::new(jobs),
        })
    }

    /// Runs `work` in one transaction on the writer thread: committed when it returns `Ok`,
    /// rolled back otherwise.
    pub fn transaction<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, answer) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |connection: &mut Connection| {
            let result =
                connection
                    .transaction()
                    .map_err(StoreError::from)
                    .and_then(|transaction| {
                        let value = work(&transaction)?;
                        transaction.commit()?;
                        Ok(value)
                    });
            let _ = reply.send(result);
        });
        self.jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .send(job)
            .map_err(|_| StoreError::Closed)?;
        answer.recv().map_err(|_| StoreError::Closed)?
    }
}
