//! The game server's API, driven request by request as a browser drives it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grognard_server::store::Store;
use grognard_server::App;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let req = Request::builder().method(method).uri(uri);
    let req = match body {
        Some(b) => req
            .header("content-type", "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .expect("a request");
    let res = app.clone().oneshot(req).await.expect("an answer");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("a body").to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

fn temp_db(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("grognard-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    Scratch(dir.join("games.db"))
}

/// A test's database file; the folder made for it is removed when the test ends.
struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A person's turn: take the order the AI suggests (as a person clicking it would).
async fn play_suggested(app: &axum::Router, token: &str) -> (StatusCode, Value) {
    let (_, view) = call(app, "GET", &format!("/api/seat/{token}"), None).await;
    let orders = view["orders"].as_array().expect("orders");
    let order = orders
        .iter()
        .find(|o| o["suggested"] == json!(true))
        .expect("a suggested order");
    call(
        app,
        "POST",
        &format!("/api/seat/{token}/command"),
        Some(json!({ "command": order["command"] })),
    )
    .await
}

#[tokio::test]
async fn a_person_plays_the_ai_and_the_game_survives_a_restart() {
    let db = temp_db("restart");
    let app = App::new(Store::open(&db).expect("a store")).router();
    let (status, made) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "seed": 11, "players": ["person", "ai"] })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert!(made["seats"][1].is_null(), "the AI's side has no seat");
    let token = made["seats"][0].as_str().expect("a seat token").to_string();
    let (_, view) = call(&app, "GET", &format!("/api/seat/{token}"), None).await;
    assert_eq!(view["side"], json!(0));
    assert!(!view["scene"]["bases"].as_array().expect("bases").is_empty());
    // Twenty orders of the person's; the AI answers each in turn.
    let mut steps = 0;
    for _ in 0..20 {
        let (status, view) = play_suggested(&app, &token).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert!(view["steps"].as_u64().expect("steps") > steps);
        steps = view["steps"].as_u64().expect("steps");
        if !view["outcome"].is_null() {
            break;
        }
        assert_eq!(
            view["to_act"],
            json!(0),
            "the AI played until the person was asked"
        );
    }
    let (_, before) = call(&app, "GET", &format!("/api/seat/{token}"), None).await;
    drop(app);
    // The server starts again on the same file: the game is as it was.
    let again = App::new(Store::open(&db).expect("the store again")).router();
    let (_, after) = call(&again, "GET", &format!("/api/seat/{token}"), None).await;
    assert_eq!(after["steps"], before["steps"]);
    assert_eq!(after["scene"], before["scene"]);
    assert_eq!(after["log"], before["log"]);
    assert_eq!(after["orders"], before["orders"]);
    let (_, games) = call(&again, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().expect("a list").len(), 1);
    assert_eq!(games[0]["players"], json!(["person", "ai"]));
}

#[tokio::test]
async fn seats_are_refused_out_of_turn_and_strangers_are_refused() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (_, made) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "napoleons-wars", "seed": 3, "players": ["person", "person"] })),
    )
    .await;
    let tokens: Vec<String> = (0..2)
        .map(|i| made["seats"][i].as_str().expect("a seat").to_string())
        .collect();
    assert_ne!(tokens[0], tokens[1]);
    let (_, view) = call(&app, "GET", &format!("/api/seat/{}", tokens[0]), None).await;
    let acting = view["to_act"].as_u64().expect("a side to act") as usize;
    let waiting = 1 - acting;
    // The seat not to act is shown no orders, and its command is refused with the reason.
    let (_, idle) = call(&app, "GET", &format!("/api/seat/{}", tokens[waiting]), None).await;
    assert!(idle["orders"].as_array().expect("orders").is_empty());
    let (_, busy) = call(&app, "GET", &format!("/api/seat/{}", tokens[acting]), None).await;
    let order = busy["orders"][0]["command"].clone();
    let (status, refusal) = call(
        &app,
        "POST",
        &format!("/api/seat/{}/command", tokens[waiting]),
        Some(json!({ "command": order })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refusal}");
    assert!(refusal["error"]
        .as_str()
        .expect("a reason")
        .contains("to act"));
    // A token no seat has is refused.
    let (status, _) = call(&app, "GET", "/api/seat/0123456789abcdef", None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Anything that is not a command of the book is refused as unreadable.
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/seat/{}/command", tokens[acting]),
        Some(json!({ "command": { "Launch": "rockets" } })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_illegal_order_is_refused_with_its_section() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (_, made) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "seed": 5, "players": ["person", "person"] })),
    )
    .await;
    let (_, view) = call(
        &app,
        "GET",
        &format!("/api/seat/{}", made["seats"][0].as_str().unwrap()),
        None,
    )
    .await;
    let acting = view["to_act"].as_u64().expect("a side to act") as usize;
    let token = made["seats"][acting].as_str().expect("a seat").to_string();
    // Firing in the movement phase is against the sequence of play.
    let (status, refusal) = call(
        &app,
        "POST",
        &format!("/api/seat/{token}/command"),
        Some(json!({ "command": { "command": "fire", "shooter": 0, "target": 1 } })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refusal}");
    assert!(
        refusal["rule"]
            .as_str()
            .expect("a section")
            .starts_with("2x2"),
        "{refusal}"
    );
    assert!(!refusal["reason"].as_str().expect("a reason").is_empty());
}

