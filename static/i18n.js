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
    error: "Error: {msg}",
    table_gone: "That table does not exist (or has expired).",
    cat_all_of_a_kind: "all of a kind",
    cat_normal_point: "normal point",
    cat_no_point: "no point",
    game_no: "Game {n}",
    play_again: "Play again",
    next_title: "Game over — another one?",
    next_help: "Everyone who presses Play again stays; who is not ready in time is stood up.",
    next_in: "{s} s to decide",
    ready_yes: "ready",
    ready_no: "deciding…",
    waiting_others: "Waiting for the others…",
    table_over: "This table is over.",
    table_over_help: "No further game will be played here.",
    away: "away",
    away_title: "A bot plays this seat until its player is back",
    away_bar: "You are away — a bot is playing for you.",
    im_back: "I'm back",
    chat: "Chat",
    chat_placeholder: "Say something…",
    chat_hint: "Enter sends (at most 200 characters)",
    chat_send: "Send",
    chat_empty: "No messages yet.",
    chat_spectator: "spectator",
    notice_not_ready: "{name} was stood up: not ready in time",
    notice_insufficient_coins: "{name} was stood up: not enough coins",
    notice_other: "{name} was stood up",
    notice_moved: "{name} moved to another table of this game",
    stats_title: "Your record",
    stats_none: "No games played yet.",
    stats_loading: "Loading…",
    stat_game: "Game",
    stat_games: "Games",
    stat_wins: "Wins",
    stat_losses: "Losses",
    stat_escapes: "Escapes",
    stat_disconnects: "Disconnects",
    stat_disconnects_title: "Games in which you ran out of time at least once",
    stat_score: "Score",
    coins_title: "Your coins — click for your record",
    seed_hash_short: "seed hash: {h}…",
    seed_hash_help: "Fair play: before the first move the server publishes the SHA-256 hash of this game's secret random seed, so it cannot change the seed later. The seed is revealed when the game ends: anyone can check that it hashes to this value and re-run the whole game.",
    seed_full: "seed: {s}",
    seed_ok: "✓ matches the published hash",
    seed_bad: "✗ does not match the published hash",
    replay: "Replay",
    replay_game: "Replay game {n}",
    replay_title: "Replay",
    replay_sub: "{name} · game {n}",
    replay_loading: "Loading the replay…",
    replay_none: "No finished game to replay here.",
    back_to_table: "← Back to the table",
    step_of: "Step {i} / {n}",
    step_start: "Start: the dealt position",
    action_move: "{name}: {move}",
    action_leave: "{name} left the game",
    first: "First",
    prev: "Previous",
    next: "Next",
    last: "Last",
    autoplay: "Play",
    pause: "Pause",
    pov: "Point of view",
    pov_public: "Spectator (public)",
    pov_seat: "Seat {n}: {name}",
    game_select: "Game",
    raw_json: "Raw view of this step (JSON)",
    no_view: "This game's table view cannot show replays; its raw view:",
    verify_title: "Verify it yourself",
    verify_note: "This command downloads the published record, re-runs every step with the revealed seed, and checks the seed against its hash, each recorded intermediate state and the result:",
    copy: "Copy",
    copied: "Copied",
    rate_limited: "Slow down: too many messages. Try again in a moment.",
    // item 6: tables by name
    table_of: "{name}'s table",
    // item 8: the rules dialog
    rules: "Rules",
    rules_loading: "Loading the rules…",
    close: "Close",
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
    error: "错误：{msg}",
    table_gone: "牌桌不存在（或已过期）。",
    cat_all_of_a_kind: "一色",
    cat_normal_point: "点数",
    cat_no_point: "无点",
    game_no: "第 {n} 场",
    play_again: "再来一局",
    next_title: "本场结束——再来一局？",
    next_help: "按“再来一局”的玩家留下；时间到仍未准备的玩家将被请离座位。",
    next_in: "还剩 {s} 秒",
    ready_yes: "已准备",
    ready_no: "考虑中…",
    waiting_others: "等待其他玩家…",
    table_over: "本桌已结束。",
    table_over_help: "这张牌桌不会再开新局。",
    away: "托管中",
    away_title: "玩家暂离，回来之前由机器人托管",
    away_bar: "你已暂离——机器人正在托管你的座位。",
    im_back: "我回来了",
    chat: "聊天",
    chat_placeholder: "说点什么…",
    chat_hint: "回车发送（最多 200 字）",
    chat_send: "发送",
    chat_empty: "还没有消息。",
    chat_spectator: "观众",
    notice_not_ready: "{name} 被请离座位：未及时准备",
    notice_insufficient_coins: "{name} 被请离座位：金币不足",
    notice_other: "{name} 被请离座位",
    notice_moved: "{name} 已移至同一游戏的另一桌",
    stats_title: "我的战绩",
    stats_none: "还没有玩过。",
    stats_loading: "载入中…",
    stat_game: "游戏",
    stat_games: "场数",
    stat_wins: "胜",
    stat_losses: "负",
    stat_escapes: "逃跑",
    stat_disconnects: "掉线",
    stat_disconnects_title: "至少超时一次的对局数",
    stat_score: "得分",
    coins_title: "你的金币——点击查看战绩",
    seed_hash_short: "种子哈希：{h}…",
    seed_hash_help: "公平性：第一步之前，服务器公布本局秘密随机种子的 SHA-256 哈希，之后便无法更换种子。本局结束时公开种子：任何人都可以核对它的哈希，并重放整局。",
    seed_full: "种子：{s}",
    seed_ok: "✓ 与公布的哈希一致",
    seed_bad: "✗ 与公布的哈希不一致",
    replay: "回放",
    replay_game: "回放第 {n} 场",
    replay_title: "回放",
    replay_sub: "{name} · 第 {n} 场",
    replay_loading: "正在载入回放…",
    replay_none: "这里没有可回放的已结束对局。",
    back_to_table: "← 返回牌桌",
    step_of: "第 {i} / {n} 步",
    step_start: "开局",
    action_move: "{name}：{move}",
    action_leave: "{name} 离开了本局",
    first: "第一步",
    prev: "上一步",
    next: "下一步",
    last: "最后一步",
    autoplay: "自动播放",
    pause: "暂停",
    pov: "视角",
    pov_public: "观众（公开）",
    pov_seat: "座位 {n}：{name}",
    game_select: "对局",
    raw_json: "本步的原始视图（JSON）",
    no_view: "该游戏的牌桌视图不支持回放；原始视图：",
    verify_title: "自己验证",
    verify_note: "此命令下载公开记录，用公开的种子重放每一步，并核对种子与哈希、每个记录的中间状态以及结果：",
    copy: "复制",
    copied: "已复制",
    rate_limited: "发送太频繁，请稍后再试。",
    // item 6: tables by name
    table_of: "{name} 的牌桌",
    // item 8: the rules dialog
    rules: "规则",
    rules_loading: "正在载入规则…",
    close: "关闭",
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

/** A server-given name in every language ({en, zh}: a game's title, an
 * option's label) in the current language, else `fallback`. */
export function localized(names, fallback) {
  const all = names || {};
  return all[lang] || all.en || Object.values(all)[0] || fallback;
}

/** A game's title from welcome.games[].title ({en, zh}) in the current language. */
export function gameTitle(game) {
  if (!game) return "";
  return localized(game.title, game.id);
}

document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
