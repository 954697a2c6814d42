//! The state of a "Napoleon's Wars" battle. It changes only through [`crate::apply`].

use crate::design::army::{Battery, Brigade};
use crate::design::{self, LossKind, LossState};
use crate::levels::{Arm, Fatigue, Morale, Rating};
use crate::nation::Nation;
use crate::scenario::{Spell, Weather};
use crate::tables::Tables;
use grognard_engine::placed::{Kept, Piece, Table};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::Feature;
use grognard_engine::{Outcome, Side};
use grognard_geometry::grid::Sides;
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;

/// Brigade bases are 3" square, batteries 1.5", generals 1", commanders 1.5" and CinCs 2"
/// ("NW 1.0").
pub const BRIGADE_SIZE: f64 = 3.0;
pub const BATTERY_SIZE: f64 = 1.5;
pub const GENERAL_SIZE: f64 = 1.0;
pub const COMMANDER_SIZE: f64 = 1.5;
pub const CINC_SIZE: f64 = 2.0;

/// Where a battery attached to a brigade stands: squarely in front of it, touching its front,
/// facing the same way ("NW 8.6").
pub fn attached_battery_pose(brigade: Pose) -> Pose {
    brigade.advanced((BRIGADE_SIZE + BATTERY_SIZE) * 0.5, 0.0)
}

/// What a piece on the table is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Role {
    Brigade(Brigade),
    Battery(Battery),
    Cinc,
    Commander {
        command: u8,
    },
    /// A general of a division ("NW 4.0"); `division` within `command`.
    General {
        command: u8,
        division: u8,
    },
    /// An ADC, who may attach to any unit of the army ("NW 4.0").
    Adc,
}

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Arrives on this turn.
    Waiting(u32),
    Table,
    /// Off the table for good: eliminated, surrendered, killed, or routed off.
    Gone(Gone),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    Eliminated,
    RoutedOff,
    Killed,
    /// A general whose division is gone ("NW 4.0").
    Removed,
}

/// One piece: a brigade, a battery or an officer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub label: String,
    pub role: Role,
    /// The command a brigade, battery, commander or general belongs to; `None` for the CinC,
    /// ADCs and independent brigades.
    pub command: Option<u8>,
    pub pose: Pose,
    pub place: Place,
    /// Strength points of a brigade; for a battery its steps (2 full, 1 damaged).
    pub sp: u32,
    pub disordered: bool,
    pub routed: bool,
    /// A battery suppressed: half fire points in its next artillery phase ("NW 11.6").
    pub suppressed: bool,
    /// Fired in this fire phase.
    pub fired: bool,
    /// A foot battery that fired in its own side's fire phase this half-turn ("NW 9.2").
    pub fired_in_own_phase: bool,
    /// Moved (or rolled to) in this maneuver phase.
    pub moved: bool,
    /// Used road movement in its last maneuver phase ("NW 9.5" note 6).
    pub road_moved: bool,
    /// Lost a strength point in this half-turn's skirmish or artillery fire phase, and has
    /// not fought its combat since ("NW 11.2" #1, ruling N39).
    pub lost_in_fire: bool,
    /// Arrived this turn: a full move without a maneuver roll ("NW 9.0 C" step 8).
    pub arrived: bool,
    /// Actually moved in this maneuver phase (rolling and holding is not moving).
    pub shifted: bool,
    /// Cavalry that has tried to react this reaction phase ("NW 10.1").
    pub reacted: bool,
    /// Cavalry that countercharged: it does not meet the charge at the halt ("NW 10.2").
    pub countercharged: bool,
    /// For a general or ADC, the brigade he is attached to; for a battery, the infantry
    /// brigade it is attached to ("NW 8.6", "NW 9.0 A").
    pub attached: Option<UnitId>,
    /// Irregular cavalry that chose to skirmish attack is open to enemy infantry's skirmish
    /// attacks in return for the rest of that skirmish phase and the next one ("NW 7.9",
    /// ruling N30): the skirmish phases still to begin or under way while it is open.
    #[serde(default)]
    pub open_to_skirmish: u8,
}

impl Unit {
    pub fn on_table(&self) -> bool {
        self.place == Place::Table
    }

