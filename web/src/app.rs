//! The server: opens the store, starts the scheduler and the ladder, and serves the API and the
//! pages on one address.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use cardarena_bots::dial::Switchboard;
use cardarena_bots::http::{AddressPolicy, HttpClient};
use rand_chacha::ChaCha8Rng;

use crate::api;
use crate::limits::{ClientLimits, Rates};
use crate::listener::{self, ConnectionLimits};
use crate::metrics::{Metrics, Sources, track_requests};
use crate::proxy::TrustedProxies;
use cardarena_contest::demo::audience::Audience;
use cardarena_contest::games;
use cardarena_contest::ladder::{self, LadderConfig};
use cardarena_contest::modules::{Modules, ModulesConfig};
use cardarena_contest::runner::Runner;
use cardarena_contest::scheduler::{Scheduler, SchedulerConfig};
use cardarena_contest::secrets::ServerKey;
use cardarena_store::{ClaimScope, Networks, Store, TableLimits, WriterLock};

/// How the server runs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// The address to listen on (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The database, `sqlite://path`, `sqlite::memory:` or `postgres://…`.
    pub database_url: String,
    /// The file of the key signing secrets are derived from; by default a SQLite database's
    /// path with ".key" added. Required for any other database.
    pub key_file: Option<PathBuf>,
    /// Whether the house bots play a ladder of their own, so the leaderboard moves from the start.
    pub demo: bool,
    /// Whether the server is open to the internet: bot URLs must be public addresses (its
    /// stricter `limits` are the command line's choice: [`ClientLimits::public`]).
    pub public: bool,
    /// The per-decision deadline of HTTP bots, in ms.
    pub deadline_ms: u32,
    /// Whether this process plays queued matches (`false`: `serve --no-play`, workers play them).
    pub plays: bool,
    /// The most matches played at once.
    pub max_concurrent: usize,
    /// The most matches a contestant's bot plays at once (so the most calls it gets at once).
    pub bot_concurrency: u32,
    /// The most practice matches one bot may have queued.
    pub max_queued_practice: u32,
    /// Threads of the process's thinking pool, where every house-bot search and analysis runs
    /// ([`cardarena_bots::thinking`]).
    pub thinking_threads: usize,
    /// The match clock of every HTTP seat, as a percentage of the game's default
    /// ([`cardarena_contest::clock`]).
    pub clock_percent: u32,
    /// Time between two ladder matches of a game; `None` runs no ladder.
    pub ladder_interval: Option<Duration>,
    /// Whether the expert (at its default budget) plays the ladder as a yardstick, one match at
    /// a time: up to a core while it thinks.
    pub ladder_expert: bool,
    /// How much one network may create (bots, versions, practice matches), and the cap on
    /// unused bots.
    pub limits: ClientLimits,
    /// The networks every per-client limit of what a client creates or queues counts
    /// (registrations, versions, practice, analyses, tables); the tables' limits count these
    /// whatever their own `networks` say.
    pub networks: Networks,
    /// The organiser's bearer token (tournaments); `None` makes a random one, reported in
    /// [`Running::admin_token`].
    pub admin_token: Option<String>,
    /// The bounds on client connections: how many, how many per client address, and how long a
    /// request head may take.
    pub connections: ConnectionLimits,
    /// The proxies whose `X-Forwarded-For` names the client (`--trust-proxy`; none by default).
    pub trust_proxy: TrustedProxies,
    /// How long a request's body may take to arrive.
    pub body_timeout: Duration,
    /// How long ladder matches keep their logs (results and ratings stay); `None` keeps them.
    pub keep_ladder_logs: Option<Duration>,
    /// With `demo`: how long the demo cup's bots think before each answer ([`cardarena_contest::demo`]).
    pub demo_think: Duration,
    /// How long a person at a table has for each decision before a house bot takes the seat.
    pub person_deadline: Duration,
    /// The limits on open tables ([`cardarena_contest::tables`]).
    pub table_limits: TableLimits,
    /// Whether tables with people are rated (the people's row of each game rated too).
    pub rate_people: bool,
    /// Where `/metrics` is served: this address alone, or (`None`) the server's own.
    pub metrics_addr: Option<SocketAddr>,
    /// The bound of the cache of finished matches' compressed frames, in bytes.
    pub frames_cache_bytes: usize,
    /// How matches are analysed ([`cardarena_contest::analysis`]).
    pub analysis: cardarena_contest::analysis::AnalysisConfig,
    /// How contestants' modules are checked at upload and run ([`cardarena_contest::modules`]).
    pub modules: ModulesConfig,
    /// Whether modules run only in workers (`serve --modules-in-workers`): this process checks
    /// uploads (compiles them, runs none) and claims no match a module sits in.
    pub modules_in_workers: bool,
}

