// The browser client in a real Chromium, against a running `grognard serve`.
//
//   node test.mjs BASE_URL ARTEFACT_DIR [CHROMIUM]
//
// Plays a whole 2x2 battle against the AI, and Napoleon's Wars, Beer and Pretzel and Burt
// battles to their third, fifth and fifth turns, only by clicking and dragging in the page,
// reloads a page in the middle of a battle, refuses a stranger's token, checks that no
// channel to a seat carries another seat's secrets (nor Burt's face-down orders), and keeps
// screenshots. Exit status 0 when every check passes. GROGNARD_BROWSER_ONLY=TEXT runs only
// the checks whose names hold TEXT; GROGNARD_BROWSER_TRACE=1 logs every order given.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import assert from 'node:assert/strict';

const [base, artefacts, executable = '/usr/bin/chromium'] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

const browser = await chromium.launch({
  executablePath: executable,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

function log(...a) { console.log(new Date().toISOString().slice(11, 19), ...a); }

// A page that fails the test on any script error.
async function open(context) {
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw new Error(`script error in the page: ${e.message}`); });
  return page;
}

async function steps(page) {
  return Number(await page.locator('body').getAttribute('data-steps'));
}

// Wait until the page has drawn a view after `before` steps (or any view when none).
async function drawnAfter(page, before, timeout = 60000) {
  await page.waitForFunction((b) => document.body.dataset.steps !== undefined
    && (b === null || Number(document.body.dataset.steps) !== b), before, { timeout });
}

// Click the middle of a unit's base on the table.
// A point of a unit's base on the page that nothing else covers.
async function pointOn(page, unit) {
  const box = await page.locator(`#unit-${unit} polygon.body`).boundingBox();
  assert.ok(box, `unit ${unit} is drawn`);
  const at = await page.evaluate(([id, b]) => {
    for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        const x = b.x + b.width * fx;
        const y = b.y + b.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest(`#unit-${id}`)) return { x, y };
      }
    }
    return null;
  }, [unit, box]);
  assert.ok(at, `some part of unit ${unit} can be clicked`);
  return at;
}

async function clickUnit(page, unit) {
  const at = await pointOn(page, unit);
  await page.mouse.click(at.x, at.y);
}

// Give the order the AI suggests, by clicking: the unit on the table, then the order; or
// the side's order in its list. Whether the unit's list showed the odds of an order.
async function giveSuggested(page) {
  const before = await steps(page);
  const unit = await page.locator('#suggestion').getAttribute('data-unit');
  const onTable = unit !== '' && (await page.locator(`#unit-${unit}`).count()) > 0;
  let odds = false;
  if (onTable) {
    await clickUnit(page, unit);
    odds = (await page.locator('#orders .odds').count()) > 0;
    await page.locator('#orders button.order.suggested').click();
  } else {
    await page.locator('#side-list button.order.suggested').click();
  }
  await drawnAfter(page, before);
  return odds;
}

// Start a game from the list of games by filling in its form.
async function start(page, rules, seed, players) {
  await page.goto(base + '/');
  await page.waitForSelector('body[data-ready]');
  await page.selectOption('#rules', rules);
  await page.fill('#seed', String(seed));
  await page.selectOption('#player0', players[0]);
  await page.selectOption('#player1', players[1]);
  await page.click('#start');
}

