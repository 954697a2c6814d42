//! `grognard serve`: battles played in the browser, a person or a machine at each side.
//!
//! Key decision: a game is kept as its book, seed, scenario and the commands given, each
//! written to SQLite before the seat that gave it is answered; the battle in memory is
//! made again from them whenever the server starts. Each person's seat is a secret token,
//! and a seat is shown only what its side may see ([`grognard_engine::Ruleset::scene_for`],
//! [`grognard_engine::Ruleset::narrate_for`]).

pub mod draw;
pub mod store;
pub mod table;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grognard_engine::book::Book;
use grognard_engine::Side;
use grognard_geometry::Pose;
use grognard_rules_beer_and_pretzel::BeerAndPretzel;
use grognard_rules_burt::Burt;
use grognard_rules_fire_and_fury::FireAndFury;
use grognard_rules_napoleons_wars::NapoleonsWars;
use grognard_rules_two_by_two::TwoByTwo;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use store::Store;
use table::{Live, Refusal, Table};
use tokio::sync::watch;

/// The largest request body accepted: a scenario file with its armies is a few kilobytes.
pub const BODY_LIMIT: usize = 256 * 1024;

/// The most commands a machine plays in a row before a person is asked again (a battle
/// between two machines plays to its end well within it).
const MACHINE_LIMIT: usize = 200_000;

/// Who may play a side.
pub const PLAYERS: [&str; 3] = ["person", "ai", "random"];

/// The players of a game brought as a replay to watch: nobody gives its orders.
const REPLAYED: &str = "replay";

/// The largest replay accepted for watching: a long battle with every event recorded.
pub const REPLAY_LIMIT: usize = 32 * 1024 * 1024;

/// A game in memory: its players and seats, and the battle.
struct Game {
    players: [String; 2],
    free_takeback: bool,
    table: Box<dyn Table>,
}

struct Inner {
    store: Store,
    games: HashMap<i64, Game>,
    /// The number of steps of each game watched, sent to its seats' event streams.
    watched: HashMap<i64, watch::Sender<usize>>,
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
        "beer-and-pretzel" => live(&BeerAndPretzel, kept),
        "burt" => live(&Burt, kept),
        "fire-and-fury" => live(&FireAndFury, kept),
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
        "beer-and-pretzel" => of(&BeerAndPretzel, seed, file),
        "burt" => of(&Burt, seed, file),
        "fire-and-fury" => of(&FireAndFury, seed, file),
        other => Err(Failure::new(
            StatusCode::BAD_REQUEST,
            format!(
                "no rule set is called {other:?}: two-by-two, napoleons-wars, beer-and-pretzel, burt or fire-and-fury"
            ),
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
                    free_takeback: kept.free_takeback,
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
            if kind == "person" || kind == REPLAYED {
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

    /// Tell the event streams of game `id` how many steps it has now.
    fn changed(&mut self, id: i64) {
        if let (Some(tx), Some(game)) = (self.watched.get(&id), self.games.get(&id)) {
            tx.send_replace(game.table.steps());
        }
    }

    /// Game `id` for anyone to watch: one that is over, or a replay brought to watch. A game
    /// still in play is seen only from its seats, each as its side may see it.
    fn watchable(&mut self, id: i64) -> Result<&mut Game, Failure> {
        let game = self.game(id)?;
        if game.table.to_act().is_some() && game.players[0] != REPLAYED {
            return Err(Failure::new(
                StatusCode::CONFLICT,
                "the battle is not over: until it ends it is seen only from its seats",
            ));
        }
        Ok(game)
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
                watched: HashMap::new(),
            })),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A request that panicked leaves nothing half-written that the store would keep.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The routes of the API and the pages of the client.
    pub fn router(self) -> Router {
        let replays = Router::new()
            .route("/api/replays", post(import))
            .layer(DefaultBodyLimit::max(REPLAY_LIMIT));
        Router::new()
            .route("/", get(page))
            .route("/seat/{token}", get(page))
            .route("/watch/{id}", get(page))
            .route("/app.js", get(script))
            .route("/style.css", get(style))
            .route("/api/books", get(books))
            .route("/api/games", get(list).post(create))
            .route("/api/games/{id}/replay", get(replay))
            .route("/api/games/{id}/turns", get(game_turns))
            .route("/api/games/{id}/at/{step}", get(game_at))
            .route("/api/seat/{token}", get(seat_view))
            .route("/api/seat/{token}/command", post(command))
            .route("/api/seat/{token}/judge", post(judge))
            .route("/api/seat/{token}/undo", post(undo))
            .route("/api/seat/{token}/events", get(events))
            .route("/api/seat/{token}/turns", get(seat_turns))
            .route("/api/seat/{token}/at/{step}", get(seat_at))
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .merge(replays)
            .with_state(self)
    }
}

/// The client: one page, its script and its style, built into the binary so that serving
/// needs nothing beside it.
const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

async fn page() -> Html<&'static str> {
    Html(INDEX_HTML)
}

