//! Where documents are made: off the async threads, a bounded number at
//! once, and the bytes of identical requests kept.
//!
//! Making a sheet, a handout or a check report is CPU work. It runs on
//! tokio's blocking threads, at most [`Limits::workers`] at once (one per
//! core: more would only share the cores), so the threads that accept
//! connections stay free and a burst of requests queues instead of
//! thrashing. The queue is bounded too: past [`Limits::queue`] waiting
//! requests, or when a request has waited its whole deadline, the answer is
//! 503 at once, never a hang. A panic in the work is caught and answered as
//! 500; the server goes on.
//!
//! Output is deterministic (the same request gives the same bytes), so the
//! bytes of a rendered request can be kept and given again: [`Cache`] keeps
//! them up to a byte budget, oldest out first.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::error::ApiError;
use super::limits::Limits;

/// The bounded pool documents are made in.
#[derive(Debug)]
pub struct Workers {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    wait: Duration,
}

impl Workers {
    /// Workers as `limits` bound them.
    pub fn new(limits: &Limits) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(limits.workers.max(1))),
            waiting: AtomicUsize::new(0),
            queue: limits.queue,
            wait: limits.deadline,
        }
    }

    /// Runs `work` on a blocking thread once a worker is free.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let queued = self.waiting.fetch_add(1, Ordering::AcqRel);
        let permit = if queued >= self.queue {
            None
        } else {
            tokio::time::timeout(self.wait, Arc::clone(&self.permits).acquire_owned())
                .await
                .ok()
                .and_then(Result::ok)
        };
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let Some(permit) = permit else {
            return Err(ApiError::busy(
                "the server is busy making other documents; try again in a moment",
            ));
        };
        // The permit goes with the work, not with the request: a request
        // given up (its deadline, a closed connection) leaves its work
        // running, and that work still counts against the bound.
        let job = move || {
            let _permit = permit;
            work()
        };
        match tokio::task::spawn_blocking(job).await {
            Ok(result) => result,
            Err(e) if e.is_panic() => Err(panicked()),
            Err(_) => Err(ApiError::internal("the work was cancelled")),
        }
    }
}

/// The answer to a request whose handler panicked.
pub fn panicked() -> ApiError {
    ApiError::internal(
        "the server failed on this request (a bug in paperboard; the server goes on serving)",
    )
    .with_help("please report what you asked for, so it can be fixed")
}

/// Rendered bytes by request, up to a byte budget.
#[derive(Debug)]
pub struct Cache {
    budget: usize,
    inner: Mutex<CacheInner>,
}

#[derive(Debug, Default)]
struct CacheInner {
    entries: HashMap<String, Bytes>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Cache {
    /// The longest key kept: a request that names a long spec text is made
    /// again each time rather than held.
    const KEY_LIMIT: usize = 16 << 10;

    /// A cache holding at most `budget` bytes (0 keeps nothing).
    pub fn new(budget: usize) -> Cache {
        Cache {
            budget,
            inner: Mutex::new(CacheInner::default()),
        }
    }

    /// The bytes kept for `key`.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        if self.budget == 0 {
            return None;
        }
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        inner.entries.get(key).cloned()
    }

    /// Keeps `bytes` for `key`, dropping the oldest entries to stay in
    /// budget. An entry larger than an eighth of the budget is not kept.
    pub fn put(&self, key: String, bytes: Bytes) {
        let size = bytes.len() + key.len();
        if self.budget == 0 || key.len() > Self::KEY_LIMIT || size > self.budget / 8 {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.entries.contains_key(&key) {
            return;
        }
        while inner.bytes + size > self.budget {
            let Some(old) = inner.order.pop_front() else {
                break;
            };
            if let Some(b) = inner.entries.remove(&old) {
                inner.bytes -= b.len() + old.len();
            }
        }
        inner.bytes += size;
        inner.order.push_back(key.clone());
        inner.entries.insert(key, bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_to_its_budget_oldest_out_first() {
        let cache = Cache::new(800);
        for i in 0..20 {
            cache.put(format!("k{i:02}"), Bytes::from(vec![0; 96]));
        }
        let inner = cache.inner.lock().unwrap();
        assert!(inner.bytes <= 800, "{}", inner.bytes);
        assert_eq!(inner.entries.len(), 8);
        drop(inner);
        assert!(cache.get("k00").is_none());
        assert!(cache.get("k19").is_some());
        // Too large for the budget: not kept.
        cache.put("big".into(), Bytes::from(vec![0; 200]));
        assert!(cache.get("big").is_none());
        assert!(Cache::new(0).get("k19").is_none());
    }

    #[tokio::test]
    async fn a_full_queue_is_turned_away_and_a_panic_is_an_error() {
        let limits = Limits {
            workers: 1,
            queue: 0,
            ..Limits::default()
        };
        let w = Workers::new(&limits);
        let e = w.run(|| Ok(1)).await.unwrap_err();
        assert_eq!(e.status.as_u16(), 503);
        let w = Workers::new(&Limits {
            workers: 1,
            ..Limits::default()
        });
        assert_eq!(w.run(|| Ok(2)).await.unwrap(), 2);
        let e = w
            .run(|| -> Result<(), ApiError> { panic!("injected") })
            .await
            .unwrap_err();
        assert_eq!(e.status.as_u16(), 500);
        assert_eq!(w.run(|| Ok(3)).await.unwrap(), 3);
    }

    /// One worker with a 50 ms wait, and a request holding it: the work
    /// runs until the sender is used (or dropped), then says it ended.
    struct Held {
        workers: Arc<Workers>,
        release: std::sync::mpsc::Sender<()>,
        ended: std::sync::mpsc::Receiver<()>,
        request: tokio::task::JoinHandle<Result<(), ApiError>>,
    }

    async fn one_worker_held() -> Held {
        let workers = Arc::new(Workers::new(&Limits {
            workers: 1,
            deadline: Duration::from_millis(50),
            ..Limits::default()
        }));
        let (release, rx) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let (ended_tx, ended) = std::sync::mpsc::channel::<()>();
        let request = {
            let w = workers.clone();
            tokio::spawn(async move {
                w.run(move || {
                    let _ = started_tx.send(());
                    let _ = rx.recv_timeout(Duration::from_secs(5));
                    let _ = ended_tx.send(());
                    Ok(())
                })
                .await
            })
        };
        started.await.unwrap();
        Held {
            workers,
            release,
            ended,
            request,
        }
    }

    #[tokio::test]
    async fn a_request_that_waits_its_whole_deadline_is_busy() {
        let held = one_worker_held().await;
        let e = held.workers.run(|| Ok(())).await.unwrap_err();
        assert_eq!(e.code, "busy");
        held.release.send(()).unwrap();
        held.request.await.unwrap().unwrap();
    }

    #[tokio::test]
    async fn work_given_up_by_its_request_still_holds_its_worker() {
        let held = one_worker_held().await;
        let w = held.workers;
        // The request goes (a closed connection, its deadline); its work
        // runs on, so no second document may start beside it.
        held.request.abort();
        let _ = held.request.await;
        let e = w.run(|| Ok(())).await.unwrap_err();
        assert_eq!(e.code, "busy");
        held.release.send(()).unwrap();
        held.ended.recv_timeout(Duration::from_secs(5)).unwrap();
        // Once it ends, the worker is free again.
        tokio::time::timeout(Duration::from_secs(5), async {
            while w.run(|| Ok(())).await.is_err() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("the worker freed");
    }
}
