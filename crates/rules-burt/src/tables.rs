//! Every table and number of the book in one place, each with the section it comes from.
//! The book's tables reach us flattened, one cell a line with `|` after each; they are read
//! here row by row.
//!
//! [`Tables::default`] is the book. The values are data: a scenario may replace any of them.

use crate::dice::Reading;
use serde::{Deserialize, Serialize};

/// All of the book's tables. Every value left out is the book's; a scenario gives only the
/// values it changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    /// How a score above 6 is read ("Burt 6", ruling R1).
    pub dice: Reading,
    /// Moves, charge reach and reserve moves by troop type, and what slows them ("Burt 5").
    pub movement: Movement,
    /// Ranges by weapon ("Burt 6").
    pub ranges: Ranges,
    /// Fire: dice, the score that hits and its modifiers, saves ("Burt 6").
    pub fire: Fire,
    /// Gun crews and guns put out of action ("Burt 6").
    pub guns: Guns,
    /// Morale classes, modifiers and what a failed test does ("Burt 8").
    pub morale: Morale,
    /// Melee in an assault: dice, hits, saves and results ("Burt 9").
    pub assault: Assault,
    /// Formation changes ("Burt 12").
    pub formations: Formations,
}

/// A troop type's row of the movement table ("Burt 5"): its normal move, its charge reach
/// and its reserve move, in inches; `None` where the book gives none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    /// Inches of a normal move, as with MANOEUVRE orders ("Burt 5").
    #[serde(rename = "move")]
    pub normal: f64,
    /// Charge reach in inches; left out, the troops cannot assault ("Burt 5").
    pub charge: Option<f64>,
    /// Inches of a move with RESERVE orders, and of a rout ("Burt 5", ruling R24).
    pub reserve: Option<f64>,
}

const fn rates(normal: f64, charge: Option<f64>, reserve: Option<f64>) -> Rates {
    Rates {
        normal,
        charge,
        reserve,
    }
}

/// The movement table and the notes under it ("Burt 5").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    /// Infantry in column: move, charge and reserve in inches ("Burt 5").
    pub infantry_column: Rates,
    /// Infantry in line: move, charge and reserve in inches ("Burt 5").
    pub infantry_line: Rates,
    /// Infantry in square: move and reserve in inches; a square cannot charge ("Burt 5").
    pub infantry_square: Rates,
    /// Skirmishers: move and reserve in inches; they cannot charge ("Burt 5").
    pub skirmishers: Rates,
    /// Heavy cavalry: move, charge and reserve in inches ("Burt 5").
    pub heavy_cavalry: Rates,
    /// Light cavalry: move, charge and reserve in inches ("Burt 5").
    pub light_cavalry: Rates,
    /// Foot artillery: move and reserve in inches; guns cannot charge ("Burt 5").
    pub foot_guns: Rates,
    /// Horse artillery: move and reserve in inches; guns cannot charge ("Burt 5").
    pub horse_guns: Rates,
    /// Command elements, generals and the commander-in-chief: move in inches ("Burt 5").
    pub staff_officers: Rates,
    /// Wagons: move in inches ("Burt 5").
    pub wagons: Rates,
    /// Inches a road adds, to troops in column only.
    pub road_bonus: f64,
    /// Share of a move that limbering or unlimbering takes.
    pub limber_share: f64,
    /// Share of a move that crossing a wall or hedge takes.
    pub obstacle_share: f64,
    /// Share of its move that formed infantry keeps in a wood.
    pub wood_infantry_share: f64,
    /// Share of its move that cavalry keeps in a wood (reduced by three quarters).
    pub wood_cavalry_share: f64,
    /// Share of its move a unit keeps fording a river.
    pub ford_share: f64,
    /// What an inch of oblique movement costs.
    pub oblique_cost: f64,
    /// The share of a move forward a unit with FIRE orders may make ("Burt 4").
    pub fire_order_forward: f64,
    /// The share of a move back a unit with FIRE orders may make ("Burt 4").
    pub fire_order_back: f64,
    /// How far an assaulting unit goes toward its target when it declares ("Burt 5" #1).
    pub assault_declared_share: f64,
}

