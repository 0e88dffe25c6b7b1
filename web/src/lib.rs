//! cardarena-web: the HTTP face and the two processes that serve it. It owns the JSON [`api`]
//! (with its OpenAPI document), the [`pages`] (askama templates in `templates/`, scripts and
//! styles in `static/`, compiled into the binary), the [`listener`] that bounds connections, the
//! client's address behind a [`proxy`], the [`limits`] on what clients create, counted by the
//! client's network, the [`request_log`], the Prometheus [`metrics`] page and the [`probes`];
//! and the processes: [`app`] (`serve`: the store, the scheduler, the ladder and every route)
//! and [`worker`] (a process that plays queued matches and serves only its probes and metrics),
//! with what they tune of the process itself ([`memory`], [`open_files`]). The pages speak
//! English, Russian and Czech: each request's [`locale`], and the words of each in [`l10n`]
//! (Project Fluent's messages from `locales/`, compiled into the binary).
//!
//! It turns requests into calls on the contest (`cardarena_contest`) and the store
//! (`cardarena_store`) and their answers into JSON and HTML; it must never hold a rule of play,
//! scheduling or scoring of its own, and never write SQL. Nothing below it imports it.

pub mod api;
pub mod app;
pub mod audience;
pub mod choice;
pub mod decks;
pub mod l10n;
pub mod l10n_script;
pub mod limits;
pub mod listener;
pub mod locale;
pub mod memory;
pub mod metrics;
pub mod open_files;
pub mod pages;
pub mod probes;
pub mod proxy;
pub mod request_log;
pub mod worker;