impl ServeConfig {
    /// The defaults, listening on `addr` with the database at `database_url`.
    pub fn new(addr: SocketAddr, database_url: impl Into<String>) -> ServeConfig {
        ServeConfig {
            addr,
            database_url: database_url.into(),
            key_file: None,
            demo: false,
            public: false,
            deadline_ms: 1000,
            plays: true,
            max_concurrent: 64,
            bot_concurrency: 4,
            max_queued_practice: 100,
            clock_percent: 100,
            thinking_threads: cardarena_bots::thinking::default_threads(),
            ladder_interval: Some(Duration::from_millis(500)),
            ladder_expert: true,
            limits: ClientLimits::club(),
            networks: Networks::default(),
            admin_token: None,
            connections: ConnectionLimits::default(),
            trust_proxy: TrustedProxies::default(),
            body_timeout: Duration::from_secs(10),
            keep_ladder_logs: None,
            demo_think: cardarena_contest::demo::DEMO_THINK,
            person_deadline: Duration::from_secs(300),
            table_limits: TableLimits {
                server: 64,
                per_client: 3,
                per_network: 6,
                per_client_hour: 30,
                per_bot: 2,
                per_bot_hour: 20,
                networks: Networks::default(),
            },
            rate_people: false,
            metrics_addr: None,
            frames_cache_bytes: cardarena_contest::frames::cache::DEFAULT_CACHE_BYTES,
            analysis: cardarena_contest::analysis::AnalysisConfig::for_threads(
                cardarena_bots::thinking::default_threads(),
            ),
            modules: ModulesConfig::default(),
            modules_in_workers: false,
        }
    }

    /// Which bot addresses may be called.
    pub fn address_policy(&self) -> AddressPolicy {
        address_policy(self.public)
    }

    /// The key file: the one given, or a SQLite database's path with ".key" added; `None` for
    /// an in-memory database. A database that is not a file (PostgreSQL) has no place for the
    /// key beside it, and every process of a contest must sign with the same key, so it needs
    /// the key file to be given.
    fn key_path(&self) -> Result<Option<PathBuf>, StartError> {
        if let Some(path) = &self.key_file {
            return Ok(Some(path.clone()));
        }
        if !self.database_url.starts_with("sqlite:") {
            return Err(StartError::KeyFileNeeded);
        }
        Ok(cardarena_store::sqlite_file(&self.database_url)
            .map(|path| cardarena_contest::secrets::key_file_beside(&path)))
    }
}