// Play with clicks until `done(page)` says so or the battle ends; on the way, drag a unit
// once (a legal move, given, then taken back) and once too far (refused with its section),
// and reload the page once.
async function play(page, name, done, limits) {
  const t0 = Date.now();
  let orders = 0;
  let dragged = false;
  let refused = false;
  let reloaded = false;
  let sawOdds = false;
  while (true) {
    if (await page.locator('body[data-over="1"]').count()) break;
    if (done && (await done(page))) break;
    assert.ok(Date.now() - t0 < limits.ms, `${name}: still playing after ${limits.ms / 1000} s`);
    assert.ok(orders < limits.orders, `${name}: more than ${limits.orders} orders`);
    if (!(await page.locator('body[data-mine="1"]').count())) {
      // The machine has the turn only inside a request; a view of the other side's turn
      // between people is not met here.
      throw new Error(`${name}: the page waits for the other side against a machine`);
    }
    if (!sawOdds && (await page.locator('.odds').count()) > 0) sawOdds = true;
    const unit = await page.locator('#suggestion').getAttribute('data-unit');
    const suggestion = await page.locator('#suggestion').textContent();
    if (!dragged && unit !== '' && / moves: /.test(suggestion) && (await page.locator(`#unit-${unit}`).count())) {
      await dragTwice(page, unit);
      dragged = true;
      refused = true;
      continue;
    }
    if (!reloaded && orders === 25) {
      const before = await steps(page);
      const headline = await page.locator('#headline').textContent();
      await page.reload();
      await page.waitForSelector('body[data-ready]');
      assert.equal(await steps(page), before, `${name}: a reloaded page is at the step it was`);
      assert.equal(await page.locator('#headline').textContent(), headline);
      reloaded = true;
      log(`${name}: reloaded at step ${before}, same headline`);
    }
    if (process.env.GROGNARD_BROWSER_TRACE) log(name, suggestion);
    if (await giveSuggested(page)) sawOdds = true;
    orders += 1;
    if (orders % 100 === 0) log(`${name}: ${orders} orders, ${await page.locator('#headline').textContent()}`);
  }
  log(`${name}: ${orders} orders in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${await page.locator('#headline').textContent()}: ${await page.locator('#turn-status').textContent()}`);
  assert.ok(sawOdds, `${name}: the odds of some order were shown before it was given`);
  return { orders, dragged, refused, reloaded };
}

// Drag a unit far off (refused, with the book's section), then a short way (allowed):
// give that order and take it back.
async function dragTwice(page, unit) {
  const { x: cx, y: cy } = await pointOn(page, unit);
  const board = await page.locator('#board').boundingBox();
  const far = board.x + board.width - 5;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 20, cy, { steps: 4 });
  await page.mouse.move(far, board.y + 5, { steps: 8 });
  await page.mouse.up();
  await page.waitForSelector('#judged-refusal');
  const why = await page.locator('#judged-refusal').textContent();
  assert.match(why, /Not allowed: .+\((2x2|NW) [^)]+\)/, `a refused move names its section: ${why}`);
  log(`drag too far: ${why}`);
  await page.click('#cancel-move');
  // A short way, trying each direction on the page until the book allows one.
  const before = await steps(page);
  for (const [dx, dy] of [[0, -12], [0, 12], [-12, 0], [12, 0], [8, -8], [-8, 8]]) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx / 4, cy + dy / 4, { steps: 2 });
    await page.mouse.move(cx + dx, cy + dy, { steps: 3 });
    await page.mouse.up();
    await page.waitForSelector('#judged-text');
    if (await page.locator('#give-move:not([disabled])').count()) {
      const text = await page.locator('#judged-text').textContent();
      await page.click('#give-move');
      await drawnAfter(page, before);
      assert.equal(await steps(page), before + 1, 'the dragged move was given');
      await page.click('#takeback:not([disabled])');
      await drawnAfter(page, before + 1);
      assert.equal(await steps(page), before, 'the dragged move was taken back');
      log(`drag a short way: "${text}" given and taken back`);
      return;
    }
    log(`drag a short way: ${await page.locator('#judged-refusal').textContent()}`);
    await page.click('#cancel-move');
  }
  throw new Error('no short drag of the unit was allowed');
}

