// paperboard's page. Plain JavaScript, no libraries: everything it shows
// comes from the API under /api (docs/http.md), which the command line's
// library answers. The sheet form is built from the spec schema the server
// reads from the spec reference, so a new option needs no code here.
'use strict';

// ---------------------------------------------------------------- helpers

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- words

/** The page's own words in German, Russian and Thai, by their English
 * (words.js); English is the page as written. Messages from the library
 * (an error's reason) stay as the server words them. */
const WORDS = window.PAPERBOARD_WORDS || {};
const LANGUAGES = ['en', 'de', 'ru', 'th'];
let lang = 'en';

/** `english` in the page's language, `{name}` replaced from `vars`. */
function t(english, vars) {
  const words = WORDS[lang] || {};
  const text = words[english] || english;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
}

/** The English a translated node or attribute was written with. */
const originals = new WeakMap();

function english(node, what, read) {
  let map = originals.get(node);
  if (!map) originals.set(node, (map = {}));
  if (!(what in map)) map[what] = read();
  return map[what];
}

/** Puts the page's fixed words (marked `data-t`, `data-t-html`,
 * `data-t-attr`) into the page's language. */
function translatePage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-t]')) {
    node.textContent = t(english(node, 'text', () => node.textContent.trim()));
  }
  for (const node of document.querySelectorAll('[data-t-html]')) {
    // Our own words with markup (a <code> example), never a user's.
    node.innerHTML = t(english(node, 'html', () => node.innerHTML.trim()));
  }
  for (const node of document.querySelectorAll('[data-t-attr]')) {
    for (const name of node.dataset.tAttr.split(' ')) {
      node.setAttribute(name, t(english(node, name, () => node.getAttribute(name))));
    }
  }
}

/** The language the page starts in: the one chosen before, else the first
 * of the browser's languages the page speaks. */
function startLanguage() {
  const chosen = store.get('page-language', null);
  if (LANGUAGES.includes(chosen)) return chosen;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const short = String(l).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(short)) return short;
  }
  return 'en';
}

// ---------------------------------------------------------------- kept work

/** The teacher's work in the browser's local storage, so a reload or a
 * closed tab loses nothing. A full or refused storage keeps nothing and
 * says nothing: the page works as before. */
const store = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`paperboard.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch (e) {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`paperboard.${key}`, JSON.stringify(value));
    } catch (e) {
      // Storage full or switched off: the work stays in the page only.
    }
  },
};

/** The records pasted, which can be megabytes, in the browser's IndexedDB:
 * it writes them away from the page's thread, where localStorage would
 * stop the page for a fraction of a second at each save of a big paste.
 * A browser without it (or refusing it) keeps nothing and says nothing. */
const bigStore = {
  opened: null,
  open() {
    if (!this.opened) {
      this.opened = new Promise((resolve, reject) => {
        const request = indexedDB.open('paperboard', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('kept');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return this.opened;
  },
  async get(key, fallback) {
    try {
      const db = await this.open();
      return await new Promise((resolve, reject) => {
        const request = db.transaction('kept').objectStore('kept').get(key);
        request.onsuccess = () => resolve(request.result == null ? fallback : request.result);
        request.onerror = () => reject(request.error);
      });
    } catch (e) {
      return fallback;
    }
  },
  async set(key, value) {
    try {
      const db = await this.open();
      await new Promise((resolve, reject) => {
        const tx = db.transaction('kept', 'readwrite');
        tx.objectStore('kept').put(value, key);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    } catch (e) {
      // Storage full or switched off: the work stays in the page only.
    }
  },
};

/** Waits for the next frame, so a long list is drawn a slice at a time
 * and the page keeps answering meanwhile. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Milliseconds of script a slice of drawing may take before the page
 * lets the browser lay out, paint and answer input: a slow tablet then
 * draws fewer rows per frame rather than freezing. */
const SLICE_MS = 12;

/** A clock for drawing in slices: `due()` is true once the slice has
 * used its time (the caller appends what it built, then awaits
 * `nextFrame()` and calls `restart()`). */
function sliceClock() {
  let start = performance.now();
  return {
    due: () => performance.now() - start > SLICE_MS,
    restart: () => { start = performance.now(); },
  };
}

/** An element with attributes (`on…` are listeners) and children. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'text') node.textContent = value;
    else if (name in node && typeof value !== 'string') node[name] = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Calls the API; an answer that is not 2xx is thrown as its JSON error.
 * Every request names the page's language, so that a refusal of the
 * request as a whole (too large, busy, too long) says why in it. */
async function call(url, options) {
  let response;
  const asked = { ...(options || {}), headers: { ...((options && options.headers) || {}), 'Accept-Language': lang } };
  try {
    response = await fetch(url, asked);
  } catch (e) {
    throw { message: t('The paperboard server cannot be reached. Is it still running?') };
  }
  if (!response.ok) {
    let error;
    try {
      error = await response.json();
    } catch (e) {
      error = { message: `${response.status} ${response.statusText}` };
    }
    throw error;
  }
  return response;
}

function postText(url, text) {
  return call(url, { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: text });
}

function postJson(url, value) {
  return call(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) });
}

/** The file name the server gave a download. */
function fileNameOf(response, fallback) {
  const m = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') || '');
  return m ? m[1] : fallback;
}

/** Saves a blob as a download. */
function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

/** Fetches a download and saves it, the button busy meanwhile. */
async function download(button, errorBox, request, fallback) {
  button.disabled = true;
  const label = button.textContent;
  button.textContent = t('Preparing…');
  try {
    const response = await request();
    save(await response.blob(), fileNameOf(response, fallback));
    hideError(errorBox);
  } catch (e) {
    showError(errorBox, e);
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

/** Where an error is, in words: `mine.toml, line 3, column 7`. */
function whereText(e) {
  const parts = [];
  if (e.origin) parts.push(e.origin);
  if (e.line) parts.push(t('line {n}', { n: e.line }));
  if (e.column) parts.push(t('column {n}', { n: e.column }));
  return parts.join(', ');
}

/** The command line's `key` quoting, as a page's quotation marks. */
function plainQuotes(text) {
  return String(text).replace(/`([^`]*)`/g, '“$1”');
}

/** Shows `e` in `box`; `failed` false when the work was done in part
 * (some photos read), so it is not said not to have worked. */
function showError(box, e, failed = true) {
  box.hidden = false;
  box.textContent = '';
  const where = e.line ? whereText(e) + ': ' : '';
  // `says` is the reason in the page's language (without where); the
  // English help goes with the English reason only.
  const reason = e.says || (e.line ? e.reason || e.message : e.message || String(e));
  if (failed) box.append(el('strong', { text: t('This did not work.') + ' ' }));
  box.append(where + plainQuotes(reason));
  if (e.help && !e.says) box.append(el('br'), plainQuotes(e.help));
}

function hideError(box) {
  box.hidden = true;
  box.textContent = '';
}

/** `fn` called once `ms` after the last call; `.cancel()` drops a call
 * still waiting (an action that does the work at once). */
function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  wrapped.cancel = () => clearTimeout(timer);
  return wrapped;
}

/** Reads a chosen file as text, refusing one larger than `limit` bytes. */
async function readFile(file, limit) {
  if (file.size > limit) {
    throw { message: t('{file} is larger than {kib} KiB, more than this page takes.', { file: file.name, kib: Math.round(limit / 1024) }) };
  }
  return file.text();
}

/** Shows a blob as an image, freeing the image's previous one. */
function showBlob(img, blob) {
  const old = img.dataset.url;
  img.dataset.url = URL.createObjectURL(blob);
  img.src = img.dataset.url;
  if (old) URL.revokeObjectURL(old);
}

/** A TOML string. */
const tomlString = (s) => JSON.stringify(String(s));

/** A spec key (or a part's kind or id) as a label in the page's
 * language: `row-height` → `Zeilenhöhe` (words.js, `key:row-height`), in
 * English `Row height`. */
function labelOf(key) {
  const own = (WORDS[lang] || {})[`key:${key}`];
  if (own) return own;
  const words = key.split(/[-.]/).map((w) => (w === 'st' ? 'ST' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value of a choice (`closed`) as the page shows it, in its language. */
const choiceText = (value) => (WORDS[lang] || {})[`choice:${value}`] || value;

const defaultText = (d) => (d || '').replace(/^"(.*)"$/, '$1');

/** A key's meaning, cut to its first clause (the reference goes on with
 * details for the spec's writer). */
function shortMeaning(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) return text.slice(0, i);
  }
  return text;
}

// ---------------------------------------------------------------- tabs

const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
const started = new Set();
const starters = {};

/** Shows a tab; `push` makes it a step of the browser's history, so Back
 * and Forward move between the tabs. */
function showTab(tab, focus, push = true) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !selected;
  }
  if (focus) tab.focus();
  const name = tab.id.replace('tab-', '');
  if (location.hash !== '#' + name) {
    if (push) history.pushState({ tab: name }, '', '#' + name);
    else history.replaceState({ tab: name }, '', '#' + name);
  }
  if (!started.has(name) && starters[name]) {
    started.add(name);
    starters[name]();
  }
}

const tabOfHash = () => tabs.find((t) => `#${t.id.replace('tab-', '')}` === location.hash);
window.addEventListener('popstate', () => showTab(tabOfHash() || tabs[0], false, false));

for (const tab of tabs) {
  tab.addEventListener('click', () => showTab(tab, false));
  tab.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    showTab(tabs[(next + tabs.length) % tabs.length], true);
  });
}

// ---------------------------------------------------------------- sheets

/** What the page calls each part kind, in the order the form lists them
 * (the board first); an unknown kind goes by its name, last. */
const PART_NAMES = {
  'strategic-field': 'Playing field',
  'sos-board': 'SOS board',
  'ultimate-field': 'Ultimate field',
  'ttt-boards': 'Tic-tac-toe boards',
  'record-tables': 'Move records',
  'tracking-grid': 'Tracking grid',
  'write-in': 'Name lines',
  text: 'Text',
};
const partRank = (kind) => {
  const i = Object.keys(PART_NAMES).indexOf(kind);
  return i < 0 ? 99 : i;
};

/** A template's title in the page's language, as the sheet prints it. */
const templateTitle = (x) => (x.titles && x.titles[lang]) || x.form.title || x.name;

/** A template's name in the list: its title, and which one where titles
 * repeat (`functional`, in the page's language). */
function templateLabel(x) {
  const title = templateTitle(x);
  const same = sheets.templates.filter((y) => templateTitle(y) === title).length;
  if (same < 2) return title;
  const rest = (x.name.includes('-') ? x.name.slice(x.name.indexOf('-') + 1) : x.name).replace(/-/g, ' ');
  return `${title} (${(WORDS[lang] || {})[`variant:${rest}`] || rest})`;
}

const sheets = {
  templates: [],
  schema: null,
  maps: null,
  base: null, // {kind: 'template', name} or {kind: 'text', name, text}
  form: null,
  changes: new Map(), // set key → value as TOML
  seq: 0,
};

function schemaOf(table) {
  return sheets.schema.tables.find((t) => t.table === table);
}

/** The sheet's language as its spec writes it, if it does. */
function writtenLanguage() {
  const key = sheets.form.language_key;
  if (!key) return undefined;
  const [table, name] = key.split('.');
  return (sheets.form.tables.find((x) => x.table === table) || { values: {} }).values[name];
}

/** The language the sheet prints in: the one chosen for it, else the one
 * its spec writes, else the page's own (a German page prints a German
 * sheet unless the teacher chooses otherwise). */
function sheetLanguage() {
  const changed = sheets.changes.get(sheets.form.language_key);
  if (changed) return JSON.parse(changed);
  return writtenLanguage() || lang;
}

/** The query of the current changes (and `name` for a posted spec), with
 * the sheet's language when it is the page's. */
function sheetQuery() {
  const q = new URLSearchParams();
  if (sheets.base.kind === 'text') q.append('name', sheets.base.name);
  for (const [key, value] of sheets.changes) q.append('set', `${key}=${value}`);
  const key = sheets.form.language_key;
  if (key && !sheets.changes.has(key) && !writtenLanguage()) q.append('set', `${key}=${tomlString(lang)}`);
  // Why a change is refused, in the page's language (the sheet's may differ).
  q.append('says', lang);
  return q.toString();
}

/** Asks for the sheet (or its spec) with the current changes. */
function sheetRequest(what) {
  const q = sheetQuery();
  if (sheets.base.kind === 'template') {
    const url = what === 'toml' ? `/api/spec/${sheets.base.name}.toml` : `/api/render/${sheets.base.name}.${what}`;
    return call(q ? `${url}?${q}` : url);
  }
  const url = what === 'toml' ? '/api/spec.toml' : `/api/render.${what}`;
  return postText(`${url}?${q}`, sheets.base.text);
}

function setChange(key, value) {
  sheets.changes.delete(key);
  if (value !== null && value !== undefined) sheets.changes.set(key, value);
  keepSheet();
  schedulePreview();
}