/// Which bot addresses a process may call: public ones only when it is open to the internet
/// (`--public`), any otherwise.
pub fn address_policy(public: bool) -> AddressPolicy {
    if public {
        AddressPolicy::Public
    } else {
        AddressPolicy::Local
    }
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The key signing secrets derive from.
    pub key: ServerKey,
    /// The configuration.
    pub config: Arc<ServeConfig>,
    /// The scheduler, woken when matches are queued.
    pub scheduler: Scheduler,
    /// The generator of new matches' seeds.
    pub seeds: Arc<Mutex<ChaCha8Rng>>,
    /// The rates per network of registrations, versions and practice.
    pub rates: Arc<Rates>,
    /// SHA-256 of the organiser's token.
    pub admin_hash: String,
    /// The bot health checker, woken when a bot needs a ping now.
    pub health: cardarena_contest::health::Health,
    /// The running matches' live frames.
    pub live: cardarena_contest::live::Live,
    /// The running matches other processes play, mirrored into `live` while watched.
    pub mirrors: cardarena_contest::live::Mirrors,
    /// The open tables' seats.
    pub tables: cardarena_contest::tables::Tables,
    /// The dial-out bots' open connections.
    pub switchboard: Switchboard,
    /// Finished matches' frames, compressed.
    pub frames_cache: cardarena_contest::frames::cache::FramesCache,
    /// The frames and downloads in progress per client address.
    pub heavy_reads: api::heavy::HeavyReads,
    /// The analyses of played matches this process computes.
    pub analyses: cardarena_contest::analysis::Analyses,
    /// The checks of uploaded modules.
    pub module_checks: Arc<api::module::ModuleChecks>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] cardarena_store::StoreError),
    /// Another process writes the (SQLite) database, or its lock file could not be taken.
    #[error(transparent)]
    Lock(#[from] cardarena_store::LockError),
    /// The database is not a SQLite file, beside which the key file would live, and no key
    /// file was given.
    #[error(
        "the database is not a SQLite file to keep the server's key beside: give --key-file \
         PATH, the same file to every process of the contest (it is made on first start)"
    )]
    KeyFileNeeded,
    /// The key file could not be read or written.
    #[error("key file {path}: {error}")]
    Key {
        /// The file.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
    /// Contestants' modules cannot be run as configured.
    #[error("modules: {0}")]
    Modules(String),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// How often the rates per network forget the networks whose allowance is whole again.
const FORGET_EVERY: Duration = Duration::from_secs(600);

/// Forgets, every [`FORGET_EVERY`], the networks `rates` no longer count.
async fn forget_refilled(rates: Arc<Rates>) {
    let mut every = tokio::time::interval(FORGET_EVERY);
    loop {
        every.tick().await;
        rates.forget_refilled();
    }
}

/// Listens on `addr`, and says on which address (port 0 picks one).
pub async fn bind(addr: SocketAddr) -> Result<(tokio::net::TcpListener, SocketAddr), StartError> {
    let bound = |error| StartError::Bind { addr, error };
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(bound)?;
    let local = listener.local_addr().map_err(bound)?;
    Ok((listener, local))
}

/// A started server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its database.
    pub store: Store,
    /// The address `/metrics` is served on alone (`metrics_addr`), if one was given.
    pub metrics_addr: Option<SocketAddr>,
    /// The organiser's token, when the server made it (none was configured).
    pub admin_token: Option<String>,
    /// The server task; it runs until dropped or aborted.
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The SQLite database's one-writer lock, held as long as this value lives (`None` on
    /// PostgreSQL).
    _writer: Option<WriterLock>,
}