impl Movement {
    /// Every row of the table.
    pub fn rows(&self) -> [Rates; 10] {
        [
            self.infantry_column,
            self.infantry_line,
            self.infantry_square,
            self.skirmishers,
            self.heavy_cavalry,
            self.light_cavalry,
            self.foot_guns,
            self.horse_guns,
            self.staff_officers,
            self.wagons,
        ]
    }

    /// The farthest any troops move or charge.
    pub fn farthest(&self) -> f64 {
        self.rows()
            .iter()
            .map(|r| {
                r.normal
                    .max(r.charge.unwrap_or(0.0))
                    .max(r.reserve.unwrap_or(0.0))
            })
            .fold(0.0, f64::max)
    }
}

impl Default for Movement {
    fn default() -> Self {
        Movement {
            infantry_column: rates(6.0, Some(8.0), Some(12.0)),
            infantry_line: rates(4.0, Some(6.0), Some(8.0)),
            infantry_square: rates(3.0, None, Some(6.0)),
            skirmishers: rates(8.0, None, Some(16.0)),
            heavy_cavalry: rates(10.0, Some(12.0), Some(20.0)),
            light_cavalry: rates(12.0, Some(16.0), Some(24.0)),
            foot_guns: rates(6.0, None, Some(12.0)),
            horse_guns: rates(9.0, None, Some(18.0)),
            staff_officers: rates(24.0, None, None),
            wagons: rates(6.0, None, None),
            road_bonus: 2.0,
            limber_share: 0.5,
            obstacle_share: 0.5,
            wood_infantry_share: 0.5,
            wood_cavalry_share: 0.25,
            ford_share: 0.5,
            oblique_cost: 2.0,
            fire_order_forward: 0.5,
            fire_order_back: 0.25,
            assault_declared_share: 0.5,
        }
    }
}

/// A weapon's short, medium and long range, in inches ("Burt 6").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    /// Inches out to which a target is at short range ("Burt 6").
    pub short: f64,
    /// Inches out to which a target is at medium range ("Burt 6").
    pub medium: f64,
    /// Inches out to which a target is at long range; beyond it, out of range ("Burt 6").
    pub long: f64,
}

const fn bands(short: f64, medium: f64, long: f64) -> Bands {
    Bands {
        short,
        medium,
        long,
    }
}

/// The weapons the range table has a row for ("Burt 6").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Carbines ("Burt 6").
    Carbine,
    /// Muskets, what infantry and skirmishers carry when none is given ("Burt 6").
    #[default]
    Musket,
    /// Rifles ("Burt 6").
    Rifle,
    /// A 4pdr firing canister ("Burt 6").
    #[serde(rename = "canister_4")]
    Canister4,
    /// A 6pdr firing canister ("Burt 6").
    #[serde(rename = "canister_6")]
    Canister6,
    /// A 9pdr firing canister ("Burt 6").
    #[serde(rename = "canister_9")]
    Canister9,
    /// A 12pdr firing canister ("Burt 6").
    #[serde(rename = "canister_12")]
    Canister12,
    /// A howitzer firing canister ("Burt 6").
    HowitzerCanister,
    /// A 4pdr firing ball ("Burt 6").
    #[serde(rename = "ball_4")]
    Ball4,
    /// A 6pdr firing ball ("Burt 6").
    #[serde(rename = "ball_6")]
    Ball6,
    /// A 9pdr firing ball ("Burt 6").
    #[serde(rename = "ball_9")]
    Ball9,
    /// A 12pdr firing ball ("Burt 6").
    #[serde(rename = "ball_12")]
    Ball12,
    /// A howitzer firing shell ("Burt 6").
    HowitzerShell,
}

