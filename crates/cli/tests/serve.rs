//! `grognard serve` as a real process: killed in the middle of play, loaded by two hundred
//! games at once, and driven by a real browser.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server process and its port.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Start `grognard serve` on a port of the system's choosing, with games kept in `db`.
    fn start(db: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grognard"))
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grognard serve starts");
        let mut line = String::new();
        let mut out = BufReader::new(child.stdout.take().expect("its output"));
        out.read_line(&mut line).expect("it says where it serves");
        // Whatever else it prints is read, so that its output never fills or breaks.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let port = line
            .split("localhost:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    /// Kill the process outright (SIGKILL), as a crash or a pulled plug would.
    fn kill(mut self) {
        self.child.kill().expect("the server is killed");
        self.child.wait().expect("and gone");
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        http(self.port, method, path, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The port in the line `grognard serve` starts with.
fn port_in(line: &str) -> u16 {
    line.split("localhost:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"))
}

/// One HTTP/1.1 request on loopback, the connection closed after the answer; the status
/// and the JSON body.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).expect("an answer");
    let text = String::from_utf8_lossy(&answer);
    let (head, rest) = text.split_once("\r\n\r\n").expect("headers and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(rest).unwrap_or(Value::Null))
}

fn temp_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("grognard-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    Scratch(dir)
}

/// A test's temporary folder, removed with everything in it when the test ends.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new person-against-AI game of 2x2; the person's seat token.
fn new_game(port: u16, seed: u64) -> String {
    let (status, made) = http(
        port,
        "POST",
        "/api/games",
        Some(&json!({ "rules": "two-by-two", "seed": seed, "players": ["person", "ai"] })),
    );
    assert_eq!(status, 200, "{made}");
    made["seats"][0].as_str().expect("a seat").to_string()
}

/// Give the order the AI suggests; the view acknowledged, or `None` once the battle is over.
fn order(port: u16, token: &str, view: &Value) -> Option<Value> {
    let suggested = view["orders"]
        .as_array()?
        .iter()
        .find(|o| o["suggested"] == json!(true))?;
    let (status, next) = http(
        port,
        "POST",
        &format!("/api/seat/{token}/command"),
        Some(&json!({ "command": suggested["command"] })),
    );
    assert_eq!(status, 200, "{next}");
    Some(next)
}

#[test]
fn a_killed_server_loses_no_acknowledged_command() {
    let dir = temp_dir("kill");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let port = server.port;
    let token = new_game(port, 21);
    let (_, mut view) = server.call("GET", &format!("/api/seat/{token}"), None);
    for _ in 0..40 {
        view = order(port, &token, &view).expect("the battle goes on");
    }
    // Killed just after an acknowledgement: the game comes back exactly as acknowledged.
    server.kill();
    let server = Server::start(&db);
    let (status, again) = server.call("GET", &format!("/api/seat/{token}"), None);
    assert_eq!(status, 200);
    assert_eq!(again, view, "the game as it was last acknowledged");

    // Killed while a command is on its way: the game is as acknowledged before it, or with
    // that command carried out; never anything else.
    let port = server.port;
    let suggested = again["orders"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["suggested"] == json!(true)).cloned())
        .expect("an order to give");
    let path = format!("/api/seat/{token}/command");
    let body = json!({ "command": suggested["command"] });
    let sender = std::thread::spawn(move || {
        std::panic::catch_unwind(|| http(port, "POST", &path, Some(&body))).ok()
    });
    std::thread::sleep(Duration::from_millis(2));
    server.kill();
    let answered = sender.join().expect("the sender ends");
    let server = Server::start(&db);
    let (_, after) = server.call("GET", &format!("/api/seat/{token}"), None);
    match answered {
        Some((200, acknowledged)) => assert_eq!(after, acknowledged),
        _ => assert!(
            after == view || after["steps"].as_u64() > view["steps"].as_u64(),
            "the game went back behind what was acknowledged"
        ),
    }
    // The game plays on after the restarts.
    assert!(order(server.port, &token, &after).is_some());
}

#[test]
fn two_hundred_games_at_once_lose_no_command_and_repeat_none() {
    const GAMES: usize = 200;
    const ORDERS: usize = 12;
    let dir = temp_dir("load");
    let db = dir.join("games.db");
    let server = Server::start(&db);
    let port = server.port;
    let t0 = Instant::now();
    let clients: Vec<_> = (0..GAMES)
        .map(|i| {
            std::thread::spawn(move || {
                let token = new_game(port, 1000 + i as u64);
                let (_, mut view) = http(port, "GET", &format!("/api/seat/{token}"), None);
                let mut given = 0;
                for _ in 0..ORDERS {
                    match order(port, &token, &view) {
                        Some(next) => {
                            assert!(next["steps"].as_u64() > view["steps"].as_u64());
                            view = next;
                            given += 1;
                        }
                        None => break,
                    }
                }
                (token, view, given)
            })
        })
        .collect();
    let played: Vec<(String, Value, usize)> = clients
        .into_iter()
        .map(|c| c.join().expect("a client plays its game"))
        .collect();
    let seconds = t0.elapsed().as_secs_f64();
    let orders: usize = played.iter().map(|p| p.2).sum();
    println!("{GAMES} games at once, {orders} orders acknowledged in {seconds:.1} s");
    assert!(orders >= GAMES * ORDERS / 2, "the clients played");
    // After a restart, every game is exactly as its client was last told: no command lost,
    // none carried out twice.
    server.kill();
    let server = Server::start(&db);
    for (token, view, _) in &played {
        let (status, again) = server.call("GET", &format!("/api/seat/{token}"), None);
        assert_eq!(status, 200);
        assert_eq!(&again, view, "game of seat {token}");
    }
    let (_, list) = server.call("GET", "/api/games", None);
    assert_eq!(list.as_array().map(Vec::len), Some(GAMES));
}

#[test]
fn an_exported_replay_is_one_grognard_replay_accepts() {
    let dir = temp_dir("export");
    let server = Server::start(&dir.join("games.db"));
    for rules in ["two-by-two", "napoleons-wars", "burt", "fire-and-fury"] {
        let (status, made) = server.call(
            "POST",
            "/api/games",
            Some(&json!({ "rules": rules, "seed": 6, "players": ["ai", "random"] })),
        );
        assert_eq!(status, 200, "{made}");
        let (status, replay) =
            server.call("GET", &format!("/api/games/{}/replay", made["id"]), None);
        assert_eq!(status, 200);
        let file = dir.join(format!("{rules}.replay.json"));
        std::fs::write(&file, replay.to_string()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_grognard"))
            .arg("replay")
            .arg(&file)
            .output()
            .expect("grognard replay runs");
        assert!(
            out.status.success(),
            "{rules}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn with_log_every_request_is_told_with_its_status() {
    let dir = temp_dir("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .args(["serve", "--log", "--port", "0", "--db"])
        .arg(dir.join("games.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grognard serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = port_in(&line);
    let (status, _) = http(port, "GET", "/api/seat/no-such-seat", None);
    assert_eq!(status, 403);
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut logged = String::new();
    err.read_line(&mut logged).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(logged.contains("uri=/api/seat/no-such-seat"), "{logged}");
    assert!(logged.contains("status=403"), "{logged}");
}

/// The browser tests need Chromium and the npm package playwright-core (`.ci/run` installs
/// both). Without them this test says so and passes, unless GROGNARD_BROWSER_TESTS=required
/// (as in `.ci/run`), when their absence fails it.
#[test]
fn the_client_in_a_real_browser() {
    let browser_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/browser");
    let chromium =
        std::env::var("GROGNARD_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let ready = Path::new(&chromium).exists()
        && browser_dir.join("node_modules/playwright-core").exists()
        && Command::new("node").arg("--version").output().is_ok();
    if !ready {
        let required = std::env::var("GROGNARD_BROWSER_TESTS").as_deref() == Ok("required");
        let why = format!(
            "the browser tests need {chromium}, node and `npm ci` in {}",
            browser_dir.display()
        );
        assert!(!required, "{why}");
        eprintln!("skipped: {why}");
        return;
    }
    let dir = temp_dir("browser");
    let server = Server::start(&dir.join("games.db"));
    let artefacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/browser");
    let status = Command::new("node")
        .current_dir(&browser_dir)
        .arg("test.mjs")
        .arg(format!("http://127.0.0.1:{}", server.port))
        .arg(&artefacts)
        .arg(&chromium)
        .status()
        .expect("node runs");
    assert!(status.success(), "the browser tests failed (see above)");
    for shot in [
        "two-by-two-start.png",
        "two-by-two-end.png",
        "napoleons-wars-turn-3.png",
        "beer-and-pretzel-turn-5.png",
        "burt-turn-5.png",
    ] {
        assert!(artefacts.join(shot).exists(), "screenshot {shot} kept");
    }
}