    pub fn brigade(&self) -> Option<&Brigade> {
        match &self.role {
            Role::Brigade(b) => Some(b),
            _ => None,
        }
    }

    pub fn battery(&self) -> Option<&Battery> {
        match &self.role {
            Role::Battery(b) => Some(b),
            _ => None,
        }
    }

    pub fn is_officer(&self) -> bool {
        matches!(
            self.role,
            Role::Cinc | Role::Commander { .. } | Role::General { .. } | Role::Adc
        )
    }

    /// Infantry, cavalry or artillery; officers are none of them.
    pub fn arm(&self) -> Option<Arm> {
        match &self.role {
            Role::Brigade(b) => Some(b.arm),
            Role::Battery(_) => Some(Arm::Artillery),
            _ => None,
        }
    }

    pub fn is_infantry(&self) -> bool {
        self.arm() == Some(Arm::Infantry)
    }

    pub fn is_cavalry(&self) -> bool {
        self.arm() == Some(Arm::Cavalry)
    }

    pub fn is_artillery(&self) -> bool {
        self.arm() == Some(Arm::Artillery)
    }

    /// Base width and depth ("NW 1.0").
    pub fn size(&self) -> f64 {
        match self.role {
            Role::Brigade(_) => BRIGADE_SIZE,
            Role::Battery(_) => BATTERY_SIZE,
            Role::Cinc => CINC_SIZE,
            Role::Commander { .. } => COMMANDER_SIZE,
            Role::General { .. } | Role::Adc => GENERAL_SIZE,
        }
    }

    /// How far the base reaches from its centre (half its diagonal).
    pub fn radius(&self) -> f64 {
        self.size() * std::f64::consts::FRAC_1_SQRT_2
    }

    pub fn base(&self) -> Base {
        let s = self.size();
        Base::new(self.pose, s, s)
    }

    pub fn at(&self, pose: Pose) -> Base {
        let s = self.size();
        Base::new(pose, s, s)
    }

    /// A battery that has lost its first step ("NW 8.4").
    pub fn damaged(&self) -> bool {
        self.is_artillery() && self.sp < 2
    }

    /// Fresh, Worn or Spent ("NW II 2.6"): a brigade's fatigue level. Batteries have two
    /// steps, whole and damaged, and no fatigue level; officers none either (ruling N38).
    pub fn fatigue(&self) -> Option<Fatigue> {
        match &self.role {
            Role::Brigade(b) => Some(design::fatigue_state(&b.fatigue, self.sp)),
            _ => None,
        }
    }

    pub fn nation(&self) -> Option<Nation> {
        match &self.role {
            Role::Brigade(b) => Some(b.nation),
            Role::Battery(b) => Some(b.nation),
            _ => None,
        }
    }

    /// How this unit counts toward fatigue levels now ("NW II 4.0"), by the tables `t`.
    pub fn loss(&self, t: &crate::tables::DesignTables, army: bool) -> f64 {
        let (artillery, guard, irregular) = match &self.role {
            Role::Brigade(b) => (false, b.quality == crate::Quality::Guard, b.irregular),
            Role::Battery(_) => (true, false, false),
            _ => return 0.0,
        };
        let state = match self.place {
            Place::Gone(Gone::RoutedOff) => LossState::RoutedOff,
            Place::Gone(_) => LossState::Eliminated,
            _ if self.fatigue() == Some(Fatigue::Spent) => LossState::Spent,
            _ => LossState::Intact,
        };
        design::loss_value(
            t,
            LossKind {
                artillery,
                guard,
                irregular_cavalry: irregular,
            },
            state,
            army,
        )
    }
}

/// What the battle knows of a command, fixed for the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandInfo {
    pub name: String,
    pub short: String,
    pub rating: Rating,
    pub valorous: bool,
    pub basic_range: f64,
    pub range: f64,
    pub morale: Morale,
    pub fatigue: u32,
}

/// What the battle knows of a side, fixed for the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub name: String,
    pub nation: Nation,
    pub cinc: String,
    pub cinc_rating: Rating,
    pub presence: i32,
    pub napoleon: bool,
    /// The CinC is valorous: he gives the "V" bonuses as a valorous commander does ("NW 4.0",
    /// "NW II 3.2", ruling N51).
    #[serde(default)]
    pub cinc_valorous: bool,
    pub fatigue: u32,
    pub commands: Vec<CommandInfo>,
}

