// The table logs a tab keeps across a reload, in its sessionStorage.

/** sessionStorage keys of the kept tables: KEEP_PREFIX + table id. */
const KEEP_PREFIX = "tablelog:";
/** At most this many tables are kept in a tab's sessionStorage (the oldest go). */
const KEEP_TABLES = 8;
/** Table id -> its EventLog or null (a view without one), for saveKept. */
const KEPT = new Map();

function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

/** Keep table `id`'s log (`log`: its EventLog, or null where the view has
 * none; Sibala's is drawn from the state, its marks from the table view's
 * `forced`) in the tab's sessionStorage when the page goes (pagehide) or
 * is hidden; the first call for `id` in a page takes up what an earlier
 * page of the tab saved, on the log's first version (EventLog.restore:
 * the same game only). */
export function keepTable(id, log) {
  if (KEPT.has(id) && KEPT.get(id) === log) return;
  const first = !KEPT.has(id);
  KEPT.set(id, log);
  if (!first) return;
  let saved = null;
  try {
    const store = session();
    saved = store && JSON.parse(store.getItem(KEEP_PREFIX + id) || "null");
  } catch {
    saved = null;
  }
  if (!saved) return;
  if (log && log.version === null && saved.log) log.saved = saved.log;
}

/** Save every kept table (keepTable), newest first, KEEP_TABLES at most. */
function saveKept() {
  const store = session();
  if (!store) return;
  const at = Date.now();
  for (const [id, log] of KEPT) {
    const data = { at, log: log ? log.dump() : null };
    try {
      store.setItem(KEEP_PREFIX + id, JSON.stringify(data));
    } catch {
      // full: what is not saved starts afresh after a reload
    }
  }
  const keys = [];
  for (let i = 0; i < store.length; i++) if (store.key(i).startsWith(KEEP_PREFIX)) keys.push(store.key(i));
  if (keys.length <= KEEP_TABLES) return;
  const when = (k) => {
    try {
      return JSON.parse(store.getItem(k)).at || 0;
    } catch {
      return 0;
    }
  };
  keys.sort((a, b) => when(b) - when(a));
  for (const k of keys.slice(KEEP_TABLES)) store.removeItem(k);
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", saveKept);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveKept();
  });
}
