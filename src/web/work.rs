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
//! Reading photos takes seconds a photo, the other routes milliseconds, so
//! reading never takes the last free worker ([`Workers::run_long`]): with
//! two workers or more, one is always left for the page's quick requests
//! (a sheet, a check) while photos queue.
//!
//! Work whose request is given up (its deadline passed, its client went
//! away) or that the stopping server cancels ([`Workers::stop`]) is told
//! so: each job has a flag, which long work checks between its steps
//! ([`abandoned`]: the photos of a reading, the games of a check) and then
//! ends, so its worker frees within a step instead of working on for
//! minutes for no one.
//!
//! Output is deterministic (the same request gives the same bytes), so the
//! bytes of a rendered request can be kept and given again: [`Cache`] keeps
//! them up to a byte budget, oldest out first.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use std::time::Duration;

use tokio::sync::{Semaphore, watch};

use super::error::ApiError;
use super::limits::Limits;
use super::refusal::Refusal;
use axum::http::StatusCode;

/// The bounded pool documents are made in.
#[derive(Debug)]
pub struct Workers {
    permits: Arc<Semaphore>,
    /// Long work at once: one worker fewer than there are, at least one.
    long: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    wait: Duration,
    /// Set once the server stops: every request waiting or under way is
    /// answered at once and its job told to end.
    stopping: watch::Sender<bool>,
}

thread_local! {
    /// The flag of the job running on this thread, if any.
    static JOB: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Whether the job running on this thread has been given up by its request
/// or cancelled by a stopping server: long work checks this between its
/// steps and ends early (its answer is no longer awaited). Outside a job,
/// `false`.
pub fn abandoned() -> bool {
    JOB.with(|job| {
        job.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// The flag of the job running on this thread (set once it is given up),
/// for work that looks at it inside one long step (a photo's code search);
/// outside a job, a flag never set.
pub fn job_flag() -> Arc<AtomicBool> {
    JOB.with(|job| job.borrow().clone())
        .unwrap_or_else(|| Arc::new(AtomicBool::new(false)))
}

/// A job's flag made [`abandoned`]'s while the job runs on this thread.
struct Current;

impl Current {
    fn enter(flag: Arc<AtomicBool>) -> Current {
        JOB.with(|job| *job.borrow_mut() = Some(flag));
        Current
    }
}

impl Drop for Current {
    fn drop(&mut self) {
        JOB.with(|job| *job.borrow_mut() = None);
    }
}

/// Sets a job's flag when dropped: when the request stops waiting for the
/// job, however that happens (an answer, a deadline, a closed connection).
struct GiveUp(Arc<AtomicBool>);

impl Drop for GiveUp {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Workers {
    /// Workers as `limits` bound them.
    pub fn new(limits: &Limits) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(limits.workers.max(1))),
            long: Arc::new(Semaphore::new(limits.workers.saturating_sub(1).max(1))),
            waiting: AtomicUsize::new(0),
            queue: limits.queue,
            wait: limits.deadline,
            stopping: watch::channel(false).0,
        }
    }

    /// Stops: every request waiting for a worker or for its work is
    /// answered 503 at once, and every job told to end.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Runs long `work` (reading photos) as [`Workers::run`] does, once a
    /// worker is free that is not the last one (see the module
    /// documentation).
    pub async fn run_long<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let mut stopping = self.stopping.subscribe();
        let wait = tokio::time::timeout(self.wait, Arc::clone(&self.long).acquire_owned());
        let long = tokio::select! {
            long = wait => long.ok().and_then(Result::ok),
            _ = stopping.wait_for(|s| *s) => return Err(stopped()),
        };
        let Some(long) = long else {
            return Err(busy(Refusal::BusyReading));
        };
        // Held by the job while it runs, like the worker's own permit.
        self.run(move || {
            let _long = long;
            work()
        })
        .await
    }

    /// Runs `work` on a blocking thread once a worker is free.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let mut stopping = self.stopping.subscribe();
        if *stopping.borrow() {
            return Err(stopped());
        }
        let queued = self.waiting.fetch_add(1, Ordering::AcqRel);
        let permit = if queued >= self.queue {
            None
        } else {
            let wait = tokio::time::timeout(self.wait, Arc::clone(&self.permits).acquire_owned());
            tokio::select! {
                permit = wait => permit.ok().and_then(Result::ok),
                _ = stopping.wait_for(|s| *s) => {
                    self.waiting.fetch_sub(1, Ordering::AcqRel);
                    return Err(stopped());
                }
            }
        };
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let Some(permit) = permit else {
            return Err(busy(Refusal::BusyMaking));
        };
        // The permit goes with the work, not with the request: a request
        // given up (its deadline, a closed connection) leaves its work to
        // end at its next step (see `abandoned`), and until then that work
        // still counts against the bound.
        let flag = Arc::new(AtomicBool::new(false));
        let _give_up = GiveUp(Arc::clone(&flag));
        let job = move || {
            let _permit = permit;
            let _current = Current::enter(flag);
            work()
        };
        let joined = tokio::task::spawn_blocking(job);
        tokio::select! {
            joined = joined => match joined {
                Ok(result) => result,
                Err(e) if e.is_panic() => Err(panicked()),
                Err(_) => Err(ApiError::internal("the work was cancelled")),
            },
            _ = stopping.wait_for(|s| *s) => Err(stopped()),
        }
    }
}