/// The unchanging part of a battle: the table, its terrain, the tables and the sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub turns: u32,
    pub weather: Vec<Spell>,
    pub terrain: Vec<Feature>,
    pub objectives: Vec<crate::scenario::Objective>,
    pub tables: Tables,
    pub sides: [SideInfo; 2],
}

impl Field {
    /// The weather and mud of `turn`.
    pub fn spell(&self, turn: u32) -> (Weather, bool) {
        crate::scenario::spell_at(&self.weather, turn)
    }

    pub fn contains(&self, b: &Base) -> bool {
        b.corners().iter().all(|c| {
            c.x >= -1e-9 && c.y >= -1e-9 && c.x <= self.width + 1e-9 && c.y <= self.depth + 1e-9
        })
    }
}

/// A fire declared in a simultaneous fire phase, resolved when both sides have declared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireOrder {
    pub side: Side,
    pub shooters: Vec<UnitId>,
    pub target: UnitId,
}

/// An attack made in the maneuver phase, fought in the combat phase ("NW 9.92").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// The primary attacker first.
    pub attackers: Vec<UnitId>,
    pub defender: UnitId,
}

/// A decision the battle waits for before it goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// A side led by Napoleon lost the initiative and may use his re-roll ("NW 6.0").
    Reroll { side: Side },
    /// The initiative winner says who goes first ("NW 6.0").
    ChooseFirst { side: Side },
    /// Cavalry that passed its reaction roll chooses what to do ("NW 10.2").
    Reaction {
        side: Side,
        unit: UnitId,
        /// The enemy that contacted it, if it is the target of a charge.
        charged_by: Option<UnitId>,
        /// The enemy in its zone it must react to otherwise.
        toward: Option<UnitId>,
    },
    /// A unit has rolled on the maneuver table and may now move up to `allowance`.
    Move {
        side: Side,
        unit: UnitId,
        allowance: f64,
        /// A disordered unit that re-ordered.
        reordered: bool,
    },
}

impl Pending {
    pub fn side(&self) -> Side {
        match self {
            Pending::Reroll { side }
            | Pending::ChooseFirst { side }
            | Pending::Move { side, .. }
            | Pending::Reaction { side, .. } => *side,
        }
    }
}

/// A whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    pub units: Vec<Unit>,
    pub clock: Clock,
    /// Sides that have ended the current phase (for phases both sides act in).
    pub done: [bool; 2],
    pub pending: Option<Pending>,
    pub fire_orders: Vec<FireOrder>,
    pub combats: Vec<Combat>,
    /// Napoleon's once-a-battle initiative re-roll is spent ("NW 6.0").
    pub napoleon_reroll_used: [bool; 2],
    /// Commands waiting for a replacement commander: side, command, turn he arrives.
    pub replacements: Vec<(Side, u8, u32)>,
    /// A valorous commander's combat bonus was given this combat phase ("NW 11.2" #3).
    pub valour_used: bool,
    /// Commands announced as fatigued ("NW 12.0").
    pub fatigued: Vec<(Side, u8)>,
    /// Commands whose commander has been replaced, and how many times ("NW 11.7").
    pub replaced: Vec<(Side, u8, u8)>,
    pub outcome: Option<Outcome>,
    /// What is worked out from the rest and kept to answer questions fast: not saved, not
    /// compared (see [`Derived`]).
    #[serde(skip)]
    pub(crate) derived: Derived,
}

/// The widest base there is reaches this far from its centre (a brigade's half-diagonal).
pub const MAX_RADIUS: f64 = BRIGADE_SIZE * std::f64::consts::FRAC_1_SQRT_2;

/// Grid cells are this many inches square: about the reach of most questions asked of the
/// grid (the 6" presence of the enemy, reaction zones, short ranges).
const CELL: f64 = 6.0;

