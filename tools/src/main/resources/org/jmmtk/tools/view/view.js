// jmmtk heap view: keeps the spaces' tiles from the event stream (full frames, then changed tiles only)
// and draws them; every control is a POST to the JSON API (docs/view.md).
'use strict';
const CELL = 10, GAP = 1;
const STREAM_INFO = {
  usedBytes: {label: 'used bytes', color: [33, 102, 172], scale: 'tile'},
  liveBytes: {label: 'live after last GC', color: [46, 125, 50], scale: 'tile'},
  freeBytes: {label: 'free (Immix free lines, free cells, free pages)', color: [230, 120, 0], scale: 'tile'},
  objects: {label: 'objects', color: [94, 53, 177], scale: 'max'},
  newObjects: {label: 'allocated since last GC', color: [198, 40, 40], scale: 'max'},
  meanAge: {label: 'mean age (bytes allocated)', color: [0, 121, 107], scale: 'max'},
  fragmentation: {label: 'fragmentation (1 - largest free chunk / free)', color: [173, 20, 87], scale: 'permille'},
  freeChunks: {label: 'free chunks', color: [121, 85, 72], scale: 'max'}
};
const state = {streams: [], spaces: new Map(), order: [], frame: null, stream: 'usedBytes'};
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

function apply(frame) {
  state.frame = frame;
  state.streams = frame.streams;
  state.order = frame.spaces.map(s => s.name);
  for (const s of frame.spaces) {
    let known = state.spaces.get(s.name);
    if (!known || !frame.incremental || s.full) {
      known = {values: frame.streams.map(() => new Float64Array(s.tileCount))};
      state.spaces.set(s.name, known);
    }
    Object.assign(known, {meta: s});
    for (const t of s.tiles) {
      for (let k = 0; k < frame.streams.length; k++) known.values[k][t[0]] = t[k + 1];
    }
  }
  render();
}

function ensureStreamSelect() {
  const sel = $('stream');
  if (sel.options.length) return;
  for (const name of state.streams) {
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
    box.innerHTML = '<h4></h4><div class="bar"></div><canvas class="tiles"></canvas>';
    box.querySelector('h4').onclick = () =>
      post(`/api/collapse?space=${encodeURIComponent(meta.name)}&collapsed=${!state.spaces.get(meta.name).meta.collapsed}`);
    const canvas = box.querySelector('canvas');
    canvas.onmousemove = e => hover(meta.name, canvas, e);
    canvas.onmouseleave = () => { $('tip').style.display = 'none'; };
    groupBox(meta.group).appendChild(box);
  }
  return box;
}

function columns() {
  return Math.max(8, Math.floor(($('heap').clientWidth - 30) / (CELL + GAP)));
}

function render() {
  const f = state.frame;
  ensureStreamSelect();
  ensureTileSelect(f.tileBytes);
  if (document.activeElement !== $('sampleEvery')) $('sampleEvery').value = f.sampleEvery;
  const st = $('status');
  st.textContent = f.status; st.className = f.status;
  $('gcs').textContent = f.gcCount;
  $('allocs').textContent = f.allocations;
  $('allocated').textContent = fmtBytes(f.bytesAllocated);
  $('reason').textContent = f.reason ? 'paused: ' + f.reason : '';
  $('backtraceBox').innerHTML = f.backtrace.length
    ? '<h3>Backtrace</h3><pre>' + f.backtrace.join('\n') + '</pre>' : '';
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
  const k = state.streams.indexOf(state.stream);
  let drawn = 0;
  for (const name of state.order) {
    const sp = state.spaces.get(name), meta = sp.meta;
    const box = spaceBox(meta);
    const t = meta.totals;
    box.querySelector('h4').innerHTML = `${meta.collapsed ? '&#9656;' : '&#9662;'} ${name} <span class="sum">` +
      `${fmtBytes(meta.reservedBytes)} reserved` + (meta.collapsed ? ' (collapsed)' :
      `, ${fmtBytes(t.usedBytes)} used, ${fmtBytes(t.liveBytes)} live, ${fmtBytes(t.freeBytes)} free, ` +
      `${t.objects} objects, ${meta.tileCount} tiles of ${fmtBytes(meta.tileBytes)}`) + '</span>';
    const extent = Math.max(1, meta.extentEnd - meta.start);
    const pct = v => (100 * v / extent).toFixed(2) + '%';
    box.querySelector('.bar').innerHTML = meta.collapsed ? '' :
      `<div style="left:0;width:${pct(t.usedBytes)};background:#607d8b"></div>` +
      `<div style="left:0;width:${pct(t.liveBytes)};background:#2e7d32"></div>` +
      `<div style="left:${pct(t.usedBytes)};width:${pct(t.freeBytes)};background:#e67800"></div>`;
    const canvas = box.querySelector('canvas');
    const n = meta.collapsed ? 0 : meta.tileCount, cols = columns(), rows = Math.ceil(n / cols);
    canvas.width = Math.min(n, cols) * (CELL + GAP);
    canvas.height = rows * (CELL + GAP);
    const ctx = canvas.getContext('2d');
    const values = sp.values[k];
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, values[i]);
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = colour(state.stream, values[i], meta, max);
      ctx.fillRect((i % cols) * (CELL + GAP), Math.floor(i / cols) * (CELL + GAP), CELL, CELL);
      ctx.strokeStyle = '#ccc';
      ctx.strokeRect((i % cols) * (CELL + GAP) + .5, Math.floor(i / cols) * (CELL + GAP) + .5, CELL - 1, CELL - 1);
      drawn++;
    }
  }
  document.body.dataset.tilesDrawn = drawn;
  document.body.dataset.gcCount = f.gcCount;
  document.body.dataset.status = f.status;
  legend();
}