#[tokio::test]
async fn machines_play_their_battle_to_the_end_and_its_replay_is_given() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (status, made) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "seed": 9, "players": ["ai", "random"] })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let id = made["id"].as_i64().expect("an id");
    let (status, replay) = call(&app, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(replay["rules"], json!("two-by-two"));
    assert!(!replay["outcome"].is_null());
    assert!(replay["steps"].as_array().expect("steps").len() > 10);
}

#[tokio::test]
async fn bad_requests_get_clear_refusals() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "chess", "players": ["person", "ai"] })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().expect("a reason").contains("chess"));
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "players": ["person", "wizard"] })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().expect("a reason").contains("wizard"));
    // A scenario with a mistake is refused with the file's problems.
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "players": ["person", "ai"], "scenario": "rules = \"two-by-two\"\n[table]\nwidth = \"wide\"\n" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(!body["problems"].as_array().expect("problems").is_empty());
    // A body over the limit is refused before it is read.
    let huge = "x".repeat(grognard_server::BODY_LIMIT + 1);
    let (status, _) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "players": ["person", "ai"], "scenario": huge })),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

/// A new game; its id and seat tokens.
async fn new_game(app: &axum::Router, body: Value) -> (i64, [Option<String>; 2]) {
    let (status, made) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let seat = |i: usize| made["seats"][i].as_str().map(str::to_string);
    (made["id"].as_i64().expect("an id"), [seat(0), seat(1)])
}

