// Grognard in the browser: the list of games, a seat at a battle, and a replay viewer.
// Everything drawn comes from the server's scene; every rule is the server's.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const SIDE_COLOURS = ['#2c5aa0', '#b22b2b'];
const SEATS_KEY = 'grognard-seats';

// ---- small helpers -------------------------------------------------------------------

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}

// Replace a node's children, leaving out the empty ones.
function put(node, ...kids) {
  node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
}

function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(path, init);
  let j = null;
  try { j = await r.json(); } catch (_) { j = null; }
  if (!r.ok) throw new ApiError(r.status, j);
  return j;
}

function refusalText(e) {
  if (e instanceof ApiError && e.body.rule) return `${e.body.reason} (${e.body.rule})`;
  if (e instanceof ApiError && e.body.problems) return `${e.message}:\n${e.body.problems.join('\n')}`;
  return e.message;
}

function mySeats() {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY)) || []; } catch (_) { return []; }
}

function keepSeat(seat) {
  const seats = mySeats().filter((s) => s.token !== seat.token);
  seats.push(seat);
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

function pct(p) {
  return p >= 10 ? `${p.toFixed(1)}%` : `${p.toFixed(2)}%`;
}

function outcomeText(outcome, names) {
  if (!outcome) return null;
  if (outcome.winner === null || outcome.winner === undefined) return `A draw: ${outcome.reason}`;
  return `The ${names[outcome.winner]} win: ${outcome.reason}`;
}

// ---- the table -----------------------------------------------------------------------

// Corners of a base, front edge first, in table inches.
function corners(b) {
  const f = [Math.cos(b.pose.facing), Math.sin(b.pose.facing)];
  const l = [-f[1], f[0]];
  const [x, y] = b.pose.pos;
  const hd = b.depth / 2;
  const hw = b.width / 2;
  const at = (a, s) => [x + f[0] * a + l[0] * s, y + f[1] * a + l[1] * s];
  return [at(hd, hw), at(hd, -hw), at(-hd, -hw), at(-hd, hw)];
}

// A base's centre, in table inches.
function posOf(b) {
  return { x: b.pose.pos[0], y: b.pose.pos[1] };
}

const TERRAIN = {
  hill: ['#ddcc9a', '#a08a55'],
  town: ['#a9846a', '#6b4f3a'],
  dense_wood: ['#2f6b34', '#1f4a23'],
  light_wood: ['#7fb07a', '#4f8a4a'],
  copse: ['#3f7f3f', '#2a5a2a'],
  building: ['#8c5a3c', '#3a2418'],
  stream: ['none', '#4f86c6'],
  river: ['none', '#2f62a8'],
  road: ['none', '#c2a878'],
  bridge: ['#7a5a3a', '#4a3520'],
  ford: ['#9cc3e6', '#4f86c6'],
  hedge: ['none', '#3e6b2e'],
  wall: ['none', '#7d7d7d'],
  hasty_works: ['none', '#8a6d3b'],
  field_works: ['#b89c6a', '#5c4424'],
};
const LAYER = { hill: 0, stream: 1, river: 1, ford: 2, road: 3, bridge: 4, hedge: 6, wall: 6, hasty_works: 6, field_works: 6, building: 7 };

class Board {
  // `opts.onSelect(unit)`, `opts.onDrop(move)`: what a click on a unit and a unit dragged
  // and dropped mean to the page; `opts.draggable(unit)` says which units may be dragged.
  constructor(parent, opts = {}) {
    this.opts = opts;
    this.scene = null;
    this.selected = null;
    this.actable = new Set();
    this.showNames = true;
    this.showGrid = true;
    this.ruler = false;
    this.ghost = null;
    this.wrap = el('div', { class: 'board-wrap' });
    const tools = el('div', { class: 'board-tools' },
      el('button', { id: 'zoom-in', title: 'Zoom in', onclick: () => this.zoom(0.8) }, '+'),
      el('button', { id: 'zoom-out', title: 'Zoom out', onclick: () => this.zoom(1.25) }, '−'),
      el('button', { id: 'fit', onclick: () => { this.fit(); } }, 'Whole table'),
      this.gridBtn = el('button', { id: 'grid-toggle', class: 'active', onclick: () => { this.showGrid = !this.showGrid; this.gridBtn.classList.toggle('active', this.showGrid); this.draw(); } }, 'Inch grid'),
      this.namesBtn = el('button', { id: 'names-toggle', class: 'active', onclick: () => { this.showNames = !this.showNames; this.namesBtn.classList.toggle('active', this.showNames); this.draw(); } }, 'Names'),
      this.rulerBtn = el('button', { id: 'ruler-toggle', title: 'Drag on the table to measure', onclick: () => { this.ruler = !this.ruler; this.rulerBtn.classList.toggle('active', this.ruler); } }, 'Ruler'),
      this.rulerOut = el('span', { id: 'ruler-out', class: 'note' }));
    this.svg = svg('svg', { class: 'board', id: 'board' });
    this.legend = el('div', { class: 'legend note', id: 'legend' });
    this.wrap.append(tools, this.svg, this.legend);
    parent.append(this.wrap);
    this.vb = null;
    this.listen();
  }

  // Table inches to drawing units: x is the same, y grows up the table, down the page.
  Y(y) { return this.scene.depth - y; }

  toTable(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return { x: p.x, y: this.scene.depth - p.y };
  }

  setScene(scene, { selected = null, actable = new Set() } = {}) {
    const first = !this.scene || this.scene.width !== scene.width || this.scene.depth !== scene.depth;
    this.scene = scene;
    this.selected = selected;
    this.actable = actable;
    this.ghost = null;
    if (first) this.fit(false);
    this.draw();
  }

  fit(redraw = true) {
    const m = Math.max(this.scene.width, this.scene.depth) * 0.06;
    this.vb = { x: -m, y: -m, w: this.scene.width + 2 * m, h: this.scene.depth + 2 * m };
    this.applyViewBox();
    if (redraw) this.draw();
  }

  applyViewBox() {
    const v = this.vb;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  // `n` screen pixels in table inches at the present zoom: text keeps its size on the
  // screen whatever the size of the table.
  px(n) {
    const w = this.svg.clientWidth || 900;
    const h = this.svg.clientHeight || 600;
    return n * Math.max(this.vb.w / w, this.vb.h / h);
  }

  zoom(f, cx, cy) {
    const v = this.vb;
    cx = cx ?? v.x + v.w / 2;
    cy = cy ?? v.y + v.h / 2;
    const w = Math.min(Math.max(v.w * f, 4), this.scene.width * 4);
    const h = v.h * (w / v.w);
    this.vb = { x: cx - (cx - v.x) * (w / v.w), y: cy - (cy - v.y) * (h / v.h), w, h };
    this.applyViewBox();
    clearTimeout(this.redraw);
    this.redraw = setTimeout(() => this.draw(), 120);
  }

  listen() {
    this.svg.addEventListener('wheel', (e) => {
      if (!this.scene) return;
      e.preventDefault();
      if (this.ghost && e.shiftKey) {
        this.turnGhost(e.deltaY > 0 ? -5 : 5);
        return;
      }
      const p = this.toTable(e);
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, this.Y(p.y));
    }, { passive: false });
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.move(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => { this.gesture = null; });
  }

  baseAt(e) {
    const g = e.target.closest && e.target.closest('.base');
    if (!g) return null;
    const id = Number(g.dataset.unit);
    return this.scene.bases.find((b) => b.id === id) || null;
  }

  down(e) {
    if (!this.scene) return;
    const p = this.toTable(e);
    this.svg.setPointerCapture(e.pointerId);
    if (this.ruler) {
      this.gesture = { kind: 'ruler', from: p, to: p };
      return;
    }
    const b = this.baseAt(e);
    if (b) {
      this.gesture = { kind: 'unit', base: b, from: p, moved: false };
      return;
    }
    this.gesture = { kind: 'pan', from: { x: e.clientX, y: e.clientY }, vb: { ...this.vb } };
    this.svg.classList.add('panning');
  }

  move(e) {
    const g = this.gesture;
    if (!g) return;
    if (g.kind === 'pan') {
      const r = this.svg.getBoundingClientRect();
      const k = Math.max(this.vb.w / r.width, this.vb.h / r.height);
      this.vb = { ...g.vb, x: g.vb.x - (e.clientX - g.from.x) * k, y: g.vb.y - (e.clientY - g.from.y) * k };
      this.applyViewBox();
    } else if (g.kind === 'ruler') {
      g.to = this.toTable(e);
      this.drawRuler(g.from, g.to);
    } else if (g.kind === 'unit') {
      const p = this.toTable(e);
      const d = Math.hypot(p.x - g.from.x, p.y - g.from.y);
      if (!g.moved && d < 0.15) return;
      if (!this.opts.draggable || !this.opts.draggable(g.base)) return;
      g.moved = true;
      const at = posOf(g.base);
      this.ghost = {
        base: g.base,
        x: at.x + (p.x - g.from.x),
        y: at.y + (p.y - g.from.y),
        facing: this.ghost && this.ghost.base.id === g.base.id ? this.ghost.facing : g.base.pose.facing,
      };
      this.drawGhost();
    }
  }

  up(e) {
    const g = this.gesture;
    this.gesture = null;
    this.svg.classList.remove('panning');
    if (!g) return;
    if (g.kind === 'unit') {
      if (g.moved && this.ghost) {
        if (this.opts.onDrop) this.opts.onDrop(this.dropped());
      } else if (this.opts.onSelect) {
        this.opts.onSelect(g.base.id);
      }
    } else if (g.kind === 'ruler') {
      this.drawRuler(g.from, g.to);
    }
  }

  dropped() {
    const gh = this.ghost;
    return { unit: gh.base.id, x: gh.x, y: gh.y, facing: gh.facing };
  }

  turnGhost(deg) {
    if (!this.ghost) return;
    this.ghost.facing += (deg * Math.PI) / 180;
    this.drawGhost();
    if (this.opts.onDrop) this.opts.onDrop(this.dropped());
  }

  clearGhost() {
    this.ghost = null;
    const old = this.svg.querySelector('#ghost');
    if (old) old.remove();
  }

  drawGhost() {
    const old = this.svg.querySelector('#ghost');
    if (old) old.remove();
    if (!this.ghost) return;
    const gh = this.ghost;
    const b = { ...gh.base, pose: { pos: [gh.x, gh.y], facing: gh.facing } };
    const g = this.baseShape(b, 'ghost');
    g.setAttribute('id', 'ghost');
    const from = posOf(gh.base);
    g.prepend(svg('line', { x1: from.x, y1: this.Y(from.y), x2: gh.x, y2: this.Y(gh.y), stroke: '#333', 'stroke-width': 0.05, 'stroke-dasharray': '0.2 0.15' }));
    this.svg.append(g);
  }

  drawRuler(a, b) {
    const old = this.svg.querySelector('#ruler');
    if (old) old.remove();
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    this.rulerOut.textContent = `${d.toFixed(1)}"`;
    this.svg.append(svg('g', { id: 'ruler' },
      svg('line', { x1: a.x, y1: this.Y(a.y), x2: b.x, y2: this.Y(b.y), stroke: '#000', 'stroke-width': 0.06 }),
      this.label(`${d.toFixed(1)}"`, (a.x + b.x) / 2, this.Y((a.y + b.y) / 2) - this.px(8), this.px(13), '#000')));
  }

  // A text with a pale halo, kept inside the table's width.
  label(text, x, y, size, fill, extra = {}) {
    const t = svg('text', { x, y, 'font-size': size, fill, 'text-anchor': 'middle', stroke: 'white', 'stroke-width': size * 0.18, 'paint-order': 'stroke', ...extra }, text);
    t.dataset.clamp = '1';
    return t;
  }

  baseShape(b, cls) {
    const c = corners(b);
    const pts = c.map(([x, y]) => `${x},${this.Y(y)}`).join(' ');
    const colour = SIDE_COLOURS[b.side % 2];
    const g = svg('g', { class: cls });
    if (b.stands && b.stands.length) {
      // A unit of several stands: its footprint pale, each stand with its front edge and
      // a dot for each figure on it.
      g.append(svg('polygon', { class: 'body', points: pts, fill: colour, 'fill-opacity': 0.18, stroke: colour, 'stroke-width': 0.04, 'stroke-dasharray': '0.15 0.1' }));
      for (const st of b.stands) {
        const sc = corners(st);
        g.append(svg('polygon', { class: 'stand', points: sc.map(([x, y]) => `${x},${this.Y(y)}`).join(' '), fill: colour, stroke: '#111', 'stroke-width': 0.03 }));
        g.append(svg('line', { x1: sc[0][0], y1: this.Y(sc[0][1]), x2: sc[1][0], y2: this.Y(sc[1][1]), stroke: '#f5e663', 'stroke-width': Math.min(st.depth, st.width) * 0.12 }));
        const n = Math.max(st.figures, 1);
        const f = [Math.cos(st.pose.facing), Math.sin(st.pose.facing)];
        const l = [-f[1], f[0]];
        for (let i = 0; i < st.figures; i++) {
          const along = ((i + 0.5) / n - 0.5) * st.width;
          const x = st.pose.pos[0] - l[0] * along;
          const y = st.pose.pos[1] - l[1] * along;
          g.append(svg('circle', { class: 'figure', cx: x, cy: this.Y(y), r: Math.min(st.width / n, st.depth) * 0.22, fill: '#f4f1e8' }));
        }
      }
      return g;
    }
    g.append(svg('polygon', { class: 'body', points: pts, fill: colour, stroke: '#111', 'stroke-width': 0.04 }));
    g.append(svg('line', { x1: c[0][0], y1: this.Y(c[0][1]), x2: c[1][0], y2: this.Y(c[1][1]), stroke: '#f5e663', 'stroke-width': Math.min(b.depth, b.width) * 0.12 }));
    return g;
  }

  draw() {
    const s = this.scene;
    if (!s) return;
    const root = this.svg;
    put(root, );
    root.append(svg('rect', { x: 0, y: 0, width: s.width, height: s.depth, fill: '#cfe0a8', stroke: '#555', 'stroke-width': 0.06 }));
    const terrain = [...s.terrain].sort((a, b) => (LAYER[a.kind] ?? 5) - (LAYER[b.kind] ?? 5));
    for (const t of terrain) {
      const [fill, stroke] = TERRAIN[t.kind] || ['#ccc', '#888'];
      const pts = t.points.map(([x, y]) => `${x},${this.Y(y)}`).join(' ');
      const tip = svg('title', {}, `${t.name ? t.name + ': ' : ''}${t.kind.replace('_', ' ')}${t.elevation ? `, level ${t.elevation}` : ''}`);
      if (t.band !== null && t.band !== undefined) {
        root.append(svg('polyline', { class: 'terrain', points: pts, fill: 'none', stroke, 'stroke-width': Math.max(t.band, 0.08), 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, tip));
      } else {
        root.append(svg('polygon', { class: 'terrain', points: pts, fill: t.kind === 'hill' && t.elevation > 1 ? '#c9b27c' : fill, stroke, 'stroke-width': 0.04 }, tip));
      }
    }
    if (this.showGrid) this.drawGrid();
    for (const t of terrain) {
      if (!t.name || t.points.length === 0) continue;
      const mid = t.band !== null && t.band !== undefined
        ? t.points[Math.floor(t.points.length / 2)]
        : [t.points.reduce((a, p) => a + p[0], 0) / t.points.length, t.points.reduce((a, p) => a + p[1], 0) / t.points.length];
      root.append(this.label(t.name, mid[0], this.Y(mid[1]), this.px(13), '#3b2f1a', { 'font-style': 'italic', class: 'terrain-name' }));
    }
    for (const p of s.points) {
      const c = SIDE_COLOURS[p.side % 2];
      root.append(svg('circle', { cx: p.x, cy: this.Y(p.y), r: this.px(6), fill: 'white', stroke: c, 'stroke-width': this.px(2) }));
      root.append(this.label(p.label, p.x, this.Y(p.y) - this.px(9), this.px(12), c, { class: 'point-label' }));
    }
    const markers = new Set();
    // Larger bases first, so that an officer standing on a brigade is drawn (and clicked)
    // on top of it.
    const drawOrder = [...s.bases].sort((a, b) => b.width * b.depth - a.width * a.depth);
    for (const b of drawOrder) {
      const cls = ['base', `side${b.side}`];
      if (b.id === this.selected) cls.push('selected');
      if (this.actable.has(b.id)) cls.push('can-act');
      const g = this.baseShape(b, cls.join(' '));
      g.dataset.unit = b.id;
      g.setAttribute('id', `unit-${b.id}`);
      const at = posOf(b);
      const size = Math.max(Math.min(b.width, b.depth) * 0.42, this.px(9));
      g.append(svg('title', {}, `${b.name || b.label} (${b.arm})${b.marker ? ', ' + b.marker : ''}`));
      g.append(svg('text', { x: at.x, y: this.Y(at.y) + size * 0.35, 'font-size': size, 'text-anchor': 'middle', fill: 'white' }, b.label));
      if (b.marker) {
        markers.add(b.marker);
        g.append(this.label(b.marker, at.x, this.Y(at.y) + size * 1.4, Math.max(size * 0.8, this.px(10)), '#5a1a00', { class: 'marker' }));
      }
      if (this.showNames && b.name) {
        g.append(this.label(b.name, at.x, this.Y(at.y) - Math.max(b.width, b.depth) * 0.55 - this.px(3), this.px(11), '#222', { class: 'unit-name' }));
      }
      root.append(g);
    }
    this.clamp();
    this.spread();
    this.drawGhost();
    put(this.legend, 
      ...s.side_names.map((n, i) => el('span', {}, el('span', { class: 'swatch', style: `background:${SIDE_COLOURS[i]}` }), n)),
      el('span', {}, el('span', { class: 'swatch', style: 'background:#f5e663' }), 'front edge'),
      ...[...markers].sort().map((m) => el('span', { class: 'marker-key' }, `“${m}” under a unit: its state`)),
      el('span', {}, 'grid: 1 inch, darker every 6'));
  }

  // Labels hanging over the table's left or right edge are moved inside it.
  clamp() {
    for (const t of this.svg.querySelectorAll('text[data-clamp]')) {
      let w;
      try { w = t.getComputedTextLength(); } catch (_) { continue; }
      if (!w) continue;
      const x = Number(t.getAttribute('x'));
      const lo = w / 2 + 0.1;
      const hi = this.scene.width - w / 2 - 0.1;
      if (hi > lo) t.setAttribute('x', Math.min(Math.max(x, lo), hi));
      const y = Number(t.getAttribute('y'));
      const size = Number(t.getAttribute('font-size'));
      t.setAttribute('y', Math.min(Math.max(y, size + 0.05), this.scene.depth - 0.1));
    }
  }

  // Unit names that would cover one another are moved below their unit, or, failing that,
  // left to the unit's tooltip.
  spread() {
    const placed = [];
    const hits = (r) => placed.some((q) => r.x < q.x + q.width && q.x < r.x + r.width && r.y < q.y + q.height && q.y < r.y + r.height);
    for (const t of this.svg.querySelectorAll('text.unit-name')) {
      let r;
      try { r = t.getBBox(); } catch (_) { continue; }
      if (hits(r)) {
        const b = this.scene.bases.find((x) => x.id === Number(t.parentNode.dataset.unit));
        const at = posOf(b);
        const below = this.Y(at.y) + Math.max(b.width, b.depth) * 0.55 + this.px(12);
        t.setAttribute('y', below);
        r = t.getBBox();
        if (hits(r)) {
          t.setAttribute('display', 'none');
          continue;
        }
      }
      placed.push(r);
    }
  }

  drawGrid() {
    const s = this.scene;
    const g = svg('g', { id: 'grid' });
    for (let x = 0; x <= s.width + 1e-9; x += 1) {
      const major = Math.round(x) % 6 === 0;
      g.append(svg('line', { x1: x, y1: 0, x2: x, y2: s.depth, stroke: '#000', 'stroke-opacity': major ? 0.22 : 0.08, 'stroke-width': major ? 0.04 : 0.02 }));
      if (major) g.append(svg('text', { x, y: s.depth + this.px(14), 'font-size': this.px(11), 'text-anchor': 'middle', fill: '#444' }, `${Math.round(x)}"`));
    }
    for (let y = 0; y <= s.depth + 1e-9; y += 1) {
      const major = Math.round(y) % 6 === 0;
      g.append(svg('line', { x1: 0, y1: this.Y(y), x2: s.width, y2: this.Y(y), stroke: '#000', 'stroke-opacity': major ? 0.22 : 0.08, 'stroke-width': major ? 0.04 : 0.02 }));
      if (major) g.append(svg('text', { x: -this.px(4), y: this.Y(y) + this.px(4), 'font-size': this.px(11), 'text-anchor': 'end', fill: '#444' }, `${Math.round(y)}"`));
    }
    // A scale bar of six inches under the table.
    const bar = this.px(30);
    g.append(svg('line', { x1: 0, y1: s.depth + bar, x2: 6, y2: s.depth + bar, stroke: '#000', 'stroke-width': this.px(3) }));
    g.append(svg('text', { x: 6 + this.px(5), y: s.depth + bar + this.px(4), 'font-size': this.px(11), fill: '#000' }, '6 inches'));
    this.svg.append(g);
  }
}

// ---- the exact odds of an order --------------------------------------------------------

function oddsBlock(odds) {
  if (!odds) return null;
  const rows = odds.outcomes.map((o) => el('tr', {}, el('td', {}, o.outcome), el('td', {}, pct(o.percent)), el('td', { class: 'note' }, `${o.numerator}/${o.denominator}`)));
  const mods = odds.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.reason}`);
  return el('div', { class: 'odds' },
    el('div', { class: 'section' }, `${odds.about.title}, ${odds.about.dice} (${odds.about.section})`),
    mods.length ? el('div', { class: 'note' }, `Modifiers (${odds.about.modifiers}): ${mods.join('; ')}`) : null,
    el('table', {}, rows));
}

// ---- the list of games -----------------------------------------------------------------

async function lobby(app) {
  document.getElementById('headline').textContent = 'Play a battle';
  const books = await api('GET', '/api/books');
  const msg = el('p', { id: 'message', class: 'error' });
  const playerSelect = (id, value) => el('select', { id }, ...['person', 'ai', 'random'].map((p) => el('option', { value: p, selected: p === value }, p === 'ai' ? 'the AI' : p === 'random' ? 'the random player' : 'a person')));
  const form = el('form', { id: 'new-game' },
    el('fieldset', {},
      el('legend', {}, 'A new battle'),
      el('label', {}, 'Book ', el('select', { id: 'rules' }, ...books.map((b) => el('option', { value: b.name }, b.title)))),
      el('label', {}, 'Seed ', el('input', { id: 'seed', type: 'number', min: 0, placeholder: 'any' })),
      el('br'),
      el('label', {}, 'First side: ', playerSelect('player0', 'person')),
      el('label', {}, 'Second side: ', playerSelect('player1', 'ai')),
      el('br'),
      el('label', {}, 'Scenario file (empty: the book\'s built-in battle) ', el('input', { id: 'scenario', type: 'file', accept: '.toml,.json,.yaml,.yml,.txt' })),
      el('br'),
      el('label', {}, el('input', { id: 'free-takeback', type: 'checkbox' }), ' Take back orders freely, even after dice (against a machine only)'),
      el('br'),
      el('button', { id: 'start', type: 'submit' }, 'Start the battle')));
  const made = el('div', { id: 'made' });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    const file = document.getElementById('scenario').files[0];
    const seed = document.getElementById('seed').value;
    const players = [document.getElementById('player0').value, document.getElementById('player1').value];
    const body = {
      rules: document.getElementById('rules').value,
      players,
      free_takeback: document.getElementById('free-takeback').checked,
    };
    if (seed !== '') body.seed = Number(seed);
    if (file) body.scenario = await file.text();
    try {
      const r = await api('POST', '/api/games', body);
      const tokens = r.seats.map((t, side) => (t ? { id: r.id, token: t, side, rules: body.rules } : null)).filter(Boolean);
      tokens.forEach(keepSeat);
      if (tokens.length === 0) location.href = `/watch/${r.id}`;
      else if (tokens.length === 1) location.href = `/seat/${tokens[0].token}`;
      else {
        put(made, el('h2', {}, `Game ${r.id}: a seat for each side`),
          el('p', { class: 'note' }, 'Each link is a secret seat: open both here to play at one screen, or send one to the other player.'),
          ...tokens.map((t) => el('p', {}, el('a', { class: 'seat-link', href: `/seat/${t.token}` }, `Seat of side ${t.side + 1}: ${location.origin}/seat/${t.token}`))));
      }
    } catch (err) {
      msg.textContent = refusalText(err);
    }
  });
  const importer = el('input', { id: 'replay-file', type: 'file', accept: '.json' });
  importer.addEventListener('change', async () => {
    const f = importer.files[0];
    if (!f) return;
    try {
      const r = await api('POST', '/api/replays', await f.text());
      location.href = `/watch/${r.id}`;
    } catch (err) {
      msg.textContent = refusalText(err);
    }
  });
  const games = await api('GET', '/api/games');
  const byId = new Map(games.map((g) => [g.id, g]));
  const seats = mySeats().filter((s) => byId.has(s.id));
  const status = (g) => (g.outcome ? outcomeText(g.outcome, g.sides) : g.to_act !== null ? `the ${g.sides[g.to_act]} to act` : '');
  put(app, form, msg, made,
    el('h2', {}, 'Your seats'),
    seats.length
      ? el('table', { class: 'games', id: 'my-seats' }, ...seats.map((s) => {
        const g = byId.get(s.id);
        return el('tr', {}, el('td', {}, `Game ${s.id}`), el('td', {}, g.sides[s.side]), el('td', {}, g.headline), el('td', {}, status(g)), el('td', {}, el('a', { href: `/seat/${s.token}` }, 'play')));
      }))
      : el('p', { class: 'note' }, 'None yet in this browser.'),
    el('h2', {}, 'All games'),
    el('table', { class: 'games', id: 'games' },
      el('tr', {}, el('th', {}, 'Game'), el('th', {}, 'Book'), el('th', {}, 'Sides'), el('th', {}, 'Players'), el('th', {}, 'Where'), el('th', {}, 'Status'), el('th', {})),
      ...games.map((g) => el('tr', {}, el('td', {}, g.id), el('td', {}, g.rules), el('td', {}, g.sides.join(' against ')), el('td', {}, g.players.join(', ')), el('td', {}, g.headline), el('td', {}, status(g)),
        el('td', {}, g.outcome || g.players[0] === 'replay' ? el('a', { href: `/watch/${g.id}` }, 'watch') : '')))),
    el('h2', {}, 'Watch a replay'),
    el('label', {}, 'A replay file from `grognard battle --replay` or from a game here: ', importer));
}

// ---- stepping through a game -----------------------------------------------------------

// Steps through a game turn by turn or step by step. `base` is the API path that gives
// `turns` and `at/{step}`.
async function stepper(parent, board, base, onShown) {
  const info = await api('GET', `${base}/turns`);
  let step = info.steps;
  const out = el('span', { id: 'step-out' });
  const range = el('input', { id: 'step-range', type: 'range', min: 0, max: info.steps, value: step });
  const show = async (s) => {
    step = Math.max(0, Math.min(info.steps, s));
    range.value = step;
    const at = await api('GET', `${base}/at/${step}`);
    out.textContent = `step ${step} of ${info.steps}: ${at.headline}`;
    board.setScene(at.scene);
    if (onShown) onShown(at);
  };
  const turnStarts = info.turns.map((t) => t.step);
  const prevTurn = () => [...turnStarts].reverse().find((t) => t < step) ?? 0;
  const nextTurn = () => turnStarts.find((t) => t > step) ?? info.steps;
  parent.append(el('div', { class: 'steps-bar' },
    el('button', { id: 'first', onclick: () => show(0) }, '⏮'),
    el('button', { id: 'prev-turn', title: 'Back a turn', onclick: () => show(prevTurn()) }, '« turn'),
    el('button', { id: 'prev', title: 'Back a step', onclick: () => show(step - 1) }, '‹'),
    el('button', { id: 'next', title: 'On a step', onclick: () => show(step + 1) }, '›'),
    el('button', { id: 'next-turn', title: 'On a turn', onclick: () => show(nextTurn()) }, 'turn »'),
    el('button', { id: 'last', onclick: () => show(info.steps) }, '⏭'),
    range), out);
  range.addEventListener('change', () => show(Number(range.value)));
  await show(step);
  return info;
}

async function watchPage(app, id) {
  document.getElementById('headline').textContent = `Game ${id}`;
  const msg = el('p', { id: 'message', class: 'error' });
  const side = el('div', { class: 'panel' });
  const left = el('div');
  put(app, el('div', { class: 'play' }, left, side), msg);
  const board = new Board(left, {});
  try {
    const bar = el('section');
    side.append(bar);
    await stepper(bar, board, `/api/games/${id}`, (at) => { document.getElementById('headline').textContent = `Game ${id}: ${at.headline}`; });
    side.append(el('section', {}, el('a', { id: 'export', href: `/api/games/${id}/replay`, download: `grognard-game-${id}.replay.json` }, 'Export replay.json')));
  } catch (err) {
    msg.textContent = refusalText(err);
  }
}

// ---- a seat at a battle ----------------------------------------------------------------

async function seatPage(app, token) {
  const msg = el('p', { id: 'message', class: 'error', role: 'alert' });
  const left = el('div');
  const panel = el('div', { class: 'panel' });
  put(app, el('div', { class: 'play' }, left, panel), msg);
  let view = null;
  let selected = null;
  let history = false;
  let busy = false;

  const board = new Board(left, {
    onSelect: (unit) => { if (!history) { selected = unit; board.clearGhost(); render(); } },
    draggable: (b) => !history && view && view.to_act === view.side && b.side === view.side,
    onDrop: (move) => judgeMove(move),
  });

  const status = el('section', { id: 'status' });
  const judged = el('section', { id: 'judged', hidden: true });
  const unitOrders = el('section', { id: 'unit-orders' });
  const sideOrders = el('section', { id: 'side-orders' });
  const around = el('section', { id: 'around' });
  const log = el('section', { id: 'log-box' }, el('h3', {}, 'What happened'), el('div', { class: 'log', id: 'log' }));
  panel.append(status, judged, sideOrders, unitOrders, around, log);

  async function give(command) {
    if (busy) return;
    busy = true;
    msg.textContent = '';
    try {
      view = await api('POST', `/api/seat/${token}/command`, { command });
      board.clearGhost();
      judged.hidden = true;
      render();
    } catch (err) {
      msg.textContent = refusalText(err);
      if (err.status === 409) await load();
    } finally {
      busy = false;
    }
  }

  async function judgeMove(move) {
    msg.textContent = '';
    try {
      const j = await api('POST', `/api/seat/${token}/judge`, { move });
      judged.hidden = false;
      judged.className = j.legal ? 'judged legal' : 'judged illegal';
      put(judged, el('h3', {}, 'The move you drew'),
        el('p', { id: 'judged-text' }, j.text),
        j.legal ? el('p', { class: 'note' }, 'The book allows it.') : el('p', { id: 'judged-refusal', class: 'error' }, `Not allowed: ${j.refusal.reason} (${j.refusal.rule})`),
        oddsBlock(j.odds),
        el('div', {},
          el('button', { id: 'turn-left', title: 'Turn the drawn unit 15° left (or shift and the wheel)', onclick: () => board.turnGhost(15) }, '⟲ 15°'),
          el('button', { id: 'turn-right', title: 'Turn it 15° right', onclick: () => board.turnGhost(-15) }, '⟳ 15°'),
          el('button', { id: 'give-move', disabled: !j.legal, onclick: () => give(j.command) }, 'Give this order'),
          el('button', { id: 'cancel-move', onclick: () => { board.clearGhost(); judged.hidden = true; } }, 'Cancel')));
    } catch (err) {
      msg.textContent = refusalText(err);
    }
  }

  function orderItem(o) {
    return el('li', {},
      el('button', { class: `order${o.suggested ? ' suggested' : ''}`, title: o.suggested ? 'The AI would give this order' : `advice: ${o.why}`, onclick: () => give(o.command) },
        o.suggested ? '★ ' : '', o.text),
      oddsBlock(o.odds));
  }

  function render() {
    const names = view.side_names;
    document.getElementById('headline').textContent = `${view.headline}`;
    // For anyone scripting the page: where the game stands.
    document.body.dataset.steps = view.steps;
    document.body.dataset.mine = view.to_act === view.side ? '1' : '0';
    document.body.dataset.over = view.outcome ? '1' : '0';
    const mine = view.to_act === view.side;
    const onTable = new Set(view.scene.bases.map((b) => b.id));
    const actable = new Set(view.orders.filter((o) => o.unit !== null).map((o) => o.unit));
    if (selected !== null && !onTable.has(selected)) selected = null;
    if (!history) board.setScene(view.scene, { selected, actable });
    const over = outcomeText(view.outcome, names);
    const others = mySeats().filter((s) => s.id === view.id && s.token !== token);
    put(status, 
      el('h3', {}, `You command the ${names[view.side]} (game ${view.id})`),
      el('p', { id: 'turn-status', class: mine ? 'status you' : 'status' },
        over || (mine ? 'Your orders.' : `Waiting for the ${names[view.to_act]}…`)),
      ...view.scene.caption.map((c) => el('p', { class: 'note' }, c)),
      ...others.map((s) => el('p', {}, el('a', { id: 'other-seat', href: `/seat/${s.token}` },
        !mine && !over && view.to_act === s.side ? `Hand over to the ${names[s.side]}` : `The ${names[s.side]}'s seat`))));
    const suggested = view.orders.find((o) => o.suggested);
    if (suggested) {
      status.append(el('p', { class: 'note' }, 'The AI would give: ',
        el('a', { href: '#', id: 'suggestion', 'data-unit': suggested.unit ?? '', onclick: (e) => { e.preventDefault(); if (suggested.unit !== null && onTable.has(suggested.unit)) { selected = suggested.unit; render(); } } }, suggested.text)));
    }
    const sideList = view.orders.filter((o) => o.unit === null || !onTable.has(o.unit));
    sideOrders.hidden = sideList.length === 0;
    put(sideOrders, el('h3', {}, 'Orders of your side'), el('ul', { class: 'orders', id: 'side-list' }, sideList.map(orderItem)));
    if (selected === null) {
      put(unitOrders, el('h3', {}, 'A unit'),
        el('p', { class: 'note' }, mine ? 'Select one of your units (outlined) to see its orders, or drag one to move it.' : 'Select a unit to see its name and state.'),
        null);
    } else {
      const b = view.scene.bases.find((x) => x.id === selected);
      const list = view.orders.filter((o) => o.unit === selected);
      put(unitOrders, el('h3', { id: 'unit-name' }, `${b.name || b.label}`),
        el('p', { class: 'note' }, `${names[b.side]}, ${b.arm}${b.marker ? ', ' + b.marker : ''}`),
        list.length ? el('ul', { class: 'orders', id: 'orders' }, list.map(orderItem)) : el('p', { class: 'note' }, mine && b.side === view.side ? 'No orders for this unit now.' : ''));
    }
    put(around, 
      el('button', { id: 'takeback', disabled: view.takeback === null, title: view.takeback === null ? 'Nothing of yours may be taken back now' : 'Take back your last order', onclick: takeback }, 'Take back'),
      ' ',
      el('button', { id: 'history-btn', onclick: toggleHistory }, history ? 'Back to the battle' : 'Step through the game'),
      ' ',
      view.outcome ? el('a', { id: 'export', href: `/api/games/${view.id}/replay`, download: `grognard-game-${view.id}.replay.json` }, 'Export replay.json') : null,
      view.free_takeback ? el('p', { class: 'note' }, 'Free take-back: orders may be taken back even after dice.') : null);
    renderLog();
  }

  function renderLog() {
    const box = document.getElementById('log');
    const kids = [];
    let heading = null;
    for (const line of view.log) {
      if (line.heading !== heading) {
        heading = line.heading;
        kids.push(el('h4', {}, heading));
      }
      kids.push(el('p', { 'data-step': line.step }, line.text));
    }
    put(box, ...kids);
    box.scrollTop = box.scrollHeight;
  }

  async function takeback() {
    msg.textContent = '';
    try {
      view = await api('POST', `/api/seat/${token}/undo`);
      board.clearGhost();
      judged.hidden = true;
      render();
    } catch (err) {
      msg.textContent = refusalText(err);
    }
  }

  let historyBox = null;
  async function toggleHistory() {
    history = !history;
    if (historyBox) { historyBox.remove(); historyBox = null; }
    if (history) {
      historyBox = el('section', { id: 'history' }, el('h3', {}, 'Step through the game'));
      panel.insertBefore(historyBox, status);
      await stepper(historyBox, board, `/api/seat/${token}`);
    }
    render();
  }

  async function load() {
    try {
      view = await api('GET', `/api/seat/${token}`);
      keepSeat({ id: view.id, token, side: view.side, rules: view.rules });
      render();
    } catch (err) {
      msg.textContent = refusalText(err);
      if (err.status === 403) put(app, el('p', { class: 'error', id: 'message' }, refusalText(err)), el('p', {}, el('a', { href: '/' }, 'To the list of games')));
      throw err;
    }
  }

  await load();
  const events = new EventSource(`/api/seat/${token}/events`);
  events.addEventListener('steps', (e) => {
    const steps = JSON.parse(e.data).steps;
    if (view && steps !== view.steps && !busy) load().catch(() => {});
  });
  window.grognardEvents = events;
}

// ---- which page ------------------------------------------------------------------------

async function main() {
  const app = document.getElementById('app');
  const path = location.pathname;
  try {
    let m;
    if ((m = path.match(/^\/seat\/([^/]+)$/))) await seatPage(app, m[1]);
    else if ((m = path.match(/^\/watch\/(\d+)$/))) await watchPage(app, Number(m[1]));
    else await lobby(app);
  } catch (err) {
    if (!document.getElementById('message')) app.append(el('p', { class: 'error', id: 'message' }, refusalText(err)));
  }
  document.body.dataset.ready = '1';
}

main();