/// What a state works out from its units and keeps: where the pieces stand on the table
/// (the engine's grids, [`Kept`], built when first asked for, then kept up to date by
/// [`State::set_pose`] and [`State::set_place`]), counts of what has changed, and the advisor's notes on the
/// decisions of the current phase. Two states with the same units are equal whatever these
/// hold; a copy keeps the grid and counts and starts with blank notes.
#[derive(Debug, Default)]
pub(crate) struct Derived {
    placed: Kept,
    /// By unit id, the pieces attached to it, in id order (built when first asked for, then
    /// kept up to date by [`State::set_attached`]).
    riders: std::sync::OnceLock<Vec<Vec<UnitId>>>,
    /// How often each side's pieces have moved, arrived or left.
    shifts: [u64; 2],
    /// How many events have been applied that might change who may shoot at whom (see
    /// `apply::revises`).
    revision: u64,
    notes: std::sync::Mutex<Notes>,
}

impl Clone for Derived {
    fn clone(&self) -> Derived {
        Derived {
            placed: self.placed.clone(),
            riders: self.riders.clone(),
            shifts: self.shifts,
            revision: self.revision,
            notes: Default::default(),
        }
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl Piece for Unit {
    fn piece_id(&self) -> u32 {
        u32::from(self.id)
    }

    fn piece_side(&self) -> usize {
        self.side.index()
    }

    fn circle(&self) -> Option<(grognard_geometry::Vec2, f64)> {
        self.on_table().then(|| (self.pose.pos, self.radius()))
    }
}

impl Derived {
    fn riders_of(units: &[Unit]) -> Vec<Vec<UnitId>> {
        let mut r = vec![Vec::new(); units.len()];
        for u in units {
            if let Some(to) = u.attached.filter(|to| (*to as usize) < units.len()) {
                r[to as usize].push(u.id);
            }
        }
        r
    }

    fn table(field: &Field) -> Table {
        Table {
            size: grognard_geometry::Vec2::new(field.width, field.depth),
            cell: CELL,
        }
    }
}

impl grognard_engine::Battle for State {
    fn clock(&self) -> &Clock {
        &self.clock
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn side_name(&self, side: Side) -> &str {
        self.field.sides[side.index()].name.as_str()
    }
}

impl State {
    /// Where the pieces on the table stand: all of them, and each side's.
    fn pieces(&self) -> &Sides {
        self.derived
            .placed
            .sides(Derived::table(&self.field), &self.units)
    }

    /// Keep the grids in step with unit `id` (after its pose or place changed).
    fn reindex(&mut self, id: UnitId) {
        let u = &self.units[id as usize];
        self.derived.shifts[u.side.index()] += 1;
        self.derived.placed.place(u);
    }

    /// How often `side`'s pieces have moved, arrived or left so far.
    pub(crate) fn shifts(&self, side: Side) -> u64 {
        self.derived.shifts[side.index()]
    }

    /// Count an event that might change who may shoot at whom.
    pub(crate) fn revise(&mut self) {
        self.derived.revision += 1;
    }

    /// How many events so far might have changed who may shoot at whom.
    pub(crate) fn revision(&self) -> u64 {
        self.derived.revision
    }

    /// The advisor's notes on this phase's decisions.
    pub(crate) fn notes(&self) -> std::sync::MutexGuard<'_, Notes> {
        self.derived
            .notes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Attach unit `id` to `to`, or detach it with `None`.
    pub fn set_attached(&mut self, id: UnitId, to: Option<UnitId>) {
        let old = std::mem::replace(&mut self.units[id as usize].attached, to);
        if old == to {
            return;
        }
        if let Some(r) = self.derived.riders.get_mut() {
            if let Some(v) = old.and_then(|o| r.get_mut(o as usize)) {
                v.retain(|x| *x != id);
            }
            if let Some(v) = to.and_then(|t| r.get_mut(t as usize)) {
                let at = v.partition_point(|x| *x < id);
                v.insert(at, id);
            }
        }
    }

    /// The pieces attached to unit `id`, in id order.
    pub fn riders(&self, id: UnitId) -> impl Iterator<Item = &Unit> {
        self.derived
            .riders
            .get_or_init(|| Derived::riders_of(&self.units))
            .get(id as usize)
            .into_iter()
            .flatten()
            .map(|r| &self.units[*r as usize])
    }

    /// Move unit `id` to `pose`.
    pub fn set_pose(&mut self, id: UnitId, pose: Pose) {
        self.units[id as usize].pose = pose;
        self.reindex(id);
    }

    /// Put unit `id` on or off the table.
    pub fn set_place(&mut self, id: UnitId, place: Place) {
        self.units[id as usize].place = place;
        self.reindex(id);
    }

    /// The pieces on the table whose bases may come within `r` of `p`: every one whose
    /// centre lies within `r` plus its own half-diagonal, in id order.
    pub fn near(&self, p: grognard_geometry::Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.pieces()
            .all
            .near_iter(p, r)
            .map(|i| &self.units[i as usize])
    }

    /// The pieces on the table whose bases may come within `r` of `u`'s base (`u` itself
    /// among them).
    pub fn near_unit(&self, u: &Unit, r: f64) -> impl Iterator<Item = &Unit> {
        self.near(u.pose.pos, r + u.radius())
    }

    /// [`State::near`] among `side`'s pieces alone.
    pub fn near_of(
        &self,
        side: Side,
        p: grognard_geometry::Vec2,
        r: f64,
    ) -> impl Iterator<Item = &Unit> {
        self.pieces().side[side.index()]
            .near_iter(p, r)
            .map(|i| &self.units[i as usize])
    }

    /// [`State::near_unit`] among `side`'s pieces alone.
    pub fn near_unit_of(&self, side: Side, u: &Unit, r: f64) -> impl Iterator<Item = &Unit> {
        self.near_of(side, u.pose.pos, r + u.radius())
    }

    /// The pieces on the table whose bases may come within `r` of the segment from `a` to
    /// `b`: every one whose centre lies within `r` plus its own half-diagonal of it, in id
    /// order.
    pub fn along(
        &self,
        a: grognard_geometry::Vec2,
        b: grognard_geometry::Vec2,
        r: f64,
    ) -> impl Iterator<Item = &Unit> {
        self.pieces()
            .all
            .along_iter(a, b, r)
            .map(|i| &self.units[i as usize])
    }

    /// The piece on the table nearest `u`'s base (base to base, the lower id on a tie) of
    /// those `wanted`.
    pub fn nearest(&self, u: &Unit, wanted: impl Fn(&Unit) -> bool) -> Option<&Unit> {
        self.nearest_by(u, 0.0, |o| {
            (o.id != u.id && wanted(o))
                .then(|| grognard_geometry::distance::base_base(&u.base(), &o.base()))
        })
        .map(|(_, o)| o)
    }

    /// The piece with the least `score` (the lower id on a tie), among those it scores, where
    /// a score is never less than the piece's distance from `u`'s base less `slack`. The
    /// search widens ring by ring: a piece outside a ring of reach `r` is more than `r` away,
    /// so it scores more than `r - slack`, and a best found at or below that is the best of
    /// all.
    pub fn nearest_by(
        &self,
        u: &Unit,
        slack: f64,
        score: impl Fn(&Unit) -> Option<f64>,
    ) -> Option<(f64, &Unit)> {
        let whole = self.field.width + self.field.depth;
        let mut r = 12.0;
        loop {
            let best = self
                .near_unit(u, r)
                .filter_map(|o| score(o).map(|s| (s, o)))
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
            match best {
                Some((s, _)) if s <= r - slack => return best,
                _ if r > whole => return best,
                _ => r *= 2.0,
            }
        }
    }

    /// Whether what the state keeps agrees with the units (for the invariant checks).
    pub fn index_consistent(&self) -> Result<(), String> {
        if let Some(id) = self
            .derived
            .placed
            .first_misplaced(Derived::table(&self.field), &self.units)
        {
            return Err(format!(
                "the grid of pieces misplaces {}",
                self.units.get(id as usize).map_or("a piece", |u| &u.label)
            ));
        }
        let riders = self
            .derived
            .riders
            .get_or_init(|| Derived::riders_of(&self.units));
        if *riders != Derived::riders_of(&self.units) {
            return Err("the list of attachments disagrees with the units".into());
        }
        Ok(())
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    pub fn name(&self, id: UnitId) -> &str {
        &self.units[id as usize].label
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.on_table())
    }

    pub fn friends_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.on_table().filter(move |u| u.side == side)
    }

    pub fn enemies_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.on_table().filter(move |u| u.side != side)
    }

    /// Fighting units (brigades and batteries) of a side on the table.
    pub fn troops_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.friends_of(side).filter(|u| !u.is_officer())
    }