/** Keeps the sheet chosen and its changes (a built-in sheet's; an opened
 * spec file is the teacher's own file and stays there). */
function keepSheet() {
  if (sheets.base.kind !== 'template') return;
  store.set('sheet', { template: sheets.base.name, changes: [...sheets.changes] });
  // Paper, orientation and language go with the teacher to the next sheet.
  const carried = {};
  for (const [key, value] of sheets.changes) {
    if (key === 'page.size' || key === 'page.orientation') carried[key] = value;
    if (key === sheets.form.language_key) carried.language = value;
  }
  store.set('carried', carried);
}

const schedulePreview = debounce(() => updatePreview(), 250);

async function updatePreview() {
  const mine = ++sheets.seq;
  const img = $('sheet-preview');
  img.classList.add('stale');
  $('sheet-status').textContent = t('Updating the preview…');
  try {
    const response = await sheetRequest('svg');
    const blob = await response.blob();
    if (mine !== sheets.seq) return;
    showBlob(img, blob);
    img.classList.remove('stale');
    clearFieldErrors();
    hideError($('sheet-error'));
    const size = $('sheet-paper').value;
    const orientation = document.querySelector('input[name="orientation"]:checked').value;
    // The sheet's title as it prints, in the sheet's language.
    const template = sheets.base.kind === 'template' ? sheets.templates.find((x) => x.name === sheets.base.name) : null;
    const title = (template && template.titles && template.titles[sheetLanguage()]) || sheets.form.title || sheets.base.name;
    img.alt = t('Preview of the sheet “{name}”, {size} {orientation}', { name: title, size, orientation: t(orientation) });
    $('sheet-status').textContent = t('{size}, {orientation}. The PDF prints exactly this.', { size, orientation: t(orientation) });
  } catch (e) {
    if (mine !== sheets.seq) return;
    const paper = sheets.changes.has('page.size') ? JSON.parse(sheets.changes.get('page.size')) : $('sheet-paper').value;
    const label = e.code === 'paperboard::layout::does_not_fit' ? markPaper(e, paper) : markField(e);
    if (label) {
      // The field says what is wrong; the banner says where to look, and
      // takes the keyboard (or a tablet's scrolled-away form) there.
      const message = e.code === 'paperboard::layout::does_not_fit'
        ? (paper === 'A5' ? t('This sheet does not fit on A5: choose A4 or larger.') : t('This sheet does not fit on {paper} with these settings: choose larger paper or smaller parts.', { paper }))
        : t('The sheet cannot be made with these settings: see “{label}”.', { label });
      showError($('sheet-error'), { message });
      $('sheet-error').append(' ', el('button', {
        type: 'button', class: 'secondary small goto', text: t('Go to “{label}”', { label }),
        onclick: () => {
          const bad = document.querySelector('#sheet-form [aria-invalid="true"]');
          if (bad) { (bad.closest('.field') || bad).scrollIntoView({ block: 'start' }); bad.focus({ preventScroll: true }); }
        },
      }));
    } else {
      showError($('sheet-error'), e);
    }
    $('sheet-status').textContent = t('The preview shows the last sheet that worked.');
  }
}

function clearFieldErrors() {
  for (const node of document.querySelectorAll('#sheet-form [aria-invalid="true"]')) node.removeAttribute('aria-invalid');
  for (const node of document.querySelectorAll('#sheet-form .field-error')) node.remove();
}

/** Gives every control of `root` a name no other control has: where two
 * labels read the same ("Cell" in the field and in the grid), the name
 * says whose it is ("Tracking grid: Cell"). */
function uniqueNames(root) {
  const controls = [...root.querySelectorAll('input, select, textarea')].filter((c) => c.type !== 'file');
  const nameOf = (c) => c.getAttribute('aria-label') || [...(c.labels || [])].map((l) => l.textContent.trim()).join(' ');
  const count = new Map();
  for (const c of controls) count.set(nameOf(c), (count.get(nameOf(c)) || 0) + 1);
  for (const c of controls) {
    const name = nameOf(c);
    if (count.get(name) < 2) continue;
    const owners = [];
    for (let box = c.parentElement.closest('fieldset'); box && root.contains(box); box = box.parentElement.closest('fieldset')) {
      const legend = box.querySelector(':scope > legend');
      if (legend && !name.startsWith(legend.textContent)) owners.unshift(legend.textContent.trim());
    }
    if (owners.length) c.setAttribute('aria-label', `${owners.join(': ')}: ${name}`);
  }
}

/** Shows an error at the field (or part) it is about; the field's label,
 * or null where no field is. */
