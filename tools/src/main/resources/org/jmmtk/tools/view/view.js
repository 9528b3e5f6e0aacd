// jmmtk heap view: keeps the spaces' tiles from the event stream (full frames, then changed tiles only)
// and draws them; every control is a POST to the JSON API (docs/view.md).
'use strict';
window.onerror = (message, source, line) => {
  document.getElementById('status').textContent = `script error: ${message} (view.js line ${line})`;
};
const CELL = 10, GAP = 1;
const STREAM_INFO = {
  usedBytes: {label: 'used bytes', color: [33, 102, 172], scale: 'tile'},
  liveBytes: {label: 'live after last GC', color: [46, 125, 50], scale: 'tile'},
  freeBytes: {label: 'free (Immix free lines, free cells, free pages)', color: [230, 120, 0], scale: 'tile'},
  objects: {label: 'objects', color: [94, 53, 177], scale: 'max'},
  newObjects: {label: 'allocated since last GC', color: [198, 40, 40], scale: 'max'},
  meanAge: {label: 'mean age (bytes allocated)', color: [0, 121, 107], scale: 'max'},
  fragmentation: {label: 'fragmentation (1 - largest free chunk / free)', color: [173, 20, 87], scale: 'permille'},
  freeChunks: {label: 'free chunks', color: [121, 85, 72], scale: 'max'},
  largestFreeChunk: {label: 'largest free chunk', color: [255, 143, 0], scale: 'tile'}
};
// live: what the event stream says now; past: a frame from the history, while the slider is on it
const state = {live: emptyView(), past: null, stream: 'usedBytes', history: [], historyGc: -1, zooms: {}};
function emptyView() { return {streams: [], spaces: new Map(), order: [], frame: null}; }
function shown() { return state.past || state.live; }
const $ = id => document.getElementById(id);

function fmtBytes(b) {
  if (b >= 1 << 30) return (b / (1 << 30)).toFixed(1) + ' GiB';
  if (b >= 1 << 20) return (b / (1 << 20)).toFixed(1) + ' MiB';
  if (b >= 1 << 10) return (b / (1 << 10)).toFixed(1) + ' KiB';
  return b + ' B';
}

function post(path, body) {
  return fetch(path, {method: 'POST', body: body || ''}).then(async r => {
    if (!r.ok) throw new Error(await r.text());
    return r;
  });
}

function apply(view, frame) {
  view.frame = frame;
  view.streams = frame.streams;
  view.order = frame.spaces.map(s => s.name);
  for (const s of frame.spaces) {
    let known = view.spaces.get(s.name);
    if (!known || !frame.incremental || s.full) {
      known = {values: frame.streams.map(() => new Float64Array(s.tileCount))};
      view.spaces.set(s.name, known);
    }
    Object.assign(known, {meta: s});
    if (s.ranges) known.ranges = s.ranges;
    if (!known.ranges) known.ranges = [];
    for (const t of s.tiles) {
      for (let k = 0; k < frame.streams.length; k++) known.values[k][t[0]] = t[k + 1];
    }
  }
  return view;
}

function liveFrame(frame) {
  apply(state.live, frame);
  if (frame.gcCount !== state.historyGc) {
    state.historyGc = frame.gcCount;
    fetch('/api/history').then(r => r.json()).then(h => {
      state.history = h.frames;
      const slider = $('history');
      const atLive = !state.past;
      slider.max = h.frames.length;
      if (atLive) slider.value = h.frames.length;
    });
  }
  if (!state.past) render();
}

function showHistory(i) {
  if (i >= state.history.length) {
    state.past = null;
    $('historyLabel').textContent = 'live';
    render();
    return;
  }
  const gc = state.history[i].gc;
  fetch(`/api/history?gc=${gc}`).then(r => r.json()).then(frame => {
    state.past = apply(emptyView(), frame);
    $('historyLabel').textContent = `after GC ${gc}`;
    render();
  });
}

function ensureStreamSelect() {
  const sel = $('stream');
  if (sel.options.length) return;
  for (const name of shown().streams) {
    const o = document.createElement('option');
    o.value = name; o.textContent = STREAM_INFO[name] ? STREAM_INFO[name].label : name;
    sel.appendChild(o);
  }
  sel.value = state.stream;
}