    /// The unit losses of a command, for its fatigue ("NW II 4.0").
    pub fn command_losses(&self, side: Side, command: u8) -> f64 {
        self.units
            .iter()
            .filter(|u| u.side == side && u.command == Some(command))
            .map(|u| u.loss(&self.field.tables.design, false))
            .sum()
    }

    pub fn command_fatigued(&self, side: Side, command: u8) -> bool {
        let info = &self.field.sides[side.index()].commands[command as usize];
        self.command_losses(side, command) + 1e-9 >= info.fatigue as f64
    }

    /// The army's losses, for its breaking point ("NW II 4.0").
    pub fn army_losses(&self, side: Side) -> f64 {
        self.units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.loss(&self.field.tables.design, true))
            .sum()
    }

    pub fn army_broken(&self, side: Side) -> bool {
        self.army_losses(side) + 1e-9 >= self.field.sides[side.index()].fatigue as f64
    }

    /// The command's leader as he is now: rating, range, basic range and valour, one rating
    /// worse, 2" shorter (not below the basic range) and without valour for each time he has
    /// been replaced ("NW 11.7").
    pub fn leader(&self, side: Side, command: u8) -> (Rating, f64, f64, bool) {
        let info = &self.field.sides[side.index()].commands[command as usize];
        let times = self
            .replaced
            .iter()
            .find(|(s, c, _)| *s == side && *c == command)
            .map_or(0, |r| r.2);
        let mut rating = info.rating;
        let mut range = info.range;
        for _ in 0..times {
            let (r, g) =
                design::replacement(&self.field.tables.design, rating, range, info.basic_range);
            rating = r;
            range = g;
        }
        (rating, range, info.basic_range, info.valorous && times == 0)
    }

    /// The commander of a command, if on the table.
    pub fn commander_of(&self, side: Side, command: u8) -> Option<&Unit> {
        self.friends_of(side)
            .find(|u| matches!(u.role, Role::Commander { command: c } if c == command))
    }

    /// The side's CinC, if on the table.
    pub fn cinc_of(&self, side: Side) -> Option<&Unit> {
        self.friends_of(side).find(|u| u.role == Role::Cinc)
    }

    /// The battery attached to an infantry brigade ("NW 8.6").
    pub fn battery_on(&self, id: UnitId) -> Option<&Unit> {
        self.riders(id).find(|b| b.on_table() && b.is_artillery())
    }

    /// The general or ADC attached to a brigade.
    pub fn general_on(&self, id: UnitId) -> Option<&Unit> {
        self.riders(id)
            .find(|g| g.on_table() && matches!(g.role, Role::General { .. } | Role::Adc))
    }
}