impl Weapon {
    /// The weapon's name in files: its key in `[tables.ranges]` and a unit's `weapon`.
    pub fn key(self) -> &'static str {
        match self {
            Weapon::Carbine => "carbine",
            Weapon::Musket => "musket",
            Weapon::Rifle => "rifle",
            Weapon::Canister4 => "canister_4",
            Weapon::Canister6 => "canister_6",
            Weapon::Canister9 => "canister_9",
            Weapon::Canister12 => "canister_12",
            Weapon::HowitzerCanister => "howitzer_canister",
            Weapon::Ball4 => "ball_4",
            Weapon::Ball6 => "ball_6",
            Weapon::Ball9 => "ball_9",
            Weapon::Ball12 => "ball_12",
            Weapon::HowitzerShell => "howitzer_shell",
        }
    }

    pub const ALL: [Weapon; 13] = [
        Weapon::Carbine,
        Weapon::Musket,
        Weapon::Rifle,
        Weapon::Canister4,
        Weapon::Canister6,
        Weapon::Canister9,
        Weapon::Canister12,
        Weapon::HowitzerCanister,
        Weapon::Ball4,
        Weapon::Ball6,
        Weapon::Ball9,
        Weapon::Ball12,
        Weapon::HowitzerShell,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Weapon::Carbine => "carbines",
            Weapon::Musket => "muskets",
            Weapon::Rifle => "rifles",
            Weapon::Canister4 => "4pdr canister",
            Weapon::Canister6 => "6pdr canister",
            Weapon::Canister9 => "9pdr canister",
            Weapon::Canister12 => "12pdr canister",
            Weapon::HowitzerCanister => "howitzer canister",
            Weapon::Ball4 => "4pdr ball",
            Weapon::Ball6 => "6pdr ball",
            Weapon::Ball9 => "9pdr ball",
            Weapon::Ball12 => "12pdr ball",
            Weapon::HowitzerShell => "howitzer shell",
        }
    }

    /// Small arms: muskets, rifles and carbines.
    pub fn is_small_arms(self) -> bool {
        matches!(self, Weapon::Carbine | Weapon::Musket | Weapon::Rifle)
    }

    /// Guns firing canister.
    pub fn is_canister(self) -> bool {
        matches!(
            self,
            Weapon::Canister4
                | Weapon::Canister6
                | Weapon::Canister9
                | Weapon::Canister12
                | Weapon::HowitzerCanister
        )
    }

    /// Guns firing ball or shell.
    pub fn is_ball(self) -> bool {
        !self.is_small_arms() && !self.is_canister()
    }

    pub fn is_artillery(self) -> bool {
        !self.is_small_arms()
    }
}

/// The range table ("Burt 6").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Ranges {
    /// Carbines: short, medium and long range in inches ("Burt 6").
    pub carbine: Bands,
    /// Muskets; long range is also the musket range of fire at assaulters ("Burt 9").
    pub musket: Bands,
    /// Rifles: short, medium and long range in inches ("Burt 6").
    pub rifle: Bands,
    /// 4pdr canister, fired at targets within its long range ("Burt 6").
    pub canister_4: Bands,
    /// 6pdr canister, fired at targets within its long range ("Burt 6").
    pub canister_6: Bands,
    /// 9pdr canister, fired at targets within its long range ("Burt 6").
    pub canister_9: Bands,
    /// 12pdr canister, fired at targets within its long range ("Burt 6").
    pub canister_12: Bands,
    /// Howitzer canister, fired at targets within its long range ("Burt 6").
    pub howitzer_canister: Bands,
    /// 4pdr ball, fired at targets beyond canister range ("Burt 6").
    pub ball_4: Bands,
    /// 6pdr ball, fired at targets beyond canister range ("Burt 6").
    pub ball_6: Bands,
    /// 9pdr ball, fired at targets beyond canister range ("Burt 6").
    pub ball_9: Bands,
    /// 12pdr ball, fired at targets beyond canister range ("Burt 6").
    pub ball_12: Bands,
    /// Howitzer shell, fired at targets beyond canister range ("Burt 6").
    pub howitzer_shell: Bands,
}