function markField(e) {
  clearFieldErrors();
  if (!e.key) return null;
  let target = document.querySelector(`#sheet-form [data-key="${CSS.escape(e.key)}"]`);
  if (!target) {
    // `sos-board.size` (a key of the spec's text) or `records` (a part).
    const [head, ...rest] = e.key.split('.');
    const table = sheets.form.tables.filter((t) => t.table === head);
    const prefix = table.length === 1 ? table[0].prefix : head;
    target = document.querySelector(`#sheet-form [data-key="${CSS.escape([prefix, ...rest].join('.'))}"]`) ||
      document.querySelector(`#sheet-form [data-part="${CSS.escape(prefix)}"]`);
  }
  if (!target) return null;
  const control = target.matches('input, select, textarea') ? target : target.querySelector('input, select, textarea');
  if (control) control.setAttribute('aria-invalid', 'true');
  const details = target.closest('details');
  if (details) details.open = true;
  const holder = target.closest('.field') || target;
  const reason = plainQuotes(e.says || (e.reason || e.message).replace(/ \(key `[^`]*`\)$/, ''));
  holder.append(el('p', { class: 'field-error', role: 'alert', text: reason }));
  const label = holder.querySelector('label, legend');
  return label ? label.textContent : labelOf(e.key);
}

/** A sheet too large for its paper: the paper is what to change (the
 * part the library names may have no field to change), so the paper
 * choice is marked, with the library's figures under it. */
function markPaper(e, paper) {
  clearFieldErrors();
  const select = $('sheet-paper');
  select.setAttribute('aria-invalid', 'true');
  const why = paper === 'A5' ? t('This sheet does not fit on A5: choose A4 or larger.') : plainQuotes(e.says || e.reason || e.message);
  select.closest('.field').append(el('p', { class: 'field-error', role: 'alert', text: why }));
  return t('Paper');
}

let fieldCount = 0;
const fieldId = () => `f${++fieldCount}`;

/** One field of the form: label, control, hint. */
function field(key, label, control, hint) {
  const id = control.id || (control.id = fieldId());
  const hintId = hint ? `${id}-hint` : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return el('div', { class: 'field', 'data-key': key },
    el('label', { for: id, text: label }),
    control,
    hint ? el('p', { class: 'hint', id: hintId, text: hint }) : null);
}

/** A number input with the schema's range. */
function numberInput(c, value, placeholder) {
  return el('input', {
    type: 'number', min: c.min, max: c.max, step: c.whole ? 1 : 'any', inputmode: c.whole ? 'numeric' : 'decimal',
    value: value === undefined ? '' : String(value), placeholder: placeholder || '',
  });
}

/** The control for one key, which reports its value as TOML (or null: as written). */
function makeField(prefix, spec, current) {
  const key = `${prefix}.${spec.key}`;
  const c = spec.control;
  const nameLines = prefix.startsWith('write-in') || spec.key === 'fields';
  const label = nameLines && spec.key === 'fields' ? t('Player names') : labelOf(spec.key);
  const dflt = defaultText(spec.default);
  const written = current !== undefined;
  let hint = t(shortMeaning(spec.meaning));
  if (c.kind === 'map') {
    hint = c.of === 'functional'
      ? t('The numbers printed beside the rows of the field: they say where the next move goes in the functional ruleset. map34 is the authors’ standard; “none” prints no numbers (the tactical ruleset).')
      : t('The small number printed in every cell, for the hyperfunctional ruleset. hmap2 is the authors’ standard; “none” prints none.');
  } else if (nameLines && spec.key === 'fields') {
    hint = t('The lines to write on, separated by commas: X, O and the date as printed, or the players’ names (Ann, Ben).');
  } else if (!written && dflt && !['bool', 'choice'].includes(c.kind)) hint += ` (${t('default: {value}', { value: t(dflt) })})`;
  switch (c.kind) {
    case 'bool': {
      const box = el('input', { type: 'checkbox', id: fieldId(), checked: written ? !!current : dflt === 'true' });
      box.addEventListener('change', () => setChange(key, String(box.checked)));
      return el('div', { class: 'field', 'data-key': key },
        el('label', { class: 'check', for: box.id }, box, ' ', label),
        el('p', { class: 'hint', text: hint }));
    }
    case 'choice': {
      const select = el('select', {});
      const value = written ? String(current) : dflt;
      if (!c.choices.includes(value)) select.append(el('option', { value: '', text: t('default ({value})', { value: t(dflt) }) }));
      for (const choice of c.choices) select.append(el('option', { value: choice, text: choiceText(choice), selected: choice === value }));
      select.addEventListener('change', () => setChange(key, select.value ? tomlString(select.value) : null));
      return field(key, label, select, hint);
    }
    case 'map': {
      const select = el('select', {});
      const names = sheets.maps[c.of] || [];
      if (!written) select.append(el('option', { value: '', text: t('none') }));
      for (const name of names) select.append(el('option', { value: name, text: name, selected: name === current }));
      if (written && !names.includes(String(current))) select.append(el('option', { value: String(current), text: String(current), selected: true }));
      select.addEventListener('change', () => setChange(key, select.value ? tomlString(select.value) : null));
      return field(key, label, select, hint);
    }
    case 'number': {
      const isFit = current === 'fit';
      const input = numberInput(c, written && !isFit ? current : undefined, /^[0-9.]+$/.test(dflt) ? dflt : '');
      const unit = c.unit ? el('span', { class: 'unit', text: c.unit }) : null;
      let fit = null;
      const report = () => {
        if (fit && fit.checked) setChange(key, '"fit"');
        else if (input.value === '') setChange(key, null);
        else setChange(key, input.value);
      };
      input.addEventListener('input', report);
      const row = el('div', { class: 'inline' }, input, unit);
      if (c.fit) {
        fit = el('input', { type: 'checkbox', id: fieldId(), checked: isFit, 'aria-label': `${label}: ${t('as large as fits')}` });
        input.disabled = isFit;
        fit.addEventListener('change', () => {
          input.disabled = fit.checked;
          report();
        });
        row.append(el('label', { class: 'check', for: fit.id }, fit, ' ', t('as large as fits')));
      }
      input.id = fieldId();
      return el('div', { class: 'field', 'data-key': key },
        el('label', { for: input.id, text: label }), row, el('p', { class: 'hint', text: hint }));
    }
    case 'color': {
      const input = el('input', { type: 'color', value: written ? String(current) : dflt || '#000000' });
      input.addEventListener('input', () => setChange(key, tomlString(input.value)));
      return field(key, label, input, hint);
    }
    case 'list': {
      const list = Array.isArray(current) ? current.join(', ') : '';
      const input = el('input', { type: 'text', value: list, placeholder: dflt.replace(/[[\]"]/g, '') });
      input.addEventListener('input', () => {
        const items = input.value.split(',').map((s) => s.trim()).filter((s) => s);
        setChange(key, items.length ? JSON.stringify(items) : null);
      });
      return field(key, label, input, nameLines ? hint : `${hint} (${t('separate them with commas')})`);
    }
    case 'board-size': {
      const text = written ? String(current) : dflt;
      const [w, h] = text.includes('x') ? text.split('x') : [text, text];
      const cols = numberInput({ min: c.min, max: c.max, whole: true }, w);
      const rows = numberInput({ min: c.min, max: c.max, whole: true }, h);
      cols.id = fieldId();
      rows.setAttribute('aria-label', `${label}: ${t('rows')}`);
      const report = () => {
        if (cols.value && rows.value) setChange(key, tomlString(`${cols.value}x${rows.value}`));
      };
      cols.addEventListener('input', report);
      rows.addEventListener('input', report);
      return el('div', { class: 'field', 'data-key': key },
        el('label', { for: cols.id, text: `${label} (${t('columns × rows')})` }),
        el('div', { class: 'inline' }, cols, el('span', { class: 'unit', text: '×' }), rows),
        el('p', { class: 'hint', text: t('{min} to {max} each', { min: c.min, max: c.max }) }));
    }
    case 'players': {
      const players = Array.isArray(current) ? current : [];
      const count = el('select', { id: fieldId() });
      const n = Array.isArray(current) ? current.length : written ? Number(current) : Number(dflt) || c.min;
      const names = players;
      for (let i = c.min; i <= c.max; i++) count.append(el('option', { value: i, text: i, selected: i === n }));
      const input = el('input', { type: 'text', id: fieldId(), value: names.join(', '), placeholder: t('blank lines to write on') });
      const report = () => {
        const list = input.value.split(',').map((s) => s.trim()).filter((s) => s);
        count.disabled = list.length > 0;
        setChange(key, list.length ? JSON.stringify(list) : count.value);
      };
      count.disabled = names.length > 0;
      count.addEventListener('change', report);
      input.addEventListener('input', report);
      return el('div', { class: 'field', 'data-key': key },
        el('label', { for: count.id, text: label }), count,
        el('label', { for: input.id, class: 'hint', text: t('or their names, separated by commas') }), input);
    }
    case 'numbers': {
      const box = el('fieldset', { class: 'field', 'data-key': key }, el('legend', { text: label }));
      const row = el('div', { class: 'row' });
      const values = current && typeof current === 'object' ? current : {};
      for (const sub of c.keys) {
        const input = numberInput({ min: c.min, max: c.max }, values[sub], String(parseFloat(dflt) || ''));
        const subKey = `${key}.${sub}`;
        input.addEventListener('input', () => setChange(subKey, input.value === '' ? null : input.value));
        row.append(field(subKey, `${labelOf(sub)} (${c.unit})`, input));
      }
      box.append(row, el('p', { class: 'hint', text: hint }));
      return box;
    }
    case 'text': {
      const input = el('input', { type: 'text', value: written ? String(current) : '', placeholder: t(dflt) });
      input.addEventListener('input', () => setChange(key, tomlString(input.value)));
      return field(key, label, input, hint);
    }
    default: {
      const input = el('input', { type: 'text', value: written ? JSON.stringify(current) : '', placeholder: dflt });
      input.addEventListener('input', () => setChange(key, input.value.trim() || null));
      return field(key, label, input, `${hint} (${t('a TOML value')})`);
    }
  }
}

/** Control kinds a teacher changes; the others (line weights, colours,
 * font sizes, margins) are folded away with the keys the spec leaves out. */
const PLAIN_KINDS = ['board-size', 'players', 'map', 'bool', 'choice', 'text', 'list'];

/** A key's value as changed on this page (its TOML read back), or as the
 * spec writes it. */
function currentValue(table, key) {
  const changed = sheets.changes.get(`${table.prefix}.${key}`);
  if (changed !== undefined) {
    try {
      return JSON.parse(changed);
    } catch (e) {
      return changed;
    }
  }
  return table.values[key];
}

/** The fieldset of one part: the plain keys its spec writes, the rest folded away. */
function partFieldset(table) {
  const schema = schemaOf(table.table);
  const name = PART_NAMES[table.table] ? t(PART_NAMES[table.table]) : labelOf(table.table);
  const several = sheets.form.tables.filter((t) => t.table === table.table).length > 1;
  const legend = el('legend', { text: name });
  // A text part goes by its text as the spec writes it (placeholders and
  // all, the same in every language); another part by its id.
  if (table.table === 'text' && table.values.text) legend.append(': ', el('code', { text: table.values.text }));
  else if (table.id && (several || !PART_NAMES[table.table])) legend.append(`: ${labelOf(table.id)}`);
  const box = el('fieldset', { class: 'part', 'data-part': table.prefix }, legend);
  if (!schema) {
    box.append(el('p', { class: 'hint', text: t('This part has no settings this page knows.') }));
    return box;
  }
  const shown = schema.keys.filter((k) => k.form);
  const isSet = (k) => currentValue(table, k.key) !== undefined;
  const plain = shown.filter((k) => isSet(k) && PLAIN_KINDS.includes(k.control.kind));
  const others = shown.filter((k) => !plain.includes(k));
  for (const k of plain) box.append(makeField(table.prefix, k, currentValue(table, k.key)));
  if (others.length) {
    const more = el('details', { class: 'more' }, el('summary', { text: t('More settings ({n})', { n: others.length }) }));
    for (const k of others) more.append(makeField(table.prefix, k, currentValue(table, k.key)));
    box.append(more);
  }
  return box;
}

function buildSheetForm() {
  const form = sheets.form;
  const page = form.tables.find((t) => t.table === 'page');
  const paper = $('sheet-paper');
  paper.textContent = '';
  const sizes = schemaOf('page').keys.find((k) => k.key === 'size').control.choices;
  const size = currentValue(page, 'size') || 'A4';
  for (const s of sizes) paper.append(el('option', { value: s, text: s, selected: s === size }));
  const orientation = currentValue(page, 'orientation') || 'portrait';
  for (const radio of document.querySelectorAll('input[name="orientation"]')) radio.checked = radio.value === orientation;
  const language = $('sheet-language-field');
  language.hidden = !form.language_key;
  if (form.language_key) {
    const [table, key] = form.language_key.split('.');
    const k = schemaOf(table).keys.find((x) => x.key === key);
    const select = $('sheet-language');
    select.textContent = '';
    const current = sheetLanguage();
    // Each language by its own name, as the handout's choice shows it.
    const names = new Map([...$('handout-language').options].map((o) => [o.value, o.textContent]));
    for (const c of k.control.choices || []) select.append(el('option', { value: c, text: names.get(c) || c, lang: c, selected: c === current }));
    select.dataset.key = form.language_key;
  }
  const parts = $('sheet-parts');
  parts.textContent = '';
  const partTables = form.tables
    .filter((t) => t.table !== 'document' && t.table !== 'page')
    .map((t, i) => [t, i])
    .sort((a, b) => partRank(a[0].table) - partRank(b[0].table) || a[1] - b[1]);
  for (const [table] of partTables) parts.append(partFieldset(table));
  // Page margins and the rest of [page], folded away.
  const pageSchema = schemaOf('page');
  const rest = pageSchema.keys.filter((k) => k.form && !['size', 'orientation'].includes(k.key));
  if (rest.length) {
    const box = el('fieldset', { class: 'part', 'data-part': 'page' }, el('legend', { text: t('Page') }));
    const more = el('details', { class: 'more' }, el('summary', { text: t('Margins') }));
    for (const k of rest) more.append(makeField('page', k, currentValue({ prefix: 'page', values: page.values }, k.key)));
    box.append(more);
    parts.append(box);
  }
  const description = sheets.base.kind === 'template'
    ? t((sheets.templates.find((t) => t.name === sheets.base.name) || {}).description || '')
    : t('Your spec {name}: change it here, then save it again or download the sheet.', { name: sheets.base.name });
  $('sheet-description').textContent = description || '';
  uniqueNames($('sheet-form'));
}

/** Shows a built-in sheet with `changes` (kept from before), or with the
 * paper, orientation and language the teacher chose on another sheet. */
function chooseTemplate(name, changes) {
  const template = sheets.templates.find((x) => x.name === name) || sheets.templates[0];
  name = template.name;
  sheets.base = { kind: 'template', name };
  sheets.form = template.form;
  sheets.changes.clear();
  if (changes) {
    for (const [key, value] of changes) sheets.changes.set(key, value);
  } else {
    const carried = store.get('carried', {});
    for (const key of ['page.size', 'page.orientation']) if (carried[key]) sheets.changes.set(key, carried[key]);
    if (carried.language && template.form.language_key) sheets.changes.set(template.form.language_key, carried.language);
  }
  keepSheet();
  for (const o of $('sheet-template').querySelectorAll('option[data-upload]')) o.remove();
  $('sheet-template').value = name;
  buildSheetForm();
  updatePreview();
}

async function startSheets() {
  try {
    const [templates, schema] = await Promise.all([
      call('/api/templates').then((r) => r.json()),
      call('/api/schema').then((r) => r.json()),
    ]);
    sheets.templates = templates;
    sheets.schema = schema;
    sheets.maps = schema.maps;
  } catch (e) {
    showError($('sheet-error'), e);
    return;
  }
  const select = $('sheet-template');
  for (const t of sheets.templates) {
    select.append(el('option', { value: t.name, text: templateLabel(t) }));
  }
  select.addEventListener('change', () => {
    if (!select.selectedOptions[0].dataset.upload) chooseTemplate(select.value);
  });
  $('sheet-paper').addEventListener('change', () => setChange('page.size', tomlString($('sheet-paper').value)));
  for (const radio of document.querySelectorAll('input[name="orientation"]')) {
    radio.addEventListener('change', () => setChange('page.orientation', tomlString(radio.value)));
  }
  $('sheet-language').addEventListener('change', (e) => setChange(e.target.dataset.key, tomlString(e.target.value)));
  $('sheet-reset').addEventListener('click', () => {
    sheets.changes.clear();
    keepSheet();
    buildSheetForm();
    updatePreview();
  });
  $('sheet-pdf').addEventListener('click', (e) => download(e.target, $('sheet-error'), () => sheetRequest('pdf'), 'sheet.pdf'));
  $('sheet-svg').addEventListener('click', (e) => download(e.target, $('sheet-error'), () => sheetRequest('svg'), 'sheet.svg'));
  $('sheet-toml').addEventListener('click', (e) => download(e.target, $('sheet-error'), () => sheetRequest('toml'), 'sheet.toml'));
  $('sheet-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (!file) return;
    try {
      const text = await readFile(file, 1 << 20);
      const info = await postText(`/api/spec/form?name=${encodeURIComponent(file.name)}&says=${lang}`, text).then((r) => r.json());
      sheets.base = { kind: 'text', name: info.origin, text };
      sheets.form = info;
      sheets.changes.clear();
      for (const o of select.querySelectorAll('option[data-upload]')) o.remove();
      select.append(el('option', { value: '', 'data-upload': '1', text: t('Your spec: {name}', { name: info.origin }), selected: true }));
      buildSheetForm();
      updatePreview();
    } catch (err) {
      showError($('sheet-error'), err);
    }
  });
  const kept = store.get('sheet', null);
  if (kept && Array.isArray(kept.changes)) chooseTemplate(kept.template, kept.changes);
  else chooseTemplate(sheets.templates[0].name);
}
starters.sheets = startSheets;

// ---------------------------------------------------------------- handouts

const KINDS = {
  sos: [['sos-count', 'How many SOS does this move make?']],
  tictactoe: [],
  ultimate: [['ultimate-where', 'Where may the player move next?'], ['win', 'Play and win, from the games under “Check games”']],
  strategic: [['strategic-where', 'Where may the player move next?'], ['win', 'Play and win, from the games under “Check games”']],
};

/** Whether the worksheet takes its positions from the Check tab's games. */
const fromGames = () => $('handout-kind').value === 'win' && !$('handout-worksheet').hidden;

/** A handout request: the spec, with the Check tab's records for a `win`
 * worksheet (docs/http.md). */
function handoutRequest(url) {
  if (!fromGames()) return postText(url, handoutToml());
  return postJson(url, { spec: handoutToml(), records: recordsText(), name: check.name });
}

function handoutToml() {
  const game = $('handout-game').value;
  const lines = ['# A paperboard handout (every key is described in docs/handout.md).', '[handout]'];
  lines.push(`game = ${tomlString(game)}`);
  lines.push(`language = ${tomlString($('handout-language').value)}`);
  const title = $('handout-title').value.trim();
  if (title) lines.push(`title = ${tomlString(title)}`);
  lines.push(`rules = ${$('handout-rules').checked}`);
  lines.push(`copies = ${Number($('handout-copies').value) || 0}`);
  if ($('handout-sheet').value) lines.push(`sheet = ${tomlString($('handout-sheet').value)}`);
  const orientation = document.querySelector('input[name="handout-orientation"]:checked').value;
  lines.push('', '[page]', `size = ${tomlString($('handout-paper').value)}`, `orientation = ${tomlString(orientation)}`);
  const kinds = KINDS[game];
  lines.push('', '[worksheet]');
  lines.push(`exercises = ${kinds.length ? Number($('handout-exercises').value) || 0 : 0}`);
  lines.push(`seed = ${$('handout-seed').value || 0}`);
  if (kinds.length) lines.push(`kind = ${tomlString($('handout-kind').value)}`);
  if (fromGames()) lines.push(`win-in = ${Number($('handout-win-in').value) || 2}`);
  if (game === 'sos') lines.push(`sos-size = ${tomlString(`${$('handout-sos-cols').value}x${$('handout-sos-rows').value}`)}`);
  if (game === 'strategic') lines.push(`map = ${tomlString($('handout-map').value)}`);
  lines.push(`answer-key = ${$('handout-key').checked}`);
  if (game === 'ultimate' || game === 'strategic') {
    lines.push('', '[rules]', `preset = ${tomlString($('handout-preset').value)}`);
    if ($('handout-decided').value) lines.push(`decided = ${tomlString($('handout-decided').value)}`);
    if ($('handout-draws').value) lines.push(`draws = ${tomlString($('handout-draws').value)}`);
    lines.push(`no-return = ${tomlString($('handout-no-return').value)}`);
  }
  return lines.join('\n') + '\n';
}

/** Fills the choices that depend on the game; `keep` keeps the choices
 * made where they are still offered (a new language, a restored form). */
function handoutGameChanged(keep) {
  const game = $('handout-game').value;
  const sheet = $('handout-sheet');
  const kind = $('handout-kind');
  const before = keep === true ? { sheet: sheet.value, kind: kind.value } : {};
  sheet.textContent = '';
  for (const x of sheets.templates.filter((x) => x.name === game || x.name.startsWith(game + '-'))) {
    sheet.append(el('option', { value: x.name, text: templateLabel(x) }));
  }
  kind.textContent = '';
  for (const [value, text] of KINDS[game]) kind.append(el('option', { value, text: t(text) }));
  if (before.sheet && [...sheet.options].some((o) => o.value === before.sheet)) sheet.value = before.sheet;
  if (before.kind && [...kind.options].some((o) => o.value === before.kind)) kind.value = before.kind;
  $('handout-worksheet').hidden = KINDS[game].length === 0;
  $('handout-win-row').hidden = !fromGames();
  $('handout-sos-size-row').hidden = game !== 'sos';
  $('handout-map-row').hidden = game !== 'strategic';
  $('handout-rules-options').hidden = !(game === 'ultimate' || game === 'strategic');
}

let handoutSeq = 0;
const scheduleHandout = debounce(() => updateHandout(), 500);

async function updateHandout() {
  const mine = ++handoutSeq;
  $('handout-status').textContent = t('Making the pages…');
  keepHandout();
  for (const node of document.querySelectorAll('#handout-form [aria-invalid="true"]')) node.removeAttribute('aria-invalid');
  try {
    const pages = await handoutRequest('/api/handout/pages').then((r) => r.json());
    if (mine !== handoutSeq) return;
    hideError($('handout-error'));
    const list = $('handout-pages');
    list.classList.remove('stale');
    for (const img of list.querySelectorAll('img')) URL.revokeObjectURL(img.src);
    list.textContent = '';
    for (const run of pages.runs) {
      const img = el('img', { alt: '' });
      showBlob(img, new Blob([run.svg], { type: 'image/svg+xml' }));
      const label = run.first === run.last
        ? t('Page {n}', { n: run.first })
        : t('Pages {first}–{last} ({copies} copies)', { first: run.first, last: run.last, copies: run.copies });
      img.alt = label;
      list.append(el('li', {}, img, el('div', { text: label })));
    }
    $('handout-status').textContent = t('“{title}”: {n} pages.', { title: pages.title, n: pages.pages });
  } catch (e) {
    if (mine !== handoutSeq) return;
    showError($('handout-error'), e);
    // The pictures are of the last handout that worked: say so.
    $('handout-pages').classList.add('stale');
    $('handout-status').textContent = t('The pages below are from the last settings that worked.');
    if (e.key) {
      const target = document.querySelector(`#handout-form [data-key="${CSS.escape(e.key)}"]`);
      if (target) target.setAttribute('aria-invalid', 'true');
    }
  }
}