const failures = [];
async function check(name, f) {
  const only = process.env.GROGNARD_BROWSER_ONLY;
  if (only && !name.includes(only)) return;
  const t0 = Date.now();
  try {
    await f();
    log(`ok: ${name} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } catch (e) {
    failures.push(name);
    log(`FAILED: ${name}: ${e.stack || e}`);
  }
}

await check('a stranger\'s token is refused', async () => {
  const context = await browser.newContext();
  const page = await open(context);
  await page.goto(base + '/seat/0123456789abcdef0123456789abcdef');
  await page.waitForSelector('body[data-ready]');
  assert.match(await page.locator('#message').textContent(), /no seat has this token/);
  const r = await page.request.post(base + '/api/seat/0123456789abcdef0123456789abcdef/command', { data: { command: { command: 'end_phase' } } });
  assert.equal(r.status(), 403);
  await context.close();
});

await check('a whole 2x2 battle against the AI, by clicking and dragging', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  await start(page, 'two-by-two', 3, ['person', 'ai']);
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  await page.screenshot({ path: `${artefacts}/two-by-two-start.png` });
  const r = await play(page, '2x2', null, { ms: 20 * 60 * 1000, orders: 4000 });
  assert.ok(r.dragged && r.reloaded, '2x2: a unit was dragged and the page reloaded');
  assert.ok(await page.locator('body[data-over="1"]').count(), '2x2: the battle ended');
  assert.match(await page.locator('#turn-status').textContent(), /win|draw/);
  assert.ok(await page.locator('#export').count(), '2x2: the replay can be exported at the end');
  const replay = await (await page.request.get(base + (await page.locator('#export').getAttribute('href')))).json();
  assert.equal(replay.rules, 'two-by-two');
  writeFileSync(`${artefacts}/two-by-two.replay.json`, JSON.stringify(replay));
  await page.screenshot({ path: `${artefacts}/two-by-two-end.png` });
  // The replay viewer steps back through it.
  await page.click('#history-btn');
  await page.waitForSelector('#step-out');
  await page.click('#first');
  await page.waitForFunction(() => /^step 0 /.test(document.getElementById('step-out').textContent));
  await page.click('#next-turn');
  await page.waitForFunction(() => !/^step 0 /.test(document.getElementById('step-out').textContent));
  await context.close();
});

await check('Napoleon\'s Wars against the AI to its third turn, by clicking and dragging', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  await start(page, 'napoleons-wars', 5, ['person', 'ai']);
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  await page.screenshot({ path: `${artefacts}/napoleons-wars-start.png` });
  const third = async (p) => /Turn 3\b/.test(await p.locator('#headline').textContent());
  const r = await play(page, 'NW', third, { ms: 15 * 60 * 1000, orders: 3000 });
  assert.ok(r.reloaded, 'NW: the page was reloaded');
  await page.screenshot({ path: `${artefacts}/napoleons-wars-turn-3.png` });
  await context.close();
});

await check('Beer and Pretzel against the AI to its fifth turn, its stands and figures drawn', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  await start(page, 'beer-and-pretzel', 4, ['person', 'ai']);
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  const figures = await page.locator('circle.figure').count();
  assert.ok(figures >= 150, `B&P: ${figures} figures drawn at the start`);
  assert.ok(await page.locator('polygon.stand').count() >= 50, 'B&P: stands drawn');
  await page.screenshot({ path: `${artefacts}/beer-and-pretzel-start.png` });
  const fifth = async (p) => /Turn 5\b/.test(await p.locator('#headline').textContent());
  await play(page, 'B&P', fifth, { ms: 10 * 60 * 1000, orders: 2000 });
  assert.ok(await fifth(page) || (await page.locator('body[data-over="1"]').count()) > 0, 'B&P: the fifth turn reached');
  await page.screenshot({ path: `${artefacts}/beer-and-pretzel-turn-5.png` });
  await context.close();
});

await check('Burt against the AI to its fifth turn; the AI\'s face-down orders never shown', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  await start(page, 'burt', 3, ['person', 'ai']);
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  assert.ok(await page.locator('polygon.stand').count() >= 40, 'Burt: stands drawn');
  await page.screenshot({ path: `${artefacts}/burt-start.png` });
  // At every order, the other side's units show a face-down chit only as such: never the
  // order written on it. Our own face-down chits name their order.
  let hiddenSeen = 0;
  let ownSeen = 0;
  const fifth = async (p) => {
    const theirs = await p.locator('g.base.side1 title').allTextContents();
    for (const t of theirs) {
      assert.ok(!/\(face down\)/.test(t), `Burt: the AI's hidden order shown: ${t}`);
      if (/order face down/.test(t)) hiddenSeen += 1;
    }
    const mine = await p.locator('g.base.side0 title').allTextContents();
    ownSeen += mine.filter((t) => /\(face down\)/.test(t)).length;
    return /Turn 5\b/.test(await p.locator('#headline').textContent());
  };
  await play(page, 'Burt', fifth, { ms: 10 * 60 * 1000, orders: 2000 });
  assert.ok(hiddenSeen > 0, 'Burt: the AI\'s face-down chits were on the table');
  assert.ok(ownSeen > 0, 'Burt: our own face-down chits name their orders');
  assert.ok(await fifth(page) || (await page.locator('body[data-over="1"]').count()) > 0, 'Burt: the fifth turn reached');
  await page.screenshot({ path: `${artefacts}/burt-turn-5.png` });
  await context.close();
});