impl Default for Ranges {
    fn default() -> Self {
        Ranges {
            carbine: bands(2.0, 4.0, 6.0),
            musket: bands(3.0, 6.0, 9.0),
            rifle: bands(4.0, 8.0, 12.0),
            canister_4: bands(3.0, 6.0, 9.0),
            canister_6: bands(4.0, 8.0, 12.0),
            canister_9: bands(5.0, 10.0, 15.0),
            canister_12: bands(6.0, 12.0, 18.0),
            howitzer_canister: bands(4.0, 8.0, 12.0),
            ball_4: bands(12.0, 24.0, 36.0),
            ball_6: bands(16.0, 32.0, 48.0),
            ball_9: bands(20.0, 40.0, 60.0),
            ball_12: bands(24.0, 48.0, 72.0),
            howitzer_shell: bands(16.0, 32.0, 48.0),
        }
    }
}

impl Ranges {
    pub fn of(&self, w: Weapon) -> Bands {
        match w {
            Weapon::Carbine => self.carbine,
            Weapon::Musket => self.musket,
            Weapon::Rifle => self.rifle,
            Weapon::Canister4 => self.canister_4,
            Weapon::Canister6 => self.canister_6,
            Weapon::Canister9 => self.canister_9,
            Weapon::Canister12 => self.canister_12,
            Weapon::HowitzerCanister => self.howitzer_canister,
            Weapon::Ball4 => self.ball_4,
            Weapon::Ball6 => self.ball_6,
            Weapon::Ball9 => self.ball_9,
            Weapon::Ball12 => self.ball_12,
            Weapon::HowitzerShell => self.howitzer_shell,
        }
    }
}

/// Fire and its saves ("Burt 6"). A modifier here is added to the score needed: positive
/// makes a hit or save harder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fire {
    /// Figures for each die of small-arms fire.
    pub figures_a_die: u32,
    /// A remainder of this many figures or more throws a die of its own.
    pub remainder_counts_from: u32,
    /// Dice a gun throws with ball or shell.
    pub dice_a_gun: u32,
    /// Dice a gun throws with canister.
    pub dice_a_gun_canister: u32,
    /// Ranks of infantry that fire ("Burt 6").
    pub infantry_ranks: u32,
    /// Ranks of cavalry that fire ("Burt 6").
    pub cavalry_ranks: u32,
    /// The score that hits.
    pub hit: i32,
    /// Added to the score needed to hit a target at long range ("Burt 6").
    pub long_range: i32,
    /// Added to the score needed to hit when the firers moved this turn ("Burt 6").
    pub moving: i32,
    /// Only one or two figures firing.
    pub few_figures: i32,
    /// Added to the score needed to hit a target in any cover, soft or hard ("Burt 6").
    pub cover: i32,
    /// Added to the score needed to hit when the firers are shaken ("Burt 6").
    pub firers_shaken: i32,
    /// Artillery firing at a target more than two ranks deep.
    pub deep_target: i32,
    /// The first volley of the day, not by skirmishers.
    pub first_volley: i32,
    /// Added to the score needed to hit a target at short range ("Burt 6").
    pub short_range: i32,
    /// The score that saves a casualty.
    pub save: i32,
    /// Shot at by artillery, not in hard cover.
    pub save_artillery: i32,
    /// In hard cover, shot at by small arms or canister.
    pub save_hard_cover: i32,
    /// Skirmishers or gun crews saving.
    pub save_skirmishers_or_crew: i32,
}

impl Default for Fire {
    fn default() -> Self {
        Fire {
            figures_a_die: 4,
            remainder_counts_from: 3,
            dice_a_gun: 1,
            dice_a_gun_canister: 2,
            infantry_ranks: 2,
            cavalry_ranks: 1,
            hit: 5,
            long_range: 1,
            moving: 1,
            few_figures: 1,
            cover: 1,
            firers_shaken: 1,
            deep_target: -1,
            first_volley: -1,
            short_range: -1,
            save: 5,
            save_artillery: 1,
            save_hard_cover: -1,
            save_skirmishers_or_crew: -1,
        }
    }
}

/// Gun crews ("Burt 6"): a gun's crew by its calibre. The book gives none for howitzers;
/// they have the crew of a 6 or 9pdr (ruling R2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Guns {
    /// Figures crewing each 4pdr; a casualty's die above it silences a gun ("Burt 6").
    pub crew_4: u32,
    /// Figures crewing each 6pdr; a casualty's die above it silences a gun ("Burt 6").
    pub crew_6: u32,
    /// Figures crewing each 9pdr; a casualty's die above it silences a gun ("Burt 6").
    pub crew_9: u32,
    /// Figures crewing each 12pdr; a casualty's die above it silences a gun ("Burt 6").
    pub crew_12: u32,
    /// Figures crewing each howitzer, which the book leaves out ("Burt 6", ruling R2).
    pub crew_howitzer: u32,
}