/** The handout form's values, by the id of each control. */
function keepHandout() {
  const values = {};
  for (const c of document.querySelectorAll('#handout-form input, #handout-form select')) {
    values[c.id || `${c.name}:${c.value}`] = c.type === 'checkbox' || c.type === 'radio' ? c.checked : c.value;
  }
  store.set('handout', values);
}

/** Puts kept values back; a first visit takes the paper and language the
 * teacher chose for a sheet. Returns whether anything was kept. */
function restoreHandout() {
  const values = store.get('handout', null);
  if (!values) {
    const carried = store.get('carried', {});
    if (carried['page.size']) $('handout-paper').value = JSON.parse(carried['page.size']);
    const language = carried.language ? JSON.parse(carried.language) : lang;
    if ([...$('handout-language').options].some((o) => o.value === language)) $('handout-language').value = language;
    return;
  }
  // A language never chosen for the handout is the page's.
  if (!store.get('handout-language-chosen', false)) values['handout-language'] = lang;
  if (values['handout-game']) $('handout-game').value = values['handout-game'];
  handoutGameChanged();
  for (const c of document.querySelectorAll('#handout-form input, #handout-form select')) {
    const key = c.id || `${c.name}:${c.value}`;
    if (!(key in values) || c.id === 'handout-game') continue;
    if (c.type === 'checkbox' || c.type === 'radio') c.checked = !!values[key];
    else if (c.tagName !== 'SELECT' || [...c.options].some((o) => o.value === values[key])) c.value = values[key];
  }
}

async function startHandouts() {
  if (!sheets.templates.length) {
    try {
      const [templates, maps] = await Promise.all([
        call('/api/templates').then((r) => r.json()),
        call('/api/maps').then((r) => r.json()),
      ]);
      sheets.templates = templates;
      sheets.maps = maps;
    } catch (e) {
      showError($('handout-error'), e);
      return;
    }
  }
  for (const name of sheets.maps.functional) $('handout-map').append(el('option', { value: name, text: name, selected: name === 'map34' }));
  $('handout-game').addEventListener('change', handoutGameChanged);
  $('handout-language').addEventListener('change', () => store.set('handout-language-chosen', true));
  $('handout-form').addEventListener('input', scheduleHandout);
  $('handout-form').addEventListener('change', scheduleHandout);
  $('handout-new-seed').addEventListener('click', () => {
    $('handout-seed').value = String(Math.floor(Math.random() * 1e9));
    scheduleHandout();
  });
  $('handout-pdf').addEventListener('click', (e) => download(e.target, $('handout-error'), () => handoutRequest('/api/handout.pdf'), 'handout.pdf'));
  $('handout-kind').addEventListener('change', () => { $('handout-win-row').hidden = !fromGames(); });
  $('handout-toml').addEventListener('click', () => save(new Blob([handoutToml()], { type: 'application/toml' }), 'handout.toml'));
  handoutGameChanged();
  restoreHandout();
  handoutGameChanged(true);
  updateHandout();
}
starters.handouts = startHandouts;

// ---------------------------------------------------------------- check

const VERDICTS = {
  legal: 'Legal',
  illegal: 'Illegal',
  'wrong-claim': 'Wrong claim',
  'unreadable-claim': 'Unreadable claim',
  unusable: 'Cannot be checked',
};

const check = {
  name: 'records.txt', maps: [], report: null, raw: '', text: '', seq: 0, game: null,
  running: null, // {key, promise} of the check under way
  done: null, // the key of the check the results show
  render: 0, // the drawing of results under way (a newer one stops an older)
  took: null, // milliseconds from asking to the last row drawn
  long: null, // the whole of records too long for the text box, which shows their start
};

/** Records longer than this are not put in the text box whole: a browser
 * lays out every line of a text box at once, which for a megabyte of
 * records stops the page for seconds (3.8 s for 1.9 MB in Chromium). The
 * box then shows the start, read-only; the whole text is checked, fixed
 * and kept. */
const LONG_RECORDS = 256 * 1024;
/** Lines of long records the text box shows. */
const LONG_SHOWN_LINES = 300;

/** The records as they are: the text box's, or the whole of long ones. */
function recordsText() {
  return check.long !== null ? check.long : $('check-text').value;
}

/** Puts `text` in as the records, showing only the start of long ones. */
function setRecords(text) {
  const box = $('check-text');
  if (text.length <= LONG_RECORDS) {
    check.long = null;
    box.readOnly = false;
    box.value = text;
    $('check-long').hidden = true;
    return;
  }
  check.long = text;
  let end = 0;
  for (let i = 0; i < LONG_SHOWN_LINES && end !== -1; i++) end = text.indexOf('\n', end + 1);
  box.value = end === -1 ? text : text.slice(0, end + 1);
  box.readOnly = true;
  const games = (text.match(/^\s*\[Game\s/gm) || []).length;
  $('check-long-note').textContent = t('Long records ({games} games, {size} MB): only their start is shown here. The whole text is checked, fixed and kept; a paste replaces it.', { games, size: (Math.round(text.length / 104857.6) / 10).toLocaleString(lang) });
  $('check-long').hidden = false;
}

/** The body a check request sends: the text, or JSON with map files. */
function checkRequest(query, text) {
  const q = new URLSearchParams(query);
  q.set('name', check.name);
  // Diagrams in the language chosen for them; the report's suggestions in
  // the page's.
  q.set('language', query.diagram ? $('check-language').value : lang);
  if (check.maps.length) {
    return postJson(`/api/check?${q}`, { records: text, name: check.name, maps: check.maps });
  }
  return postText(`/api/check?${q}`, text);
}

// How a game stopped early, as the report's result.termination says: the
// page's words for it (words.js), a termination it does not know as the
// record wrote it.
const STOPPED = { resignation: 'by resignation', agreement: 'by agreement', time: 'on time', abandoned: '(game abandoned)' };

/** How the game stopped, in the page's language, with a space before it;
 * nothing when it did not stop early. */
function stoppedText(termination) {
  if (!termination) return '';
  return ` ${STOPPED[termination] ? t(STOPPED[termination]) : `(${termination})`}`;
}

function resultText(g) {
  const r = g.result;
  if (!r) return '—';
  const how = stoppedText(r.termination);
  if (r.outcome === 'draw') return t('Drawn') + how;
  if (r.outcome === 'unfinished') return t('Unfinished') + how;
  const who = r.winner === r.winner_name || !r.winner_name ? r.winner : `${r.winner} (${r.winner_name})`;
  return (r.outcome === 'shared-win' ? t('{who} share the win', { who }) : t('{who} won', { who })) + how;
}

/** The summary, as "label: number" so no language needs plural forms. */
function summaryText(s) {
  const parts = [t('legal: {n}', { n: s.legal }), t('illegal: {n}', { n: s.illegal })];
  if (s.wrong_claim) parts.push(t('with a wrong claim: {n}', { n: s.wrong_claim }));
  if (s.unreadable_claim) parts.push(t('with an unreadable claim: {n}', { n: s.unreadable_claim }));
  if (s.unusable) parts.push(t('cannot be checked: {n}', { n: s.unusable }));
  return `${t('Games checked: {n}', { n: s.games })} (${parts.join(', ')}).`;
}

/** What a check is of: the same records, name and map files are the same
 * check, and asking again starts no second one. */
const checkKey = (text) => JSON.stringify([text, check.name, check.maps.map((m) => [m.name, m.text.length]), lang]);

/** Checks the records in the text box, once per change: a check of the
 * same records already running or done is the answer (`force` asks again,
 * after a suggestion was applied). */
function runCheck(force) {
  const text = recordsText();
  const key = checkKey(text);
  if (!force && check.running && check.running.key === key) return check.running.promise;
  if (!force && check.done === key) return Promise.resolve();
  const promise = doCheck(text, key);
  check.running = { key, promise };
  return promise;
}

async function doCheck(text, key) {
  const mine = ++check.seq;
  if (!text.trim()) {
    clearCheckResults();
    $('check-summary').textContent = t('Paste records or open a record file, then check.');
    return;
  }
  $('check-summary').textContent = t('Checking…');
  // Busy until this check's rows and lines are all drawn: the lines of the
  // last check stand until then, and a screen reader (or a test) waits.
  $('panel-check').setAttribute('aria-busy', 'true');
  const started = performance.now();
  try {
    performance.mark('check:asked');
    // With the moments that decided each game (`check --annotate`).
    const response = await checkRequest({ annotate: 1 }, text);
    const raw = await response.text();
    performance.mark('check:answered');
    if (mine !== check.seq) return;
    check.raw = raw;
    check.report = JSON.parse(raw);
    check.text = text;
    check.done = key;
    hideError($('check-error'));
    await renderReport();
    check.took = performance.now() - started;
  } catch (e) {
    if (mine !== check.seq) return;
    check.done = null;
    showError($('check-error'), e);
    // The results shown were of other records: take them away.
    clearCheckResults();
    $('check-summary').textContent = t('Nothing checked: the records could not be read (see above).');
  } finally {
    if (mine === check.seq) {
      check.running = null;
      $('panel-check').removeAttribute('aria-busy');
    }
  }
}

function clearCheckResults() {
  check.report = null;
  check.render++;
  $('check-downloads').hidden = true;
  $('check-games').hidden = true;
  $('check-games').querySelector('tbody').textContent = '';
  $('check-annotated').hidden = true;
  $('check-lines').textContent = '';
  $('check-diagram').hidden = true;
}

/** Record lines drawn between two frames at most (and fewer on a slow
 * machine, see SLICE_MS): a big paste is drawn a slice at a time, so no
 * task keeps the page from answering. */
const LINES_PER_FRAME = 300;

async function renderReport() {
  const report = check.report;
  const mine = ++check.render;
  $('check-summary').textContent = summaryText(report.summary);
  $('check-downloads').hidden = false;
  const fixable = report.games.some((g) => g.errors.some((e) => e.suggestions.length));
  $('check-fix-all').hidden = !fixable;
  const table = $('check-games');
  table.querySelector('tbody').textContent = '';
  table.hidden = report.games.length === 0;
  $('check-diagram').hidden = true;
  // The rows are built outside the page, a slice per frame, and put in
  // at once: a table lays out all its rows whenever one is added, so
  // rows added frame by frame would lay the table out again every frame.
  const body = document.createElement('tbody');
  const clock = sliceClock();
  for (const g of report.games) {
    body.append(gameRow(g));
    const moments = momentsRow(g);
    if (moments) body.append(moments);
    if (clock.due()) {
      await nextFrame();
      if (mine !== check.render) return;
      clock.restart();
    }
  }
  table.querySelector('tbody').replaceWith(body);
  performance.mark('check:rows');
  await nextFrame();
  if (mine !== check.render) return;
  await renderLines(mine);
  performance.mark('check:lines');
}

/** The game and its rules in the page's language, as the report words
 * them (`what`; an English report gives `description` and `rules`). */
function whatText(g) {
  return g.what || g.description + (g.rules ? `, ${g.rules}` : '');
}

function gameRow(g) {
  const scores = g.scores.map((s) => `${s.name ? `${s.player} (${s.name})` : s.player} ${s.score}`).join(', ');
  const errors = g.errors.length + g.more_errors;
  const verdict = el('span', { class: `verdict ${g.status}`, text: VERDICTS[g.status] ? t(VERDICTS[g.status]) : g.status });
  const lineLink = el('a', { href: `#line-${g.line}`, text: String(g.line), onclick: (e) => { e.preventDefault(); showLine(g.line); } });
  const drawable = g.status !== 'unusable';
  const diagram = drawable
    ? el('button', { type: 'button', class: 'secondary small', text: t('Show'), 'aria-label': t('Show the diagram of game {n}', { n: g.game }), onclick: () => showDiagram(g) })
    : '—';
  return el('tr', { 'data-game': g.game },
    el('td', { text: String(g.game) }),
    el('td', {}, lineLink),
    // The game and its rules as the checker words them in the page's
    // language (`what`; English reports have only `description`, `rules`).
    el('td', { class: 'said', text: whatText(g) }),
    el('td', { text: String(g.moves) }),
    el('td', {}, verdict, errors ? ` ${t('errors: {n}', { n: errors })}` : ''),
    el('td', { text: resultText(g) }),
    el('td', { text: scores || '—' }),
    el('td', {}, diagram));
}

/** Records longer than this show only the lines with errors and a few
 * around them: thousands of faultless lines help no one find a slip. */
const ALL_LINES_UP_TO = 2000;
const CONTEXT_LINES = 2;

/** The record text line by line, each error under its line with its suggestions. */
async function renderLines(mine) {
  const report = check.report;
  const byLine = new Map();
  const add = (line, item) => {
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push(item);
  };
  for (const f of report.files) {
    if (f.error) add(f.error.line || 1, { fileError: f.error });
  }
  for (const g of report.games) {
    g.errors.forEach((e, index) => add(e.line, { game: g, error: e, index }));
    if (g.more_errors) add(g.errors.length ? g.errors[g.errors.length - 1].line : g.line, { game: g, more: g.more_errors });
  }
  const list = $('check-lines');
  list.textContent = '';
  const lines = check.text.split('\n');
  let shown = null;
  if (lines.length > ALL_LINES_UP_TO) {
    shown = new Set();
    for (const no of byLine.keys()) {
      for (let n = Math.max(1, no - CONTEXT_LINES); n <= Math.min(lines.length, no + CONTEXT_LINES); n++) shown.add(n);
    }
  }
  $('check-annotated-title').textContent = shown
    ? t('The lines with errors, each with the lines around it')
    : t('The records, with each error at its line');
  $('check-annotated').hidden = false;
  let slice = document.createDocumentFragment();
  let inSlice = 0;
  let skipped = 0;
  const clock = sliceClock();
  for (let i = 0; i < lines.length; i++) {
    const no = i + 1;
    if (shown && !shown.has(no)) {
      skipped++;
      continue;
    }
    if (skipped) {
      slice.append(el('li', { class: 'skipped' }, el('span', { class: 'no', text: '…' }), el('span', { class: 'text', text: t('lines without errors: {n}', { n: skipped }) })));
      skipped = 0;
    }
    const text = lines[i].replace(/\r$/, '');
    const items = byLine.get(no) || [];
    const li = el('li', { id: `line-${no}`, class: items.length ? 'bad' : '' }, el('span', { class: 'no', text: String(no) }));
    li.append(items.length ? markedText(text, items) : el('span', { class: 'text', text: text || ' ' }));
    if (items.length) li.append(el('div', { class: 'problems' }, items.map(problem)));
    slice.append(li);
    if (++inSlice === LINES_PER_FRAME || clock.due()) {
      list.append(slice);
      await nextFrame();
      if (mine !== check.render) return;
      clock.restart();
      slice = document.createDocumentFragment();
      inSlice = 0;
    }
  }
  if (skipped) slice.append(el('li', { class: 'skipped' }, el('span', { class: 'no', text: '…' }), el('span', { class: 'text', text: t('lines without errors: {n}', { n: skipped }) })));
  list.append(slice);
}

/** A line with the text of each error on it marked. */
function markedText(text, items) {
  const chars = Array.from(text);
  const marks = items
    .filter((it) => it.error && it.error.col && it.error.text)
    .map((it) => [it.error.col - 1, it.error.col - 1 + Array.from(it.error.text).length])
    .sort((a, b) => a[0] - b[0]);
  const span = el('span', { class: 'text' });
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || start >= chars.length) continue;
    span.append(chars.slice(at, start).join(''), el('mark', { text: chars.slice(start, end).join('') }));
    at = end;
  }
  span.append(chars.slice(at).join('') || (at === 0 ? ' ' : ''));
  return span;
}