await check('Napoleonic Fire & Fury against the AI to its third turn; results from Grognard\'s tables say so', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  await start(page, 'fire-and-fury', 3, ['person', 'ai']);
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  // Quatre Bras: every brigade's stands in its formation, batteries and leaders.
  assert.ok(await page.locator('polygon.stand').count() >= 100, 'F&F: stands drawn');
  await page.screenshot({ path: `${artefacts}/fire-and-fury-start.png` });
  const third = async (p) => /Turn 3\b/.test(await p.locator('#headline').textContent());
  await play(page, 'F&F', third, { ms: 10 * 60 * 1000, orders: 3000 });
  assert.ok(await third(page) || (await page.locator('body[data-over="1"]').count()) > 0, 'F&F: the third turn reached');
  // Every roll read from one of Grognard's own tables is labelled as not the published one.
  const told = await page.locator('#log').textContent();
  assert.ok(/Grognard's table, not the published one/.test(told), 'F&F: the tables are labelled in the narrative');
  await page.screenshot({ path: `${artefacts}/fire-and-fury-turn-3.png` });
  await context.close();
});

await check('two people at one screen; no channel to a seat carries the other seat\'s secrets', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await open(context);
  const seen = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/api/')) return;
    try { seen.push({ url: r.url(), body: await r.text() }); } catch (_) { /* a stream */ }
  });
  // The event stream, read as the page reads it.
  await start(page, 'two-by-two', 11, ['person', 'person']);
  await page.waitForSelector('.seat-link');
  const links = await page.locator('.seat-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.equal(links.length, 2);
  const tokens = links.map((l) => l.split('/').pop());
  await page.click('.seat-link >> nth=0');
  await page.waitForSelector('body[data-ready]');
  const streamed = [];
  await page.evaluate(() => {
    window.streamed = [];
    window.grognardEvents.addEventListener('steps', (e) => window.streamed.push(e.data));
  });
  // Play the first side's orders until the other side is to act, then hand over.
  for (let i = 0; i < 200 && (await page.locator('body[data-mine="1"]').count()); i++) await giveSuggested(page);
  assert.ok(await page.locator('body[data-mine="0"]').count(), 'the turn passed to the other person');
  assert.equal(await page.locator('button.order').count(), 0, 'a seat not to act is offered no orders');
  streamed.push(...(await page.evaluate(() => window.streamed)));
  await page.click('#other-seat');
  await page.waitForURL(new RegExp(tokens[1]));
  await page.waitForSelector('body[data-mine="1"]');
  for (let i = 0; i < 20 && (await page.locator('body[data-mine="1"]').count()); i++) await giveSuggested(page);
  // What the first seat's page was sent never holds the second seat's token, and the
  // other way round; the list of games holds neither.
  for (const s of seen) {
    const own = s.url.includes(tokens[0]) ? 0 : s.url.includes(tokens[1]) ? 1 : null;
    if (own === null) {
      if (s.url.endsWith('/api/games') && !s.url.includes('POST')) {
        for (const t of tokens) assert.ok(!s.body.includes(t) || s.body.includes('"seats"'), `the list of games holds no token: ${s.url}`);
      }
      continue;
    }
    assert.ok(!s.body.includes(tokens[1 - own]), `a response to seat ${own} holds the other seat's token: ${s.url}`);
  }
  for (const m of streamed) assert.match(m, /^\{"steps":\d+\}$/, 'an event carries the number of steps only');
  assert.ok(seen.some((s) => s.url.includes(tokens[0])) && seen.some((s) => s.url.includes(tokens[1])), 'both seats were asked');
  log(`checked ${seen.length} responses and ${streamed.length} events`);
  await context.close();
});

