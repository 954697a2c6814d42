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

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grognard-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join("games.db")
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