impl Default for Guns {
    fn default() -> Self {
        Guns {
            crew_4: 3,
            crew_6: 4,
            crew_9: 4,
            crew_12: 5,
            crew_howitzer: 4,
        }
    }
}

/// The morale classes ("Burt 8").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Class {
    /// The best class: passes on 2 by the book ("Burt 8").
    A,
    /// Passes on 3 by the book ("Burt 8").
    B,
    /// The average class, and the default: passes on 4 by the book ("Burt 8").
    #[default]
    C,
    /// Passes on 5 by the book ("Burt 8").
    D,
    /// The worst class: passes on 6 by the book ("Burt 8").
    E,
}

impl Class {
    pub const ALL: [Class; 5] = [Class::A, Class::B, Class::C, Class::D, Class::E];
}

/// Morale ("Burt 8"): the score each class must equal or beat on the book's die, and the
/// modifiers added to the throw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Morale {
    /// Scores to pass for classes A to E.
    pub pass: [i32; 5],
    /// Added to the morale die when no enemy is in sight ("Burt 8", ruling R11).
    pub no_enemy_in_sight: i32,
    /// Testing to charge skirmishers or routing troops.
    pub charging_skirmishers_or_routers: i32,
    /// Added to the morale die when testing to charge an enemy's flank or rear ("Burt 8").
    pub charging_flank_or_rear: i32,
    /// Added to the morale die with the C in C in contact ("Burt 8", ruling R16).
    pub commander_in_chief: i32,
    /// Added to the morale die when charged while in square ("Burt 8").
    pub charged_in_square: i32,
    /// Added to the morale die when a reserve is committed in its support ("Burt 8").
    pub supported: i32,
    /// Added to the morale die in hard cover: towns, buildings, walls and works ("Burt 8").
    pub hard_cover: i32,
    /// Added to the morale die after advancing or pushing back this turn ("Burt 8").
    pub advancing: i32,
    /// Added to the morale die with a general in contact ("Burt 8", ruling R16).
    pub subordinate_general: i32,
    /// Added to the morale die when charged while in column ("Burt 8").
    pub charged_in_column: i32,
    /// Added to the morale die with at least one secure flank ("Burt 8", ruling R17).
    pub secure_flank: i32,
    /// Added to the morale die in soft cover: woods and hedges ("Burt 8").
    pub soft_cover: i32,
    /// Added to the morale die under three quarters strength, not under half ("Burt 8").
    pub under_three_quarters: i32,
    /// Added to the morale die when it has lost figures this turn ("Burt 8").
    pub casualties_this_turn: i32,
    /// Added to the morale die after retiring or being pushed back this turn ("Burt 8").
    pub retiring: i32,
    /// Added to the morale die when disordered ("Burt 8").
    pub disordered: i32,
    /// Added to the morale die once its army's morale has run out ("Burt 8", "Burt 10").
    pub army_demoralised: i32,
    /// Added to the morale die under half strength, not under a third ("Burt 8").
    pub under_half: i32,
    /// Added to the morale die when shaken ("Burt 8").
    pub shaken: i32,
    /// Added to the morale die under a third strength ("Burt 8").
    pub under_third: i32,
    /// Added to the morale die when routing, as when trying to rally ("Burt 8").
    pub routing: i32,
    /// The share of its figures a unit must lose to fire in one move to test.
    pub fire_casualty_share: f64,
}

impl Default for Morale {
    fn default() -> Self {
        Morale {
            pass: [2, 3, 4, 5, 6],
            no_enemy_in_sight: 2,
            charging_skirmishers_or_routers: 2,
            charging_flank_or_rear: 2,
            commander_in_chief: 2,
            charged_in_square: 2,
            supported: 2,
            hard_cover: 2,
            advancing: 1,
            subordinate_general: 1,
            charged_in_column: 1,
            secure_flank: 1,
            soft_cover: 1,
            under_three_quarters: -1,
            casualties_this_turn: -1,
            retiring: -1,
            disordered: -1,
            army_demoralised: -1,
            under_half: -2,
            shaken: -2,
            under_third: -3,
            routing: -3,
            fire_casualty_share: 0.1,
        }
    }
}

