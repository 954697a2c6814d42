//! `grognard serve`: battles played in the browser, a person or a machine at each side.
//!
//! Key decision: a game is kept as its book, seed, scenario and the commands given, each
//! written to SQLite before the seat that gave it is answered; the battle in memory is
//! made again from them whenever the server starts. Each person's seat is a secret token,
//! and a seat is shown only what its side may see ([`grognard_engine::Ruleset::scene_for`],
//! [`grognard_engine::Ruleset::narrate_for`]).

pub mod store;
pub mod table;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grognard_engine::book::Book;
use grognard_engine::Side;
use grognard_rules_napoleons_wars::NapoleonsWars;
use grognard_rules_two_by_two::TwoByTwo;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use store::Store;
use table::{Live, Refusal, Table};

/// The largest request body accepted: a scenario file with its armies is a few kilobytes.
pub const BODY_LIMIT: usize = 256 * 1024;

/// The most commands a machine plays in a row before a person is asked again (a battle
/// between two machines plays to its end well within it).
const MACHINE_LIMIT: usize = 200_000;

/// Who may play a side.
pub const PLAYERS: [&str; 3] = ["person", "ai", "random"];

/// A game in memory: its players and seats, and the battle.
struct Game {
    players: [String; 2],
    table: Box<dyn Table>,
}

struct Inner {
    store: Store,
    games: HashMap<i64, Game>,
}

/// The server's state, shared by every request.
#[derive(Clone)]
pub struct App {
    inner: Arc<Mutex<Inner>>,
}

/// Why a request failed, as the client is told.
#[derive(Debug)]
pub struct Failure {
    status: StatusCode,
    body: Value,
}

impl Failure {
    fn new(status: StatusCode, error: impl Into<String>) -> Failure {
        Failure {
            status,
            body: json!({ "error": error.into() }),
        }
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        let status = match r {
            Refusal::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Refusal::NotYourTurn(_) => StatusCode::CONFLICT,
            Refusal::Unreadable(_) => StatusCode::BAD_REQUEST,
        };
        let body = match &r {
            Refusal::Illegal(i) => {
                json!({ "error": r.to_string(), "reason": i.reason, "rule": i.rule })
            }
            _ => json!({ "error": r.to_string() }),
        };
        Failure { status, body }
    }
}