async fn view_of(app: &axum::Router, token: &str) -> Value {
    let (status, view) = call(app, "GET", &format!("/api/seat/{token}"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

/// A new server with a 2x2 game of a person against the AI; the person's seat token.
async fn against_ai(seed: u64) -> (axum::Router, String) {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (_, seats) = new_game(
        &app,
        json!({ "rules": "two-by-two", "seed": seed, "players": ["person", "ai"] }),
    )
    .await;
    (app, seats[0].clone().expect("a seat"))
}

/// Play the suggested orders until one whose text matches `pred` is offered; the view then.
async fn until_offered(app: &axum::Router, token: &str, pred: impl Fn(&str) -> bool) -> Value {
    for _ in 0..200 {
        let view = view_of(app, token).await;
        let offered = view["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .any(|o| pred(o["text"].as_str().unwrap_or_default()));
        if offered {
            return view;
        }
        play_suggested(app, token).await;
    }
    panic!("no such order was offered in 200 orders");
}

/// Give the first order whose text matches `pred`; the view after it.
async fn give_where(app: &axum::Router, token: &str, pred: impl Fn(&str) -> bool) -> Value {
    let view = view_of(app, token).await;
    let order = view["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|o| pred(o["text"].as_str().unwrap_or_default()))
        .unwrap_or_else(|| panic!("no such order in {}", view["orders"]))
        .clone();
    let (status, after) = call(
        app,
        "POST",
        &format!("/api/seat/{token}/command"),
        Some(json!({ "command": order["command"] })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

#[tokio::test]
async fn orders_are_given_in_words_with_their_unit_and_the_odds_of_their_dice() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (_, seats) = new_game(
        &app,
        json!({ "rules": "two-by-two", "seed": 3, "players": ["person", "ai"] }),
    )
    .await;
    let view = view_of(&app, seats[0].as_deref().unwrap()).await;
    let orders = view["orders"].as_array().expect("orders");
    let throw = orders
        .iter()
        .find(|o| {
            o["text"]
                .as_str()
                .unwrap()
                .starts_with("Throw for the reinforcement")
        })
        .expect("a reinforcement throw");
    let odds = &throw["odds"];
    assert_eq!(odds["about"]["section"], json!("2x2 Reinforcements"));
    let total: f64 = odds["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| o["percent"].as_f64().unwrap())
        .sum();
    assert!(
        (total - 100.0).abs() < 1e-6,
        "the outcomes cover every throw"
    );
    let end = orders
        .iter()
        .find(|o| o["text"] == json!("End the phase"))
        .expect("ending the phase");
    assert!(end["odds"].is_null(), "an order without dice has no odds");
    assert!(end["unit"].is_null());
    // Every unit named by an order is one the scene draws with a name.
    let bases = view["scene"]["bases"].as_array().expect("bases");
    assert!(bases
        .iter()
        .all(|b| !b["name"].as_str().unwrap().is_empty()));
}

#[tokio::test]
async fn a_dragged_unit_is_judged_before_it_is_moved() {
    let (app, token) = against_ai(3).await;
    let view = until_offered(&app, &token, |t| t.contains(" moves: ")).await;
    let mover = view["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["text"].as_str().unwrap().contains(" moves: "))
        .expect("a move")
        .clone();
    let unit = mover["unit"].as_u64().unwrap();
    let base = view["scene"]["bases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"].as_u64() == Some(unit))
        .unwrap()
        .clone();
    let (x, y) = (
        base["pose"]["pos"][0].as_f64().unwrap(),
        base["pose"]["pos"][1].as_f64().unwrap(),
    );
    let facing = base["pose"]["facing"].as_f64().unwrap();
    let judge = |dx: f64, dy: f64| json!({ "move": { "unit": unit, "x": x + dx, "y": y + dy, "facing": facing } });
    let path = format!("/api/seat/{token}/judge");
    // A short step ahead is allowed; the steps it takes are told in words.
    let (status, short) = call(
        &app,
        "POST",
        &path,
        Some(judge(facing.cos() * 0.5, facing.sin() * 0.5)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{short}");
    assert_eq!(short["legal"], json!(true), "{short}");
    assert!(
        short["text"].as_str().unwrap().contains("0.5\" ahead"),
        "{short}"
    );
    // Off the table is refused, with the section that forbids it.
    let (_, far) = call(&app, "POST", &path, Some(judge(0.0, -100.0))).await;
    assert_eq!(far["legal"], json!(false), "{far}");
    assert!(far["refusal"]["rule"].as_str().unwrap().starts_with("2x2"));
    // Judging moves nothing.
    assert_eq!(view_of(&app, &token).await["steps"], view["steps"]);
    // An enemy unit is no unit of this seat's to move.
    let enemy = view["scene"]["bases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["side"] == json!(1))
        .unwrap()["id"]
        .clone();
    let (status, _) = call(
        &app,
        "POST",
        &path,
        Some(json!({ "move": { "unit": enemy, "x": 1.0, "y": 1.0, "facing": 0.0 } })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The judged move, given, is carried out.
    let (status, moved) = call(
        &app,
        "POST",
        &format!("/api/seat/{token}/command"),
        Some(json!({ "command": short["command"] })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(
        moved["steps"].as_u64(),
        view["steps"].as_u64().map(|s| s + 1)
    );
}

#[tokio::test]
async fn orders_are_taken_back_until_dice_are_thrown_unless_the_game_allows_more() {
    let (app, token) = against_ai(3).await;
    let undo = format!("/api/seat/{token}/undo");
    let (status, _) = call(&app, "POST", &undo, None).await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing given yet");
    // A throw for reinforcements: dice, so it stands.
    let thrown = give_where(&app, &token, |t| t.starts_with("Throw for")).await;
    assert!(thrown["takeback"].is_null());
    let (status, why) = call(&app, "POST", &undo, None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(why["error"].as_str().unwrap().contains("dice"), "{why}");
    // Orders without dice are taken back, one at a time, back to the dice.
    let before = until_offered(&app, &token, |t| t.contains(" moves: ")).await;
    give_where(&app, &token, |t| t.contains(" moves: ")).await;
    let moved = give_where(&app, &token, |t| t.contains(" moves: ")).await;
    assert!(!moved["takeback"].is_null());
    let (status, back) = call(&app, "POST", &undo, None).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(
        back["steps"].as_u64(),
        moved["steps"].as_u64().map(|s| s - 1)
    );
    let (_, back) = call(&app, "POST", &undo, None).await;
    assert_eq!(back["steps"], before["steps"]);
    assert_eq!(back["scene"], before["scene"]);
    assert_eq!(back["log"], before["log"]);

    // With free take-back, a throw is taken back too; thrown again, it falls the same.
    let (_, seats) = new_game(
        &app,
        json!({ "rules": "two-by-two", "seed": 3, "players": ["person", "ai"], "free_takeback": true }),
    )
    .await;
    let token = seats[0].clone().unwrap();
    let first = give_where(&app, &token, |t| t.starts_with("Throw for")).await;
    assert!(!first["takeback"].is_null());
    let (status, _) = call(&app, "POST", &format!("/api/seat/{token}/undo"), None).await;
    assert_eq!(status, StatusCode::OK);
    let again = give_where(&app, &token, |t| t.starts_with("Throw for")).await;
    assert_eq!(again["log"], first["log"], "the same dice fall again");

    // Between two people, free take-back is refused, and an order the other person has
    // answered stands.
    let (status, _) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "rules": "two-by-two", "players": ["person", "person"], "free_takeback": true })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, seats) = new_game(
        &app,
        json!({ "rules": "two-by-two", "seed": 3, "players": ["person", "person"] }),
    )
    .await;
    let [a, b] = [seats[0].clone().unwrap(), seats[1].clone().unwrap()];
    for _ in 0..400 {
        let view = view_of(&app, &b).await;
        if view["to_act"] == json!(1) {
            break;
        }
        play_suggested(&app, &a).await;
    }
    play_suggested(&app, &b).await;
    let (status, why) = call(&app, "POST", &format!("/api/seat/{a}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        why["error"].as_str().unwrap().contains("other side"),
        "{why}"
    );
}

#[tokio::test]
async fn a_replay_is_stepped_through_exported_and_brought_back_to_watch() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (id, _) = new_game(
        &app,
        json!({ "rules": "napoleons-wars", "seed": 4, "players": ["ai", "ai"] }),
    )
    .await;
    let (_, turns) = call(&app, "GET", &format!("/api/games/{id}/turns"), None).await;
    let steps = turns["steps"].as_u64().unwrap();
    let starts = turns["turns"].as_array().unwrap();
    assert!(starts.len() >= 2, "{turns}");
    assert!(starts[1]["headline"]
        .as_str()
        .unwrap()
        .starts_with("Turn 2"));
    let (status, first) = call(&app, "GET", &format!("/api/games/{id}/at/0"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (_, last) = call(&app, "GET", &format!("/api/games/{id}/at/{steps}"), None).await;
    assert_ne!(first["scene"], last["scene"]);
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/at/{}", steps + 1),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Exported, then brought back: the same battle, to watch.
    let (_, replay) = call(&app, "GET", &format!("/api/games/{id}/replay"), None).await;
    // A replay is larger than other requests may be; it has a limit of its own.
    assert!(replay.to_string().len() > grognard_server::BODY_LIMIT);
    let (status, brought) = call(&app, "POST", "/api/replays", Some(replay.clone())).await;
    assert_eq!(status, StatusCode::OK, "{brought}");
    let copy = brought["id"].as_i64().unwrap();
    let (_, copied) = call(&app, "GET", &format!("/api/games/{copy}/at/{steps}"), None).await;
    assert_eq!(copied["scene"], last["scene"]);
    // A replay whose record was tampered with is refused, saying where it departs.
    let mut forged = replay;
    let roll = forged["steps"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find_map(|s| s["rolls"].as_array_mut().filter(|r| !r.is_empty()))
        .expect("a step with dice");
    let face = roll[0]["face"].as_u64().unwrap();
    roll[0]["face"] = json!(if face == 1 { 2 } else { 1 });
    let (status, why) = call(&app, "POST", "/api/replays", Some(forged)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(why["error"].as_str().unwrap().contains("departs"), "{why}");
    let huge = json!({ "rules": "x".repeat(grognard_server::REPLAY_LIMIT) });
    let (status, _) = call(&app, "POST", "/api/replays", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_game_in_play_is_seen_only_from_its_seats() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (id, seats) = new_game(
        &app,
        json!({ "rules": "two-by-two", "seed": 8, "players": ["person", "ai"] }),
    )
    .await;
    for path in ["replay", "turns", "at/0"] {
        let (status, _) = call(&app, "GET", &format!("/api/games/{id}/{path}"), None).await;
        assert_eq!(status, StatusCode::CONFLICT, "{path}");
    }
    let token = seats[0].clone().unwrap();
    let (status, at) = call(&app, "GET", &format!("/api/seat/{token}/at/0"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(at["headline"].as_str().unwrap().starts_with("Turn 1"));
    // The list of games names no seat.
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    assert!(!list.to_string().contains(&token));
}

#[tokio::test]
async fn the_client_and_its_event_stream_are_served() {
    let (app, token) = against_ai(8).await;
    for (path, kind) in [
        ("/", "text/html"),
        (&format!("/seat/{token}") as &str, "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let req = Request::get(path).body(Body::empty()).unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(kind), "{path}: {ct}");
    }
    // The stream of events gives the number of steps, and nothing else.
    let req = Request::get(format!("/api/seat/{token}/events"))
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    let frame = body.frame().await.expect("a frame").expect("data");
    let text = String::from_utf8(frame.into_data().unwrap().to_vec()).unwrap();
    let steps = view_of(&app, &token).await["steps"].clone();
    assert_eq!(
        text,
        format!("event: steps\ndata: {{\"steps\":{steps}}}\n\n")
    );
    // A command moves the stream on.
    play_suggested(&app, &token).await;
    let frame = body.frame().await.expect("a frame").expect("data");
    let text = String::from_utf8(frame.into_data().unwrap().to_vec()).unwrap();
    let steps = view_of(&app, &token).await["steps"].clone();
    assert_eq!(
        text,
        format!("event: steps\ndata: {{\"steps\":{steps}}}\n\n")
    );
}

/// The orders of a Burt game as each seat may see them: for every base of the seat's own
/// side, its order if the marker names one, and whether it is still face down.
fn own_orders(view: &Value, side: u64) -> Vec<(String, String, bool)> {
    const ORDERS: [&str; 5] = ["RESERVE", "MANOEUVRE", "FIRE", "ASSAULT", "REGROUP"];
    view["scene"]["bases"]
        .as_array()
        .expect("bases")
        .iter()
        .filter(|b| b["side"] == json!(side))
        .filter_map(|b| {
            let marker = b["marker"].as_str().unwrap_or_default();
            let order = ORDERS.iter().find(|o| marker.contains(*o))?;
            Some((
                b["name"].as_str().expect("a name").to_string(),
                order.to_string(),
                marker.contains(&format!("{order} (face down)")),
            ))
        })
        .collect()
}

/// Burt's orders are written face down: in a game between two people, at every step each
/// seat's picture and log show a face-down order of the other side only as "face down",
/// and its own as the order it is, until the book turns the chit up.
#[tokio::test]
async fn a_burt_seat_never_sees_the_other_sides_face_down_orders() {
    let app = App::new(Store::in_memory().expect("a store")).router();
    let (_, seats) = new_game(
        &app,
        json!({ "rules": "burt", "seed": 21, "players": ["person", "person"] }),
    )
    .await;
    let tokens = seats.map(|s| s.expect("a seat for each person"));
    let (mut hidden_seen, mut steps) = (0, 0);
    // How much of each seat's log has been read: each step's new lines are checked against
    // the orders as they stand after it.
    let mut read_to = [0usize; 2];
    for _ in 0..400 {
        let views = [
            view_of(&app, &tokens[0]).await,
            view_of(&app, &tokens[1]).await,
        ];
        let over = !views[0]["outcome"].is_null();
        for owner in 0..2u64 {
            let reader = &views[1 - owner as usize];
            let read = |name: &str| -> String {
                reader["scene"]["bases"]
                    .as_array()
                    .expect("bases")
                    .iter()
                    .find(|b| b["name"] == json!(name))
                    .and_then(|b| b["marker"].as_str())
                    .unwrap_or_default()
                    .to_string()
            };
            for (name, order, face_down) in own_orders(&views[owner as usize], owner) {
                let marker = read(&name);
                if over {
                    // A finished battle hides nothing.
                    assert!(
                        marker.contains(&format!("{order} (face down)")) == face_down,
                        "the battle is over, but the other seat reads {name}'s {order} as {marker:?}"
                    );
                } else if face_down {
                    hidden_seen += 1;
                    assert!(
                        !marker.contains(&order) && marker.contains("order face down"),
                        "step {steps}: the other seat reads {name}'s face-down {order} as {marker:?}"
                    );
                    let log = reader["log"].as_array().expect("a log");
                    for line in &log[read_to[1 - owner as usize]..] {
                        let text = line["text"].as_str().unwrap_or_default();
                        assert!(
                            !(text.contains(&name) && text.contains(&order)),
                            "step {steps}: the other seat's log names {name}'s face-down order: {text}"
                        );
                    }
                } else {
                    assert!(
                        marker.contains(&order),
                        "step {steps}: {name}'s order {order} is turned up, but the other seat reads {marker:?}"
                    );
                }
            }
        }
        for (seat, view) in views.iter().enumerate() {
            read_to[seat] = view["log"].as_array().expect("a log").len();
        }
        if over {
            break;
        }
        let acting = views[0]["to_act"].as_u64().expect("a side to act") as usize;
        let (status, after) = play_suggested(&app, &tokens[acting]).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        steps += 1;
    }
    assert!(
        hidden_seen > 100,
        "the game held face-down orders to check ({hidden_seen} seen)"
    );
}