/// The answer to a request the stopping server cancels.
fn stopped() -> ApiError {
    busy(Refusal::Stopping)
}

/// 503 for `why`.
fn busy(why: Refusal) -> ApiError {
    ApiError::refused(StatusCode::SERVICE_UNAVAILABLE, "busy", why)
}

/// The answer to a request whose handler panicked.
pub fn panicked() -> ApiError {
    ApiError::refused(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        Refusal::Failed,
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
    async fn work_given_up_by_its_request_still_holds_its_worker_until_its_next_step() {
        let held = one_worker_held().await;
        let w = held.workers;
        // The request goes (a closed connection, its deadline); its work
        // holds the worker until it ends, so no second document may start
        // beside it meanwhile.
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

    #[tokio::test]
    async fn long_work_leaves_a_worker_for_quick_work() {
        let w = Arc::new(Workers::new(&Limits {
            workers: 2,
            deadline: Duration::from_millis(100),
            ..Limits::default()
        }));
        let (release, rx) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let long = {
            let w = w.clone();
            tokio::spawn(async move {
                w.run_long(move || {
                    let _ = started_tx.send(());
                    let _ = rx.recv_timeout(Duration::from_secs(5));
                    Ok(())
                })
                .await
            })
        };
        started.await.unwrap();
        // A second long job waits for the first and gives up: busy.
        assert_eq!(w.run_long(|| Ok(())).await.unwrap_err().code, "busy");
        // Quick work still has its worker.
        assert_eq!(w.run(|| Ok(7)).await.unwrap(), 7);
        release.send(()).unwrap();
        long.await.unwrap().unwrap();
        assert_eq!(w.run_long(|| Ok(8)).await.unwrap(), 8);
    }

    /// Work that checks [`abandoned`] between its steps, as long work does:
    /// it sees the flag once its request is gone (or the server stops), and
    /// its worker frees within a step, not when the work would have ended.
    async fn a_long_job_ends_when(
        give_up: impl FnOnce(&Workers, tokio::task::JoinHandle<Result<bool, ApiError>>),
    ) {
        let workers = Arc::new(Workers::new(&Limits {
            workers: 1,
            deadline: Duration::from_millis(100),
            ..Limits::default()
        }));
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let (seen_tx, seen) = std::sync::mpsc::channel::<bool>();
        let request = {
            let w = workers.clone();
            tokio::spawn(async move {
                w.run(move || {
                    let _ = started_tx.send(());
                    // Thirty seconds of steps, unless told to stop.
                    let until = std::time::Instant::now() + Duration::from_secs(30);
                    while !abandoned() && std::time::Instant::now() < until {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    let _ = seen_tx.send(abandoned());
                    Ok(abandoned())
                })
                .await
            })
        };
        started.await.unwrap();
        assert!(!abandoned(), "outside a job nothing is abandoned");
        let began = std::time::Instant::now();
        give_up(&workers, request);
        // Waited for without blocking the runtime, which must drop the
        // request (or answer it) meanwhile.
        let seen = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                if let Ok(seen) = seen.try_recv() {
                    return seen;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await;
        assert_eq!(seen, Ok(true), "the job was told to end");
        assert!(began.elapsed() < Duration::from_secs(10));
    }

    #[tokio::test]
    async fn work_given_up_by_its_request_is_told_to_end() {
        a_long_job_ends_when(|_, request| request.abort()).await;
    }

    #[tokio::test]
    async fn a_stopping_server_answers_at_once_and_ends_its_work() {
        a_long_job_ends_when(|w, _| w.stop()).await;
        // After the stop, nothing new starts.
        let w = Workers::new(&Limits::default());
        w.stop();
        assert_eq!(w.run(|| Ok(())).await.unwrap_err().code, "busy");
    }
}
