//! Where games are kept: an SQLite file holding each game's book, seed, scenario, seats and
//! every command given, in order. A game is its scenario, its seed and its commands; the
//! server makes it again from them after a restart, and a command is written (and the
//! write made durable) before the seat that gave it is told it was carried out.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A game as it is kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub id: i64,
    pub rules: String,
    pub seed: u64,
    /// The scenario, as the book's own JSON.
    pub scenario: serde_json::Value,
    /// Who plays each side: "person", "ai" or "random".
    pub players: [String; 2],
    /// Each person's seat token; none for a machine's side.
    pub tokens: [Option<String>; 2],
    /// Whether a person playing a machine may take orders back past dice thrown.
    pub free_takeback: bool,
    /// The commands given so far, each with the side that gave it, as the book's JSON.
    pub commands: Vec<(u8, serde_json::Value)>,
}

pub struct Store {
    db: Connection,
}

#[derive(Debug, thiserror::Error)]
#[error("the game store: {0}")]
pub struct StoreError(#[from] rusqlite::Error);

impl Store {
    /// Open (or create) the store in `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::on(Connection::open(path)?)
    }

    /// A store that lasts as long as the process (for tests and trials).
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::on(Connection::open_in_memory()?)
    }

    fn on(db: Connection) -> Result<Store, StoreError> {
        // Write-ahead logging with a full sync at every commit: a command acknowledged is
        // on the disk, whatever happens to the process after.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "FULL")?;
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                id INTEGER PRIMARY KEY,
                rules TEXT NOT NULL,
                seed INTEGER NOT NULL,
                scenario TEXT NOT NULL,
                player0 TEXT NOT NULL,
                player1 TEXT NOT NULL,
                token0 TEXT UNIQUE,
                token1 TEXT UNIQUE,
                created TEXT NOT NULL DEFAULT (datetime('now')),
                free_takeback INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE IF NOT EXISTS commands (
                game INTEGER NOT NULL REFERENCES games(id),
                seq INTEGER NOT NULL,
                side INTEGER NOT NULL,
                command TEXT NOT NULL,
                PRIMARY KEY (game, seq)
            );",
        )?;
        // A store made before games had a take-back option gains it, off for every game.
        let has_takeback: bool = db.query_row(
            "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'free_takeback'",
            [],
            |r| r.get::<_, i64>(0).map(|n| n > 0),
        )?;
        if !has_takeback {
            db.execute_batch(
                "ALTER TABLE games ADD COLUMN free_takeback INTEGER NOT NULL DEFAULT 0",
            )?;
        }
        Ok(Store { db })
    }

    /// Keep a new game; its id.
    pub fn create(
        &mut self,
        rules: &str,
        seed: u64,
        scenario: &serde_json::Value,
        players: &[String; 2],
        tokens: &[Option<String>; 2],
        free_takeback: bool,
    ) -> Result<i64, StoreError> {
        self.db.execute(
            "INSERT INTO games (rules, seed, scenario, player0, player1, token0, token1,
                                free_takeback)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                rules,
                // SQLite integers are signed: the seed keeps its bits.
                seed as i64,
                scenario.to_string(),
                players[0],
                players[1],
                tokens[0],
                tokens[1],
                free_takeback
            ],
        )?;
        Ok(self.db.last_insert_rowid())
    }

    /// Keep command number `seq` of a game. A number already kept is refused, so no command
    /// is ever kept twice.
    pub fn append(
        &mut self,
        game: i64,
        seq: usize,
        side: u8,
        command: &serde_json::Value,
    ) -> Result<(), StoreError> {
        self.append_all(game, seq, &[(side, command.clone())])
    }

    /// Keep several commands of a game at once, from number `first` on, in one
    /// transaction: all are kept or none.
    pub fn append_all(
        &mut self,
        game: i64,
        first: usize,
        commands: &[(u8, serde_json::Value)],
    ) -> Result<(), StoreError> {
        let tx = self.db.transaction()?;
        {
            let mut q = tx.prepare(
                "INSERT INTO commands (game, seq, side, command) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, (side, command)) in commands.iter().enumerate() {
                q.execute(params![game, (first + i) as i64, side, command.to_string()])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Forget the commands of a game from number `from` on (orders taken back).
    pub fn truncate(&mut self, game: i64, from: usize) -> Result<(), StoreError> {
        self.db.execute(
            "DELETE FROM commands WHERE game = ?1 AND seq >= ?2",
            params![game, from as i64],
        )?;
        Ok(())
    }

    /// Every game kept, in the order they were made.
    pub fn ids(&self) -> Result<Vec<i64>, StoreError> {
        let mut q = self.db.prepare("SELECT id FROM games ORDER BY id")?;
        let ids = q.query_map([], |r| r.get(0))?;
        Ok(ids.collect::<Result<Vec<i64>, _>>()?)
    }

    /// The game a seat token belongs to, and the side it seats.
    pub fn seat(&self, token: &str) -> Result<Option<(i64, u8)>, StoreError> {
        Ok(self
            .db
            .query_row(
                "SELECT id, CASE WHEN token0 = ?1 THEN 0 ELSE 1 END FROM games
                 WHERE token0 = ?1 OR token1 = ?1",
                params![token],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// One game, with its commands.
    pub fn load(&self, id: i64) -> Result<Option<Kept>, StoreError> {
        let head = self
            .db
            .query_row(
                "SELECT rules, seed, scenario, player0, player1, token0, token1, free_takeback
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        [r.get::<_, String>(3)?, r.get::<_, String>(4)?],
                        [
                            r.get::<_, Option<String>>(5)?,
                            r.get::<_, Option<String>>(6)?,
                        ],
                        r.get::<_, bool>(7)?,
                    ))
                },
            )
            .optional()?;
        let Some((rules, seed, scenario, players, tokens, free_takeback)) = head else {
            return Ok(None);
        };
        let mut q = self
            .db
            .prepare("SELECT side, command FROM commands WHERE game = ?1 ORDER BY seq")?;
        let commands = q
            .query_map(params![id], |r| {
                Ok((r.get::<_, u8>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let json = |text: &str| serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
        Ok(Some(Kept {
            id,
            rules,
            seed: seed as u64,
            scenario: json(&scenario),
            players,
            tokens,
            free_takeback,
            commands: commands.iter().map(|(s, c)| (*s, json(c))).collect(),
        }))
    }
}
