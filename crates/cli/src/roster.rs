//! The printable roster sheet of a designed "Napoleon's Wars" army ("NW 3.0 Army rosters"):
//! one page per army with its commands, every brigade with its loss boxes grouped by
//! fatigue level, the batteries, and circles for command and army fatigue.

use grognard_rules_napoleons_wars::design::army::{
    cinc_label, commander_label, fmt_inches, Army, Brigade,
};
use grognard_rules_napoleons_wars::design::roster::loss_boxes;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn circles(n: u32) -> String {
    "<span class=\"c\"></span>".repeat(n as usize)
}

fn brigade_row(b: &Brigade) -> String {
    let groups: Vec<String> = loss_boxes(&b.fatigue)
        .iter()
        .map(|n| "<span class=\"b\"></span>".repeat(*n as usize))
        .collect();
    format!(
        "<tr><td class=\"label\">{}</td><td>{}</td><td>{} s.p.</td><td>{}\"</td><td class=\"boxes\">{}</td><td class=\"marks\"></td></tr>\n",
        esc(&b.roster_label()),
        esc(b.name.as_deref().unwrap_or("")),
        b.sp,
        fmt_inches(b.movement),
        groups.join("<span class=\"sep\">/</span>")
    )
}

/// The whole sheet as one HTML page.
pub fn html(army: &Army) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    s.push_str(&format!("<title>{} roster</title>\n", esc(&army.name)));
    s.push_str(
        "<style>
body { font-family: Georgia, serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.3em; border-bottom: 1px solid #444; }
h3 { font-size: 0.95em; margin: 0.6em 0 0.2em; }
table { border-collapse: collapse; width: 100%; font-size: 0.85em; }
td { padding: 2px 6px; border-bottom: 1px dotted #aaa; vertical-align: middle; }
td.label { font-family: monospace; white-space: nowrap; }
td.marks { width: 6em; border-left: 1px solid #ccc; }
.b { display: inline-block; width: 0.8em; height: 0.8em; border: 1px solid #222; margin-right: 2px; }
.c { display: inline-block; width: 0.8em; height: 0.8em; border: 1px solid #222; border-radius: 50%; margin-right: 2px; }
.sep { margin: 0 4px; font-weight: bold; }
.legend { font-size: 0.8em; color: #333; margin-top: 1.5em; }
@media print { body { margin: 0.5cm; } h2 { page-break-after: avoid; } }
</style></head><body>\n",
    );
    s.push_str(&format!(
        "<h1>{} ({}, {})</h1>\n<p>CinC: <b>{}</b>{}. Army fatigue (AF-{}): {} &nbsp; ADCs: {}</p>\n",
        esc(&army.name),
        army.nation,
        army.year,
        esc(&cinc_label(&army.cinc)),
        if army.cinc.valorous { " (V)" } else { "" },
        army.fatigue,
        circles(army.fatigue),
        army.adcs
    ));
    for c in &army.commands {
        s.push_str(&format!(
            "<h2>{} &nbsp; (CF-{}) {}</h2>\n<p>{}</p>\n",
            esc(&c.name),
            c.fatigue,
            circles(c.fatigue),
            esc(&commander_label(c))
        ));
        for d in &c.divisions {
            let generals = if d.generals.is_empty() {
                String::new()
            } else {
                format!(" &nbsp; general(s): {}", esc(&d.generals.join(", ")))
            };
            s.push_str(&format!("<h3>{}{}</h3>\n<table>\n", esc(&d.name), generals));
            for b in &d.brigades {
                s.push_str(&brigade_row(b));
            }
            s.push_str("</table>\n");
        }
        if !c.batteries.is_empty() {
            s.push_str("<h3>Batteries</h3>\n<table>\n");
            for b in &c.batteries {
                s.push_str(&format!(
                    "<tr><td class=\"label\">{}</td><td>{:?} guns</td><td>{}\"</td><td class=\"boxes\"><span class=\"b\"></span> damaged</td><td class=\"marks\"></td></tr>\n",
                    esc(&b.label),
                    b.weight,
                    fmt_inches(b.movement)
                ));
            }
            s.push_str("</table>\n");
        }
    }
    if !army.independent.is_empty() {
        s.push_str("<h2>Independent brigades</h2>\n<table>\n");
        for b in &army.independent {
            s.push_str(&brigade_row(b));
        }
        s.push_str("</table>\n");
    }
    s.push_str(
        "<p class=\"legend\">Fill a box for each strength point lost; a slash between groups marks \
         the step to Worn, then to Spent (NW 3.0, II 2.6). The unit's last strength point has no \
         box: losing it removes the unit. Circles count unit losses of a command or the army: \
         strike one through for half a loss (a battery, a Spent unit, a unit routed off the table), \
         fill it for a whole one (NW II 4.0). The last column is for disorder, rout and attached \
         officers.</p>\n</body></html>\n",
    );
    s
}