/// What has been worked out for the decisions of one phase, to use again while what it
/// hangs on stays the same (part of [`Derived`]), so that a decision costs about as much in
/// a battle of 300 units a side as in one of 16.
#[derive(Debug, Default)]
pub(crate) struct Notes {
    pub(crate) nearness: Option<Nearness>,
    /// For each side, in one phase while nothing changes who may shoot at whom.
    targets: [Option<TargetNotes>; 2],
}

/// For one side in one phase while the enemy stands still: how near each unit is to it.
#[derive(Debug)]
pub(crate) struct Nearness {
    /// The side, the phase and how often the enemy had moved when this was worked out.
    pub key: (Side, Clock, u64),
    /// The enemy troops' centres, sorted by x.
    pub enemies: Vec<Vec2>,
    /// By unit id: the squared distance to the nearest enemy centre, and the centre it was
    /// measured from.
    pub known: Vec<Option<(f64, Vec2)>>,
}

/// For one side in one phase, while nothing changes who may shoot at whom: by unit id, its
/// skirmish or fire targets.
#[derive(Debug)]
struct TargetNotes {
    key: (Clock, u64),
    known: Vec<Option<Vec<UnitId>>>,
}

impl State {
    /// The skirmish or fire targets of `u` (of `side`, not yet fired) this phase: `find` works
    /// them out the first time they are asked for.
    pub(crate) fn targets_noted(
        &self,
        side: Side,
        u: &Unit,
        find: impl FnOnce() -> Vec<UnitId>,
    ) -> Vec<UnitId> {
        let key = (self.clock, self.revision());
        let s = side.index();
        {
            let notes = self.notes();
            if let Some(n) = &notes.targets[s] {
                if n.key == key {
                    if let Some(Some(t)) = n.known.get(u.id as usize) {
                        return t.clone();
                    }
                }
            }
        }
        let t = find();
        let mut notes = self.notes();
        if notes.targets[s].as_ref().is_none_or(|n| n.key != key) {
            notes.targets[s] = Some(TargetNotes {
                key,
                known: vec![None; self.units.len()],
            });
        }
        if let Some(n) = notes.targets[s].as_mut() {
            n.known[u.id as usize] = Some(t.clone());
        }
        t
    }
}

