//! [`Writer`]: the store's one writer, a thread that owns the writing connection and applies
//! each job as one transaction, in the order sent. Callers block on the job's answer, so a
//! write has been committed (to the WAL) when it returns. [`Writer::close`] ends the thread
//! after the jobs already sent, and waits for it: the writing connection is closed when it
//! returns.

use std::sync::mpsc;

use rusqlite::{Connection, Transaction};

use crate::store::StoreError;

type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// The handle of the writer thread; dropping it ends the thread once its queue is done.
#[derive(Debug)]
pub(super) struct Writer {
    /// `None` once closed: a job sent then fails with [`StoreError::Closed`].
    jobs: std::sync::Mutex<Option<mpsc::Sender<Job>>>,
    thread: std::sync::Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Writer {
    /// Starts the thread, which owns `connection`.
    pub fn start(mut connection: Connection) -> Result<Self, StoreError> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("tandem-store-writer".to_owned())
            .spawn(move || {
                while let Ok(job) = queue.recv() {
                    job(&mut connection);
                }
            })?;
        Ok(Self {
            jobs: std::sync::Mutex::new(Some(jobs)),
            thread: std::sync::Mutex::new(Some(thread)),
        })
    }

    /// Lets the jobs already sent run, then ends the thread and waits for it (its connection is
    /// closed when this returns). Later transactions fail with [`StoreError::Closed`]. Blocking.
    pub fn close(&self) {
        drop(
            self.jobs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take(),
        );
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(thread) = thread
            && thread.join().is_err()
        {
            tracing::warn!("the store's writer thread had panicked");
        }
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
            .as_ref()
            .ok_or(StoreError::Closed)?
            .send(job)
            .map_err(|_| StoreError::Closed)?;
        answer.recv().map_err(|_| StoreError::Closed)?
    }
}
