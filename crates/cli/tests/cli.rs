//! The `grognard` command end to end: each test runs the built binary and reads what it
//! prints and writes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

fn grognard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grognard"))
        .args(args)
        .output()
        .expect("the grognard binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit code, stdout and stderr, for assertion messages.
fn show(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    )
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", show(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", show(o)))
}

/// A fresh folder under the system's temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "grognard-cli-test-{tag}-{}-{n}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file of the repository, from the workspace root.
fn repo_file(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn battle_json_has_the_summary_keys() {
    let v = json(&grognard(&["battle", "--seed", "7", "--json"]));
    assert_eq!(v["rules"], "two-by-two");
    assert_eq!(v["seed"], 7);
    assert!(
        v["winner"].is_string() || v["winner"].is_null(),
        "winner: {}",
        v["winner"]
    );
    assert!(v["result"].is_string(), "result: {}", v["result"]);
    assert!(v["turns"].as_u64().is_some_and(|t| t >= 1), "{v}");
    let sides = v["sides"].as_array().expect("sides");
    assert_eq!(sides.len(), 2);
    let destroyed = v["destroyed"].as_object().expect("destroyed is an object");
    for side in sides {
        let name = side.as_str().unwrap();
        assert!(
            destroyed.get(name).is_some_and(|n| n.is_u64()),
            "destroyed lacks {name}: {v}"
        );
    }
    if let Some(w) = v["winner"].as_str() {
        assert!(sides.iter().any(|s| s == w), "winner {w} is not a side");
    }
}

#[test]
fn battle_is_reproducible_from_its_seed() {
    let a = grognard(&["battle", "--seed", "7", "--json"]);
    let b = grognard(&["battle", "--seed", "7", "--json"]);
    assert!(a.status.success() && b.status.success());
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn battle_writes_replay_and_pictures_that_replay_reproduces() {
    let dir = TempDir::new("out");
    let o = grognard(&["battle", "--seed", "7", "--out", dir.arg()]);
    assert!(o.status.success(), "{}", show(&o));
    for svg in ["start.svg", "battle.svg"] {
        let text = std::fs::read_to_string(dir.path().join(svg)).expect(svg);
        assert!(text.starts_with("<svg"), "{svg} starts {:?}", &text[..40]);
    }
    let replay = dir.path().join("replay.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(v["rules"], "two-by-two");
    let o = grognard(&["replay", replay.to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(stdout(&o).contains("reproduced"), "{}", show(&o));
}

/// Change the face of the first die in a replay file: `"dice":[N` becomes another face.
fn tamper(text: &str) -> String {
    let key = "\"dice\":[";
    let at = text.find(key).expect("a replay with a die roll") + key.len();
    let digits = text[at..]
        .find(|c: char| !c.is_ascii_digit())
        .expect("a number");
    let face: u32 = text[at..at + digits].parse().expect("a die face");
    let other = if face == 1 { 2 } else { face - 1 };
    format!("{}{other}{}", &text[..at], &text[at + digits..])
}

#[test]
fn a_tampered_replay_is_caught() {
    let dir = TempDir::new("tamper");
    let o = grognard(&["battle", "--seed", "7", "--json", "--out", dir.arg()]);
    assert!(o.status.success(), "{}", show(&o));
    let replay = dir.path().join("replay.json");
    let text = std::fs::read_to_string(&replay).unwrap();
    let changed = tamper(&text);
    assert_ne!(text, changed);
    std::fs::write(&replay, changed).unwrap();
    let o = grognard(&["replay", replay.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("differs from the replay at step"),
        "{}",
        show(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", show(&o));
}

#[test]
fn check_accepts_the_example_files() {
    for (f, kind) in [
        ("scenarios/two-by-two/ligny-skirmish.toml", "ok, a scenario"),
        ("scenarios/two-by-two/french-40ap.toml", "ok, an army list"),
        ("scenarios/two-by-two/austrian-40ap.toml", "ok, an army list"),
        (
            "scenarios/two-by-two/french-against-austrians.toml",
            "ok, a scenario for two-by-two: \"French against Austrians, 40 AP a side\": French (16 units) against Austrians (16 units)",
        ),
        (
            "scenarios/napoleons-wars/italy-against-germany-1809.toml",
            "ok, a scenario for napoleons-wars",
        ),
        (
            "scenarios/napoleons-wars/army-of-germany-1809.toml",
            "ok, an order of battle for napoleons-wars",
        ),
        (
            "scenarios/beer-and-pretzel/landwehr-at-the-mill.toml",
            "ok, a scenario for beer-and-pretzel: \"Landwehr at the mill\"",
        ),
    ] {
        let o = grognard(&["check", &repo_file(f)]);
        assert!(o.status.success(), "{f}: {}", show(&o));
        assert!(stdout(&o).contains(kind), "{f}: {}", show(&o));
    }
}

/// Every case of each book's bad-file corpus, checked by the command as a person would run
/// it from the crate's folder: exit status 1, no panic, and the first line its `.expected`
/// file gives.
#[test]
fn check_refuses_every_bad_file_as_its_corpus_expects() {
    for (book, least) in [
        ("rules-two-by-two", 40),
        ("rules-napoleons-wars", 40),
        ("rules-beer-and-pretzel", 18),
        ("rules-burt", 21),
    ] {
        let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(book);
        let mut files: Vec<PathBuf> = std::fs::read_dir(crate_dir.join("tests/bad"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .filter(|p| {
                !std::fs::read_to_string(p)
                    .unwrap()
                    .starts_with("# included")
            })
            .collect();
        files.sort();
        assert!(files.len() >= least, "{book}: {} bad files", files.len());
        for f in &files {
            let stem = f.file_stem().unwrap().to_str().unwrap();
            let name = format!("tests/bad/{stem}.toml");
            let o = Command::new(env!("CARGO_BIN_EXE_grognard"))
                .args(["check", &name])
                .current_dir(&crate_dir)
                .output()
                .unwrap();
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(1), "{book} {name}: {}", show(&o));
            assert!(!err.contains("panicked"), "{book} {name}: {}", show(&o));
            let expected = std::fs::read_to_string(f.with_extension("expected")).unwrap();
            let expected = expected
                .trim_end()
                .replace("{file}", &name)
                .replace("{dir}", "tests/bad");
            let first = err.lines().next().unwrap_or_default();
            // A file that names another rule set is read by that one, as its `rules` line
            // says, so what it reports is that book's to say.
            if expected.contains(": rules: ") {
                assert!(err.contains("hint: "), "{book} {name}: {}", show(&o));
                continue;
            }
            assert_eq!(first, expected, "{book} {name}: {}", show(&o));
            assert!(err.contains("hint: "), "{book} {name}: {}", show(&o));
        }
    }
}

#[test]
fn check_reports_a_missing_file_without_panicking() {
    let o = grognard(&["check", "/nonexistent/grognard/no-such-file.toml"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(stderr(&o).contains("cannot read"), "{}", show(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", show(&o));
}

#[test]
fn batch_json_has_the_summary_keys() {
    let v = json(&grognard(&[
        "batch",
        "--games",
        "8",
        "--seed",
        "3",
        "--players",
        "ai:random",
        "--json",
    ]));
    assert_eq!(v["games"], 8);
    let wins = v["wins"].as_array().expect("wins");
    assert_eq!(wins.len(), 2);
    let draws = v["draws"].as_u64().expect("draws");
    let total: u64 = wins.iter().map(|w| w.as_u64().unwrap()).sum::<u64>() + draws;
    assert_eq!(total, 8, "{v}");
    assert!(
        v["battles_per_second"].as_f64().is_some_and(|r| r > 0.0),
        "{v}"
    );
}

#[test]
fn batch_results_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        json(&grognard(&[
            "batch",
            "--games",
            "8",
            "--seed",
            "3",
            "--players",
            "ai:random",
            "--threads",
            threads,
            "--json",
        ]))
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one["threads"], 1);
    assert_eq!(two["threads"], 2);
    assert_eq!(one["wins"], two["wins"]);
    assert_eq!(one["draws"], two["draws"]);
}

#[test]
fn rules_lists_two_by_two() {
    let o = grognard(&["rules"]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(stdout(&o).contains("two-by-two"), "{}", show(&o));
    // Each book's count of rolls is the one its `odds --list` gives.
    for rules in ["two-by-two", "napoleons-wars"] {
        let listed = grognard(&["odds", "--rules", rules, "--list"]);
        let n = stdout(&listed)
            .lines()
            .filter(|l| l.starts_with("  "))
            .count();
        assert!(n >= 6, "{}", show(&listed));
        assert!(
            stdout(&o).contains(&format!(
                "{n} rolls with exact odds (grognard odds --rules {rules} --list)"
            )),
            "{}",
            show(&o)
        );
    }
}

#[test]
fn an_unknown_rule_set_is_refused_clearly() {
    for args in [
        &["battle", "--rules", "foo", "--seed", "1"][..],
        &["batch", "--rules", "foo", "--games", "1"][..],
        &[
            "check",
            "--rules",
            "foo",
            "scenarios/two-by-two/ligny-skirmish.toml",
        ][..],
    ] {
        let o = grognard(args);
        assert!(!o.status.success(), "{args:?}: {}", show(&o));
        let err = stderr(&o);
        assert!(
            err.contains("unknown rule set \"foo\"") && err.contains("two-by-two"),
            "{args:?}: {}",
            show(&o)
        );
        assert!(!err.contains("panicked"), "{args:?}: {}", show(&o));
    }
}

#[test]
fn bad_players_are_refused_clearly() {
    let o = grognard(&["battle", "--seed", "1", "--players", "ai:genius"]);
    assert!(!o.status.success(), "{}", show(&o));
    assert!(stderr(&o).contains("--players"), "{}", show(&o));
}

#[test]
fn design_turns_an_order_of_battle_into_a_roster_and_a_sheet() {
    let dir = TempDir::new("design");
    let oob = repo_file("scenarios/napoleons-wars/army-of-italy-1809.toml");
    let out = dir.0.to_str().unwrap();
    let o = grognard(&["design", &oob, "--out", out]);
    assert!(o.status.success(), "{}", show(&o));
    let text = stdout(&o);
    assert!(
        text.contains("MacDonald, V Corps, G, 13\"  (CF-3)"),
        "{text}"
    );
    assert!(text.contains("1B/1/V SK2 7/5/3 LN"), "{text}");
    assert!(text.contains("3200 men / 500 a s.p."), "{text}");
    let roster = std::fs::read_to_string(dir.0.join("army.toml")).unwrap();
    assert!(roster.contains("label = \"1B/1/V\""), "{roster}");
    let sheet = std::fs::read_to_string(dir.0.join("roster.html")).unwrap();
    assert!(sheet.starts_with("<!DOCTYPE html>"));
    assert!(sheet.contains("Army fatigue (AF-5)"), "{sheet}");
    assert!(sheet.contains("1B/2/VI Medium 5/3/2 LN"), "{sheet}");
    // 7/5/3 has three groups of two boxes.
    let row = sheet
        .lines()
        .find(|l| l.contains("1B/1/V SK2 7/5/3 LN"))
        .expect("the brigade's row");
    assert_eq!(row.matches("class=\"b\"").count(), 6, "{row}");
    assert_eq!(row.matches("class=\"sep\"").count(), 2, "{row}");
}

#[test]
fn design_refuses_a_bad_order_of_battle_with_its_position() {
    let dir = TempDir::new("design-bad");
    let path = dir.0.join("bad.toml");
    std::fs::write(
        &path,
        "name = \"X\"\nnation = \"France\"\nyear = 1809\nmorale = \"Average\"\ncinc = \"Nobody\"\ncommands = []\n",
    )
    .unwrap();
    let o = grognard(&["design", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let err = stderr(&o);
    assert!(
        err.contains("bad.toml:5:8: cinc: Nobody is not in the officer ratings"),
        "{err}"
    );
    assert!(err.contains("hint:"), "{err}");
}

#[test]
fn napoleons_wars_battle_plays_to_an_end_and_replays() {
    let dir = TempDir::new("nw");
    let o = grognard(&[
        "battle",
        "--rules",
        "napoleons-wars",
        "--seed",
        "3",
        "--out",
        dir.arg(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let text = stdout(&o);
    assert!(text.contains("[NW 9.0 C Maneuver table]"), "{text}");
    assert!(text.contains("Initiative:"), "{text}");
    let replay = dir.path().join("replay.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(v["rules"], "napoleons-wars");
    let o = grognard(&["replay", replay.to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    let v = json(&grognard(&[
        "battle",
        "--rules",
        "napoleons-wars",
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(v["rules"], "napoleons-wars");
    assert!(
        v["turns"].as_u64().is_some_and(|t| (1..=20).contains(&t)),
        "{v}"
    );
    let o = grognard(&["rules"]);
    assert!(stdout(&o).contains("napoleons-wars"), "{}", show(&o));
}

#[test]
fn files_that_are_not_plain_text_on_disk_are_refused_and_say_why() {
    let dir = TempDir::new("read");
    // A named pipe would block a reader for ever; a device never ends.
    let fifo = dir.path().join("pipe.toml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let o = grognard(&["check", fifo.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{}", show(&o));
        assert!(
            stderr(&o).contains("is a named pipe (FIFO), not a regular file"),
            "{}",
            show(&o)
        );
    }
    let o = grognard(&["check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("/dev/zero is a device, not a regular file"),
        "{}",
        show(&o)
    );
    let o = grognard(&["check", dir.arg()]);
    assert!(
        stderr(&o).contains("is a folder, not a regular file"),
        "{}",
        show(&o)
    );
    // A file past the size limit is refused before it is read.
    let big = dir.path().join("big.toml");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(9 << 20)
        .unwrap();
    let o = grognard(&["check", big.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("is 9437184 bytes, more than the 8 MiB this command reads"),
        "{}",
        show(&o)
    );
}

#[test]
fn text_that_is_not_utf8_is_refused_with_its_place() {
    let dir = TempDir::new("utf8");
    let latin1 = dir.path().join("latin1.toml");
    std::fs::write(&latin1, b"rules = \"two-by-two\"\nname = \"Caf\xe9\"\n").unwrap();
    let o = grognard(&["check", latin1.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let first = stderr(&o).lines().next().unwrap_or_default().to_string();
    assert_eq!(
        first,
        format!(
            "{}:2:12: not UTF-8 text: byte 0xE9 at byte offset 32 does not begin a UTF-8 character",
            latin1.display()
        ),
        "{}",
        show(&o)
    );
    let utf16 = dir.path().join("utf16.toml");
    let mut bytes = vec![0xFF, 0xFE];
    for c in "rules = \"two-by-two\"\n".encode_utf16() {
        bytes.extend(c.to_le_bytes());
    }
    std::fs::write(&utf16, bytes).unwrap();
    let o = grognard(&["check", utf16.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains(":1:1: the file is UTF-16 (little-endian byte-order mark), not UTF-8"),
        "{}",
        show(&o)
    );
    assert!(
        stderr(&o).contains("hint: save the file as UTF-8"),
        "{}",
        show(&o)
    );
}

#[test]
fn check_reads_a_file_by_the_rules_it_names_and_suggests_the_right_ones() {
    let oob = repo_file("scenarios/napoleons-wars/army-of-italy-1809.toml");
    // The file says rules = "napoleons-wars": no --rules needed.
    let o = grognard(&["check", &oob]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        stdout(&o).contains("an order of battle for napoleons-wars"),
        "{}",
        show(&o)
    );
    // An explicit --rules that disagrees with the file is an error at its rules line.
    let o = grognard(&["check", "--rules", "two-by-two", &oob]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains(&format!(
            "{oob}:3:9: rules: the file is for napoleons-wars, but --rules two-by-two was given"
        )),
        "{}",
        show(&o)
    );
    // Without a rules line, the shape tells; a wrong --rules gets the right one suggested.
    let dir = TempDir::new("shape");
    let bare = dir.path().join("oob.toml");
    let text = std::fs::read_to_string(&oob).unwrap();
    std::fs::write(&bare, text.replace("rules = \"napoleons-wars\"\n", "")).unwrap();
    let bare = bare.to_str().unwrap();
    let o = grognard(&["check", bare]);
    assert!(o.status.success(), "{}", show(&o));
    let o = grognard(&["check", "--rules", "two-by-two", bare]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "this is not a two-by-two file: it reads as an order of battle for napoleons-wars"
        ) && err.contains("hint: give --rules napoleons-wars"),
        "{}",
        show(&o)
    );
    // A rule set the file names but this build does not know.
    let other = dir.path().join("other.toml");
    std::fs::write(&other, "rules = \"black-powder\"\nname = \"x\"\n").unwrap();
    let o = grognard(&["check", other.to_str().unwrap()]);
    assert!(
        stderr(&o).contains(":1:9: rules: \"black-powder\" is not a rule set this build knows"),
        "{}",
        show(&o)
    );
}

#[test]
fn an_army_list_is_not_taken_for_a_scenario() {
    let list = repo_file("scenarios/two-by-two/french-40ap.toml");
    let o = grognard(&["battle", "--scenario", &list, "--seed", "1"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("is an army list for two-by-two, not a scenario"),
        "{}",
        show(&o)
    );
}

#[test]
fn batch_plays_a_scenario_file_by_the_rules_it_names() {
    for (file, rules) in [
        ("scenarios/two-by-two/ligny-skirmish.toml", "two-by-two"),
        (
            "scenarios/napoleons-wars/italy-against-germany-1809.toml",
            "napoleons-wars",
        ),
    ] {
        let s = repo_file(file);
        let o = grognard(&["batch", "--scenario", &s, "--games", "2", "--json"]);
        let j = json(&o);
        assert_eq!(j["rules"], rules);
        assert_eq!(j["games"], 2);
        assert_eq!(j["errors"], 0);
    }
    // A --rules that disagrees with the file is refused.
    let s = repo_file("scenarios/napoleons-wars/italy-against-germany-1809.toml");
    let o = grognard(&[
        "batch",
        "--scenario",
        &s,
        "--rules",
        "two-by-two",
        "--games",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o)
            .contains("rules: the file is for napoleons-wars, but --rules two-by-two was given"),
        "{}",
        show(&o)
    );
}

#[test]
fn batch_threads_are_capped_at_a_few_a_core() {
    let o = grognard(&["batch", "--games", "2", "--threads", "5000", "--json"]);
    let j = json(&o);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(j["threads"], 4 * cores as u64, "{}", show(&o));
    assert!(
        stderr(&o).contains(&format!("--threads 5000 is more than {}", 4 * cores)),
        "{}",
        show(&o)
    );
    let o = grognard(&["batch", "--games", "2", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
}

#[test]
fn battle_out_errors_name_the_path() {
    let dir = TempDir::new("out");
    // A folder where replay.json should go: the write fails, and says where.
    std::fs::create_dir_all(dir.path().join("replay.json")).unwrap();
    let o = grognard(&["battle", "--seed", "1", "--json", "--out", dir.arg()]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let wanted = format!("cannot write {}", dir.path().join("replay.json").display());
    assert!(stderr(&o).contains(&wanted), "{}", show(&o));
    // A file where the folder should be.
    let file = dir.path().join("taken");
    std::fs::write(&file, "x").unwrap();
    let o = grognard(&[
        "battle",
        "--seed",
        "1",
        "--json",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains(&format!("cannot create {}", file.display())),
        "{}",
        show(&o)
    );
}

/// Change a replay's JSON with `edit` and run `grognard replay` on it.
fn replay_edited(tag: &str, edit: impl Fn(&mut serde_json::Value)) -> Output {
    let dir = TempDir::new(tag);
    let o = grognard(&["battle", "--seed", "3", "--json", "--out", dir.arg()]);
    assert!(o.status.success(), "{}", show(&o));
    let path = dir.path().join("replay.json");
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut replay);
    std::fs::write(&path, replay.to_string()).unwrap();
    grognard(&["replay", path.to_str().unwrap()])
}

/// The index of the first step that rolled dice.
fn first_rolling_step(replay: &serde_json::Value) -> usize {
    replay["steps"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| !s["rolls"].as_array().unwrap().is_empty())
        .expect("a step with dice")
}

#[test]
fn a_replay_must_keep_every_roll() {
    // Emptied: the re-run rolls dice the replay does not record.
    let o = replay_edited("emptied", |r| {
        let i = first_rolling_step(r);
        r["steps"][i]["rolls"] = serde_json::json!([]);
    });
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let err = stderr(&o);
    assert!(err.contains("the replay records: no dice"), "{}", show(&o));
    assert!(err.contains("the re-run gives:   d6 = "), "{}", show(&o));
    // Removed: the file is not a whole replay.
    let o = replay_edited("removed", |r| {
        let i = first_rolling_step(r);
        r["steps"][i].as_object_mut().unwrap().remove("rolls");
    });
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
    assert!(stderr(&o).contains("missing field `rolls`"), "{}", show(&o));
    // A changed face is named with its field.
    let o = replay_edited("face", |r| {
        let i = first_rolling_step(r);
        let face = r["steps"][i]["rolls"][0]["face"].as_u64().unwrap();
        r["steps"][i]["rolls"][0]["face"] = serde_json::json!(face % 6 + 1);
    });
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("first difference:   rolls[0].face: "),
        "{}",
        show(&o)
    );
}

#[test]
fn a_replay_that_differs_is_told_in_words() {
    let o = replay_edited("moved", |r| {
        let steps = r["steps"].as_array_mut().unwrap();
        let step = steps
            .iter_mut()
            .find(|s| s["events"][0].get("Moved").is_some())
            .expect("a move");
        let y = step["events"][0]["Moved"]["to"]["pos"][1].as_f64().unwrap();
        step["events"][0]["Moved"]["to"]["pos"][1] = serde_json::json!(y + 0.5);
    });
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let err = stderr(&o);
    assert!(
        err.contains("the replay records: ") && err.contains(" moves to ("),
        "{}",
        show(&o)
    );
    assert!(
        err.contains("first difference:   Moved.to.pos[1]: "),
        "{}",
        show(&o)
    );
    assert!(
        !err.contains("Some(") && !err.contains("DVec2"),
        "{}",
        show(&o)
    );
}

#[test]
fn what_is_not_a_replay_exits_with_2() {
    let dir = TempDir::new("notreplay");
    for (name, text, says) in [
        ("null.json", "null", "it holds JSON null, not an object"),
        ("list.json", "[1, 2]", "it holds a JSON list, not an object"),
        ("broken.json", "{\"rules\": ", "not valid JSON"),
        ("norules.json", "{\"seed\": 1}", "it names no rule set"),
        (
            "other.json",
            "{\"rules\": \"chess\"}",
            "unknown rule set \"chess\"",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let o = grognard(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", show(&o));
        assert!(stderr(&o).contains(says), "{name}: {}", show(&o));
    }
    let o = grognard(&["replay", "/nonexistent/replay.json"]);
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
}

/// The path from history to a battle: an order of battle designed into a roster, a scenario
/// naming that roster for one side and an order of battle for the other, checked and fought.
#[test]
fn a_designed_roster_is_fought_in_a_scenario_that_names_it() {
    let dir = TempDir::new("path");
    let oob = repo_file("scenarios/napoleons-wars/army-of-italy-1809.toml");
    let o = grognard(&["design", &oob, "--out", dir.arg()]);
    assert!(o.status.success(), "{}", show(&o));
    let roster = dir.path().join("army.toml");
    let o = grognard(&["check", roster.to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        stdout(&o).contains("ok, an army roster for napoleons-wars: Army of Italy: 15 units"),
        "{}",
        show(&o)
    );
    let austrians = repo_file("scenarios/napoleons-wars/army-of-germany-1809.toml");
    let scenario = dir.path().join("battle.toml");
    std::fs::write(
        &scenario,
        format!(
            "rules = \"napoleons-wars\"\nname = \"A designed army\"\nturns = 6\n\n[[sides]]\nname = \"French\"\narmy = \"army.toml\"\nedge = \"south\"\n\n[[sides]]\nname = \"Austrians\"\narmy = {austrians:?}\nedge = \"north\"\n"
        ),
    )
    .unwrap();
    let s = scenario.to_str().unwrap();
    let o = grognard(&["check", s]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        stdout(&o).contains("\"A designed army\": French (15 units) against Austrians"),
        "{}",
        show(&o)
    );
    // No --rules: the scenario says which book it is for.
    let out = TempDir::new("path-battle");
    let o = grognard(&[
        "battle",
        "--scenario",
        s,
        "--seed",
        "4",
        "--json",
        "--out",
        out.arg(),
    ]);
    let j = json(&o);
    assert_eq!(j["rules"], "napoleons-wars");
    assert_eq!(j["sides"], serde_json::json!(["French", "Austrians"]));
    // The replay holds the scenario whole, so it re-runs without the army files.
    std::fs::remove_file(&roster).unwrap();
    let o = grognard(&["replay", out.path().join("replay.json").to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    // Without its roster, the scenario cannot be read, and says which file is missing.
    let o = grognard(&["check", s]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("sides[0].army: cannot read "),
        "{}",
        show(&o)
    );
}

/// Two army lists fought: the scenario names them, and the book's set-up procedure makes a
/// battle of them from the seed, which the replay keeps whole.
#[test]
fn army_lists_named_by_a_scenario_are_set_up_by_the_book_and_fought() {
    let s = repo_file("scenarios/two-by-two/french-against-austrians.toml");
    let dir = TempDir::new("lists");
    let o = grognard(&[
        "battle",
        "--scenario",
        &s,
        "--seed",
        "7",
        "--out",
        dir.arg(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let told = stdout(&o);
    assert!(told.contains("set-up: French: the army list "), "{told}");
    assert!(told.contains("set-up: Roll-off: French "), "{told}");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("replay.json")).unwrap())
            .unwrap();
    let sides = replay["scenario"]["sides"]
        .as_array()
        .expect("sides set up");
    assert_eq!(sides.len(), 2);
    assert!(
        replay["scenario"].get("armies").is_none(),
        "{}",
        replay["scenario"]
    );
    let o = grognard(&["replay", dir.path().join("replay.json").to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    // Another seed, another set-up of the same armies.
    let terrain = |seed: &str| {
        let d = TempDir::new("lists-seed");
        let o = grognard(&[
            "battle",
            "--scenario",
            &s,
            "--seed",
            seed,
            "--json",
            "--out",
            d.arg(),
        ]);
        assert!(o.status.success(), "{}", show(&o));
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.path().join("replay.json")).unwrap())
                .unwrap();
        r["scenario"]["terrain"].clone()
    };
    assert_ne!(terrain("7"), terrain("8"));
}

/// The README's picture is what `grognard battle --seed 3` draws now, caption and all.
#[test]
fn the_readme_picture_is_the_battle_it_names() {
    let dir = TempDir::new("readme");
    let o = grognard(&["battle", "--seed", "3", "--json", "--out", dir.arg()]);
    assert!(o.status.success(), "{}", show(&o));
    let drawn = std::fs::read_to_string(dir.path().join("battle.svg")).unwrap();
    let shown = std::fs::read_to_string(repo_file("docs/battle.svg")).unwrap();
    assert!(
        drawn == shown,
        "docs/battle.svg is not what `grognard battle --seed 3` draws now; refresh it with\n  cargo run --release -p grognard-cli -- battle --seed 3 --out /tmp/seed3 && cp /tmp/seed3/battle.svg docs/battle.svg"
    );
    assert!(shown.contains("grognard battle --rules two-by-two --seed 3 --players ai:ai"));
    let readme = std::fs::read_to_string(repo_file("README.md")).unwrap();
    assert!(readme.contains("![A battle at its end](docs/battle.svg)"));
    assert!(readme.contains("The last turn of `grognard battle --seed 3`."));
}

/// Every command of the README's section for table-top players runs as written, and every
/// line of output it quotes is what the command before it prints now.
#[test]
fn the_readme_table_top_commands_give_what_it_quotes() {
    let (ran, quoted) = readme_commands_give_what_it_quotes("## At the table");
    assert!(ran >= 8 && quoted >= 10, "{ran} commands, {quoted} lines");
}

#[test]
fn the_readme_balance_matrix_is_what_its_command_prints() {
    let (ran, quoted) = readme_commands_give_what_it_quotes("## Balance of army lists");
    assert!(ran == 1 && quoted >= 5, "{ran} commands, {quoted} lines");
}

/// Run every command of a section of the README (its `sh` blocks) and find each line it
/// quotes (its `text` blocks) in what the commands before the quote printed.
fn readme_commands_give_what_it_quotes(title: &str) -> (usize, usize) {
    let readme = std::fs::read_to_string(repo_file("README.md")).unwrap();
    let start = readme.find(title).expect("the section");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let bin = env!("CARGO_BIN_EXE_grognard");
    let mut printed = String::new();
    let (mut ran, mut quoted) = (0, 0);
    let blocks = section.split("```").skip(1).step_by(2);
    for block in blocks {
        let (kind, body) = block.split_once('\n').unwrap_or((block, ""));
        match kind.trim() {
            "sh" => {
                printed.clear();
                for line in body.lines().filter(|l| !l.trim().is_empty()) {
                    let line = line.replace("grognard ", &format!("{bin} "));
                    let o = Command::new("sh")
                        .args(["-c", &line])
                        .current_dir(repo_file(""))
                        .output()
                        .unwrap();
                    assert!(o.status.success(), "{line}\n{}", show(&o));
                    printed.push_str(&stdout(&o));
                    ran += 1;
                }
            }
            "text" => {
                for line in body.lines().filter(|l| !l.trim().is_empty()) {
                    assert!(
                        printed.lines().any(|p| p == line),
                        "the README quotes {line:?}, which its command no longer prints:\n{printed}"
                    );
                    quoted += 1;
                }
            }
            other => panic!("a block of {other:?} in the section"),
        }
    }
    (ran, quoted)
}

/// `docs/files/` holds each book's file reference as `grognard reference` makes it from the
/// types, so the page can neither miss a key nor keep one that is gone.
#[test]
fn the_file_references_in_docs_are_what_the_types_say() {
    for rules in [
        "two-by-two",
        "napoleons-wars",
        "beer-and-pretzel",
        "burt",
        "fire-and-fury",
    ] {
        let o = grognard(&["reference", "--rules", rules]);
        assert!(o.status.success(), "{}", show(&o));
        let made = stdout(&o);
        let kept = std::fs::read_to_string(repo_file(&format!("docs/files/{rules}.md")))
            .unwrap_or_default();
        assert!(
            made == kept,
            "docs/files/{rules}.md is not what the types say; refresh it with\n  cargo run -p grognard-cli -- reference --rules {rules} > docs/files/{rules}.md"
        );
        assert!(made.contains("# Scenario files"), "{made}");
    }
}

#[test]
fn design_names_a_file_that_is_not_an_order_of_battle() {
    let scenario = repo_file("scenarios/napoleons-wars/italy-against-germany-1809.toml");
    let o = grognard(&["design", &scenario]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("is a scenario for napoleons-wars, not an order of battle"),
        "{}",
        show(&o)
    );
    let list = repo_file("scenarios/two-by-two/french-40ap.toml");
    let o = grognard(&["design", &list]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains(&format!(
            "{list}:10:9: rules: this file is for two-by-two; `grognard design` reads orders of battle of napoleons-wars"
        )),
        "{}",
        show(&o)
    );
}

#[test]
fn odds_lists_the_rolls_and_the_facts_each_takes() {
    let o = grognard(&["odds", "--list"]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        stdout(&o).contains("rally              Rally (1d6)"),
        "{}",
        show(&o)
    );
    let o = grognard(&["odds", "rally", "--help"]);
    assert!(o.status.success(), "{}", show(&o));
    let text = stdout(&o);
    assert!(
        text.contains("unit.status    one of ready, pinned, disrupted; default pinned"),
        "{text}"
    );
    assert!(
        text.contains("enemy_near     yes or no; default no"),
        "{text}"
    );
    let o = grognard(&["odds", "--rules", "napoleons-wars", "--list"]);
    assert!(stdout(&o).contains("maneuver"), "{}", show(&o));
}

#[test]
fn odds_give_every_outcome_as_a_fraction_and_a_percentage() {
    let o = grognard(&[
        "odds",
        "rally",
        "unit.status=disrupted",
        "hq_in_contact=yes",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let text = stdout(&o);
    assert!(
        text.contains(
            "  +1  HQ in base-to-base contact [2x2 Rally modifiers]\n  -1  Disrupted [2x2 Rally modifiers]"
        ),
        "{text}"
    );
    assert!(
        text.contains("2/3   66.667%  fails to rally: stays Disrupted"),
        "{text}"
    );
    assert!(
        text.contains("1/3   33.333%  rallies: no longer Disrupted"),
        "{text}"
    );
    let o = grognard(&["odds", "--rules", "napoleons-wars", "maneuver", "--json"]);
    let j = json(&o);
    assert_eq!(j["roll"], "maneuver");
    // Each modifier names the section that lists it.
    assert_eq!(
        j["modifiers"],
        serde_json::json!([{"value": 2, "reason": "unit is Fresh", "section": "NW Maneuver table modifiers"}])
    );
    let full = j["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["outcome"] == "full move allowed")
        .unwrap();
    assert_eq!(
        (full["numerator"].as_u64(), full["denominator"].as_u64()),
        (Some(5), Some(12))
    );
}

#[test]
fn odds_facts_may_come_from_a_file() {
    let dir = TempDir::new("situation");
    let toml = dir.path().join("rally.toml");
    std::fs::write(
        &toml,
        "hq_in_contact = true\n[unit]\nstatus = \"disrupted\"\n",
    )
    .unwrap();
    let o = grognard(&["odds", "rally", "--situation", toml.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("1/3   33.333%  rallies"),
        "{}",
        show(&o)
    );
    // The command line wins over the file.
    let o = grognard(&[
        "odds",
        "rally",
        "--situation",
        toml.to_str().unwrap(),
        "hq_in_contact=no",
    ]);
    assert!(
        stdout(&o).contains("1/6   16.667%  rallies"),
        "{}",
        show(&o)
    );
    let json_file = dir.path().join("rally.json");
    std::fs::write(
        &json_file,
        "{\"unit\": {\"kind\": \"guards\", \"status\": \"pinned\"}}",
    )
    .unwrap();
    let o = grognard(&["odds", "rally", "--situation", json_file.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("1/2   50.000%  rallies"),
        "{}",
        show(&o)
    );
}

#[test]
fn bad_situations_are_refused_naming_the_fact() {
    for (args, says) in [
        (
            &["odds", "volley"][..],
            "two-by-two has no roll called \"volley\"",
        ),
        (
            &["odds", "rally", "markr=pinned"],
            "rally: markr: unknown fact `markr`, expected one of",
        ),
        (
            &["odds", "rally", "unit.status=shaken"],
            "rally: unit.status: unknown variant `shaken`, expected one of `ready`, `pinned`, `disrupted`",
        ),
        (
            &["odds", "rally", "enemy_near=perhaps"],
            "enemy_near is yes or no",
        ),
        (
            &["odds", "rally", "enemy_near=yes"],
            "rally: enemy_near: the book bars this rally",
        ),
        (
            &["odds", "rally", "unit"],
            "\"unit\" is not a fact: facts are written key=value",
        ),
        (
            &[
                "odds",
                "--rules",
                "napoleons-wars",
                "maneuver",
                "cinc_near=9",
            ],
            "maneuver: cinc_near: a presence of 9",
        ),
        (&["odds"], "name the roll to give the odds of"),
    ] {
        let o = grognard(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", show(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", show(&o));
        assert!(stderr(&o).contains("hint: "), "{args:?}: {}", show(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", show(&o));
    }
}

#[test]
fn resolve_reads_dice_thrown_by_hand_and_checks_them() {
    let o = grognard(&["resolve", "rally", "unit.status=disrupted", "--dice", "5"]);
    assert!(o.status.success(), "{}", show(&o));
    assert_eq!(
        stdout(&o),
        "die 5, -1 Disrupted = 4 (row 4 or less): fails to rally [2x2 Rallying]\nOutcome: fails to rally: stays Disrupted\n"
    );
    let o = grognard(&[
        "resolve",
        "--rules",
        "napoleons-wars",
        "maneuver",
        "--dice",
        "6,5",
    ]);
    assert!(
        stdout(&o).contains("dice 6+5, +2 unit is Fresh = 13"),
        "{}",
        show(&o)
    );
    for (dice, says) in [
        ("4,3", "rally: 1 die is thrown (d6 for rally); 2 given"),
        (
            "7",
            "rally: die 1 is a d6 for rally: 7 is not one of its faces",
        ),
        ("x", "--dice: \"x\" is not a die's face"),
    ] {
        let o = grognard(&["resolve", "rally", "--dice", dice]);
        assert_eq!(o.status.code(), Some(1), "{dice}: {}", show(&o));
        assert!(stderr(&o).contains(says), "{dice}: {}", show(&o));
    }
    let o = grognard(&[
        "resolve",
        "--rules",
        "napoleons-wars",
        "maneuver",
        "--dice",
        "6",
    ]);
    assert!(
        stderr(&o).contains("2 dice are thrown (d6 for maneuver, d6 for maneuver); 1 given"),
        "{}",
        show(&o)
    );
    // Thrown here: the same seed, the same throw.
    let a = grognard(&["resolve", "rally", "--seed", "9"]);
    let b = grognard(&["resolve", "rally", "--seed", "9"]);
    assert!(a.status.success(), "{}", show(&a));
    assert_eq!(stdout(&a), stdout(&b));
}

/// The odds of a roll made in a battle, from the position it was made in: the first
/// maneuver roll of a "Napoleon's Wars" battle, and a step that throws no dice.
#[test]
fn odds_of_a_roll_made_at_a_step_of_a_replay() {
    let dir = TempDir::new("replay-odds");
    let o = grognard(&[
        "battle",
        "--rules",
        "napoleons-wars",
        "--seed",
        "3",
        "--json",
        "--out",
        dir.arg(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let path = dir.path().join("replay.json");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let steps = replay["steps"].as_array().unwrap();
    let roll = steps
        .iter()
        .position(|s| s["command"]["command"] == "roll")
        .expect("a maneuver roll");
    let file = path.to_str().unwrap();
    let o = grognard(&[
        "odds",
        "--replay",
        file,
        "--step",
        &roll.to_string(),
        "--json",
    ]);
    let j = json(&o);
    assert_eq!(j["roll"], "maneuver");
    assert_eq!(j["step"], roll);
    assert_eq!(j["thrown"], steps[roll]["rolls"]);
    let total: f64 = j["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["percent"].as_f64().unwrap())
        .sum();
    assert!((total - 100.0).abs() < 1e-9, "{total}");
    let quiet = steps
        .iter()
        .position(|s| s["rolls"].as_array().is_some_and(|r| r.is_empty()))
        .expect("a step that throws no dice")
        .to_string();
    let o = grognard(&["odds", "--replay", file, "--step", &quiet]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(stderr(&o).contains("throws no dice"), "{}", show(&o));
    let o = grognard(&["odds", "--replay", file, "--step", "999999"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        stderr(&o).contains("there is no step 999999"),
        "{}",
        show(&o)
    );
}

#[test]
fn completions_cover_every_command() {
    for shell in ["bash", "zsh", "fish"] {
        let o = grognard(&["completions", shell]);
        assert!(o.status.success(), "{}", show(&o));
        let text = stdout(&o);
        for cmd in ["battle", "odds", "resolve", "replay", "design"] {
            assert!(text.contains(cmd), "{shell}: no {cmd}");
        }
    }
}

/// Run `grognard companion` with `lines` piped to it.
fn companion(args: &[&str], lines: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .arg("companion")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the companion starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(lines.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_companion_keeps_units_states_as_results_come_in() {
    let o = companion(
        &[],
        "unit \"IR 31\" kind=line status=disrupted\n\
         rally unit=\"IR 31\" hq_in_contact=yes\n\
         5\n\
         units\n\
         quit\n",
    );
    assert!(o.status.success(), "{}", show(&o));
    let text = stdout(&o);
    assert!(text.contains("IR 31: kind=line status=disrupted"), "{text}");
    assert!(
        text.contains("1/3   33.333%  rallies: no longer Disrupted"),
        "{text}"
    );
    assert!(
        text.contains("die 5, +1 HQ in base-to-base contact, -1 Disrupted = 5 (row 5+): rallies [2x2 Rallying]"),
        "{text}"
    );
    assert!(text.contains("IR 31: status=ready"), "{text}");
    assert!(text.contains("  IR 31: kind=line status=ready"), "{text}");
}

#[test]
fn the_companion_takes_a_roll_asked_in_plain_words() {
    let o = companion(
        &[],
        "unit \"IR 31\" kind=line status=disrupted\n\
         rally IR 31, with hq_in_contact\n\
         \n\
         rally IR 31 IR 31\n\
         rally IR 31 downhill\n",
    );
    let text = stdout(&o);
    // The unit fills the roll's one role; the fact's name alone says it holds.
    assert!(text.contains("unit: IR 31"), "{text}");
    assert!(
        text.contains("1/3   33.333%  rallies: no longer Disrupted"),
        "{text}"
    );
    assert!(
        text.contains("IR 31 is one unit too many: rally takes unit"),
        "{text}"
    );
    assert!(
        text.contains("\"downhill\" is no unit, fact or value of rally"),
        "{text}"
    );
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
}

#[test]
fn the_companion_casts_several_units_into_a_list_role() {
    let o = companion(
        &["--rules", "napoleons-wars"],
        "unit \"1st Foot\" arm=artillery guns=Heavy\n\
         unit \"2nd Horse\" arm=artillery guns=Light horse=yes\n\
         unit \"IR 31\" arm=infantry sp=5\n\
         unit Jagers sk=2\n\
         unit Voltigeurs sk=1\n\
         artillery \"1st Foot\" \"2nd Horse\" at \"IR 31\" batteries.1.range=canister\n\
         skirmish\n\
         skirmish Jagers Voltigeurs at \"IR 31\"\n\
         3,4,2,2\n\
         skirmish \"1st Foot\" at \"IR 31\"\n\
         units\n",
    );
    let text = stdout(&o);
    // The batteries are the list's entries in the order named; the last unit the target.
    assert!(
        text.contains(
            "batteries.0.battery: 1st Foot\nbatteries.1.battery: 2nd Horse\ntarget: IR 31"
        ),
        "{text}"
    );
    assert!(text.contains("batteries.0.battery.guns=Heavy"), "{text}");
    assert!(text.contains("batteries.1.battery.horse=yes"), "{text}");
    assert!(text.contains("batteries.1.range=canister"), "{text}");
    assert!(text.contains("target.sp=5"), "{text}");
    // A roll's name in place of dice leaves the roll unmade.
    assert!(text.contains("Not rolled."), "{text}");
    // A list of values takes the one fact of each unit that it holds.
    assert!(
        text.contains("skirmishers.0: Jagers\nskirmishers.1: Voltigeurs\ntarget: IR 31"),
        "{text}"
    );
    assert!(text.contains("skirmishers.0=2 skirmishers.1=1"), "{text}");
    assert!(text.contains("IR 31: disordered=yes sp=4"), "{text}");
    // A unit whose record lacks the fact is refused, naming it.
    assert!(
        text.contains("1st Foot cannot stand as skirmishers in skirmish: its record has no `sk`"),
        "{text}"
    );
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
}

#[test]
fn the_companion_refuses_a_bad_line_and_goes_on() {
    let o = companion(
        &[],
        "unit \"IR 31\" kind=lnie\n\
         unit \"IR 31\" kind=line status=pinned\n\
         rally unit=Nobody\n\
         rally unit=IR\n\
         7\n\
         4\n\
         frobnicate\n",
    );
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let text = stdout(&o);
    assert!(text.contains("kind: unknown variant `lnie`"), "{text}");
    assert!(text.contains("no unit is named \"Nobody\""), "{text}");
    // A unit is found by the start of its name; a face off the die is asked for again.
    assert!(
        text.contains("rally: die 1 is a d6 for rally: 7 is not one of its faces"),
        "{text}"
    );
    assert!(
        text.contains("die 4 = 4 (row 4 or less): fails to rally"),
        "{text}"
    );
    assert!(
        text.contains("\"frobnicate\" is no command and no roll of this book"),
        "{text}"
    );
    assert!(
        !text.contains("panicked") && !stderr(&o).contains("panicked"),
        "{}",
        show(&o)
    );
}

#[test]
fn balance_pairs_every_list_and_draws_the_matrix() {
    let dir = TempDir::new("balance");
    let svg = dir.path().join("balance.svg");
    let csv = dir.path().join("balance.csv");
    let o = grognard(&[
        "balance",
        "--lists",
        "French,British",
        "--games",
        "4",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
        "--records",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let j = json(&o);
    assert_eq!(j["lists"], serde_json::json!(["French", "British"]));
    let cells = j["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2);
    // Each pairing is played once: the French record against the British is the British
    // record against the French, turned round.
    let fb = &cells[0][1];
    let bf = &cells[1][0];
    assert_eq!(fb["list"], "French");
    assert_eq!(fb["against"], "British");
    assert_eq!(fb["wins"], bf["losses"]);
    assert_eq!(fb["losses"], bf["wins"]);
    assert_eq!(fb["draws"], bf["draws"]);
    for row in cells {
        for c in row.as_array().unwrap() {
            let n = c["wins"].as_u64().unwrap()
                + c["losses"].as_u64().unwrap()
                + c["draws"].as_u64().unwrap();
            assert_eq!(n, 4, "{c}");
            let (low, rate, high) = (
                c["low"].as_f64().unwrap(),
                c["rate"].as_f64().unwrap(),
                c["high"].as_f64().unwrap(),
            );
            assert!(low <= rate && rate <= high, "{c}");
        }
    }
    // Three pairings (French-French, French-British, British-British), four battles each.
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 12, "{text}");
    assert!(lines[0].starts_with("battle,seed,side_0,side_1,player_0,player_1,winner"));
    assert!(lines[1..]
        .iter()
        .all(|l| l.contains("French") || l.contains("British")));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg"), "{picture}");
    for words in [
        "Turns a battle lasted",
        "Units a side lost",
        "French",
        "British",
    ] {
        assert!(picture.contains(words), "{words} missing from the picture");
    }
    // A book without lists of its own says so.
    let o = grognard(&["balance", "--rules", "napoleons-wars"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no army lists"),
        "{}",
        show(&o)
    );
    let o = grognard(&["balance", "--lists", "French,Prussian", "--games", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("\"Prussian\" is no army list"),
        "{}",
        show(&o)
    );
}

#[test]
fn batch_writes_a_record_of_each_battle() {
    let dir = TempDir::new("records");
    let path = dir.path().join("battles.jsonl");
    let o = grognard(&[
        "batch",
        "--games",
        "3",
        "--players",
        "ai:random",
        "--json",
        "--records",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let summary = json(&o);
    let text = std::fs::read_to_string(&path).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    let commands: u64 = records
        .iter()
        .map(|r| r["commands"].as_u64().unwrap())
        .sum();
    assert_eq!(summary["commands"], commands);
    // The report by side name: every side of every battle counted once, every win once.
    let sides = summary["sides"].as_array().unwrap();
    let fought: u64 = sides.iter().map(|s| s["battles"].as_u64().unwrap()).sum();
    let won: u64 = sides.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(fought, 6, "{summary}");
    let decided = records.iter().filter(|r| r["winner"] != "").count() as u64;
    assert_eq!(won, decided, "{summary}");
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["battle"], i as u64);
        // Player A takes side 0 in even battles.
        let a = if i % 2 == 0 { 0 } else { 1 };
        assert_eq!(r["players"][a], "ai", "{r}");
        assert_eq!(r["players"][1 - a], "random", "{r}");
        let winner = r["winner"].as_str().unwrap();
        assert!(
            winner.is_empty() || r["sides"].as_array().unwrap().iter().any(|s| s == winner),
            "{r}"
        );
        assert!(r["turns"].as_u64().unwrap() > 0, "{r}");
    }
}

// A replay carries the version of its book's play. One written before versions were (no
// `version`) is of version 1: "2 by 2" still plays it, "Napoleon's Wars", whose play has
// changed since, refuses it and says why.
#[test]
fn a_replay_of_an_older_version_of_the_rules_is_refused() {
    let o = replay_edited("unversioned", |r| {
        assert_eq!(r["version"], 1);
        r.as_object_mut().unwrap().remove("version");
    });
    assert!(o.status.success(), "{}", show(&o));
    let dir = TempDir::new("nw-version");
    let o = grognard(&[
        "battle",
        "--rules",
        "napoleons-wars",
        "--seed",
        "3",
        "--json",
        "--out",
        dir.arg(),
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let path = dir.path().join("replay.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut replay: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(replay["version"], 3);
    let o = grognard(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", show(&o));
    replay.as_object_mut().unwrap().remove("version");
    std::fs::write(&path, replay.to_string()).unwrap();
    let o = grognard(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
    assert!(
        stderr(&o).contains(
            "a replay of version 1 of the napoleons-wars rules, and this build plays version 3"
        ),
        "{}",
        show(&o)
    );
}

#[test]
fn balance_pairs_army_files_of_the_players_own() {
    let french = repo_file("scenarios/two-by-two/french-40ap.toml");
    let austrian = repo_file("scenarios/two-by-two/austrian-40ap.toml");
    let both = format!("{french},{austrian}");
    let o = grognard(&["balance", "--armies", &both, "--games", "4", "--json"]);
    assert!(o.status.success(), "{}", show(&o));
    let j = json(&o);
    assert_eq!(
        j["lists"],
        serde_json::json!(["french-40ap", "austrian-40ap"])
    );
    assert_eq!(j["cells"][0][1]["wins"], j["cells"][1][0]["losses"]);
    // A bad army file is refused with its place, once.
    let dir = TempDir::new("bad-army");
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "rules = \"two-by-two\"\nnation = \"french\"\npoints = 40\nmuskets = 3\n",
    )
    .unwrap();
    let pair = format!("{french},{}", bad.display());
    let o = grognard(&["balance", "--armies", &pair, "--games", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("bad.toml:4:1: muskets").count(), 1, "{err}");
}

#[test]
fn batch_sets_up_two_army_files_of_the_players_own() {
    let french = repo_file("scenarios/two-by-two/french-40ap.toml");
    let austrian = repo_file("scenarios/two-by-two/austrian-40ap.toml");
    let o = grognard(&[
        "batch",
        "--armies",
        &format!("{french},{austrian}"),
        "--games",
        "4",
        "--json",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let j = json(&o);
    let names: Vec<&str> = j["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["French", "Austrian"], "{j}");
    assert!(j["sides"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["battles"] == 4));
    let o = grognard(&["batch", "--armies", &french, "--games", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("one army file for each side, and 1 was given"),
        "{}",
        show(&o)
    );
}

#[test]
fn napoleons_wars_armies_of_the_players_own_meet_on_the_built_in_field() {
    let italy = repo_file("scenarios/napoleons-wars/army-of-italy-1809.toml");
    let germany = repo_file("scenarios/napoleons-wars/army-of-germany-1809.toml");
    let o = grognard(&[
        "balance",
        "--rules",
        "napoleons-wars",
        "--armies",
        &format!("{italy},{germany}"),
        "--games",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let j = json(&o);
    assert_eq!(
        j["lists"],
        serde_json::json!(["army-of-italy-1809", "army-of-germany-1809"])
    );
    // In a mirror each side is named for its edge.
    let o = grognard(&[
        "batch",
        "--rules",
        "napoleons-wars",
        "--armies",
        &format!("{italy},{italy}"),
        "--games",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let names: Vec<String> = json(&o)["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        ["army-of-italy-1809 (south)", "army-of-italy-1809 (north)"]
    );
    // A file that is no army is refused in its own name.
    let dir = TempDir::new("bad-roster");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "rules = \"napoleons-wars\"\nbogus = 1\n").unwrap();
    let o = grognard(&[
        "batch",
        "--rules",
        "napoleons-wars",
        "--armies",
        &format!("{italy},{}", bad.display()),
        "--games",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", show(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("bad.toml:1:1: this is neither an army roster nor an order of battle"),
        "{}",
        show(&o)
    );
}

// "Beer and Pretzel" through the table companion's interface: the odds of a flank charge by
// a cavalry regiment on a battalion (48 points against 24: the cavalry loses only on a 1
// against a 3 or more, or a 2 against a 5 or 6, with drawn throws thrown again: 9 in 11),
// and a session naming the units and taking the dice thrown.
#[test]
fn beer_and_pretzel_odds_and_the_companion() {
    let o = grognard(&[
        "odds",
        "--rules",
        "beer-and-pretzel",
        "melee",
        "attacker.kind=line_cavalry",
        "attacker.figures=8",
        "defender.figures=12",
        "flank_or_rear=yes",
    ]);
    assert!(o.status.success(), "{}", show(&o));
    assert!(
        stdout(&o)
            .contains("9/11   81.818%  the attacker wins: the defender loses 3 figures and routs"),
        "{}",
        show(&o)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .args(["companion", "--rules", "beer-and-pretzel"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"unit \"1/21e\" kind=line_infantry figures=12\nunit Uhlans kind=line_cavalry figures=8\nmelee attacker=Uhlans defender=\"1/21e\" flank_or_rear=yes\n5,2\nunits\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("240 [B&P Melee Combat]"), "{text}");
    assert!(
        text.contains("  1/21e: kind=line_infantry figures=9"),
        "{text}"
    );
}

/// A file of tables with an empty provenance (line 2, column 14), in `dir`.
fn bad_tables_file(dir: &std::path::Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let bad = dir.join("bad-tables.toml");
    std::fs::write(
        &bad,
        "[leader_casualty]\nprovenance = \" \"\ncasualty_at_or_below = 1\ncharismatic = -2\n",
    )
    .unwrap();
    bad
}

/// The bad tables file was refused with its place and field.
fn refused_at_its_place(o: &std::process::Output) {
    assert_eq!(o.status.code(), Some(1), "{}", show(o));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("bad-tables.toml:2:14: leader_casualty.provenance"),
        "{}",
        show(o)
    );
}

/// A player who owns the published tables of "Napoleonic Fire & Fury" plays on them with
/// `--tables FILE`: the results say whose tables they come from; a bad file is refused
/// with its place; a book without tables of its own refuses the flag.
#[test]
fn battle_plays_on_a_players_own_tables() {
    let own = repo_file("crates/rules-fire-and-fury/tests/tables/alternative.toml");
    let o = grognard(&[
        "battle",
        "--rules",
        "fire-and-fury",
        "--seed",
        "2",
        "--tables",
        &own,
    ]);
    assert!(o.status.success(), "{}", show(&o));
    let told = stdout(&o);
    assert!(told.contains("[the player's own copy]"), "{told}");
    assert!(
        !told.contains("Grognard's table, not the published one"),
        "{told}"
    );
    let dir = std::env::temp_dir().join("grognard-tables-test");
    let bad = bad_tables_file(&dir);
    let o = grognard(&[
        "battle",
        "--rules",
        "fire-and-fury",
        "--seed",
        "2",
        "--tables",
        bad.to_str().unwrap(),
    ]);
    refused_at_its_place(&o);
    let o = grognard(&["battle", "--rules", "burt", "--seed", "2", "--tables", &own]);
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
}

/// `grognard batch --tables FILE` plays every battle on the player's own tables: the same
/// seeds give other battles than on the book's tables; a bad file is refused with its place
/// before any battle; a book without tables of its own refuses the flag.
#[test]
fn batch_plays_on_a_players_own_tables() {
    let own = repo_file("crates/rules-fire-and-fury/tests/tables/alternative.toml");
    let dir = std::env::temp_dir().join("grognard-batch-tables-test");
    std::fs::create_dir_all(&dir).unwrap();
    let records = |name: &str, tables: Option<&str>| {
        let path = dir.join(name);
        let path = path.to_str().unwrap().to_string();
        let mut args = vec![
            "batch",
            "--rules",
            "fire-and-fury",
            "--games",
            "4",
            "--seed",
            "3",
            "--players",
            "random:random",
            "--json",
            "--records",
            &path,
        ];
        if let Some(t) = tables {
            args.extend(["--tables", t]);
        }
        let o = grognard(&args);
        assert!(o.status.success(), "{}", show(&o));
        // Every column but the time each battle took.
        std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(head, _)| head).to_string())
            .collect::<Vec<_>>()
    };
    let book = records("book.csv", None);
    let again = records("book-again.csv", None);
    let own_tables = records("own.csv", Some(&own));
    assert_eq!(book, again, "the same seeds give the same battles");
    assert_eq!(own_tables.len(), book.len());
    assert_ne!(own_tables, book, "the player's tables change the battles");
    let bad = bad_tables_file(&dir);
    let o = grognard(&[
        "batch",
        "--rules",
        "fire-and-fury",
        "--games",
        "2",
        "--tables",
        bad.to_str().unwrap(),
    ]);
    refused_at_its_place(&o);
    let o = grognard(&["batch", "--rules", "burt", "--games", "2", "--tables", &own]);
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
}