await check('two people on two machines: the waiting seat is brought up to date as the other plays', async () => {
  const a = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const b = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const pa = await open(a);
  await start(pa, 'napoleons-wars', 12, ['person', 'person']);
  await pa.waitForSelector('.seat-link');
  const links = await pa.locator('.seat-link').evaluateAll((as) => as.map((x) => x.getAttribute('href')));
  // Each player opens only their own link, in their own browser.
  await pa.goto(base + links[0]);
  await pa.waitForSelector('body[data-ready]');
  const pb = await open(b);
  await pb.goto(base + links[1]);
  await pb.waitForSelector('body[data-ready]');
  let [acting, waiting] = (await pa.locator('body[data-mine="1"]').count()) ? [pa, pb] : [pb, pa];
  for (let round = 0; round < 3; round++) {
    const before = await steps(waiting);
    await giveSuggested(acting);
    // The waiting page is told by the event stream, without being reloaded.
    await drawnAfter(waiting, before, 20000);
    assert.equal(await steps(waiting), await steps(acting), 'both seats show the same step');
    if (await waiting.locator('body[data-mine="1"]').count()) [acting, waiting] = [waiting, acting];
  }
  assert.equal(await waiting.locator('button.order').count(), 0, 'the waiting seat has no orders');
  await a.close();
  await b.close();
});

await check('a scenario file of one\'s own is played, and a bad one is refused with its place', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await open(context);
  const file = new URL('../../../scenarios/two-by-two/ligny-skirmish.toml', import.meta.url);
  const text = readFileSync(file, 'utf8');
  await page.goto(base + '/');
  await page.waitForSelector('body[data-ready]');
  await page.setInputFiles('#scenario', { name: 'broken.toml', mimeType: 'text/plain', buffer: Buffer.from(text.replace('kind = "fast"', 'kind = "slow"')) });
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('message').textContent.length > 0);
  const why = await page.locator('#message').textContent();
  assert.match(why, /scenario:\d+:\d+: game\.kind/, `the problem is placed: ${why}`);
  await page.setInputFiles('#scenario', { name: 'ligny.toml', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.click('#start');
  await page.waitForURL(/\/seat\//);
  await page.waitForSelector('body[data-ready]');
  assert.match(await page.locator('svg.board').innerHTML(), /Saint-Amand/, 'the scenario\'s village is drawn with its name');
  await context.close();
});

await check('a replay brought in is watched step by step', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await open(context);
  await page.goto(base + '/');
  await page.waitForSelector('body[data-ready]');
  await page.setInputFiles('#replay-file', `${artefacts}/two-by-two.replay.json`);
  await page.waitForURL(/\/watch\//);
  await page.waitForSelector('#step-out');
  const last = await page.locator('#step-out').textContent();
  await page.click('#prev-turn');
  await page.waitForFunction((l) => document.getElementById('step-out').textContent !== l, last);
  await page.click('#prev');
  await page.click('#last');
  await page.waitForFunction((l) => document.getElementById('step-out').textContent === l, last);
  await context.close();
});

await browser.close();
if (failures.length) {
  console.error(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
log('all passed');