impl Morale {
    pub fn pass(&self, c: Class) -> i32 {
        self.pass[c as usize]
    }
}

/// Melee in an assault ("Burt 9"). A modifier here is added to the score needed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Assault {
    /// Figures in contact for each die.
    pub figures_a_die: u32,
    /// A remainder of this many figures in contact or more throws a die of its own; fewer
    /// throw one die at the "1 or 2 figures assaulting" score (ruling R3, as for fire).
    pub remainder_counts_from: u32,
    /// The score that hits.
    pub hit: i32,
    /// Added to the score needed to hit by 1 or 2 figures left over ("Burt 9", ruling R3).
    pub few_figures: i32,
    /// Added to the score needed to hit an enemy in any cover ("Burt 9").
    pub cover: i32,
    /// Added to the score needed to hit when disordered itself ("Burt 9").
    pub disordered: i32,
    /// Added to the score needed to hit by cavalry attacking a square ("Burt 9").
    pub cavalry_against_square: i32,
    /// Added to the score needed to hit by light cavalry against formed troops ("Burt 9").
    pub light_cavalry_against_formed: i32,
    /// Added to the score needed to hit when shaken or routing itself ("Burt 9").
    pub shaken_or_routing: i32,
    /// Charging or following up: the impetus, which square or cover cancels.
    pub charging: i32,
    /// In a deeper formation than the enemy at first contact.
    pub deeper: i32,
    /// Added to the score needed to hit by close order against skirmishers ("Burt 9").
    pub close_against_open: i32,
    /// Added to the score needed to hit when fighting the enemy's flank or rear ("Burt 9").
    pub flank_or_rear: i32,
    /// Added to the score needed to hit when the opponents are shaken ("Burt 9").
    pub opponents_shaken: i32,
    /// Added to the score needed to hit by cavalry against disordered or worse ("Burt 9").
    pub cavalry_against_broken: i32,
    /// Armoured cavalry or lancers at first contact.
    pub armoured_or_lancers: i32,
    /// Added to the score needed to hit when the opponents are routing ("Burt 9").
    pub opponents_routing: i32,
    /// The score that saves a casualty.
    pub save: i32,
    /// Unformed, disordered or shaken.
    pub save_out_of_order: i32,
    /// Added to the score needed to save when downhill of the enemy ("Burt 9").
    pub save_downhill: i32,
    /// Added to the score needed to save for armoured cavalry ("Burt 9").
    pub save_armoured: i32,
    /// The loser breaks when the winner scored at least this many times its casualties.
    pub break_ratio: u32,
}

impl Default for Assault {
    fn default() -> Self {
        Assault {
            figures_a_die: 4,
            remainder_counts_from: 3,
            hit: 5,
            few_figures: 1,
            cover: 1,
            disordered: 1,
            cavalry_against_square: 1,
            light_cavalry_against_formed: 1,
            shaken_or_routing: 2,
            charging: -1,
            deeper: -1,
            close_against_open: -1,
            flank_or_rear: -1,
            opponents_shaken: -1,
            cavalry_against_broken: -1,
            armoured_or_lancers: -2,
            opponents_routing: -2,
            save: 5,
            save_out_of_order: 1,
            save_downhill: 1,
            save_armoured: -1,
            break_ratio: 2,
        }
    }
}

/// Formation changes ("Burt 12").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Formations {
    /// Bases of frontage changed in each quarter of a move.
    pub frontage_a_quarter: u32,
    /// How much wider open order stands than close order.
    pub open_order_width: f64,
}

impl Default for Formations {
    fn default() -> Self {
        Formations {
            frontage_a_quarter: 1,
            open_order_width: 2.0,
        }
    }
}

