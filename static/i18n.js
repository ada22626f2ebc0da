// UI texts in English and Chinese. The language comes from localStorage
// ("lobby.lang") when the player chose one with the switch, else from
// navigator.language. Games' own names come from the server
// (welcome.games[].title), not from here.

const KEY = "lobby.lang";

const TEXTS = {
  en: {
    app_title: "Game lobby",
    lang_other: "中文",
    lang_switch_title: "切换到中文",
    connecting: "Connecting…",
    online: "online",
    offline: "offline — reconnecting…",
    reload_needed: "The server was updated. Reload the page to continue.",
    reload: "Reload",
    dismiss: "Dismiss",
    sign_in_title: "Sign in",
    sign_in_help: "Pick a name to play as. It is shown to the other players.",
    name_label: "Your name",
    sign_in: "Sign in",
    save_name: "Save name",
    cancel: "Cancel",
    name_bad: "A name is 1 to 24 characters.",
    change_name: "Change name",
    coins: "{n} coins",
    games: "Games",
    play: "Play",
    preview: "preview: generic table view",
    players_range: "{lo}–{hi} players",
    your_tables: "Your tables",
    none: "none",
    back_to_games: "← All games",
    quick_match: "Quick match",
    quick_help: "Sit at the next waiting table, or open one.",
    fill_bots: "Fill empty seats with bots",
    open_table: "Open a table",
    seats: "Seats",
    turn_time: "Turn time (s)",
    bots: "Bots may fill empty seats",
    private: "Private (not listed; share the link)",
    open: "Open table",
    live_tables: "Live tables",
    no_tables: "No live tables yet. Open one or use quick match.",
    col_table: "Table",
    col_status: "Status",
    col_seats: "Seats",
    col_spectators: "Watching",
    join: "Join",
    watch: "Watch",
    empty_seat: "empty",
    bot: "bot",
    left: "left",
    you: "you",
    status_waiting: "waiting",
    status_playing: "playing",
    status_finished: "finished",
    status_closed: "closed",
    status_loading: "loading…",
    spectating: "Spectating",
    your_seat: "Your seat: {n}",
    table: "Table {id}",
    share: "Link:",
    start: "Start now",
    start_help: "The game starts when every seat is taken, or now with bots filling empty seats.",
    starts_in: "Starts in {s} s",
    roll: "Roll",
    rolling: "Rolling…",
    your_turn_title: "▶ Your turn — ",
    your_turn: "Your turn!",
    turn_of: "{name} to act",
    seconds_left: "{name}: {s} s",
    round_of: "Round {r} of {n}",
    rounds_won: "Rounds won: {n}",
    last_round: "last round",
    not_rolled: "not rolled yet",
    result_line: "Round result",
    log: "Log",
    log_rolled: "Round {r}: {name} rolled {dice} ({hand})",
    log_result: "Round {r}: {line}",
    final_result: "Match over",
    winner_one: "Winner: {names} (rounds won: {n})",
    winner_many: "Winners: {names} (rounds won: {n} each)",
    winners_plain: "Won by: {names}",
    leave: "Leave table",
    back: "Back to lobby",
    state: "State",
    move_json: "Move (JSON)",
    send_move: "Send move",
    seed_hash: "seed hash",
    seed: "seed",
    rounds: "Rounds",
    stake: "Stake",
    error: "Error: {msg}",
    table_gone: "That table does not exist (or has expired).",
    cat_all_of_a_kind: "all of a kind",
    cat_normal_point: "normal point",
    cat_no_point: "no point",
  },
  zh: {
    app_title: "游戏大厅",
    lang_other: "EN",
    lang_switch_title: "Switch to English",
    connecting: "连接中…",
    online: "在线",
    offline: "离线——正在重连…",
    reload_needed: "服务器已更新，请刷新页面。",
    reload: "刷新",
    dismiss: "关闭",
    sign_in_title: "登录",
    sign_in_help: "起一个名字，其他玩家会看到它。",
    name_label: "你的名字",
    sign_in: "登录",
    save_name: "保存名字",
    cancel: "取消",
    name_bad: "名字长度为 1 到 24 个字符。",
    change_name: "改名",
    coins: "{n} 金币",
    games: "游戏",
    play: "进入",
    preview: "预览：通用牌桌视图",
    players_range: "{lo}–{hi} 人",
    your_tables: "我的牌桌",
    none: "无",
    back_to_games: "← 全部游戏",
    quick_match: "快速匹配",
    quick_help: "坐到下一张等待中的牌桌，或开一张新桌。",
    fill_bots: "空位由机器人补上",
    open_table: "开桌",
    seats: "座位数",
    turn_time: "每步时限（秒）",
    bots: "允许机器人补位",
    private: "私人牌桌（不公开，分享链接）",
    open: "开桌",
    live_tables: "进行中的牌桌",
    no_tables: "暂无牌桌。开一张或快速匹配。",
    col_table: "牌桌",
    col_status: "状态",
    col_seats: "座位",
    col_spectators: "观战",
    join: "加入",
    watch: "观战",
    empty_seat: "空位",
    bot: "机器人",
    left: "已离开",
    you: "你",
    status_waiting: "等待中",
    status_playing: "进行中",
    status_finished: "已结束",
    status_closed: "已关闭",
    status_loading: "载入中…",
    spectating: "观战中",
    your_seat: "你的座位：{n}",
    table: "牌桌 {id}",
    share: "链接：",
    start: "立即开始",
    start_help: "坐满即开始；或现在开始，空位由机器人补上。",
    starts_in: "{s} 秒后开始",
    roll: "掷骰",
    rolling: "掷骰中…",
    your_turn_title: "▶ 轮到你了 — ",
    your_turn: "轮到你了！",
    turn_of: "轮到 {name}",
    seconds_left: "{name}：{s} 秒",
    round_of: "第 {r} / {n} 局",
    rounds_won: "赢局：{n}",
    last_round: "上一局",
    not_rolled: "尚未掷骰",
    result_line: "本局结果",
    log: "记录",
    log_rolled: "第 {r} 局：{name} 掷出 {dice}（{hand}）",
    log_result: "第 {r} 局：{line}",
    final_result: "比赛结束",
    winner_one: "胜者：{names}（赢 {n} 局）",
    winner_many: "胜者：{names}（各赢 {n} 局）",
    winners_plain: "胜者：{names}",
    leave: "离开牌桌",
    back: "返回大厅",
    state: "状态",
    move_json: "出招（JSON）",
    send_move: "发送",
    seed_hash: "种子哈希",
    seed: "种子",
    rounds: "局数",
    stake: "底注",
    error: "错误：{msg}",
    table_gone: "牌桌不存在（或已过期）。",
    cat_all_of_a_kind: "一色",
    cat_normal_point: "点数",
    cat_no_point: "无点",
  },
};

export const LANGS = Object.keys(TEXTS);

function initial() {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && TEXTS[stored]) return stored;
  } catch (e) {
    /* storage disabled */
  }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("zh") ? "zh" : "en";
}

let lang = initial();
const listeners = new Set();

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!TEXTS[next] || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch (e) {
    /* storage disabled */
  }
  document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  for (const fn of listeners) fn(lang);
}

export function toggleLang() {
  setLang(lang === "en" ? "zh" : "en");
}

export function onLangChange(fn) {
  listeners.add(fn);
}

/** The UI text `key` in the current language, with {name} placeholders filled. */
export function t(key, params) {
  const table = TEXTS[lang] || TEXTS.en;
  let text = key in table ? table[key] : key in TEXTS.en ? TEXTS.en[key] : key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  }
  return text;
}

/** A game's title from welcome.games[].title ({en, zh}) in the current language. */
export function gameTitle(game) {
  if (!game) return "";
  const title = game.title || {};
  return title[lang] || title.en || Object.values(title)[0] || game.id;
}

document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