/** One error under its line: where, what, and the suggestions to apply. */
function problem(item) {
  if (item.fileError) {
    return el('div', { class: 'problem' }, el('p', {},
      el('span', { class: 'where', text: item.fileError.line ? `${t('Line {line}, column {col}', { line: item.fileError.line, col: item.fileError.col })}: ` : '' }),
      `${t('not a record')}: `, el('span', { class: 'said', text: item.fileError.says || item.fileError.message })));
  }
  const g = item.game;
  if (item.more) {
    return el('div', { class: 'problem' }, el('p', { text: t('Game {n}: more errors: {more} (the first {shown} are shown).', { n: g.game, more: item.more, shown: g.errors.length }) }));
  }
  const e = item.error;
  const what = e.move ? `${t('move {n}', { n: e.move })}${e.player ? ` (${e.player})` : ''} ${e.text}` : e.text;
  const box = el('div', { class: 'problem' }, el('p', {},
    el('span', { class: 'where', text: `${t('Game {n}, line {line}, column {col}', { n: g.game, line: e.line, col: e.col })}${what ? ` — ${what}` : ''}: ` }),
    el('span', { class: 'said', text: e.says || e.message })));
  if (e.suggestions.length) {
    const list = el('ul', { class: 'suggestions', 'aria-label': t('Suggestions') });
    e.suggestions.forEach((s, si) => {
      list.append(el('li', {},
        el('span', {}, `${si === 0 ? t('Did you mean') : t('Or')} `, el('span', { class: 'said', text: s.says })),
        el('button', {
          type: 'button', class: 'small', text: t('Apply'),
          'aria-label': `${t('Apply')}: ${s.says} (${t('game {n}, line {line}', { n: g.game, line: e.line })})`,
          onclick: (ev) => applyFix(ev.target, { picks: [{ game: g.game, error: item.index, suggestion: si }] }),
        })));
    });
    box.append(list);
  }
  return box;
}

/** Takes the focus to the first error at or after line `from` (else the
 * first one), or to the summary when none is left: never to the page's
 * start, where the teacher would have to find the place again. */
function focusNextError(from) {
  const bad = [...document.querySelectorAll('#check-lines li.bad')];
  const next = bad.find((li) => Number(li.id.slice(5)) >= from) || bad[0];
  const target = next ? next.querySelector('.suggestions button') || next : $('check-summary');
  if (!target.matches('button')) target.tabIndex = -1;
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

function showLine(no) {
  const li = $(`line-${no}`);
  if (!li) return;
  li.scrollIntoView({ block: 'center' });
  li.tabIndex = -1;
  li.focus();
}

/** Why a fix changed nothing, as `check --fix` says it: the suggestions
 * left as written (tied, or against the game's claim) and why, or that
 * there was nothing to apply. */
function nothingChanged(left, hadErrors) {
  if (left.length) {
    const why = left.map((h) => `${t('game {n}, line {line}', { n: h.game, line: h.line })}: ${h.why}`).join('; ');
    return t('Nothing was changed: no suggestion is sure enough to apply ({why}).', { why });
  }
  return hadErrors
    ? t('Nothing was changed: no error has a suggestion to apply.')
    : t('Nothing was changed: there is nothing to fix.');
}

async function applyFix(button, what) {
  button.disabled = true;
  // Where the teacher was: the next error after this line gets the focus.
  const from = Number((button.closest('li[id^="line-"]') || { id: 'line-0' }).id.slice(5));
  try {
    const body = { records: check.text, name: check.name, maps: check.maps, language: lang, ...what };
    const hadErrors = !!check.report && check.report.games.some((g) => g.errors.length);
    const fixed = await postJson('/api/check/fix', body).then((r) => r.json());
    setRecords(fixed.text);
    keepRecords();
    await runCheck(true);
    const changed = fixed.changes.map((c) => `${t('line {n}', { n: c.line })}: ${c.what.replace(' -> ', ' → ')}`).join('; ');
    $('check-summary').textContent += ' ' + (changed ? t('Changed {what}.', { what: changed }) : nothingChanged(fixed.left, hadErrors));
    focusNextError(from);
  } catch (e) {
    showError($('check-error'), e);
    button.disabled = false;
  }
}

// The moments that decided a game, as `check --annotate` finds them: the
// page's words, "plies: 3" so no language needs plural forms.
const MOMENTS = {
  'missed-win': 'Move {n}, {player} {played}: missed a win (plies: {k}; winning: {best}).',
  'allowed-loss': 'Move {n}, {player} {played}: let {winner} force a win (plies: {k}; winning: {best}).',
  decided: 'Move {n}, {player} {played}: from here {winner} forces the win (plies: {k}).',
};

/** A moment in the page's language; a record numbers X's move and O's
 * reply together. */
function momentText(g, a) {
  const winner = a.kind === 'missed-win' ? a.mover : a.kind === 'allowed-loss' ? (a.mover === 'X' ? 'O' : 'X') : g.result?.winner;
  return t(MOMENTS[a.kind] || a.kind, { n: Math.ceil(a.ply / 2), player: a.mover, played: a.played, winner, k: a.win_in, best: a.best.join(', ') });
}

/** The row under a game listing its moments, each with a button that
 * shows the position and the winning line; none without moments. */
function momentsRow(g) {
  const moments = g.annotations || [];
  if (!moments.length) return null;
  const list = el('ul', { class: 'moments' });
  moments.forEach((a, i) => {
    const show = el('button', { type: 'button', class: 'secondary small', text: t('Show'), 'aria-label': t('Show the position of move {n} with the winning line', { n: Math.ceil(a.ply / 2) }), onclick: () => showMoment(g, a, i + 1) });
    list.append(el('li', {}, momentText(g, a), ' ', show));
  });
  return el('tr', { class: 'moments-row' }, el('td', { colspan: '8' }, list));
}

/** The position a moment is about, its winning line numbered. */
async function showMoment(g, a, k) {
  try {
    const response = await checkRequest({ diagram: 'svg', game: g.game, annotate: 1, moment: k }, check.text);
    showBlob($('check-diagram-img'), await response.blob());
    check.game = g.game;
    $('check-diagram-title').textContent = `${t('Game {n}', { n: g.game })}: ${momentText(g, a)}`;
    $('check-diagram-img').alt = t('The position of the moment in game {n}, the winning line numbered', { n: g.game });
    $('check-diagram').hidden = false;
    $('check-diagram').scrollIntoView({ block: 'nearest' });
  } catch (e) {
    showError($('check-error'), e);
  }
}

async function showDiagram(g) {
  const section = $('check-diagram');
  try {
    const response = await checkRequest({ diagram: 'svg', game: g.game }, check.text);
    showBlob($('check-diagram-img'), await response.blob());
    check.game = g.game;
    $('check-diagram-title').textContent = `${t('Game {n}', { n: g.game })}: ${whatText(g)}, ${resultText(g).toLowerCase()}`;
    $('check-diagram-img').alt = t('The final position of game {n}', { n: g.game });
    for (const tr of document.querySelectorAll('#check-games tr')) tr.classList.toggle('selected', tr.dataset.game === String(g.game));
    section.hidden = false;
    section.scrollIntoView({ block: 'nearest' });
  } catch (e) {
    showError($('check-error'), e);
  }
}

function renderMapChips() {
  const list = $('check-map-list');
  list.textContent = '';
  check.maps.forEach((m, i) => {
    list.append(el('li', {}, m.name, el('button', {
      type: 'button', class: 'secondary small', text: '×', 'aria-label': t('Remove the map file {name}', { name: m.name }),
      onclick: () => { check.maps.splice(i, 1); renderMapChips(); runCheck(); },
    })));
  });
}

/** Keeps the records typed or pasted (and the file name) in the browser. */
function keepRecords() {
  return bigStore.set('records', { text: recordsText(), name: check.name });
}

function startCheck() {
  const text = $('check-text');
  const autoCheck = debounce(() => runCheck(), 900);
  const keep = debounce(keepRecords, 400);
  text.addEventListener('input', () => {
    keep();
    autoCheck();
  });
  // A paste that makes the records long puts them in as long records
  // (see LONG_RECORDS); a paste over long records replaces them.
  text.addEventListener('paste', (e) => {
    const pasted = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (!pasted) return;
    const whole = check.long !== null
      ? pasted
      : text.value.slice(0, text.selectionStart) + pasted + text.value.slice(text.selectionEnd);
    if (check.long === null && whole.length <= LONG_RECORDS) return;
    e.preventDefault();
    setRecords(whole);
    keep();
    autoCheck();
  });
  $('check-long-edit').addEventListener('click', () => {
    const whole = check.long;
    if (whole === null) return;
    // Asked for: the browser lays the whole text out, however long it takes.
    check.long = null;
    text.readOnly = false;
    text.value = whole;
    $('check-long').hidden = true;
    text.focus();
  });
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      autoCheck.cancel();
      runCheck();
    }
  });
  $('check-run').addEventListener('click', async () => {
    // One check per action: the click does what the pending one would.
    autoCheck.cancel();
    const checked = runCheck();
    // Kept after the request is on its way: writing a big paste to the
    // browser's storage is a task of its own, not part of the click.
    keep.cancel();
    setTimeout(keepRecords, 0);
    await checked;
    // On a tablet the results are under the records: bring them up.
    const narrow = window.matchMedia('(max-width: 900px)').matches;
    $('check-summary').scrollIntoView({ block: narrow ? 'start' : 'nearest' });
  });
  $('check-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (!file) return;
    try {
      setRecords(await readFile(file, 2 << 20));
      check.name = file.name;
      keepRecords();
      runCheck();
    } catch (err) {
      showError($('check-error'), err);
    }
  });
  $('check-maps').addEventListener('change', async (e) => {
    try {
      for (const file of e.target.files) {
        check.maps = check.maps.filter((m) => m.name !== file.name);
        check.maps.push({ name: file.name, text: await readFile(file, 1 << 20) });
      }
      renderMapChips();
      runCheck();
    } catch (err) {
      showError($('check-error'), err);
    }
    e.target.value = '';
  });
  $('check-fix-all').addEventListener('click', (e) => applyFix(e.target, { all: true }));
  $('check-json').addEventListener('click', () => {
    const stem = check.name.replace(/\.[^.]*$/, '');
    save(new Blob([check.raw], { type: 'application/json' }), `${stem}-report.json`);
  });
  $('check-diagrams').addEventListener('click', (e) => download(e.target, $('check-error'), () => checkRequest({ diagram: 'pdf' }, check.text), 'diagrams.pdf'));
  // The languages a handout can be written in, listed once in the page.
  for (const o of $('handout-language').options) $('check-language').append(o.cloneNode(true));
  $('check-language').value = store.get('check-language', null) || lang;
  $('check-language').addEventListener('change', () => {
    store.set('check-language', $('check-language').value);
    // A diagram on show follows the language chosen.
    const shown = check.report && !$('check-diagram').hidden
      ? check.report.games.find((g) => g.game === check.game) : null;
    if (shown) showDiagram(shown);
  });
  $('check-diagram-pdf').addEventListener('click', (e) => download(e.target, $('check-error'), () => checkRequest({ diagram: 'pdf', game: check.game }, check.text), 'diagram.pdf'));
  // The records of last time, checked again (kept in localStorage by
  // earlier versions of the page, which are moved over once).
  bigStore.get('records', null).then((kept) => {
    const earlier = store.get('records', null);
    if (earlier) {
      localStorage.removeItem('paperboard.records');
      if (!kept) bigStore.set('records', (kept = earlier));
    }
    if (kept && kept.text && !text.value) {
      setRecords(kept.text);
      check.name = kept.name || check.name;
      runCheck();
    }
  });
}
starters.check = startCheck;