async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
}

async fn books() -> Json<Value> {
    Json(json!([
        { "name": "two-by-two", "title": TwoByTwo.title() },
        { "name": "napoleons-wars", "title": NapoleonsWars.title() },
        { "name": "beer-and-pretzel", "title": BeerAndPretzel.title() },
        { "name": "burt", "title": Burt.title() },
        { "name": "fire-and-fury", "title": FireAndFury.title() },
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
    /// A person playing a machine may take orders back even after dice were thrown.
    #[serde(default)]
    pub free_takeback: bool,
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
    if new.free_takeback && new.players.iter().all(|p| p == "person") {
        return Err(Failure::new(
            StatusCode::BAD_REQUEST,
            "free take-back is for a person playing a machine: between two people an order \
             stands once dice are thrown",
        ));
    }
    let seed = match new.seed {
        Some(seed) => seed,
        None => getrandom::u64().expect("the system's random source"),
    };
    let scenario = scenario_of(&new.rules, seed, new.scenario.as_deref())?;
    let seats = new.players.clone().map(|p| (p == "person").then(token));
    let mut inner = app.lock();
    let id = inner.store.create(
        &new.rules,
        seed,
        &scenario,
        &new.players,
        &seats,
        new.free_takeback,
    )?;
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
    // An unfinished game's replay would show both sides' hidden things to anyone.
    Ok(Json(inner.watchable(id)?.table.replay()))
}

/// Where each turn of a game begins, and how many steps it has.
fn turns_of(table: &dyn Table) -> Value {
    let turns: Vec<Value> = table
        .turns()
        .into_iter()
        .map(|(step, headline)| json!({ "step": step, "headline": headline }))
        .collect();
    json!({ "steps": table.steps(), "turns": turns, "over": table.to_act().is_none() })
}

fn at(table: &dyn Table, side: Side, step: usize) -> Result<Json<Value>, Failure> {
    let (headline, scene) = table.scene_at(side, step).ok_or_else(|| {
        Failure::new(
            StatusCode::NOT_FOUND,
            format!(
                "the game has {} steps; there is no step {step}",
                table.steps()
            ),
        )
    })?;
    Ok(Json(
        json!({ "step": step, "headline": headline, "scene": scene }),
    ))
}

async fn game_turns(State(app): State<App>, Path(id): Path<i64>) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    Ok(Json(turns_of(inner.watchable(id)?.table.as_ref())))
}

async fn game_at(
    State(app): State<App>,
    Path((id, step)): Path<(i64, usize)>,
) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    // A game anyone may watch hides nothing: it is drawn whole, as the first side sees it.
    at(inner.watchable(id)?.table.as_ref(), Side(0), step)
}

async fn seat_turns(
    State(app): State<App>,
    Path(token): Path<String>,
) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let (id, _) = inner.seat(&token)?;
    Ok(Json(turns_of(inner.game(id)?.table.as_ref())))
}

async fn seat_at(
    State(app): State<App>,
    Path((token, step)): Path<(String, usize)>,
) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    at(inner.game(id)?.table.as_ref(), side, step)
}