function legend() {
  const info = STREAM_INFO[state.stream];
  const steps = [0, .25, .5, .75, 1];
  const what = info.scale === 'tile' ? 'of the tile' : info.scale === 'permille' ? '' : 'of the space\'s largest';
  $('legend').innerHTML = `<div>${info.label}</div>` + steps.map(s =>
    `<span style="background:${colour(state.stream, s * 1000, {tileBytes: 1000}, 1000)}"></span>${s * 100}%`)
    .join(' ') + ` ${what}`;
}

function hover(name, canvas, e) {
  const sp = state.spaces.get(name), meta = sp.meta;
  const r = canvas.getBoundingClientRect();
  const col = Math.floor((e.clientX - r.left) / (CELL + GAP)), row = Math.floor((e.clientY - r.top) / (CELL + GAP));
  const i = row * columns() + col;
  const tip = $('tip');
  if (col >= columns() || i >= meta.tileCount) { tip.style.display = 'none'; return; }
  const a = meta.start + i * meta.tileBytes;
  let text = `${name} tile ${i}\n0x${a.toString(16)}-0x${(a + meta.tileBytes).toString(16)}\n`;
  state.streams.forEach((s, k) => {
    const v = sp.values[k][i];
    text += `${s}: ${s.endsWith('Bytes') ? fmtBytes(v) : s === 'fragmentation' ? (v / 10).toFixed(1) + '%' : v}\n`;
  });
  tip.textContent = text;
  tip.style.left = (e.clientX + 14) + 'px'; tip.style.top = (e.clientY + 14) + 'px';
  tip.style.display = 'block';
}

$('pause').onclick = () => post('/api/pause');
$('resume').onclick = () => post('/api/resume');
$('stepGc').onclick = () => post(`/api/step?gcs=${$('stepN').value}`);
$('stepAlloc').onclick = () => post(`/api/step?allocs=${$('stepN').value}`);
$('stream').onchange = e => { state.stream = e.target.value; if (state.frame) render(); };
$('tileBytes').onchange = e => post(`/api/settings?tileBytes=${e.target.value}`);
$('sampleEvery').onchange = e => post(`/api/settings?sampleEvery=${e.target.value}`).catch(err => alert(err.message));
$('triggerForm').onsubmit = e => {
  e.preventDefault();
  post('/api/triggers', $('triggerText').value)
    .then(() => { $('triggerError').textContent = ''; $('triggerText').value = ''; })
    .catch(err => { $('triggerError').textContent = err.message; });
};
window.onresize = () => { if (state.frame) render(); };

const events = new EventSource('/events');
events.addEventListener('frame', e => apply(JSON.parse(e.data)));
events.onerror = () => { $('status').textContent = state.frame && state.frame.status === 'finished' ? 'finished' : 'disconnected'; };