// ---------------------------------------------------------------- read

/** The most photos one reading takes, and the bytes of each (the
 * server's limits, docs/http.md): checked here first so a teacher hears
 * at once, in the page's language, rather than after an upload. */
const READ_PHOTOS = 8;
const PHOTO_BYTES = 40 << 20;
const READ_BODY = PHOTO_BYTES + (8 << 20);

/** The largest spec file the server takes (a spec's limit). */
const SPEC_BYTES = 1 << 20;

const reading = {
  photos: [], // File objects chosen, in order
  spec: null, // the File of the spec custom sheets were printed from, if chosen
  result: null, // the answer of /api/read
  games: [], // per game read: {moves: [{text, confidence, uncertain, alternatives, chosen}], header, name}
  selected: null, // {game, ply} of the move whose alternatives are shown
  seq: 0,
  urls: [], // blob URLs of the sheets drawn, freed when drawn again
};

/** What a refusal of a photo means, in the page's words, by its code
 * (its code is stable); another refusal in the server's words, which it
 * gives in the page's language (`says`). */
function photoProblem(code, name, fallback) {
  const said = {
    'not-an-image': '{name} is not a JPEG or PNG photo.',
    'photo-bytes': '{name} is too large: a photo may have at most 40 MiB and 50 million pixels.',
    'photo-too-large': '{name} is too large: a photo may have at most 40 MiB and 50 million pixels.',
    'too-large': 'The photos are too large together: read fewer at once (at most 8, 48 MiB in all).',
    'too-many-sheets': '{name} has more pages than one reading takes (at most 16 photos or pages at once): read it on its own, or with paperboard read on the command line.',
    'photo-too-small': '{name} is too small to read: take the photo closer, or at a higher resolution.',
    'photo-too-dark': '{name} is too dark to read: take it again in more light.',
    'two-sheets': '{name} shows more than one sheet: photograph one sheet at a time.',
    'code-unreadable': 'The sheet in {name} was found, but its code (the small square pattern at the bottom) could not be read: take the photo again from straight above the sheet, closer, with the code sharp.',
    'blank-sheet': 'Nothing is written on the sheet in {name}.',
    'missing-start': 'The record in {name} does not start at move 1: choose the photos of the game\'s earlier sheets too.',
    'unclear-start': 'The record in {name} goes on from an earlier sheet, and more than one of the photos could be it: read it with only its own game\'s earlier sheets.',
    'no-record': 'No moves are written in the record on {name}: a Strategic game is read from its record.',
    'not-a-game': 'What is written in {name} does not read as a game: photograph the whole sheet again, sharp and flat.',
    'spec-needed': '{name} is a sheet printed from a spec of its own or by a handout: choose that spec file too (“Choose the spec…”), then read the photos again.',
  }[code];
  if (said) return t(said, { name });
  if (['no-code', 'no-mark', 'bad-marks', 'foreign-code', 'unknown-sheet', 'no-game-on-sheet'].includes(code)) {
    return t('No sheet printed by this program was found in {name}: photograph one whole sheet, flat, with its code and its four corner marks.', { name });
  }
  return `${t('{name} could not be read.', { name })} ${fallback || ''}`.trim();
}

/** The chosen photos as chips, each with a button to take it away. */
function renderPhotoList() {
  const list = $('read-photo-list');
  list.textContent = '';
  reading.photos.forEach((file, i) => {
    list.append(el('li', {}, file.name, el('button', {
      type: 'button', class: 'secondary small', text: '×', 'aria-label': t('Remove the photo {name}', { name: file.name }),
      onclick: () => { reading.photos.splice(i, 1); renderPhotoList(); },
    })));
  });
  $('read-run').disabled = reading.photos.length === 0;
}

/** The spec chosen, as a chip with a button to take it away. */
function renderSpecChosen() {
  const list = $('read-spec-chosen');
  list.textContent = '';
  const file = reading.spec;
  if (!file) return;
  list.append(el('li', {}, file.name, el('button', {
    type: 'button', class: 'secondary small', text: '×', 'aria-label': t('Remove the spec {name}', { name: file.name }),
    onclick: () => { reading.spec = null; renderSpecChosen(); },
  })));
}

/** Takes a chosen spec file, refusing at once one larger than a spec may be. */
function chooseSpec(file) {
  if (!file) return;
  if (file.size > SPEC_BYTES) {
    showError($('read-error'), { message: t('{file} is larger than {kib} KiB, more than this page takes.', { file: file.name, kib: SPEC_BYTES / 1024 }) });
    return;
  }
  hideError($('read-error'));
  reading.spec = file;
  renderSpecChosen();
}

/** Adds chosen files, refusing at once what the server would refuse. */
function addPhotos(files) {
  const problems = [];
  for (const file of files) {
    if (reading.photos.length >= READ_PHOTOS) {
      problems.push(t('At most {n} photos are read at once.', { n: READ_PHOTOS }));
      break;
    }
    // A scanned PDF is read a sheet on each page, as the command line reads it.
    if (file.type && !file.type.startsWith('image/') && file.type !== 'application/pdf') problems.push(photoProblem('not-an-image', file.name));
    else if (file.size > PHOTO_BYTES) problems.push(photoProblem('photo-bytes', file.name));
    else reading.photos.push(file);
  }
  if (problems.length) showError($('read-error'), { message: problems.join(' ') });
  else hideError($('read-error'));
  renderPhotoList();
}

/** The header of a record the server wrote: its tag lines. */
function recordHeader(record) {
  const lines = record.split('\n');
  const first = lines.findIndex((l) => /^\d+\./.test(l));
  return lines.slice(0, first < 0 ? lines.length : first).join('\n').replace(/\n*$/, '\n\n');
}

/** A game's record as the record format writes it: the tags, then the
 * moves in numbered pairs, each doubtful move not yet confirmed followed
 * by `{?}` (as `paperboard read` writes it). */
function recordOf(game) {
  let out = game.header;
  game.moves.forEach((m, i) => {
    if (i % 2 === 0) out += `${i / 2 + 1}.`;
    out += ` ${m.text}${m.uncertain && !m.chosen ? ' {?}' : ''}`;
    if (i % 2 === 1 || i === game.moves.length - 1) out += '\n';
  });
  return out;
}

/** Whether a game read is a game with moves (not a position read from a
 * field without a record, nor a sheet that could not be decoded). */
const hasRecord = (g) => !!g.moves && !g.position;

const readRecords = () => reading.games.filter(hasRecord).map(recordOf).join('\n');

/** A probability as a percentage a teacher reads at a glance. */
const percent = (p) => `${(Math.round(p * 1000) / 10).toLocaleString(lang)} %`;