#[cfg(test)]
mod near_tests {
    use super::*;

    /// The pieces within `r` of `p` by their definition, each piece looked at.
    fn by_hand(s: &State, p: Vec2, r: f64) -> Vec<UnitId> {
        s.units
            .iter()
            .filter(|u| {
                let reach = r + u.radius();
                u.on_table() && u.pose.pos.distance_squared(p) <= reach * reach
            })
            .map(|u| u.id)
            .collect()
    }

    /// The pieces within `r` of the segment from `a` to `b` by their definition.
    fn along_by_hand(s: &State, a: Vec2, b: Vec2, r: f64) -> Vec<UnitId> {
        s.units
            .iter()
            .filter(|u| {
                u.on_table()
                    && grognard_geometry::distance::point_segment(u.pose.pos, a, b)
                        <= r + u.radius()
            })
            .map(|u| u.id)
            .collect()
    }

    /// The built-in battle (few pieces, each looked at) and a large one (the grid's cells
    /// asked).
    fn battles() -> [State; 2] {
        let small = crate::start::start(&crate::book::default_scenario());
        let large = crate::start::start(&crate::book::large_scenario(60));
        assert!(
            large.on_table().count() > 100,
            "the large battle fills the grid"
        );
        [small, large]
    }

    #[test]
    fn the_pieces_near_a_place_are_those_within_reach_of_it() {
        for s in battles() {
            let mut found = 0;
            for u in s.units.iter().filter(|u| u.on_table()) {
                for r in [0.0, 1.5, 4.0, 12.0] {
                    let near: Vec<UnitId> = s.near(u.pose.pos, r).map(|v| v.id).collect();
                    assert_eq!(near, by_hand(&s, u.pose.pos, r), "{} at {r}", u.label);
                    found += near.len();
                }
            }
            assert!(found > 400, "places have pieces near them: {found}");
        }
    }

    #[test]
    fn the_pieces_along_a_line_are_those_within_reach_of_it() {
        for s in battles() {
            let on: Vec<&Unit> = s.units.iter().filter(|u| u.on_table()).collect();
            let mut found = 0;
            for (u, v) in on.iter().zip(on.iter().skip(7)) {
                for r in [0.0, 1.0, 3.0] {
                    let along: Vec<UnitId> =
                        s.along(u.pose.pos, v.pose.pos, r).map(|w| w.id).collect();
                    assert_eq!(
                        along,
                        along_by_hand(&s, u.pose.pos, v.pose.pos, r),
                        "{} to {} at {r}",
                        u.label,
                        v.label
                    );
                    found += along.len();
                }
            }
            assert!(found > 100, "the lines pass near pieces: {found}");
        }
    }

    #[test]
    fn the_grids_follow_a_piece_moved_or_taken_off() {
        let [mut s, _] = battles();
        let id = s.on_table().next().expect("a piece on the table").id;
        let before = s.near(s.unit(id).pose.pos, 0.0).count();
        let far = Pose::at(Vec2::new(1.0, 1.0), 0.0);
        s.set_pose(id, far);
        assert!(
            s.near(far.pos, 0.0).any(|u| u.id == id),
            "found where it went"
        );
        assert_eq!(s.index_consistent(), Ok(()));
        s.set_place(id, Place::Gone(Gone::Eliminated));
        assert!(
            s.near(far.pos, 0.0).all(|u| u.id != id),
            "gone from the table"
        );
        assert_eq!(s.index_consistent(), Ok(()));
        assert!(before >= 1);
    }
}