async fn seat_view(
    State(app): State<App>,
    Path(token): Path<String>,
) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    seat_json(&mut inner, id, side)
}

/// What a seat is shown, with the game's number and what may be done around play.
fn seat_json(inner: &mut Inner, id: i64, side: Side) -> Result<Json<Value>, Failure> {
    let game = inner.game(id)?;
    let mut view = serde_json::to_value(game.table.seat_view(side))
        .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    view["id"] = json!(id);
    view["players"] = json!(game.players);
    view["free_takeback"] = json!(game.free_takeback);
    view["takeback"] = match takeback_from(game, side) {
        Ok(step) => json!(step),
        Err(_) => Value::Null,
    };
    Ok(Json(view))
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
) -> Result<Json<Value>, Failure> {
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
    let machines = inner.machines(id);
    inner.changed(id);
    machines?;
    seat_json(&mut inner, id, side)
}

/// A unit dragged on the table: where it was dropped and which way it faces.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dragged {
    pub unit: u32,
    pub x: f64,
    pub y: f64,
    /// Radians, counter-clockwise from the table's `+x`.
    pub facing: f64,
}

/// A command to judge before it is given: the book's own, or a unit dragged.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ask {
    #[serde(default)]
    pub command: Option<Value>,
    #[serde(default, rename = "move")]
    pub dragged: Option<Dragged>,
}

async fn judge(
    State(app): State<App>,
    Path(token): Path<String>,
    Json(ask): Json<Ask>,
) -> Result<Json<table::Judged>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    let game = inner.game(id)?;
    let command = match (ask.command, ask.dragged) {
        (Some(c), None) => c,
        (None, Some(d)) => game
            .table
            .move_to(side, d.unit, Pose::new(d.x, d.y, d.facing))
            .ok_or_else(|| {
                Failure::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "that is no unit of yours that can be moved",
                )
            })?,
        _ => {
            return Err(Failure::new(
                StatusCode::BAD_REQUEST,
                "ask about a \"command\" or a \"move\", one of the two",
            ))
        }
    };
    Ok(Json(game.table.judge(side, &command)?))
}

/// The step from which `side`'s last orders would be taken back, or why they may not be.
/// An order is taken back with everything after it. Dice thrown since make it stand, unless
/// the game lets a person playing a machine take back freely; orders of another person
/// always stand.
fn takeback_from(game: &Game, side: Side) -> Result<usize, String> {
    if game.table.to_act().is_none() {
        return Err("the battle is over".into());
    }
    let facts = game.table.step_facts();
    let Some(from) = facts.iter().rposition(|f| f.side == side) else {
        return Err("you have given no order to take back".into());
    };
    let other = Side(1 - side.0);
    let other_person = game.players[other.index()] == "person";
    if other_person && facts[from..].iter().any(|f| f.side == other) {
        return Err("the other side has acted since your last order".into());
    }
    let free = game.free_takeback && !other_person;
    if !free && facts[from..].iter().any(|f| f.rolled) {
        return Err("dice have been thrown since your last order: it stands".into());
    }
    Ok(from)
}

async fn undo(State(app): State<App>, Path(token): Path<String>) -> Result<Json<Value>, Failure> {
    let mut inner = app.lock();
    let (id, side) = inner.seat(&token)?;
    let game = inner.game(id)?;
    let from = takeback_from(game, side).map_err(|e| Failure::new(StatusCode::CONFLICT, e))?;
    inner.store.truncate(id, from)?;
    inner.games.remove(&id);
    inner.game(id)?;
    inner.changed(id);
    seat_json(&mut inner, id, side)
}