/// Listens, takes the SQLite database's one-writer lock, opens the store (re-queueing matches a
/// previous run left unfinished), starts the scheduler and the ladder, and serves the API and the
/// pages. In that order: a start that cannot listen, or finds the database in use by another
/// process, has written nothing (no database, key file, row or requeue).
pub async fn start(config: ServeConfig) -> Result<Running, StartError> {
    cardarena_bots::thinking::configure_shared(config.thinking_threads);
    let key_path = config.key_path()?;
    let (listener, addr) = bind(config.addr).await?;
    let writer = WriterLock::take(&config.database_url)?;
    let store = Store::open(&config.database_url).await?;
    let key = match key_path {
        Some(path) => ServerKey::load_or_create(&path).map_err(|error| StartError::Key {
            path: path.display().to_string(),
            error,
        })?,
        None => ServerKey::ephemeral(),
    };
    // Holding the lock proves that whatever is `running` belongs to a process that is gone. On
    // PostgreSQL there is no such proof: leases pass instead (`Store::reap_leases`).
    if let Some(writer) = &writer {
        let cancelled = store.cancel_interrupted_tables(writer).await?;
        if cancelled > 0 {
            tracing::info!("{cancelled} tables people were playing cancelled");
        }
        let requeued = store.requeue_interrupted(writer).await?;
        if requeued > 0 {
            tracing::info!("{requeued} interrupted matches queued again");
        }
    }
    let requeued = store.requeue_analyses(writer.as_ref()).await?;
    if requeued > 0 {
        tracing::info!("{requeued} interrupted analyses queued again");
    }
    for game in games::games() {
        for house_id in game.house_bots {
            store.ensure_house_bot(game.id, house_id).await?;
        }
    }
    if let Err(e) = cardarena_contest::tournament::resume(&store).await {
        tracing::error!("resuming tournaments: {e}");
    }
    if config.demo && config.public {
        tracing::warn!("no demo cup in public mode: its bots answer on loopback");
    } else if config.demo {
        match cardarena_contest::demo::start(&store, config.demo_think).await {
            Ok(id) => tracing::info!("demo tournament: /tournaments/{id}"),
            Err(e) => tracing::error!("demo tournament: {e}"),
        }
    }
    let client = HttpClient::new(config.address_policy());
    let budget = crate::open_files::Budget::of_this_process(
        config.connections.max_connections,
        config.max_concurrent,
    );
    match budget.limit {
        Some(limit) => tracing::info!(
            "open files: a limit of {limit}; {} for client connections, {} for the database, \
             bot calls and files, {} for dial-out connections",
            config.connections.max_connections,
            budget.reserve,
            budget.dial_out
        ),
        None => tracing::info!(
            "open files: no limit read; up to {} dial-out connections",
            budget.dial_out
        ),
    }
    if budget.dial_out < 64 {
        tracing::warn!(
            "open files: only {} left for dial-out connections; raise the limit (ulimit -n) or \
             lower --max-connections",
            budget.dial_out
        );
    }
    let switchboard = Switchboard::with_capacity(budget.dial_out);
    let health = cardarena_contest::health::Health::new(store.clone(), client.clone(), key.clone())
        .with_switchboard(switchboard.clone())
        .with_deadline(config.deadline_ms);
    tokio::spawn(health.clone().run());
    let live = cardarena_contest::live::Live::default();
    // Records for other servers' viewers are kept only where other processes share the database.
    let relays = store
        .shared()
        .then(|| cardarena_contest::live::link::relays(&store));
    let mirrors = cardarena_contest::live::link::mirrors(&store, &live);
    if store.shared() {
        cardarena_contest::live::link::follow(&store, relays.clone(), Some(mirrors.clone()));
    }
    let tables = cardarena_contest::tables::Tables::new(config.person_deadline);
    // Modules run here unless the organiser keeps them to workers, or this process plays none.
    let modules = match config.plays && !config.modules_in_workers {
        true => Some(Modules::new(store.clone(), &config.modules).map_err(StartError::Modules)?),
        false => None,
    };
    let runner = Runner::new(client, key.clone())
        .with_modules(modules)
        .with_clock_percent(config.clock_percent)
        .with_live(live.clone())
        .with_relays(relays)
        .with_tables(tables.clone())
        .with_switchboard(switchboard.clone());
    let scheduler = Scheduler::new(
        store.clone(),
        runner,
        SchedulerConfig {
            max_concurrent: config.max_concurrent,
            bot_concurrency: config.bot_concurrency,
            claims: match (config.plays, config.modules_in_workers) {
                (true, false) => ClaimScope::ALL,
                (true, true) => ClaimScope::ALL.without_modules(),
                (false, _) => ClaimScope::DIAL.without_modules(),
            },
            role: "serve",
        },
    );
    tokio::spawn(scheduler.clone().run());
    crate::memory::give_back_regularly();
    if let Some(keep) = config.keep_ladder_logs {
        tokio::spawn(cardarena_contest::retention::run(store.clone(), keep));
    }
    tokio::spawn(cardarena_contest::retention::modules(store.clone()));
    let seed = cardarena_contest::secrets::random_u64();
    let audience = Audience::new();
    if let Some(interval) = config.ladder_interval {
        let ladder_config = LadderConfig {
            interval,
            max_pending: 2,
            demo: config.demo,
            deadline_ms: config.deadline_ms,
            bot_concurrency: config.bot_concurrency,
            expert: config.ladder_expert,
            audience: config.demo.then(|| audience.clone()),
        };
        tokio::spawn(ladder::run(
            store.clone(),
            scheduler.clone(),
            ladder_config,
            seed,
        ));
    }
    let (admin_token, made) = match &config.admin_token {
        Some(token) => (token.clone(), false),
        None => (cardarena_contest::secrets::random_token(), true),
    };
    let probes = crate::probes::Probes::new(store.clone(), scheduler.clone(), "serve");
    let metrics = Metrics::install();
    let sources = Sources::server(
        store.clone(),
        scheduler.clone(),
        live.clone(),
        switchboard.clone(),
        tables.clone(),
    );
    let (metrics_route, metrics_addr) = match config.metrics_addr {
        Some(addr) => {
            let (listener, bound) = bind(addr).await?;
            tokio::spawn(crate::metrics::serve_alone(listener, metrics, sources));
            (None, Some(bound))
        }
        None => (Some(metrics.router(sources)), None),
    };
    let rates = Arc::new(Rates::new(config.networks, config.limits));
    tokio::spawn(forget_refilled(rates.clone()));
    let analyses = cardarena_contest::analysis::Analyses::new(store.clone(), config.analysis);
    tokio::spawn(analyses.clone().run());
    let state = AppState {
        admin_hash: cardarena_contest::secrets::hash(&admin_token),
        store: store.clone(),
        key,
        config: Arc::new(config.clone()),
        scheduler,
        seeds: Arc::new(Mutex::new(cardarena_engine::shuffle::rng(seed ^ 0x5eed))),
        rates,
        health,
        live,
        mirrors,
        tables,
        switchboard,
        frames_cache: cardarena_contest::frames::cache::FramesCache::new(
            config.frames_cache_bytes,
            cardarena_contest::frames::cache::FramesCache::default_builds(),
        ),
        heavy_reads: api::heavy::HeavyReads::default(),
        analyses,
        module_checks: Arc::new(
            api::module::ModuleChecks::new(
                config.modules.limits,
                !config.modules_in_workers,
                config.networks,
            )
            .map_err(StartError::Modules)?,
        ),
    };
    let app = Router::new()
        .nest(
            "/api",
            api::router(config.body_timeout, config.modules.limits.module_bytes),
        )
        .with_state(state)
        .merge(crate::pages::router(store.clone()))
        // The 404 page, as a route of the app's, so that the layers below count and log it.
        .fallback(crate::pages::not_found)
        .layer(axum::middleware::from_fn(track_requests))
        .layer(axum::middleware::from_fn_with_state(
            audience.clone(),
            crate::audience::mark,
        ))
        .layer(axum::middleware::from_fn(crate::request_log::trace))
        // After the log's layer: probes and scrapes, every few seconds, are not logged.
        .merge(probes.router());
    let app = match metrics_route {
        Some(route) => app.merge(route),
        None => app,
    };
    // Outside the router, where axum has set a 405's `Allow` header.
    let app = tower::ServiceBuilder::new()
        .layer(axum::middleware::from_fn(api::json_errors))
        .service(app);
    let task = tokio::spawn(listener::serve(
        listener,
        app,
        config.connections,
        config.trust_proxy.clone(),
    ));
    Ok(Running {
        addr,
        store,
        admin_token: made.then_some(admin_token),
        metrics_addr,
        task,
        _writer: writer,
    })
}