/// What is wrong with a scenario's tables, each problem named by its path.
pub fn problems(t: &Tables, out: &mut Vec<grognard_engine::files::Problem>) {
    use grognard_engine::files::Problem;
    let positive = |out: &mut Vec<Problem>, path: String, v: f64| {
        if !(v.is_finite() && v > 0.0) {
            out.push(Problem::new(
                format!("tables.{path}"),
                format!("{v}"),
                "give a number above nothing",
            ));
        }
    };
    let m = &t.movement;
    for (name, r) in [
        ("infantry_column", m.infantry_column),
        ("infantry_line", m.infantry_line),
        ("infantry_square", m.infantry_square),
        ("skirmishers", m.skirmishers),
        ("heavy_cavalry", m.heavy_cavalry),
        ("light_cavalry", m.light_cavalry),
        ("foot_guns", m.foot_guns),
        ("horse_guns", m.horse_guns),
        ("staff_officers", m.staff_officers),
        ("wagons", m.wagons),
    ] {
        positive(out, format!("movement.{name}.move"), r.normal);
    }
    for w in Weapon::ALL {
        let b = t.ranges.of(w);
        positive(out, format!("ranges.{}.short", w.key()), b.short);
        if !(b.short <= b.medium && b.medium <= b.long) {
            out.push(Problem::new(
                format!("tables.ranges.{}", w.key()),
                format!("{} / {} / {}", b.short, b.medium, b.long),
                "give short, medium and long ranges, each no shorter than the one before",
            ));
        }
    }
    for (path, n) in [
        ("fire.figures_a_die", t.fire.figures_a_die),
        ("assault.figures_a_die", t.assault.figures_a_die),
        ("assault.break_ratio", t.assault.break_ratio),
    ] {
        if n == 0 {
            out.push(Problem::new(
                format!("tables.{path}"),
                "0",
                "give a whole number above nothing, e.g. 4",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flattened_tables_read_row_by_row() {
        let t = Tables::default();
        // "Light cavalry | 12" | 16" | 24"": move, charge, reserve.
        assert_eq!(
            t.movement.light_cavalry,
            rates(12.0, Some(16.0), Some(24.0))
        );
        // "Infantry in square | 3" | NA | 6"".
        assert_eq!(t.movement.infantry_square.charge, None);
        // "Staff officers | 24" | | |": no charge and no reserve move.
        assert_eq!(t.movement.staff_officers, rates(24.0, None, None));
        // "9pdr ball | 20" | 40" | 60"".
        assert_eq!(t.ranges.of(Weapon::Ball9), bands(20.0, 40.0, 60.0));
        assert_eq!(t.morale.pass(Class::A), 2);
        assert_eq!(t.morale.pass(Class::E), 6);
    }

    #[test]
    fn a_scenario_changes_only_what_it_names() {
        let t: Tables =
            toml::from_str("[fire]\nhit = 4\n[morale]\npass = [1, 2, 3, 4, 5]\n").expect("tables");
        assert_eq!(t.fire.hit, 4);
        assert_eq!(t.fire.save, 5);
        assert_eq!(t.morale.pass(Class::C), 3);
        assert_eq!(t.movement, Movement::default());
        let mut out = Vec::new();
        problems(&t, &mut out);
        assert!(out.is_empty(), "{out:?}");
        let bad: Tables =
            toml::from_str("[ranges.musket]\nshort = 3\nmedium = 9\nlong = 6\n").expect("tables");
        problems(&bad, &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].path, "tables.ranges.musket");
    }

    #[test]
    fn a_weapon_is_named_as_its_row_of_the_range_table() {
        // Each weapon's name in a file is the key of its row in `[tables.ranges]`.
        let ranges = toml::Value::try_from(Ranges::default()).expect("ranges");
        let keys = ranges.as_table().expect("a table");
        for w in Weapon::ALL {
            assert!(keys.contains_key(w.key()), "{w:?} has no row {}", w.key());
            let named = toml::Value::try_from(Wrap { w }).expect("weapon");
            assert_eq!(named["w"].as_str(), Some(w.key()));
        }
        #[derive(Serialize)]
        struct Wrap {
            w: Weapon,
        }
    }
}