/// The seat's stream of events: the number of steps, each time it changes. The seat then
/// asks for its view; the stream itself carries nothing any seat may not know.
async fn events(
    State(app): State<App>,
    Path(token): Path<String>,
) -> Result<Sse<impl futures_util::Stream<Item = Result<Event, std::convert::Infallible>>>, Failure>
{
    let rx = {
        let mut inner = app.lock();
        let (id, _) = inner.seat(&token)?;
        let steps = inner.game(id)?.table.steps();
        inner
            .watched
            .entry(id)
            .or_insert_with(|| watch::channel(steps).0)
            .subscribe()
    };
    let stream = futures_util::stream::unfold((rx, true), |(mut rx, first)| async move {
        if !first {
            rx.changed().await.ok()?;
        }
        let steps = *rx.borrow_and_update();
        let event = Event::default()
            .event("steps")
            .data(json!({ "steps": steps }).to_string());
        Some((Ok(event), (rx, false)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// A replay brought to watch, as `grognard replay` reads it.
async fn import(State(app): State<App>, Json(replay): Json<Value>) -> Result<Json<Value>, Failure> {
    let rules = replay["rules"].as_str().unwrap_or_default().to_string();
    let (seed, scenario, commands) = match rules.as_str() {
        "two-by-two" => checked_replay(&TwoByTwo, replay)?,
        "napoleons-wars" => checked_replay(&NapoleonsWars, replay)?,
        "beer-and-pretzel" => checked_replay(&BeerAndPretzel, replay)?,
        "burt" => checked_replay(&Burt, replay)?,
        "fire-and-fury" => checked_replay(&FireAndFury, replay)?,
        other => {
            return Err(Failure::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("this is no replay of a book served here (rules {other:?})"),
            ))
        }
    };
    let players = [REPLAYED.to_string(), REPLAYED.to_string()];
    let mut inner = app.lock();
    let id = inner
        .store
        .create(&rules, seed, &scenario, &players, &[None, None], false)?;
    inner.store.append_all(id, 0, &commands)?;
    inner.game(id)?;
    Ok(Json(json!({ "id": id })))
}

/// A replay read and played again, every roll and event checked against its record: its
/// seed, scenario and commands.
#[allow(clippy::type_complexity)]
fn checked_replay<R: Book>(
    rules: &R,
    replay: Value,
) -> Result<(u64, Value, Vec<(u8, Value)>), Failure> {
    let unfit = |e: String| Failure::new(StatusCode::UNPROCESSABLE_ENTITY, e);
    let r: grognard_engine::replay::Replay<R::Scenario, R::Command, R::Event> =
        serde_path_to_error::deserialize(replay).map_err(|e| {
            unfit(format!(
                "the replay does not read at {}: {}",
                e.path(),
                e.inner()
            ))
        })?;
    grognard_engine::replay::verify(rules, &r)
        .map_err(|d| unfit(format!("the replay departs from its record at {d}")))?;
    let mut commands = Vec::new();
    for s in &r.steps {
        let c = serde_json::to_value(&s.command).map_err(|e| unfit(e.to_string()))?;
        commands.push((s.side.0, c));
    }
    let scenario = serde_json::to_value(&r.scenario).map_err(|e| unfit(e.to_string()))?;
    Ok((r.seed, scenario, commands))
}

/// Serve on `port` (loopback and every other interface) with games kept in `db`; with `log`,
/// a line on standard error for every request.
pub async fn serve(port: u16, db: &std::path::Path, log: bool) -> std::io::Result<()> {
    let store = Store::open(db).map_err(std::io::Error::other)?;
    if log {
        // A line as each request is answered: method, path, status and latency.
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_target(false)
            .try_init();
    }
    let app = App::new(store).router().layer(
        tower_http::trace::TraceLayer::new_for_http()
            .on_response(tower_http::trace::DefaultOnResponse::new().level(tracing::Level::INFO))
            .make_span_with(tower_http::trace::DefaultMakeSpan::new().level(tracing::Level::INFO)),
    );
    let listener = tokio::net::TcpListener::bind(("0.0.0.0", port)).await?;
    // The port is told (it is chosen here when 0 was asked for) once the server listens.
    let port = listener.local_addr()?.port();
    println!(
        "Serving battles on http://localhost:{port}/ (games kept in {})",
        db.display()
    );
    axum::serve(listener, app).await
}

/// [`serve`], on a runtime of its own, until the process is stopped.
pub fn run(port: u16, db: &std::path::Path, log: bool) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(port, db, log))
}
