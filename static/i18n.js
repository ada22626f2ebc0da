// UI texts in English and Chinese. The language comes from localStorage
// ("lobby.lang") when the player chose one with the switch, else from
// navigator.language. Games' own names come from the server
// (welcome.games[].title), not from here.

const KEY = "lobby.lang";

const TEXTS = {
  en: {
    app_title: "Game lobby",
    lang_other: "中文",
    lang_switch_title: "Show the page in Chinese",
    connecting: "Connecting…",
    online: "online",
    offline: "offline — reconnecting…",
    reload_needed: "The server was updated. Reload the page to continue.",
    reload: "Reload",
    dismiss: "Dismiss",
    sign_in_title: "Play as a guest",
    sign_in_help: "Pick a name to play as. It is shown to the other players.",
    name_label: "Your name",
    sign_in: "Play",
    save_name: "Save name",
    cancel: "Cancel",
    change_name: "Change name",
    coins: { one: "{n} coin", other: "{n} coins" },
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
    form_whole_number: "{field}: a whole number from {lo} to {hi}.",
    form_whole_number_from: "{field}: a whole number from {lo} up.",
    bots: "Bots may fill empty seats",
    private: "Private (not listed; share the link)",
    open: "Open table",
    live_tables: "Tables",
    no_tables: "No live tables yet. Open one or use quick match.",
    col_table: "Table",
    col_status: "Status",
    col_seats: "Seats",
    col_spectators: "Watching",
    spectators_n: "{n} watching",
    join: "Join",
    watch: "Watch",
    empty_seat: "empty",
    bot: "bot",
    left: "left",
    left_name: "{name} (left)",
    you: "you",
    you_start: "You", // "you" at a sentence's start (a list of names that begins with me: winnersSaid)
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
    start_pressed: "Start requested",
    starts_in: "Starts in {s} s",
    closes_in: "Closes in {time} unless someone joins",
    over_nobody_came: "This table closed",
    over_nobody_came_help: "No one joined for {wait} while it waited for players.",
    wait_minutes: { one: "{n} min", other: "{n} min" },
    wait_seconds: "{n} s",
    roll: "Roll",
    rolling: "Rolling…",
    your_turn_title: "▶ Your turn — ",
    your_turn: "Your turn!",
    turn_of: "{name} to act",
    seconds_left: "{name}: {s} s",
    round_of: "Round {r} of {n}",
    rounds_won: "Rounds won: {n}",
    rounds_won_shared: "Rounds won: {n} ({k} shared)",
    last_round: "last round",
    hand_last_round: "{hand} (last round)",
    not_rolled: "not rolled yet",
    result_line: "Round {r} result",
    log: "Log",
    log_empty: "No moves yet",
    log_gap: "… any moves made while you were away are not listed",
    log_cut: "… earlier moves are not listed",
    log_rolled: "Round {r}: {name} rolled {dice} ({hand})",
    log_rolled_mine: "Round {r}: you rolled {dice} ({hand})",
    log_result: "Round {r}: {line}",
    final_result: "Game over",
    winner_one: { one: "Winner: {names}, {n} round won", other: "Winner: {names}, {n} rounds won" },
    winner_many: { one: "Winners: {names}, {n} round won each", other: "Winners: {names}, {n} rounds won each" },
    winner_you: { one: "You win, {n} round won", other: "You win, {n} rounds won" },
    winner_you_and: { one: "Winners: {names}, {n} round won each", other: "Winners: {names}, {n} rounds won each" }, // {names} starts with "you" (winnersSaid)
    winners_plain: "Won by: {names}",
    name_figure: "{name} {n}",
    you_figure: "you {n}",
    leave: "Leave table",
    back: "Back to lobby",
    state: "State",
    move_json: "Move (JSON)",
    send_move: "Send move",
    error: "Error: {msg}",
    game_no: "Game {n}",
    play_again: "Play again",
    next_title: "Game over — another one?",
    next_help: "Press Play again to play the next game. No need to: stay and look at the result as long as you like — you just sit the next game out.",
    next_in: "{s} s to decide",
    // the next-game panel of one left too few (the others gone): what can happen is a wait for players
    next_title_alone: "Nobody else is left to play",
    next_help_alone: "Keep your seat and the table waits for players to join, or leave for the lobby.",
    next_help_alone_coins: "Bots do not take free seats at a coin table. Keep your seat and the table waits for players to join, or leave for the lobby.",
    next_in_alone: "Keep your seat? {s} s to decide",
    wait_for_players: "Wait for players",
    ready_yes: "ready",
    ready_no: "deciding…",
    waiting_others: "Waiting for the others…",
    table_over: "This table is over.",
    table_over_help: "No further game will be played here.",
    away: "away",
    away_title: "Away: a bot plays this seat until its player is back",
    away_notice: "You are away: a bot plays for you — press I'm back", // the status bar's notice while my seat is away
    away_played: "{name} (away, a bot played)",
    away_turn: "A bot is playing your turn",
    away_hint: "A bot is playing your turn: make a move, or press I'm back, to take over (either ends your away).",
    away_played_mine: "You (away — a bot played for you)", // my own away seat: "you", never my name
    left_played: "{name} (left, a bot plays)",
    im_back: "I'm back",
    away_banner: "You were away — a bot is playing for you", // the away bar's words, before its I'm back button
    chat: "Chat",
    chat_placeholder: "Say something…",
    chat_hint: "Enter sends (at most 200 characters)",
    chat_send: "Send",
    chat_empty: "No messages yet.",
    chat_spectator: "spectator",
    chat_players: "Players ({n})",
    chat_spectators: "Spectators ({n})",
    chat_hide_spectators: "Hide spectators' chat",
    chat_show_spectators: "Show spectators' chat",
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
    stat_disconnects: "Timed out",
    stat_disconnects_title: "Games in which you ran out of time at least once (a dropped connection counts too)",
    stat_score: "Score",
    coins_title: "Your coins — open your record",
    replay: "Replay",
    replay_game: "Replay game {n}",
    replay_title: "Replay",
    replay_sub: "{name} · game {n}",
    replay_loading: "Loading the replay…",
    replay_none: "No finished game to replay here.",
    back_to_table: "← Back to the table",
    step_of: "Step {i} / {n}",
    step_start_of: "Start · {n} steps",
    step_start: "Start: before the first move",
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
    no_view: "This game's table cannot be shown in a replay.",
    verify_title: "Verify it yourself",
    verify_intro_dice: "For the curious: anyone can re-check this table's dice from its published seed, on their own computer, with the command below.",
    verify_intro_cards: "For the curious: anyone can re-check this table's cards from its published seed, on their own computer, with the command below.",
    verify_note: "This command downloads the published record, re-runs every step with the revealed seed, and checks the seed against its hash, each recorded intermediate state and the result:",
    copy: "Copy",
    copied: "Copied",
    // -- time's up (#15 item 2): forced moves said, the last seconds warned
    timed_out: "time's up",
    timeout_mine: "Time's up — a move was played for you",
    timeout_other: "Time's up for {name} — a move was played for them",
    hurry: "Hurry — time is almost up",
    sibala_timeout_mine: "Time's up — your dice were rolled for you",
    sibala_timeout_other: "Time's up for {name} — their dice were rolled for them",
    forced_line: "{text} — time's up", // a log's line of a move the clock made: the move's own words, marked (forcedLine)
    sibala_hurry: "Hurry — at 0 your dice are rolled for you",
    // -- money (#15 item 3): what leaving costs, asked first
    // stud's escape, one wording at every table: {amount} is coins or play_chips_n, {after} leave_after_coins or "", {to} the payee's name (the view's leave_to)
    leave_escape_ask: "Leaving now is an escape: the game ends at once, every bet is returned, then you pay {to} {amount} (what the pot holds).{after} It counts as an escape and a loss in your record, and a loss in your rating when the game is rated (two or more people). Leave the game?",
    play_chips_n: { one: "{n} play chip", other: "{n} play chips" },
    leave_after_coins: { count: "after", one: " You will have {after} coin left.", other: " You will have {after} coins left." },
    leave_pay: "Leave and pay {n}",
    leave_payee_unknown: "the dealer", // a view without leave_to (an older server's)
    leave_running_ask: "Leave the game now? A bot plays your seat to the end; it counts as a loss in your record, and a loss in your rating when the game is rated (two or more people).",
    leave_running_ask_coins: "Leave the game now? A bot plays your seat to the end and your coins stay at stake (you win or lose what it does); it counts as a loss in your record, and a loss in your rating when the game is rated (two or more people).",
    leave_yes: "Leave",
    leave_stay: "Stay",
    coins_live_title: "Your coins at this table: your balance less what you put in",
    // -- ending a game (#15 item 7): said kindly; the result stays on show
    notice_sat_out: "{name} sat this game out",
    notice_absent: "{name}'s seat was given up: they were gone too long",
    notice_left: "{name} left",
    notice_nobody_came: "Nobody else came, so the table closed",
    over_no_next_game: "Thanks for playing!",
    over_no_next_game_help: "Nobody asked for another game, so this table has closed. The result stays here for you to look at.",
    over_too_few_help: "Too few players stayed for another game, so this table has closed. The result stays here for you to look at.",
    over_no_next_game_help_bots: "No player asked for another game (bots do not play alone), so this table has closed. The result stays here for you to look at.",
    over_games_played: { 1: "The table's game is played.", other: "All {n} games are played." },
    over_games_played_help: "This table has played its games and closed. Thanks for playing! The result stays here for you to look at.",
    // -- words (#15 item 5): results and refusals in the page's own language
    list_sep: ", ",
    sentence_sep: " ",
    // a first place that counts as a loss (the player did not play to the end: games/results.js firstPlaceText)
    first_lost_mine_left: "You finished first, but you left before the end: counted as a loss",
    first_lost_left: "{name} finished first, but left before the end: counted as a loss",
    first_lost_left_stayed: "{name} finished first, but left before the end: counted as a loss. For you it counts as a loss too: the seat a bot finished for {name} ended above yours",
    first_shared_you: "Finished first: you and {names}.",
    first_shared: "Finished first: {names}.",
    shared_lost_mine_left: "You left before the end: counted as a loss.",
    shared_lost_left: "{name} left before the end: counted as a loss.",
    sentence_sep: " ",
    sibala_hand: "{name}: {value}",
    sibala_win: "{names} wins with {hand}",
    sibala_win_you: "You win with {hand}",
    // RULES.md 1: a shared round counts as a win for each who shares it
    sibala_tie: "{names} tie with {hand} — the round counts for each",
    sibala_tie_you: "{names} tie with {hand} — the round counts for each", // {names}: "You and Bo" (winnersSaid)
    sibala_tie_all: "Everyone ties — the round counts for every player",
    name_bad_empty: "Type a name: it cannot be empty or only spaces.",
    name_bad_length: "A name is 1 to {max} characters.",
    name_bad_page_word: "“{name}” reads like one of the page's own words (a seat, a bot, a badge): choose another name.",
    name_bad_reserved: "“{name}” would read as a bot's name: the word “bot” is kept for bots. Choose another name.",
    name_bad_bracket: "“{name}” ends in a bracket or quote marks, where the page writes its own marks after a name. Choose another name.",
    name_bad_control: "A name cannot hold control or formatting characters.",
    name_bad_invisible: "A name needs at least one visible character.",
    name_bad_hidden: "A name cannot hold characters that draw nothing (invisible marks or blank letters).",
    name_bad_marks: "A name cannot stack so many accent marks on one letter, nor draw a circle or a box around one.",
    name_bad_spelling: "“{name}” spells a letter with a letter and a vowel sign that Unicode says not to use together (अ + ो for ओ): it draws as another letter, so it can look like someone else's name. Type the letter itself.",
    name_bad_letters: "“{name}” has no letter, number or picture: punctuation alone reads as the page's own signs (? for unknown, — for none). Add a letter.",
    name_bad_mark: "“{name}” ends in a number sign such as ②, which is how a table tells two players of one name apart (Ana ②). Write the number as a plain digit or leave it out.",
    name_bad_script: "“{name}” uses a script or a letter-like symbol that names are not written in here. Choose another name.",
    name_bad_mixed_scripts: "“{name}” mixes letters of different alphabets, which can look like someone else's name. Use one alphabet (Latin may go with Chinese, Japanese or Korean).",
    name_bad_symbol: "“{name}” has a symbol or sign in or against a word, where it can read as a letter (a circle for o, a bar for l, a bracket for c). Put a space between symbols and letters, use an emoji, or leave them out.",
    // a chat line refused (bad_text), by its reason
    text_bad_empty: "Type something to send.",
    text_bad_length: "A chat line is at most {max} characters.",
    text_bad_control: "A chat line cannot hold control or formatting characters.",
    text_bad_invisible: "A chat line needs at least one visible character.",
    text_bad_marks: "A chat line cannot stack so many accent marks on one letter, nor draw a circle or a box around one.",
    // item 4: forms that offer only what can be; refusals in plain words
    bots_no_coins: "Bots do not take seats at a coin table (coins move here): only people play it.",
    start_help_bots: "The game starts when every seat is taken, or when everyone seated presses Start: bots fill the empty seats.",
    start_help_people: { one: "The game starts when every seat is taken, or when everyone seated presses Start, with at least {n} player.", other: "The game starts when every seat is taken, or when everyone seated presses Start, with at least {n} players." },
    start_help_no_bots: "This table was opened without bots.",
    start_help_coins: "Bots do not take free seats here (coins move at this table): only people play it.",
    start_needs: { one: "Start needs at least {n} player seated ({k} now): wait for more.", other: "Start needs at least {n} players seated ({k} now): wait for more." },
    err_other: "That did not work. Try again in a moment.",
    err_disconnected: "Not connected to the lobby: wait for the connection to come back.",
    err_timeout: "The lobby did not answer in time. Try again.",
    err_bad_frame: "The page sent something the lobby could not read: reload the page.",
    err_bad_message: "The page sent a request the lobby could not read: reload the page.",
    err_protocol_version: "The lobby was updated: reload the page.",
    err_not_signed_in: "Sign in first.",
    err_bad_name: "A name is 1 to {max} characters.",
    err_bad_token: "Your sign-in has expired: sign in again.",
    err_unknown_game: "There is no such game.",
    err_bad_options: "Some of these settings are not allowed: check the seats, the turn time and the game's options.",
    err_turn_ms: "A turn must last from {lo} to {hi} s: nobody can act faster than that.",
    err_no_such_table: "That table does not exist (or has expired).",
    err_table_full: "That table is full.",
    err_table_full_seat_taken: "Someone took that seat just now: pick another.",
    err_table_started: "That table has already started.",
    err_table_finished: "That game is over.",
    err_too_few_players: "Not enough players to start yet: wait for more.",
    err_already_seated: "Your coins are already at stake at another table: finish there first.",
    err_not_seated: "You have no seat at this table.",
    err_not_your_turn: "It is not your turn.",
    err_turn_over: "Too late: that turn is over.",
    err_bad_move: "The lobby could not read that move.",
    err_illegal_move: "The rules do not allow that move now.",
    err_insufficient_coins: "You do not have enough coins for this table.",
    err_too_many_tables: "You have too many tables open: leave or close one first.",
    err_rate_limited: "Slow down: too many messages. Try again in a moment.",
    err_chat_busy: "The chat is busy: try again in a moment.",
    err_bad_text: "A chat line is 1 to {max} visible characters.",
    err_unknown_move: "This game has no such move.",
    err_not_your_seat: "Only that seat's player may see it.",
    err_busy: "The lobby is busy: try again in a moment.",
    err_internal: "Something went wrong in the lobby. Try again.",
    // item 6: tables by name
    table_of: "{name}'s table",
    // a table name's tooltip: its id, said as one (a reference to quote)
    table_id_tip: "Table id {id}",
    // item 8: the rules dialog
    rules: "Rules",
    rules_loading: "Loading the rules…",
    close: "Close",

    // -- the new-user pass of #15 (p15): bots in each language's words
    bot_name: "{name} (bot)",
    // accounts, ratings, leaderboards and profiles (issue #16)
    acct_have_account: "I have an account",
    acct_password: "Password",
    acct_new_password: "Choose a password",
    acct_claim_link: "Keep this player",
    acct_account: "Account",
    acct_claim_title: "Keep this player with a password",
    acct_claim_help: "Your name, coins, record and seats become an account: sign in with the name and password on any device.",
    acct_claim: "Save password",
    acct_signed_in_as: "Signed in as {name}",
    acct_my_profile: "My profile",
    acct_sessions: "Signed-in devices",
    acct_session_since: "since {when}",
    acct_this_device: "this device",
    acct_sign_out: "Sign out",
    acct_sign_out_everywhere: "Sign out everywhere",
    acct_everywhere_ask: "Sign out on every device, this one too? You can sign in again with your name and password.",
    acct_everywhere_waiting: "Your seat at a table that has not started is given up unless you sign in again within {s} s.",
    acct_everywhere_running: { one: "In a game already running your turns time out, and after {n} timeout a bot plays for you until you are back.", other: "In a game already running your turns time out, and after {n} in a row a bot plays for you until you are back." },
    acct_everywhere_running_no_bot: "In a game already running your turns time out until you are back.",
    err_bad_credentials: "Wrong name or password.",
    err_name_taken: "That name (or one that looks the same) belongs to another account.",
    err_already_claimed: "This player is an account already.",
    acct_rate_limited: "Too many attempts. Wait a few minutes and try again.",
    err_no_such_player: "No such player.",
    acct_pw_length: "A password needs {lo} to {hi} characters.",
    acct_pw_distinct: { one: "A password needs at least {n} different character.", other: "A password needs at least {n} different characters." },
    acct_pw_name: "A password must not contain your name.",
    err_weak_password: "That password is not allowed.",
    err_not_claimed: "This player has no account yet: keep it with a password first.",
    err_no_such_session: "That session has ended already.",
    // another seat's rating lines: one sentence with its name ({name}, first) as the subject
    rating_change: "{name}'s rating {rating} ({delta})",
    lb_link: "Leaderboard",
    lb_title: "Leaderboard: {game}",
    lb_back_to_game: "← Back to the game",
    lb_your_place: "Your place: #{rank}, rating {rating}",
    lb_not_ranked: "You are not on this leaderboard yet: play a game with another person to its end (a game the other person left does not rate the one who stayed).",
    lb_empty: "Nobody is rated in this game yet.",
    lb_player: "Player",
    lb_rating: "Rating",
    lb_prev: "← Better",
    lb_next: "More →",
    lb_page: "page {n} of {of}",
    pf_rank: "Place",
    pf_rated: "Rated",
    pf_account: "account",
    pf_recent: "Recent games",
    // arenas (home's list and form, the arena page #arena=ID, an arena table's bar, the profile)
    arenas: "Arenas",
    arenas_help: "Tournaments that run for a set time: join, play, and you are paired again after each game. Points by place, doubled on a streak.",
    arenas_none: "No arenas listed right now.",
    arena_name: "{game} arena",
    arena_days: "{d} d {h} h",
    arena_starts_in: "Starts in {time}",
    arena_ends_in: "Ends in {time}",
    arena_ending: { one: "Ended: {n} game in play still counts", other: "Ended: {n} games in play still count" },
    arena_finished: "Finished",
    arena_players: { one: "{n} player", other: "{n} players" },
    arena_playing: { one: "{n} game in play", other: "{n} games in play" },
    arena_length: "{n} min",
    arena_by: "by {name}",
    arena_scheduled: "run by the lobby",
    arena_private: "private",
    arena_create: "Create an arena",
    arena_create_claim: "Keep this player with a password to create arenas.",
    arena_game: "Game",
    arena_start_field: "Starts in (minutes; 0: now)",
    arena_minutes_field: "Length (minutes)",
    arena_create_btn: "Create arena",
    arena_private_field: "Private (not listed; share the link)",
    arena_back: "← Games and arenas",
    arena_join: "Join the arena",
    arena_resume: "Resume",
    arena_pause: "Pause",
    arena_withdraw: "Withdraw",
    arena_me_out: "You have not joined.",
    arena_me_before: "You are in: pairing begins at the start.",
    arena_me_waiting: "Waiting for opponents…",
    arena_me_paused: "Paused: you are not paired until you resume.",
    arena_me_playing: "You are playing a game of this arena.",
    arena_me_over: "This arena is over.",
    arena_to_game: "Go to your game",
    arena_featured: "Watch the top game",
    arena_standings: "Standings",
    arena_col_rank: "#",
    arena_col_player: "Player",
    arena_col_points: "Points",
    arena_col_games: "Games",
    arena_col_sheet: "Game by game",
    arena_streak: "on a streak: points doubled",
    arena_podium: "Podium",
    arena_points: { one: "{n} point", other: "{n} points" },
    arena_pause_mark: "paused",
    arena_nobody: "Nobody has joined yet.",
    arena_settings: { count: "seats", one: "{seats} seat a table · {turn} s a turn", other: "{seats} seats a table · {turn} s a turn" },
    arena_rules: "Points at each table by place ({points}), doubled after two wins in a row; leaving a game scores 0.",
    arena_points_two: "two seats: a win 2, a draw 1, a loss 0",
    arena_points_many: "{n} seats, first to last: {points}; tied places share theirs",
    table_arena: "Arena game: {name}",
    table_arena_back: "Back to the arena",
    table_arena_next: "Your next arena game is ready:",
    table_arena_next_in: "(opens in {s} s)",
    pf_arenas: "Arenas",
    pf_arenas_line: "{n} played · best place: {rank}",
    pf_arena_place: "place {rank} of {players}",
    err_no_such_arena: "There is no such arena (or it is long over).",
    err_arena_over: "This arena is over: nobody joins it now.",
    err_too_many_arenas: "You have {max} arenas not over yet: wait for one to end.",
    err_arena_minutes: "An arena lasts {lo} to {hi} minutes.",
    err_arena_start: "An arena starts now or within 7 days.",
    err_arena_coins: "Arenas play for points: choose options where no coins move.",
    // a recent game's result for the profile's player (lobby/ratings.py game_result)
    pf_result_won: "won",
    pf_result_lost: "lost",
    pf_result_left: "left",
    pf_result_escaped: "escaped",
    pf_record: "Record",

    // issue #16 follow-ups: sign-out push, account names, shown ratings, account forms
    signed_out_notice: "You were signed out (this session was ended, here or on another device). Carry on as a guest, or sign in again.",
    err_signed_out: "You were signed out.",
    name_bad_taken: "That name (or one that looks the same) belongs to an account: pick another, or sign in to it.",
    guest_mark: "guest",
    rating_provisional: "provisional: few games yet",
    rating_provisional_note: "A rating marked ? is provisional: over a player's first games it moves fast and firms up, so a win can gain more than a loss costs.",
    rating_rose_tie_note: "Up on a tie ({names})? Each game makes a rating surer, and the figure shown rises with that, most of all while it is provisional (?): a tie can raise every player.",
    rating_rose_loss_note: "Up without a win ({names})? Each game makes a rating surer, and the figure shown rises with that, most of all while it is provisional (?); finishing ahead of another player raises it too.",
    rating_not_rated: "Not rated: ratings count games between two or more people.",
    rating_unrated_seat: "{name} is not rated: fewer than two people played this game to its end",
    rating_unrated_after_leave: "{name} is not rated: {names} left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
    rating_change_left: "{name} left before the end: rated as a loss. Rating {rating} ({delta})",
    // my own seat's lines (the name is "you")
    rating_change_mine: "Your rating {rating} ({delta})",
    rating_change_left_mine: "You left before the end: rated as a loss. Rating {rating} ({delta})",
    rating_unrated_seat_mine: "You are not rated: fewer than two people played this game to its end",
    rating_unrated_after_leave_mine: "You are not rated: {names} left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
    // another seat's line ({name}) when only my seat did not play it to its end: {name} the subject, "you" the one who left
    rating_unrated_after_leave_you: "{name} is not rated because you left before the end: fewer than two people played it to its end. Leaving costs only your own rating; no one gains from it.",
    // another seat's line when my seat and others did not play it to its end ({names}: "you and Dee")
    rating_unrated_after_leave_you_and: "{name} is not rated: {names} left before the end, so fewer than two people played it to its end. Leaving costs only your own ratings; no one gains from it.",
    err_details: "Details",
    // a refusal's details line: {code} is err_code's, the reference a player can quote
    err_code: "Error code: {code}",
    err_code_figures: "{code} — {text}",
    err_fig_need: "this table needs {a} coins",
    err_fig_need_have: "this table needs {a} coins; you have {b}",
    err_insufficient_coins_figures: "This table needs {need} coins; you have {have}.",
    coins_short: "needs {need} coins, you have {have}",
    open_coins_short: "This table needs {need} coins, you have {have}: lower the stake or the rounds.",
    opt_doc_rounds: "Rounds in a match",
    opt_doc_stake: "Coins each player puts into the pot each round",
    opt_doc_tier: "The table's tier: its ante, round caps and max; casual and training move no coins",
    opt_doc_end_threshold: "The game ends after the round in which some player's total goes above this",
    stake_coins: "Stake {n} coins",
    stake_tier: "Tier: {tier}, ante {ante}",
    stake_tier_chips: "Tier: {tier}, ante {ante} in play chips",
    stake_needs: "needs {n} coins to sit",
    // the open form's line under stud's tier (screens/game.js tierHint)
    tier_hint_chips: "Ante {ante}, at most {max} a game, in play chips: no coins move.",
    tier_hint_coins: "Ante {ante}, at most {max} a game, in coins: sitting needs {n}.",
    start_vote_you: { count: "k", one: "{names} wants to start: press Start now to play this game, or in {s} s it starts without you and your seat is given up.", other: "{names} want to start: press Start now to play this game, or in {s} s it starts without you and your seat is given up." },
    start_vote_waiting: "You pressed Start now. Waiting for {names}: in {s} s whoever has not pressed gives up their seat.",
    start_vote_watch: { count: "k", one: "{names} wants to start: in {s} s whoever seated has not pressed Start now gives up their seat.", other: "{names} want to start: in {s} s whoever seated has not pressed Start now gives up their seat." },
    names_and: " and ",
    names_comma: ", ",
    acct_pw_policy: "{min} to {max} characters, at least {distinct} different ones, not containing your name.",
    acct_pw_type: "A password must be text.",
    acct_device_unknown: "Unknown device",
    acct_device: "{browser} on {os}",
    acct_last_seen: "last used {when}",

    // #15 fresh pass (p15c): hex ids and hashes worded for players
    fair_title: "Fair play check",
    // between the fair-play line's title and what it says
    fair_sep: " — ",
    fair_sealed: "the dice and cards of this game are sealed",
    fair_ok: "✓ nothing was changed",
    fair_bad: "✗ the seed does not match its fingerprint",
    fair_help: "Every die and card of a game comes from one secret seed. Before the first move the server shows its fingerprint (SHA-256 hash), so it cannot change the seed later; when the game ends it shows the seed, your browser checks that it has this fingerprint, and the replay re-runs the whole game from it.",
    fair_hash: "Fingerprint (SHA-256)",
    fair_seed: "Seed",
    table_opened: "opened {time}",

    // -- the table screen after the fresh pass of #15 (p15b): words for who has no Play again, no such table
    next_title_watching: "Game over — the players decide on another",
    next_help_watching: "The seated players are deciding whether to play again. Stay and watch: a next game shows here when it starts.",
    gone_title: "No such table",
    gone_help: "The link may be old: a table closes some time after its last game. Pick a game to find or open a table.",
    gone_back: "Back to the lobby",
  },
  zh: {
    app_title: "游戏大厅",
    lang_other: "EN",
    lang_switch_title: "以英文显示页面",
    connecting: "连接中…",
    online: "在线",
    offline: "离线——正在重连…",
    reload_needed: "服务器已更新，请刷新页面。",
    reload: "刷新",
    dismiss: "关闭",
    sign_in_title: "以游客身份玩",
    sign_in_help: "起一个名字，其他玩家会看到它。",
    name_label: "你的名字",
    sign_in: "开始玩",
    save_name: "保存名字",
    cancel: "取消",
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
    form_whole_number: "{field}：请填 {lo} 到 {hi} 之间的整数。",
    form_whole_number_from: "{field}：请填不小于 {lo} 的整数。",
    bots: "允许机器人补位",
    private: "私人牌桌（不公开，分享链接）",
    open: "开桌",
    live_tables: "牌桌",
    no_tables: "暂无牌桌。开一张或快速匹配。",
    col_table: "牌桌",
    col_status: "状态",
    col_seats: "座位",
    col_spectators: "观战",
    spectators_n: "{n} 人观战",
    join: "加入",
    watch: "观战",
    empty_seat: "空位",
    bot: "机器人",
    left: "已离开",
    left_name: "{name}（已离开）",
    you: "你",
    you_start: "你",
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
    start_pressed: "已请求开始",
    starts_in: "{s} 秒后开始",
    closes_in: "{time} 后关闭，除非有人加入",
    over_nobody_came: "本桌已关闭",
    over_nobody_came_help: "等待玩家期间，{wait}内没有人加入。",
    wait_minutes: "{n} 分钟",
    wait_seconds: "{n} 秒",
    roll: "掷骰",
    rolling: "掷骰中…",
    your_turn_title: "▶ 轮到你了 — ",
    your_turn: "轮到你了！",
    turn_of: "轮到 {name}",
    seconds_left: "{name}：{s} 秒",
    round_of: "第 {r} / {n} 局",
    rounds_won: "赢局：{n}",
    rounds_won_shared: "赢局：{n}（其中并列 {k} 局）",
    last_round: "上一局",
    hand_last_round: "{hand}（上一局）",
    not_rolled: "尚未掷骰",
    result_line: "第 {r} 局结果",
    log: "记录",
    log_empty: "还没有动作",
    log_gap: "……你离开期间的行动没有列出",
    log_cut: "……更早的行动没有列出",
    log_rolled: "第 {r} 局：{name} 掷出 {dice}（{hand}）",
    log_rolled_mine: "第 {r} 局：你掷出 {dice}（{hand}）",
    log_result: "第 {r} 局：{line}",
    final_result: "本场结束",
    winner_one: "胜者：{names}，赢 {n} 局",
    winner_many: "胜者：{names}，各赢 {n} 局",
    winner_you: "你赢了，赢 {n} 局",
    winner_you_and: "胜者：{names}，各赢 {n} 局", // {names} 以“你”开头（winnersSaid）
    winners_plain: "胜者：{names}",
    name_figure: "{name} {n}",
    you_figure: "你 {n}",
    leave: "离开牌桌",
    back: "返回大厅",
    state: "状态",
    move_json: "出招（JSON）",
    send_move: "发送",
    error: "错误：{msg}",
    game_no: "第 {n} 场",
    play_again: "再来一场",
    next_title: "本场结束——再来一场？",
    next_help: "按“再来一场”参加下一场。不按也没关系：可以留下慢慢看结果，只是不参加下一场。",
    next_in: "还剩 {s} 秒",
    next_title_alone: "其他玩家都已离开",
    next_help_alone: "保留座位，牌桌会等待其他玩家加入；也可以离开，回到大厅。",
    next_help_alone_coins: "金币桌的空座不会由机器人补上。保留座位，牌桌会等待其他玩家加入；也可以离开，回到大厅。",
    next_in_alone: "保留座位？还剩 {s} 秒",
    wait_for_players: "等待其他玩家",
    ready_yes: "已准备",
    ready_no: "考虑中…",
    waiting_others: "等待其他玩家…",
    table_over: "本桌已结束。",
    table_over_help: "这张牌桌不会再开新的一场。",
    away: "托管", // one word for away: the seat's badge, the marks of its moves, the log's name (awayName)
    away_title: "托管：玩家回来之前由机器人代其操作",
    away_notice: "你处于托管：机器人正在替你玩——按“我回来了”即可接手",
    away_played: "{name}（托管）",
    away_turn: "机器人正在替你走这一回合",
    away_hint: "机器人正在替你走这一回合：你自己走一步或按“我回来了”即可接手（都会结束托管）。",
    away_played_mine: "你（托管，机器人代你操作）",
    left_played: "{name}（已离开，机器人代打）",
    im_back: "我回来了",
    away_banner: "你已进入托管——机器人正在替你出牌",
    chat: "聊天",
    chat_placeholder: "说点什么…",
    chat_hint: "回车发送（最多 200 字）",
    chat_send: "发送",
    chat_empty: "还没有消息。",
    chat_spectator: "观众",
    chat_players: "玩家（{n}）",
    chat_spectators: "观众席（{n}）",
    chat_hide_spectators: "隐藏观众聊天",
    chat_show_spectators: "显示观众聊天",
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
    stat_disconnects: "超时/断线",
    stat_disconnects_title: "你至少超时一次的场数（掉线也算）",
    stat_score: "得分",
    coins_title: "你的金币——查看战绩",
    replay: "回放",
    replay_game: "回放第 {n} 场",
    replay_title: "回放",
    replay_sub: "{name} · 第 {n} 场",
    replay_loading: "正在载入回放…",
    replay_none: "这里没有可回放的已结束比赛。",
    back_to_table: "← 返回牌桌",
    step_of: "第 {i} / {n} 步",
    step_start_of: "开始 · 共 {n} 步",
    step_start: "开始",
    action_move: "{name}：{move}",
    action_leave: "{name} 离开了本场",
    first: "第一步",
    prev: "上一步",
    next: "下一步",
    last: "最后一步",
    autoplay: "自动播放",
    pause: "暂停",
    pov: "视角",
    pov_public: "观众（公开）",
    pov_seat: "座位 {n}：{name}",
    game_select: "第几场",
    raw_json: "本步的原始视图（JSON）",
    no_view: "该游戏的牌桌无法在回放中显示。",
    verify_title: "自己验证",
    verify_intro_dice: "给好奇的人：任何人都可以在自己的电脑上，用下面这条命令，根据公开的种子重新核对这张牌桌的骰子。",
    verify_intro_cards: "给好奇的人：任何人都可以在自己的电脑上，用下面这条命令，根据公开的种子重新核对这张牌桌的牌。",
    verify_note: "此命令下载公开记录，用公开的种子重放每一步，并核对种子与哈希、每个记录的中间状态以及结果：",
    copy: "复制",
    copied: "已复制",
    // -- 超时（#15 第 2 项）
    timed_out: "超时",
    timeout_mine: "超时——已替你走了一步",
    timeout_other: "{name} 超时——已替其走了一步",
    hurry: "快！时间快到了",
    sibala_timeout_mine: "超时——已替你掷骰",
    sibala_timeout_other: "{name} 超时——已替其掷骰",
    forced_line: "{text}——超时",
    sibala_hurry: "快！超时将替你掷骰",
    // -- 金币（#15 第 3 项）
    leave_escape_ask: "现在离开（逃跑），这一场立即结束：所有下注退回，然后你付给 {to} 与底池相等的 {amount}。{after}你的记录里会记为逃跑，并记一场负；计等级分的比赛（两名及以上真人）等级分也按输一场计。确定离开吗？",
    play_chips_n: "{n} 娱乐筹码",
    leave_after_coins: "离开后你有 {after} 金币。",
    leave_pay: "离开并支付 {n}",
    leave_payee_unknown: "庄家",
    leave_running_ask: "现在离开这场比赛吗？机器人会替你把座位打到结束；你的记录里记一场负，计等级分的比赛（两名及以上真人）等级分也按输一场计。",
    leave_running_ask_coins: "现在离开这场比赛吗？机器人会替你把座位打到结束，你的金币仍押在这场比赛里（输赢照算）；你的记录里记一场负，计等级分的比赛（两名及以上真人）等级分也按输一场计。",
    leave_yes: "离开",
    leave_stay: "留下",
    coins_live_title: "你在本桌的金币：余额减去已下注",
    // -- 结束（#15 第 7 项）
    notice_sat_out: "{name} 没有参加这一场",
    notice_absent: "{name} 离开太久，座位已让出",
    notice_left: "{name} 已离开",
    notice_nobody_came: "没有其他人来，本桌已关闭",
    over_no_next_game: "感谢参与！",
    over_no_next_game_help: "没有人要再来一场，本桌已关闭。结果会留在这里供你查看。",
    over_too_few_help: "留下来再来一场的玩家不够，本桌已关闭。结果会留在这里供你查看。",
    over_no_next_game_help_bots: "没有玩家要再来一场（机器人不会自己开始新的一场），本桌已关闭。结果会留在这里供你查看。",
    over_games_played: { 1: "本桌的一场已经打完。", other: "{n} 场已全部打完。" },
    over_games_played_help: "本桌的比赛已经打完并关闭。感谢参与！结果会留在这里供你查看。",
    // -- words (#15 item 5)
    list_sep: "、",
    sentence_sep: "",
    first_lost_mine_left: "你名列第一，但你中途离开了：按输一场计",
    first_lost_left: "{name} 名列第一，但中途离开了：按输一场计",
    first_lost_left_stayed: "{name} 名列第一，但中途离开了：按输一场计。这场对你也按输一场计：机器人替 {name} 打完的座位排在你前面",
    first_shared_you: "并列第一：你和 {names}。",
    first_shared: "并列第一：{names}。",
    shared_lost_mine_left: "你中途离开了：按输一场计。",
    shared_lost_left: "{name} 中途离开了：按输一场计。",
    sentence_sep: "",
    sibala_hand: "{name} {value}",
    sibala_win: "{names} 胜，{hand}",
    sibala_win_you: "你胜，{hand}",
    sibala_tie: "{names} 平手，{hand}——各算赢一局",
    sibala_tie_you: "{names} 平手，{hand}——各算赢一局", // {names}：“你和 Bo”（winnersSaid）
    sibala_tie_all: "全体平局——每位玩家各算赢一局",
    name_bad_empty: "请输入名字：名字不能为空，也不能只有空格。",
    name_bad_length: "名字长度为 1 到 {max} 个字符。",
    name_bad_page_word: "“{name}”读起来像页面自己的用词（座位、机器人或标记），请换一个名字。",
    name_bad_reserved: "“{name}”读起来像机器人的名字：“机器人”这个词（英文写法也一样）留给机器人，请换一个名字。",
    name_bad_bracket: "“{name}”以括号或引号结尾，页面会在名字后面用括号加自己的标注，请换一个名字。",
    name_bad_control: "名字不能包含控制字符或格式字符。",
    name_bad_invisible: "名字至少要有一个看得见的字符。",
    name_bad_hidden: "名字不能包含不显示的字符（隐形标记或空白字母）。",
    name_bad_marks: "名字里同一个字上叠加的附加符号太多，或在字外加了圈或框。",
    name_bad_spelling: "“{name}”用一个字母加元音符号拼出了另一个字母（如 अ + ो 拼成 ओ），Unicode 规定不这样写：看起来像另一个字母，可能像别人的名字。请直接输入那个字母。",
    name_bad_letters: "“{name}”没有字母、数字或图形：只有标点会被当成页面自己的符号（?表示未知，—表示没有）。请加上文字。",
    name_bad_mark: "“{name}”以②这类数字符号结尾，牌桌用这种标记区分同名玩家（如 Ana ②）。请改用普通数字或去掉它。",
    name_bad_script: "“{name}”用了这里不用于名字的文字或像字母的符号，请换一个名字。",
    name_bad_mixed_scripts: "“{name}”混用了不同文字的字母，可能看起来像别人的名字。请只用一种文字（拉丁字母可以和中文、日文或韩文一起用）。",
    name_bad_symbol: "“{name}”在词中或紧挨着词用了符号或标点，可能被看成字母（如圆圈像 o，竖线像 l，括号像 c）。请在符号和文字之间加空格、改用表情符号，或去掉它们。",
    // 聊天消息被拒（bad_text），按原因
    text_bad_empty: "请先输入内容再发送。",
    text_bad_length: "一条聊天消息最多 {max} 个字符。",
    text_bad_control: "聊天消息不能包含控制字符或格式字符。",
    text_bad_invisible: "聊天消息至少要有一个看得见的字符。",
    text_bad_marks: "聊天消息里同一个字上叠加的附加符号太多，或在字外加了圈或框。",
    // item 4: forms that offer only what can be; refusals in plain words
    bots_no_coins: "金币桌的座位不由机器人补上（这里输赢金币）：只由真人来玩。",
    start_help_bots: "坐满即开始；或在座的每个人都按“立即开始”，空位由机器人补上。",
    start_help_people: "坐满即开始；或在座的每个人都按“立即开始”，至少需要 {n} 名玩家。",
    start_help_no_bots: "这张牌桌开桌时未允许机器人。",
    start_help_coins: "此桌涉及金币，空座不会由机器人补上：只由真人来玩。",
    start_needs: "至少需要 {n} 名玩家入座才能开始（现在 {k} 名），请等待其他玩家。",
    err_other: "操作未成功，请稍后再试。",
    err_disconnected: "未连接到大厅，请等待连接恢复。",
    err_timeout: "大厅没有及时回应，请重试。",
    err_bad_frame: "页面发送了大厅无法读取的内容，请刷新页面。",
    err_bad_message: "页面发送了大厅无法读取的请求，请刷新页面。",
    err_protocol_version: "大厅已更新，请刷新页面。",
    err_not_signed_in: "请先登录。",
    err_bad_name: "名字长度为 1 到 {max} 个字符。",
    err_bad_token: "登录已过期，请重新登录。",
    err_unknown_game: "没有这个游戏。",
    err_bad_options: "有些设置不允许：请检查座位数、每步时限和游戏选项。",
    err_turn_ms: "每步时限须在 {lo} 到 {hi} 秒之间：再快没有人来得及。",
    err_no_such_table: "牌桌不存在（或已过期）。",
    err_table_full: "这张牌桌已坐满。",
    err_table_full_seat_taken: "这个座位刚被别人坐了，请选另一个。",
    err_table_started: "这张牌桌已经开始了。",
    err_table_finished: "这一场已经结束了。",
    err_too_few_players: "玩家还不够，暂时不能开始，请等待其他玩家。",
    err_already_seated: "你的金币已在另一张牌桌上押着，请先在那里打完。",
    err_not_seated: "你在这张牌桌没有座位。",
    err_not_your_turn: "还没轮到你。",
    err_turn_over: "太迟了：这一步已经过去。",
    err_bad_move: "大厅无法读取这一步。",
    err_illegal_move: "规则现在不允许这一步。",
    err_insufficient_coins: "你的金币不够坐这张牌桌。",
    err_too_many_tables: "你开的牌桌太多了，请先离开或关闭一张。",
    err_rate_limited: "发送太频繁，请稍后再试。",
    err_chat_busy: "聊天太忙，请稍后再试。",
    err_bad_text: "一条聊天消息为 1 到 {max} 个看得见的字符。",
    err_unknown_move: "这个游戏没有这一步。",
    err_not_your_seat: "只有该座位的玩家可以查看。",
    err_busy: "大厅繁忙，请稍后再试。",
    err_internal: "大厅出了点问题，请重试。",
    // item 6: tables by name
    table_of: "{name} 的牌桌",
    table_id_tip: "牌桌编号 {id}",
    // item 8: the rules dialog
    rules: "规则",
    rules_loading: "正在载入规则…",
    close: "关闭",

    // -- #15 新用户走查（p15）：机器人用各语言自己的说法
    bot_name: "{name}（机器人）",
    // 账号、等级分、排行榜与个人主页（issue #16）
    acct_have_account: "我有账号",
    acct_password: "密码",
    acct_new_password: "设置密码",
    acct_claim_link: "保留此玩家",
    acct_account: "账号",
    acct_claim_title: "设置密码，保留此玩家",
    acct_claim_help: "你的名字、金币、战绩和座位将成为一个账号：在任何设备上用名字和密码登录。",
    acct_claim: "保存密码",
    acct_signed_in_as: "已登录：{name}",
    acct_my_profile: "我的主页",
    acct_sessions: "已登录的设备",
    acct_session_since: "登录于 {when}",
    acct_this_device: "本设备",
    acct_sign_out: "退出登录",
    acct_sign_out_everywhere: "在所有设备上退出",
    acct_everywhere_ask: "在所有设备上退出登录（包括本设备）？之后可用名字和密码再次登录。",
    acct_everywhere_waiting: "尚未开始的牌桌上的座位，若你 {s} 秒内没有再次登录，就会被让出。",
    acct_everywhere_running: "正在进行的比赛中，你的回合会超时；连续超时 {n} 次后由机器人代你出手，直到你回来。",
    acct_everywhere_running_no_bot: "正在进行的比赛中，你的回合会一直超时，直到你回来。",
    err_bad_credentials: "名字或密码错误。",
    err_name_taken: "这个名字（或看起来相同的名字）已属于另一个账号。",
    err_already_claimed: "此玩家已经是账号。",
    acct_rate_limited: "尝试次数过多，请过几分钟再试。",
    err_no_such_player: "没有这个玩家。",
    acct_pw_length: "密码需要 {lo} 到 {hi} 个字符。",
    acct_pw_distinct: "密码至少需要 {n} 个不同的字符。",
    acct_pw_name: "密码不能包含你的名字。",
    err_weak_password: "这个密码不被接受。",
    err_not_claimed: "此玩家还没有账号：请先设置密码保留它。",
    err_no_such_session: "该会话已经结束。",
    rating_change: "{name} 的等级分 {rating}（{delta}）",
    lb_link: "排行榜",
    lb_title: "排行榜：{game}",
    lb_back_to_game: "← 返回游戏",
    lb_your_place: "你的名次：第 {rank} 名，等级分 {rating}",
    lb_not_ranked: "你还不在此排行榜上：和另一位玩家把一场比赛玩到结束吧（对方中途离开的比赛不给留下的一方计等级分）。",
    lb_empty: "此游戏还没有人有等级分。",
    lb_player: "玩家",
    lb_rating: "等级分",
    lb_prev: "← 更前",
    lb_next: "更多 →",
    lb_page: "第 {n} 页，共 {of} 页",
    pf_rank: "名次",
    pf_rated: "计等级分",
    pf_account: "账号",
    pf_recent: "最近的比赛",
    arenas: "竞技场",
    arenas_help: "在设定时间内自动进行的锦标赛：加入后就开始玩，每场结束后会再为你配对。按名次得分，连胜时翻倍。",
    arenas_none: "目前没有公开的竞技场。",
    arena_name: "{game}竞技场",
    arena_days: "{d} 天 {h} 小时",
    arena_starts_in: "{time} 后开始",
    arena_ends_in: "{time} 后结束",
    arena_ending: "已到结束时间：进行中的 {n} 场照样计分",
    arena_finished: "已结束",
    arena_players: "{n} 名玩家",
    arena_playing: "{n} 场进行中",
    arena_length: "{n} 分钟",
    arena_by: "{name} 创建",
    arena_scheduled: "大厅定时举办",
    arena_private: "私人",
    arena_create: "创建竞技场",
    arena_create_claim: "为此玩家设置密码保留后，才能创建竞技场。",
    arena_game: "游戏",
    arena_start_field: "几分钟后开始（0：立即）",
    arena_minutes_field: "时长（分钟）",
    arena_create_btn: "创建竞技场",
    arena_private_field: "私人（不公开，分享链接）",
    arena_back: "← 游戏和竞技场",
    arena_join: "加入竞技场",
    arena_resume: "继续",
    arena_pause: "暂停",
    arena_withdraw: "退出",
    arena_me_out: "你还没有加入。",
    arena_me_before: "你已加入：开始后配对。",
    arena_me_waiting: "正在等待对手……",
    arena_me_paused: "已暂停：继续之前不会为你配对。",
    arena_me_playing: "你正在下这个竞技场的一场。",
    arena_me_over: "这个竞技场已结束。",
    arena_to_game: "去你的牌桌",
    arena_featured: "观看领先者的比赛",
    arena_standings: "排名",
    arena_col_rank: "名次",
    arena_col_player: "玩家",
    arena_col_points: "积分",
    arena_col_games: "场数",
    arena_col_sheet: "每场得分",
    arena_streak: "连胜中：积分翻倍",
    arena_podium: "领奖台",
    arena_points: "{n} 分",
    arena_pause_mark: "暂停中",
    arena_nobody: "还没有人加入。",
    arena_settings: "每桌 {seats} 个座位 · 每步 {turn} 秒",
    arena_rules: "每桌按名次计分（{points}），连胜两场后积分翻倍；中途离开这一场得 0 分。",
    arena_points_two: "两个座位：胜 2 分，平 1 分，负 0 分",
    arena_points_many: "{n} 个座位，从第一名到最后一名：{points}；名次并列者平分",
    table_arena: "竞技场比赛：{name}",
    table_arena_back: "返回竞技场",
    table_arena_next: "你的下一场竞技场比赛已就绪：",
    table_arena_next_in: "（{s} 秒后自动进入）",
    pf_arenas: "竞技场",
    pf_arenas_line: "参加 {n} 次 · 最佳名次：{rank}",
    pf_arena_place: "第 {rank} 名，共 {players} 人",
    err_no_such_arena: "没有这个竞技场（或者它早已结束）。",
    err_arena_over: "这个竞技场已结束，现在不能加入。",
    err_too_many_arenas: "你有 {max} 个竞技场还没结束：请等其中一个结束。",
    err_arena_minutes: "竞技场时长为 {lo} 到 {hi} 分钟。",
    err_arena_start: "竞技场须立即开始，或在 7 天之内开始。",
    err_arena_coins: "竞技场只比积分：请选择不涉及金币的选项。",
    pf_result_won: "胜",
    pf_result_lost: "负",
    pf_result_left: "中途离开",
    pf_result_escaped: "逃跑",
    pf_record: "战绩",

    // issue #16 后续：退出推送、账号名字、显示的等级分、账号表单
    signed_out_notice: "你已退出登录（此会话已在本设备或另一台设备上结束）。可以以游客身份继续，或重新登录。",
    err_signed_out: "你已退出登录。",
    name_bad_taken: "这个名字（或看起来相同的名字）属于一个账号：请换一个，或登录该账号。",
    guest_mark: "游客",
    rating_provisional: "暂定：比赛场数还少",
    rating_provisional_note: "标有 ? 的是暂定等级分：最初几场里变化大、逐渐稳定，所以赢一场的涨幅可能大于输一场的跌幅。",
    rating_rose_tie_note: "平手也涨分（{names}）？每多下一场，等级分就更可靠，显示的分数也随之上升，暂定（?）时尤其明显：平手可以让每位玩家都涨分。",
    rating_rose_loss_note: "没赢也涨分（{names}）？每多下一场，等级分就更可靠，显示的分数也随之上升，暂定（?）时尤其明显；名次排在别人前面也会加分。",
    rating_not_rated: "不计等级分：至少两名真人玩家的比赛才计入。",
    rating_unrated_seat: "{name} 不计等级分：坚持到最后的真人玩家不足两名",
    rating_unrated_after_leave: "{name} 不计等级分：{names} 中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
    rating_change_left: "{name} 中途离开：按输一场计。等级分 {rating}（{delta}）",
    rating_change_mine: "你的等级分 {rating}（{delta}）",
    rating_change_left_mine: "你中途离开：按输一场计。等级分 {rating}（{delta}）",
    rating_unrated_seat_mine: "你不计等级分：坚持到最后的真人玩家不足两名",
    rating_unrated_after_leave_mine: "你不计等级分：{names} 中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
    rating_unrated_after_leave_you: "{name} 不计等级分，因为你中途离开了：坚持到最后的真人玩家不足两名。离开只扣你本人的等级分，别人不因此加分。",
    rating_unrated_after_leave_you_and: "{name} 不计等级分：{names} 中途离开，坚持到最后的真人玩家不足两名。离开只扣你们本人的等级分，别人不因此加分。",
    err_details: "详情",
    err_code: "错误代码：{code}",
    err_code_figures: "{code}（{text}）",
    err_fig_need: "这张牌桌需要 {a} 金币",
    err_fig_need_have: "这张牌桌需要 {a} 金币，你有 {b}",
    err_insufficient_coins_figures: "这张牌桌需要 {need} 金币，你只有 {have}。",
    coins_short: "需要 {need} 金币，你有 {have}",
    open_coins_short: "这张牌桌需要 {need} 金币，你有 {have}：请降低底注或局数。",
    opt_doc_rounds: "一场比赛的局数",
    opt_doc_stake: "每局每位玩家放进彩池的金币",
    opt_doc_tier: "牌桌场次：底注、本轮最大注和每手最大注；普通场和训练场不涉及金币",
    opt_doc_end_threshold: "某位玩家的总分超过这个分数的那一轮结束后，游戏结束",
    stake_coins: "底注 {n} 金币",
    stake_tier: "场次：{tier}，底注 {ante}",
    stake_tier_chips: "场次：{tier}，底注 {ante} 娱乐筹码",
    stake_needs: "入座需要 {n} 金币",
    tier_hint_chips: "底注 {ante}，每手最多 {max}，使用娱乐筹码：不动金币。",
    tier_hint_coins: "底注 {ante}，每手最多 {max}，使用金币：入座需要 {n} 金币。",
    start_vote_you: "{names} 想开始：按“立即开始”参加这一场；否则 {s} 秒后游戏不等你开始，你的座位会让出。",
    start_vote_waiting: "你已按“立即开始”。正在等 {names}：{s} 秒后，没按的人让出座位。",
    start_vote_watch: "{names} 想开始：{s} 秒后，在座没按“立即开始”的人让出座位。",
    names_and: "和",
    names_comma: "、",
    acct_pw_policy: "{min} 到 {max} 个字符，至少 {distinct} 个不同的字符，不能包含你的名字。",
    acct_pw_type: "密码必须是文字。",
    acct_device_unknown: "未知设备",
    acct_device: "{os} 上的 {browser}",
    acct_last_seen: "最近使用 {when}",

    // #15 新用户复查（p15c）：十六进制编号和哈希换成玩家的话
    fair_title: "公平校验",
    fair_sep: "：",
    fair_sealed: "本场的骰子和牌已封存",
    fair_ok: "✓ 未被改动",
    fair_bad: "✗ 种子与指纹不一致",
    fair_help: "一场的每颗骰子、每张牌都来自一个秘密种子。第一步之前，服务器先公布它的指纹（SHA-256 哈希），之后便无法更换种子；一场结束时公开种子，你的浏览器核对它的指纹，回放也用它重演整场。",
    fair_hash: "指纹（SHA-256）",
    fair_seed: "种子",
    table_opened: "{time} 开桌",

    // -- 牌桌页面（#15 新用户复查，p15b）：没有“再来一场”按钮的人看到的话、牌桌不存在
    next_title_watching: "本场结束——玩家们在决定是否再来一场",
    next_help_watching: "在座的玩家正在决定是否再来一场。可以留下继续观看：下一场开始后会显示在这里。",
    gone_title: "没有这张牌桌",
    gone_help: "链接可能已经过期：牌桌在最后一场结束后一段时间会关闭。选一个游戏，找一张牌桌或开一张新桌。",
    gone_back: "返回大厅",
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
  if (typeof navigator === "undefined") return "en"; // Node's test runner
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("zh") ? "zh" : "en";
}

let lang = initial();
const listeners = new Set();

export function getLang() {
  return lang;
}

/** The BCP 47 locale of the page's language, for dates and times
 * (`toLocaleString`): a 中文 page never shows "12/1/2026, 6:24 PM". */
export function dateLocale() {
  return lang === "zh" ? "zh-CN" : "en";
}

export function setLang(next) {
  if (!TEXTS[next] || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch (e) {
    /* storage disabled */
  }
  markPageLang();
  for (const fn of listeners) fn(lang);
}

export function toggleLang() {
  setLang(lang === "en" ? "zh" : "en");
}

export function onLangChange(fn) {
  listeners.add(fn);
}

const PLURALS = new Map();
/** A CJK character (Han, kana, hangul, CJK and full-width punctuation). */
const CJK = /^[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]$/u;

// a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and
// their presentation forms)
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/** `value` (a name, a filled-in value) isolated from the text around it
 * (U+2068 FSI … U+2069 PDI) when it holds a right-to-left letter: else
 * an Arabic name and the comma and number after it are drawn in the wrong
 * order ("Winner: 1 ,بَ round won").  A value of left-to-right letters
 * only is returned as it is. */
export function isolated(value) {
  return RTL.test(value) && !value.startsWith("\u2068") ? `\u2068${value}\u2069` : value;
}

/** `text` (a string, or a count's forms {count: the param counted ("n"
 * unless named), "1" etc.: an exact count's, one, other: the plural
 * categories of Intl.PluralRules} in language `language`) with its {name}
 * placeholders filled from `params`; a text with forms takes the count's.
 * In Chinese a value ending in a full-width bracket ("Mei（托管）") takes no
 * space after it ("{name} 掷出" → "Mei（托管）掷出"), and a space between a
 * value and the text beside it goes where both sides are CJK ("{name} 的牌桌"
 * → "李雷的牌桌", "Bob 的牌桌"). */
export function fillText(text, params, language = lang) {
  if (text && typeof text === "object") {
    const n = Number(params ? params[text.count || "n"] : NaN);
    if (!PLURALS.has(language)) PLURALS.set(language, new Intl.PluralRules(language === "zh" ? "zh-CN" : language));
    text = text[String(n)] ?? text[PLURALS.get(language).select(n)] ?? text.other;
  }
  if (params) {
    const template = text;
    // 中文: a space between a filled-in value and the text beside it only
    // where one side is not CJK ("Bob 的牌桌", "李雷的牌桌", "付给小明 1000")
    const tight = (a, b) => language === "zh" && CJK.test(a || "") && CJK.test(b || "");
    text = template.replace(/( ?)\{(\w+)\}( ?)/g, (m, before, name, after, at) => {
      if (!(name in params)) return m;
      const value = isolated(String(params[name]));
      const next = template[at + m.length];
      const lead = before && tight(template[at - 1], value[0]) ? "" : before;
      const tail = after && (tight(value[value.length - 1], next) || (language === "zh" && value.endsWith("）"))) ? "" : after;
      return lead + value + tail;
    });
  }
  return text;
}

/** The text key of a refusal with error code `code` and `reason` (or
 * none): `err_<code>_<reason>` where the page words that reason
 * ("err_table_full_seat_taken"), else `err_<code>`. */
export function errorKey(code, reason) {
  const specific = `err_${code}_${reason}`;
  return reason && specific in TEXTS.en ? specific : `err_${code}`;
}

/** The UI text `key` in the current language, with {name} placeholders
 * filled (and a count's form chosen: fillText). */
export function t(key, params) {
  const table = TEXTS[lang] || TEXTS.en;
  const found = key in table;
  return fillText(found ? table[key] : key in TEXTS.en ? TEXTS.en[key] : key, params, found ? lang : "en");
}

/** Names `names` as one phrase of the page's language ("Ann", "Ann and
 * Bo", "Ann, Bo and Cy"; 小明、小红和阿强; in Chinese "和" is spaced from a
 * name that is not CJK, as fillText spaces a value: "你和 Bob", "Bob 和小明"). */
export function namesList(names) {
  names = names.map(isolated);
  if (names.length < 2) return names.join("");
  const head = names.slice(0, -1).join(t("names_comma"));
  const last = names[names.length - 1];
  if (lang !== "zh") return head + t("names_and") + last;
  const before = CJK.test(head[head.length - 1]) || head.endsWith("）") ? "" : " ";
  const after = CJK.test(last[0]) ? "" : " ";
  return head + before + t("names_and") + after + last;
}

/** A server-given name in every language ({en, zh}: a game's title, an
 * option's label) in the current language, else `fallback`. */
export function localized(names, fallback) {
  const all = names || {};
  return all[lang] || all.en || Object.values(all)[0] || fallback;
}

/** A number as every page writes it: a negative one with the minus sign
 * U+2212 ("−5"), never a hyphen-minus. */
export function num(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** A change (coins, chips, rating, score) with its sign: "+37", "−200",
 * and `zero` for 0 ("0"; ratings say "±0"). */
export function signed(n, zero = "0") {
  return n > 0 ? `+${n}` : n < 0 ? num(n) : zero;
}

/** A game's title from welcome.games[].title ({en, zh}) in the current language. */
export function gameTitle(game) {
  if (!game) return "";
  return localized(game.title, game.id);
}

/** The line naming the rules a game plays where they differ from the boxed
 * game (its `variant`, e.g. Yahtzee's kata rules) in the page's language;
 * "" for a game that has none. */
export function gameVariant(game) {
  return (game && localized(game.variant, "")) || "";
}

/** Sets <html lang> to the page's language; nothing without a page (Node). */
function markPageLang() {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
}

markPageLang();
