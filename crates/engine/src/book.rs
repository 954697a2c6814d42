//! What the command line (or a server) needs of a rule set beyond play: its built-in
//! battle, reading the files people write, and how complete it is.

use crate::files::{FileError, Header, Includes, Problem};
use crate::resolution::AnyResolution;
use crate::Ruleset;

/// A scenario set up from files, with the set-up's log, or the files' problems.
pub type SetUpFrom<S> = Result<(S, Vec<String>), Vec<FileError>>;

/// A checked file, described for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// "scenario", "army list", ...
    pub kind: String,
    pub summary: String,
}

/// How a book reads and checks the files people write for it. A book whose only file is
/// a scenario gets all of it from its scenario's [`ScenarioFile`].
pub trait Files: Ruleset {
    /// Read and check a scenario file, reading the files it names through `includes`, and
    /// set up what the scenario leaves to the book's set-up procedure with `seed`. Returns
    /// the scenario ready to play, with notes on how it was set up.
    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        includes: &dyn Includes,
        seed: u64,
    ) -> Result<(Self::Scenario, Vec<String>), Vec<FileError>>;
    /// Problems with a scenario that arrived already parsed (inside a replay, say).
    fn scenario_problems(&self, scenario: &Self::Scenario) -> Vec<String>;
    /// The kind of file ("scenario", "army list", ...) a document of this shape is to this
    /// rule set, judged from its top-level keys; `None` if it is none of this book's files.
    fn file_kind(&self, header: &Header) -> Option<&'static str>;
    /// Check any file of this rule set (scenario, army list, ...), reading it as the kind
    /// [`Files::file_kind`] names (a scenario when it names none).
    fn check_file(
        &self,
        file: &str,
        text: &str,
        includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>>;
    /// Each kind of file this rule set reads (as [`Files::file_kind`] names it), with the
    /// JSON schema of the type that reads it, for reference pages and editors.
    fn file_schemas(&self) -> Vec<(&'static str, serde_json::Value)>;
}

/// A scenario that is its book's only kind of file: read and checked whole, with nothing
/// left to a set-up procedure.
pub trait ScenarioFile: Sized + schemars::JsonSchema {
    /// Read and check a scenario file.
    fn load(file: &str, text: &str) -> Result<Self, Vec<FileError>>;
    /// Problems with a scenario that arrived already parsed.
    fn problems(&self) -> Vec<Problem>;
    /// The scenario in a line, as `grognard check` reports it (see
    /// [`crate::files::scenario_summary`]).
    fn summary(&self) -> String;
}

impl<R: Ruleset> Files for R
where
    R::Scenario: ScenarioFile,
{
    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
        _seed: u64,
    ) -> SetUpFrom<R::Scenario> {
        R::Scenario::load(file, text).map(|s| (s, Vec::new()))
    }

    fn scenario_problems(&self, scenario: &R::Scenario) -> Vec<String> {
        scenario
            .problems()
            .into_iter()
            .map(|p| p.line("scenario"))
            .collect()
    }

    fn file_kind(&self, header: &Header) -> Option<&'static str> {
        header.has("sides").then_some("scenario")
    }

    fn check_file(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>> {
        let s = R::Scenario::load(file, text)?;
        Ok(Checked {
            kind: "scenario".into(),
            summary: s.summary(),
        })
    }

    fn file_schemas(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("scenario", crate::files::schema_of::<R::Scenario>())]
    }
}

/// What the command line (or a server) needs of a rule set beyond play and files.
pub trait Book: Files {
    /// The built-in default battle for a seed, with notes on how it was set up.
    fn default_scenario(&self, seed: u64) -> (Self::Scenario, Vec<String>);
    /// Every roll the book asks a player to make, each reading the book's own tables.
    fn resolutions(&self) -> Vec<Box<dyn AnyResolution>>;
    /// The first roll `command` throws from the position `state` (a step of a replay, say),
    /// as the name of its resolution and its situation; `None` for a command that throws no
    /// dice there.
    fn roll_of(
        &self,
        state: &Self::State,
        side: crate::Side,
        command: &Self::Command,
    ) -> Option<(&'static str, serde_json::Value)>;
    /// `command` in words, for a person choosing among orders ("6th Ligne fires at the
    /// 42nd Highlanders").
    fn order_text(&self, state: &Self::State, command: &Self::Command) -> String;
    /// The unit `command` is given to, as its scene number ([`crate::scene::SceneBase::id`]);
    /// `None` for an order of the whole side (ending a phase, throwing for the initiative).
    fn order_unit(&self, command: &Self::Command) -> Option<u32>;
    /// The move that takes `unit` to `to`, as a person dragging it on the table means it;
    /// `None` when the unit has no move to give now. The move is still checked as any
    /// command is, so an illegal one is refused with its section.
    fn move_to(
        &self,
        state: &Self::State,
        side: crate::Side,
        unit: u32,
        to: grognard_geometry::Pose,
    ) -> Option<Self::Command>;
    /// Whether `command`, given from `state`, answers a decision that a roll begun at an
    /// earlier step is waiting on (the way a routed unit runs), so that the roll goes on
    /// through it; `situation`, the roll's, takes whatever the answer settles (which unit
    /// of a group takes the result). Books whose rolls never wait keep the default.
    fn answers_roll(
        &self,
        state: &Self::State,
        side: crate::Side,
        command: &Self::Command,
        situation: &mut serde_json::Value,
    ) -> bool {
        let _ = (state, side, command, situation);
        false
    }
    /// `scenario` with a player's own tables, read from `file` (its `text`), in place of the
    /// book's: each table the file gives replaces the book's whole. `None` for a book whose
    /// tables are not given in a file of their own.
    fn with_tables(
        &self,
        scenario: Self::Scenario,
        file: &str,
        text: &str,
    ) -> Option<Result<Self::Scenario, Vec<crate::files::FileError>>> {
        let _ = (scenario, file, text);
        None
    }
    /// The book's own army lists, by name, for balance studies; none if it has no lists
    /// of its own.
    fn army_lists(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// The book's own set-up of a battle between two of its army lists (the first list
    /// side 0's), with the set-up's log; `None` for a name that is no list of the book.
    fn scenario_of_lists(
        &self,
        lists: [&str; 2],
        seed: u64,
    ) -> Option<(Self::Scenario, Vec<String>)> {
        let _ = (lists, seed);
        None
    }
    /// The book's own set-up of a battle between two armies given as files (`(name, text)`,
    /// side 0's first), for balance studies of armies of the players' own; the files'
    /// problems with their places if they are not army files of the book, and `None` if the
    /// book has no such set-up.
    fn scenario_of_army_files(
        &self,
        files: [(&str, &str); 2],
        seed: u64,
    ) -> Option<SetUpFrom<Self::Scenario>> {
        let _ = (files, seed);
        None
    }
    /// The book's title.
    fn title(&self) -> &'static str;
    /// How complete the implementation is, in a line.
    fn completeness(&self) -> &'static str;
}