async function runRead() {
  const mine = ++reading.seq;
  const photos = reading.photos.slice();
  const spec = reading.spec;
  const total = photos.reduce((n, f) => n + f.size, 0);
  if (total > READ_BODY) {
    showError($('read-error'), { message: photoProblem('too-large') });
    return;
  }
  $('read-run').disabled = true;
  $('read-status').textContent = t('Reading {n} photos… (a few seconds each)', { n: photos.length });
  const q = new URLSearchParams();
  q.set('sizes', photos.map((f) => f.size).join(','));
  for (const f of photos) q.append('name', f.name);
  q.set('language', lang);
  // The spec, if chosen, travels first in the body: `spec` is its size.
  if (spec) {
    q.set('spec', spec.size);
    q.set('spec_name', spec.name);
  }
  const body = new Blob(spec ? [spec, ...photos] : photos);
  try {
    const response = await call(`/api/read?${q}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body });
    const result = await response.json();
    if (mine !== reading.seq) return;
    hideError($('read-error'));
    reading.result = result;
    reading.games = result.games.map((g) => ({
      ...g,
      header: g.record ? recordHeader(g.record) : '',
      moves: g.moves ? g.moves.map((m) => ({ ...m, read: m.text, chosen: false })) : null,
    }));
    reading.selected = null;
    // Each refused photo is said beside its name in the list; here, that
    // there are some.
    if (result.unread.length) showError($('read-error'), { message: t('Photos not read: {n}. Why is said under “The photos”.', { n: result.unread.length }) }, false);
    renderReading();
    keepReading();
    // On a phone or tablet the results are under the controls: bring them up.
    if (window.matchMedia('(max-width: 900px)').matches) $('read-status').scrollIntoView({ block: 'start' });
    await checkReading();
  } catch (e) {
    if (mine !== reading.seq) return;
    // Old results were of other photos: take them away. When no photo was
    // read, the answer still says why of every photo: they are listed.
    reading.games = [];
    reading.result = e.unread ? { games: [], sheets: [], photos: [], unread: e.unread } : null;
    renderReading();
    keepReading();
    // A spec the server refused is said as the server words it, with where.
    if (e.key === 'spec') showError($('read-error'), e);
    else if (e.unread && e.unread.length > 1) showError($('read-error'), { message: t('Photos not read: {n}. Why is said under “The photos”.', { n: e.unread.length }) });
    else showError($('read-error'), { message: photoProblem(e.code, e.origin || t('the photo'), e.says || e.message) });
    $('read-status').textContent = t('Nothing read (see above).');
  } finally {
    if (mine === reading.seq) $('read-run').disabled = reading.photos.length === 0;
  }
}

/** Checks the records read (the check tab's route and words), and shows
 * each game's verdict under its sheet. */
async function checkReading() {
  const text = readRecords();
  $('read-record').value = text;
  const has = text.trim() !== '';
  $('read-record-field').hidden = !has;
  $('read-actions').hidden = !has;
  if (!has) {
    const positions = reading.games.filter((g) => g.position).length;
    $('read-status').textContent = positions
      ? t('Positions read from fields without a record: {n}.', { n: positions })
      : t('No game could be read from these photos.');
    return;
  }
  const mine = reading.seq;
  try {
    // In the page's language, as the Check tab asks.
    const report = await postText(`/api/check?name=read.txt&language=${lang}`, text).then((r) => r.json());
    if (mine !== reading.seq || text !== $('read-record').value) return;
    const doubtful = reading.games.reduce((n, g) => n + (g.moves ? g.moves.filter((m) => m.uncertain && !m.chosen).length : 0), 0);
    $('read-status').textContent = `${summaryText(report.summary)} ${t('Doubtful moves left: {n}.', { n: doubtful })}`;
    let at = 0;
    for (const [i, g] of reading.games.entries()) {
      if (!hasRecord(g)) continue;
      const checked = report.games[at++];
      const line = $(`read-verdict-${i}`);
      if (!line || !checked) continue;
      line.textContent = '';
      const errors = checked.errors.length + checked.more_errors;
      line.append(
        el('span', { class: `verdict ${checked.status}`, text: VERDICTS[checked.status] ? t(VERDICTS[checked.status]) : checked.status }),
        ` ${resultText(checked)}`,
        errors ? ` — ${t('errors: {n}', { n: errors })}` : '',
        errors && checked.errors[0] ? el('span', { class: 'said', text: ` (${checked.errors[0].says || checked.errors[0].message})` }) : '');
    }
  } catch (e) {
    showError($('read-error'), e);
  }
}

/** Keeps the last reading (the server's answer, and the moves confirmed
 * or changed) in the browser, as the Check tab keeps its records: a
 * reload shows it again. */
function keepReading() {
  return bigStore.set('reading', reading.result ? { result: reading.result, games: reading.games } : null);
}

/** What became of each photo sent, in the order chosen: the game it is,
 * the sheet of a game it is, the games of the boards on it, or why it
 * was refused. */
function photoOutcomes(result) {
  const outcomes = new Map();
  const at = (photo, name) => {
    if (!outcomes.has(photo)) outcomes.set(photo, { name, games: [], problem: null });
    return outcomes.get(photo);
  };
  reading.games.forEach((g, gi) => {
    (g.photos || []).forEach((photo, k) => {
      at(photo, (g.images || [])[k] || g.image).games.push({ n: gi + 1, part: k + 1, parts: g.photos.length });
    });
  });
  for (const u of result.unread || []) at(u.photo, u.image).problem = photoProblem(u.code, u.image, u.says || u.error);
  return [...outcomes.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

/** The list of photos sent, each with its outcome. */
function renderOutcomes(result) {
  const list = $('read-outcomes');
  list.textContent = '';
  const outcomes = result ? photoOutcomes(result) : [];
  list.hidden = outcomes.length === 0;
  $('read-outcomes-title').hidden = outcomes.length === 0;
  for (const o of outcomes) {
    let said;
    if (o.problem) said = o.problem;
    else if (o.games.length > 1) said = t('Games {list}: one for each board played.', { list: o.games.map((g) => g.n).join(', ') });
    else if (o.games[0].parts > 1) said = t('Game {n}, sheet {k} of {m}.', { n: o.games[0].n, k: o.games[0].part, m: o.games[0].parts });
    else said = t('Game {n}.', { n: o.games[0].n });
    // The photo named once: in its refusal's sentence where that names it.
    const name = () => el('span', { class: 'name said', text: o.name });
    const at = said.indexOf(o.name);
    const item = at < 0 ? [name(), ': ', said] : [said.slice(0, at), name(), said.slice(at + o.name.length)];
    list.append(el('li', { class: o.problem ? 'refused' : '' }, ...item.filter((p) => p !== '')));
  }
}

/** The sheets and moves of every game read. */
function renderReading() {
  renderOutcomes(reading.result);
  for (const url of reading.urls) URL.revokeObjectURL(url);
  reading.urls = [];
  const box = $('read-games');
  box.textContent = '';
  const result = reading.result;
  // A page of tic-tac-toe boards gives a position for each board played:
  // its sheet is drawn once, with the first.
  const drawn = new Set();
  reading.games.forEach((g, gi) => {
    if (g.position) {
      box.append(positionSection(g, gi, result, drawn));
      return;
    }
    if (!g.moves) return;
    const n = reading.games.length > 1 ? gi + 1 : null;
    const section = el('section', { class: 'read-game', 'aria-labelledby': `read-title-${gi}` },
      el('h2', { id: `read-title-${gi}`, text: n ? `${t('Game {n}', { n })}: ${g.image}` : g.image }),
      el('p', { class: 'read-verdict', id: `read-verdict-${gi}` }));
    for (const s of g.sheets) section.append(sheetFigure(result.sheets[s - 1], gi, s));
    section.append(el('h3', { id: `read-moves-title-${gi}`, text: t('Moves read') }),
      el('p', { class: 'hint', text: t('Choose a move to see what else could stand there; doubtful moves are marked “?”.') }));
    const list = el('ol', { class: 'read-moves', 'aria-labelledby': `read-moves-title-${gi}` });
    g.moves.forEach((m, i) => list.append(moveItem(gi, i)));
    section.append(list);
    box.append(section);
  });
  const sel = reading.selected;
  if (sel) showAlternatives(sel.game, sel.ply, false);
}

/** A position read from a field without a record: the sheet with the marks
 * read drawn over it, the field as a grid of X and O (doubtful cells
 * marked “?”), and what the marks alone tell. */
function positionSection(g, gi, result, drawn) {
  const n = reading.games.length > 1 ? gi + 1 : null;
  const p = g.position;
  const section = el('section', { class: 'read-game read-position', 'aria-labelledby': `read-title-${gi}` },
    el('h2', { id: `read-title-${gi}`, text: n ? `${t('Game {n}', { n })}: ${g.image}` : g.image }),
    el('p', { class: 'read-verdict', id: `read-verdict-${gi}`, text: positionText(p) }));
  for (const s of g.sheets) {
    if (drawn.has(s)) continue;
    drawn.add(s);
    section.append(sheetFigure(result.sheets[s - 1], gi, s));
  }
  section.append(el('h3', { id: `read-field-title-${gi}`, text: t('The field read') }),
    el('p', { class: 'hint', text: t('No moves are written on this sheet: the field shows the position, not the order of the moves. Doubtful cells are marked “?”.') }),
    fieldTable(p, `read-field-title-${gi}`));
  return section;
}

/** What a position's marks tell, in the page's words. */
function positionText(p) {
  const parts = [t('{x} X and {o} O on the field.', { x: p.x, o: p.o })];
  const doubtful = p.cells.filter((c) => c.uncertain).length;
  if (p.problem) parts.push(t('These counts are no position of a game: X moves first, so X has as many marks as O or one more.'));
  else if (p.outcome === 'won-x') parts.push(t('X has won.'));
  else if (p.outcome === 'won-o') parts.push(t('O has won.'));
  else if (p.outcome === 'drawn') parts.push(t('The game is drawn.'));
  else if (p.outcome === 'unclear') parts.push(t('Who has won cannot be told from the field alone.'));
  else if (p.to_move) parts.push(t('The game goes on; {mark} is to move.', { mark: p.to_move }));
  if (p.boards.length) {
    const count = (state) => p.boards.filter((b) => b === state).length;
    parts.push(t('Boards won by X: {x}; by O: {o}; drawn: {d}.', { x: count('won-x'), o: count('won-o'), d: count('drawn') }));
  }
  parts.push(t('Doubtful cells: {n}.', { n: doubtful }));
  return parts.join(' ');
}

/** The field as a table: 3 × 3 cells for tic-tac-toe, 9 × 9 for Ultimate
 * (its boards set apart by thicker lines), each cell X, O or empty, a
 * doubtful one followed by “?”. A cell's path is `O` or `T.O`, boards and
 * cells numbered 1–9 row by row from the top left. */
function fieldTable(p, labelledBy) {
  const ultimate = p.cells.some((c) => c.cell.includes('.'));
  const side = ultimate ? 9 : 3;
  const grid = Array.from({ length: side }, () => Array(side).fill(null));
  for (const c of p.cells) {
    const [a, b] = c.cell.split('.').map(Number);
    const [row, col] = ultimate
      ? [Math.floor((a - 1) / 3) * 3 + Math.floor((b - 1) / 3), ((a - 1) % 3) * 3 + ((b - 1) % 3)]
      : [Math.floor((a - 1) / 3), (a - 1) % 3];
    if (grid[row] && row < side && col < side) grid[row][col] = c;
  }
  const table = el('table', { class: `read-field${ultimate ? ' ultimate' : ''}`, 'aria-labelledby': labelledBy });
  const body = el('tbody');
  for (const row of grid) {
    body.append(el('tr', {}, row.map((c) => {
      if (!c) return el('td', {});
      const mark = c.mark || '';
      const label = `${t('Cell {cell}', { cell: c.cell })}: ${mark || t('empty')}${c.uncertain ? `, ${t('doubtful')}` : ''}`;
      return el('td', { class: `${mark}${c.uncertain ? ' doubtful' : ''}`, 'aria-label': label, title: label },
        mark || (c.uncertain ? '' : '·'), c.uncertain ? el('span', { class: 'flag', text: '?' }) : '');
    })));
  }
  table.append(body);
  return table;
}

/** One move in the list: its number, the move, how sure the reading is. */
function moveItem(gi, i) {
  const m = reading.games[gi].moves[i];
  const doubtful = m.uncertain && !m.chosen;
  const label = `${t('Move {n}', { n: i + 1 })}: ${m.text}, ${doubtful ? t('doubtful') : m.chosen ? t('confirmed') : t('read')} (${percent(m.confidence)})`;
  return el('li', { id: `read-move-${gi}-${i}`, class: doubtful ? 'doubtful' : m.chosen ? 'chosen' : '' },
    el('button', {
      type: 'button', class: 'move', 'aria-label': label, 'aria-expanded': String(!!(reading.selected && reading.selected.game === gi && reading.selected.ply === i)),
      onclick: () => showAlternatives(gi, i, true),
    }, el('span', { class: 'no', text: `${i + 1}.` }), ` ${m.text}`, doubtful ? el('span', { class: 'flag', text: ' ?' }) : m.chosen ? ' ✓' : ''));
}

/** The alternatives of one move under it: choosing one puts it in the record. */
function showAlternatives(gi, i, focus) {
  for (const old of document.querySelectorAll('.read-alternatives')) old.remove();
  for (const b of document.querySelectorAll('.read-moves button[aria-expanded="true"]')) b.setAttribute('aria-expanded', 'false');
  reading.selected = { game: gi, ply: i };
  drawSelection();
  const item = $(`read-move-${gi}-${i}`);
  if (!item) return;
  item.querySelector('button').setAttribute('aria-expanded', 'true');
  const m = reading.games[gi].moves[i];
  const group = el('div', { class: 'read-alternatives', role: 'group', 'aria-label': t('What could stand at move {n}', { n: i + 1 }) });
  group.append(el('p', { text: t('Read as {move} ({p}). What is written there?', { move: m.read, p: percent(m.confidence) }) }));
  for (const a of m.alternatives) {
    group.append(el('button', {
      type: 'button', class: a.text === m.text ? '' : 'secondary', 'aria-pressed': String(a.text === m.text),
      text: `${a.text} (${percent(a.probability)})`,
      onclick: () => chooseMove(gi, i, a.text),
    }));
  }
  group.append(el('button', { type: 'button', class: 'secondary', text: t('Close'), onclick: () => closeAlternatives(gi, i) }));
  // Escape closes them, the focus back on the move.
  group.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeAlternatives(gi, i);
    }
  });
  item.append(group);
  if (focus) group.querySelector('button').focus();
}

function closeAlternatives(gi, i) {
  for (const old of document.querySelectorAll('.read-alternatives')) old.remove();
  reading.selected = null;
  drawSelection();
  const item = $(`read-move-${gi}-${i}`);
  if (item) {
    const b = item.querySelector('button');
    b.setAttribute('aria-expanded', 'false');
    b.focus();
  }
}

/** Puts `text` at move `i` of game `gi`, confirmed, and checks again. */
function chooseMove(gi, i, text) {
  const m = reading.games[gi].moves[i];
  m.text = text;
  m.chosen = true;
  const old = $(`read-move-${gi}-${i}`);
  old.replaceWith(moveItem(gi, i));
  redrawSheets(gi);
  closeAlternatives(gi, i);
  keepReading();
  checkReading();
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One sheet read: the sheet as printed, with what was read drawn over it. */
function sheetFigure(sheet, gi, s) {
  const url = URL.createObjectURL(new Blob([sheet.svg], { type: 'image/svg+xml' }));
  reading.urls.push(url);
  const { width_mm: w, height_mm: h } = sheet.page;
  const overlay = svgEl('svg', { class: 'read-overlay', viewBox: `0 0 ${w} ${h}`, 'aria-hidden': 'true', 'data-game': gi, 'data-sheet': s });
  const game = reading.games[gi];
  const moves = game.moves;
  const alt = game.position
    ? t('The sheet read, with the marks read drawn over its field.')
    : t('The sheet read, with the digits and marks read drawn over it: {moves} moves, {doubtful} doubtful.', { moves: moves.length, doubtful: moves.filter((m) => m.uncertain).length });
  const stack = el('div', { class: 'sheet-stack' }, el('img', { src: url, alt }), overlay);
  // Set through the style object: the page's Content-Security-Policy
  // refuses inline style attributes.
  stack.style.aspectRatio = `${w} / ${h}`;
  const caption = game.position
    ? t('X and O as read on the field.')
    : t('Digits and marks as read; dashed boxes: doubtful moves. Choose a box to see its move.');
  const figure = el('figure', { class: 'read-sheet' }, stack, el('figcaption', { text: caption }));
  drawOverlay(overlay, sheet, gi);
  return figure;
}

function redrawSheets(gi) {
  for (const overlay of document.querySelectorAll(`.read-overlay[data-game="${gi}"]`)) {
    drawOverlay(overlay, reading.result.sheets[Number(overlay.dataset.sheet) - 1], gi);
  }
  drawSelection();
}

/** What was read, drawn in the sheet's millimetres: the digit in each box
 * (a corrected move's own digits), X or O in each cell, and the boxes of
 * doubtful moves outlined dashed and thick (no hue alone). */
function drawOverlay(overlay, sheet, gi) {
  overlay.textContent = '';
  const moves = reading.games[gi].moves;
  for (const b of sheet.boxes) {
    const m = moves[b.ply - 1];
    const [x, y, w, h] = b.rect_mm;
    const text = m && m.chosen ? m.text.split('.')[b.digit - 1] || '' : b.read;
    const doubtful = m && m.uncertain && !m.chosen;
    const g = svgEl('g', { class: `box${doubtful ? ' doubtful' : ''}${m && m.chosen ? ' chosen' : ''}`, 'data-ply': b.ply });
    if (m) {
      g.append(svgEl('rect', { x, y, width: w, height: h, class: 'hit' }));
      g.addEventListener('click', () => showAlternatives(gi, b.ply - 1, true));
    }
    if (text) g.append(svgEl('text', { x: x + w / 2, y: y + h * 0.8, 'font-size': h * 0.85, 'text-anchor': 'middle' }, text));
    overlay.append(g);
  }
  for (const c of sheet.cells) {
    if (!c.read) continue;
    const [x, y, w, h] = c.rect_mm;
    overlay.append(svgEl('text', { x: x + w / 2, y: y + h * 0.72, 'font-size': h * 0.6, 'text-anchor': 'middle', class: `mark ${c.read}` }, c.read));
  }
}

/** The selected move's boxes outlined on every sheet. */
function drawSelection() {
  const sel = reading.selected;
  for (const g of document.querySelectorAll('.read-overlay g.box')) {
    const overlay = g.ownerSVGElement;
    const on = sel && Number(overlay.dataset.game) === sel.game && Number(g.dataset.ply) === sel.ply + 1;
    g.classList.toggle('selected', !!on);
  }
}

function startRead() {
  for (const id of ['read-camera', 'read-files']) {
    $(id).addEventListener('change', (e) => {
      addPhotos([...e.target.files]);
      e.target.value = '';
    });
  }
  $('read-spec').addEventListener('change', (e) => {
    chooseSpec(e.target.files[0]);
    e.target.value = '';
  });
  $('read-run').addEventListener('click', runRead);
  $('read-download').addEventListener('click', () => {
    const first = reading.photos[0] ? reading.photos[0].name.replace(/\.[^.]*$/, '') : 'read';
    save(new Blob([$('read-record').value], { type: 'text/plain;charset=utf-8' }), `${first}-record.txt`);
  });
  $('read-to-check').addEventListener('click', () => {
    setRecords($('read-record').value);
    check.name = 'read.txt';
    keepRecords();
    showTab($('tab-check'), true);
    runCheck();
  });
  // The reading of last time, shown and checked again.
  bigStore.get('reading', null).then((kept) => {
    if (!kept || !kept.result || !Array.isArray(kept.games) || reading.result) return;
    reading.result = kept.result;
    reading.games = kept.games;
    renderReading();
    checkReading();
  });
}
starters.read = startRead;

// ---------------------------------------------------------------- analysis

const analysis = { uploads: { map: null, hypermap: null }, seq: 0, query: '', body: null };

function analysisRequest(suffix) {
  const ruleset = $('analysis-ruleset').value;
  const url = `/api/analyze/${ruleset}${suffix}`;
  const q = new URLSearchParams();
  // The heat map's words in the page's language.
  if (suffix.startsWith('/heatmap')) q.set('language', lang);
  const body = {};
  const uses = ruleset === 'tactical' ? [] : ruleset === 'functional' ? ['map'] : ['map', 'hypermap'];
  for (const which of uses) {
    const value = $(`analysis-${which}`).value;
    if (value === '(uploaded)') body[which] = analysis.uploads[which];
    else q.set(which, value);
  }
  const full = q.toString() ? `${url}?${q}` : url;
  return Object.keys(body).length ? postJson(full, body) : call(full);
}

function figureRows(a) {
  const returns = Object.entries(a.returns).map(([d, n]) => t('distance {d}: {n} nodes', { d, n })).join(', ');
  const rows = [
    [t('Nodes'), a.nodes],
    [t('Moves between them (edges)'), a.edges],
    [t('Mean distance'), a.mean ? `${a.mean.numerator}/${a.mean.denominator} = ${a.mean.decimal.toFixed(4)}` : t('some cells cannot be reached')],
    [t('Return distances'), returns || t('none')],
    [t('Largest distance'), a.largest === null ? '—' : a.largest],
  ];
  if (a.unreachable) rows.push([t('Pairs with no path'), a.unreachable]);
  if (a.no_return) rows.push([t('Cells never sent back to'), a.no_return]);
  return rows;
}

async function updateAnalysis() {
  const mine = ++analysis.seq;
  const ruleset = $('analysis-ruleset').value;
  $('analysis-map-field').hidden = ruleset === 'tactical';
  $('analysis-hypermap-field').hidden = ruleset !== 'hyperfunctional';
  try {
    const [figures, heatmap] = await Promise.all([
      analysisRequest('').then((r) => r.json()),
      analysisRequest('/heatmap.svg').then((r) => r.blob()),
    ]);
    if (mine !== analysis.seq) return;
    hideError($('analysis-error'));
    // `functional map34`: the ruleset's word in the page's language, the
    // maps by their names.
    const label = figures.label.split(' ').map((w) => (/^(tactical|functional|hyperfunctional)$/.test(w) ? t(w) : w)).join(' ');
    $('analysis-label').textContent = `${t('Figures')}: ${label}`;
    const body = $('analysis-figures').querySelector('tbody');
    body.textContent = '';
    for (const [name, value] of figureRows(figures)) body.append(el('tr', {}, el('th', { scope: 'row', text: name }), el('td', { text: String(value) })));
    showBlob($('analysis-heatmap'), heatmap);
    $('analysis-heatmap').alt = t('Heat map of the transition distances of {label}', { label });
  } catch (e) {
    if (mine !== analysis.seq) return;
    showError($('analysis-error'), e);
  }
}

async function startAnalysis() {
  let maps = sheets.maps;
  if (!maps) {
    try {
      maps = await call('/api/maps').then((r) => r.json());
    } catch (e) {
      showError($('analysis-error'), e);
      return;
    }
  }
  for (const name of maps.functional) $('analysis-map').append(el('option', { value: name, text: name, selected: name === 'map34' }));
  for (const name of maps.hyperfunctional) $('analysis-hypermap').append(el('option', { value: name, text: name, selected: name === 'hmap2' }));
  $('analysis-form').addEventListener('change', updateAnalysis);
  $('analysis-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (!file) return;
    try {
      const text = await readFile(file, 1 << 20);
      const kind = /^\s*kind\s*=\s*"(\w+)"/m.exec(text);
      const which = kind && kind[1] === 'hyperfunctional' ? 'hypermap' : 'map';
      analysis.uploads[which] = { name: file.name, text };
      const select = $(`analysis-${which}`);
      for (const o of select.querySelectorAll('option[value="(uploaded)"]')) o.remove();
      select.prepend(el('option', { value: '(uploaded)', text: t('Your map: {name}', { name: file.name }) }));
      select.value = '(uploaded)';
      if (which === 'hypermap') $('analysis-ruleset').value = 'hyperfunctional';
      else if ($('analysis-ruleset').value === 'tactical') $('analysis-ruleset').value = 'functional';
      updateAnalysis();
    } catch (err) {
      showError($('analysis-error'), err);
    }
  });
  $('analysis-pdf').addEventListener('click', (e) => download(e.target, $('analysis-error'), () => analysisRequest('/heatmap.pdf'), 'heatmap.pdf'));
  $('analysis-json').addEventListener('click', (e) => download(e.target, $('analysis-error'), () => analysisRequest(''), 'analysis.json'));
  updateAnalysis();
}
starters.analysis = startAnalysis;

// ---------------------------------------------------------------- layout

/** At 900 px and less a preview stands above its form (app.css). The
 * keyboard goes in the page's order, so the preview, with its download
 * buttons, is moved before the form there and back after it on a wide
 * screen, where it stands to the right: the keyboard meets things in the
 * order the eye does. */
const narrowScreen = window.matchMedia('(max-width: 900px)');
function followLayout() {
  for (const split of document.querySelectorAll('#panel-sheets .split, #panel-handouts .split')) {
    const preview = split.querySelector(':scope > .preview');
    const form = split.querySelector(':scope > form');
    if (narrowScreen.matches === (preview.nextElementSibling === form)) continue;
    if (narrowScreen.matches) split.insertBefore(preview, form);
    else split.append(preview);
  }
}
narrowScreen.addEventListener('change', followLayout);
followLayout();

// ---------------------------------------------------------------- start

lang = startLanguage();
// The languages by their own names, as the handout's choice lists them.
for (const o of $('handout-language').options) $('ui-language').append(o.cloneNode(true));
$('ui-language').value = lang;
translatePage();
/** The words the page shows before it has anything to show in their place. */
function placeholderWords() {
  for (const [id, english] of [['sheet-status', 'Loading…'], ['check-summary', 'Nothing checked yet.']]) {
    const node = $(id);
    const any = [english, ...LANGUAGES.map((l) => (WORDS[l] || {})[english])];
    if (any.includes(node.textContent.trim())) node.textContent = t(english);
  }
}
placeholderWords();
$('ui-language').addEventListener('change', () => {
  lang = $('ui-language').value;
  store.set('page-language', lang);
  translatePage();
  placeholderWords();
  // What the page drew itself, drawn again in the new language.
  // The sheet, the handout and the diagrams print in the page's language
  // unless one was chosen for them.
  for (const o of $('sheet-template').options) {
    const x = sheets.templates.find((y) => y.name === o.value);
    if (x && !o.dataset.upload) o.textContent = templateLabel(x);
  }
  if (sheets.form) {
    buildSheetForm();
    if (!sheets.changes.has(sheets.form.language_key) && !writtenLanguage()) updatePreview();
  }
  if (!store.get('check-language', null)) $('check-language').value = lang;
  if (started.has('handouts')) {
    if (!store.get('handout-language-chosen', false)) $('handout-language').value = lang;
    handoutGameChanged(true);
    updateHandout();
  }
  // The report's suggestions are written by the server in the page's
  // language: asked for again.
  if (check.report) runCheck();
  if (reading.games.length) { renderReading(); checkReading(); }
  if (started.has('analysis')) updateAnalysis();
});
showTab(tabOfHash() || tabs[0], false, false);