function ensureTileSelect(current) {
  const sel = $('tileBytes');
  if (!sel.options.length) {
    for (let b = 64; b <= 1 << 20; b *= 2) {
      const o = document.createElement('option');
      o.value = b; o.textContent = fmtBytes(b);
      sel.appendChild(o);
    }
  }
  if (document.activeElement !== sel) sel.value = current;
}

// the summary bar over each space: used bytes, the live part of them on top, free bytes after them
// (grey and two Okabe-Ito colours, told apart under the common colour blindnesses and in grey scale;
// no blue, which the tiles' used-bytes scale has)
const BAR = {
  used: {label: 'used', color: '#9e9e9e'},
  live: {label: 'live after last GC', color: '#009e73'},
  free: {label: 'free', color: '#e69f00'}
};

function colour(stream, value, meta, max) {
  const info = STREAM_INFO[stream] || {color: [80, 80, 80], scale: 'max'};
  let f = info.scale === 'tile' ? value / meta.tileBytes : info.scale === 'permille' ? value / 1000
      : max > 0 ? value / max : 0;
  f = Math.max(0, Math.min(1, f));
  const c = info.color.map(x => Math.round(255 - (255 - x) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

function groupBox(group) {
  let g = document.querySelector(`.group[data-group="${group}"]`);
  if (!g) {
    g = document.createElement('div');
    g.className = 'group'; g.dataset.group = group;
    g.innerHTML = `<h3>${group} spaces</h3>`;
    $('heap').appendChild(g);
  }
  return g;
}

function spaceBox(meta) {
  let box = document.querySelector(`.space[data-space="${meta.name}"]`);
  if (!box) {
    box = document.createElement('div');
    box.className = 'space'; box.dataset.space = meta.name;
    box.innerHTML = '<h4></h4><div class="bar"></div><canvas class="tiles"></canvas>' +
      '<button class="zoomout" style="display:none">zoom out</button>' +
      '<div class="rangesLabel" style="color:#666;margin-top:3px"></div><canvas class="ranges"></canvas>';
    const ranges = box.querySelector('canvas.ranges');
    ranges.onmousemove = e => hoverRange(meta.name, ranges, e);
    ranges.onmouseleave = () => { $('tip').style.display = 'none'; highlight(null); };
    box.querySelector('.zoomout').onclick = () => zoomOut(meta.name);
    box.querySelector('h4').onclick = () =>
      post(`/api/collapse?space=${encodeURIComponent(meta.name)}&collapsed=${!shown().spaces.get(meta.name).meta.collapsed}`);
    const canvas = box.querySelector('canvas');
    canvas.onmousemove = e => hover(meta.name, canvas, e);
    canvas.onclick = e => inspect(meta.name, canvas, e);
    canvas.ondblclick = e => zoomIn(meta.name, canvas, e);
    canvas.onmouseleave = () => { $('tip').style.display = 'none'; highlight(null); };
    groupBox(meta.group).appendChild(box);
  }
  return box;
}

function columns() {
  return Math.max(8, Math.floor(($('heap').clientWidth - 30) / (CELL + GAP)));
}

function render() {
  const view = shown(), f = view.frame;
  if (!f) return;
  ensureStreamSelect();
  ensureTileSelect(f.tileBytes);
  if (document.activeElement !== $('sampleEvery')) $('sampleEvery').value = f.sampleEvery;
  const st = $('status');
  st.textContent = f.status; st.className = f.status;
  $('gcs').textContent = f.gcCount;
  $('allocs').textContent = f.allocations;
  $('events').textContent = f.events === undefined ? '' : f.events;
  $('allocated').textContent = fmtBytes(f.bytesAllocated);
  $('reason').textContent = f.reason ? 'paused: ' + f.reason : '';
  const bt = $('backtraceBox');
  bt.innerHTML = f.backtrace.length ? '<h3>Backtrace (click: travel to the event)</h3>' : '';
  for (const line of f.backtrace) {
    const div = document.createElement('div');
    div.textContent = line;
    div.style.cssText = 'font: 11px monospace; cursor: pointer';
    const n = /^#(\d+)/.exec(line);
    if (n) div.onclick = () => travel(`event=${n[1]}`);
    bt.appendChild(div);
  }
  $('plugins').innerHTML = '';
  for (const p of f.plugins || []) {
    const div = document.createElement('div');
    div.innerHTML = `<h4>plugin ${p.name}</h4><pre></pre>`;
    div.querySelector('pre').textContent = Object.entries(p.summary).map(([k, v]) => `${k}: ${v}`).join('\n');
    $('plugins').appendChild(div);
  }
  const list = $('triggers');
  list.innerHTML = '';
  for (const t of f.triggers) {
    const li = document.createElement('li');
    li.textContent = `#${t.id} ${t.text} (fired ${t.hits}) `;
    const b = document.createElement('button');
    b.textContent = 'remove';
    b.onclick = () => fetch(`/api/triggers?id=${t.id}`, {method: 'DELETE'});
    li.appendChild(b);
    list.appendChild(li);
  }
  const k = view.streams.indexOf(state.stream);
  let drawn = 0;
  for (const name of view.order) {
    const sp = view.spaces.get(name), meta = sp.meta;
    const box = spaceBox(meta);
    const t = meta.totals;
    box.querySelector('h4').innerHTML = `${meta.collapsed ? '&#9656;' : '&#9662;'} ${name} <span class="sum">` +
      `${fmtBytes(meta.reservedBytes)} reserved` + (meta.collapsed ? ' (collapsed)' :
      `${meta.zoomed ? ', zoomed to 0x' + meta.start.toString(16) + '-0x' + meta.extentEnd.toString(16) : ''}` +
      `, ${fmtBytes(t.usedBytes)} used, ${fmtBytes(t.liveBytes)} live, ${fmtBytes(t.freeBytes)} free, ` +
      `${t.objects} objects, ${meta.tileCount} tiles of ${fmtBytes(meta.tileBytes)}`) + '</span>';
    const extent = Math.max(1, meta.extentEnd - meta.start);
    const pct = v => (100 * v / extent).toFixed(2) + '%';
    box.querySelector('.bar').innerHTML = meta.collapsed ? '' :
      `<div style="left:0;width:${pct(t.usedBytes)};background:${BAR.used.color}"></div>` +
      `<div style="left:0;width:${pct(t.liveBytes)};background:${BAR.live.color}"></div>` +
      `<div style="left:${pct(t.usedBytes)};width:${pct(t.freeBytes)};background:${BAR.free.color}"></div>`;
    const stack = state.zooms[name] || [];
    box.querySelector('.zoomout').style.display = stack.length && !state.past ? 'inline' : 'none';
    box.querySelector('.zoomout').textContent = `zoom out (${stack.length} level${stack.length > 1 ? 's' : ''})`;
    const canvas = box.querySelector('canvas');
    const n = meta.collapsed ? 0 : meta.tileCount, cols = columns(), rows = Math.ceil(n / cols);
    canvas.width = Math.min(n, cols) * (CELL + GAP);
    canvas.height = rows * (CELL + GAP);
    const ctx = canvas.getContext('2d');
    const values = sp.values[k];
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, values[i]);
    const hl = state.hl && state.hl.space === name ? state.hl : null;
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = colour(state.stream, values[i], meta, max);
      ctx.fillRect((i % cols) * (CELL + GAP), Math.floor(i / cols) * (CELL + GAP), CELL, CELL);
      const a = meta.start + i * meta.tileBytes;
      const lit = hl && a < hl.end && a + meta.tileBytes > hl.start;
      ctx.strokeStyle = lit ? '#000' : '#ccc';
      ctx.strokeRect((i % cols) * (CELL + GAP) + .5, Math.floor(i / cols) * (CELL + GAP) + .5, CELL - 1, CELL - 1);
      drawn++;
    }
    drawRanges(box, sp, hl);
  }
  document.body.dataset.tilesDrawn = drawn;
  document.body.dataset.gcCount = f.gcCount;
  document.body.dataset.status = f.status;
  legend();
}

// GCspy's ranges: the space's free chunks (free cells, Immix holes, free pages) as tiles of their own;
// hovering one outlines the heap tiles holding it, hovering a heap tile outlines its chunks
function drawRanges(box, sp, hl) {
  const r = sp.meta.collapsed ? [] : sp.ranges, canvas = box.querySelector('canvas.ranges');
  box.querySelector('.rangesLabel').textContent = r.length
    ? `free ranges: ${r.length}${sp.meta.rangeCount > r.length ? ' of ' + sp.meta.rangeCount : ''}` : '';
  const cols = columns(), rows = Math.ceil(r.length / cols);
  canvas.width = Math.min(r.length, cols) * (CELL + GAP);
  canvas.height = rows * (CELL + GAP);
  const ctx = canvas.getContext('2d');
  let max = 0;
  for (const [, bytes] of r) max = Math.max(max, bytes);
  r.forEach(([start, bytes], i) => {
    ctx.fillStyle = colour('largestFreeChunk', bytes, {tileBytes: max}, max);
    ctx.fillRect((i % cols) * (CELL + GAP), Math.floor(i / cols) * (CELL + GAP), CELL, CELL);
    const lit = hl && start < hl.end && start + bytes > hl.start;
    ctx.strokeStyle = lit ? '#000' : '#ccc';
    ctx.strokeRect((i % cols) * (CELL + GAP) + .5, Math.floor(i / cols) * (CELL + GAP) + .5, CELL - 1, CELL - 1);
  });
}

function highlight(hl) {
  const same = (a, b) => a === b || (a && b && a.space === b.space && a.start === b.start && a.end === b.end);
  if (same(state.hl, hl)) return;
  state.hl = hl;
  render();
}

function hoverRange(name, canvas, e) {
  const sp = shown().spaces.get(name), r = canvas.getBoundingClientRect();
  const col = Math.floor((e.clientX - r.left) / (CELL + GAP)), row = Math.floor((e.clientY - r.top) / (CELL + GAP));
  const i = row * columns() + col, tip = $('tip');
  if (col >= columns() || i >= sp.ranges.length) { tip.style.display = 'none'; highlight(null); return; }
  const [start, bytes] = sp.ranges[i];
  tip.textContent = `${name} free range ${i}\n0x${start.toString(16)}-0x${(start + bytes).toString(16)}\n${fmtBytes(bytes)}`;
  tip.style.left = (e.clientX + 14) + 'px'; tip.style.top = (e.clientY + 14) + 'px';
  tip.style.display = 'block';
  highlight({space: name, start, end: start + bytes});
}

function legend() {
  const info = STREAM_INFO[state.stream];
  const steps = [0, .25, .5, .75, 1];
  const what = info.scale === 'tile' ? 'of the tile' : info.scale === 'permille' ? '' : 'of the space\'s largest';
  $('legend').innerHTML = `<div>tiles: ${info.label}</div>` + steps.map(s =>
    `<span style="background:${colour(state.stream, s * 1000, {tileBytes: 1000}, 1000)}"></span>${s * 100}%`)
    .join(' ') + ` ${what}` + `<div id="barLegend" style="margin-top:4px">bar over each space (share of its extent): ` +
    Object.values(BAR).map(b => `<span style="background:${b.color}"></span>${b.label}`).join(' ') + '</div>';
}

function tileAt(canvas, e, meta) {
  const r = canvas.getBoundingClientRect();
  const col = Math.floor((e.clientX - r.left) / (CELL + GAP)), row = Math.floor((e.clientY - r.top) / (CELL + GAP));
  const i = row * columns() + col;
  return col >= columns() || i >= meta.tileCount ? -1 : i;
}

function hover(name, canvas, e) {
  const view = shown(), sp = view.spaces.get(name), meta = sp.meta;
  const i = tileAt(canvas, e, meta);
  const tip = $('tip');
  if (i < 0) { tip.style.display = 'none'; return; }
  const a = meta.start + i * meta.tileBytes;
  let text = `${name} tile ${i}\n0x${a.toString(16)}-0x${(a + meta.tileBytes).toString(16)}\n`;
  view.streams.forEach((s, k) => {
    const v = sp.values[k][i];
    text += `${s}: ${/Bytes$|Chunk$/.test(s) ? fmtBytes(v) : s === 'fragmentation' ? (v / 10).toFixed(1) + '%' : v}\n`;
  });
  text += '(click: the objects in this tile)';
  tip.textContent = text;
  tip.style.left = (e.clientX + 14) + 'px'; tip.style.top = (e.clientY + 14) + 'px';
  tip.style.display = 'block';
  highlight({space: name, start: a, end: a + meta.tileBytes});
}

// GCspy's memory display: the objects of the clicked tile, read by the paused simulation thread
function inspect(name, canvas, e) {
  const meta = shown().spaces.get(name).meta, i = tileAt(canvas, e, meta), box = $('objects');
  if (i < 0) return;
  if (state.past) { box.textContent = 'objects are shown for the live heap only (move the history slider to live)'; return; }
  fetch(`/api/tile?space=${encodeURIComponent(name)}&index=${i}`).then(async r => {
    if (!r.ok) { box.textContent = await r.text(); return; }
    const d = await r.json();
    box.innerHTML = `<h3>${name} tile ${i}: ${d.objects.length} objects</h3><pre></pre>`;
    box.querySelector('pre').textContent = d.objects.map(o =>
      `0x${o.address.toString(16)} id ${o.id} type ${o.type} ${o.size} B (trace ${o.traceBytes} B) status ${o.status}` +
      `${o.liveAtLastGc ? ' live' : ''}${o.marked ? ' marked' : ''}${o.forwarded ? ' forwarded' : ''}` +
      ` allocated at ${o.allocatedAt}\n` + o.fields.map(f => `  [${f.slot}] -> ` +
        (f.target === 0 ? 'null' : `0x${f.target.toString(16)} id ${f.targetId} in ${f.targetSpace}`)).join('\n'))
      .join('\n');
  });
}

// zoom: a double-click shows the 16 tiles around the clicked one in tiles 16 times smaller; the
// zooms of a space stack, and "zoom out" goes back one level
function zoomIn(name, canvas, e) {
  if (state.past) return;
  const meta = shown().spaces.get(name).meta, i = tileAt(canvas, e, meta);
  if (i < 0 || meta.tileBytes <= 8) return;
  const at = meta.start + i * meta.tileBytes, tile = Math.max(8, meta.tileBytes / 16);
  const start = Math.max(meta.start, at - 8 * meta.tileBytes);
  const end = Math.min(meta.extentEnd, at + 8 * meta.tileBytes);
  (state.zooms[name] = state.zooms[name] || []).push(meta.zoomed
    ? {start: meta.start, end: meta.extentEnd, tileBytes: meta.tileBytes} : null);
  post(`/api/zoom?space=${encodeURIComponent(name)}&start=${start}&end=${end}&tileBytes=${tile}`);
}

function zoomOut(name) {
  const back = (state.zooms[name] || []).pop();
  post(`/api/zoom?space=${encodeURIComponent(name)}` +
    (back ? `&start=${back.start}&end=${back.end}&tileBytes=${back.tileBytes}` : ''));
}

function travel(query) {
  $('status').textContent = 'replaying';
  post(`/api/travel?${query}`).catch(err => alert(err.message));
}
$('travelGo').onclick = () => travel(`event=${$('travelN').value}`);
$('travelBack').onclick = () => travel(`back=${$('backK').value}`);
$('history').oninput = e => showHistory(Number(e.target.value));
$('pause').onclick = () => post('/api/pause');
$('resume').onclick = () => post('/api/resume');
$('stepGc').onclick = () => post(`/api/step?gcs=${$('stepN').value}`);
$('stepAlloc').onclick = () => post(`/api/step?allocs=${$('stepN').value}`);
$('stream').onchange = e => { state.stream = e.target.value; render(); };
$('tileBytes').onchange = e => post(`/api/settings?tileBytes=${e.target.value}`);
$('sampleEvery').onchange = e => post(`/api/settings?sampleEvery=${e.target.value}`).catch(err => alert(err.message));
$('triggerForm').onsubmit = e => {
  e.preventDefault();
  post('/api/triggers', $('triggerText').value)
    .then(() => { $('triggerError').textContent = ''; $('triggerText').value = ''; })
    .catch(err => { $('triggerError').textContent = err.message; });
};
window.onresize = () => render();

// the first frame synchronously, before the page's load event: a screenshot taken at load (headless
// Chromium's --screenshot) shows the heap; the event stream then sends it again and the changes
try {
  const first = new XMLHttpRequest();
  first.open('GET', '/api/state?compact=true', false);
  first.send();
  const frame = JSON.parse(first.responseText);
  if (frame.spaces.length) liveFrame(frame);
} catch (e) {
  // the event stream will bring it
}
const events = new EventSource('/events');
events.addEventListener('frame', e => liveFrame(JSON.parse(e.data)));
events.onerror = () => {
  const f = state.live.frame;
  $('status').textContent = f && f.status === 'finished' ? 'finished' : 'disconnected';
};