impl From<store::StoreError> for Failure {
    fn from(e: store::StoreError) -> Failure {
        Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

/// Make the battle of a kept game again, by its book.
fn table_of(kept: &store::Kept) -> Result<Box<dyn Table>, String> {
    fn live<R: Book>(rules: &'static R, kept: &store::Kept) -> Result<Box<dyn Table>, String> {
        let scenario: R::Scenario = serde_json::from_value(kept.scenario.clone())
            .map_err(|e| format!("the scenario of game {} cannot be read: {e}", kept.id))?;
        Ok(Box::new(Live::new(
            rules,
            scenario,
            kept.seed,
            &kept.commands,
        )?))
    }
    match kept.rules.as_str() {
        "two-by-two" => live(&TwoByTwo, kept),
        "napoleons-wars" => live(&NapoleonsWars, kept),
        other => Err(format!("no rule set is called {other:?}")),
    }
}

/// A new game's scenario, as its book's JSON: the built-in battle, or a scenario file
/// checked as `grognard check` checks it.
fn scenario_of(rules: &str, seed: u64, file: Option<&str>) -> Result<Value, Failure> {
    fn of<R: Book>(rules: &R, seed: u64, file: Option<&str>) -> Result<Value, Failure> {
        let scenario = match file {
            None => rules.default_scenario(seed).0,
            Some(text) => {
                let none = grognard_engine::files::NoIncludes;
                rules
                    .load_scenario("scenario", text, &none, seed)
                    .map_err(|errors| Failure {
                        status: StatusCode::UNPROCESSABLE_ENTITY,
                        body: json!({
                            "error": "the scenario has problems",
                            "problems": errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
                        }),
                    })?
                    .0
            }
        };
        serde_json::to_value(&scenario)
            .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    }
    match rules {
        "two-by-two" => of(&TwoByTwo, seed, file),
        "napoleons-wars" => of(&NapoleonsWars, seed, file),
        other => Err(Failure::new(
            StatusCode::BAD_REQUEST,
            format!("no rule set is called {other:?}: two-by-two or napoleons-wars"),
        )),
    }
}

/// A secret seat token.
fn token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Inner {
    /// The game `id`, made again from the store if it is not in memory.
    fn game(&mut self, id: i64) -> Result<&mut Game, Failure> {
        if !self.games.contains_key(&id) {
            let kept = self
                .store
                .load(id)?
                .ok_or_else(|| Failure::new(StatusCode::NOT_FOUND, format!("no game {id}")))?;
            let table =
                table_of(&kept).map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
            self.games.insert(
                id,
                Game {
                    players: kept.players,
                    table,
                },
            );
        }
        Ok(self.games.get_mut(&id).expect("just made"))
    }

    /// Let the machines play while it is a machine's side to act, then keep their commands
    /// in one transaction (a disk sync per command would make a battle between machines
    /// take seconds). Nothing is answered before they are kept; if keeping them fails, the
    /// game is made again from the store, without them.
    fn machines(&mut self, id: i64) -> Result<(), Failure> {
        let game = self.game(id)?;
        let first = game.table.steps();
        let mut played = Vec::new();
        let mut ended = false;
        for _ in 0..MACHINE_LIMIT {
            let Some(side) = game.table.to_act() else {
                ended = true;
                break;
            };
            let kind = game.players[side.index()].clone();
            if kind == "person" {
                ended = true;
                break;
            }
            match game.table.machine_step(side, &kind) {
                Ok(command) => played.push((side.0, command)),
                Err(refusal) => {
                    // Nothing of this turn of the machines is kept.
                    self.games.remove(&id);
                    return Err(refusal.into());
                }
            }
        }
        if let Err(e) = self.store.append_all(id, first, &played) {
            self.games.remove(&id);
            return Err(e.into());
        }
        if ended {
            Ok(())
        } else {
            Err(Failure::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the machines played on without end",
            ))
        }
    }

    /// The game and side a seat token names.
    fn seat(&mut self, token: &str) -> Result<(i64, Side), Failure> {
        let (id, side) = self
            .store
            .seat(token)?
            .ok_or_else(|| Failure::new(StatusCode::FORBIDDEN, "no seat has this token"))?;
        Ok((id, Side(side)))
    }
}

impl App {
    pub fn new(store: Store) -> App {
        App {
            inner: Arc::new(Mutex::new(Inner {
                store,
                games: HashMap::new(),
            })),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A request that panicked leaves nothing half-written that the store would keep.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The routes of the API.
    pub fn router(self) -> Router {
        Router::new()
            .route("/api/books", get(books))
            .route("/api/games", get(list).post(create))
            .route("/api/games/{id}/replay", get(replay))
            .route("/api/seat/{token}", get(seat_view))
            .route("/api/seat/{token}/command", post(command))
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(self)
    }
}

async fn books() -> Json<Value> {
    Json(json!([
        { "name": "two-by-two", "title": TwoByTwo.title() },
        { "name": "napoleons-wars", "title": NapoleonsWars.title() },
    ]))
}

/// A request for a new game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub rules: String,
    #[serde(default)]
    pub seed: Option<u64>,
    /// "person", "ai" or "random" for each side.
    pub players: [String; 2],
    /// A scenario file's text; the book's built-in battle without one.
    #[serde(default)]
    pub scenario: Option<String>,
}

/// A new game's number and the token of each person's seat.
#[derive(Debug, Serialize, Deserialize)]
pub struct Made {
    pub id: i64,
    pub seats: [Option<String>; 2],
}

async fn create(State(app): State<App>, Json(new): Json<NewGame>) -> Result<Json<Made>, Failure> {
    for p in &new.players {
        if !PLAYERS.contains(&p.as_str()) {
            return Err(Failure::new(
                StatusCode::BAD_REQUEST,
                format!("{p:?} is no player: person, ai or random"),
            ));
        }
    }
    let seed = match new.seed {
        Some(seed) => seed,
        None => getrandom::u64().expect("the system's random source"),
    };
    let scenario = scenario_of(&new.rules, seed, new.scenario.as_deref())?;
    let seats = new.players.clone().map(|p| (p == "person").then(token));
    let mut inner = app.lock();
    let id = inner
        .store
        .create(&new.rules, seed, &scenario, &new.players, &seats)?;
    inner.game(id)?;
    inner.machines(id)?;
    Ok(Json(Made { id, seats }))
}

async fn list(State(app): State<App>) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let ids = inner.store.ids()?;
    let mut games = Vec::new();
    for id in ids {
        let game = inner.game(id)?;
        let mut summary = game.table.summary();
        summary["id"] = json!(id);
        summary["players"] = json!(game.players);
        games.push(summary);
    }
    Ok(Json(Value::Array(games)))
}

async fn replay(State(app): State<App>, Path(id): Path<i64>) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let game = inner.game(id)?;
    // An unfinished game's replay would show both sides' hidden things to anyone: only a
    // finished one is given out here.
    if game.table.to_act().is_some() {
        return Err(Failure::new(
            StatusCode::CONFLICT,
            "the battle is not over: its replay is given once it ends",
        ));
    }
    Ok(Json(game.table.replay()))
}

async fn seat_view(
    State(app): State<App>,
    Path(token): Path<String>,
) -> Result<Json<table::SeatView>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    Ok(Json(inner.game(id)?.table.seat_view(side)))
}

/// A command from a seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Given {
    pub command: Value,
}

async fn command(
    State(app): State<App>,
    Path(token): Path<String>,
    Json(given): Json<Given>,
) -> Result<Json<table::SeatView>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    let game = inner.game(id)?;
    let seq = game.table.steps();
    let kept = game.table.submit(side, &given.command)?;
    if let Err(e) = inner.store.append(id, seq, side.0, &kept) {
        // Not kept, so not carried out: the game is made again from the store.
        inner.games.remove(&id);
        return Err(e.into());
    }
    inner.machines(id)?;
    Ok(Json(inner.game(id)?.table.seat_view(side)))
}

/// Serve on `port` (loopback and every other interface) with games kept in `db`.
pub async fn serve(port: u16, db: &std::path::Path) -> std::io::Result<()> {
    let store = Store::open(db).map_err(std::io::Error::other)?;
    let app = App::new(store).router();
    let listener = tokio::net::TcpListener::bind(("0.0.0.0", port)).await?;
    axum::serve(listener, app).await
}

/// [`serve`], on a runtime of its own, until the process is stopped.
pub fn run(port: u16, db: &std::path::Path) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(port, db))
}
